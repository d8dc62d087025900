// Every element of the linear(ref) caller loops, results and the values
// written through the references, against the scalar callee called through
// a volatile pointer, bit for bit.
#include "../../outside/Inputs/lanecheck.h"
#include "linear-ref.h"

void lr_int_loop(int *a, int *b, int n);
void lr_dbl_loop(double *x, double *y, int n);
void lr_foo_loop(const int *a, LRS *s, int *c, int *out, int n);
void lr_two_loop(int *a, int *b, int n);
void lr_cond_loop(int *a, int *b, int n);
void lr_comp_loop(double *x, float *out, int n);
void lr_gather_loop(int *a, const int *idx, int *b, int n);
void lr_stride_loop(int *a, int *b, int n);
void lr_fwd_loop(int *a, int *b, int n);
void lr_at_loop(int *a, int *b, int n);

static int (*volatile Int)(int &) = lr_int;
static double (*volatile Dbl)(double &) = lr_dbl;
static int (*volatile Foo)(int, LRS &, int &) = lr_foo;
static int (*volatile Two)(int &) = lr_two;
static int (*volatile Cond)(int &) = lr_cond;
static double (*volatile Comp)(double &) = lr_comp;
static int (*volatile Fwd)(int &) = lr_fwd;
static int (*volatile At)(int *, int) = lr_at;

static int IA[2 * N], IA0[2 * N], IB[N], IC[N], IC0[N], Idx[N];
static double DX[N], DX0[N], DY[N];
static float F[N];
static LRS S[N], S0[N];

int main() {
  for (int i = 0; i < 2 * N; ++i)
    IA0[i] = (int)(rnd() % 20001) - 10000;
  for (int i = 0; i < N; ++i) {
    DX0[i] = (double)(rnd() % 200001) / 64.0 - 1500.0;
    S0[i].a = (int)(rnd() % 2001) - 1000;
    S0[i].w = (float)(rnd() % 4001) / 8.0f - 250.0f;
    IC0[i] = (int)(rnd() % 2001) - 1000;
    Idx[i] = (int)((i * 389u + 17u) % N); // a permutation of 0..N-1
  }

  memcpy(IA, IA0, sizeof IA);
  lr_int_loop(IA, IB, N);
  for (int i = 0; i < N; ++i) {
    int r = IA0[i];
    int want = Int(r);
    EXPECT_SAME("int", i, IB[i], want);
    EXPECT_SAME("int ref", i, IA[i], r);
  }

  memcpy(DX, DX0, sizeof DX);
  lr_dbl_loop(DX, DY, N);
  for (int i = 0; i < N; ++i) {
    double x = DX0[i];
    double want = Dbl(x);
    EXPECT_SAME("dbl", i, DY[i], want);
    EXPECT_SAME("dbl ref", i, DX[i], x);
  }

  memcpy(S, S0, sizeof S);
  memcpy(IC, IC0, sizeof IC);
  lr_foo_loop(IA0, S, IC, IB, N);
  for (int i = 0; i < N; ++i) {
    LRS s = S0[i];
    int c = IC0[i];
    int want = Foo(IA0[i], s, c);
    EXPECT_SAME("foo", i, IB[i], want);
    EXPECT_SAME("foo ref b.a", i, S[i].a, s.a);
    EXPECT_SAME("foo ref b.w", i, S[i].w, s.w);
    EXPECT_SAME("foo ref c", i, IC[i], c);
  }

  memcpy(IA, IA0, sizeof IA);
  lr_two_loop(IA, IB, N);
  for (int i = 0; i < 2 * N; ++i) {
    int r = IA0[i];
    if (i % 2 == 0) {
      EXPECT_SAME("two", i / 2, IB[i / 2], Two(r));
    }
    EXPECT_SAME("two ref", i, IA[i], r); // odd elements untouched
  }

  // Zeros alone and in runs: whole vectors of inactive lanes too.
  for (int i = 0; i < N; ++i) {
    IA[i] = (i / 8) % 3 == 0 || rnd() % 4 == 0 ? 0 : IA0[i];
    IA0[i] = IA[i];
    IB[i] = -7;
  }
  lr_cond_loop(IA, IB, N);
  for (int i = 0; i < N; ++i) {
    int r = IA0[i];
    int want = r != 0 ? Cond(r) : -7;
    EXPECT_SAME("cond", i, IB[i], want);
    EXPECT_SAME("cond ref", i, IA[i], r);
  }

  memcpy(DX, DX0, sizeof DX);
  lr_comp_loop(DX, F, N);
  for (int i = 0; i < N; ++i) {
    double x = DX0[i];
    float want = (float)Comp(x);
    EXPECT_SAME("comp", i, F[i], want);
    EXPECT_SAME("comp ref", i, DX[i], x);
  }

  memcpy(IA, IA0, sizeof IA);
  lr_gather_loop(IA, Idx, IB, N);
  for (int i = 0; i < N; ++i) {
    int r = IA0[Idx[i]];
    int want = Int(r);
    EXPECT_SAME("gather", i, IB[i], want);
    EXPECT_SAME("gather ref", Idx[i], IA[Idx[i]], r);
  }

  memcpy(IA, IA0, sizeof IA);
  lr_stride_loop(IA, IB, N);
  for (int i = 0; i < 2 * N; ++i) {
    int r = IA0[i];
    if (i % 2 == 0) {
      EXPECT_SAME("stride", i / 2, IB[i / 2], Int(r));
    }
    EXPECT_SAME("stride ref", i, IA[i], r);
  }

  memcpy(IA, IA0, sizeof IA);
  lr_fwd_loop(IA, IB, N);
  for (int i = 0; i < N; ++i) {
    int r = IA0[i];
    int want = Fwd(r);
    EXPECT_SAME("fwd", i, IB[i], want);
    EXPECT_SAME("fwd ref", i, IA[i], r);
  }

  memcpy(IA, IA0, sizeof IA);
  memcpy(IC, IA0, sizeof IC);
  lr_at_loop(IA, IB, N);
  for (int i = 0; i < N; ++i) {
    int want = At(IC, i); // writes IC[i] as lr_at_loop wrote IA[i]
    EXPECT_SAME("at", i, IB[i], want);
    EXPECT_SAME("at ref", i, IA[i], IC[i]);
  }
  REPORT();
}
