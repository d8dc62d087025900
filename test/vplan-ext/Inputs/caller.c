/* omp simd loops over the divergent declare-simd functions, checked element
 * by element against scalar calls through volatile pointers (never
 * vectorized). Inputs include NaN, infinities, -0.0, INT_MIN/INT_MAX. The
 * masked calls (fill_sum, run_length) only happen when the caller's compiler
 * calls masked variants (clang + vecclone does; gcc 12 calls the scalar
 * function); run_length's table ends right before an unmapped page, so an
 * inactive lane that read memory would fault. */
#include "divergent.h"
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define N 1003
static float fa[N], fb[N], fr[N];
static double da[N], db[N];
static int ia[N], ib[N], ir[N], ie[N];
static long la[N], lr[N];
static signed char cr[N];
static int tab_i[64];

static int (*volatile s_mandel)(float, float, int) = mandel;
static int (*volatile s_mandel_d)(double, double, int) = mandel_d;
static int (*volatile s_collatz)(int) = collatz_len;
static int (*volatile s_search)(const int *, int, int) = search;
static float (*volatile s_newton)(float) = newton_sqrt;
static int (*volatile s_nested)(int, int) = nested;
static int (*volatile s_two)(int) = two_loops;
static float (*volatile s_lib)(float, int) = loop_in_branch;
static int (*volatile s_skip)(int) = skip_thirds;
static void (*volatile s_fill)(int *, int) = fill_sum;
static int (*volatile s_gcd)(int, int) = gcd;
static int (*volatile s_grow)(float, float) = grow_until;
static long (*volatile s_pop)(long) = popcount_loop;
static signed char (*volatile s_digits)(int) = digits;
static int (*volatile s_run)(const float *, int) = run_length;
static float (*volatile s_force)(float, float, const float *, const float *, int) = force;
static int (*volatile s_mu)(int, int) = masked_uniform;
static float (*volatile s_win)(const float *, int, int) = window_sum;

static int same_f(float a, float b) { return memcmp(&a, &b, sizeof a) == 0; }
static int bad;
static void check(const char *what, int i, int ok) {
  if (!ok && bad++ < 10)
    printf("MISMATCH %s at %d\n", what, i);
}

