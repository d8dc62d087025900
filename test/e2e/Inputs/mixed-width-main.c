/* Every element of the mixed-width loops against the scalar callee called
 * through a volatile pointer, bit for bit. */
#include "../../outside/Inputs/lanecheck.h"
#include "mixed-width.h"

void mw_natural(float *restrict a, const float *restrict b, int n);
void mw_simdlen8(float *restrict a, const float *restrict b, int n);
void mw_float4(float *restrict a, const float *restrict b, int n);
void mw_masked(int *restrict a, const int *restrict b, int n);
void mw_linear(float *restrict a, const double *p, int n);
void mw_quarter(float *restrict a, const float *restrict b, int n);
void mw_wide(float *restrict a, const float *restrict b, int n);

static double (*volatile G)(double) = mw_g;
static float (*volatile H4)(float) = mw_h4;
static long (*volatile Q)(long) = mw_q;
static double (*volatile Lin)(const double *, int) = mw_lin;
static double (*volatile G2)(double) = mw_g2;
static double (*volatile W16)(double) = mw_w16;

static float A[N], B[N];
static int IA[N], IB[N];
static double P[N];

int main(void) {
  for (int i = 0; i < N; ++i) {
    B[i] = (float)((double)(rnd() % 20001) / 100.0 - 100.0);
    /* Zeros in runs and alone: whole slices of inactive lanes too. */
    IB[i] = (i / 8) % 3 == 0 || rnd() % 4 == 0 ? 0 : (int)(rnd() % 2001) - 1000;
    P[i] = (double)(rnd() % 100000) / 7.0;
  }
  mw_natural(A, B, N);
  for (int i = 0; i < N; ++i)
    EXPECT_SAME("natural", i, A[i], (float)G((double)B[i]));
  mw_simdlen8(A, B, N);
  for (int i = 0; i < N; ++i)
    EXPECT_SAME("simdlen8", i, A[i], (float)G((double)B[i]));
  mw_float4(A, B, N);
  for (int i = 0; i < N; ++i)
    EXPECT_SAME("float4", i, A[i], H4(B[i]) + 1.0f);
  for (int i = 0; i < N; ++i)
    IA[i] = -7;
  mw_masked(IA, IB, N);
  for (int i = 0; i < N; ++i)
    EXPECT_SAME("masked", i, IA[i], IB[i] ? (int)Q((long)IB[i]) : -7);
  mw_linear(A, P, N);
  for (int i = 0; i < N; ++i)
    EXPECT_SAME("linear", i, A[i], (float)Lin(P, i));
  mw_quarter(A, B, N);
  for (int i = 0; i < N; ++i)
    EXPECT_SAME("quarter", i, A[i], (float)G2((double)B[i]));
  mw_wide(A, B, N);
  for (int i = 0; i < N; ++i)
    EXPECT_SAME("wide", i, A[i], (float)W16((double)B[i]));
  REPORT();
}
