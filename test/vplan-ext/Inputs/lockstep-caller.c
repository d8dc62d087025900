// Calls the variants of lockstep.c from omp simd loops (plain, under a
// condition so that masked variants run, and from an odd start) and
// compares every element with the scalar function, called through a
// volatile pointer so that it stays scalar. The matrices end right before
// an unmapped page, and their last rows are full: a lane past the last row,
// or a lane whose row is shorter, that read or wrote its entry would fault
// or change an element. Values are small integers, so every order of
// summation gives the same float.
#include "lockstep.h"
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

enum { N = 1003, MAXNZ = 12, FILLNZ = 8, ODDNZ = 12 };

static int Bad;
static void report(const char *What, int I, double Got, double Want) {
  if (Got != Want) {
    if (Bad < 10)
      printf("%s: element %d got %g want %g\n", What, I, Got, Want);
    ++Bad;
  }
}

// Bytes that end right before an unmapped page.
static void *guarded(size_t Bytes) {
  size_t Page = (size_t)sysconf(_SC_PAGESIZE);
  size_t Span = (Bytes + Page - 1) / Page * Page;
  char *P = mmap(NULL, Span + Page, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (P == MAP_FAILED || mprotect(P + Span, Page, PROT_NONE)) {
    perror("mmap");
    exit(2);
  }
  return P + Span - Bytes;
}

static float (*volatile RowRef)(const int *, const int *, const float *,
                                const float *, int, int, int) = ell_row;
static float (*volatile RowVRef)(const int *, const int *, const float *,
                                 const float *, int, int, int) = ell_row_v;
static int (*volatile FillRef)(const int *, int *, int, int) = ell_fill;
static long (*volatile OddRef)(const int *, const long *, long, long) =
    odd_cols;
static float (*volatile CappedRef)(const int *, const float *, const float *,
                                   int, int, int) = ell_capped;
static int (*volatile EscapeRef)(float, float, int) = escape;
static float (*volatile DotRef)(const float *, const float *, int, int) =
    colmajor_dot;

int main(void) {
  int *Len = guarded(N * sizeof(int));
  int *Cols = guarded(MAXNZ * N * sizeof(int));
  int *CCols = guarded(MAXNZ * N * sizeof(int));
  float *Vals = guarded(MAXNZ * N * sizeof(float));
  float *X = guarded(N * sizeof(float));
  long *A = guarded(ODDNZ * N * sizeof(long));
  int *Out = guarded(FILLNZ * N * sizeof(int));
  int *OutRef = malloc(FILLNZ * N * sizeof(int));
  float *M = guarded((size_t)N * N * sizeof(float));
  static float Y[N], Want[N];
  static int R[N], On[N], S[N];
  static long L[N];
  unsigned long long Seed = 88172645463325252ull;
  for (int Round = 0; Round < 3; ++Round) {
    for (int I = 0; I < N; ++I) {
      Seed = Seed * 6364136223846793005ull + 1442695040888963407ull;
      // The last rows are full (every lane reaches the last entry).
      Len[I] = I >= N - 20 ? MAXNZ : (int)(Seed >> 33) % 1000;
      X[I] = (float)((Seed >> 20) % 17);
      On[I] = (Seed >> 40) % 3 != 0;
    }
    for (int I = 0; I < MAXNZ * N; ++I) {
      Seed = Seed * 6364136223846793005ull + 1442695040888963407ull;
      Cols[I] = (int)(Seed >> 35);
      Vals[I] = (float)((Seed >> 12) % 9) - 4;
    }
    for (int I = 0; I < ODDNZ * N; ++I)
      A[I] = (long)(I * 2654435761u % 1000) - 500;
    // Rows as a vector argument: consecutive, consecutive from an odd
    // start, then shuffled (the lane-stepped copy must not run).
    for (int I = 0; I < N; ++I)
      R[I] = Round == 0 ? I : Round == 1 ? (I + 3) % N : (int)(I * 7u % N);

    for (int I = 0; I < N; ++I)
      Want[I] = RowRef(Len, Cols, Vals, X, N, MAXNZ, I);
#pragma omp simd
    for (int I = 0; I < N; ++I)
      Y[I] = ell_row(Len, Cols, Vals, X, N, MAXNZ, I);
    for (int I = 0; I < N; ++I)
      report("ell_row", I, Y[I], Want[I]);
    for (int I = 0; I < N; ++I)
      Y[I] = -1;
#pragma omp simd
    for (int I = 0; I < N; ++I)
      if (On[I])
        Y[I] = ell_row(Len, Cols, Vals, X, N, MAXNZ, I);
    for (int I = 0; I < N; ++I)
      report("ell_row masked", I, Y[I], On[I] ? Want[I] : -1);
    int From = 5 + Round;
#pragma omp simd
    for (int I = From; I < N; ++I)
      Y[I] = ell_row(Len, Cols, Vals, X, N, MAXNZ, I);
    for (int I = From; I < N; ++I)
      report("ell_row from 5", I, Y[I], Want[I]);

    for (int I = 0; I < N; ++I)
      Want[I] = RowVRef(Len, Cols, Vals, X, N, MAXNZ, R[I]);
#pragma omp simd
    for (int I = 0; I < N; ++I)
      Y[I] = ell_row_v(Len, Cols, Vals, X, N, MAXNZ, R[I]);
    for (int I = 0; I < N; ++I)
      report("ell_row_v", I, Y[I], Want[I]);
    for (int I = 0; I < N; ++I)
      Y[I] = -1;
#pragma omp simd
    for (int I = 0; I < N; ++I)
      if (On[I])
        Y[I] = ell_row_v(Len, Cols, Vals, X, N, MAXNZ, R[I]);
    for (int I = 0; I < N; ++I)
      report("ell_row_v masked", I, Y[I], On[I] ? Want[I] : -1);

    // Writes: only entries below each active row's length change.
    for (int I = 0; I < FILLNZ * N; ++I)
      Out[I] = OutRef[I] = -7;
    for (int I = 0; I < N; ++I)
      if (On[I])
        Want[I] = (float)FillRef(Len, OutRef, N, I);
#pragma omp simd
    for (int I = 0; I < N; ++I)
      if (On[I])
        S[I] = ell_fill(Len, Out, N, I);
    for (int I = 0; I < N; ++I)
      if (On[I])
        report("ell_fill result", I, S[I], Want[I]);
    for (int I = 0; I < FILLNZ * N; ++I)
      report("ell_fill memory", I, Out[I], OutRef[I]);
#pragma omp simd
    for (int I = 0; I < N; ++I)
      S[I] = ell_fill(Len, Out, N, I);
    for (int I = 0; I < N; ++I)
      report("ell_fill all", I, S[I], FillRef(Len, OutRef, N, I));
    for (int I = 0; I < FILLNZ * N; ++I)
      report("ell_fill all memory", I, Out[I], OutRef[I]);

    // Rows end at a negative column somewhere below the width, or run to
    // it; the last rows (next to the unmapped page) run to it.
    for (int I = 0; I < MAXNZ * N; ++I)
      CCols[I] = (I * 13 + Round) % 17 == 0 && I < (MAXNZ - 1) * N
                     ? -1
                     : Cols[I];
    for (int W = 0; W <= MAXNZ; W += 4) {
      for (int I = 0; I < N; ++I)
        Want[I] = CappedRef(CCols, Vals, X, N, W, I);
#pragma omp simd
      for (int I = 0; I < N; ++I)
        Y[I] = ell_capped(CCols, Vals, X, N, W, I);
      for (int I = 0; I < N; ++I)
        report("ell_capped", I, Y[I], Want[I]);
      for (int I = 0; I < N; ++I)
        Y[I] = -1;
#pragma omp simd
      for (int I = 0; I < N; ++I)
        if (On[I])
          Y[I] = ell_capped(CCols, Vals, X, N, W, I);
      for (int I = 0; I < N; ++I)
        report("ell_capped masked", I, Y[I], On[I] ? Want[I] : -1);
#pragma omp simd
      for (int I = From; I < N; ++I)
        Y[I] = ell_capped(CCols, Vals, X, N, W, I);
      for (int I = From; I < N; ++I)
        report("ell_capped from 5", I, Y[I], Want[I]);
    }

#pragma omp simd
    for (long I = 0; I < N; ++I)
      L[I] = odd_cols(Len, A, N, I);
    for (int I = 0; I < N; ++I)
      report("odd_cols", I, (double)L[I], (double)OddRef(Len, A, N, I));

    // A dense column-major matrix, its rows as lanes.
    for (int I = 0; I < N * N; ++I)
      M[I] = (float)((I * 7 + Round) % 11) - 5;
    for (int I = 0; I < N; ++I)
      Want[I] = DotRef(M, X, N, I);
#pragma omp simd
    for (int I = 0; I < N; ++I)
      Y[I] = colmajor_dot(M, X, N, I);
    for (int I = 0; I < N; ++I)
      report("colmajor_dot", I, Y[I], Want[I]);
    for (int I = 0; I < N; ++I)
      Y[I] = -1;
#pragma omp simd
    for (int I = 0; I < N; ++I)
      if (On[I])
        Y[I] = colmajor_dot(M, X, N, I);
    for (int I = 0; I < N; ++I)
      report("colmajor_dot masked", I, Y[I], On[I] ? Want[I] : -1);
#pragma omp simd
    for (int I = From; I < N; ++I)
      Y[I] = colmajor_dot(M, X, N, I);
    for (int I = From; I < N; ++I)
      report("colmajor_dot from 5", I, Y[I], Want[I]);

#pragma omp simd
    for (int I = 0; I < N; ++I)
      S[I] = escape((float)(I % 61) / 20 - 2, (float)(I % 37) / 18 - 1, 50);
    for (int I = 0; I < N; ++I)
      report("escape", I, S[I],
             EscapeRef((float)(I % 61) / 20 - 2, (float)(I % 37) / 18 - 1, 50));
  }
  printf("wrong: %d\n", Bad);
  return Bad != 0;
}
