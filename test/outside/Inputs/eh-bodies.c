#include "eh-bodies.h"

static int Cleaned;
static void bump(int *P) { Cleaned += *P & 1; }
// Defined in eh-bodies.cpp: under -fexceptions the call may unwind, so the
// cleanup runs on a landing pad too.
int helper(int x);

#pragma omp declare simd
int cleanup_attr(int x) {
  int C __attribute__((cleanup(bump))) = x;
  return helper(x) + C;
}

#pragma omp declare simd
int asm_goto(int x) {
  asm goto("testl $1, %0\n\tjnz %l1" : : "r"(x) : "cc" : odd);
  return x / 2;
odd:
  return 3 * x + 1;
}

#pragma omp declare simd
int computed_goto(int x) {
  static void *Table[] = {&&l0, &&l1, &&l2};
  goto *Table[(unsigned)x % 3];
l0:
  return x * 3;
l1:
  return x - 7;
l2:
  return x ^ 0x55;
}
