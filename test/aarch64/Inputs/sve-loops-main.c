/* Runs the +sve caller loops of sve-loops.c (clang with the plugin: each
   calls the _ZGVsMx variant with the loop's predicate) and compares every
   element with the scalar function; odd trip counts leave a partial last
   vector. Prints "mismatches: N". */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "sve-fns.h"

void loop_ff(int, const float *, const float *, float *);
void loop_fd(int, const double *, double *);
void loop_fi_cond(int, const int *, const int *, int *);
void loop_fs(int, const short *, const short *, short *);
void loop_fc(int, const unsigned char *, const unsigned char *, unsigned char *);
void loop_fu(int, const float *, float *);
void loop_fw(int, float *, const float *);
void loop_fdiv(int, const int *, const int *, int *);
void loop_fm(int, const float *, const double *, double *);
void loop_mandel(int, const float *, const float *, int *);

#define N 1003
static unsigned seed = 777;
static unsigned rnd(void) { seed = seed * 1103515245u + 12345u; return seed >> 8; }
static int bad;
#define CHECK(name, got, want)                                                 \
  do {                                                                         \
    __typeof__(want) w_ = (want), g_ = (got);                                  \
    if (memcmp(&w_, &g_, sizeof w_) != 0 && bad++ < 10)                        \
      printf("MISMATCH %s %d: got %g want %g\n", name, i, (double)g_, (double)w_); \
  } while (0)

int main(void) {
  static float fa[N], fb[N], fr[N], out[N];
  static double da[N], dr[N];
  static int ia[N], ib[N], ir[N];
  static short sa[N], sb[N], sr[N];
  static unsigned char ca[N], cb[N], cr[N];
  for (int i = 0; i < N; ++i) {
    fa[i] = (float)(rnd() % 300) / 100.0f - 2.0f; fb[i] = (float)(rnd() % 300) / 100.0f - 1.5f;
    da[i] = (double)(rnd() % 4000) / 1000.0 - 1.0;
    ia[i] = (int)(rnd() % 2000) - 1000; ib[i] = (int)(rnd() % 21) - 10;
    sa[i] = (short)rnd(); sb[i] = (short)rnd(); ca[i] = rnd(); cb[i] = rnd();
  }
  loop_ff(N, fa, fb, fr);
  for (int i = 0; i < N; ++i) CHECK("ff", fr[i], ff(fa[i], fb[i]));
  loop_fd(N, da, dr);
  for (int i = 0; i < N; ++i) CHECK("fd", dr[i], fd(da[i]));
  for (int i = 0; i < N; ++i) ir[i] = -7;
  loop_fi_cond(N, ia, ib, ir);
  for (int i = 0; i < N; ++i) CHECK("fi", ir[i], ia[i] > 0 ? fi(ia[i], ib[i]) : -7);
  loop_fs(N, sa, sb, sr);
  for (int i = 0; i < N; ++i) CHECK("fs", sr[i], fs(sa[i], sb[i]));
  loop_fc(N, ca, cb, cr);
  for (int i = 0; i < N; ++i) CHECK("fc", cr[i], fc(ca[i], cb[i]));
  loop_fu(N, fa, fr);
  for (int i = 0; i < N; ++i) CHECK("fu", fr[i], fu(fa, i));
  for (int i = 0; i < N; ++i) { out[i] = -1.0f; fr[i] = (float)(rnd() % 20); }
  loop_fw(N, out, fr);
  for (int i = 0; i < N; ++i) CHECK("fw", out[i], fr[i] > 10.0f ? fr[i] * 2.0f + 3.0f : -1.0f);
  loop_fdiv(N, ia, ib, ir);
  for (int i = 0; i < N; ++i) CHECK("fdiv", ir[i], ib[i] != 0 ? fdiv(ia[i], ib[i]) : -1);
  loop_fm(N, fa, da, dr);
  for (int i = 0; i < N; ++i) CHECK("fm", dr[i], fm(fa[i], da[i]));
  loop_mandel(N, fa, fb, ir);
  for (int i = 0; i < N; ++i) CHECK("mandel", ir[i], mandel(fa[i], fb[i]));
  printf("ran 10 loops\nmismatches: %d\n", bad);
  return bad != 0;
}
