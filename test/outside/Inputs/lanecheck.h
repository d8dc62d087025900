// Shared by the callers of test/outside: every element an `omp simd` loop
// computes (through the compiler's vector variants) against the scalar
// function called through a volatile pointer (never vectorized).
#include <stdio.h>
#include <string.h>

enum { N = 1003 };
static int Bad;
static unsigned long long Seed = 88172645463325252ull;

static unsigned long long rnd(void) {
  Seed = Seed * 6364136223846793005ull + 1442695040888963407ull;
  return Seed >> 11;
}

// Bitwise comparison: lanes must give exactly the scalar answer.
#define EXPECT_SAME(NAME, I, GOT, WANT)                                        \
  do {                                                                         \
    __typeof__(WANT) W_ = (WANT), G_ = (GOT);                                  \
    if (memcmp(&W_, &G_, sizeof W_) != 0) {                                    \
      if (Bad < 10)                                                            \
        printf("%s: element %d got %.17g want %.17g\n", NAME, (int)(I),       \
               (double)G_, (double)W_);                                        \
      ++Bad;                                                                   \
    }                                                                          \
  } while (0)

// Every element of an `omp simd` loop over F (through the variants)
// against the scalar function called through a volatile pointer.
#define CHECK_LOOP(F, OUT, ...)                                                \
  do {                                                                         \
    __typeof__(&F) volatile Scalar = F;                                        \
    _Pragma("omp simd") for (int I = 0; I < N; ++I) OUT[I] = F(__VA_ARGS__);   \
    for (int I = 0; I < N; ++I)                                                \
      EXPECT_SAME(#F, I, OUT[I], Scalar(__VA_ARGS__));                         \
  } while (0)

#define REPORT()                                                               \
  do {                                                                         \
    printf("wrong: %d\n", Bad);                                                \
    return Bad != 0;                                                           \
  } while (0)
