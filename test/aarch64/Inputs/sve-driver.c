/* Calls every SVE variant of sve-fns.c directly (ACLE types, the SVE PCS)
   with all-true, whilelo-tail and random predicates, and compares every
   active lane with the scalar function bit for bit. fu/fw run against a
   guard page: an inactive lane that touched memory past the end would
   fault; fw's inactive lanes must leave their slots alone. Prints the
   vector length, the number of variants run and "mismatches: N". */
/* ACLE SVE code: anything else stops at one located error (the tree's
   -Werror sweep, test/outside, builds every input for x86 too). */
#ifndef __ARM_FEATURE_SVE
#error "build with --target=aarch64-linux-gnu -march=armv8-a+sve"
#else
#include <arm_sve.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "sve-fns.h"

svfloat32_t _ZGVsMxvv_ff(svfloat32_t, svfloat32_t, svbool_t);
svfloat64_t _ZGVsMxv_fd(svfloat64_t, svbool_t);
svint32_t _ZGVsMxvv_fi(svint32_t, svint32_t, svbool_t);
svint16_t _ZGVsMxvv_fs(svint16_t, svint16_t, svbool_t);
svuint8_t _ZGVsMxvv_fc(svuint8_t, svuint8_t, svbool_t);
svfloat32_t _ZGVsMxul_fu(const float *, int, svbool_t);
svfloat32_t _ZGVsMxl12_lin3(const unsigned *, svbool_t);
void _ZGVsMxulv_fw(float *, int, svfloat32_t, svbool_t);
svint32_t _ZGVsMxvv_fdiv(svint32_t, svint32_t, svbool_t);
svfloat64_t _ZGVsMxvv_fm(svfloat32_t, svfloat64_t, svbool_t);
svint32_t _ZGVsMxvv_mandel(svfloat32_t, svfloat32_t, svbool_t);
svint32_t _ZGVsMxv_firstsq(svfloat32_t, svbool_t);
svfloat32_t _ZGVsMxvu_upow(svfloat32_t, int, svbool_t);
svfloat32_t _ZGVsMxv_callloop(svfloat32_t, svbool_t);
svfloat32_t _ZGVsMxv_callflat(svfloat32_t, svbool_t);
svint32_t _ZGVsMxuuv_search(const int *, int, svint32_t, svbool_t);
svfloat32_t _ZGVsMxv_k(svfloat32_t, svbool_t);

#define N 1000
static unsigned seed = 12345;
static unsigned rnd(void) { seed = seed * 1103515245u + 12345u; return seed >> 8; }
static int bad, ran;
static void report(const char *fn, int i, double got, double want) {
  if (bad++ < 10)
    printf("MISMATCH %s lane %d: got %.17g want %.17g\n", fn, i, got, want);
}
/* Predicate kinds: 0 all true (tail by whilelt), 1 random, 2 none. */
static int active[4096];

#define SAME(T, a, b) (memcmp(&(a), &(b), sizeof(T)) == 0)

