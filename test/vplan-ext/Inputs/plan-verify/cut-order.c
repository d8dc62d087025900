#pragma omp declare simd uniform(b)
short fz101(int short b) {
  long t ;
  double x = 0.5;
  for (int k1 = 0; k1 < 12 && (0 >= 0); k1++) {
    t = ((((((b) << 22)) % ((b) | 1u))) | 0);
  }
  for (unsigned k1 = 0; k1 < ((((t) + 0)) & 7u); k1++) {
    if (((0 >= (b))) > (k1))
      t = b;
    for (unsigned k2 = 0; k2 < ((((((k1))) ^ (255u))) & 15u); k2++)
      x = 100.0;
  }
  for (unsigned k0 = 0; 0 < 12 && 0; k0)
    ;
  return (b ^ 0 ^ (x < 100.0));
}
