/* omp simd loops over the declare-simd functions of more.c, checked element
 * by element against scalar calls through volatile pointers (never
 * vectorized). N is not a multiple of any VL; inputs include NaN, +-INF,
 * -0.0, INT_MIN/INT_MAX, LONG_MIN/LONG_MAX, SHRT_MIN/MAX, SCHAR_MIN/MAX.
 * Conditional calls use the masked variants when the caller's compiler
 * calls them (clang + vecclone does; gcc 12 calls the scalar function);
 * their outputs start as sentinels, so a store by an inactive lane shows,
 * and gather_masked gets wild indices on inactive lanes (a read faults).
 * The whole output (including p_print's printf lines) must also equal the
 * scalar program's (gcc -O0, pragmas ignored). */
#include "more.h"
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define N 1003
static float fa[N], fb[N], fc[N], fr[N], fe[N];
static double da[N], dr[N];
static int ia[N], ib[N], isp[N], iz[N], idv[N], ir[N], ie[N];
static int ir2[2 * N + 2], ie2[2 * N + 2];
static long la[N], ldv[N], lr[N];
static short sa[N], sb[N], sr[N];
static signed char ca[N], cr[N];
static struct P2 p2[N], w2[N], e2[N];
static struct P3 p3[N], w3[N], e3[N];
static struct P4 p4[N], w4[N], e4[N];
static struct P8 p8[N], w8[N], e8[N];
static float tabf[256], sorted[100], lin2[2 * N + 2];
static int idx[N], next[64], lin3[3 * N + 3];
static int logv[4096], logv_n;

#define SP(f) static __typeof__(&f) volatile s_##f = f;
SP(sw_dense) SP(sw_sparse) SP(sw_loop) SP(nest3) SP(early_ret) SP(early_ret2)
SP(while_cb) SP(do_while) SP(uni_bound) SP(aos2_read) SP(aos3_read)
SP(aos4_read) SP(aos8_read) SP(aos2_write) SP(aos3_write) SP(aos4_write)
SP(aos8_write) SP(gather_idx) SP(chase) SP(gather_masked) SP(bsearch_f)
SP(m_accum) SP(m_lin2) SP(t_char) SP(t_short) SP(t_long) SP(t_float)
SP(t_double) SP(zero_trip) SP(div_loop) SP(ldiv_loop) SP(m_div) SP(sl4)
SP(sl16) SP(lin_step2) SP(lin_step3) SP(call_pure) SP(m_logcall) SP(p_print)
static volatile int v_n12 = 12, v_n0 = 0;

static int same_f(float a, float b) { return memcmp(&a, &b, sizeof a) == 0; }
static int same_d(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }
#define EQ(a, b) ((a) == (b))
#define SAME(a, b) (memcmp(&(a), &(b), sizeof(a)) == 0)
static int bad;
static void check(const char *what, int i, int ok) {
  if (!ok && bad++ < 40)
    printf("MISMATCH %s at %d\n", what, i);
}

/* r[i] = vector call, in an omp simd loop; then compare with the scalar. */
#define RUN(r, name, vcall, scall, eq)                                         \
  do {                                                                         \
    _Pragma("omp simd") for (int i = 0; i < N; ++i) r[i] = vcall;              \
    for (int i = 0; i < N; ++i)                                                \
      check(name, i, eq(r[i], scall));                                         \
  } while (0)

