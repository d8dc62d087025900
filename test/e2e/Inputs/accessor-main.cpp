// Calls every variant of accessor-kernels.h directly with gcc's vector ABI
// (b, c, d; e when the CPU has AVX-512F) and compares every lane's effect on
// memory with the scalar function's, bit for bit. Each grid row is
// surrounded by other rows, so a lane writing the wrong element shows; the
// masked variants' arrays end right before an unmapped page, which the
// inactive lanes' elements are on. The masked grid variants run under
// every kind of mask (all on, all off, one lane, alternate lanes, others),
// with the rows' inactive elements on unmapped pages, and with no lane
// active on a null grid object: a variant called with no lane active must
// not touch memory at all (it reads the grid's fields only when some lane
// is active).
#include "accessor-kernels.h"
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

typedef int v4si __attribute__((vector_size(16)));
typedef int v8si __attribute__((vector_size(32)));
typedef float v2sf __attribute__((vector_size(8)));
typedef double v2df __attribute__((vector_size(16)));
typedef double v4df __attribute__((vector_size(32)));
typedef double v8df __attribute__((vector_size(64)));

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
// Masked grid variants take the object by pointer here (the ABI passes a
// reference as one), so that a null one can be passed.
extern "C" void bm_mstep(Grid *, int, int, v4si) __asm__(
    "_ZGVbM4ulu__Z5mstepR4Gridii");
extern "C" void cm_mstep(Grid *, int, int, v4si) __asm__(
    "_ZGVcM4ulu__Z5mstepR4Gridii");
extern "C" void dm_mstep(Grid *, int, int, v8si) __asm__(
    "_ZGVdM8ulu__Z5mstepR4Gridii");
extern "C" void em_mstep(Grid *, int, int, int) __asm__(
    "_ZGVeM16ulu__Z5mstepR4Gridii");
extern "C" void bm_mscale(Grid *, int, int, v4si) __asm__(
    "_ZGVbM4ulu__ZN4Grid6mscaleEii");
extern "C" void cm_mscale(Grid *, int, int, v4si) __asm__(
    "_ZGVcM4ulu__ZN4Grid6mscaleEii");
extern "C" void dm_mscale(Grid *, int, int, v8si) __asm__(
    "_ZGVdM8ulu__ZN4Grid6mscaleEii");
extern "C" void em_mscale(Grid *, int, int, int) __asm__(
    "_ZGVeM16ulu__ZN4Grid6mscaleEii");
extern "C" v2df bm_mget(const Grid *, int, int, v2df) __asm__(
    "_ZGVbM2ulu__Z4mgetRK4Gridii");
extern "C" v4df cm_mget(const Grid *, int, int, v4df) __asm__(
    "_ZGVcM4ulu__Z4mgetRK4Gridii");
extern "C" v4df dm_mget(const Grid *, int, int, v4df) __asm__(
    "_ZGVdM4ulu__Z4mgetRK4Gridii");
extern "C" v8df em_mget(const Grid *, int, int, int) __asm__(
    "_ZGVeM8ulu__Z4mgetRK4Gridii");
extern "C" v2sf bm_hget(const Grid *, int, int, v2sf) __asm__(
    "_ZGVbM2ulu__Z4hgetRK4Gridii");
extern "C" v2sf cm_hget(const Grid *, int, int, v2sf) __asm__(
    "_ZGVcM2ulu__Z4hgetRK4Gridii");
extern "C" v2sf dm_hget(const Grid *, int, int, v2sf) __asm__(
    "_ZGVdM2ulu__Z4hgetRK4Gridii");
extern "C" v2sf em_hget(const Grid *, int, int, int) __asm__(
    "_ZGVeM2ulu__Z4hgetRK4Gridii");
extern "C" void bm_mimg(Image *, int, int, float, float, int, v4si) __asm__(
    "_ZGVbM4uluuuu__Z11mandel_mimgR5Imageiiffi");
extern "C" void cm_mimg(Image *, int, int, float, float, int, v4si) __asm__(
    "_ZGVcM4uluuuu__Z11mandel_mimgR5Imageiiffi");
extern "C" void dm_mimg(Image *, int, int, float, float, int, v8si) __asm__(
    "_ZGVdM8uluuuu__Z11mandel_mimgR5Imageiiffi");
extern "C" void em_mimg(Image *, int, int, float, float, int, int) __asm__(
    "_ZGVeM16uluuuu__Z11mandel_mimgR5Imageiiffi");
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


