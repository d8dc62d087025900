// The unit of a `linear(p:2)` step is the whole struct, also when the body
// reads only its first field (a GEP with zero indices into the struct).
struct S { float x; int y; };
#pragma omp declare simd linear(p:2)
float first(struct S *p) { return p->x; }
#pragma omp declare simd linear(b:2)
float bytes(unsigned char *b) { return b[0]; }
