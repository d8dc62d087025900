// Calls uniform-phis.c's variants from omp simd loops (N is no multiple of
// any VF), half of the masked ones under a condition, and compares every
// result with the scalar reference (gcc -O0).
#include <stdio.h>
#include <string.h>
#include "uniform-phis.h"
float ref_halve(float, float);
float ref_halvem(float, float);
float ref_halvex(float, float);
float ref_dotp(const float *, const float *, float);
double ref_newton(double, double);
double ref_newtonm(double, double);
float ref_spill(float *, int, float);
float ref_walk(const struct node *, float);
float ref_nested(float, float, int);
float ref_nestedx(float, float);

#define N 203
static float xs[N], of[N], wf[N], tab[100];
static double xd[N], od[N];
static float o1[N * 64], o2[N * 64];
static struct node nodes[12];

static int same(const void *a, const void *b, size_t n) {
  return memcmp(a, b, n) == 0;
}

int main(void) {
  for (int k = 0; k < N; k++) {
    xs[k] = (float)((k * 37) % 101) * 0.125f - 6.0f;
    xd[k] = (double)((k * 53) % 97) * 0.0625 - 3.0;
  }
  for (int k = 0; k < 100; k++)
    tab[k] = (float)(k % 7) * 0.5f - 1.0f;
  for (int k = 0; k < 12; k++) {
    nodes[k].v = (float)k * 0.75f - 2.0f;
    nodes[k].next = k + 1 < 12 ? &nodes[k + 1] : 0;
  }
  int bad = 0;
  float ts[] = {-3.0f, 0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 1000.0f, 3.0e9f,
                1.0e19f, __builtin_nanf("")};
  for (unsigned t = 0; t < sizeof ts / sizeof *ts; t++) {
    float tv = ts[t];
#pragma omp simd
    for (int k = 0; k < N; k++)
      of[k] = halve(xs[k], tv);
    for (int k = 0; k < N; k++) {
      float w = ref_halve(xs[k], tv);
      bad += !same(&of[k], &w, sizeof w);
    }
#pragma omp simd
    for (int k = 0; k < N; k++)
      of[k] = (k % 3) ? halvem(xs[k], tv) : -1.0f;
    for (int k = 0; k < N; k++) {
      float w = (k % 3) ? ref_halvem(xs[k], tv) : -1.0f;
      bad += !same(&of[k], &w, sizeof w);
    }
#pragma omp simd
    for (int k = 0; k < N; k++)
      of[k] = halvex(xs[k], tv);
    for (int k = 0; k < N; k++) {
      float w = ref_halvex(xs[k], tv);
      bad += !same(&of[k], &w, sizeof w);
    }
    for (int mm = 0; mm < 9; mm += 4) {
#pragma omp simd
      for (int k = 0; k < N; k++)
        of[k] = nested(xs[k], tv, mm);
      for (int k = 0; k < N; k++) {
        float w = ref_nested(xs[k], tv, mm);
        bad += !same(&of[k], &w, sizeof w);
      }
    }
#pragma omp simd
    for (int k = 0; k < N; k++)
      of[k] = nestedx(xs[k], tv);
    for (int k = 0; k < N; k++) {
      float w = ref_nestedx(xs[k], tv);
      bad += !same(&of[k], &w, sizeof w);
    }
    if (tv > 1.0e12f || tv != tv)
      continue;
    memset(o1, 0, sizeof o1);
    memset(o2, 0, sizeof o2);
#pragma omp simd
    for (int k = 0; k < N; k++)
      of[k] = spill(o1, k, tv);
    for (int k = 0; k < N; k++) {
      float w = ref_spill(o2, k, tv);
      bad += !same(&of[k], &w, sizeof w);
    }
    bad += !same(o1, o2, sizeof o1);
  }
  for (int n = 0; n <= 100; n += 7) {
#pragma omp simd
    for (int k = 0; k < N; k++)
      of[k] = dotp(tab + n / 3, tab + n, xs[k]);
    for (int k = 0; k < N; k++) {
      float w = ref_dotp(tab + n / 3, tab + n, xs[k]);
      bad += !same(&of[k], &w, sizeof w);
    }
  }
  double cs[] = {0.0, 0.25, 1.0, 2.0, 10.0, 12345.678, 1e30};
  for (unsigned c = 0; c < sizeof cs / sizeof *cs; c++) {
#pragma omp simd
    for (int k = 0; k < N; k++)
      od[k] = newton(xd[k], cs[c]);
    for (int k = 0; k < N; k++) {
      double w = ref_newton(xd[k], cs[c]);
      bad += !same(&od[k], &w, sizeof w);
    }
#pragma omp simd
    for (int k = 0; k < N; k++)
      od[k] = (k % 4 == 1) ? newtonm(xd[k], cs[c]) : -1.0;
    for (int k = 0; k < N; k++) {
      double w = (k % 4 == 1) ? ref_newtonm(xd[k], cs[c]) : -1.0;
      bad += !same(&od[k], &w, sizeof w);
    }
  }
  for (int s = 0; s <= 12; s += 4) {
    const struct node *list = s < 12 ? &nodes[s] : 0;
#pragma omp simd
    for (int k = 0; k < N; k++)
      of[k] = walk(list, xs[k]);
    for (int k = 0; k < N; k++) {
      float w = ref_walk(list, xs[k]);
      bad += !same(&of[k], &w, sizeof w);
    }
  }
  printf("mismatches: %d\n", bad);
  return bad != 0;
}
