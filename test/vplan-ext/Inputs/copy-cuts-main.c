/* Every lane of the copy-cuts variants against the scalar function,
 * unmasked and under a condition (the masked variants), over rows that
 * follow each other (the lane-stepped copies run) and rows that do not.
 * The loops take the arrays as parameters: gcc calls no variant with a
 * global array's address for a uniform argument. */
#include "copy-cuts.h"
#include <stdio.h>
#include <string.h>

enum { W = 67, R = 32 };
static int bad;

#define RUNNER(NAME, CALL, ...)                                                \
  __attribute__((noinline)) static void NAME(int *out, int pass,              \
                                             __VA_ARGS__) {                    \
    if (pass == 0) {                                                           \
      _Pragma("omp simd") for (int i = 0; i < W; ++i) out[i] = CALL;           \
    } else {                                                                   \
      _Pragma("omp simd") for (int i = 0; i < W; ++i) if (i % 3 != 1)         \
          out[i] = CALL;                                                       \
    }                                                                          \
  }
RUNNER(run_stepped, stepped(a, i, n), const float *a, int n)
RUNNER(run_stepped_break, stepped_break(a, i, n), const float *a, int n)
RUNNER(run_entered, entered(b, i, n, len), const int *b, int n, int len)
RUNNER(run_gathered, gathered(rows, a, i, n), const int *rows,
       const float *a, int n)

/* Calls RUNNER's loop, then compares every lane it ran with the scalar
 * function (called through a volatile pointer: never vectorized). */
#define CHECK(NAME, RUN, SCALAR, ...)                                          \
  do {                                                                         \
    for (int pass = 0; pass < 2; ++pass) {                                     \
      int out[W] = {0};                                                        \
      RUN(out, pass, __VA_ARGS__);                                             \
      __typeof__(&SCALAR) volatile F = SCALAR;                                 \
      for (int i = 0; i < W; ++i) {                                            \
        if (pass == 1 && i % 3 == 1)                                           \
          continue;                                                            \
        int want = F(ARGS_##NAME);                                             \
        if (out[i] != want && bad++ < 10)                                      \
          printf("MISMATCH %s n=%d pass=%d i=%d: %d vs %d\n", #NAME, n, pass, \
                 i, out[i], want);                                             \
      }                                                                        \
    }                                                                          \
  } while (0)
#define ARGS_stepped a, i, n
#define ARGS_stepped_break a, i, n
#define ARGS_entered b, i, n, len
#define ARGS_gathered rows, a, i, n

int main(void) {
  static float a[(W + 2) * R];
  static int b[R * 64 + W], rows[W];
  for (int e = 0; e < (W + 2) * R; ++e)
    a[e] = (e * 7919) % 41 == 3 ? -1.0f : (float)(e % 13);
  for (int e = 0; e < R * 64 + W; ++e)
    b[e] = e * 31 % 97;
  int ns[] = {0, 1, 5, 17, 32};
  for (unsigned s = 0; s < sizeof ns / sizeof ns[0]; ++s)
    for (int shuffled = 0; shuffled < 2; ++shuffled) {
      int n = ns[s], len = 40 + s;
      for (int i = 0; i < W; ++i)
        rows[i] = shuffled ? (i * 37 % W) * R : i + 3;
      CHECK(stepped, run_stepped, stepped, a, n);
      CHECK(stepped_break, run_stepped_break, stepped_break, a, n);
      CHECK(entered, run_entered, entered, b, n, len);
      CHECK(gathered, run_gathered, gathered, rows, a, n);
    }
  printf("mismatches: %d\n", bad);
  return bad != 0;
}
