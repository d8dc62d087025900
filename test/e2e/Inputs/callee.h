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
#pragma omp declare simd inbranch
float recip(float x);
#pragma omp declare simd linear(out) uniform(k) inbranch
void cond_store(int *out, int v, int k);
#pragma omp declare simd linear(p:2) notinbranch
float pairsum(const float *p);
#pragma omp declare simd linear(i:-1) uniform(a) notinbranch
int rev_at(const int *a, int i);
#pragma omp declare simd simdlen(32) notinbranch
float s32(float x);
