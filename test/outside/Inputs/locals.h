// Declare-simd functions whose locals live in memory (their address is
// taken): each lane must get its own copy.
#pragma omp declare simd notinbranch
double frexp_sum(double x);
#pragma omp declare simd notinbranch
double frexp_guarded(double x);
#pragma omp declare simd notinbranch
unsigned split_mix(unsigned a);
#pragma omp declare simd notinbranch
double table_walk(int n, double x);
#pragma omp declare simd notinbranch
double big_local(int n, double x);
