#ifndef UNIFORM_DIV_H
#define UNIFORM_DIV_H
#pragma omp declare simd uniform(a, c)
long ud(unsigned char a, const long *c, unsigned char d);
#pragma omp declare simd uniform(a, k)
long sd(long a, long k, long x);
#pragma omp declare simd uniform(a, k)
long sr(long a, long k, long x);
#pragma omp declare simd uniform(a, k)
unsigned short ur(unsigned short a, unsigned short k, unsigned short x);
#endif
