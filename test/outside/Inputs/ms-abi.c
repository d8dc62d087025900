// ms_abi declare-simd functions: gcc's clones take every vector by
// reference (Microsoft x64 convention) and return vectors wider than 16
// bytes in memory.
#pragma omp declare simd
__attribute__((ms_abi)) int ma(int x, int y) { return x * 3 + y; }
#pragma omp declare simd
__attribute__((ms_abi)) double md(double x) { return x * 0.5 + 1.0; }
#pragma omp declare simd uniform(k) linear(i)
__attribute__((ms_abi)) float mf(float x, int k, int i) { return x * k + i; }
