/* Declare-simd functions whose bodies hold loops with per-lane trip counts
 * (vplan-ext cuts their lane loops). The same pragmas are repeated on the
 * definitions in divergent.c: clang only emits _ZGV names from there. */
#pragma omp declare simd uniform(maxit) notinbranch
int mandel(float cr, float ci, int maxit);
#pragma omp declare simd uniform(maxit) notinbranch
int mandel_d(double cr, double ci, int maxit);
#pragma omp declare simd notinbranch
int collatz_len(int n);
#pragma omp declare simd uniform(a, n) notinbranch
int search(const int *a, int n, int key);
#pragma omp declare simd notinbranch
float newton_sqrt(float x);
#pragma omp declare simd notinbranch
int nested(int n, int m);
#pragma omp declare simd notinbranch
int two_loops(int a);
#pragma omp declare simd uniform(k) notinbranch
float loop_in_branch(float x, int k);
#pragma omp declare simd notinbranch
int skip_thirds(int n);
#pragma omp declare simd linear(out) inbranch
void fill_sum(int *out, int n);
#pragma omp declare simd notinbranch
int gcd(int a, int b);
#pragma omp declare simd notinbranch
int grow_until(float x, float thr);
#pragma omp declare simd notinbranch
long popcount_loop(long x);
#pragma omp declare simd notinbranch
signed char digits(int n);
#pragma omp declare simd uniform(tab) linear(start) inbranch
int run_length(const float *tab, int start);
#pragma omp declare simd uniform(px, py, n) notinbranch
float force(float x, float y, const float *px, const float *py, int n);
#pragma omp declare simd uniform(n) inbranch
int masked_uniform(int a, int n);
#pragma omp declare simd uniform(tab, n) inbranch
float window_sum(const float *tab, int at, int n);
