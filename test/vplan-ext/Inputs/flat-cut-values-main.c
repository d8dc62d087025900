/* Every lane of the flat-cut-values variants against the scalar function,
 * unmasked (and masked from a clang caller), with the stores compared. */
#include "flat-cut-values.h"
#include <stdio.h>
#include <string.h>

enum { W = 67 };
static int bad;

__attribute__((noinline)) static void run_carried(unsigned *r, unsigned a,
                                                  const float *x,
                                                  const float *y,
                                                  unsigned *out, int pass) {
  if (pass == 0) {
#pragma omp simd
    for (int c = 0; c < W; ++c)
      r[c] = carried(a, c, x[c], y[c], out);
  } else {
#pragma omp simd
    for (int c = 0; c < W; ++c)
      if (c % 3 != 1)
        r[c] = carried(a, c, x[c], y[c], out);
  }
}

__attribute__((noinline)) static void run_shared(unsigned *r, unsigned c,
                                                 int n, int len, int pass) {
  if (pass == 0) {
#pragma omp simd
    for (int i = 0; i < W; ++i)
      r[i] = shared_div(c, i, n, len);
  } else {
#pragma omp simd
    for (int i = 0; i < W; ++i)
      if (i % 3 != 1)
        r[i] = shared_div(c, i, n, len);
  }
}

int main(void) {
  float x[W], y[W];
  for (int c = 0; c < W; ++c) {
    x[c] = (float)((c * 37) % 11) * 0.25f;
    y[c] = (float)((c * 53) % 13) * 0.2f;
  }
  unsigned (*volatile scarried)(unsigned, int, float, float, unsigned *) =
      carried;
  unsigned (*volatile sshared)(unsigned, int, int, int) = shared_div;
  for (int pass = 0; pass < 2; ++pass)
    for (unsigned a = 0; a < 40; a += 7) {
      unsigned r[W] = {0}, out[W] = {0}, want_out[W] = {0};
      run_carried(r, a, x, y, out, pass);
      for (int c = 0; c < W; ++c) {
        if (pass == 1 && c % 3 == 1)
          continue;
        unsigned want = scarried(a, c, x[c], y[c], want_out);
        if (r[c] != want && bad++ < 10)
          printf("MISMATCH carried a=%u c=%d: %u vs %u\n", a, c, r[c], want);
      }
      if (memcmp(out, want_out, sizeof out) && bad++ < 10)
        printf("MISMATCH carried a=%u: stores differ\n", a);
    }
  for (int pass = 0; pass < 2; ++pass)
    for (int n = 0; n < 9; n += 4)
      for (unsigned c = 1; c < 30; c += 9) {
        unsigned r[W] = {0};
        run_shared(r, c, n, 41, pass);
        for (int i = 0; i < W; ++i) {
          if (pass == 1 && i % 3 == 1)
            continue;
          unsigned want = sshared(c, i, n, 41);
          if (r[i] != want && bad++ < 10)
            printf("MISMATCH shared_div c=%u n=%d i=%d: %u vs %u\n", c, n, i,
                   r[i], want);
        }
      }
  printf("mismatches: %d\n", bad);
  return bad != 0;
}