int main(void) {
  unsigned seed = 77;
  for (int i = 0; i < N; ++i) {
    seed = seed * 1103515245u + 12345u;
    unsigned s2 = seed * 2654435761u;
    fa[i] = (float)((int)(seed >> 9) % 3000 - 1000) / 250.0f;
    fb[i] = (float)((int)(seed >> 13) % 2400 - 1200) / 300.0f;
    fc[i] = (float)((int)(s2 >> 11) % 2000 - 1000) / 400.0f;
    da[i] = fa[i] * 1.7 + 0.001 * (i % 7);
    ia[i] = (int)(seed >> 3) % 200000 - 100000;
    if (i % 5 == 0) ia[i] = (int)seed; /* full range */
    ib[i] = (int)(s2 >> 7) % 5000 - 1000;
    la[i] = (long)ia[i] * 2654435761L + (long)ib[i];
    sa[i] = (short)(seed >> 5);
    sb[i] = (short)((int)(s2 >> 17) % 400 - 200);
    ca[i] = (signed char)(seed >> 11);
    static const int sparse[12] = {INT_MIN, -5, 0, 1, 100, 1000, 65536,
                                   INT_MAX, 2, 99, 1001, -6};
    isp[i] = (i % 3 == 0) ? ia[i] : sparse[(seed >> 4) % 12];
    iz[i] = i < 64 ? -(i + 1) : ia[i] % 40;
    idv[i] = (i % 4 == 0) ? 0 : (int)(s2 >> 9) % 41 - 20;
    ldv[i] = (i % 3 == 0) ? 0 : (long)((int)(s2 >> 9) % 21 - 10);
    idx[i] = (int)(s2 >> 5) & 255;
    p2[i].x = fa[i]; p2[i].y = fb[i] * 4.0f;
    p3[i].a = ia[i]; p3[i].b = ib[i]; p3[i].c = (int)(s2 >> 20);
    p4[i].x = fa[i]; p4[i].y = fb[i] * 8.0f; p4[i].z = fc[i]; p4[i].w = fb[i];
    for (int j = 0; j < 8; ++j)
      p8[i].v[j] = (int)((s2 >> (j * 3)) & 255) - 20;
  }
  fa[0] = NAN; fa[1] = -0.0f; fa[2] = INFINITY; fa[3] = -INFINITY;
  fb[4] = NAN; fa[5] = 0.0f; fb[5] = 0.0f; fc[6] = NAN; fb[7] = -INFINITY;
  fa[8] = fb[8] = fc[8] = -0.0f; fb[9] = INFINITY; fc[10] = INFINITY;
  da[0] = NAN; da[1] = -0.0; da[2] = INFINITY; da[3] = -INFINITY; da[4] = 1e300;
  ia[6] = INT_MIN; ia[7] = INT_MAX; ia[8] = 0; ia[9] = -1; ia[10] = INT_MIN + 1;
  ib[6] = INT_MIN; ib[7] = INT_MAX;
  idv[11] = -1; idv[6] = -1; idv[7] = INT_MIN; idv[13] = INT_MAX; ia[13] = INT_MIN;
  la[11] = LONG_MIN; la[12] = -1; la[13] = LONG_MAX; ldv[11] = -1; ldv[12] = 2;
  ldv[13] = LONG_MIN;
  sa[14] = SHRT_MIN; sa[15] = SHRT_MAX; sb[15] = SHRT_MIN; sa[16] = sb[16] = 3;
  ca[17] = SCHAR_MIN; ca[18] = SCHAR_MAX; ca[19] = 0;
  p2[0].x = NAN; p2[1].y = INFINITY; p2[2].x = -0.0f; p2[3].y = NAN;
  p4[0].w = NAN; p4[1].y = NAN; p4[2].z = INFINITY; p4[3].x = -INFINITY;
  p3[6].a = INT_MIN; p3[7].b = INT_MAX & 0xffff; p3[8].c = INT_MIN;
  for (int j = 0; j < 8; ++j) p8[5].v[j] = j;
  for (int i = 0; i < 256; ++i)
    tabf[i] = (i % 13 == 0) ? -1.0f : (float)((i * 37) % 101) / 10.0f;
  tabf[3] = NAN; tabf[4] = INFINITY;
  for (int i = 0; i < 100; ++i) sorted[i] = (float)(i * 3 - 150) / 8.0f;
  for (int i = 0; i < 64; ++i) next[i] = (i * 7 + 3) % 67 - 3; /* some -1.. */
  for (int i = 0; i < 2 * N + 2; ++i) lin2[i] = (float)((i * 29) % 53) / 7.0f - 2.0f;
  for (int i = 0; i < 3 * N + 3; ++i) lin3[i] = (i * 31) % 97 - 40;

  /* switches, ifs, early returns, while/do-while, uniform bounds */
  RUN(ir, "sw_dense", sw_dense(ia[i]), s_sw_dense(ia[i]), EQ);
  RUN(ir, "sw_sparse", sw_sparse(isp[i]), s_sw_sparse(isp[i]), EQ);
  RUN(ir, "sw_loop", sw_loop(ia[i]), s_sw_loop(ia[i]), EQ);
  RUN(fr, "nest3", nest3(fa[i], fb[i], fc[i]), s_nest3(fa[i], fb[i], fc[i]), same_f);
  RUN(ir, "early_ret", early_ret(ia[i], 17), s_early_ret(ia[i], 17), EQ);
  RUN(ir, "early_ret2", early_ret2(ia[i]), s_early_ret2(ia[i]), EQ);
  RUN(ir, "while_cb", while_cb(ia[i]), s_while_cb(ia[i]), EQ);
  RUN(ir, "do_while", do_while(ia[i]), s_do_while(ia[i]), EQ);
  int n12 = v_n12, n0 = v_n0;
  RUN(ir, "uni_bound", uni_bound(ia[i], n12), s_uni_bound(ia[i], n12), EQ);
  RUN(ir, "uni_bound0", uni_bound(ia[i], n0), s_uni_bound(ia[i], n0), EQ);

  /* AoS reads */
  RUN(fr, "aos2_read", aos2_read(p2, i), s_aos2_read(p2, i), same_f);
  RUN(ir, "aos3_read", aos3_read(p3, i), s_aos3_read(p3, i), EQ);
  RUN(fr, "aos4_read", aos4_read(p4, i), s_aos4_read(p4, i), same_f);
  RUN(ir, "aos8_read", aos8_read(p8, i), s_aos8_read(p8, i), EQ);

  /* AoS writes: fields that are not written keep their sentinel. */
  for (int i = 0; i < N; ++i) {
    w2[i].x = e2[i].x = -7.0f; w2[i].y = e2[i].y = -8.0f;
    w3[i].a = e3[i].a = w3[i].b = e3[i].b = w3[i].c = e3[i].c = 0x5a5a5a5a;
    w4[i].x = e4[i].x = w4[i].y = e4[i].y = 3.5f;
    w4[i].z = e4[i].z = w4[i].w = e4[i].w = -3.5f;
    for (int j = 0; j < 8; ++j) w8[i].v[j] = e8[i].v[j] = -99;
  }
#pragma omp simd
  for (int i = 0; i < N; ++i) aos2_write(w2, i, fa[i] * 10.0f);
  for (int i = 0; i < N; ++i) {
    s_aos2_write(e2, i, fa[i] * 10.0f);
    check("aos2_write", i, SAME(w2[i], e2[i]));
  }
#pragma omp simd
  for (int i = 0; i < N; ++i) aos3_write(&w3[i], ia[i]);
  for (int i = 0; i < N; ++i) {
    s_aos3_write(&e3[i], ia[i]);
    check("aos3_write", i, SAME(w3[i], e3[i]));
  }
#pragma omp simd
  for (int i = 0; i < N; ++i)
    if (ia[i] & 2) aos4_write(&w4[i], fa[i] * 50.0f);
  for (int i = 0; i < N; ++i) {
    if (ia[i] & 2) s_aos4_write(&e4[i], fa[i] * 50.0f);
    check("aos4_write", i, SAME(w4[i], e4[i]));
  }
#pragma omp simd
  for (int i = 0; i < N; ++i) aos8_write(w8, i, ia[i]);
  for (int i = 0; i < N; ++i) {
    s_aos8_write(e8, i, ia[i]);
    check("aos8_write", i, SAME(w8[i], e8[i]));
  }
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < 8; ++j) w8[i].v[j] = e8[i].v[j] = -99;
#pragma omp simd
  for (int i = 0; i < N; ++i)
    if (ib[i] % 3 == 0) aos8_write(w8, i, ib[i]);
  for (int i = 0; i < N; ++i) {
    if (ib[i] % 3 == 0) s_aos8_write(e8, i, ib[i]);
    check("aos8_write masked", i, SAME(w8[i], e8[i]));
  }

  /* gathers */
  RUN(fr, "gather_idx", gather_idx(tabf, idx, i), s_gather_idx(tabf, idx, i), same_f);
  RUN(ir, "chase", chase(next, ia[i] % 64), s_chase(next, ia[i] % 64), EQ);
  RUN(ir, "bsearch_f", bsearch_f(sorted, 100, fa[i] * 4.0f),
      s_bsearch_f(sorted, 100, fa[i] * 4.0f), EQ);
  /* Inactive lanes get indices far outside tabf: reading them faults. */
