#pragma omp declare simd
char fz492(long a) {
  unsigned s = 0, t = 3u;
  for (unsigned k0 = 0; ((((((a) )) / ((s) | 1u))) ); k0++) {
    for (unsigned k1 = 0; k1 < ((a)); k1++) {
      t = 0;
    }
    s = k0;
    if ((t) )
      break;
  }
  for (unsigned k0 ; 0; k0)
    ;
  return (s );
}
