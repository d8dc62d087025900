#pragma omp declare simd notinbranch
float axpb(float x, float y);
#pragma omp declare simd notinbranch
float branchy(float x, float y);
#pragma omp declare simd notinbranch
int collatz_step(int n);
#pragma omp declare simd uniform(s) notinbranch
double dscale(double x, double s);
#pragma omp declare simd uniform(p) linear(i) notinbranch
float dowork(float *p, int i);
#pragma omp declare simd linear(out) notinbranch
void store_sq(int *out, int v);
#pragma omp declare simd notinbranch
long lmix(long a, int b);
