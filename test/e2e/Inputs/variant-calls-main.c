/* Calls the variants of variant-calls.c directly with gcc's vector ABI, the
 * b (SSE, 4 lanes) and d (AVX2, 8 lanes) classes, unmasked and masked (all
 * lanes off, all on, one half off, random; lane-check.h), and compares every
 * active lane with the scalar function on that lane's arguments: results bit
 * for bit, memory the scalar calls would leave (in lane order), nothing done
 * for inactive lanes. Build with -mavx2 (ymm arguments). */
#include "variant-calls.h"
#define LANE_CHECK_SEED 12345u
#include "lane-check.h"

#define DECLARE(VL, VF, VI, B, D)                                              \
  VF _ZGV##B##N##VL##v_f_pure(VF);                                             \
  VF _ZGV##B##M##VL##v_f_pure(VF, VF);                                         \
  VI _ZGV##B##N##VL##v_f_div(VI);                                              \
  VI _ZGV##B##M##VL##v_f_div(VI, VI);                                          \
  VF _ZGV##B##N##VL##ul_f_lin(const float *, int);                             \
  VF _ZGV##B##M##VL##ul_f_lin(const float *, int, VF);                         \
  VI _ZGV##B##N##VL##l4v_f_mark(int *, VI);                                    \
  VI _ZGV##B##M##VL##l4v_f_mark(int *, VI, VI);                                \
  VI _ZGV##B##N##VL##v_rec(VI);                                                \
  VI _ZGV##B##M##VL##v_rec(VI, VI);                                            \
  VF _ZGV##B##N##VL##vu_f_u(VF, float);                                        \
  VF _ZGV##B##M##VL##vu_f_u(VF, float, VF);
DECLARE(4, v4sf, v4si, b, x)
DECLARE(8, v8sf, v8si, d, x)

#define REPS 200
#define CHECK_CLASS(VL, VF, VI, B)                                             \
  static void check_##B(void) {                                                \
    for (int rep = 0; rep < REPS; ++rep) {                                     \
      float fx[VL], fo[VL], fr;                                                \
      int ix[VL], io[VL], ir, act[VL];                                         \
      int32_t mbits[VL];                                                       \
      VF x, r, fm;                                                             \
      VI xi, ri, im;                                                           \
      make_mask(rep, VL, act, mbits);                                          \
      memcpy(&fm, mbits, sizeof fm);                                           \
      memcpy(&im, mbits, sizeof im);                                           \
      /* f_pure */                                                             \
      for (int l = 0; l < VL; ++l) fx[l] = rfloat();                           \
      memcpy(&x, fx, sizeof x);                                                \
      r = _ZGV##B##N##VL##v_f_pure(x);                                         \
      memcpy(fo, &r, sizeof r);                                                \
      for (int l = 0; l < VL; ++l)                                             \
        if (fr = f_pure(fx[l]), !same4(&fo[l], &fr))                           \
          mismatch(#B " N f_pure", l, "result");                               \
      r = _ZGV##B##M##VL##v_f_pure(x, fm);                                     \
      memcpy(fo, &r, sizeof r);                                                \
      for (int l = 0; l < VL; ++l)                                             \
        if (act[l] && (fr = f_pure(fx[l]), !same4(&fo[l], &fr)))               \
          mismatch(#B " M f_pure", l, "result");                               \
      /* f_div: x <= 0 lanes must not call h (1000 / 0 traps) */              \
      for (int l = 0; l < VL; ++l) ix[l] = (int)(rnd() % 41) - 20;             \
      memcpy(&xi, ix, sizeof xi);                                              \
      ri = _ZGV##B##N##VL##v_f_div(xi);                                        \
      memcpy(io, &ri, sizeof ri);                                              \
      for (int l = 0; l < VL; ++l)                                             \
        if (io[l] != f_div(ix[l]))                                             \
          mismatch(#B " N f_div", l, "result");                                \
      ri = _ZGV##B##M##VL##v_f_div(xi, im);                                    \
      memcpy(io, &ri, sizeof ri);                                              \
      for (int l = 0; l < VL; ++l)                                             \
        if (act[l] && io[l] != f_div(ix[l]))                                   \
          mismatch(#B " M f_div", l, "result");                                \
      /* f_lin(p, i0 + lane) */                                                \
      int i0 = (int)(rnd() % (PN - VL - 1));                                   \
      r = _ZGV##B##N##VL##ul_f_lin(pool, i0);                                  \
      memcpy(fo, &r, sizeof r);                                                \
      for (int l = 0; l < VL; ++l)                                             \
        if (fr = f_lin(pool, i0 + l), !same4(&fo[l], &fr))                     \
          mismatch(#B " N f_lin", l, "result");                                \
      r = _ZGV##B##M##VL##ul_f_lin(pool, i0, fm);                              \
      memcpy(fo, &r, sizeof r);                                                \
      for (int l = 0; l < VL; ++l)                                             \
        if (act[l] && (fr = f_lin(pool, i0 + l), !same4(&fo[l], &fr)))         \
          mismatch(#B " M f_lin", l, "result");                                \
      CHECK_MARK(B, VL)                                                        \
      /* rec: recursion through the masked variant */                        \
      for (int l = 0; l < VL; ++l) ix[l] = (int)(rnd() % 13) - 2;              \
      memcpy(&xi, ix, sizeof xi);                                              \
      ri = _ZGV##B##N##VL##v_rec(xi);                                          \
      memcpy(io, &ri, sizeof ri);                                              \
      for (int l = 0; l < VL; ++l)                                             \
        if (io[l] != rec(ix[l]))                                               \
          mismatch(#B " N rec", l, "result");                                  \
      ri = _ZGV##B##M##VL##v_rec(xi, im);                                      \
      memcpy(io, &ri, sizeof ri);                                              \
      for (int l = 0; l < VL; ++l)                                             \
        if (act[l] && io[l] != rec(ix[l]))                                     \
          mismatch(#B " M rec", l, "result");                                  \
      /* f_u: uniform t */                                                     \
      float t = (float)(rnd() % 400) / 50.0f;                                  \
      for (int l = 0; l < VL; ++l) fx[l] = rfloat();                           \
      memcpy(&x, fx, sizeof x);                                                \
      r = _ZGV##B##N##VL##vu_f_u(x, t);                                        \
      memcpy(fo, &r, sizeof r);                                                \
      for (int l = 0; l < VL; ++l)                                             \
        if (fr = f_u(fx[l], t), !same4(&fo[l], &fr))                           \
          mismatch(#B " N f_u", l, "result");                                  \
      r = _ZGV##B##M##VL##vu_f_u(x, t, fm);                                    \
      memcpy(fo, &r, sizeof r);                                                \
      for (int l = 0; l < VL; ++l)                                             \
        if (act[l] && (fr = f_u(fx[l], t), !same4(&fo[l], &fr)))               \
          mismatch(#B " M f_u", l, "result");                                  \
    }                                                                          \
  }
CHECK_CLASS(4, v4sf, v4si, b)
CHECK_CLASS(8, v8sf, v8si, d)

LANE_CHECK_MAIN
