/* Calls the variants of narrow-calls.c directly with gcc's vector ABI, the
 * b (SSE, 4 lanes) and d (AVX2, 8 lanes) classes, unmasked and masked
 * (random masks, all lanes off, all on), and compares every active lane with
 * the scalar function on that lane's arguments: results bit for bit, memory
 * the scalar calls would leave, nothing done for inactive lanes (q4 traps on
 * 0, which only inactive lanes see). Build with -mavx2 (ymm arguments). */
#include "narrow-calls.h"
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef float v4sf __attribute__((vector_size(16)));
typedef float v8sf __attribute__((vector_size(32)));
typedef int v4si __attribute__((vector_size(16)));
typedef int v8si __attribute__((vector_size(32)));

#define DECLARE(VL, VF, VI, B)                                                 \
  VF _ZGV##B##N##VL##v_f_n(VF);                                                \
  VF _ZGV##B##M##VL##v_f_n(VF, VF);                                            \
  VI _ZGV##B##N##VL##v_f_q(VI);                                                \
  VI _ZGV##B##M##VL##v_f_q(VI, VI);                                            \
  VF _ZGV##B##N##VL##ul_f_rd(const float *, int);                              \
  VF _ZGV##B##M##VL##ul_f_rd(const float *, int, VF);                          \
  VI _ZGV##B##N##VL##l4v_f_mark(int *, VI);                                    \
  VI _ZGV##B##M##VL##l4v_f_mark(int *, VI, VI);                                \
  VF _ZGV##B##N##VL##vl3_f_st(VF, int);                                        \
  VF _ZGV##B##M##VL##vl3_f_st(VF, int, VF);
DECLARE(4, v4sf, v4si, b)
DECLARE(8, v8sf, v8si, d)

#define REPS 300
#define PN 4096
static unsigned seed = 4242;
static unsigned rnd(void) {
  seed = seed * 1103515245u + 12345u;
  return seed >> 8;
}
static int bad;
static void mismatch(const char *v, int lane, const char *what) {
  if (bad++ < 10)
    printf("%s: lane %d: %s\n", v, lane, what);
}
static int same4(const void *a, const void *b) { return memcmp(a, b, 4) == 0; }
static float rfloat(void) { return ((int)(rnd() % 4001) - 2000) / 37.0f; }
static float pool[PN + 64];
static int cells[PN + 64], ref_cells[PN + 64];

/* rep 0: all lanes off, rep 1: all on, rep 2: one half off, else random. */
static void make_mask(int rep, int vl, int *act, int32_t *bits) {
  for (int l = 0; l < vl; ++l) {
    act[l] = rep == 0   ? 0
             : rep == 1 ? 1
             : rep == 2 ? l >= vl / 2
                        : (int)(rnd() & 1);
    bits[l] = act[l] ? -1 : 0;
  }
}

