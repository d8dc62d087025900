#pragma omp declare simd
void fz25038(double a, short *b  ) {
  for (unsigned k0 = 0; k0 < (((((3u) ))) ); k0++)
    for (int k1 = 0; k1 < 12 ; k1++)
      for (int k2 = 0; k2 < ((a)); k2++)
        b[0] = 0;
  ;
}
