// The pragmas are repeated on the definitions: clang emits _ZGV names only
// from there.
#include "lockstep.h"

// One body, two clause sets: the row as a linear and as a vector argument.
static inline __attribute__((always_inline)) float
ell_body(const int *len, const int *cols, const float *vals, const float *x,
         int n, int maxnz, int r) {
  int k = len[r] % (maxnz + 1);
  float acc = 0.0f;
  for (int j = 0; j < k; ++j)
    acc += vals[j * n + r] * x[cols[j * n + r] % n];
  return acc;
}

#pragma omp declare simd uniform(len, cols, vals, x, n, maxnz) linear(r : 1)
float ell_row(const int *len, const int *cols, const float *vals,
              const float *x, int n, int maxnz, int r) {
  return ell_body(len, cols, vals, x, n, maxnz, r);
}

#pragma omp declare simd uniform(len, cols, vals, x, n, maxnz)
float ell_row_v(const int *len, const int *cols, const float *vals,
                const float *x, int n, int maxnz, int r) {
  return ell_body(len, cols, vals, x, n, maxnz, r);
}

// Writes entry j of row r for j < len[r] % 8, and leaves the rest alone.
#pragma omp declare simd uniform(len, out, n) linear(r : 1)
int ell_fill(const int *len, int *out, int n, int r) {
  int k = len[r] % 8, s = 0;
  for (int j = 0; j < k; ++j) {
    out[j * n + r] = j * 1000 + r;
    s += j;
  }
  return s;
}

// ELL with one width for all rows, a row ending at its first negative
// column: the counter's exit test `j < width` reads shared values only
// (a steady copy, LaneCutSteady.cpp), its accesses are lane-stepped (a
// stepped copy); both copies at once.
#pragma omp declare simd uniform(cols, vals, x, n, width) linear(r : 1)
float ell_capped(const int *cols, const float *vals, const float *x, int n,
                 int width, int r) {
  float acc = 0.0f;
  for (int j = 0; j < width; ++j) {
    int c = cols[j * n + r];
    if (c < 0)
      break;
    acc += vals[j * n + r] * x[c % n];
  }
  return acc;
}

// Columns 3, 5, 7, ... below len[r] % 12 of row r.
#pragma omp declare simd uniform(len, a, n) linear(r : 1)
long odd_cols(const int *len, const long *a, long n, long r) {
  long k = len[r] % 12, s = 0;
  for (long j = 3; j < k; j += 2)
    s += a[j * n + r] * j;
  return s;
}

// Row i of a column-major n x n matrix times x: a uniform loop whose
// a[j * n + i] steps by one per lane.
#pragma omp declare simd uniform(a, x, n) linear(i : 1)
float colmajor_dot(const float *a, const float *x, int n, int i) {
  float s = 0.0f;
  for (int j = 0; j < n; ++j)
    s += a[j * n + i] * x[j];
  return s;
}

// The counter feeds only the exit test, against the uniform maxit: a round
// counter (one scalar compare per round), no access and no stepped copy.
#pragma omp declare simd uniform(maxit)
int escape(float cr, float ci, int maxit) {
  float zr = 0, zi = 0;
  int i = 0;
  while (i < maxit && zr * zr + zi * zi < 4.0f) {
    float t = zr * zr - zi * zi + cr;
    zi = 2 * zr * zi + ci;
    zr = t;
    ++i;
  }
  return i;
}
