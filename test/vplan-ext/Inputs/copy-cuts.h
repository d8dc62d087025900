/* Inner loops whose cut copies their lane loop 2 (a lane-stepped copy, a
 * steady copy of the round, a copy for rounds where every lane entered),
 * with a call run lane by lane in the loop's body: each copy is cut at the
 * call again. */
__attribute__((pure)) int weigh(int k);

#pragma omp declare simd uniform(a, n) linear(i : 1)
int stepped(const float *a, int i, int n);
#pragma omp declare simd uniform(a, n) linear(i : 1)
int stepped_break(const float *a, int i, int n);
#pragma omp declare simd uniform(a, n, len) linear(i : 1)
int entered(const int *a, int i, int n, int len);
#pragma omp declare simd uniform(rows, a, n) linear(i : 1)
int gathered(const int *rows, const float *a, int i, int n);