#pragma omp simd
  for (int i = 0; i < N; ++i) {
    int j = (idx[i] & 3) ? (idx[i] & 63) : (i & 1 ? 1 << 29 : -(1 << 29));
    fr[i] = -1.25f;
    if (idx[i] & 3) fr[i] = gather_masked(tabf, j);
  }
  for (int i = 0; i < N; ++i) {
    fe[i] = -1.25f;
    if (idx[i] & 3) fe[i] = s_gather_masked(tabf, idx[i] & 63);
    check("gather_masked", i, same_f(fr[i], fe[i]));
  }

  /* masked stores through linear pointers, in loops */
  for (int i = 0; i < N; ++i) fr[i] = fe[i] = 42.0f;
#pragma omp simd
  for (int i = 0; i < N; ++i)
    if (fb[i] > 0.0f) m_accum(&fr[i], fa[i] * 20.0f);
  for (int i = 0; i < N; ++i) {
    if (fb[i] > 0.0f) s_m_accum(&fe[i], fa[i] * 20.0f);
    check("m_accum", i, same_f(fr[i], fe[i]));
  }
  for (int i = 0; i < 2 * N + 2; ++i) ir2[i] = ie2[i] = 0x5a5a5a5a;
#pragma omp simd
  for (int i = 0; i < N; ++i)
    if (ia[i] & 1) m_lin2(&ir2[2 * i], ia[i]);
  for (int i = 0; i < N; ++i)
    if (ia[i] & 1) s_m_lin2(&ie2[2 * i], ia[i]);
  for (int i = 0; i < 2 * N + 2; ++i) check("m_lin2", i, ir2[i] == ie2[i]);

  /* every scalar type */
  RUN(cr, "t_char", t_char(ca[i]), s_t_char(ca[i]), EQ);
  RUN(sr, "t_short", t_short(sa[i], sb[i]), s_t_short(sa[i], sb[i]), EQ);
  RUN(lr, "t_long", t_long(la[i]), s_t_long(la[i]), EQ);
  RUN(fr, "t_float", t_float(fa[i] * 1000.0f), s_t_float(fa[i] * 1000.0f), same_f);
  RUN(dr, "t_double", t_double(da[i]), s_t_double(da[i]), same_d);

  /* zero trips (the first 64 lanes: whole vectors), division */
  RUN(ir, "zero_trip", zero_trip(iz[i], ib[i]), s_zero_trip(iz[i], ib[i]), EQ);
  RUN(ir, "div_loop", div_loop(ia[i], idv[i]), s_div_loop(ia[i], idv[i]), EQ);
  RUN(lr, "ldiv_loop", ldiv_loop(la[i], ldv[i]), s_ldiv_loop(la[i], ldv[i]), EQ);
