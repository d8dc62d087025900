#pragma omp declare simd inbranch
int fib(int n);

void fib_loop(int *restrict out, const int *restrict in, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    if (in[i] >= 0)
      out[i] = fib(in[i]);
}
