// Inner loops whose exit tests read a recurrence that is the same in every
// lane although it is not an integer counter: a float halved until it is
// small, a pointer stepped to a uniform end, a double Newton iteration.
#include "uniform-phis.h"

#pragma omp declare simd uniform(t) notinbranch
float halve(float x, float t) {
  float y = t;
  int k = 0;
  while (y > 1.0f) {
    y *= 0.5f;
    k++;
  }
  return x * y + (float)k;
}

#pragma omp declare simd uniform(t) inbranch
float halvem(float x, float t) {
  float y = t;
  int k = 0;
  while (y > 1.0f) {
    y *= 0.5f;
    k++;
  }
  return x * y + (float)k;
}

// The recurrence reads x: it differs between lanes, the loop is divergent.
#pragma omp declare simd uniform(t) notinbranch
float halvex(float x, float t) {
  float y = t;
  int k = 0;
  while (y > 1.0f) {
    y = y * 0.5f + x * 0.0f;
    k++;
  }
  return x * y + (float)k;
}

#pragma omp declare simd uniform(a, end) notinbranch
float dotp(const float *a, const float *end, float x) {
  float s = 0.0f;
  for (const float *p = a; p != end; ++p)
    s += *p * x;
  return s;
}

#pragma omp declare simd uniform(c) notinbranch
double newton(double x, double c) {
  double y = c > 1.0 ? c : 1.0;
  for (int k = 0; k < 60 && (y * y - c > 1e-12 || c - y * y > 1e-12); k++)
    y = 0.5 * (y + c / y);
  return x * y;
}

// Masked: lanes that are off shadow one that runs the loop, whose start
// every lane computes from c before it.
#pragma omp declare simd uniform(c) inbranch
double newtonm(double x, double c) {
  double y = c > 1.0 ? c : 1.0;
  for (int k = 0; k < 60 && (y * y - c > 1e-12 || c - y * y > 1e-12); k++)
    y = 0.5 * (y + c / y);
  return x * y;
}

#pragma omp declare simd uniform(o, t) linear(i) notinbranch
float spill(float *o, int i, float t) {
  float y = t;
  int k = 0;
  while (y > 1.0f) {
    o[i * 64 + k] = y + (float)i;
    y *= 0.5f;
    k++;
  }
  return y;
}

// The next node is a memory read: never uniform, the loop stays divergent.
#pragma omp declare simd uniform(list) notinbranch
float walk(const struct node *list, float x) {
  float s = 0.0f;
  for (const struct node *p = list; p; p = p->next)
    s += p->v * x;
  return s;
}

// The exit reads a float a nested loop computes: uniform, since the lanes
// leave the nested loop together (its bound is uniform).
#pragma omp declare simd uniform(t, m) notinbranch
float nested(float x, float t, int m) {
  float y = t;
  int k = 0;
  while (y > 1.0f && k < 50) {
    for (int j = 0; j < (m & 7); j++)
      y = y > 100.0f ? 50.0f : y - 0.75f;
    y = y * 0.5f + 0.25f;
    k++;
  }
  return x * y + (float)k;
}

// The nested loop's bound reads x: the lanes leave it apart, both loops
// are divergent.
#pragma omp declare simd uniform(t) notinbranch
float nestedx(float x, float t) {
  float y = t;
  int k = 0;
  while (y > 1.0f && k < 50) {
    for (int j = 0; j < ((int)x & 7); j++)
      y = y > 100.0f ? 50.0f : y - 0.75f;
    y = y * 0.5f + 0.25f;
    k++;
  }
  return x * y + (float)k;
}
