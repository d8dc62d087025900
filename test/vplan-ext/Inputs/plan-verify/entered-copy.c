/* The inner loop (k2) is uniform with shadow lanes (lanes whose test
   fails skip it); its exit value of t is the lane-affine s, which lane
   loop 3 takes from a phi on the exit edge, a read of its lane loop 2.
   The outer loop is uniform without shadow lanes in the unmasked
   variants (the cut at it computes s again in its lane loop 2), divergent
   in the masked ones (its inactive lanes leave the lane loop 2 past the
   body: a landing edge of the inner cut, and a resume dispatch). From
   lockstep fuzz seed 8011 (fz200256). */
#pragma omp declare simd uniform(b) linear(a : 3) linear(c) linear(d : 2)
unsigned char entered(unsigned char *a, signed char b, unsigned long c, int d) {
  unsigned s = (unsigned)b ^ (unsigned)c ^ (unsigned)d, t = (unsigned)b ^ 6u;
  double x = -2.0, y = 3.25;
  a[0] = 0;
  for (unsigned k1 = 0; k1 < 3; k1++) {
    for (int k2 = 0; k2 < 12 && s + (unsigned)b > (unsigned)d + s; k2++) {
      t = s;
      x = x * 0.5 + 1.0;
    }
    if (x + (100.0 - x) <= y)
      a[0] = (unsigned char)((unsigned)b ^ (unsigned)c);
    else
      y = x + (y - 2.0 - y);
    if (((unsigned)b ^ t) != 0u)
      continue;
  }
  return (unsigned char)(s ^ (t << 1) ^ (unsigned)(x < y));
}
