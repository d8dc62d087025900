// omp simd loops whose body declares a local that lives in memory (its
// address goes to a helper, or it is an array indexed in a loop), with an
// inner loop: each iteration has its own, so each lane of the strip-mined
// loop gets its own copy. Prints every result: the plugin's build must
// print what plain clang's prints.
#include <stdio.h>

enum { N = 203 };

__attribute__((noinline)) static void split(double x, int n, double *lo,
                                            double *hi) {
  *lo = x - n;
  *hi = x + 0.5 * n;
}

// The helper's out-parameters, read in the inner loop.
static void out_params(const double *x, const int *n, double *out) {
#pragma omp simd
  for (int i = 0; i < N; i++) {
    double lo, hi;
    split(x[i], n[i], &lo, &hi);
    double s = 0;
    for (int j = 0; j < n[i]; j++)
      s += lo * j + hi;
    out[i] = s;
  }
}

// A small array filled and read by inner loops of the lane's trip count.
static void local_array(const int *n, int *out) {
#pragma omp simd
  for (int i = 0; i < N; i++) {
    int t[8];
    int m = n[i] & 7;
    for (int j = 0; j < 8; j++)
      t[j] = i * j + m;
    int s = 0;
    for (int j = 0; j <= m; j++)
      s += t[(j * 3 + i) & 7];
    out[i] = s;
  }
}

// A local declared before the loop is one for every iteration: read-only
// in the loop, it stays one.
static void outer_local(const int *n, int *out) {
  int k = 5;
  int *volatile pk = &k;
#pragma omp simd
  for (int i = 0; i < N; i++) {
    int s = 0;
    for (int j = 0; j < n[i]; j++)
      s += *pk + j;
    out[i] = s;
  }
}

int main(void) {
  static double x[N], d[N];
  static int n[N], r[N];
  for (int i = 0; i < N; i++) {
    x[i] = (i * 37 % 101) / 7.0 - 3.0;
    n[i] = (i * 13) % 11;
  }
  out_params(x, n, d);
  for (int i = 0; i < N; i++)
    printf("out_params %d %.17g\n", i, d[i]);
  local_array(n, r);
  for (int i = 0; i < N; i++)
    printf("local_array %d %d\n", i, r[i]);
  outer_local(n, r);
  for (int i = 0; i < N; i++)
    printf("outer_local %d %d\n", i, r[i]);
  return 0;
}
