// Calls the variants of uniform-div.c from `omp simd` loops (plain and under
// a condition, so masked variants run too) and compares every element with
// C's own arithmetic. The uniform divisors include 0 and, for the signed
// ones, LONG_MIN / -1: then no lane divides (every x is even) and nothing
// may trap.
#include "uniform-div.h"
#include <limits.h>
#include <stdio.h>

enum { N = 1003 };
static long X[N], R[N];
static unsigned short XS[N], RS[N];
static unsigned char D[N], On[N];
static long Table[32];
static int Bad;

static void report(const char *Name, long A, long K, int I, long Got, long Want) {
  if (Got != Want) {
    if (Bad < 10)
      printf("%s a=%ld k=%ld: element %d got %ld want %ld\n", Name, A, K, I, Got, Want);
    ++Bad;
  }
}

int main(void) {
  unsigned long long Seed = 88172645463325252ull;
  for (int I = 0; I < 32; ++I)
    Table[I] = I * 1000003L - 7;
  static const long As[] = {0, 1, -1, 7, -100, 123456789, LONG_MIN, LONG_MAX};
  static const long Ks[] = {0, 1, -1, 3, -7, 1000, LONG_MIN, LONG_MAX};
  for (int Round = 0; Round < 4; ++Round) {
    // Round 0: every x odd; 1: even; 2: random; 3: odd only from the middle.
    for (int I = 0; I < N; ++I) {
      Seed = Seed * 6364136223846793005ull + 1442695040888963407ull;
      long V = (long)(Seed >> 11);
      X[I] = Round == 0 ? (V | 1) : Round == 1 ? (V & ~1L) : Round == 2 ? V : (I > N / 2 ? (V | 1) : (V & ~1L));
      XS[I] = (unsigned short)X[I];
      D[I] = (unsigned char)(Seed >> 40);
      On[I] = (Seed >> 20) % 3 != 0;
    }
    for (unsigned A = 0; A < 256; A += 17) {
#pragma omp simd
      for (int I = 0; I < N; ++I)
        R[I] = ud((unsigned char)A, Table, D[I]);
      for (int I = 0; I < N; ++I)
        report("ud", A, 0, I, R[I], D[I] % 3 == 0 ? Table[(A / (A | 1)) & 31] + D[I] : D[I]);
      for (int I = 0; I < N; ++I)
        R[I] = -5;
#pragma omp simd
      for (int I = 0; I < N; ++I)
        if (On[I])
          R[I] = ud((unsigned char)A, Table, D[I]);
      for (int I = 0; I < N; ++I)
        report("ud masked", A, 0, I, R[I], !On[I] ? -5 : D[I] % 3 == 0 ? Table[(A / (A | 1)) & 31] + D[I] : D[I]);
    }
    for (int Ai = 0; Ai < 8; ++Ai)
      for (int Ki = 0; Ki < 8; ++Ki) {
        long A = As[Ai], K = Ks[Ki];
        // Undefined when a lane divides: skip those rounds.
        int Undef = K == 0 || (A == LONG_MIN && K == -1);
        if (Undef && Round != 1)
          continue;
#pragma omp simd
        for (int I = 0; I < N; ++I)
          R[I] = sd(A, K, X[I]);
        for (int I = 0; I < N; ++I)
          report("sd", A, K, I, R[I], (X[I] & 1) ? (long)((unsigned long)(A / K) + (unsigned long)X[I]) : X[I]);
        for (int I = 0; I < N; ++I)
          R[I] = -5;
#pragma omp simd
        for (int I = 0; I < N; ++I)
          if (On[I])
            R[I] = sr(A, K, X[I]);
        for (int I = 0; I < N; ++I)
          report("sr masked", A, K, I, R[I], !On[I] ? -5 : (X[I] & 1) ? (long)((unsigned long)(A % K) - (unsigned long)X[I]) : (long)(0ul - (unsigned long)X[I]));
        unsigned short UA = (unsigned short)A, UK = (unsigned short)K;
        if (UK == 0 && Round != 1)
          continue;
#pragma omp simd
        for (int I = 0; I < N; ++I)
          RS[I] = ur(UA, UK, XS[I]);
        for (int I = 0; I < N; ++I)
          report("ur", UA, UK, I, RS[I], (XS[I] & 1) ? (unsigned short)(UA % UK * XS[I]) : (unsigned short)(XS[I] + 1));
      }
  }
  printf("wrong: %d\n", Bad);
  return Bad != 0;
}
