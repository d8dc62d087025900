/* Calls the variants of narrow-calls.c directly with gcc's vector ABI, the
 * b (SSE, 4 lanes) and d (AVX2, 8 lanes) classes, unmasked and masked (all
 * lanes off, all on, one half off, random; lane-check.h), and compares every
 * active lane with the scalar function on that lane's arguments: results bit
 * for bit, memory the scalar calls would leave, nothing done for inactive
 * lanes (q4 traps on 0, which only inactive lanes see). Build with -mavx2
 * (ymm arguments). */
#include "narrow-calls.h"
#define LANE_CHECK_SEED 4242u
#include "lane-check.h"

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
      CHECK_MARK(B, VL)                                                        \
    }                                                                          \
  }
CHECK_CLASS(4, v4sf, v4si, b)
CHECK_CLASS(8, v8sf, v8si, d)

LANE_CHECK_MAIN
