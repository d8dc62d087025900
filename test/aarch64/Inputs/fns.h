/* Declare-simd functions for the AArch64 caller tests: the kinds gcc 12
 * makes AdvSIMD clones of (one element size per function). */
#pragma omp declare simd
float ff(float x, float y);
#pragma omp declare simd
double fd(double x);
#pragma omp declare simd uniform(p) linear(i)
float ul(const float *p, int i);
#pragma omp declare simd inbranch
int idiv(int a, int b);
#pragma omp declare simd notinbranch
short fs(short x);
#pragma omp declare simd
long fl(long a, long b);
#pragma omp declare simd uniform(p) linear(i)
void st(float *p, int i, float v);
