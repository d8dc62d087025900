/* A recursive declare-simd function: its masked variants call themselves
 * for the lanes still recursing. */
#pragma omp declare simd inbranch
int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

/* Recursion through a uniform and a linear parameter too. */
#pragma omp declare simd inbranch uniform(p) linear(i)
int walk(const int *p, int i, int n) {
  return n <= 0 ? p[i] : walk(p, i, n - 1) * 3 + (n & p[i]);
}
