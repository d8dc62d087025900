// Declare-simd bodies whose divergent loop reads or writes memory at an
// address built from the loop counter and the lane's row: the ELL sparse
// matrix layout (entry j of row r at j * n + r), read, written, stepped by
// two from an offset start, and with the row as a vector argument (stepped
// by one per lane only when the caller passes consecutive rows), and a
// uniform loop (every lane runs it to n) over a column-major matrix.
#ifndef LOCKSTEP_H
#define LOCKSTEP_H

#pragma omp declare simd uniform(len, cols, vals, x, n, maxnz) linear(r : 1)
float ell_row(const int *len, const int *cols, const float *vals,
              const float *x, int n, int maxnz, int r);

#pragma omp declare simd uniform(len, cols, vals, x, n, maxnz)
float ell_row_v(const int *len, const int *cols, const float *vals,
                const float *x, int n, int maxnz, int r);

#pragma omp declare simd uniform(len, out, n) linear(r : 1)
int ell_fill(const int *len, int *out, int n, int r);

#pragma omp declare simd uniform(cols, vals, x, n, width) linear(r : 1)
float ell_capped(const int *cols, const float *vals, const float *x, int n,
                 int width, int r);

#pragma omp declare simd uniform(len, a, n) linear(r : 1)
long odd_cols(const int *len, const long *a, long n, long r);

#pragma omp declare simd uniform(a, x, n) linear(i : 1)
float colmajor_dot(const float *a, const float *x, int n, int i);

#pragma omp declare simd uniform(maxit)
int escape(float cr, float ci, int maxit);

#endif
