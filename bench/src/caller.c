/* The caller loops, `out[i] = f(a[i], b[i])` under `#pragma omp simd`.
 *   LPREFIX  prefix of the loop functions (one per comparator)
 *   KPREFIX  prefix of the kernels they call
 *   CALLER_INLINE  the kernel bodies are visible here as `static inline`
 *                  (the "clang, body inlined" ideal); otherwise they are
 *                  declared only and called in another object. */
#include "caller_common.h"

void LFN(straight)(const float *restrict a, const float *restrict b,
                   float *restrict out, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    out[i] = KFN(straight)(a[i], b[i]);
}

void LFN(ifelse)(const float *restrict a, const float *restrict b,
                 float *restrict out, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    out[i] = KFN(ifelse)(a[i], b[i]);
}

void LFN(saxpy)(const float *restrict a, const float *restrict b,
                float *restrict out, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    out[i] = KFN(saxpy)(a, i, b[i]);
}

void LFN(imix)(const int *restrict a, const int *restrict b,
               int *restrict out, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    out[i] = KFN(imix)(a[i], b[i]);
}

void LFN(mandel)(const float *restrict a, const float *restrict b,
                 float *restrict out, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    out[i] = KFN(mandel)(a[i], b[i]);
}

void LFN(aos3)(const float *restrict a, const float *restrict b,
               float *restrict out, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    out[i] = KFN(aos3)(a, i, b[i]);
}

void LFN(heavy)(const float *restrict a, const float *restrict b,
                float *restrict out, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    out[i] = KFN(heavy)(a[i], b[i]);
}

/* The first 64 points of a and b are the bodies. */
void LFN(nbody)(const float *restrict a, const float *restrict b,
                float *restrict out, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    out[i] = KFN(nbody)(a[i], b[i], a, b, 64);
}

/* Spot a[i], strike b[i]: rate 2%, volatility 30%, maturity 1.5 years. */
void LFN(bscholes)(const float *restrict a, const float *restrict b,
                   float *restrict out, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    out[i] = KFN(bscholes)(a[i], b[i], 0.02f, 0.3f, 1.5f);
}

void LFN(ray)(const float *restrict a, const float *restrict b,
              float *restrict out, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    out[i] = KFN(ray)(a[i], b[i]);
}

void LFN(noise)(const float *restrict a, const float *restrict b,
                float *restrict out, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    out[i] = KFN(noise)(vc_perm, a[i], b[i]);
}

/* A conditional call: only where a[i] > 0 (about half the elements, at
 * random); a vectorized loop must call the masked variant. */
void LFN(cond)(const float *restrict a, const float *restrict b,
               float *restrict out, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    out[i] = a[i] > 0.0f ? KFN(cond)(a[i], b[i]) : b[i];
}

void LFN(logger)(const float *restrict a, const float *restrict b,
                 float *restrict out, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    out[i] = KFN(logger)(a[i], b[i]);
}
