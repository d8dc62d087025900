/* The thirteen benchmark bodies, written once and compiled several ways.
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
 * sqrt, floor are correctly rounded in IEEE single precision in scalar and
 * vector form alike, so every variant must give bit-identical answers.
 * aos3 is also built with math-errno on (kernel aos3e): its sqrtf argument
 * is never negative, so errno is never set and the answers are the same.
 * bscholes calls expf and logf: no compiler here has a vector form of them
 * without -ffast-math, so every variant calls glibc's scalar functions lane
 * by lane and the answers stay bit-identical too. */
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

/* Shared by every configuration, defined once in main.cpp (not inlinable,
 * no vector variant): the logger that `logger` calls, and the permutation
 * table of `noise` (512 entries: 0..255 twice). */
#ifdef __cplusplus
extern "C" {
#endif
void vc_log(float v);
extern const int vc_perm[512];
#ifdef __cplusplus
}
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
#pragma omp declare simd uniform(r, v, t)
float KFN(bscholes)(float s, float k, float r, float v, float t);
#pragma omp declare simd
float KFN(ray)(float x, float y);
#pragma omp declare simd uniform(perm)
float KFN(noise)(const int *perm, float x, float y);
#pragma omp declare simd
float KFN(cond)(float x, float y);
#pragma omp declare simd
float KFN(logger)(float x, float y);

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

/* (i) Black-Scholes call price for spot s and strike k (uniform rate,
 * volatility, maturity): logf, expf (scalar libm, see above), sqrtf, and
 * the Abramowitz-Stegun normal CDF with its sign select. */
#pragma omp declare simd uniform(r, v, t)
KLINK float KFN(bscholes)(float s, float k, float r, float v, float t) {
  float sq = v * sqrtf(t);
  float d1 = (logf(s / k) + (r + 0.5f * v * v) * t) / sq;
  float d2 = d1 - sq;
  float cnd[2];
  float d[2] = {d1, d2};
  for (int j = 0; j < 2; j++) {
    float ad = d[j] < 0.0f ? -d[j] : d[j];
    float q = 1.0f / (1.0f + 0.2316419f * ad);
    float poly = q * (0.319381530f +
                      q * (-0.356563782f +
                           q * (1.781477937f +
                                q * (-1.821255978f + q * 1.330274429f))));
    float w = 1.0f - 0.39894228f * expf(-0.5f * ad * ad) * poly;
    cnd[j] = d[j] < 0.0f ? 1.0f - w : w;
  }
  return s * cnd[0] - k * expf(-r * t) * cnd[1];
}

/* (j) Ray-sphere: a ray from (0, 0, -5) through pixel (x, y) of the plane
 * z = -4 against the unit sphere scaled by 1.5 at the origin; branches for
 * miss, the near root behind the origin, and the shading's sign. Returns -1
 * on a miss, else the Lambert shade of the hit point. */
#pragma omp declare simd
KLINK float KFN(ray)(float x, float y) {
  float dx = x * 0.25f, dy = y * 0.25f, dz = 1.0f;
  float ox = 0.0f, oy = 0.0f, oz = -5.0f;
  float a = dx * dx + dy * dy + dz * dz;
  float b = 2.0f * (ox * dx + oy * dy + oz * dz);
  float c = ox * ox + oy * oy + oz * oz - 2.25f;
  float disc = b * b - 4.0f * a * c;
  if (disc < 0.0f)
    return -1.0f;
  float sq = sqrtf(disc);
  float t = (-b - sq) / (2.0f * a);
  if (t < 0.001f)
    t = (-b + sq) / (2.0f * a);
  if (t < 0.001f)
    return -1.0f;
  float hx = ox + t * dx, hy = oy + t * dy, hz = oz + t * dz;
  float inv = 1.0f / sqrtf(hx * hx + hy * hy + hz * hz);
  float lambert = (hx * 0.5f + hy * 0.7f - hz * 0.5f) * inv;
  return lambert > 0.0f ? lambert : 0.05f * lambert;
}

/* (k) 2-D Perlin-style gradient noise: floor, integer hashing through a
 * uniform permutation table (gathers), gradient selection by hash bits,
 * the quintic fade and three lerps. */
#pragma omp declare simd uniform(perm)
KLINK float KFN(noise)(const int *perm, float x, float y) {
  float fx = floorf(x), fy = floorf(y);
  int xi = (int)fx & 255, yi = (int)fy & 255;
  float xf = x - fx, yf = y - fy;
  float u = xf * xf * xf * (xf * (xf * 6.0f - 15.0f) + 10.0f);
  float v = yf * yf * yf * (yf * (yf * 6.0f - 15.0f) + 10.0f);
  int h[4];
  h[0] = perm[perm[xi] + yi];
  h[1] = perm[perm[xi + 1] + yi];
  h[2] = perm[perm[xi] + yi + 1];
  h[3] = perm[perm[xi + 1] + yi + 1];
  float g[4];
  for (int j = 0; j < 4; j++) {
    float gx = xf - (float)(j & 1), gy = yf - (float)(j >> 1);
    unsigned hh = (unsigned)h[j] * 0x27d4eb2du;
    hh ^= hh >> 15;
    g[j] = ((hh & 1u) ? -gx : gx) + ((hh & 2u) ? -gy : gy);
  }
  float x0 = g[0] + u * (g[1] - g[0]);
  float x1 = g[2] + u * (g[3] - g[2]);
  return x0 + v * (x1 - x0);
}

/* (l) The callee of a conditional call (the caller calls it only where
 * a[i] > 0): a caller that vectorizes the loop needs the masked variant. */
#pragma omp declare simd
KLINK float KFN(cond)(float x, float y) {
  float r = sqrtf(x * x + y * y);
  float q = (x * y) / (r + 1.0f);
  return q + r * 0.5f - y / (x + 1.0f);
}

/* (m) A body that calls a function without a vector variant (a printf-free
 * logger, defined in main.cpp) for out-of-range values: the call has to run
 * lane by lane, in lane order, between vector code. */
#pragma omp declare simd
KLINK float KFN(logger)(float x, float y) {
  float r = x * y + 0.5f * x;
  if (r > 6.0f)
    vc_log(r);
  return r * r - y;
}

#endif /* KERNELS_DECL_ONLY */
#endif /* VC_BENCH_KERNELS_H */
