/* Two inner loops: the first is cut; the second calls a function with
   side effects and no vector variant, so its cut is refused. The lane loop
   after the first cut (the second loop and the return) stays whole and
   scalar; the second loop of uniform(n) is counted in no shape. */
extern void note(int);

#pragma omp declare simd uniform(a, n) notinbranch
int refused_after(const int *a, int x, int n) {
  int s = 0;
  for (int j = 0; j < x; j++)
    s += a[j] ^ j;
  for (int k = 0; k < n; k++)
    note(s + k);
  return s;
}
