// Issue 19 item 13: inline, template and constexpr functions emitted in
// the file (here: their addresses are taken) keep their variants, weak, as
// gcc's.
#pragma omp declare simd
inline int il(int x) { return x * 5 + 1; }
#pragma omp declare simd
template <typename T> T tp(T x) { return x * 2; }
#pragma omp declare simd
constexpr int ce(int x) { return x - 3; }
int (*volatile Keep[])(int) = {il, tp<int>, ce};
