/* bench/rowdot: per-lane dot products of rows (each lane's row read
 * contiguously). Each configuration builds callee.c and caller.c with its
 * own compiler and a name prefix (BENCH_PFX), so all link into one driver. */
#ifndef BENCH_PFX
#define BENCH_PFX ref_
#endif
#define RD_CAT2(a, b) a##b
#define RD_CAT(a, b) RD_CAT2(a, b)
#define RD(name) RD_CAT(BENCH_PFX, name)