/* Same-size binary functions: T element, S ACLE type, B predicate width. */
#define BINARY(NAME, T, S, SUF, B, GENA, GENB)                                \
  static void test_##NAME(void) {                                             \
    static T a[N], b[N], r[N];                                                \
    for (int i = 0; i < N; ++i) { a[i] = GENA; b[i] = GENB; }                  \
    for (int kind = 0; kind < 3; ++kind)                                      \
      for (int i = 0; i < N; i += (int)svcnt##B()) {                          \
        svbool_t pg = svwhilelt_b##SUF(i, N);                                 \
        svbool_t m = pg;                                                      \
        if (kind == 1) { T sel[256]; for (int k = 0; k < 256; ++k) sel[k] = rnd() & 1; \
          m = svcmpne(pg, svld1(pg, sel), (T)0); }                            \
        if (kind == 2) m = svpfalse();                                        \
        S x = svld1(pg, a + i), y = svld1(pg, b + i);                         \
        svst1(pg, r + i, _ZGVsMxvv_##NAME(x, y, m));                          \
        for (int k = 0; k < (int)svcnt##B() && i + k < N; ++k) {              \
          svbool_t one = svcmpeq(svptrue_b##SUF(), svindex_s##SUF(0, 1), k);   \
          if (!svptest_any(m, one)) continue;                                 \
          T want = NAME(a[i + k], b[i + k]);                                  \
          if (!SAME(T, r[i + k], want)) report(#NAME, i + k, r[i + k], want); \
        }                                                                     \
      }                                                                       \
    ++ran;                                                                    \
  }

BINARY(ff, float, svfloat32_t, 32, w, (float)(rnd() % 2000) / 37.0f - 20.0f, (float)(rnd() % 999) / 13.0f)
BINARY(fi, int32_t, svint32_t, 32, w, (int)(rnd() % 100000) - 50000, (int)(rnd() % 1000) - 500)
BINARY(fs, int16_t, svint16_t, 16, h, (short)(rnd() % 60000), (short)(rnd() % 1000))
BINARY(fdiv, int32_t, svint32_t, 32, w, (int)(rnd() % 100000) - 50000, (int)(rnd() % 20) + 1)




static void test_fc(void) {
  static uint8_t a[N], b[N], r[N];
  for (int i = 0; i < N; ++i) { a[i] = rnd(); b[i] = rnd(); }
  for (int i = 0; i < N; i += (int)svcntb()) {
    svbool_t pg = svwhilelt_b8(i, N);
    svst1(pg, r + i, _ZGVsMxvv_fc(svld1(pg, a + i), svld1(pg, b + i), pg));
  }
  for (int i = 0; i < N; ++i)
    if (r[i] != fc(a[i], b[i])) report("fc", i, r[i], fc(a[i], b[i]));
  ++ran;
}

static void test_fd(void) {
  static double a[N], r[N];
  for (int i = 0; i < N; ++i) a[i] = (double)(rnd() % 4000) / 1000.0 - 1.0;
  for (int i = 0; i < N; i += (int)svcntd()) {
    svbool_t pg = svwhilelt_b64(i, N);
    svst1(pg, r + i, _ZGVsMxv_fd(svld1(pg, a + i), pg));
  }
  for (int i = 0; i < N; ++i) {
    double w = fd(a[i]);
    if (!SAME(double, r[i], w)) report("fd", i, r[i], w);
  }
  ++ran;
}

/* The float argument of a vscale x 2 lane variant is unpacked: each float
   in the low half of a 64-bit container (svld1uw loads it so). */
static void test_fm(void) {
  static float a[N];
  static double b[N], r[N];
  for (int i = 0; i < N; ++i) { a[i] = (float)(rnd() % 1000) / 7.0f; b[i] = (double)(rnd() % 1000) / 3.0; }
  for (int i = 0; i < N; i += (int)svcntd()) {
    svbool_t pg = svwhilelt_b64(i, N);
    svfloat32_t x = svreinterpret_f32_u64(svld1uw_u64(pg, (const uint32_t *)(a + i)));
    svst1(pg, r + i, _ZGVsMxvv_fm(x, svld1(pg, b + i), pg));
  }
  for (int i = 0; i < N; ++i) {
    double w = fm(a[i], b[i]);
    if (!SAME(double, r[i], w)) report("fm", i, r[i], w);
  }
  ++ran;
}

/* The predicate of kind \p kind (0 the tail's whilelo, 1 random, 2 none)
   for 32-bit lanes from \p i of \p n; on[k] says whether lane k is on. */
static int32_t on[64];
static svbool_t pred32(int kind, int i, int n) {
  svbool_t pg = svwhilelt_b32(i, n), m = pg;
  if (kind == 1) {
    static int32_t sel[64];
    for (int k = 0; k < 64; ++k) sel[k] = rnd() & 1;
    m = svcmpne(pg, svld1(pg, sel), 0);
  }
  if (kind == 2) m = svpfalse();
  svst1(svptrue_b32(), on, svdup_n_s32_z(m, 1));
  return m;
}

/* Bodies with inner loops, over every predicate kind: R r = CALL for the
   lanes from i (x, y the lanes' inputs), each active lane against WANT. */
#define LOOPS(NAME, T, R, GEN, CALL, WANT)                                    \
  static void test_##NAME(void) {                                             \
    static T a[N], b[N];                                                      \
    static R r[N];                                                            \
    for (int i = 0; i < N; ++i) { a[i] = GEN; b[i] = GEN; }                   \
    for (int kind = 0; kind < 3; ++kind)                                      \
      for (int i = 0; i < N; i += (int)svcntw()) {                            \
        svbool_t pg = svwhilelt_b32(i, N), m = pred32(kind, i, N);            \
        svfloat32_t x = svld1(pg, a + i), y = svld1(pg, b + i);               \
        (void)y;                                                              \
        svst1(pg, r + i, CALL);                                               \
        for (int k = 0; k < (int)svcntw() && i + k < N; ++k) {                \
          if (!on[k]) continue;                                               \
          T ax = a[i + k], bx = b[i + k];                                     \
          (void)bx;                                                           \
          R want = WANT;                                                      \
          if (!SAME(R, r[i + k], want)) report(#NAME, i + k, r[i + k], want); \
        }                                                                     \
      }                                                                       \
    ++ran;                                                                    \
  }

static int table[40];
LOOPS(mandel, float, int32_t, (float)(rnd() % 300) / 100.0f - 1.5f,
      _ZGVsMxvv_mandel(x, y, m), mandel(ax, bx))
LOOPS(firstsq, float, int32_t, (float)(rnd() % 4000) / 1.0f,
      _ZGVsMxv_firstsq(x, m), firstsq(ax))
LOOPS(upow, float, float, (float)(rnd() % 200) / 100.0f - 1.0f,
      _ZGVsMxvu_upow(x, i % 7, m), upow(ax, i % 7))
LOOPS(callloop, float, float, (float)(rnd() % 2000) / 100.0f,
      _ZGVsMxv_callloop(x, m), callloop(ax))
LOOPS(callflat, float, float, (float)(rnd() % 2000) / 100.0f - 10.0f,
      _ZGVsMxv_callflat(x, m), callflat(ax))
LOOPS(search, float, int32_t, (float)(rnd() % 50),
      _ZGVsMxuuv_search(table, 40, svcvt_s32_x(pg, x), m),
      search(table, 40, (int)ax))

/* k calls h's variant under a condition, inside the body. */
static void test_k(void) {
  static float a[N], r[N];
  for (int i = 0; i < N; ++i) a[i] = (float)(rnd() % 200) / 100.0f - 0.5f;
  for (int i = 0; i < N; i += (int)svcntw()) {
    svbool_t pg = svwhilelt_b32(i, N);
    svst1(pg, r + i, _ZGVsMxv_k(svld1(pg, a + i), pg));
  }
  for (int i = 0; i < N; ++i) {
    float w = k(a[i]);
    if (!SAME(float, r[i], w)) report("k", i, r[i], w);
  }
  ++ran;
}

/* fu and fw at the end of a page followed by an inaccessible one. */
static void test_memory(void) {
  long page = sysconf(_SC_PAGESIZE);
  char *m = mmap(0, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  mprotect(m + page, page, PROT_NONE);
  int n = 100;
  float *p = (float *)(m + page) - n;
  for (int i = 0; i < n; ++i) p[i] = (float)i / 3.0f;
  static float r[256];
  for (int i = 0; i < n; i += (int)svcntw()) {
    svbool_t pg = svwhilelt_b32(i, n);
    svst1(pg, r, _ZGVsMxul_fu(p, i, pg));
    for (int k = 0; k < (int)svcntw() && i + k < n; ++k) {
      float w = fu(p, i + k);
      if (!SAME(float, r[k], w)) report("fu", i + k, r[k], w);
    }
  }
  ++ran;
  /* lin3: records of 3 unsigned ending at the page; random predicates. */
  unsigned *rec = (unsigned *)(m + page) - 3 * n;
  for (int i = 0; i < 3 * n; ++i) rec[i] = (unsigned)(rnd() % 100000);
  for (int kind = 0; kind < 2; ++kind)
    for (int i = 0; i < n; i += (int)svcntw()) {
      static int32_t act[256];
      for (int k = 0; k < 256; ++k) act[k] = kind == 0 || (rnd() & 1);
      svbool_t pg = svwhilelt_b32(i, n);
      svbool_t mk = svcmpne(pg, svld1(pg, act), 0);
      svst1(mk, r, _ZGVsMxl12_lin3(rec + 3 * i, mk));
      for (int k = 0; k < (int)svcntw() && i + k < n; ++k) {
        float w = lin3(rec + 3 * (i + k));
        if (act[k] && !SAME(float, r[k], w)) report("lin3", i + k, r[k], w);
      }
    }
  ++ran;
  /* fw: random predicate; inactive slots keep their sentinel. */
  for (int i = 0; i < n; ++i) p[i] = -1.0f;
  static float v[256];
  for (int i = 0; i < n; i += (int)svcntw()) {
    for (int k = 0; k < 256; ++k) { v[k] = (float)(rnd() % 100); active[k] = rnd() & 1; }
    static int32_t act[256];
    for (int k = 0; k < 256; ++k) act[k] = active[k];
    svbool_t pg = svwhilelt_b32(i, n);
    svbool_t mk = svcmpne(pg, svld1(pg, act), 0);
    _ZGVsMxulv_fw(p, i, svld1(pg, v), mk);
    for (int k = 0; k < (int)svcntw() && i + k < n; ++k) {
      float want = act[k] ? v[k] * 2.0f + 3.0f : -1.0f;
      if (!SAME(float, p[i + k], want)) report("fw", i + k, p[i + k], want);
    }
  }
  ++ran;
}

int main(void) {
  printf("SVE vector length: %d bits\n", (int)svcntb() * 8);
  test_ff(); test_fi(); test_fs(); test_fdiv(); test_fc(); test_fd(); test_fm();
  for (int i = 0; i < 40; ++i) table[i] = (i * 7) % 45;
  test_mandel(); test_firstsq(); test_upow(); test_callloop(); test_callflat();
  test_search();
  test_k(); test_memory();
  printf("class s (SVE): ran %d variants\n", ran);
  printf("mismatches: %d\n", bad);
  return bad != 0;
}
#endif
