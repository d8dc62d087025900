// Calls every variant of accessor-kernels.h directly with gcc's vector ABI
// (b, c, d; e when the CPU has AVX-512F) and compares every lane's effect on
// memory with the scalar function's, bit for bit. Each grid row is
// surrounded by other rows, so a lane writing the wrong element shows; the
// masked variants' arrays end right before an unmapped page, which the
// inactive lanes' elements are on.
#include "accessor-kernels.h"
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

typedef int v4si __attribute__((vector_size(16)));
typedef int v8si __attribute__((vector_size(32)));

static int Bad, Checked;

static void expectSame(const char *What, const void *Got, const void *Want,
                       size_t Bytes) {
  ++Checked;
  if (memcmp(Got, Want, Bytes) == 0)
    return;
  if (Bad++ < 10)
    printf("%s: differs from the scalar function\n", What);
}

// Variants, by gcc's names.
#define DECL4(RET, NAME, SIG, SUFFIX)                                          \
  extern "C" RET b_##NAME SIG __asm__("_ZGVbN4" SUFFIX);                       \
  extern "C" RET c_##NAME SIG __asm__("_ZGVcN4" SUFFIX);                       \
  extern "C" RET d_##NAME SIG __asm__("_ZGVdN8" SUFFIX);                       \
  extern "C" RET e_##NAME SIG __asm__("_ZGVeN16" SUFFIX);
DECL4(void, step, (Grid &, int, int), "ulu__Z4stepR4Gridii")
DECL4(void, smooth, (Grid *, int, int), "ulu__ZN4Grid6smoothEii")
DECL4(void, istep, (IGrid &, int, int), "ulu__Z5istepR5IGridii")
DECL4(void, step2, (Grid &, int, int), "ul2u__Z5step2R4Gridii")
DECL4(void, ustep, (UGrid &, unsigned, unsigned), "ulu__Z5ustepR5UGridjj")
DECL4(void, lstep, (LGrid &, long, long), "ulu__Z5lstepR5LGridll")
DECL4(void, mrow, (int, float, float, int, int *),
      "luuuu__Z10mandel_rowiffiPi")
DECL4(void, mimg, (Image &, int, int, float, float, int),
      "uluuuu__Z10mandel_imgR5Imageiiffi")
extern "C" void bm_mstep(Grid &, int, int, v4si) __asm__(
    "_ZGVbM4ulu__Z5mstepR4Gridii");
extern "C" void cm_mstep(Grid &, int, int, v4si) __asm__(
    "_ZGVcM4ulu__Z5mstepR4Gridii");
extern "C" void dm_mstep(Grid &, int, int, v8si) __asm__(
    "_ZGVdM8ulu__Z5mstepR4Gridii");
extern "C" void em_mstep(Grid &, int, int, int) __asm__(
    "_ZGVeM16ulu__Z5mstepR4Gridii");
extern "C" void bm_mrow(int, float, float, int, int *, v4si) __asm__(
    "_ZGVbM4luuuu__Z10mandel_rowiffiPi");
extern "C" void cm_mrow(int, float, float, int, int *, v4si) __asm__(
    "_ZGVcM4luuuu__Z10mandel_rowiffiPi");
extern "C" void dm_mrow(int, float, float, int, int *, v8si) __asm__(
    "_ZGVdM8luuuu__Z10mandel_rowiffiPi");
extern "C" void em_mrow(int, float, float, int, int *, int) __asm__(
    "_ZGVeM16luuuu__Z10mandel_rowiffiPi");

enum { NX = 96, NY = 6, CELLS = NX * NY };

static void fill(double *D, int N, unsigned Seed) {
  for (int K = 0; K < N; ++K)
    D[K] = (double)((Seed = Seed * 1103515245u + 12345u) >> 8) / 1024.0 - 7.0;
}

// Runs Fn on a fresh grid at every (start, row) the lanes fit in, and the
// scalar function lane by lane on another; both grids must end equal.
template <class GridT, class Elt, class IT, class VFn, class SFn>
static void gridCase(const char *What, int VL, int Step, VFn Fn, SFn Scalar) {
  static Elt A[CELLS], B[CELLS];
  for (int N = 1; N + 1 < NY; ++N)
    for (int I0 = 0; I0 + (VL - 1) * Step < NX; I0 += 3) {
      double Init[CELLS];
      fill(Init, CELLS, 7u * N + I0);
      for (int K = 0; K < CELLS; ++K)
        A[K] = B[K] = (Elt)Init[K];
      GridT GA{A, NX}, GB{B, NX};
      Fn(GA, (IT)I0, (IT)N);
      for (int L = 0; L < VL; ++L)
        Scalar(GB, (IT)(I0 + L * Step), (IT)N);
      expectSame(What, A, B, sizeof A);
    }
}

