/* Shared by the drivers that call variants directly with gcc's vector ABI
 * and compare each lane with the scalar function (variant-calls-main.c,
 * narrow-calls-main.c): vector types, a seeded generator, the mismatch
 * report and the lane masks. Define LANE_CHECK_SEED before including. */
#ifndef LANE_CHECK_H
#define LANE_CHECK_H
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef float v4sf __attribute__((vector_size(16)));
typedef float v8sf __attribute__((vector_size(32)));
typedef int v4si __attribute__((vector_size(16)));
typedef int v8si __attribute__((vector_size(32)));

static unsigned seed = LANE_CHECK_SEED;
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

/* One lane pattern per repetition: rep 0 all lanes off, rep 1 all on, rep 2
 * the low half off (a narrow callee's first slice has nothing to do), then
 * random. */
static void make_mask(int rep, int vl, int *act, int32_t *bits) {
  for (int l = 0; l < vl; ++l) {
    act[l] = rep == 0   ? 0
             : rep == 1 ? 1
             : rep == 2 ? l >= vl / 2
                        : (int)(rnd() & 1);
    bits[l] = act[l] ? -1 : 0;
  }
}

/* Arrays the checks read (pool) and write through linear pointers (cells;
 * ref_cells: what the scalar calls leave). */
#define PN 4096
static float pool[PN + 64];
static int cells[PN + 64], ref_cells[PN + 64];

/* f_mark(p + lane, x) through class B's N and M variants of VL lanes: it
 * writes only where x is odd (and the lane active); results and memory
 * against the scalar calls in lane order. Expects ix, io, xi, ri, im and act
 * of CHECK_CLASS's scope. */
#define CHECK_MARK(B, VL)                                                      \
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
        mismatch(#B " M f_mark", -1, "memory");

/* main: fills the arrays, runs check_b and check_d, prints the count. */
#define LANE_CHECK_MAIN                                                        \
  int main(void) {                                                             \
    for (int i = 0; i < PN + 64; ++i) {                                        \
      pool[i] = rfloat();                                                      \
      cells[i] = (int)(rnd() % 100);                                           \
    }                                                                          \
    check_b();                                                                 \
    check_d();                                                                 \
    printf("mismatches: %d\n", bad);                                           \
    return bad != 0;                                                           \
  }
#endif
