// Bodies whose lanes hold 64-bit values wider than their variant's
// registers: an 8-lane `d` variant of an int function, a 16-lane variant of
// a short one. Their products of narrow 64-bit values are what llc 22 turns
// into AVX-512 IFMA, and where it crashed splitting them for CPUs that
// prefer 256-bit vectors.
#pragma omp declare simd notinbranch
short mix16(int a, short c);
#pragma omp declare simd notinbranch
int mix32(int a, unsigned b);
#pragma omp declare simd
long mix64(long a, long b);
