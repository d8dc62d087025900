// Callees of caller-loops.c, built by clang + vecclone (and by gcc).
#pragma omp declare simd
__attribute__((const)) int add3(int x, int y) { return x * 3 + y; }
#pragma omp declare simd simdlen(8) uniform(b) linear(c:2)
long mixl(long a, long b, long c) { return a * b + c; }
