/* bench/search: per-lane searches over rows of memory (issue 21). Each
 * configuration builds callee.c and caller.c with its own compiler and a
 * name prefix (BENCH_PFX), so all link into one driver. */
#ifndef BENCH_PFX
#define BENCH_PFX ref_
#endif
#define SR_CAT2(a, b) a##b
#define SR_CAT(a, b) SR_CAT2(a, b)
#define SR(name) SR_CAT(BENCH_PFX, name)
