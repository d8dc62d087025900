/* gcc-built caller: omp simd loops over the declare-simd functions, with a
 * remainder (N is not a multiple of any VL), checked against scalar calls
 * made through volatile function pointers (never vectorized). */
#include "callee.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#define N 1003
static float fa[N], fb[N], fr[N];
static double da[N], dr[N];
static int ia[N], ir[N], out[N];
static long la[N], lr[N];
static int sb[N];

static float (*volatile s_axpb)(float, float) = axpb;
static float (*volatile s_branchy)(float, float) = branchy;
static int (*volatile s_collatz)(int) = collatz_step;
static double (*volatile s_dscale)(double, double) = dscale;
static float (*volatile s_dowork)(float *, int) = dowork;
static void (*volatile s_store)(int *, int) = store_sq;
static long (*volatile s_lmix)(long, int) = lmix;
static float (*volatile s_recip)(float) = recip;
static void (*volatile s_cond_store)(int *, int, int) = cond_store;
static float (*volatile s_pairsum)(const float *) = pairsum;
static int (*volatile s_rev_at)(const int *, int) = rev_at;
static float (*volatile s_s32)(float) = s32;
static float fpairs[2 * N];

static int same_f(float a, float b) { return memcmp(&a, &b, sizeof a) == 0; }
static int same_d(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

int main(void) {
  unsigned seed = 12345;
  for (int i = 0; i < N; ++i) {
    seed = seed * 1103515245u + 12345u;
    fa[i] = (float)((int)(seed >> 8) % 2000 - 1000) / 7.0f;
    fb[i] = (float)((int)(seed >> 12) % 2000 - 1000) / 13.0f;
    da[i] = fa[i] * 1.5;
    ia[i] = (int)(seed >> 4) % 100000 - 50000;
    la[i] = (long)ia[i] * 40000;
    sb[i] = (short)(seed >> 3);
  }
  fa[0] = NAN; fa[1] = -0.0f; fa[2] = INFINITY; fb[3] = -INFINITY;
  ia[4] = -2147483647 - 1; ia[5] = 2147483647;
  int bad = 0;

#pragma omp simd
  for (int i = 0; i < N; ++i) fr[i] = axpb(fa[i], fb[i]);
  for (int i = 0; i < N; ++i) bad += !same_f(fr[i], s_axpb(fa[i], fb[i]));
#pragma omp simd
  for (int i = 0; i < N; ++i) fr[i] = branchy(fa[i], fb[i]);
  for (int i = 0; i < N; ++i) bad += !same_f(fr[i], s_branchy(fa[i], fb[i]));
#pragma omp simd
  for (int i = 0; i < N; ++i) ir[i] = collatz_step(ia[i]);
  for (int i = 0; i < N; ++i) bad += ir[i] != s_collatz(ia[i]);
#pragma omp simd
  for (int i = 0; i < N; ++i) dr[i] = dscale(da[i], 0.75);
  for (int i = 0; i < N; ++i) bad += !same_d(dr[i], s_dscale(da[i], 0.75));
#pragma omp simd
  for (int i = 0; i < N - 16; ++i) fr[i] = dowork(fa, i);
  for (int i = 0; i < N - 16; ++i) bad += !same_f(fr[i], s_dowork(fa, i));
#pragma omp simd
  for (int i = 0; i < N; ++i) store_sq(&out[i], ia[i] % 40000);
  for (int i = 0; i < N; ++i) { int e; s_store(&e, ia[i] % 40000); bad += out[i] != e; }
#pragma omp simd
  for (int i = 0; i < N; ++i) lr[i] = lmix(la[i], sb[i]);
  for (int i = 0; i < N; ++i) bad += lr[i] != s_lmix(la[i], sb[i]);

  /* Conditional calls: masked variants; inactive lanes must not store. */
#pragma omp simd
  for (int i = 0; i < N; ++i) fr[i] = fa[i] != 0.0f ? recip(fa[i]) : -1.0f;
  for (int i = 0; i < N; ++i)
    bad += !same_f(fr[i], fa[i] != 0.0f ? s_recip(fa[i]) : -1.0f);
  for (int i = 0; i < N; ++i) out[i] = 0x5a5a5a5a;
#pragma omp simd
  for (int i = 0; i < N; ++i)
    if (ia[i] & 1) cond_store(&out[i], ia[i], 3);
  for (int i = 0; i < N; ++i) {
    int e = 0x5a5a5a5a;
    if (ia[i] & 1) s_cond_store(&e, ia[i], 3);
    bad += out[i] != e;
  }
  /* Linear steps other than 1: pointer stride 2 elements, index step -1. */
  for (int i = 0; i < 2 * N; ++i) fpairs[i] = fa[i % N] * (i & 1 ? 2.0f : 1.0f);
#pragma omp simd
  for (int i = 0; i < N; ++i) fr[i] = pairsum(&fpairs[2 * i]);
  for (int i = 0; i < N; ++i) bad += !same_f(fr[i], s_pairsum(&fpairs[2 * i]));
#pragma omp simd
  for (int i = 0; i < N; ++i) ir[i] = rev_at(ia, N - 1 - i);
  for (int i = 0; i < N; ++i) bad += ir[i] != s_rev_at(ia, N - 1 - i);
  /* simdlen(32): several registers per argument on every ISA. */
#pragma omp simd simdlen(32)
  for (int i = 0; i < N; ++i) fr[i] = s32(fa[i]);
  for (int i = 0; i < N; ++i) bad += !same_f(fr[i], s_s32(fa[i]));

  printf("mismatches: %d\n", bad);
  return bad != 0;
}
