// `omp simd` loops passing a local variable, stored just before the call,
// to linear(uval) and linear(val) parameters: one call of the U / L
// variant per vector iteration.
#include "linear-val.h"

void lu_int_loop(int *b, int base, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    int t = i + base;
    b[i] = lu_int(t);
  }
}

void lu_two_loop(int *b, int n) {
#pragma omp simd
  for (long i = 0; i < n; ++i) {
    long t = 2 * i + 7;
    b[i] = lu_two(t);
  }
}

void lv_int_loop(int *b, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    int t = i - 300;
    b[i] = lv_int(t);
  }
}

void lv_k_loop(int *b, int k, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    int t = 3 * i - 1000;
    b[i] = lv_k(t, k);
  }
}

void lu_mod_loop(int *b, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    int t = i;
    b[i] = lu_mod(t);
  }
}

void lu_cond_loop(const int *a, int *b, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    if (a[i] != 0) {
      int t = i + 1;
      b[i] = lu_cond(t);
    }
}

void lu_dbl_loop(float *out, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    int t = i;
    out[i] = (float)lu_dbl(t);
  }
}

void lv_short_loop(short *out, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    short t = (short)(i - 500);
    out[i] = lv_short(t);
  }
}

// Not linear: the value comes from memory.
void lu_gather_loop(const int *idx, int *b, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    int t = idx[i];
    b[i] = lu_int(t);
  }
}

// Linear with step 2 where the variant's is 1.
void lu_stride_loop(int *b, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    int t = 2 * i;
    b[i] = lu_int(t);
  }
}

// The loop's own variable: the loop reads it again after the call (the
// callee may change it through the reference), so it is no value slot.
void lv_iv_loop(int *b, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    b[i] = lv_int(i);
}

// lv_body's variants call the U and L variants in their lane loops.
void lv_body_loop(int *b, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    b[i] = lv_body(i + 3);
}
