#include "lanecheck.h"
#pragma omp declare simd
inline int il(int x);
#pragma omp declare simd
template <typename T> T tp(T x);
extern template int tp<int>(int);
#pragma omp declare simd
int ce(int x);
static int X[N], R[N];
int main() {
  for (int I = 0; I < N; ++I)
    X[I] = (int)(rnd() % 20001) - 10000;
#pragma omp simd
  for (int I = 0; I < N; ++I)
    R[I] = il(X[I]);
  for (int I = 0; I < N; ++I)
    EXPECT_SAME("il", I, R[I], X[I] * 5 + 1);
#pragma omp simd
  for (int I = 0; I < N; ++I)
    R[I] = tp<int>(X[I]);
  for (int I = 0; I < N; ++I)
    EXPECT_SAME("tp", I, R[I], X[I] * 2);
  REPORT();
}
