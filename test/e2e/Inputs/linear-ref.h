// Callees with `linear(ref)` parameters (the ABI's `R<step>` token): each
// lane gets lane 0's reference plus lane * step bytes. Most write through
// the reference, so the callers check the stores as well as the results.
#ifndef LINEAR_REF_H
#define LINEAR_REF_H

struct LRS {
  int a;
  float w;
};

// Step 1 on `int &`: R4.
#pragma omp declare simd linear(ref(r) : 1) notinbranch
int lr_int(int &r);
// Step 1 on `double &`: R8.
#pragma omp declare simd linear(ref(x) : 1) notinbranch
double lr_dbl(double &x);
// gcc's pr71257 with a wider struct: a struct reference (R8, sizeof(LRS))
// and an int one (R4), next to a vector parameter; N and M variants.
#pragma omp declare simd linear(ref(b, c) : 1)
int lr_foo(int a, LRS &b, int &c);
// Step 2 on `int &`: R8, called with a[2 * i].
#pragma omp declare simd linear(ref(r) : 2) notinbranch
int lr_two(int &r);
// Called under a condition: the masked variant. 1000 / r traps on a lane
// whose r is 0, which the condition leaves inactive.
#pragma omp declare simd linear(ref(r) : 1) inbranch
int lr_cond(int &r);
// A double (d-class: 4 lanes at AVX2, 8 at AVX-512) R8 callee of a float
// loop (8 / 16 lanes): 2 calls per vector iteration.
#pragma omp declare simd linear(ref(x) : 1) notinbranch
double lr_comp(double &x);

// Variant bodies that call lr_int's R variant in their lane loops
// (linear-ref-body.cpp, built by clang + vecclone): a linear(ref) parameter
// passed on, and the address of p[i] for a linear i.
#pragma omp declare simd linear(ref(x) : 1) notinbranch
int lr_fwd(int &x);
#pragma omp declare simd uniform(p) linear(i) notinbranch
int lr_at(int *p, int i);

#endif
