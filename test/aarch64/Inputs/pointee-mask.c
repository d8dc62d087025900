/* A masked simdlen variant whose narrowest data size is behind a `char *`
 * the body never uses: vfabia64's mask lanes are bytes (NDS 1). */
#pragma omp declare simd simdlen(8) uniform(p, out) linear(i) inbranch
void f(short x, const char *p, short *out, int i) { out[i] = x * 3; }
