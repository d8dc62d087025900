// Calls the variants of Inputs/intdiv.c from `omp simd` loops over edge and
// random operands and compares every element with C's own division.
#include "intdiv.h"
#include <limits.h>
#include <stdio.h>

enum { NE = 28, NR = 100000, N = NE * NE + NR };
static const int Edge[NE] = {
    0,        1,          -1,         2,           -2,          3,
    -3,       7,          -7,         10,          -10,         100,
    -100,     65535,      65536,      -65536,      1 << 30,     -(1 << 30),
    INT_MAX,  INT_MAX - 1, INT_MIN,   INT_MIN + 1, 123456789,   -987654321,
    2147483600, -2147483600, 46341,   -46340};

static int A[N], B[N], C[N], Ok[N], R[N];
static unsigned UA[N], UB[N], UC[N], UR[N];
static long LA[N], LB[N], LC[N], LR[N];
static unsigned long long Seed = 88172645463325252ull;
static unsigned next(void) {
  Seed = Seed * 6364136223846793005ull + 1442695040888963407ull;
  return (unsigned)(Seed >> 32);
}
static int Bad;
static void check(const char *Name, const int *Got, const int *Want,
                  const int *Mask) {
  int Wrong = 0;
  for (int I = 0; I < N; ++I)
    if ((!Mask || Mask[I]) && Got[I] != Want[I]) {
      if (!Wrong)
        printf("%s: element %d (%d, %d): got %d, want %d\n", Name, I, A[I],
               B[I], Got[I], Want[I]);
      ++Wrong;
    }
  printf("%s: %d wrong\n", Name, Wrong);
  Bad += Wrong;
}

int main(void) {
  for (int I = 0; I < NE; ++I)
    for (int J = 0; J < NE; ++J) {
      A[I * NE + J] = Edge[I];
      B[I * NE + J] = Edge[J];
    }
  for (int I = NE * NE; I < N; ++I) {
    A[I] = (int)next();
    // Small divisors as often as large ones.
    B[I] = (next() & 1) ? (int)next() : (int)(next() % 2001) - 1000;
  }
  // Undefined in C: a zero divisor and INT_MIN / -1. Masked calls leave
  // those lanes inactive; unmasked ones get a defined pair instead.
  for (int I = 0; I < N; ++I)
    Ok[I] = B[I] != 0 && !(A[I] == INT_MIN && B[I] == -1);

  // Masked first: the undefined lanes are there, inactive.
#pragma omp simd
  for (int I = 0; I < N; ++I)
    C[I] = Ok[I] ? m_divrem(A[I], B[I]) : -7;
  for (int I = 0; I < N; ++I)
    R[I] = Ok[I] ? A[I] / B[I] * 3 + A[I] % B[I] : -7;
  check("m_divrem", C, R, 0);

  for (int I = 0; I < N; ++I)
    if (!Ok[I])
      B[I] = B[I] ? 1 : 3;
#pragma omp simd
  for (int I = 0; I < N; ++I)
    C[I] = sdiv_v(A[I], B[I]);
  for (int I = 0; I < N; ++I)
    R[I] = A[I] / B[I];
  check("sdiv_v", C, R, 0);
#pragma omp simd
  for (int I = 0; I < N; ++I)
    C[I] = srem_v(A[I], B[I]);
  for (int I = 0; I < N; ++I)
    R[I] = A[I] % B[I];
  check("srem_v", C, R, 0);

  for (int I = 0; I < N; ++I) {
    UA[I] = (unsigned)A[I];
    UB[I] = (unsigned)B[I];
  }
#pragma omp simd
  for (int I = 0; I < N; ++I)
    UC[I] = udiv_v(UA[I], UB[I]);
  for (int I = 0; I < N; ++I)
    UR[I] = UA[I] / UB[I];
  check("udiv_v", (int *)UC, (int *)UR, 0);
#pragma omp simd
  for (int I = 0; I < N; ++I)
    UC[I] = urem_v(UA[I], UB[I]);
  for (int I = 0; I < N; ++I)
    UR[I] = UA[I] % UB[I];
  check("urem_v", (int *)UC, (int *)UR, 0);

  // A divisor uniform across the lanes, each edge value in turn.
  int Wrong = 0;
  for (int J = 0; J < NE; ++J) {
    int D = Edge[J] ? Edge[J] : 5;
#pragma omp simd
    for (int I = 0; I < N; ++I)
      C[I] = srem_u(D == -1 && A[I] == INT_MIN ? 0 : A[I], D);
    for (int I = 0; I < N; ++I)
      Wrong += C[I] != (D == -1 && A[I] == INT_MIN ? 0 : A[I]) % D;
  }
  printf("srem_u: %d wrong\n", Wrong);
  Bad += Wrong;

  // Divergent loop: divisors b + i with b in [1, 2^20].
  for (int I = 0; I < N; ++I)
    B[I] = 1 + (int)(next() % (1u << 20)) * (I % 3 == 0 ? 1 : 0) + I % 5;
#pragma omp simd
  for (int I = 0; I < N; ++I)
    C[I] = div_loop(A[I], B[I]);
  for (int I = 0; I < N; ++I) {
    int S = 0;
    for (int K = 0; K < (A[I] & 15); ++K)
      S += A[I] / (B[I] + K) - A[I] % (B[I] + K);
    R[I] = S;
  }
  check("div_loop", C, R, 0);

#pragma omp simd
  for (int I = 0; I < N; ++I)
    C[I] = div_const(A[I]);
  for (int I = 0; I < N; ++I)
    R[I] = A[I] / 7 + A[I] % 7;
  check("div_const", C, R, 0);

  for (int I = 0; I < N; ++I) {
    LA[I] = (long)A[I] * (long)(next() | 1);
    LB[I] = (I & 1) ? (long)B[I] : (long)next() + 1;
  }
#pragma omp simd
  for (int I = 0; I < N; ++I)
    LC[I] = ldiv_v(LA[I], LB[I]);
  for (int I = 0; I < N; ++I)
    LR[I] = LA[I] / LB[I];
  Wrong = 0;
  for (int I = 0; I < N; ++I)
    Wrong += LC[I] != LR[I];
  printf("ldiv_v: %d wrong\n", Wrong);
  Bad += Wrong;

  printf("mismatches: %d\n", Bad);
  return Bad != 0;
}
