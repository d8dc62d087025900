/* The pragmas are on the definitions too: clang takes a C function's
 * variants from the declaration it defines. */
#include "copy-cuts.h"

/* Row i of a, 32 floats apart: `i * 32 + j` is lane-stepped (its lane
 * loop 2 has a copy that computes it from the lane), `j < n` tests the
 * round counter (the round has a steady copy where it does not fire). */
#pragma omp declare simd uniform(a, n) linear(i : 1)
int stepped(const float *a, int i, int n) {
  int s = 0;
  int row = i * 32;
  for (int j = 0; j < n && a[row + j] > 0; j++)
    s += weigh(row + j);
  return s;
}

/* The same with an exit between the test and the call: lanes leave the
 * call's part before it on two edges, and in the steady copy on one. */
#pragma omp declare simd uniform(a, n) linear(i : 1)
int stepped_break(const float *a, int i, int n) {
  int s = 0;
  int row = i * 32;
  for (int j = 0; j < n; j++) {
    if (a[row + j] < 0)
      break;
    s += weigh(row + j) + j;
  }
  return s + row;
}

/* A uniform loop some lanes skip (i >= len): its lane loop 2 reads the
 * lane-affine `a + i` from a lane array, its copy for rounds where every
 * lane entered computes it again. */
#pragma omp declare simd uniform(a, n, len) linear(i : 1)
int entered(const int *a, int i, int n, int len) {
  if (i >= len)
    return -1;
  int s = 0;
  const int *col = a + i;
  for (int j = 0; j < n; j++)
    s += weigh(col[j * 64]) ^ j;
  return s;
}

/* A row index loaded per lane: lane-stepped when the rows follow each
 * other. Only the lane-stepped copy computes `row + j` from its lane; the
 * other lane loops read it from lane arrays. */
#pragma omp declare simd uniform(rows, a, n) linear(i : 1)
int gathered(const int *rows, const float *a, int i, int n) {
  int s = 0;
  int row = rows[i];
  for (int j = 0; j < n && a[row + j] > 0; j++)
    s += weigh(row + j) + weigh(j);
  return s;
}
