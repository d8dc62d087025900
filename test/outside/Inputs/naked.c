// vecclone-expects-warning: naked functions get no variants.
#pragma omp declare simd
__attribute__((naked)) int inc(int x) { __asm__("leal 1(%rdi), %eax\n\tret"); }
