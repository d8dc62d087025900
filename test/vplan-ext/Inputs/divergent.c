#include "divergent.h"
#include <math.h>

#pragma omp declare simd uniform(maxit) notinbranch
int mandel(float cr, float ci, int maxit) {
  float zr = 0, zi = 0;
  int n = 0;
  while (n < maxit && zr * zr + zi * zi < 4.0f) {
    float t = zr * zr - zi * zi + cr;
    zi = 2.0f * zr * zi + ci;
    zr = t;
    n++;
  }
  return n;
}

#pragma omp declare simd uniform(maxit) notinbranch
int mandel_d(double cr, double ci, int maxit) {
  double zr = 0, zi = 0;
  int n = 0;
  while (n < maxit && zr * zr + zi * zi < 4.0) {
    double t = zr * zr - zi * zi + cr;
    zi = 2.0 * zr * zi + ci;
    zr = t;
    n++;
  }
  return n;
}

#pragma omp declare simd notinbranch
int collatz_len(int n) {
  int c = 0;
  while (n > 1 && c < 1000) {
    n = (n & 1) ? 3 * n + 1 : n / 2;
    c++;
  }
  return c;
}

/* A search with a break: lanes leave at different elements. */
#pragma omp declare simd uniform(a, n) notinbranch
int search(const int *a, int n, int key) {
  int found = -1;
  for (int i = 0; i < n; i++)
    if (a[i] == key) {
      found = i;
      break;
    }
  return found;
}

/* Early return before the loop, a convergence loop with a cap. */
#pragma omp declare simd notinbranch
float newton_sqrt(float x) {
  if (!(x > 0.0f))
    return x == 0.0f ? x : -1.0f;
  float g = x > 1.0f ? x : 1.0f;
  for (int it = 0; it < 60; it++) {
    float n = 0.5f * (g + x / g);
    if (n >= g)
      break;
    g = n;
  }
  return g;
}

/* Nested loops, both with per-lane bounds. */
#pragma omp declare simd notinbranch
int nested(int n, int m) {
  int s = 0;
  for (int i = 0; i < (n & 15); i++)
    for (int j = 0; j < (m & 7) + i; j++)
      s += i * j + 1;
  return s;
}

/* Two loops in sequence. */
#pragma omp declare simd notinbranch
int two_loops(int a) {
  int x = a & 255, c = 0;
  while (x > 3) {
    x -= 3;
    c++;
  }
  int y = c;
  for (int k = 0; k < (a & 7); k++)
    y = y * 3 + x;
  return y;
}

/* A loop under a divergent branch. */
#pragma omp declare simd uniform(k) notinbranch
float loop_in_branch(float x, int k) {
  if (x > 0.0f) {
    for (int i = 0; i < k + (int)(x * 0.01f); i++)
      x = x * 0.5f + 1.0f;
  } else {
    x = -x;
  }
  return x;
}

#pragma omp declare simd notinbranch
int skip_thirds(int n) {
  int s = 0;
  for (int i = 0; i < (n & 63); i++) {
    if (i % 3 == 0)
      continue;
    s += i;
  }
  return s;
}

/* Masked: a loop, then a store through a linear pointer. Inactive lanes
 * must not store. */
#pragma omp declare simd linear(out) inbranch
void fill_sum(int *out, int n) {
  int s = 0;
  for (int i = 0; i <= (n & 31); i++)
    s += i * i;
  *out = s;
}

#pragma omp declare simd notinbranch
int gcd(int a, int b) {
  a = a < 0 ? -(a / 2) : a;
  b = b < 0 ? -(b / 2) : b;
  while (b != 0) {
    int t = a % b;
    a = b;
    b = t;
  }
  return a;
}

#pragma omp declare simd notinbranch
int grow_until(float x, float thr) {
  int c = 0;
  x = x < 0 ? -x : x;
  while (x < thr) {
    x = x * x + 0.1f;
    if (++c > 100)
      break;
  }
  return c;
}

#pragma omp declare simd notinbranch
long popcount_loop(long x) {
  long c = 0;
  while (x) {
    x &= x - 1;
    c++;
  }
  return c;
}

#pragma omp declare simd notinbranch
signed char digits(int n) {
  signed char d = 1;
  unsigned u = n < 0 ? 0u - (unsigned)n : (unsigned)n;
  while (u >= 10) {
    u /= 10;
    d++;
  }
  return d;
}

/* Masked, reads memory in the loop: inactive lanes must not read (the
 * caller puts the table right before an unmapped page). */
#pragma omp declare simd uniform(tab) linear(start) inbranch
int run_length(const float *tab, int start) {
  int k = 0;
  while (k < 8 && tab[start + k] > 0.0f)
    k++;
  return k;
}

/* A uniform inner loop (n-body-like): every lane runs the same iterations,
 * so the loop keeps scalar control and px[j] is one broadcast load. */
#pragma omp declare simd uniform(px, py, n) notinbranch
float force(float x, float y, const float *px, const float *py, int n) {
  float f = 0.0f;
  for (int j = 0; j < n; j++) {
    float dx = px[j] - x, dy = py[j] - y;
    f += 1.0f / sqrtf(dx * dx + dy * dy + 0.01f);
  }
  return f;
}

/* The same loop shape in a masked variant: inactive lanes never enter it,
 * so it is not uniform there and keeps the lane flags. */
#pragma omp declare simd uniform(n) inbranch
int masked_uniform(int a, int n) {
  int s = a;
  for (int j = 0; j < n; j++)
    s = s * 3 + j;
  return s;
}

/* A masked uniform loop that reads through each lane's own index: lanes the
 * mask turns off carry indices far out of bounds (the callers pass them),
 * so a lane that skips the loop must shadow an active lane's reads, never
 * make its own. */
#pragma omp declare simd uniform(tab, n) inbranch
float window_sum(const float *tab, int at, int n) {
  float s = 0.0f;
  for (int j = 0; j < n; j++)
    s += tab[at + j] * (float)(j + 1);
  return s;
}
