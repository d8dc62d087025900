/* Every lane of the masked fib/walk variants (b: 4 lanes, d: 8) called
 * directly with gcc's ABI, masks all off, all on, half, random, recursion
 * depths spread over 0..24 per lane, against the scalar function called
 * through a volatile pointer. Then an `omp simd` caller loop. */
#define LANE_CHECK_SEED 4242u
#include "lane-check.h"

int fib(int n);
int walk(const int *p, int i, int n);
v4si _ZGVbM4v_fib(v4si n, v4si mask);
v8si _ZGVdM8v_fib(v8si n, v8si mask);
v8si _ZGVdM8ulv_walk(const int *p, int i, v8si n, v8si mask);
void fib_loop(int *restrict out, const int *restrict in, int n);

static int (*volatile Fib)(int) = fib;
static int (*volatile Walk)(const int *, int, int) = walk;

int main(void) {
  static int P[64];
  for (int i = 0; i < 64; ++i)
    P[i] = (int)(rnd() % 1000);
  for (int rep = 0; rep < 40; ++rep) {
    int act[8];
    int32_t bits[8];
    int spread = rep % 4 == 0 ? 0 : 24;
    union { v8si v; int a[8]; } n8, m8, r8;
    union { v4si v; int a[4]; } n4, m4, r4;
    make_mask(rep, 8, act, bits);
    for (int l = 0; l < 8; ++l) {
      n8.a[l] = spread ? (int)(rnd() % (spread + 1)) : 18;
      m8.a[l] = bits[l];
    }
    r8.v = _ZGVdM8v_fib(n8.v, m8.v);
    for (int l = 0; l < 8; ++l)
      if (act[l] && r8.a[l] != Fib(n8.a[l]))
        mismatch("_ZGVdM8v_fib", l, "differs from fib");
    for (int l = 0; l < 4; ++l) {
      n4.a[l] = n8.a[l];
      m4.a[l] = bits[l];
    }
    r4.v = _ZGVbM4v_fib(n4.v, m4.v);
    for (int l = 0; l < 4; ++l)
      if (act[l] && r4.a[l] != Fib(n4.a[l]))
        mismatch("_ZGVbM4v_fib", l, "differs from fib");
    for (int l = 0; l < 8; ++l)
      n8.a[l] = (int)(rnd() % 12);
    int base = (int)(rnd() % 50);
    r8.v = _ZGVdM8ulv_walk(P, base, n8.v, m8.v);
    for (int l = 0; l < 8; ++l)
      if (act[l] && r8.a[l] != Walk(P, base + l, n8.a[l]))
        mismatch("_ZGVdM8ulv_walk", l, "differs from walk");
  }
  enum { N = 203 };
  static int in[N], out[N];
  for (int i = 0; i < N; ++i)
    in[i] = (int)(rnd() % 23);
  fib_loop(out, in, N);
  for (int i = 0; i < N; ++i)
    if (out[i] != Fib(in[i]))
      mismatch("fib_loop", i, "differs from fib");
  printf("mismatches: %d\n", bad);
  return bad != 0;
}
