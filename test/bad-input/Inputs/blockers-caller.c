/* omp simd loops over the functions of blockers.c; every element compared
 * with the scalar function called through a volatile pointer. */
#include <stdio.h>
#include "blockers.h"
#define N 203
static int A[N], B[N], R[N];
#define CHECK(call, scalar)                                                    \
  do {                                                                         \
    _Pragma("omp simd") for (int i = 0; i < N; ++i) R[i] = call;              \
    for (int i = 0; i < N; ++i)                                                \
      if (R[i] != (scalar) && bad++ < 10)                                      \
        printf("MISMATCH %s i %d got %d want %d\n", #call, i, R[i], scalar);   \
  } while (0)
#define CHECK_IF(cond, call, scalar)                                           \
  do {                                                                         \
    _Pragma("omp simd") for (int i = 0; i < N; ++i) R[i] = (cond) ? call : -1; \
    for (int i = 0; i < N; ++i)                                                \
      if (R[i] != ((cond) ? (scalar) : -1) && bad++ < 10)                      \
        printf("MISMATCH %s i %d got %d\n", #call, i, R[i]);                   \
  } while (0)
static int (*volatile s_tailrec)(int, int) = tailrec;
static int (*volatile s_fib)(int) = fib;
static int (*volatile s_even)(int) = even;
static int (*volatile s_setjmp)(int) = with_setjmp;
static int (*volatile s_asm)(int) = with_asm;
static int (*volatile s_irr)(int, int) = irreducible;
static int (*volatile s_mirr)(int, int) = masked_irreducible;
int main(void) {
  int bad = 0;
  unsigned x = 7;
  for (int i = 0; i < N; ++i) {
    x = x * 1103515245u + 12345u;
    A[i] = (int)(x >> 8) % 24;
    B[i] = (int)(x >> 3) % 1000 - 500;
  }
  CHECK(tailrec(A[i], B[i]), s_tailrec(A[i], B[i]));
  CHECK(fib(A[i]), s_fib(A[i]));
  CHECK(even(A[i] + B[i] % 7), s_even(A[i] + B[i] % 7));
  CHECK(with_setjmp(A[i]), s_setjmp(A[i]));
  CHECK(with_asm(B[i]), s_asm(B[i]));
  CHECK(irreducible(B[i], A[i]), s_irr(B[i], A[i]));
  CHECK_IF(B[i] > 0, masked_irreducible(A[i], B[i]), s_mirr(A[i], B[i]));
  printf("mismatches: %d\n", bad);
  return bad != 0;
}
