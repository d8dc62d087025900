// Issue 19 item 14: a static noinline function whose second argument is
// the same constant at every call: IPO dropped the parameter before
// vecclone ran (its names then described two parameters of a one-parameter
// function), nothing was defined and the loop called the scalar.
#include "lanecheck.h"
#pragma omp declare simd
static __attribute__((noinline)) int sc(int x, int k) { return x * k + 1; }
static int X[N], R[N];
__attribute__((noinline)) void loop(int *restrict out, const int *restrict in) {
#pragma omp simd
  for (int i = 0; i < N; i++)
    out[i] = sc(in[i], 7);
}
int main(void) {
  for (int I = 0; I < N; ++I)
    X[I] = (int)(rnd() % 20001) - 10000;
  loop(R, X);
  for (int I = 0; I < N; ++I)
    EXPECT_SAME("sc", I, R[I], X[I] * 7 + 1);
  REPORT();
}
