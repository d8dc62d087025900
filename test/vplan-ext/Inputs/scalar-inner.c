/* Inner loops the scalar lane loop's own vectorizer widens in each lane's
 * run (scalar-inner-loop.test). */

/* A lane's row dotted with x: row i read contiguously. Across the lanes it
 * is a gather per iteration; in a lane's own run, a wide load, and with
 * reassociation allowed (-ffast-math) a vector sum. */
#pragma omp declare simd uniform(a, x, n) linear(i) notinbranch
float rowdot(const float *a, const float *x, int i, int n) {
  float s = 0;
  for (int j = 0; j < n; j++)
    s += a[(long)i * n + j] * x[j];
  return s;
}

/* The same in integers: the vectorizer reorders an integer sum at any
 * floating-point setting. */
#pragma omp declare simd uniform(a, x, n) linear(i) notinbranch
int irowdot(const int *a, const int *x, int i, int n) {
  int s = 0;
  for (int j = 0; j < n; j++)
    s += a[(long)i * n + j] * x[j];
  return s;
}

/* Every lane reads the same bodies: across the lanes each is one load and
 * a broadcast, as cheap as a lane's own wide load. */
#pragma omp declare simd uniform(px, py, n) notinbranch
float pull(float x, float y, const float *px, const float *py, int n) {
  float f = 0;
  for (int j = 0; j < n; j++) {
    float dx = px[j] - x, dy = py[j] - y;
    f += 1.0f / (dx * dx + dy * dy + 0.01f);
  }
  return f;
}

/* A row that ends early (a per-lane exit): the vectorizer does not widen
 * a loop with a second exit. */
#pragma omp declare simd uniform(a, n, t) linear(i) notinbranch
int firstabove(const float *a, int i, int n, float t) {
  for (int j = 0; j < n; j++)
    if (a[(long)i * n + j] > t)
      return j;
  return -1;
}

/* Reductions that are no sum, product, bit operation, minimum or maximum
 * (the last index above t, whether any is): no folding TTI prices, so the
 * plan does not count on their widened form. */
#pragma omp declare simd uniform(a, n, t) linear(i) notinbranch
int lastabove(const int *a, int i, int n, int t) {
  int r = -1;
  for (int j = 0; j < n; j++)
    if (a[(long)i * n + j] > t)
      r = j;
  return r;
}

#pragma omp declare simd uniform(a, n, t) linear(i) notinbranch
int anyabove(const int *a, int i, int n, int t) {
  int r = 0;
  for (int j = 0; j < n; j++)
    if (a[(long)i * n + j] > t)
      r = 7;
  return r;
}
