#pragma omp declare simd uniform(a) linear(c:1) notinbranch
double scale(const double *a, int c) { return a[(unsigned)c] * 2.0; }
