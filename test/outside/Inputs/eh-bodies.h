// Bodies with exception edges and unusual control flow (issue 19, items
// 2, 3 and 5). The pragmas are repeated on the definitions (issue 20).
#ifdef __cplusplus
extern "C++" {
#pragma omp declare simd
int dtor_around_call(int x);
#pragma omp declare simd
int try_catch(int x);
#pragma omp declare simd
int calls_noexcept(int x) noexcept;
// Defined by g++ in another file (so clang cannot see that it never throws
// for the test's values): the noexcept caller's call is an invoke whose
// handler calls std::terminate, and its variants call gcc's variants.
#pragma omp declare simd
int scaled(int x);
#pragma omp declare simd
int calls_simd_noexcept(int x) noexcept;
}
#endif
#ifdef __cplusplus
extern "C" {
#endif
#pragma omp declare simd
int cleanup_attr(int x);
#pragma omp declare simd
int asm_goto(int x);
#pragma omp declare simd
int computed_goto(int x);
#ifdef __cplusplus
}
#endif
