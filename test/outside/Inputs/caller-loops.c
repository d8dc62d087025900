// Issue 19 items 18-20: omp simd loops that stayed scalar where gcc calls a
// variant.
#include "lanecheck.h"

// 18: a void setter with `a[b] = c`, defined here and never inlined: its
// deduced willreturn made the call look dead once its memory effects were
// hidden, and the cost model kept the loop scalar.
#pragma omp declare simd uniform(a) linear(b)
__attribute__((noinline)) void setter(int *a, int b, int c) { a[b] = c; }

// 19: a 4-iteration safelen(4) loop was fully unrolled into scalar calls.
#pragma omp declare simd
__attribute__((const)) int add3(int x, int y);

// 20: a simdlen(8) function on long from an AVX2 loop: the cost model
// chose 4 lanes, which no variant has.
#pragma omp declare simd simdlen(8) uniform(b) linear(c:2)
long mixl(long a, long b, long c);

static int A[N], B[N], R[N];
static long L[N], LR[N];

__attribute__((noinline)) void set_all(int *restrict out, const int *restrict in) {
#pragma omp simd
  for (int i = 0; i < N; i++)
    setter(out, i, in[i]);
}

__attribute__((noinline)) void four(int *restrict out, const int *restrict a,
                                    const int *restrict b) {
#pragma omp simd safelen(4)
  for (int i = 0; i < 4; i++)
    out[i] = add3(a[i], b[i]);
}

__attribute__((noinline)) void longs(long *restrict out, const long *restrict a, long b) {
  long c = 5;
#pragma omp simd linear(c:2)
  for (int i = 0; i < N; i++) {
    out[i] = mixl(a[i], b, c);
    c += 2;
  }
}

int main(void) {
  for (int I = 0; I < N; ++I) {
    A[I] = (int)(rnd() % 20001) - 10000;
    B[I] = (int)(rnd() % 20001) - 10000;
    L[I] = (long)rnd();
  }
  set_all(R, A);
  for (int I = 0; I < N; ++I)
    EXPECT_SAME("setter", I, R[I], A[I]);
  for (int K = 0; K + 4 <= N; K += 4)
    four(R + K, A + K, B + K);
  for (int I = 0; I + 4 <= N; ++I)
    EXPECT_SAME("add3", I, R[I], A[I] * 3 + B[I]);
  longs(LR, L, 7);
  for (int I = 0; I < N; ++I)
    EXPECT_SAME("mixl", I, LR[I], (long)((unsigned long)L[I] * 7 + 5 + 2 * I));
  REPORT();
}
