#ifndef VECCLONE_DEMO_KERNEL_H
#define VECCLONE_DEMO_KERNEL_H
/* One declaration, seen by gcc and clang callers alike. */
#pragma omp declare simd notinbranch
float softclip(float x, float drive);
#endif
