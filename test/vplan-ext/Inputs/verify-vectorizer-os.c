#pragma omp declare simd uniform(a) linear(c:1) notinbranch
double scale(const double *a, int c) { return a[(unsigned)c] * 2.0; }

/* Stepped by two and masked: the read is an interleave group of one member
 * (under a mask), which the vectorizer forms under the same no-wrap check;
 * the plan once recorded the check only for reads in no group. */
#pragma omp declare simd uniform(c) linear(d : 2) inbranch
float pick(const float *c, int d) { return c[(unsigned)d] * 2.0f + 1.0f; }
