// linear(ref), linear(val), linear(uval) on C++ references.
#pragma omp declare simd linear(ref(a)) linear(val(b)) linear(uval(c)) notinbranch
int refs(int &a, int &b, int &c) { return a * 100 + b * 10 + c; }
#pragma omp declare simd linear(ref(a)) inbranch
int bump(int &a) { a += 1; return a; }
