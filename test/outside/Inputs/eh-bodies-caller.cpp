#include "eh-bodies.h"
#include "lanecheck.h"

static int X[N], R[N], On[N];

#define CHECK_FN(FN, MASKED)                                                   \
  do {                                                                         \
    int (*volatile Ref)(int) = FN;                                             \
    for (int I = 0; I < N; ++I)                                                \
      R[I] = -12345;                                                           \
    if (MASKED) {                                                              \
      _Pragma("omp simd") for (int I = 0; I < N; ++I) if (On[I]) R[I] =        \
          FN(X[I]);                                                            \
    } else {                                                                   \
      _Pragma("omp simd") for (int I = 0; I < N; ++I) R[I] = FN(X[I]);         \
    }                                                                          \
    for (int I = 0; I < N; ++I)                                                \
      EXPECT_SAME(#FN, I, R[I], (!MASKED || On[I]) ? Ref(X[I]) : -12345);     \
  } while (0)

int main(int argc, char **) {
  // With an argument: one lane's callee throws inside a noexcept variant,
  // which must end in std::terminate as the scalar function does.
  if (argc > 1) {
    for (int I = 0; I < N; ++I)
      X[I] = I == 5 ? 1000000 : I;
#pragma omp simd
    for (int I = 0; I < N; ++I)
      R[I] = calls_simd_noexcept(X[I]);
    printf("no terminate: %d\n", R[5]);
    return 0;
  }
  for (int Round = 0; Round < 3; ++Round) {
    for (int I = 0; I < N; ++I) {
      X[I] = (int)(rnd() % 2001) - 1000;
      On[I] = Round == 0 ? 1 : rnd() % 3 != 0;
    }
    for (int M = 0; M < 2; ++M) {
      CHECK_FN(dtor_around_call, M);
      CHECK_FN(try_catch, M);
      CHECK_FN(calls_noexcept, M);
      CHECK_FN(calls_simd_noexcept, M);
      CHECK_FN(cleanup_attr, M);
      CHECK_FN(asm_goto, M);
      CHECK_FN(computed_goto, M);
    }
  }
  REPORT();
}
