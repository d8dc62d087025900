// Calls the variants from omp simd loops (masked ones under a condition)
// and compares every element with the scalar reference built without any
// vectorization (exit-counters.c compiled again with -DREF, renamed).
#include <stdio.h>
#include "exit-counters.h"
int ref_escape(float, float, int);
long ref_down(long, long);
int ref_wrap(int, unsigned char);
double ref_twoc(const double *, long, int);
float ref_relax(float, int);

#define N 203
static float cr[N], ci[N];
static long lx[N];
static int iv[N];
static double a[256];
static int oe[N];
static long od[N];
static int ow[N];
static double ot[N];
static float rx[N], orx[N];

int main(void) {
  for (int k = 0; k < N; k++) {
    cr[k] = -2.0f + 2.5f * (float)k / N;
    ci[k] = -1.0f + (float)((k * 37) % N) / N * 2.0f;
    lx[k] = (k * 7919) % 1009;
    iv[k] = k * 13 - 700;
    // Below 0.5 the else side runs (and may cross over); far below, the
    // value runs away past -1000 or stays; above, the then side.
    rx[k] = (float)((k * 29) % 97) - 48.0f + (float)(k % 5) * 0.125f;
  }
  for (int k = 0; k < 256; k++)
    a[k] = (double)((k * 31) % 17) - 3.0;
  int bad = 0;
  int maxits[] = {0, 1, 7, 64, 255};
  long starts[] = {-2, 0, 1, 2, 3, 100, 301};
  unsigned char stops[] = {250, 251, 255, 0, 4, 249};
  long ns[] = {0, 1, 9, 300};
  for (int t = 0; t < 5; t++) {
    int mi = maxits[t];
#pragma omp simd
    for (int k = 0; k < N; k++)
      oe[k] = escape(cr[k], ci[k], mi);
    for (int k = 0; k < N; k++)
      bad += oe[k] != ref_escape(cr[k], ci[k], maxits[t]);
#pragma omp simd
    for (int k = 0; k < N; k++)
      if (k % 3)
        oe[k] = escape(cr[k], ci[k], mi);
    for (int k = 0; k < N; k++)
      bad += (k % 3) && oe[k] != ref_escape(cr[k], ci[k], maxits[t]);
  }
  for (int t = 0; t < 7; t++) {
    long st = starts[t];
#pragma omp simd
    for (int k = 0; k < N; k++)
      od[k] = down(lx[k], st);
    for (int k = 0; k < N; k++)
      bad += od[k] != ref_down(lx[k], starts[t]);
  }
  for (int t = 0; t < 6; t++) {
    unsigned char sp = stops[t];
#pragma omp simd
    for (int k = 0; k < N; k++)
      ow[k] = wrap(iv[k], sp);
    for (int k = 0; k < N; k++)
      bad += ow[k] != ref_wrap(iv[k], stops[t]);
  }
  for (int t = 0; t < 4; t++) {
    long n = ns[t];
#pragma omp simd
    for (int k = 0; k < N; k++)
      ot[k] = twoc(a, n, k);
    for (int k = 0; k < N; k++)
      bad += ot[k] != ref_twoc(a, ns[t], k);
  }
  for (int t = 0; t < 5; t++) {
    int mi = maxits[t];
#pragma omp simd
    for (int k = 0; k < N; k++)
      orx[k] = relax(rx[k], mi);
    for (int k = 0; k < N; k++)
      bad += orx[k] != ref_relax(rx[k], maxits[t]);
#pragma omp simd
    for (int k = 0; k < N; k++)
      if (k % 4)
        orx[k] = relax(rx[k], mi);
    for (int k = 0; k < N; k++)
      bad += (k % 4) && orx[k] != ref_relax(rx[k], maxits[t]);
  }
  printf("mismatches: %d\n", bad);
  return 0;
}
