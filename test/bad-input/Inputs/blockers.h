/* Declare-simd functions whose bodies the vectorizer cannot (or must not)
 * widen: each variant must still give the scalar answer for every lane. */
#pragma omp declare simd notinbranch
int tailrec(int n, int acc);
#pragma omp declare simd notinbranch
int fib(int n);
#pragma omp declare simd notinbranch
int even(int n);
#pragma omp declare simd notinbranch
int odd(int n);
#pragma omp declare simd notinbranch
int with_setjmp(int n);
#pragma omp declare simd notinbranch
int with_asm(int n);
#pragma omp declare simd notinbranch
int irreducible(int n, int k);
#pragma omp declare simd inbranch
int masked_irreducible(int n, int k);
