/* The eight benchmark bodies, written once and compiled several ways.
 *
 *   KPREFIX  name prefix of the kernels (ours_, gcc_, clang_, inl_, ref_), so
 *            objects from different compilers can be linked into one binary.
 *   KLINK    linkage of the definitions: empty (external, the callee objects)
 *            or `static inline` (the caller TU that sees the body).
 *   KERNELS_DECL_ONLY  declarations only (callers of an external callee).
 *
 * The pragma is repeated on each definition: clang 22 only attaches the
 * _ZGV names when the pragma sits on the definition itself.
 *
 * Every body is exact under -ffp-contract=off -fno-math-errno: +, -, *, /,
 * sqrt are correctly rounded in IEEE single precision in scalar and vector
 * form alike, so every variant must give bit-identical answers. */
#ifndef VC_BENCH_KERNELS_H
#define VC_BENCH_KERNELS_H
#include <math.h>

#define VC_CAT2(a, b) a##b
#define VC_CAT(a, b) VC_CAT2(a, b)
#ifndef KPREFIX
#error "define KPREFIX"
#endif
#define KFN(name) VC_CAT(KPREFIX, name)
#ifndef KLINK
#define KLINK
#endif

#ifdef KERNELS_DECL_ONLY

#pragma omp declare simd
float KFN(straight)(float x, float y);
#pragma omp declare simd
float KFN(ifelse)(float x, float y);
#pragma omp declare simd uniform(p) linear(i)
float KFN(saxpy)(const float *p, int i, float y);
#pragma omp declare simd
int KFN(imix)(int x, int y);
#pragma omp declare simd
float KFN(mandel)(float x, float y);
#pragma omp declare simd uniform(p) linear(i)
float KFN(aos3)(const float *p, int i, float y);
#pragma omp declare simd
float KFN(heavy)(float x, float y);
#pragma omp declare simd uniform(px, py, n)
float KFN(nbody)(float x, float y, const float *px, const float *py, int n);

#else

/* (a) straight line: mul, add, sub, div, sqrt; no branch. */
#pragma omp declare simd
KLINK float KFN(straight)(float x, float y) {
  float s = x * x + y * y;
  float r = sqrtf(s + 1.0f);
  float t = (x - y) / r;
  return t * 0.5f + (x * y) / (s + 2.0f);
}

/* (b) if/else: several operations on each side, taken per element. */
#pragma omp declare simd
KLINK float KFN(ifelse)(float x, float y) {
  if (x > 0.0f) {
    float r = sqrtf(x) * y;
    r = r + x / (y * y + 1.0f);
    return r * 0.75f - y;
  } else {
    float t = x * x - y;
    t = t / (x * x + 1.0f);
    return t + y * 3.0f;
  }
}

/* (c) saxpy-like: uniform base pointer, linear index, one vector operand. */
#pragma omp declare simd uniform(p) linear(i)
KLINK float KFN(saxpy)(const float *p, int i, float y) {
  return 2.5f * p[i] + y;
}

/* (d) integer mix: multiply, shifts, rotate, xor, min, a select; no calls.
 * Unsigned arithmetic so nothing overflows. */
#pragma omp declare simd
KLINK int KFN(imix)(int x, int y) {
  unsigned h = (unsigned)x * 0x9E3779B1u;
  h ^= h >> 15;
  h += (unsigned)y * 31u;
  h = (h << 7) | (h >> 25);
  unsigned m = x < y ? (unsigned)x : (unsigned)y;
  unsigned k = x > 0 ? (unsigned)x >> 3 : 0u - (unsigned)y;
  return (int)((h ^ m) + k);
}

/* (e) Mandelbrot: a loop whose trip count differs per element (the escape
 * iteration count of c = (0.6x - 0.5) + 0.4y i, at most 256). */
#pragma omp declare simd
KLINK float KFN(mandel)(float x, float y) {
  float cr = x * 0.6f - 0.5f, ci = y * 0.4f;
  float zr = 0.0f, zi = 0.0f;
  int n = 0;
  while (n < 256 && zr * zr + zi * zi < 4.0f) {
    float t = zr * zr - zi * zi + cr;
    zi = 2.0f * zr * zi + ci;
    zr = t;
    n++;
  }
  return (float)n;
}

/* (f) AoS stride 3: point i is p[3i], p[3i+1], p[3i+2]; its norm plus y. */
#pragma omp declare simd uniform(p) linear(i)
KLINK float KFN(aos3)(const float *p, int i, float y) {
  float x0 = p[3 * i], x1 = p[3 * i + 1], x2 = p[3 * i + 2];
  return sqrtf(x0 * x0 + x1 * x1 + x2 * x2) + y;
}

/* (g) A heavy if/else (three square roots and three divisions on one side,
 * one and two on the other), timed on inputs whose sign comes in runs of
 * 32 elements: whole vectors take one side (BOSCC). */
#pragma omp declare simd
KLINK float KFN(heavy)(float x, float y) {
  float r;
  if (x > 0.0f) {
    float a = sqrtf(x) * y;
    float b = a / (y * y + 1.0f);
    float c = sqrtf(b * b + x);
    float d = c / (x + 2.0f);
    float e = sqrtf(d * d + a * a) / (c + 1.0f);
    r = a + b + c + d + e;
  } else {
    float a = x * x - y;
    float b = a / (x * x + 1.0f);
    float c = b / (y * y + 3.0f);
    float d = sqrtf(c * c + 1.0f);
    r = a - b + c * d + y * 3.0f;
  }
  return r * 0.5f;
}

/* (h) n-body-like: the pull of n bodies on point (x, y); a uniform inner
 * loop (the same n and bodies for every lane). */
#pragma omp declare simd uniform(px, py, n)
KLINK float KFN(nbody)(float x, float y, const float *px, const float *py,
                       int n) {
  float f = 0.0f;
  for (int j = 0; j < n; j++) {
    float dx = px[j] - x, dy = py[j] - y;
    f += 1.0f / sqrtf(dx * dx + dy * dy + 0.01f);
  }
  return f;
}

#endif /* KERNELS_DECL_ONLY */
#endif /* VC_BENCH_KERNELS_H */
