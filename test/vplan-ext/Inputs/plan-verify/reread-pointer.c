#pragma omp declare simd uniform(d) linear(b )
void fz150063(long *a, char *b, int d) {
  for (int k1 = 0; k1 < ((3u)); k1++)
    for (int k2 = 0; k2 < ((d)); k2++) {
      b[0] = a[0] ;
    }
  for (unsigned k0 ; 0; k0)
    ;
}
