// Callees with `linear(uval)` and `linear(val)` parameters: references whose
// values, not addresses, are linear. `U<step>` passes one reference (lane
// 0's value; lane k's is that plus k * step), `L<step>` a vector of the
// lanes' references. Callers pass a local variable stored just before the
// call (`int t = i; f(t)`).
#ifndef LINEAR_VAL_H
#define LINEAR_VAL_H

#pragma omp declare simd linear(uval(x)) notinbranch
int lu_int(int &x);
// Step 2 on a long: U2.
#pragma omp declare simd linear(uval(x) : 2) notinbranch
int lu_two(long &x);
#pragma omp declare simd linear(val(x)) notinbranch
int lv_int(int &x);
// Step 3 next to a uniform parameter: L3u.
#pragma omp declare simd linear(val(x) : 3) uniform(k) notinbranch
int lv_k(int &x, int k);
// Writes its (private) copy: the caller's variable is dead after the call.
#pragma omp declare simd linear(uval(x)) notinbranch
int lu_mod(int &x);
// Called under a condition: the masked variant. 1000 / (x - 7) traps on
// the lane whose x is 7, which the condition leaves inactive.
#pragma omp declare simd linear(uval(x)) inbranch
int lu_cond(int &x);
// A double result (d-class: 4 lanes at AVX2, 8 at AVX-512) in a float
// loop (8 / 16 lanes): 2 calls per vector iteration, the second with the
// value 4 (8) further on.
#pragma omp declare simd linear(uval(x)) notinbranch
double lu_dbl(int &x);
// A short (16 lanes at AVX2): the L vector of 16 references.
#pragma omp declare simd linear(val(x)) notinbranch
short lv_short(short &x);

// Variant bodies that call lu_int's U and lv_int's L variant in their lane
// loops (linear-val-body.cpp, built by clang + vecclone), each with a local
// computed from a linear parameter.
#pragma omp declare simd linear(i) notinbranch
int lv_body(int i);

#endif
