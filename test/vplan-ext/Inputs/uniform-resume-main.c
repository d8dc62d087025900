/* Calls pick from an omp simd loop (the caller's compiler picks the
 * variant) and compares every element with a call of the scalar function
 * one element at a time; the stores to a[] too. */
#include <stdio.h>
#include <string.h>

#pragma omp declare simd uniform(n, m, a) linear(i : 1) notinbranch
double pick(int n, int m, double *a, int i, double x);

__attribute__((noinline)) double scalar_pick(int n, int m, double *a, int i,
                                             double x) {
  return pick(n, m, a, i, x);
}

int main(void) {
  enum { N = 203 };
  static double x[N], out[N], ref[N], a[N], aref[N];
  int bad = 0;
  for (int i = 0; i < N; ++i)
    x[i] = 0.25 * i - 7.0;
  int cases[][2] = {{0, 0}, {3, 5}, {5, 3}, {9, 0}, {1, 9}, {7, 7}};
  for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
    int n = cases[c][0], m = cases[c][1];
    memset(a, 0, sizeof a);
    memset(aref, 0, sizeof aref);
#pragma omp simd
    for (int i = 0; i < N; ++i)
      out[i] = pick(n, m, a, i, x[i]);
    for (int i = 0; i < N; ++i)
      ref[i] = scalar_pick(n, m, aref, i, x[i]);
    for (int i = 0; i < N; ++i)
      if (memcmp(&out[i], &ref[i], sizeof(double)) ||
          memcmp(&a[i], &aref[i], sizeof(double))) {
        printf("MISMATCH n=%d m=%d i=%d: %a vs %a\n", n, m, i, out[i], ref[i]);
        ++bad;
      }
  }
  printf("mismatches: %d\n", bad);
  return bad != 0;
}
