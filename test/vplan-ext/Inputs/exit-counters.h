#pragma omp declare simd uniform(maxit)
int escape(float cr, float ci, int maxit);
#pragma omp declare simd uniform(start)
long down(long x, long start);
#pragma omp declare simd uniform(stop)
int wrap(int v, unsigned char stop);
#pragma omp declare simd uniform(n) linear(i)
double twoc(const double *a, long n, int i);
#pragma omp declare simd uniform(maxit)
float relax(float x, int maxit);
