/* bench/mixed: caller loops whose callee has narrower variants than the
 * loop (a float loop calling a double function), and a recursive masked
 * variant. Each configuration builds callee.c and caller.c with its own
 * compiler and a name prefix (BENCH_PFX), so all link into one driver. */
#ifndef BENCH_PFX
#define BENCH_PFX ref_
#endif
#define MX_CAT2(a, b) a##b
#define MX_CAT(a, b) MX_CAT2(a, b)
#define MX(name) MX_CAT(BENCH_PFX, name)
