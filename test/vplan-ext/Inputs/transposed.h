// Per-lane rows read in uniform loops (transposed blocks): the functions
// of transposed.c, declared for their callers.
#pragma omp declare simd uniform(a, x, n) linear(i)
float rowdot(const float *a, const float *x, int i, int n);
#pragma omp declare simd uniform(a, x, n) linear(i)
double rowdotd(const double *a, const double *x, int i, int n);
#pragma omp declare simd uniform(a, n) linear(i)
int rowsum16(const short *a, int i, int n);
#pragma omp declare simd uniform(a, n) linear(i)
int rowmaxu8(const unsigned char *a, int i, int n);
#pragma omp declare simd uniform(a, n, m) linear(i)
float rowcapped(const float *a, int i, int n, int m);
#pragma omp declare simd uniform(a, n, lo, hi) linear(i)
float rowrange(const float *a, int i, int n, int lo, int hi);
#pragma omp declare simd uniform(n)
float ptrsum(const float *p, int n);
#pragma omp declare simd uniform(a, n) linear(i)
int rowne(const long *a, int i, unsigned n);
#pragma omp declare simd uniform(a, x, n) linear(i) inbranch
float rowdotm(const float *a, const float *x, int i, int n);