int main(void) {
  unsigned seed = 2024;
  for (int i = 0; i < N; ++i) {
    seed = seed * 1103515245u + 12345u;
    fa[i] = (float)((int)(seed >> 9) % 3000 - 2000) / 1000.0f;
    fb[i] = (float)((int)(seed >> 13) % 2400 - 1200) / 1000.0f;
    da[i] = fa[i] + 0.001 * (i % 7);
    db[i] = fb[i];
    ia[i] = (int)(seed >> 3) % 200000 - 100000;
    ib[i] = (int)(seed >> 7) % 5000 - 1000;
    la[i] = (long)ia[i] * 2654435761L;
  }
  fa[0] = NAN; fa[1] = -0.0f; fa[2] = INFINITY; fa[3] = -INFINITY;
  fb[4] = NAN; fa[5] = 0.0f; fb[5] = 0.0f;
  ia[6] = INT_MIN; ia[7] = INT_MAX; ib[8] = 0; ia[9] = 0; ib[9] = 0;
  ib[10] = INT_MIN; la[11] = LONG_MIN; la[12] = -1;
  for (int i = 0; i < 64; ++i)
    tab_i[i] = (i * 37) % 101;

#pragma omp simd
  for (int i = 0; i < N; ++i) ir[i] = mandel(fa[i], fb[i], 200);
  for (int i = 0; i < N; ++i) check("mandel", i, ir[i] == s_mandel(fa[i], fb[i], 200));
#pragma omp simd
  for (int i = 0; i < N; ++i) ir[i] = mandel_d(da[i], db[i], 150);
  for (int i = 0; i < N; ++i) check("mandel_d", i, ir[i] == s_mandel_d(da[i], db[i], 150));
#pragma omp simd
  for (int i = 0; i < N; ++i) ir[i] = collatz_len(ia[i]);
  for (int i = 0; i < N; ++i) check("collatz_len", i, ir[i] == s_collatz(ia[i]));
#pragma omp simd
  for (int i = 0; i < N; ++i) ir[i] = search(tab_i, 64, ia[i] % 101);
  for (int i = 0; i < N; ++i) check("search", i, ir[i] == s_search(tab_i, 64, ia[i] % 101));
#pragma omp simd
  for (int i = 0; i < N; ++i) fr[i] = newton_sqrt(fa[i] * 100.0f);
  for (int i = 0; i < N; ++i) check("newton_sqrt", i, same_f(fr[i], s_newton(fa[i] * 100.0f)));
#pragma omp simd
  for (int i = 0; i < N; ++i) ir[i] = nested(ia[i], ib[i]);
  for (int i = 0; i < N; ++i) check("nested", i, ir[i] == s_nested(ia[i], ib[i]));
#pragma omp simd
  for (int i = 0; i < N; ++i) ir[i] = two_loops(ia[i]);
  for (int i = 0; i < N; ++i) check("two_loops", i, ir[i] == s_two(ia[i]));
#pragma omp simd
  for (int i = 0; i < N; ++i) fr[i] = loop_in_branch(fa[i] * 300.0f, 3);
  for (int i = 0; i < N; ++i) check("loop_in_branch", i, same_f(fr[i], s_lib(fa[i] * 300.0f, 3)));
#pragma omp simd
  for (int i = 0; i < N; ++i) ir[i] = skip_thirds(ia[i]);
  for (int i = 0; i < N; ++i) check("skip_thirds", i, ir[i] == s_skip(ia[i]));
#pragma omp simd
  for (int i = 0; i < N; ++i) ir[i] = gcd(ia[i], ib[i]);
  for (int i = 0; i < N; ++i) check("gcd", i, ir[i] == s_gcd(ia[i], ib[i]));
#pragma omp simd
  for (int i = 0; i < N; ++i) ir[i] = grow_until(fa[i], fb[i] * 50.0f);
  for (int i = 0; i < N; ++i) check("grow_until", i, ir[i] == s_grow(fa[i], fb[i] * 50.0f));
#pragma omp simd
  for (int i = 0; i < N; ++i) lr[i] = popcount_loop(la[i]);
  for (int i = 0; i < N; ++i) check("popcount_loop", i, lr[i] == s_pop(la[i]));
#pragma omp simd
  for (int i = 0; i < N; ++i) cr[i] = digits(ia[i]);
  for (int i = 0; i < N; ++i) check("digits", i, cr[i] == s_digits(ia[i]));

  for (int n = 0; n <= 40; n += 13) {
#pragma omp simd
    for (int i = 0; i < N; ++i) fr[i] = force(fa[i], fb[i], fb, fa, n);
    for (int i = 0; i < N; ++i) check("force", i, same_f(fr[i], s_force(fa[i], fb[i], fb, fa, n)));
#pragma omp simd
    for (int i = 0; i < N; ++i) ir[i] = ia[i] & 2 ? masked_uniform(ia[i], n) : -7;
    for (int i = 0; i < N; ++i) check("masked_uniform", i, ir[i] == (ia[i] & 2 ? s_mu(ia[i], n) : -7));
  }

  /* Masked: only odd inputs store; the others keep the sentinel. */
  for (int i = 0; i < N; ++i) ir[i] = ie[i] = 0x5a5a5a5a;
#pragma omp simd
  for (int i = 0; i < N; ++i)
    if (ia[i] & 1) fill_sum(&ir[i], ia[i]);
  for (int i = 0; i < N; ++i) {
    if (ia[i] & 1) s_fill(&ie[i], ia[i]);
    check("fill_sum", i, ir[i] == ie[i]);
  }

  /* Masked reads next to an unmapped page. */
  long page = sysconf(_SC_PAGESIZE);
  char *m = mmap(0, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED || mprotect(m + page, page, PROT_NONE)) {
    printf("mmap failed\n");
    return 2;
  }
  int T = (int)(page / sizeof(float));
  float *tab = (float *)m; /* tab[T] is the first float of the guard page */
  for (int i = 0; i < T; ++i)
    tab[i] = (i % 29 == 0) ? -1.0f : 1.0f + i;
  static int rl[8192], el[8192];
#pragma omp simd
  for (int i = 0; i < T; ++i)
    rl[i] = i <= T - 8 ? run_length(tab, i) : -1;
  for (int i = 0; i < T; ++i) {
    el[i] = i <= T - 8 ? s_run(tab, i) : -1;
    check("run_length", i, rl[i] == el[i]);
  }

  /* Masked uniform loop: the windows of active lanes end at the guard
   * page; inactive lanes carry indices a page past it. */
  static float wr[8192], we[8192];
  for (int n = 1; n <= 9; n += 4) {
#pragma omp simd
    for (int i = 0; i < T; ++i) {
      int in = i % 3 != 1 && i <= T - n;
      int at = in ? i : i + 2 * T;
      wr[i] = in ? window_sum(tab, at, n) : -3.0f;
    }
    for (int i = 0; i < T; ++i) {
      int in = i % 3 != 1 && i <= T - n;
      we[i] = in ? s_win(tab, i, n) : -3.0f;
      check("window_sum", i, same_f(wr[i], we[i]));
    }
  }

  printf("mismatches: %d\n", bad);
  return bad != 0;
}
