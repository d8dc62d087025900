#include "wide-lanes.h"

#pragma omp declare simd notinbranch
short mix16(int a, short c) {
  unsigned long t = 3, u = (unsigned long)c;
  unsigned long s = (t % (u | 1u)) * ((u >> 20) / 7u);
  return (short)(s ^ (unsigned long)a);
}

#pragma omp declare simd notinbranch
int mix32(int a, unsigned b) {
  unsigned long x = b & 1u, y = ((unsigned long)(unsigned)a << 8) >> 12;
  return (int)(x * y) ^ a;
}

#pragma omp declare simd
long mix64(long a, long b) {
  unsigned long x = (unsigned long)a & 0xfffffu, y = (unsigned long)b >> 30;
  return (long)(x * y + (unsigned long)(a % 5));
}