// Masks as gcc passes them: all-ones elements of the characteristic type
// for active lanes (b, c, d), one bit per lane (e).
template <class M, class I, int VL> static M laneMask(const bool *Act) {
  union {
    I Bits[VL];
    M Mask;
  } U;
  for (int L = 0; L < VL; ++L)
    U.Bits[L] = Act[L] ? -1 : 0;
  return U.Mask;
}
static int bitMask(const bool *Act, int VL) {
  int M = 0;
  for (int L = 0; L < VL; ++L)
    M |= Act[L] ? 1 << L : 0;
  return M;
}

// One ISA's masked grid variants, each called with a lane-activity array.
struct MaskedGrid {
  const char *Isa;
  int VL;    // mstep, mscale
  int GetVL; // mget
  void (*Step)(Grid *, int, int, const bool *);
  void (*Scale)(Grid *, int, int, const bool *);
  void (*Get)(const Grid *, int, int, const bool *, double *);
  void (*HGet)(const Grid *, int, int, const bool *, float *);
};

#define MASKED_GRID(ISA, VL, GVL, MT, GMT, GIT)                                \
  static const MaskedGrid ISA##_masked = {                                     \
      #ISA, VL, GVL,                                                           \
      [](Grid *G, int I, int N, const bool *Act) {                             \
        ISA##m_mstep(G, I, N, laneMask<MT, int, VL>(Act));                     \
      },                                                                       \
      [](Grid *G, int I, int N, const bool *Act) {                             \
        ISA##m_mscale(G, I, N, laneMask<MT, int, VL>(Act));                    \
      },                                                                       \
      [](const Grid *G, int I, int N, const bool *Act, double *Out) {          \
        GMT R = ISA##m_mget(G, I, N, laneMask<GMT, GIT, GVL>(Act));            \
        memcpy(Out, &R, sizeof R);                                             \
      },                                                                       \
      [](const Grid *G, int I, int N, const bool *Act, float *Out) {           \
        v2sf R = ISA##m_hget(G, I, N, laneMask<v2sf, int, 2>(Act));            \
        memcpy(Out, &R, sizeof R);                                             \
      }};
MASKED_GRID(b, 4, 2, v4si, v2df, long long)
MASKED_GRID(c, 4, 4, v4si, v4df, long long)
MASKED_GRID(d, 8, 4, v8si, v4df, long long)

__attribute__((target("avx512f"))) static void
eGet(const Grid *G, int I, int N, const bool *Act, double *Out) {
  v8df R = em_mget(G, I, N, bitMask(Act, 8));
  memcpy(Out, &R, sizeof R);
}
__attribute__((target("avx512f"))) static void
eHGet(const Grid *G, int I, int N, const bool *Act, float *Out) {
  v2sf R = em_hget(G, I, N, bitMask(Act, 2));
  memcpy(Out, &R, sizeof R);
}
static const MaskedGrid e_masked = {
    "e", 16, 8,
    [](Grid *G, int I, int N, const bool *Act) {
      em_mstep(G, I, N, bitMask(Act, 16));
    },
    [](Grid *G, int I, int N, const bool *Act) {
      em_mscale(G, I, N, bitMask(Act, 16));
    },
    eGet, eHGet};

static void (*volatile S_mstep)(Grid &, int, int) = mstep;
static double (*volatile S_mget)(const Grid &, int, int) = mget;
static float (*volatile S_hget)(const Grid &, int, int) = hget;
static void scalarScale(Grid &G, int I, int N) { G.mscale(I, N); }
static void (*volatile S_mscale)(Grid &, int, int) = scalarScale;

// Lane activity pattern R of VL lanes: all on, all off, first only, last
// only, even lanes, odd lanes, then pseudo-random ones.
enum { NPATTERNS = 10 };
static void pattern(bool *Act, int VL, int R) {
  unsigned X = 2654435761u * (R + 1);
  for (int L = 0; L < VL; ++L) {
    X = X * 1103515245u + 12345u;
    Act[L] = R == 0   ? true
             : R == 1 ? false
             : R == 2 ? L == 0
             : R == 3 ? L == VL - 1
             : R == 4 ? L % 2 == 0
             : R == 5 ? L % 2 == 1
                      : (X >> 16) & 1;
  }
}

