// Fuzz seed 27030 (fz675742): a uniform loop with shadow lanes after a chain
// of cuts, the first of which sends lanes back through its resume dispatch
// to the block the others reach directly: the plan took the targets for
// one block (no dispatch, no shadows), the cut saw the landing block and
// the block (a dispatch, shadows).
static __attribute__((noinline)) unsigned fz_sc(unsigned a, unsigned k) { return a * k + (a >> 3) + k; }

#pragma omp declare simd
unsigned int fz_hu(unsigned int a, unsigned int b) { unsigned r = a * 2654435761u ^ (b >> 3); if (r & 1u) r += b; return r; }

#pragma omp declare simd
unsigned int fz_hloop(unsigned int a) { unsigned r = 1u; for (unsigned k = 0; k < (a & 7u); k++) r = r * 3u + k; return r; }

#pragma omp declare simd
float fz_hf(float a, float b) { return a < b ? a * 0.5f : b - a; }

#pragma omp declare simd uniform(k)
double fz_hd(double a, int k) { return a * a - (double)k; }

#pragma omp declare simd uniform(k) simdlen(2)
__attribute__((noinline)) unsigned int fz_hn(unsigned int a, unsigned int k) { unsigned r = a * 2246822519u + k; return r ^ (r >> 13); }

#pragma omp declare simd simdlen(4)
__attribute__((noinline)) float fz_hm(float a, float b) { return a > b ? a - b * 0.5f : b * 0.25f; }

#pragma omp declare simd uniform(a) notinbranch
double fz675742(double a, unsigned long b) { unsigned s = (unsigned)b, t = 3u; double x = (double)a, y = 0.5; s = (unsigned)fz_sc((unsigned)(s ^ (t)), 7u); for (int k0 = 0; k0 < 12 && ((s) < ((unsigned)b)); k0++) { x = ((y) + (((((0.5) - (x))) - (x)))); s = (unsigned)b; for (unsigned k1 = 0; k1 < ((((t) / ((t) | 1u))) & 3u); k1++) { s = (unsigned)fz_hu((unsigned)(t), (unsigned)(t)); for (unsigned k2 = 0; k2 < ((((s) ^ (t))) & 15u); k2++) { y = ((x) * ((((((double)a) - (y))) - (((x) - ((double)a)))))); x = y; } if ((((((t) * (s))) % (((unsigned)b) | 1u))) > (((unsigned)((unsigned)b) >> 30))) { t = ((((((0u) & ((unsigned)b))) | ((((unsigned)b) ^ (5u))))) | ((((unsigned)b) * ((unsigned)b)))); } else { t = (unsigned)fz_hn((unsigned)(((unsigned)(k1) >> 5)), 5u); } } x = x * 0.5 + 1.0; } if ((t) <= (((((unsigned)((unsigned)b) << 3)) - ((((unsigned)b) / ((s) | 1u)))))) { for (unsigned k1 = 0; k1 < ((((s) * (((255u) % ((2u) | 1u))))) & 3u); k1++) { for (int k2 = 0; k2 < 12 && ((3.25) <= ((double)a)); k2++) { t = ((t) - ((((unsigned)b) % ((((5u) % (((unsigned)b) | 1u))) | 1u)))); t = (unsigned)((((3.25) - ((double)a))) > (y)); x = x * 0.5 + 1.0; } } } else { s = ((unsigned)(t) << 21); } if (((((double)a) * (x))) == (100.0)) { for (int k1 = 0; k1 < 12 && ((255u) <= (s)); k1++) { for (int k2 = 0; k2 < 12 && ((2147483647u) <= (((t) ^ ((unsigned)b)))); k2++) { x = ((y) * (3.25)); t = (unsigned)b; t = (unsigned)fz_hn((unsigned)(((t) | (t))), 5u); x = x * 0.5 + 1.0; } x = x * 0.5 + 1.0; } } else { for (unsigned k1 = 0; k1 < ((((((t) + (s))) * ((unsigned)b))) & 15u); k1++) { for (unsigned k2 = 0; k2 < (((unsigned)((y) == (y))) & 3u); k2++) { s = (unsigned)fz_hn((unsigned)(k1), 5u); } for (unsigned k2 = 0; k2 < ((t) & 7u); k2++) { t = ((unsigned)(((((k2) - ((unsigned)b))) ^ (k2))) >> 20); y = ((1.5) - (-2.0)); } for (int k2 = 0; k2 < 12 && ((((y) + (y))) == (1.5)); k2++) { s = 5u; y = -0.125; x = x * 0.5 + 1.0; } } } for (unsigned k0 = 0; k0 < ((5u) & 7u); k0++) { if ((((((s) ^ (31u))) + (65535u))) > (((unsigned)(((k0) * (t))) >> 25))) { x = fz_hd(((x) + (((3.25) * (y)))), 3); } else { s = ((t) / (((((unsigned)b) | (((k0) & (k0))))) | 1u)); } t = ((((1u) % ((t) | 1u))) ^ (s)); if ((-2.0) == ((double)a)) return (double)(x + y + (double)(int)((s) & 1023u)); } if ((((((unsigned)(s) << 23)) & (s))) >= (((7u) & (((unsigned)(t) >> 20))))) { if (((unsigned)b) == (((t) + (((0u) & ((unsigned)b)))))) { if ((((-2.0) - (0.0))) >= (x)) { t = s; } else { t = ((((unsigned)((((unsigned)b) / (((unsigned)b) | 1u))) << 31)) - (((t) % ((((t) ^ ((unsigned)b))) | 1u)))); } } else { for (unsigned k2 = 0; k2 < (((unsigned)b) & 3u); k2++) { t = ((unsigned)((unsigned)b) << 17); } } } else { if ((3.25) < ((double)a)) return (double)(x + y + (double)(int)((s) & 1023u)); } return (double)(x + y + (double)(int)((s) & 1023u)); }
