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
/* gcc sizes uc by its float CDT (4 and 2 lanes), clang by the char
 * pointee (16 and 8): callers call gcc's, which both define. */
#pragma omp declare simd uniform(p) linear(i)
float uc(const signed char *p, int i);
/* Mixed sizes: gcc 12 makes no clones; ours pass 4 doubles as two q
 * registers (clang-only.c, always built by clang). */
#pragma omp declare simd
double mixed(float a, double b);
