/* The pragmas are repeated here: clang 22 gives a definition no `_ZGV`
 * names when only an earlier declaration carries the pragma. */
#pragma omp declare simd notinbranch
double mw_g(double x) { return x * x * 0.5 + x / 3.0 - 1.25; }
#pragma omp declare simd notinbranch simdlen(4)
float mw_h4(float x) { return x * 1.5f - x * x / 7.0f; }
#pragma omp declare simd inbranch
long mw_q(long x) { return 1000 / x + x; }
#pragma omp declare simd notinbranch uniform(p) linear(i)
double mw_lin(const double *p, int i) { return p[i] * 2.0 + i; }
#pragma omp declare simd notinbranch simdlen(2)
double mw_g2(double x) { return x / 5.0 + 2.0; }
#pragma omp declare simd notinbranch simdlen(16)
double mw_w16(double x) { return x - 0.5; }
