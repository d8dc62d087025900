#include <setjmp.h>
#include "blockers.h"

static jmp_buf env;

/* Recursion: tail recursion (becomes a loop), tree recursion, mutual. */
#pragma omp declare simd notinbranch
int tailrec(int n, int acc) { return n <= 0 ? acc : tailrec(n - 1, acc * 3 + n); }
#pragma omp declare simd notinbranch
int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
#pragma omp declare simd notinbranch
int even(int n) { return n <= 0 ? 1 : odd(n - 1); }
#pragma omp declare simd notinbranch
int odd(int n) { return n <= 0 ? 0 : even(n - 1); }

/* setjmp returns twice: the body must not be inlined into the lane loop. */
#pragma omp declare simd notinbranch
int with_setjmp(int n) {
  volatile int v = n;
  if (setjmp(env))
    return -v;
  if (v == 7)
    longjmp(env, 1);
  return v * 2;
}

/* Inline assembly: opaque, runs once per lane in lane order. */
#pragma omp declare simd notinbranch
int with_asm(int n) {
  int r;
  __asm__("leal 1(%1,%1,2), %0" : "=r"(r) : "r"(n));
  return r;
}

/* Irreducible control flow: a loop with two entries. */
#pragma omp declare simd notinbranch
int irreducible(int n, int k) {
  unsigned s = 0;
  if (k & 1)
    goto inner;
  while (s < 100) {
    s += 3;
  inner:
    s += (unsigned)n & 7;
    if (s > (unsigned)n)
      break;
  }
  return (int)s;
}

#pragma omp declare simd inbranch
int masked_irreducible(int n, int k) {
  unsigned s = (unsigned)k;
  if (n & 2)
    goto b;
a:
  s = s * 5 + 1;
b:
  s ^= s >> 3;
  if ((s & 15) > 3 && s < 100000)
    goto a;
  return (int)s;
}