// Every masked grid variant under every pattern: memory must equal the
// scalar function's run on the active lanes; returned values of active
// lanes must equal its results, and hget's inactive lanes return 0.
static void maskedGridCases(const MaskedGrid &V) {
  static double A[CELLS], B[CELLS];
  char What[64];
  for (int R = 0; R < NPATTERNS; ++R)
    for (int N = 1; N + 1 < NY; ++N)
      for (int I0 = 0; I0 + 16 < NX; I0 += 7) {
        bool Act[16];
        for (int Fn = 0; Fn < 2; ++Fn) {
          pattern(Act, V.VL, R);
          double Init[CELLS];
          fill(Init, CELLS, 11u * N + I0 + R);
          memcpy(A, Init, sizeof A);
          memcpy(B, Init, sizeof B);
          Grid GA{A, NX}, GB{B, NX};
          (Fn ? V.Scale : V.Step)(&GA, I0, N, Act);
          for (int L = 0; L < V.VL; ++L)
            if (Act[L])
              (Fn ? S_mscale : S_mstep)(GB, I0 + L, N);
          snprintf(What, sizeof What, "%sm %s (pattern %d)", V.Isa,
                   Fn ? "mscale" : "mstep", R);
          expectSame(What, A, B, sizeof A);
        }
        Grid G{A, NX};
        double Got[8], Want[8];
        pattern(Act, V.GetVL, R);
        V.Get(&G, I0, N, Act, Got);
        for (int L = 0; L < V.GetVL; ++L) {
          Want[L] = Act[L] ? S_mget(G, I0 + L, N) : 0.0;
          if (!Act[L])
            Got[L] = 0.0; // unspecified
        }
        snprintf(What, sizeof What, "%sm mget (pattern %d)", V.Isa, R);
        expectSame(What, Got, Want, V.GetVL * sizeof(double));
        float HGot[2], HWant[2];
        pattern(Act, 2, R);
        V.HGet(&G, I0, N, Act, HGot);
        for (int L = 0; L < 2; ++L)
          HWant[L] = Act[L] ? S_hget(G, I0 + L, N) : 0.0f;
        snprintf(What, sizeof What, "%sm hget (pattern %d)", V.Isa, R);
        expectSame(What, HGot, HWant, sizeof HGot);
      }
}

static void (*volatile ScalarMImg)(Image &, int, int, float, float,
                                   int) = mandel_mimg;

// Masked Mandelbrot through an image: every pattern on every row; then the
// first Active lanes on, the others' pixels on an unmapped page (no lane
// on: a null image).
template <class Fn>
static void maskedImgCase(const char *Isa, int VL, Fn Variant) {
  enum { W = 40, H = 5 };
  static int A[W * H], B[W * H];
  char What[64];
  bool Act[16];
  for (int R = 0; R < NPATTERNS; ++R)
    for (int J = 0; J < H; ++J)
      for (int I0 = 0; I0 + VL <= W; I0 += 9) {
        pattern(Act, VL, R);
        float Y0 = -1.0f + 0.5f * J, Dx = 3.0f / W;
        for (int K = 0; K < W * H; ++K)
          A[K] = B[K] = K;
        Image IA{A, W}, IB{B, W};
        Variant(&IA, I0, J, Y0, Dx, 60, Act);
        for (int L = 0; L < VL; ++L)
          if (Act[L])
            ScalarMImg(IB, I0 + L, J, Y0, Dx, 60);
        snprintf(What, sizeof What, "%sm mandel_mimg (pattern %d)", Isa, R);
        expectSame(What, A, B, sizeof A);
      }
  for (int Active = 0; Active <= VL; ++Active) {
    for (int L = 0; L < VL; ++L)
      Act[L] = L < Active;
    int *P = guarded(Active), Want[16];
    for (int L = 0; L < Active; ++L)
      P[L] = Want[L] = -L;
    // Row 1, columns 7 on: pixel (7 + L, 1) is P[L].
    Image Img{P - 7 - 64, 64}, Ref{Want - 7 - 64, 64};
    Variant(Active ? &Img : nullptr, 7, 1, 0.1f, 0.05f, 40, Act);
    for (int L = 0; L < Active; ++L)
      ScalarMImg(Ref, 7 + L, 1, 0.1f, 0.05f, 40);
    snprintf(What, sizeof What, "%sm mandel_mimg (%d of %d lanes)", Isa,
             Active, VL);
    expectSame(What, P, Want, Active * sizeof(int));
  }
}

