#include "errno-fns.h"
#include "lanecheck.h"

static double X[N], R[N];
static int IX[N], IR[N];

int main(void) {
  double (*volatile Log)(double) = log_or_flag;
  int (*volatile Counted)(int) = counted;
  for (int I = 0; I < N; ++I) {
    X[I] = (double)(rnd() % 2000) / 100.0 - 8.0; // about 40% negative
    IX[I] = (int)(rnd() % 100000) - 50000;
  }
#pragma omp simd
  for (int I = 0; I < N; ++I)
    R[I] = log_or_flag(X[I]);
#pragma omp simd
  for (int I = 0; I < N; ++I)
    IR[I] = counted(IX[I]);
  for (int I = 0; I < N; ++I) {
    EXPECT_SAME("log_or_flag", I, R[I], Log(X[I]));
    EXPECT_SAME("counted", I, IR[I], Counted(IX[I]));
  }
  REPORT();
}
