/* Runs the loops of loops.c and compares every element, bit for bit, with
 * the scalar functions called one by one. */
#include "fns.h"
#include <stdio.h>
#include <string.h>
void loop_ff(float *, const float *, const float *, int);
void loop_fd(double *, const double *, int);
void loop_ul(float *, const float *, int);
void loop_idiv(int *, const int *, const int *, int);
void loop_fs(short *, const short *, int);
void loop_fl(long *, const long *, const long *, int);
void loop_st(float *, const float *, int);
void loop_uc(float *, const signed char *, int);
void loop_mixed(double *, const float *, const double *, int);
enum { N = 1003 };
static unsigned long long s = 88172645463325252ull;
static unsigned long long rnd(void) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; }
static int bad;
static void check(const char *what, const void *got, const void *exp, size_t n) {
  if (memcmp(got, exp, n)) { printf("MISMATCH %s\n", what); bad++; }
  else printf("ok %s\n", what);
}
int main(void) {
  static float fx[N], fy[N], fr[N], fe[N], fp[N], fq[N];
  static double dx[N], dr[N], de[N];
  static int ia[N], ib[N], ir[N], ie[N];
  static short sx[N], sr[N], se[N];
  static long la[N], lb[N], lr[N], le[N];
  static signed char cp[N];
  for (int i = 0; i < N; i++) {
    fx[i] = (float)((long)(rnd() % 2001) - 1000) / 16; fy[i] = (float)(rnd() % 1000) / 7;
    dx[i] = (double)((long)(rnd() % 4001) - 2000) / 1000;
    ia[i] = (int)rnd(); ib[i] = (int)(rnd() % 7) - 3; if (ib[i] == -1) ib[i] = 0;
    sx[i] = (short)rnd(); la[i] = (long)rnd(); lb[i] = (long)rnd();
    cp[i] = (signed char)rnd();
  }
  loop_ff(fr, fx, fy, N); for (int i = 0; i < N; i++) fe[i] = ff(fx[i], fy[i]);
  check("ff", fr, fe, sizeof fr);
  loop_fd(dr, dx, N); for (int i = 0; i < N; i++) de[i] = fd(dx[i]);
  check("fd", dr, de, sizeof dr);
  /* Multiples of 4 for the linear ones: gcc 12's AArch64 loops pass 0 as
   * the linear argument of the 2-lane call in their epilogue (measured:
   * wrong with gcc's own clones too). */
  loop_ul(fr, fx, N - 11); for (int i = 0; i < N - 11; i++) fe[i] = ul(fx, i);
  check("ul", fr, fe, sizeof(float) * (N - 11));
  loop_idiv(ir, ia, ib, N); for (int i = 0; i < N; i++) ie[i] = ib[i] ? idiv(ia[i], ib[i]) : -1;
  check("idiv", ir, ie, sizeof ir);
  loop_fs(sr, sx, N); for (int i = 0; i < N; i++) se[i] = fs(sx[i]);
  check("fs", sr, se, sizeof sr);
  loop_fl(lr, la, lb, N); for (int i = 0; i < N; i++) le[i] = fl(la[i], lb[i]);
  check("fl", lr, le, sizeof lr);
  loop_st(fp, fx, N - 3); for (int i = 0; i < N - 3; i++) st(fq, i, fx[i]);
  check("st", fp, fq, sizeof fp);
  loop_uc(fr, cp, N - 11); for (int i = 0; i < N - 11; i++) fe[i] = uc(cp, i);
  check("uc", fr, fe, sizeof(float) * (N - 11));
  loop_mixed(dr, fx, dx, N); for (int i = 0; i < N; i++) de[i] = mixed(fx[i], dx[i]);
  check("mixed", dr, de, sizeof dr);
  printf("mismatches: %d\n", bad);
  return bad != 0;
}
