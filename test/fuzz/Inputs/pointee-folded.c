/* linear(b:d) with a variable step d counted in shorts; the optimizer
 * deletes the only read of b (x & 0), after which nothing in the body says
 * what b points to (regress-150143.test). */
#pragma omp declare simd uniform(d) linear(b:d) notinbranch
int folded(short *b, int d) { return (b[0] & 0) + 6 + d; }

/* Here b stays used after optimization, but only as a call argument, which
 * says nothing about its type: only the type recorded before optimization
 * defines the variants. */
void sink(short *p);
#pragma omp declare simd uniform(d) linear(b:d) notinbranch
int passed(short *b, int d) {
  sink(b);
  return (b[0] & 0) + d;
}
