#pragma omp declare simd uniform(c) linear(b : 2) notinbranch
int fz25476(int a, int b, float *c) {
  unsigned s = b, t ;
  for (int k0 = 0; k0 < 12 && (0 == 0); k0++)
    for (unsigned k1 = 0; k1 < ((((a) )) ); k1++)
      if ((k1))
        t = (c[b + k1] );
  for (unsigned k1 ; 0; k1)
    ;
  return ((t ) );
}
