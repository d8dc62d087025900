/* Calls the variants of variant-calls.c directly with gcc's vector ABI, the
 * b (SSE, 4 lanes) and d (AVX2, 8 lanes) classes, unmasked and masked (random
 * masks, all lanes off, all on), and compares every active lane with the
 * scalar function on that lane's arguments: results bit for bit, memory the
 * scalar calls would leave (in lane order), nothing done for inactive lanes.
 * Build with -mavx2 (ymm arguments). */
#include "variant-calls.h"
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef float v4sf __attribute__((vector_size(16)));
typedef float v8sf __attribute__((vector_size(32)));
typedef int v4si __attribute__((vector_size(16)));
typedef int v8si __attribute__((vector_size(32)));

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
#define PN 4096
static unsigned seed = 12345;
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

/* One lane pattern per repetition: rep 0 all lanes off, rep 1 all on. */
static void make_mask(int rep, int vl, int *act, int32_t *bits) {
  for (int l = 0; l < vl; ++l) {
    act[l] = rep == 0 ? 0 : rep == 1 ? 1 : (int)(rnd() & 1);
    bits[l] = act[l] ? -1 : 0;
  }
}

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
