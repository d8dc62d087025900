// ms_abi declare-simd functions: gcc's clones take every vector by
// reference (Microsoft x64 convention) and return vectors wider than 16
// bytes in memory.
#pragma omp declare simd
__attribute__((ms_abi)) int ma(int x, int y) { return x * 3 + y; }
#pragma omp declare simd
__attribute__((ms_abi)) double md(double x) { return x * 0.5 + 1.0; }
#pragma omp declare simd uniform(k) linear(i)
__attribute__((ms_abi)) float mf(float x, int k, int i) { return x * k + i; }
// 8-byte pieces (fuzzer, --shapes=msabi): gcc passes and returns them in
// general registers under the Microsoft convention.
#pragma omp declare simd simdlen(8)
__attribute__((ms_abi)) signed char mc(signed char x, signed char y) { return (signed char)(x * 3 - y); }
#pragma omp declare simd simdlen(2)
__attribute__((ms_abi)) float m2f(float x) { return x * 0.25f - 1.0f; }
// A narrow linear value that wraps: the variants take their out-of-line
// fallback, whose call used the default convention.
#pragma omp declare simd linear(a:-2) notinbranch
__attribute__((ms_abi)) int ml(signed char a, int y) { return a * 16 + y; }
