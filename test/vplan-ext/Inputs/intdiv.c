// 32-bit divisions in declare-simd bodies (vplan-ext/WideIntDivision.cpp):
// variants divide in double precision; every lane must equal C's integer
// division.
#include "intdiv.h"

#pragma omp declare simd notinbranch
int sdiv_v(int a, int b) { return a / b; }

#pragma omp declare simd notinbranch
int srem_v(int a, int b) { return a % b; }

#pragma omp declare simd notinbranch
unsigned udiv_v(unsigned a, unsigned b) { return a / b; }

#pragma omp declare simd notinbranch
unsigned urem_v(unsigned a, unsigned b) { return a % b; }

// Masked: the callers leave lanes with a zero divisor (and INT_MIN / -1)
// inactive; those lanes must neither trap nor change an active lane.
#pragma omp declare simd inbranch
int m_divrem(int a, int b) { return a / b * 3 + a % b; }

// A divisor the same in every lane.
#pragma omp declare simd uniform(b) notinbranch
int srem_u(int a, int b) { return a % b; }

// Divisions inside a divergent loop (lane loop 2 of the fission).
#pragma omp declare simd notinbranch
int div_loop(int a, int b) {
  int s = 0;
  for (int i = 0; i < (a & 15); ++i)
    s += a / (b + i) - (a % (b + i));
  return s;
}

// Stay integer: a constant divisor (a multiply) and 64-bit division.
#pragma omp declare simd notinbranch
int div_const(int a) { return a / 7 + a % 7; }

#pragma omp declare simd notinbranch
long ldiv_v(long a, long b) { return a / b; }
