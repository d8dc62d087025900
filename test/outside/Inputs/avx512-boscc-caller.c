#include "avx512-boscc.h"
#include "lanecheck.h"

static float X[N], Y[N], RF[N];
static short A[N], B[N], RS[N];
static int IA[N], IB[N], RI[N], On[N];

int main(void) {
  float (*volatile Fd)(float, float) = fd;
  short (*volatile Sd)(short, short) = sd;
  int (*volatile Id)(int, int) = id;
  for (int Round = 0; Round < 4; ++Round) {
    for (int I = 0; I < N; ++I) {
      X[I] = (float)(rnd() % 2000) / 37.0f - 20.0f;
      Y[I] = (float)(rnd() % 2000) / 29.0f - 30.0f;
      A[I] = (short)rnd();
      B[I] = Round == 1 ? 0 : (short)(rnd() % 9) - 4;
      IA[I] = (int)rnd();
      IB[I] = (int)rnd();
      On[I] = Round == 2 ? 1 : Round == 3 ? 0 : rnd() % 3 != 0;
    }
#pragma omp simd
    for (int I = 0; I < N; ++I)
      RF[I] = fd(X[I], Y[I]);
#pragma omp simd
    for (int I = 0; I < N; ++I)
      RS[I] = sd(A[I], B[I]);
    for (int I = 0; I < N; ++I)
      RI[I] = -7;
#pragma omp simd
    for (int I = 0; I < N; ++I)
      if (On[I])
        RI[I] = id(IA[I], IB[I]);
    for (int I = 0; I < N; ++I) {
      EXPECT_SAME("fd", I, RF[I], Fd(X[I], Y[I]));
      EXPECT_SAME("sd", I, RS[I], Sd(A[I], B[I]));
      EXPECT_SAME("id", I, RI[I], On[I] ? Id(IA[I], IB[I]) : -7);
    }
  }
  REPORT();
}
