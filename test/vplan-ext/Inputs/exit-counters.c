// Divergent loops whose exit tests compare a counter with values every
// lane shares: the cut reads such a counter from the round. Counters of
// several widths, steps and starts, counting down, tested with == / != /
// signed and unsigned orders, leaving by the counter or by the data, and
// read after the loop.
#include "exit-counters.h"

#pragma omp declare simd uniform(maxit)
int escape(float cr, float ci, int maxit) {
  float zr = 0, zi = 0;
  int i = 0;
  while (i < maxit && zr * zr + zi * zi < 4.0f) {
    float t = zr * zr - zi * zi + cr;
    zi = 2 * zr * zi + ci;
    zr = t;
    ++i;
  }
  return i;
}

// Counts down by 3 from a shared start; leaves at 0 or when x settles.
#pragma omp declare simd uniform(start)
long down(long x, long start) {
  long k;
  for (k = start; k > 0; k -= 3) {
    x = (x * 7 + k) % 1009;
    if (x < 40)
      break;
  }
  return k * 10000 + x;
}

// A char counter that wraps, tested with !=; the exit value is used.
#pragma omp declare simd uniform(stop)
int wrap(int v, unsigned char stop) {
  unsigned char c = 250;
  int acc = v;
  while (c != stop) {
    acc = acc * 3 + c;
    if ((acc & 63) == 5)
      return -acc;
    c = (unsigned char)(c + 1);
  }
  return acc + c;
}

// Two counters, one read after the loop, a 64-bit bound shared by the lanes.
#pragma omp declare simd uniform(n) linear(i)
double twoc(const double *a, long n, int i) {
  long j = 0;
  int m = 5;
  double s = 0;
  for (; j < n; j++, m += 2) {
    s += a[(i + j) & 255] * m;
    if (s > 40.0 + i)
      break;
  }
  return s + (double)j * 0.5 + m;
}

// A heavy if/else inside the loop: where the plan gives it BOSCC copies
// (AVX, AVX2), the loop gets no steady copy; elsewhere it does.
#pragma omp declare simd uniform(maxit)
float relax(float x, int maxit) {
  float s = x;
  for (int i = 0; i < maxit; i++) {
    if (s > 1000.0f)
      return s * 2.0f + (float)i;
    if (s > 0.5f)
      s = (s * 3.0f + 1.0f) / (s + 2.0f) + (s * s - 1.0f) / (s * 0.25f + 3.0f) +
          s / 7.0f;
    else
      s = s * 1.25f - 0.5f;
  }
  return s;
}
