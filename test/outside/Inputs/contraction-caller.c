#include "contraction.h"
#include "lanecheck.h"
#include <fenv.h>

static float X[N], Y[N], R[N];
static double DX[N], DY[N], DZ[N], DR[N];

int main(void) {
  float (*volatile Fenv)(float, float) = fenv_fma;
  float (*volatile Fast)(float, float) = fast_fma;
  double (*volatile Dot)(double, double, double) = fast_dot;
  for (int I = 0; I < N; ++I) {
    // Products whose fused and unfused sums differ in the last bit.
    X[I] = 1.0f + (float)(rnd() % 100000) * 1e-7f;
    Y[I] = -1.0f / X[I] + (float)(rnd() % 1000) * 1e-9f;
    DX[I] = 1.0 + (double)(rnd() % 100000) * 1e-13;
    DY[I] = 1.0 - (double)(rnd() % 100000) * 1e-13;
    DZ[I] = (double)(rnd() % 1000) * 1e-3;
  }
  static const int Modes[] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD};
  for (int M = 0; M < 3; ++M) {
    fesetround(Modes[M]);
#pragma omp simd
    for (int I = 0; I < N; ++I)
      R[I] = fenv_fma(X[I], Y[I]);
    for (int I = 0; I < N; ++I)
      EXPECT_SAME("fenv_fma", I, R[I], Fenv(X[I], Y[I]));
  }
  fesetround(FE_TONEAREST);
#pragma omp simd
  for (int I = 0; I < N; ++I)
    R[I] = fast_fma(X[I], Y[I]);
  for (int I = 0; I < N; ++I)
    EXPECT_SAME("fast_fma", I, R[I], Fast(X[I], Y[I]));
#pragma omp simd
  for (int I = 0; I < N; ++I)
    DR[I] = fast_dot(DX[I], DY[I], DZ[I]);
  for (int I = 0; I < N; ++I)
    EXPECT_SAME("fast_dot", I, DR[I], Dot(DX[I], DY[I], DZ[I]));
  REPORT();
}
