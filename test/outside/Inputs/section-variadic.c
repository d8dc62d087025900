// Issue 19 item 15: variants go into the function's section, as gcc's;
// a variadic function's variants take its named parameters, as gcc's.
#pragma omp declare simd
__attribute__((section(".text.hot_simd"))) int in_section(int x) { return x + 1; }
#pragma omp declare simd
int variadic(int n, ...) { return n * 3; }
