/* Calls each function from an omp simd loop (the caller's compiler picks
 * the variant) and compares every result and every byte of the stored
 * array with calls of the scalar function one element at a time. */
#include <stdio.h>
#include <string.h>

#pragma omp declare simd uniform(b) linear(a) notinbranch
long bytes(signed char *a, unsigned b);
#pragma omp declare simd uniform(n) linear(a) notinbranch
float floats(float *a, int n);
#pragma omp declare simd uniform(n) linear(a : 2) notinbranch
int pairs(int *a, int n);

__attribute__((noinline)) long scalar_bytes(signed char *a, unsigned b) {
  return bytes(a, b);
}
__attribute__((noinline)) float scalar_floats(float *a, int n) {
  return floats(a, n);
}
__attribute__((noinline)) int scalar_pairs(int *a, int n) {
  return pairs(a, n);
}

/* A multiple of 16: gcc 12 at -march=x86-64-v4 passes its vector epilogue
 * (a d-class call after the e-class loop) the array's start instead of
 * element 192 as the linear pointer, with its own clones too. */
enum { N = 208 };
static int bad;

static void check(const char *what, int n, const void *got, const void *want,
                  unsigned size) {
  if (memcmp(got, want, size)) {
    printf("MISMATCH %s n=%d\n", what, n);
    ++bad;
  }
}

int main(void) {
  static signed char c[N], cref[N];
  static float f[N], fref[N], fo[N], foref[N];
  static int p[2 * N], pref[2 * N], po[N], poref[N];
  static long lo[N], loref[N];
  for (int n = 0; n < 40; n += 3) {
    for (int i = 0; i < N; ++i) {
      c[i] = cref[i] = (signed char)(i * 7);
      f[i] = fref[i] = 0.25f * i - 3.0f;
    }
    for (int i = 0; i < 2 * N; ++i)
      p[i] = pref[i] = i * 5 - 11;
#pragma omp simd
    for (int i = 0; i < N; ++i)
      lo[i] = bytes(c + i, (unsigned)n);
#pragma omp simd
    for (int i = 0; i < N; ++i)
      fo[i] = floats(f + i, n);
#pragma omp simd
    for (int i = 0; i < N; ++i)
      po[i] = pairs(p + 2 * i, n);
    for (int i = 0; i < N; ++i) {
      loref[i] = scalar_bytes(cref + i, (unsigned)n);
      foref[i] = scalar_floats(fref + i, n);
      poref[i] = scalar_pairs(pref + 2 * i, n);
    }
    check("bytes", n, lo, loref, sizeof lo);
    check("bytes store", n, c, cref, sizeof c);
    check("floats", n, fo, foref, sizeof fo);
    check("floats store", n, f, fref, sizeof f);
    check("pairs", n, po, poref, sizeof po);
    check("pairs store", n, p, pref, sizeof p);
  }
  printf("mismatches: %d\n", bad);
  return bad != 0;
}
