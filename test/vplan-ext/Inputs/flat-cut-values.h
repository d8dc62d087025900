/* Cuts at calls and BOSCC regions whose lane-affine values the plan once
 * got wrong (fuzz seeds 31005 and 31016 with --loop-calls). weigh is
 * copy-cuts-weigh.c's: a pure function without a vector variant. */
__attribute__((pure)) int weigh(int k);

#pragma omp declare simd uniform(a, out) linear(c : 1)
unsigned carried(unsigned a, int c, float x, float y, unsigned *out);
#pragma omp declare simd uniform(c, n, len) linear(i : 1)
unsigned shared_div(unsigned c, int i, int n, int len);
