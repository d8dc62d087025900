#pragma omp declare simd notinbranch
int sdiv_v(int a, int b);
#pragma omp declare simd notinbranch
int srem_v(int a, int b);
#pragma omp declare simd notinbranch
unsigned udiv_v(unsigned a, unsigned b);
#pragma omp declare simd notinbranch
unsigned urem_v(unsigned a, unsigned b);
#pragma omp declare simd inbranch
int m_divrem(int a, int b);
#pragma omp declare simd uniform(b) notinbranch
int srem_u(int a, int b);
#pragma omp declare simd notinbranch
int div_loop(int a, int b);
#pragma omp declare simd notinbranch
int div_const(int a);
#pragma omp declare simd notinbranch
long ldiv_v(long a, long b);
