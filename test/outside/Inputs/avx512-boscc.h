// Bodies with a divergent loop around a heavy if/else (BOSCC copies), which
// crashed the backend when the file was built for an AVX-512 -march.
#pragma omp declare simd
float fd(float x, float y);
#pragma omp declare simd
short sd(short a, short b);
#pragma omp declare simd inbranch
int id(int a, int b);
