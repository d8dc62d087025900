/* The bound is read through a pointer: the divergence analysis finds the
 * load uniform, the cut does not (no memory read is uniform to it). */
#pragma omp declare simd uniform(a, n) notinbranch
float dot_ptr(const float *a, const int *n, float x) {
  float s = 0;
  for (int j = 0; j < *n; j++) s += a[j] * x;
  return s;
}
/* A value bound: uniform to both; the masked variant's lanes that are off
 * shadow one that runs the loop (it only reads). */
#pragma omp declare simd uniform(a, n)
float dot_val(const float *a, int n, float x) {
  float s = 0;
  for (int j = 0; j < n; j++) s += a[j] * x;
  return s;
}