// Rows 0 and 1 of a grid whose elements from lane Active on (columns
// I0 + Active and up) are on unmapped pages: the row length is two pages.
static Grid guardedGrid(int I0, int Active) {
  static char *Base;
  long Page = sysconf(_SC_PAGESIZE);
  if (!Base) {
    Base = (char *)mmap(nullptr, 4 * Page, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    mprotect(Base + Page, Page, PROT_NONE);
    mprotect(Base + 3 * Page, Page, PROT_NONE);
  }
  return Grid{(double *)(Base + Page) - (I0 + Active),
              (int)(2 * Page / sizeof(double))};
}

// The first Active lanes on, the others' elements unmapped; no lane on:
// a null grid.
static void maskedGuardedCases(const MaskedGrid &V) {
  enum { I0 = 5 };
  char What[64];
  for (int Fn = 0; Fn < 4; ++Fn) {
    int VL = Fn < 2 ? V.VL : Fn == 2 ? V.GetVL : 2;
    for (int Active = 0; Active <= VL; ++Active) {
      bool Act[16];
      for (int L = 0; L < VL; ++L)
        Act[L] = L < Active;
      Grid G = guardedGrid(I0, Active);
      static double Ref[2 * 4096];
      Grid R{Ref + 64, 1 << 12};
      for (int Row = 0; Row < 2; ++Row)
        for (int L = 0; L < Active; ++L)
          G(I0 + L, Row) = R(I0 + L, Row) = 1.5 * L - 3.25 * Row + 0.125;
      Grid *P = Active ? &G : nullptr;
      double Got[2 * 16], Want[2 * 16];
      float HGot[2], HWant[2];
      switch (Fn) {
      case 0:
      case 1:
        (Fn ? V.Scale : V.Step)(P, I0, 0, Act);
        for (int L = 0; L < Active; ++L)
          (Fn ? S_mscale : S_mstep)(R, I0 + L, 0);
        for (int Row = 0; Row < 2; ++Row)
          for (int L = 0; L < Active; ++L) {
            Got[Row * 16 + L] = G(I0 + L, Row);
            Want[Row * 16 + L] = R(I0 + L, Row);
          }
        break;
      case 2:
        V.Get(P, I0, 0, Act, Got);
        for (int L = 0; L < Active; ++L)
          Want[L] = S_mget(R, I0 + L, 0);
        break;
      case 3:
        V.HGet(P, I0, 0, Act, HGot);
        for (int L = 0; L < 2; ++L)
          HWant[L] = L < Active ? S_hget(R, I0 + L, 0) : 0.0f;
        break;
      }
      const char *Name[] = {"mstep", "mscale", "mget", "hget"};
      snprintf(What, sizeof What, "%sm %s (%d of %d lanes, rest unmapped)",
               V.Isa, Name[Fn], Active, VL);
      if (Fn == 3)
        expectSame(What, HGot, HWant, sizeof HGot);
      else if (Fn == 2)
        expectSame(What, Got, Want, Active * sizeof(double));
      else
        for (int Row = 0; Row < 2; ++Row)
          expectSame(What, Got + Row * 16, Want + Row * 16,
                     Active * sizeof(double));
    }
  }
}

int main() {
  static void (*volatile S_step)(Grid &, int, int) = step;
  static void (*volatile S_istep)(IGrid &, int, int) = istep;
  static void (*volatile S_step2)(Grid &, int, int) = step2;
  static void (*volatile S_ustep)(UGrid &, unsigned, unsigned) = ustep;
  static void (*volatile S_lstep)(LGrid &, long, long) = lstep;
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
      [](Grid &G, int I, int N) { bm_mstep(&G, I, N, v4si{-1, -1, -1, -1}); },
      S_mstep);
  gridCase<Grid, double, int>(
      "dm mstep (all on)", 8, 1,
      [](Grid &G, int I, int N) {
        dm_mstep(&G, I, N, v8si{-1, -1, -1, -1, -1, -1, -1, -1});
      },
      S_mstep);
  const MaskedGrid *Masked[] = {&b_masked, &c_masked, &d_masked, &e_masked};
  for (const MaskedGrid *V : Masked)
    if (V != &e_masked || E) {
      maskedGridCases(*V);
      maskedGuardedCases(*V);
    }
  maskedImgCase("b", 4, [](Image *I, int X, int J, float Y0, float Dx, int Max,
                           const bool *Act) {
    bm_mimg(I, X, J, Y0, Dx, Max, laneMask<v4si, int, 4>(Act));
  });
  maskedImgCase("c", 4, [](Image *I, int X, int J, float Y0, float Dx, int Max,
                           const bool *Act) {
    cm_mimg(I, X, J, Y0, Dx, Max, laneMask<v4si, int, 4>(Act));
  });
  maskedImgCase("d", 8, [](Image *I, int X, int J, float Y0, float Dx, int Max,
                           const bool *Act) {
    dm_mimg(I, X, J, Y0, Dx, Max, laneMask<v8si, int, 8>(Act));
  });
  if (E)
    maskedImgCase("e", 16, [](Image *I, int X, int J, float Y0, float Dx,
                              int Max, const bool *Act) {
      em_mimg(I, X, J, Y0, Dx, Max, bitMask(Act, 16));
    });
  maskedRowCase<v4si>("bm mandel_row", 4, bm_mrow);
  maskedRowCase<v4si>("cm mandel_row", 4, cm_mrow);
  maskedRowCase<v8si>("dm mandel_row", 8, dm_mrow);
  if (E) {
    gridCase<Grid, double, int>(
        "em mstep (all on)", 16, 1,
        [](Grid &G, int I, int N) { em_mstep(&G, I, N, 0xffff); }, S_mstep);
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
