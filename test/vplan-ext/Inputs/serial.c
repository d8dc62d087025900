#include "serial.h"
#include <stdio.h>
#include <string.h>

/* printf under a divergent condition: each lane that prints does so in lane
 * order, so the output equals the scalar program's. */
#pragma omp declare simd notinbranch
float logged(float x) {
  float y = x * 2.0f + 1.0f;
  if (y > 3.0f)
    printf("logged %g -> %g\n", x, y);
  return y * y;
}

/* A call to a function of another file (no variant, unknown effects). */
#pragma omp declare simd notinbranch
int via_ext(int x) {
  int a = x * 3 + 1;
  int b = ext_mix(a);
  return b ^ (a >> 2);
}

/* Masked: inactive lanes must not print. */
#pragma omp declare simd inbranch
float masked_log(float x) {
  printf("masked %g\n", x);
  return x + 0.5f;
}

/* A logging call inside a divergent loop: the lanes would interleave their
 * calls, so the loop is not cut (the variant stays a scalar lane loop). */
#pragma omp declare simd notinbranch
int loop_logs(int n) {
  int s = 0;
  for (int i = 0; i < (n & 3); i++) {
    printf("loop_logs %d %d\n", n, i);
    s += i;
  }
  return s;
}

/* A pure call without a variant inside a divergent loop: the loop is cut and
 * the call runs lane by lane inside the "while any lane is active" loop. */
#pragma omp declare simd notinbranch
int loop_pure(int n) {
  int s = 0;
  for (int i = 0; i < (n & 7); i++)
    s += ext_pure(i + n);
  return s;
}

/* The same in a divergent loop that reads its row with lockstep access
 * (t[j * n + r], r linear): the lane-stepped copy of the loop runs its own
 * copy of the call lane by lane. */
#pragma omp declare simd uniform(t, n) linear(r : 1) notinbranch
int pure_rows(const int *t, int n, int r) {
  int s = 0;
  for (int j = 0; j < (t[r] & 7); j++)
    s += ext_pure(t[j * n + r]);
  return s;
}

/* memset and memcpy are the lane's own writes, which the vectorizer cannot
 * widen: each runs lane by lane, the arithmetic around them is vectorized. */
#pragma omp declare simd uniform(buf, src) linear(i : 1) notinbranch
int copy_mix(int *buf, const int *src, int i, int x) {
  memset(buf + i * 8, 0, 4 * sizeof(int));
  memcpy(buf + i * 8 + 4, src + i, 4 * sizeof(int));
  return x * 3 + (x >> 2) - i;
}
