#pragma omp declare simd
double log_or_flag(double x);
#pragma omp declare simd notinbranch
int counted(int x);
