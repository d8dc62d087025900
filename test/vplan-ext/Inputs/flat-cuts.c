// Cuts at calls run lane by lane and at BOSCC regions in lane loops
// without inner loops: the plan models each (flat-cuts.test).
float ext(float);
float ext2(float, int);

// A call some lanes skip: its lanes and those that skip it resume at two
// places (a dispatch); the next call's lanes all go on in one block.
#pragma omp declare simd notinbranch linear(i)
float guarded(float x, int k, int i) {
  float y = x * 2.0f;
  if (k > 3)
    y = ext(y) + 1.0f;
  y += ext2(y, i + 7);
  return y + (float)(i + 7);
}

// Calls on both sides of an if/else: the plan takes them in its order.
#pragma omp declare simd notinbranch
float sides(float x, int k) {
  float y;
  if (k & 1)
    y = ext(x);
  else
    y = ext2(x, k);
  return y * 3.0f;
}

// A heavy if/else before a call (cut in the call's lane loop 1, whose
// edges out each have a block of their own) and one after it, whose lanes
// land in the join carrying their value of the phi there.
#pragma omp declare simd notinbranch
float heavy(float x, int k) {
  float y = x;
  if (x > 1.0f)
    y = y*y*y + y / 3.0f - y * 7.0f + y / 11.0f + y*y / 13.0f + y / 5.0f;
  else
    y = y*y - y / 7.0f + y * 3.0f + y / 17.0f - y*y / 19.0f + y / 23.0f;
  y = ext2(y, k);
  if (y > 5.0f)
    y = y*y*y + y / 3.0f - y * 7.0f + y / 11.0f + y*y / 13.0f + y / 5.0f;
  else
    y = y*y - y / 7.0f + y * 3.0f + y / 17.0f - y*y / 19.0f + y / 23.0f;
  return y;
}

// Around and in a divergent loop: a call before it (in the loop's cut's
// lane loop 1), a heavy if/else in its body (its lane loop 2, whose lanes
// that left the loop skip the body) and one after it (the last lane
// loop 3, entered where the loop's lanes land).
#pragma omp declare simd notinbranch uniform(a)
float looped(const float *a, float x, int n) {
  float y = ext(x);
  for (int j = 0; j < n + (int)x; j++) {
    if (a[j] > y)
      y = y*y*y + y / 3.0f - y * 7.0f + y / 11.0f + y*y / 13.0f + a[j];
    else
      y = y*y - y / 7.0f + y * 3.0f + y / 17.0f - y*y / 19.0f - a[j];
  }
  if (y > 5.0f)
    y = y*y*y + y / 3.0f - y * 7.0f + y / 11.0f + y*y / 13.0f + y / 5.0f;
  else
    y = y*y - y / 7.0f + y * 3.0f + y / 17.0f - y*y / 19.0f + y / 23.0f;
  return y;
}
