#pragma omp declare simd
float fenv_fma(float x, float y);
#pragma omp declare simd
float fast_fma(float x, float y);
#pragma omp declare simd
double fast_dot(double x, double y, double z);