#define CHECK_F(B, VL, NAME, ARGS, MARGS, REF)                                 \
  r = _ZGV##B##N##VL##NAME ARGS;                                               \
  memcpy(fo, &r, sizeof r);                                                    \
  for (int l = 0; l < VL; ++l)                                                 \
    if (fr = REF, !same4(&fo[l], &fr))                                         \
      mismatch(#B " N " #NAME, l, "result");                                   \
  r = _ZGV##B##M##VL##NAME MARGS;                                              \
  memcpy(fo, &r, sizeof r);                                                    \
  for (int l = 0; l < VL; ++l)                                                 \
    if (act[l] && (fr = REF, !same4(&fo[l], &fr)))                             \
      mismatch(#B " M " #NAME, l, "result");

#define CHECK_CLASS(VL, VF, VI, B)                                             \
  static void check_##B(void) {                                                \
    for (int rep = 0; rep < REPS; ++rep) {                                     \
      float fx[VL], fo[VL], fr;                                                \
      int ix[VL], io[VL], act[VL];                                             \
      int32_t mbits[VL];                                                       \
      VF x, r, fm;                                                             \
      VI xi, ri, im;                                                           \
      make_mask(rep, VL, act, mbits);                                          \
      memcpy(&fm, mbits, sizeof fm);                                           \
      memcpy(&im, mbits, sizeof im);                                           \
      for (int l = 0; l < VL; ++l) fx[l] = rfloat();                           \
      memcpy(&x, fx, sizeof x);                                                \
      CHECK_F(B, VL, v_f_n, (x), (x, fm), f_n(fx[l]))                          \
      int i0 = (int)(rnd() % (PN - 3 * VL - 1));                               \
      CHECK_F(B, VL, ul_f_rd, (pool, i0), (pool, i0, fm), f_rd(pool, i0 + l))  \
      int s0 = (int)(rnd() % 2001) - 1000;                                     \
      CHECK_F(B, VL, vl3_f_st, (x, s0), (x, s0, fm), f_st(fx[l], s0 + 3 * l))  \
      /* f_q: x <= 0 lanes must not call q4 (1000 / 0 traps) */               \
      for (int l = 0; l < VL; ++l) ix[l] = (int)(rnd() % 41) - 20;             \
      if (rep % 3 == 0) /* a slice of lanes with nothing to do */             \
        for (int l = 0; l < VL / 2; ++l) ix[l] = -(int)(rnd() % 5);            \
      memcpy(&xi, ix, sizeof xi);                                              \
      ri = _ZGV##B##N##VL##v_f_q(xi);                                          \
      memcpy(io, &ri, sizeof ri);                                              \
      for (int l = 0; l < VL; ++l)                                             \
        if (io[l] != f_q(ix[l]))                                               \
          mismatch(#B " N f_q", l, "result");                                  \
      for (int l = 0; l < VL; ++l) /* zero divisors on inactive lanes */       \
        if (!act[l]) ix[l] = 0;                                                \
      memcpy(&xi, ix, sizeof xi);                                              \
      ri = _ZGV##B##M##VL##v_f_q(xi, im);                                      \
      memcpy(io, &ri, sizeof ri);                                              \
      for (int l = 0; l < VL; ++l)                                             \
        if (act[l] && io[l] != f_q(ix[l]))                                     \
          mismatch(#B " M f_q", l, "result");                                  \
      /* f_mark(p + lane, x): writes only where x is odd (and active) */      \
      for (int l = 0; l < VL; ++l) ix[l] = (int)(rnd() % 1000);                \
      memcpy(&xi, ix, sizeof xi);                                              \
      int at = (int)(rnd() % (PN - VL));                                       \
      memcpy(ref_cells, cells, sizeof cells);                                  \
      ri = _ZGV##B##N##VL##l4v_f_mark(cells + at, xi);                         \
      memcpy(io, &ri, sizeof ri);                                              \
      for (int l = 0; l < VL; ++l)                                             \
        if (io[l] != f_mark(ref_cells + at + l, ix[l]))                        \
          mismatch(#B " N f_mark", l, "result");                               \
      if (memcmp(cells, ref_cells, sizeof cells))                              \
        mismatch(#B " N f_mark", -1, "memory");                                \
      ri = _ZGV##B##M##VL##l4v_f_mark(cells + at, xi, im);                     \
      memcpy(io, &ri, sizeof ri);                                              \
      for (int l = 0; l < VL; ++l)                                             \
        if (act[l] && io[l] != f_mark(ref_cells + at + l, ix[l]))              \
          mismatch(#B " M f_mark", l, "result");                               \
      if (memcmp(cells, ref_cells, sizeof cells))                              \
        mismatch(#B " M f_mark", -1, "memory");                                \
    }                                                                          \
  }
CHECK_CLASS(4, v4sf, v4si, b)
CHECK_CLASS(8, v8sf, v8si, d)

int main(void) {
  for (int i = 0; i < PN + 64; ++i) {
    pool[i] = rfloat();
    cells[i] = (int)(rnd() % 100);
  }
  check_b();
  check_d();
  printf("mismatches: %d\n", bad);
  return bad != 0;
}
