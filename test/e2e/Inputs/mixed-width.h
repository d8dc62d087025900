/* Callees for the mixed-width caller loops: double and long functions whose
 * variants have half (or a quarter) of the lanes of the float/int loops that
 * call them. */
#pragma omp declare simd notinbranch
double mw_g(double x);
#pragma omp declare simd notinbranch simdlen(4)
float mw_h4(float x);
#pragma omp declare simd inbranch
long mw_q(long x); /* 1000 / x: traps on an inactive lane with x == 0 */
#pragma omp declare simd notinbranch uniform(p) linear(i)
double mw_lin(const double *p, int i);
#pragma omp declare simd notinbranch simdlen(2)
double mw_g2(double x);
#pragma omp declare simd notinbranch simdlen(16)
double mw_w16(double x); /* wider than the loop: lane by lane, a remark */
