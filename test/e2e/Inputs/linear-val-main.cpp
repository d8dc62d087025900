// Every element of the linear(val/uval) caller loops against the scalar
// callee called through a volatile pointer, bit for bit.
#include "../../outside/Inputs/lanecheck.h"
#include "linear-val.h"

void lu_int_loop(int *b, int base, int n);
void lu_two_loop(int *b, int n);
void lv_int_loop(int *b, int n);
void lv_k_loop(int *b, int k, int n);
void lu_mod_loop(int *b, int n);
void lu_cond_loop(const int *a, int *b, int n);
void lu_dbl_loop(float *out, int n);
void lv_short_loop(short *out, int n);
void lu_gather_loop(const int *idx, int *b, int n);
void lu_stride_loop(int *b, int n);
void lv_iv_loop(int *b, int n);
void lv_body_loop(int *b, int n);

static int (*volatile UInt)(int &) = lu_int;
static int (*volatile UTwo)(long &) = lu_two;
static int (*volatile VInt)(int &) = lv_int;
static int (*volatile VK)(int &, int) = lv_k;
static int (*volatile UMod)(int &) = lu_mod;
static int (*volatile UCond)(int &) = lu_cond;
static double (*volatile UDbl)(int &) = lu_dbl;
static short (*volatile VShort)(short &) = lv_short;
static int (*volatile Body)(int) = lv_body;

static int A[N], B[N], Idx[N];
static float F[N];
static short S[N];

int main() {
  for (int i = 0; i < N; ++i) {
    A[i] = i == 6 ? 0 : (int)(rnd() % 3); // lane 6 (x == 7) inactive
    Idx[i] = (int)(rnd() % 20001) - 10000;
  }
  static const int Bases[] = {0, -17, 1000};
  for (int base : Bases) {
    lu_int_loop(B, base, N);
    for (int i = 0; i < N; ++i) {
      int t = i + base;
      EXPECT_SAME("lu_int", i, B[i], UInt(t));
    }
  }
  lu_two_loop(B, N);
  for (int i = 0; i < N; ++i) {
    long t = 2L * i + 7;
    EXPECT_SAME("lu_two", i, B[i], UTwo(t));
  }
  lv_int_loop(B, N);
  for (int i = 0; i < N; ++i) {
    int t = i - 300;
    EXPECT_SAME("lv_int", i, B[i], VInt(t));
  }
  lv_k_loop(B, 7, N);
  for (int i = 0; i < N; ++i) {
    int t = 3 * i - 1000;
    EXPECT_SAME("lv_k", i, B[i], VK(t, 7));
  }
  lu_mod_loop(B, N);
  for (int i = 0; i < N; ++i) {
    int t = i;
    EXPECT_SAME("lu_mod", i, B[i], UMod(t));
  }
  for (int i = 0; i < N; ++i)
    B[i] = -1;
  lu_cond_loop(A, B, N);
  for (int i = 0; i < N; ++i) {
    int t = i + 1;
    EXPECT_SAME("lu_cond", i, B[i], A[i] ? UCond(t) : -1);
  }
  lu_dbl_loop(F, N);
  for (int i = 0; i < N; ++i) {
    int t = i;
    EXPECT_SAME("lu_dbl", i, F[i], (float)UDbl(t));
  }
  lv_short_loop(S, N);
  for (int i = 0; i < N; ++i) {
    short t = (short)(i - 500);
    EXPECT_SAME("lv_short", i, S[i], VShort(t));
  }
  lu_gather_loop(Idx, B, N);
  for (int i = 0; i < N; ++i) {
    int t = Idx[i];
    EXPECT_SAME("lu_gather", i, B[i], UInt(t));
  }
  lu_stride_loop(B, N);
  for (int i = 0; i < N; ++i) {
    int t = 2 * i;
    EXPECT_SAME("lu_stride", i, B[i], UInt(t));
  }
  lv_iv_loop(B, N);
  for (int i = 0; i < N; ++i) {
    int t = i;
    EXPECT_SAME("lv_iv", i, B[i], VInt(t));
  }
  lv_body_loop(B, N);
  for (int i = 0; i < N; ++i)
    EXPECT_SAME("lv_body", i, B[i], Body(i + 3));
  REPORT();
}
