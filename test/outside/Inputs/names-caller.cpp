// g++ omp simd loops over the functions of names.cpp: they link against
// the names gcc expects and give the scalar answers.
#include "lanecheck.h"
#pragma omp declare simd
#pragma omp declare simd simdlen(4) inbranch
int two_pragmas(int x, int y);
struct A {
#pragma omp declare simd
  static int scale(int x);
};
static int X[N], R[N], On[N];
int main() {
  for (int I = 0; I < N; ++I) {
    X[I] = (int)(rnd() % 20001) - 10000;
    On[I] = rnd() % 2;
    R[I] = -1;
  }
#pragma omp simd
  for (int I = 0; I < N; ++I)
    R[I] = A::scale(X[I]);
  for (int I = 0; I < N; ++I)
    EXPECT_SAME("scale", I, R[I], X[I] * 2);
#pragma omp simd simdlen(4)
  for (int I = 0; I < N; ++I)
    if (On[I])
      R[I] = two_pragmas(X[I], I);
  for (int I = 0; I < N; ++I)
    if (On[I])
      EXPECT_SAME("two_pragmas", I, R[I], X[I] * I + 1);
  REPORT();
}
