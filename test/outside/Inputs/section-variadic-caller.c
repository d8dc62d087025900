#include "lanecheck.h"
#pragma omp declare simd
int in_section(int x);
#pragma omp declare simd
int variadic(int n, ...);
static int X[N], R[N], S[N];
int main(void) {
  for (int I = 0; I < N; ++I)
    X[I] = (int)(rnd() % 20001) - 10000;
#pragma omp simd
  for (int I = 0; I < N; ++I)
    R[I] = in_section(X[I]);
#pragma omp simd
  for (int I = 0; I < N; ++I)
    S[I] = variadic(X[I]);
  for (int I = 0; I < N; ++I) {
    EXPECT_SAME("in_section", I, R[I], X[I] + 1);
    EXPECT_SAME("variadic", I, S[I], X[I] * 3);
  }
  REPORT();
}
