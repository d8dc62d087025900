#pragma once
// Throws for negative input: an exception inside an omp simd iteration
// must still end in std::terminate once the loop calls variants.
#pragma omp declare simd notinbranch
double checkedRoot(double X);
void roots(const double *In, double *Out, int N);
