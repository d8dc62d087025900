// Inner loops whose exit tests read a uniform floating-point or pointer
// recurrence: the functions of uniform-phis.c, declared for their callers.
struct node {
  const struct node *next;
  float v;
};
#pragma omp declare simd uniform(t) notinbranch
float halve(float x, float t);
#pragma omp declare simd uniform(t) inbranch
float halvem(float x, float t);
#pragma omp declare simd uniform(t) notinbranch
float halvex(float x, float t);
#pragma omp declare simd uniform(a, end) notinbranch
float dotp(const float *a, const float *end, float x);
#pragma omp declare simd uniform(c) notinbranch
double newton(double x, double c);
#pragma omp declare simd uniform(c) inbranch
double newtonm(double x, double c);
#pragma omp declare simd uniform(o, t) linear(i) notinbranch
float spill(float *o, int i, float t);
#pragma omp declare simd uniform(list) notinbranch
float walk(const struct node *list, float x);
#pragma omp declare simd uniform(t, m) notinbranch
float nested(float x, float t, int m);
#pragma omp declare simd uniform(t) notinbranch
float nestedx(float x, float t);
