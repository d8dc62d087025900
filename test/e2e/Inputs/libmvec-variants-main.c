/* Calls the variants of libmvec-variants.c directly (gcc's vector ABI, b and
 * d classes; masked variants with random masks, all lanes off and all on)
 * and compares every active lane with the scalar function, which calls
 * scalar libm. libmvec documents at most 4 ulp per function; a body
 * combines two calls and rounds once more, so each lane must be within
 * 16 ulp of the scalar answer. Build with -mavx2, without -ffast-math. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "ulp.h"

typedef float v4sf __attribute__((vector_size(16)));
typedef float v8sf __attribute__((vector_size(32)));
typedef double v2df __attribute__((vector_size(16)));
typedef double v4df __attribute__((vector_size(32)));

float lf(float);
double ld(double);
float lc(float);
float lu(float, float);
v4sf _ZGVbN4v_lf(v4sf);
v8sf _ZGVdN8v_lf(v8sf);
v2df _ZGVbN2v_ld(v2df);
v4df _ZGVdN4v_ld(v4df);
v4sf _ZGVbN4v_lc(v4sf);
v4sf _ZGVbM4v_lc(v4sf, v4sf);
v8sf _ZGVdN8v_lc(v8sf);
v8sf _ZGVdM8v_lc(v8sf, v8sf);
v4sf _ZGVbN4vu_lu(v4sf, float);
v8sf _ZGVdN8vu_lu(v8sf, float);

#define REPS 400
#define TOL 16
static unsigned seed = 4711;
static unsigned rnd(void) {
  seed = seed * 1103515245u + 12345u;
  return seed >> 8;
}
static float rf(float lo, float hi) {
  return lo + (hi - lo) * (float)(rnd() % 100000) / 100000.0f;
}
static int64_t worst;
static int beyond;
static void cmp_f(const char *v, float got, float want) {
  int64_t d = ordered_f(got) - ordered_f(want);
  d = d < 0 ? -d : d;
  if (d > worst) worst = d;
  if (d > TOL && beyond++ < 10) printf("%s: %a, scalar %a\n", v, got, want);
}
static void cmp_d(const char *v, double got, double want) {
  int64_t d = ordered_d(got) - ordered_d(want);
  d = d < 0 ? -d : d;
  if (d > worst) worst = d;
  if (d > TOL && beyond++ < 10) printf("%s: %a, scalar %a\n", v, got, want);
}

/* Lane l active: rep 0 none, rep 1 all, then random. */
static int active(int rep) { return rep == 0 ? 0 : rep == 1 ? 1 : (int)(rnd() & 1); }

#define CHECK_F(VL, VT, NAME, REF, LO, HI, ...)                                \
  for (int rep = 0; rep < REPS; ++rep) {                                       \
    float in[VL], out[VL];                                                     \
    VT x, r;                                                                   \
    for (int l = 0; l < VL; ++l) in[l] = rf(LO, HI);                           \
    memcpy(&x, in, sizeof x);                                                  \
    r = NAME(x __VA_ARGS__);                                                   \
    memcpy(out, &r, sizeof r);                                                 \
    for (int l = 0; l < VL; ++l) cmp_f(#NAME, out[l], REF(in[l] __VA_ARGS__)); \
  }
#define CHECK_D(VL, VT, NAME, REF, LO, HI)                                     \
  for (int rep = 0; rep < REPS; ++rep) {                                       \
    double in[VL], out[VL];                                                    \
    VT x, r;                                                                   \
    for (int l = 0; l < VL; ++l) in[l] = rf(LO, HI);                           \
    memcpy(&x, in, sizeof x);                                                  \
    r = NAME(x);                                                               \
    memcpy(out, &r, sizeof r);                                                 \
    for (int l = 0; l < VL; ++l) cmp_d(#NAME, out[l], REF(in[l]));             \
  }
#define CHECK_MASKED_F(VL, VT, NAME, REF, LO, HI)                              \
  for (int rep = 0; rep < REPS; ++rep) {                                       \
    float in[VL], out[VL];                                                     \
    int32_t bits[VL];                                                          \
    int act[VL];                                                               \
    VT x, m, r;                                                                \
    for (int l = 0; l < VL; ++l) {                                             \
      in[l] = rf(LO, HI);                                                      \
      act[l] = active(rep);                                                    \
      bits[l] = act[l] ? -1 : 0;                                               \
    }                                                                          \
    memcpy(&x, in, sizeof x);                                                  \
    memcpy(&m, bits, sizeof m);                                                \
    r = NAME(x, m);                                                            \
    memcpy(out, &r, sizeof r);                                                 \
    for (int l = 0; l < VL; ++l)                                               \
      if (act[l]) cmp_f(#NAME, out[l], REF(in[l]));                            \
  }

int main(void) {
  float t = 1.25f;
  CHECK_F(4, v4sf, _ZGVbN4v_lf, lf, -1.5f, 20.0f)
  CHECK_F(8, v8sf, _ZGVdN8v_lf, lf, -1.5f, 20.0f)
  CHECK_D(2, v2df, _ZGVbN2v_ld, ld, -1.5, 200.0)
  CHECK_D(4, v4df, _ZGVdN4v_ld, ld, -1.5, 200.0)
  CHECK_F(4, v4sf, _ZGVbN4v_lc, lc, -20.0f, 20.0f)
  CHECK_F(8, v8sf, _ZGVdN8v_lc, lc, -20.0f, 20.0f)
  CHECK_MASKED_F(4, v4sf, _ZGVbM4v_lc, lc, -20.0f, 20.0f)
  CHECK_MASKED_F(8, v8sf, _ZGVdM8v_lc, lc, -20.0f, 20.0f)
  CHECK_F(4, v4sf, _ZGVbN4vu_lu, lu, -30.0f, 30.0f, , t)
  CHECK_F(8, v8sf, _ZGVdN8vu_lu, lu, -30.0f, 30.0f, , t)
  printf("worst: %lld ulp\n", (long long)worst);
  printf("beyond %d ulp: %d\n", TOL, beyond);
  return beyond != 0;
}
