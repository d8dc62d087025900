#include <stdio.h>
// Calls the variants of ms-abi.c from omp simd loops; every element checked.
#pragma omp declare simd
__attribute__((ms_abi)) int ma(int x, int y);
#pragma omp declare simd
__attribute__((ms_abi)) double md(double x);
#pragma omp declare simd uniform(k) linear(i)
__attribute__((ms_abi)) float mf(float x, int k, int i);
#pragma omp declare simd simdlen(8)
__attribute__((ms_abi)) signed char mc(signed char x, signed char y);
#pragma omp declare simd simdlen(2)
__attribute__((ms_abi)) float m2f(float x);
#pragma omp declare simd linear(a:-2) notinbranch
__attribute__((ms_abi)) int ml(signed char a, int y);
signed char C1[1003], C2[1003], CR[1003]; float FR2[1003]; int LR[1003];
int X[1003], Y[1003], R[1003]; double D[1003], DR[1003]; float F[1003], FR[1003];
int main(void) { int bad = 0;
  for (int i = 0; i < 1003; i++) { C1[i] = (signed char)(i * 37); C2[i] = (signed char)(i ^ 0x5a); X[i] = i * 7 - 300; Y[i] = i ^ 0x55; D[i] = i * 0.25; F[i] = i * 0.5f; }
#pragma omp simd
  for (int i = 0; i < 1003; i++) R[i] = ma(X[i], Y[i]);
#pragma omp simd
  for (int i = 0; i < 1003; i++) DR[i] = md(D[i]);
#pragma omp simd
  for (int i = 0; i < 1003; i++) FR[i] = mf(F[i], 3, i);
#pragma omp simd simdlen(8)
  for (int i = 0; i < 1003; i++) CR[i] = mc(C1[i], C2[i]);
#pragma omp simd simdlen(2)
  for (int i = 0; i < 1003; i++) FR2[i] = m2f(F[i]);
  signed char a = 100;
#pragma omp simd linear(a:-2)
  for (int i = 0; i < 1003; i++) { LR[i] = ml(a, i); a -= 2; }
  for (int i = 0; i < 1003; i++) { bad += CR[i] != (signed char)(C1[i] * 3 - C2[i]); bad += FR2[i] != F[i] * 0.25f - 1.0f; bad += LR[i] != (signed char)(100 - 2 * i) * 16 + i; }
  for (int i = 0; i < 1003; i++) { bad += R[i] != X[i] * 3 + Y[i]; bad += DR[i] != D[i] * 0.5 + 1.0; bad += FR[i] != F[i] * 3 + i; }
  printf("wrong: %d\n", bad); return bad != 0; }