// An int array of Count elements ending right before an unmapped page.
static int *guarded(int Count) {
  long Page = sysconf(_SC_PAGESIZE);
  char *P = (char *)mmap(nullptr, 2 * Page, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  mprotect(P + Page, Page, PROT_NONE);
  return (int *)(P + Page) - Count;
}

static void (*volatile ScalarRow)(int, float, float, int, int *) = mandel_row;
static void (*volatile ScalarImg)(Image &, int, int, float, float,
                                  int) = mandel_img;

template <class Fn>
static void rowCase(const char *What, int VL, Fn Variant) {
  static int A[NX], B[NX];
  for (int Row = 0; Row < 8; ++Row)
    for (int I0 = 0; I0 + VL <= NX; I0 += 5) {
      float Y0 = -1.2f + 0.3f * Row, Dx = 3.0f / NX;
      int Max = Row == 3 ? 0 : 40 + 7 * Row; // max 0: no lane enters
      for (int K = 0; K < NX; ++K)
        A[K] = B[K] = -K;
      Variant(I0, Y0, Dx, Max, A);
      for (int L = 0; L < VL; ++L)
        ScalarRow(I0 + L, Y0, Dx, Max, B);
      expectSame(What, A, B, sizeof A);
    }
}

template <class Fn>
static void imgCase(const char *What, int VL, Fn Variant) {
  enum { W = 40, H = 5 };
  static int A[W * H], B[W * H];
  for (int J = 0; J < H; ++J)
    for (int I0 = 0; I0 + VL <= W; I0 += 3) {
      float Y0 = -1.0f + 0.5f * J, Dx = 3.0f / W;
      for (int K = 0; K < W * H; ++K)
        A[K] = B[K] = K;
      Image IA{A, W}, IB{B, W};
      Variant(IA, I0, J, Y0, Dx, 60);
      for (int L = 0; L < VL; ++L)
        ScalarImg(IB, I0 + L, J, Y0, Dx, 60);
      expectSame(What, A, B, sizeof A);
    }
}

// Masked Mandelbrot rows: lanes past Active are off, and their elements
// are on the unmapped page.
template <class MaskT, class Fn>
static void maskedRowCase(const char *What, int VL, Fn Variant) {
  for (int Active = 0; Active <= VL; ++Active) {
    int *A = guarded(Active), B[64];
    for (int K = 0; K < Active; ++K)
      A[K] = B[K] = 100 + K;
    // Lane L writes out[I0 + L]: out = A - I0.
    int I0 = 17;
    MaskT M = {};
    for (int L = 0; L < VL; ++L)
      M[L] = L < Active ? -1 : 0;
    Variant(I0, 0.25f, 0.031f, 50, A - I0, M);
    for (int L = 0; L < Active; ++L)
      ScalarRow(I0 + L, 0.25f, 0.031f, 50, B - I0);
    expectSame(What, A, B, Active * sizeof(int));
  }
}

int main() {
  static void (*volatile S_step)(Grid &, int, int) = step;
  static void (*volatile S_istep)(IGrid &, int, int) = istep;
  static void (*volatile S_step2)(Grid &, int, int) = step2;
  static void (*volatile S_ustep)(UGrid &, unsigned, unsigned) = ustep;
  static void (*volatile S_lstep)(LGrid &, long, long) = lstep;
  static void (*volatile S_mstep)(Grid &, int, int) = mstep;
  auto Smooth = [](Grid &G, int I, int N) { G.smooth(I, N); };
  bool E = __builtin_cpu_supports("avx512f");
#define GRIDS(ISA, VL)                                                         \
  gridCase<Grid, double, int>(#ISA " step", VL, 1, ISA##_step, S_step);        \
  gridCase<Grid, double, int>(                                                 \
      #ISA " smooth", VL, 1,                                                   \
      [](Grid &G, int I, int N) { ISA##_smooth(&G, I, N); }, Smooth);          \
  gridCase<IGrid, int, int>(#ISA " istep", VL, 1, ISA##_istep, S_istep);       \
  gridCase<Grid, double, int>(#ISA " step2", VL, 2, ISA##_step2, S_step2);     \
  gridCase<UGrid, float, unsigned>(#ISA " ustep", VL, 1, ISA##_ustep,          \
                                   S_ustep);                                   \
  gridCase<LGrid, double, long>(#ISA " lstep", VL, 1, ISA##_lstep, S_lstep);   \
  rowCase(#ISA " mandel_row", VL, ISA##_mrow);                                 \
  imgCase(#ISA " mandel_img", VL, ISA##_mimg);
  GRIDS(b, 4)
  GRIDS(c, 4)
  GRIDS(d, 8)
  if (E) {
    GRIDS(e, 16)
  }
  // Masked, with the mask as gcc passes it.
  gridCase<Grid, double, int>(
      "bm mstep (all on)", 4, 1,
      [](Grid &G, int I, int N) { bm_mstep(G, I, N, v4si{-1, -1, -1, -1}); },
      S_mstep);
  gridCase<Grid, double, int>(
      "dm mstep (all on)", 8, 1,
      [](Grid &G, int I, int N) {
        dm_mstep(G, I, N, v8si{-1, -1, -1, -1, -1, -1, -1, -1});
      },
      S_mstep);
  maskedRowCase<v4si>("bm mandel_row", 4, bm_mrow);
  maskedRowCase<v4si>("cm mandel_row", 4, cm_mrow);
  maskedRowCase<v8si>("dm mandel_row", 8, dm_mrow);
  if (E) {
    gridCase<Grid, double, int>(
        "em mstep (all on)", 16, 1,
        [](Grid &G, int I, int N) { em_mstep(G, I, N, 0xffff); }, S_mstep);
    for (int Active = 0; Active <= 16; ++Active) {
      int *A = guarded(Active), B[16];
      for (int K = 0; K < Active; ++K)
        A[K] = B[K] = 100 + K;
      em_mrow(9, 0.25f, 0.031f, 50, A - 9, (1 << Active) - 1);
      for (int L = 0; L < Active; ++L)
        ScalarRow(9 + L, 0.25f, 0.031f, 50, B - 9);
      expectSame("em mandel_row", A, B, Active * sizeof(int));
    }
  }
  printf("checked: %s\n", Checked > 1000 ? "many" : "few");
  printf("mismatches: %d\n", Bad);
  return Bad != 0;
}