#pragma omp simd
  for (int i = 0; i < N; ++i) {
    ir[i] = 0x5a5a5a5a;
    if (idv[i] != 0) ir[i] = m_div(ia[i], idv[i]);
  }
  for (int i = 0; i < N; ++i)
    check("m_div", i, ir[i] == (idv[i] != 0 ? s_m_div(ia[i], idv[i]) : 0x5a5a5a5a));

  /* simdlen 4 and 16, linear steps 2 and 3 */
  RUN(fr, "sl4", sl4(fa[i] * 100.0f), s_sl4(fa[i] * 100.0f), same_f);
  /* A caller VF of 16 picks the simdlen(16) variant. */
#pragma omp simd simdlen(16)
  for (int i = 0; i < N; ++i) ir[i] = sl16(ia[i]);
  for (int i = 0; i < N; ++i) check("sl16", i, ir[i] == s_sl16(ia[i]));
  RUN(fr, "lin_step2", lin_step2(lin2, 2 * i), s_lin_step2(lin2, 2 * i), same_f);
  RUN(ir, "lin_step3", lin_step3(lin3, 3 * i), s_lin_step3(lin3, 3 * i), EQ);

  /* calls without variants */
  RUN(ir, "call_pure", call_pure(ia[i]), s_call_pure(ia[i]), EQ);
  more_log_n = 0;
#pragma omp simd
  for (int i = 0; i < N; ++i) {
    ir[i] = 0x5a5a5a5a;
    if (ia[i] % 3 == 1) ir[i] = m_logcall(ia[i]);
  }
  logv_n = more_log_n;
  memcpy(logv, more_log, sizeof logv);
  more_log_n = 0;
  for (int i = 0; i < N; ++i)
    check("m_logcall", i, ir[i] == (ia[i] % 3 == 1 ? s_m_logcall(ia[i]) : 0x5a5a5a5a));
  check("m_logcall log length", logv_n, logv_n == more_log_n);
  for (int i = 0; i < more_log_n; ++i)
    check("m_logcall log", i, logv[i] == more_log[i]);
  RUN(ir, "p_print", p_print(ia[i]), s_p_print(ia[i]), EQ);

  printf("mismatches: %d\n", bad);
  return bad != 0;
}
