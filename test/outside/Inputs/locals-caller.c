#include "lanecheck.h"
#include "locals.h"

static double X[N], R[N];
static int IN[N];
static unsigned U[N], UR[N];

int main(void) {
  double (*volatile FrexpSum)(double) = frexp_sum;
  double (*volatile FrexpGuarded)(double) = frexp_guarded;
  unsigned (*volatile SplitMix)(unsigned) = split_mix;
  double (*volatile TableWalk)(int, double) = table_walk;
  double (*volatile BigLocal)(int, double) = big_local;
  for (int I = 0; I < N; ++I) {
    X[I] = (double)(rnd() % 4000) / 100.0 - 20.0;
    IN[I] = (int)(rnd() % 5000);
    U[I] = (unsigned)rnd();
  }
#pragma omp simd
  for (int I = 0; I < N; ++I)
    R[I] = frexp_sum(X[I]);
  for (int I = 0; I < N; ++I)
    EXPECT_SAME("frexp_sum", I, R[I], FrexpSum(X[I]));
#pragma omp simd
  for (int I = 0; I < N; ++I)
    R[I] = frexp_guarded(X[I]);
  for (int I = 0; I < N; ++I)
    EXPECT_SAME("frexp_guarded", I, R[I], FrexpGuarded(X[I]));
#pragma omp simd
  for (int I = 0; I < N; ++I)
    UR[I] = split_mix(U[I]);
  for (int I = 0; I < N; ++I)
    EXPECT_SAME("split_mix", I, UR[I], SplitMix(U[I]));
#pragma omp simd
  for (int I = 0; I < N; ++I)
    R[I] = table_walk(IN[I], X[I]);
  for (int I = 0; I < N; ++I)
    EXPECT_SAME("table_walk", I, R[I], TableWalk(IN[I], X[I]));
#pragma omp simd
  for (int I = 0; I < N; ++I)
    R[I] = big_local(IN[I], X[I]);
  for (int I = 0; I < N; ++I)
    EXPECT_SAME("big_local", I, R[I], BigLocal(IN[I], X[I]));
  REPORT();
}
