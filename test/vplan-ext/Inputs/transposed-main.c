// Calls transposed.c's variants from omp simd loops over N rows (no
// multiple of any VF) at row lengths around and between the block sizes,
// and compares every result with the scalar reference (gcc -O0).
#include <stdio.h>
#include <string.h>
#include "transposed.h"
float ref_rowdot(const float *, const float *, int, int);
double ref_rowdotd(const double *, const double *, int, int);
int ref_rowsum16(const short *, int, int);
int ref_rowmaxu8(const unsigned char *, int, int);
float ref_rowcapped(const float *, int, int, int);
float ref_rowrange(const float *, int, int, int, int);
float ref_ptrsum(const float *, int);
int ref_rowne(const long *, int, unsigned);
float ref_rowdotm(const float *, const float *, int, int);

#define N 203
#define MAXLEN 100
static float fa[N * MAXLEN], fx[MAXLEN], of[N];
static double da[N * MAXLEN], dx[MAXLEN], od[N];
static short sa[N * MAXLEN];
static unsigned char ua[N * MAXLEN];
static long la[N * MAXLEN];
static int oi[N];
static const float *rows[N];

static int same(const void *a, const void *b, size_t n) {
  return memcmp(a, b, n) == 0;
}

int main(void) {
  for (int k = 0; k < N * MAXLEN; k++) {
    fa[k] = (float)((k * 37) % 101) * 0.125f - 6.0f;
    da[k] = (double)((k * 53) % 97) * 0.0625 - 3.0;
    sa[k] = (short)((k * 7919) % 65536 - 32768);
    ua[k] = (unsigned char)((k * 131) % 256);
    la[k] = (long)((k * 2654435761u) % 100003) - 50000;
  }
  for (int k = 0; k < MAXLEN; k++) {
    fx[k] = (float)(k % 7) * 0.5f - 1.0f;
    dx[k] = (double)(k % 5) * 0.25 - 0.5;
  }
  int bad = 0;
  int lens[] = {0, 1, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33, 64, 100};
  for (unsigned t = 0; t < sizeof lens / sizeof *lens; t++) {
    int n = lens[t];
#pragma omp simd
    for (int k = 0; k < N; k++)
      of[k] = rowdot(fa, fx, k, n);
    for (int k = 0; k < N; k++) {
      float w = ref_rowdot(fa, fx, k, n);
      bad += !same(&of[k], &w, sizeof w);
    }
#pragma omp simd
    for (int k = 0; k < N; k++)
      od[k] = rowdotd(da, dx, k, n);
    for (int k = 0; k < N; k++) {
      double w = ref_rowdotd(da, dx, k, n);
      bad += !same(&od[k], &w, sizeof w);
    }
#pragma omp simd
    for (int k = 0; k < N; k++)
      oi[k] = rowsum16(sa, k, n);
    for (int k = 0; k < N; k++)
      bad += oi[k] != ref_rowsum16(sa, k, n);
#pragma omp simd
    for (int k = 0; k < N; k++)
      oi[k] = rowmaxu8(ua, k, n);
    for (int k = 0; k < N; k++)
      bad += oi[k] != ref_rowmaxu8(ua, k, n);
    int caps[] = {-1, 0, 5, 8, 13, 40};
    for (int c = 0; c < 6; c++) {
      int m = caps[c];
#pragma omp simd
      for (int k = 0; k < N; k++)
        of[k] = rowcapped(fa, k, n, m);
      for (int k = 0; k < N; k++) {
        float w = ref_rowcapped(fa, k, n, caps[c]);
        bad += !same(&of[k], &w, sizeof w);
      }
    }
    int los[] = {0, 1, 3, 9};
    for (int c = 0; c < 4; c++) {
      int lo = los[c] < n ? los[c] : n, hi = n - c;
#pragma omp simd
      for (int k = 0; k < N; k++)
        of[k] = rowrange(fa, k, n, lo, hi);
      for (int k = 0; k < N; k++) {
        float w = ref_rowrange(fa, k, n, lo, hi);
        bad += !same(&of[k], &w, sizeof w);
      }
    }
    for (int k = 0; k < N; k++)
      rows[k] = fa + (long)((k * 89) % N) * MAXLEN + k % 5;
#pragma omp simd
    for (int k = 0; k < N; k++)
      of[k] = ptrsum(rows[k], n < MAXLEN - 5 ? n : MAXLEN - 5);
    for (int k = 0; k < N; k++) {
      float w = ref_ptrsum(rows[k], n < MAXLEN - 5 ? n : MAXLEN - 5);
      bad += !same(&of[k], &w, sizeof w);
    }
#pragma omp simd
    for (int k = 0; k < N; k++)
      oi[k] = rowne(la, k, (unsigned)n);
    for (int k = 0; k < N; k++)
      bad += oi[k] != ref_rowne(la, k, (unsigned)n);
#pragma omp simd
    for (int k = 0; k < N; k++)
      of[k] = k % 3 ? rowdotm(fa, fx, k, n) : -1.0f;
    for (int k = 0; k < N; k++) {
      float w = k % 3 ? ref_rowdotm(fa, fx, k, n) : -1.0f;
      bad += !same(&of[k], &w, sizeof w);
    }
  }
  printf("mismatches: %d\n", bad);
  return bad != 0;
}
