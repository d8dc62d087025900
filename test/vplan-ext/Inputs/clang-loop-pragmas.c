// User loops with a divergent inner loop under clang's own loop pragmas
// (clang-loop-pragmas.test): vectorize(assume_safety) declares the
// iterations independent and is strip-mined like an omp simd loop;
// vectorize(enable) alone is strip-mined when dependence analysis proves
// the iterations independent (with a run-time check where pointers may
// alias: a scalar copy runs when they overlap), and left alone with a
// remark when it cannot.
#include <stdio.h>

// The escape loop, inlined into the loops (so each holds an inner loop).
static inline float escape(float c) {
  float z = 0;
  int k = 0;
  while (k < 100 && z < 4.0f) {
    z = z * z + c;
    k++;
  }
  return (float)k;
}

__attribute__((noinline)) void esc_safe(float *out, const float *x, int n) {
#pragma clang loop vectorize(assume_safety)
  for (int i = 0; i < n; i++)
    out[i] = escape(x[i]);
}

// out and x may be the same memory: vectorized behind a run-time check.
__attribute__((noinline)) void esc_enable(float *out, const float *x, int n) {
#pragma clang loop vectorize(enable)
  for (int i = 0; i < n; i++)
    out[i] = escape(x[i]);
}

// restrict: proved without a check.
__attribute__((noinline)) void esc_restrict(float *restrict out,
                                            const float *restrict x, int n) {
#pragma clang loop vectorize(enable)
  for (int i = 0; i < n; i++)
    out[i] = escape(x[i]);
}

// A reduction and no store: nothing to check.
__attribute__((noinline)) float esc_sum(const float *x, int n) {
  float s = 0;
#pragma clang loop vectorize(enable)
  for (int i = 0; i < n; i++)
    s += escape(x[i]);
  return s;
}

// Iteration i reads what iteration i - 1 wrote: left to LV, with a remark.
__attribute__((noinline)) void esc_carried(float *a, int n) {
#pragma clang loop vectorize(enable)
  for (int i = 0; i < n; i++)
    a[i + 1] = escape(a[i]);
}

// Stores through an index array (two iterations may hit one element).
__attribute__((noinline)) void esc_indirect(float *out, const int *idx,
                                            const float *x, int n) {
#pragma clang loop vectorize(enable)
  for (int i = 0; i < n; i++)
    out[idx[i]] = escape(x[i]);
}

// The references: the same loops, never vectorized.
__attribute__((noinline, optnone)) static float esc_ref(float c) {
  return escape(c);
}
__attribute__((noinline, optnone)) static void ref_map(float *out,
                                                       const float *x, int n) {
  for (int i = 0; i < n; i++)
    out[i] = esc_ref(x[i]);
}
__attribute__((noinline, optnone)) static void ref_carried(float *a, int n) {
  for (int i = 0; i < n; i++)
    a[i + 1] = esc_ref(a[i]);
}
__attribute__((noinline, optnone)) static void
ref_indirect(float *out, const int *idx, const float *x, int n) {
  for (int i = 0; i < n; i++)
    out[idx[i]] = esc_ref(x[i]);
}

enum { N = 1003 };
static float X[N + 8], A[N + 8], B[N + 8], R[N + 8];
static int Idx[N];
static int Wrong;

static void compare(const char *What, int n, const float *Got,
                    const float *Want, int Count) {
  for (int i = 0; i < Count; i++)
    if (Got[i] != Want[i]) {
      if (Wrong < 10)
        printf("%s n=%d: element %d got %g want %g\n", What, n, i, Got[i],
               Want[i]);
      ++Wrong;
    }
}

static void fill(float *P) {
  for (int i = 0; i < N + 8; i++)
    P[i] = -2.0f + 2.5f * (float)((i * 37) % (N + 8)) / N;
}

int main(void) {
  fill(X);
  for (int i = 0; i < N; i++)
    Idx[i] = (i * 7) % 11 + (i / 11) * 11 < N ? (i * 7) % 11 + (i / 11) * 11
                                              : i;
  for (int n = 0; n <= N; n += 17) {
    esc_safe(A, X, n);
    ref_map(R, X, n);
    compare("assume_safety", n, A, R, n);
    esc_enable(B, X, n);
    compare("enable", n, B, R, n);
    esc_restrict(B, X, n);
    compare("enable restrict", n, B, R, n);
    float S = esc_sum(X, n), SR = 0;
    for (int i = 0; i < n; i++)
      SR += R[i];
    compare("enable sum", n, &S, &SR, 1);
    // The same memory: in place, and shifted by one either way (a real
    // dependence): the scalar copy must run.
    for (int Shift = -1; Shift <= 1; Shift++) {
      fill(A);
      fill(R);
      float *Out = A + 4 + Shift, *In = A + 4;
      esc_enable(Out, In, n);
      ref_map(R + 4 + Shift, R + 4, n);
      compare(Shift ? "enable shifted" : "enable in place", n, A, R, N + 8);
    }
    fill(A);
    fill(R);
    esc_carried(A, n);
    ref_carried(R, n);
    compare("carried", n, A, R, N + 8);
    fill(A);
    fill(R);
    esc_indirect(A, Idx, X, n);
    ref_indirect(R, Idx, X, n);
    compare("indirect", n, A, R, N + 8);
  }
  printf("wrong: %d\n", Wrong);
  return Wrong != 0;
}
