#include <stdio.h>
// Calls the variants of ms-abi.c from omp simd loops; every element checked.
#pragma omp declare simd
__attribute__((ms_abi)) int ma(int x, int y);
#pragma omp declare simd
__attribute__((ms_abi)) double md(double x);
#pragma omp declare simd uniform(k) linear(i)
__attribute__((ms_abi)) float mf(float x, int k, int i);
int X[1003], Y[1003], R[1003]; double D[1003], DR[1003]; float F[1003], FR[1003];
int main(void) { int bad = 0;
  for (int i = 0; i < 1003; i++) { X[i] = i * 7 - 300; Y[i] = i ^ 0x55; D[i] = i * 0.25; F[i] = i * 0.5f; }
#pragma omp simd
  for (int i = 0; i < 1003; i++) R[i] = ma(X[i], Y[i]);
#pragma omp simd
  for (int i = 0; i < 1003; i++) DR[i] = md(D[i]);
#pragma omp simd
  for (int i = 0; i < 1003; i++) FR[i] = mf(F[i], 3, i);
  for (int i = 0; i < 1003; i++) { bad += R[i] != X[i] * 3 + Y[i]; bad += DR[i] != D[i] * 0.5 + 1.0; bad += FR[i] != F[i] * 3 + i; }
  printf("wrong: %d\n", bad); return bad != 0; }
