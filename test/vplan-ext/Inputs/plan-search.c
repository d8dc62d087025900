/* A per-lane row search (bench/search's shape): the lanes' rows are len
 * floats apart, so each round of the divergent loop gathers. */
#pragma omp declare simd uniform(data, len, t) linear(i : 1) notinbranch
int first_above(const float *data, int i, int len, float t) {
  for (int j = 0; j < len; j++)
    if (data[i * len + j] > t)
      return j;
  return len;
}
