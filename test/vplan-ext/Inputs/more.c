#include "more.h"
#include <stdio.h>

/* ---- switches ---------------------------------------------------------- */

/* Dense cases (x % 9 is -8..8: negatives go to default), fallthrough. */
#pragma omp declare simd notinbranch
int sw_dense(int x) {
  int r = 0;
  switch (x % 9) {
  case 0: r = 10; break;
  case 1: r = x >> 3; /* fallthrough */
  case 2: r += 7; break;
  case 3: r = (int)((unsigned)x * 3u); break;
  case 4:
  case 5: r = x & 0xff; /* fallthrough */
  case 6: r ^= 0x55; break;
  case 7: r = -x / 7; break;
  case 8: return 88;
  default: r = -1;
  }
  return r + 1;
}

/* Sparse cases on the whole value, fallthrough, a loop in the default. */
#pragma omp declare simd notinbranch
int sw_sparse(int x) {
  int r = 1;
  switch (x) {
  case -2147483647 - 1: return -7;
  case -5: r = 5; break;
  case 0: r = 100; /* fallthrough */
  case 1: r += 11; break;
  case 100: r = 3; /* fallthrough */
  case 1000: r *= 9; break;
  case 65536: r = 65; break;
  case 2147483647: return 7;
  default: {
    unsigned u = (unsigned)x;
    while (u > 9) {
      u /= 7;
      r++;
    }
    r = r * 16 + (int)u;
  }
  }
  return r;
}

/* A switch inside a loop with a per-lane trip count: continue from a case,
 * break out of the loop from another. */
#pragma omp declare simd notinbranch
int sw_loop(int n) {
  int s = 0;
  for (int i = 0; i < (n & 31); i++) {
    switch ((i + (n >> 5)) & 7) {
    case 0: s += 3; continue;
    case 1: s ^= i; /* fallthrough */
    case 2: s += 2 * i; break;
    case 5: s -= 1; break;
    case 6: if (s > 150) goto out; s += 5; break;
    default: s += 1;
    }
    s++;
  }
out:
  return s;
}

/* ---- nested if/else, 3 deep --------------------------------------------- */
#pragma omp declare simd notinbranch
float nest3(float a, float b, float c) {
  float r;
  if (a > b) {
    if (b > c) {
      if (a > 2.0f * c) r = a - c;
      else r = a + c;
    } else {
      if (c != c) r = 1.5f;
      else r = c * 0.5f;
    }
  } else {
    if (a > c) {
      if (b < 0.0f) r = -b;
      else r = b * a;
    } else {
      if (a == 0.0f) r = c;
      else r = a / 3.0f;
    }
  }
  return r;
}

/* ---- early returns from inside loops ------------------------------------ */
#pragma omp declare simd uniform(key) notinbranch
int early_ret(int n, int key) {
  unsigned h = (unsigned)n;
  for (int i = 0; i < 40; i++) {
    h = h * 1103515245u + 12345u;
    if ((int)((h >> 20) & 63) == key)
      return i;
    if (h % 97u == 0)
      return -i - 100;
  }
  return -1;
}

/* Return from a nested loop. */
#pragma omp declare simd notinbranch
int early_ret2(int n) {
  int t = (int)((unsigned)n % 50u);
  for (int i = 1; i < 8; i++)
    for (int j = 1; j < (n & 7) + 2; j++)
      if (i * j == t)
        return i * 16 + j;
  return -t;
}

/* ---- while with continue and break; do-while --------------------------- */
#pragma omp declare simd notinbranch
int while_cb(int n) {
  unsigned u = (unsigned)n;
  int s = 0, k = 0;
  while (u != 0) {
    k++;
    if (u & 1) {
      u >>= 1;
      continue;
    }
    if (k > 20)
      break;
    s += k;
    u >>= 2;
  }
  return s * 64 + k;
}

#pragma omp declare simd notinbranch
int do_while(int x) {
  unsigned u = (unsigned)x;
  int c = 0;
  do {
    c += (int)(u % 10u);
    u /= 10u;
  } while (u != 0);
  return c;
}

/* ---- uniform bound, varying break -------------------------------------- */
#pragma omp declare simd uniform(n) notinbranch
int uni_bound(int x, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    s += (x >> (i & 7)) & 15;
    if (s > (x & 127))
      break;
  }
  return s;
}

/* ---- AoS reads ---------------------------------------------------------- */
#pragma omp declare simd uniform(p) linear(i) notinbranch
float aos2_read(const struct P2 *p, int i) {
  float s = 0.0f;
  int k = 0;
  while (s < p[i].y) {
    s += p[i].x * p[i].x + 0.25f;
    if (++k >= 100)
      break;
  }
  return s + (float)k;
}

#pragma omp declare simd uniform(p) linear(i) notinbranch
int aos3_read(const struct P3 *p, int i) {
  int s = 0;
  for (int k = 0; k < (p[i].a & 15); k++)
    s += p[i].b ^ k;
  if (s > p[i].c)
    s -= p[i].c;
  return s;
}

#pragma omp declare simd uniform(p) linear(i) notinbranch
float aos4_read(const struct P4 *p, int i) {
  float s = p[i].w;
  if (p[i].w > 0.0f) {
    float x = p[i].x;
    int k = 0;
    while (x < p[i].y && k < 20) {
      x = x * 1.5f + p[i].z;
      k++;
    }
    s = x + (float)k;
  }
  return s;
}

/* Stride 8, read inside a divergent loop. */
#pragma omp declare simd uniform(p) linear(i) notinbranch
int aos8_read(const struct P8 *p, int i) {
  int s = 0;
  for (int j = 1; j <= (p[i].v[0] & 7); j++) {
    if (p[i].v[j] < 0)
      break;
    s += p[i].v[j];
  }
  return s;
}

/* ---- AoS writes --------------------------------------------------------- */
/* Writes p[i].y only (x must stay). */
#pragma omp declare simd uniform(p) linear(i) notinbranch
void aos2_write(struct P2 *p, int i, float v) {
  float g = v > 1.0f ? v : 1.0f;
  int k = 0;
  while (k < 30 && g * g > v + 0.01f) {
    g = 0.5f * (g + v / g);
    k++;
  }
  p[i].y = g + (float)k;
}

/* Writes b and c (a must stay) through a linear pointer. */
#pragma omp declare simd linear(out) notinbranch
void aos3_write(struct P3 *out, int n) {
  int s = 0, k;
  for (k = 0; k < (n & 15); k++) {
    s += k * (n >> 12);
    if ((s & 3) == 3)
      break;
  }
  out->b = s;
  out->c = k;
}

/* Masked: inactive lanes must not write z (sentinel). */
#pragma omp declare simd linear(out) inbranch
void aos4_write(struct P4 *out, float x) {
  int k = 0;
  float y = x;
  while (y > 1.0f && k < 40) {
    y *= 0.75f;
    k++;
  }
  out->z = y;
  out->w = (float)k;
}

/* Both masked and unmasked variants; stores inside a divergent loop. */
#pragma omp declare simd uniform(p) linear(i)
void aos8_write(struct P8 *p, int i, int n) {
  for (int j = 0; j < (n & 7); j++)
    p[i].v[j] = n + j;
}

/* ---- gathers ------------------------------------------------------------ */
#pragma omp declare simd uniform(tab, idx) linear(i) notinbranch
float gather_idx(const float *tab, const int *idx, int i) {
  int j = idx[i];
  float s = 0.0f;
  for (int k = 0; k < (j & 7) + 2; k++) {
    s += tab[j];
    j = (j * 5 + 1) & 255;
    if (tab[j] < 0.0f)
      break;
  }
  return s;
}

#pragma omp declare simd uniform(next) notinbranch
int chase(const int *next, int start) {
  int c = 0;
  while (start >= 0 && c < 50) {
    start = next[start];
    c++;
  }
  return c * 1000 + start;
}

/* Masked gather: the caller passes wild indices on inactive lanes. */
#pragma omp declare simd uniform(tab) inbranch
float gather_masked(const float *tab, int j) {
  float s = tab[j];
  int k = 0;
  while (s > 2.0f && k < 10) {
    s = s * 0.5f + tab[(j + k) & 63];
    k++;
  }
  return s;
}

/* Binary search in a uniform sorted table: gathers in a divergent loop. */
#pragma omp declare simd uniform(t, n) notinbranch
int bsearch_f(const float *t, int n, float x) {
  int lo = 0, hi = n;
  while (lo < hi) {
    int mid = (lo + hi) >> 1;
    if (t[mid] == x)
      return mid;
    if (t[mid] < x)
      lo = mid + 1;
    else
      hi = mid;
  }
  return -1 - lo;
}

/* ---- masked stores through linear pointers, in loops -------------------- */
#pragma omp declare simd linear(out) inbranch
void m_accum(float *out, float x) {
  *out = 0.0f;
  int k = 0;
  while (x > 0.5f && k < 25) {
    *out += x;
    x *= 0.8f;
    k++;
  }
}

#pragma omp declare simd linear(out:2) inbranch
void m_lin2(int *out, int n) {
  int a = 0, b = 1;
  for (int k = 0; k < (n & 15); k++) {
    int t = a + b;
    a = b;
    b = t;
    out[0] = a;
  }
  out[1] = b;
}

/* ---- every scalar type -------------------------------------------------- */
#pragma omp declare simd notinbranch
signed char t_char(signed char c) {
  signed char r = 1;
  for (int k = 0; k < (c & 7); k++)
    r = (signed char)(r * 3 + c);
  while (r > 40)
    r = (signed char)(r / 2);
  return r;
}

#pragma omp declare simd notinbranch
short t_short(short s, short t) {
  int k = 0;
  while (s != t && k < 40) {
    s = (short)(s + (s < t ? 7 : -5));
    k++;
  }
  return (short)(s * k);
}

#pragma omp declare simd notinbranch
long t_long(long x) {
  unsigned long u = (unsigned long)x;
  int k = 0;
  while (u > 1000 && k < 64) {
    u = u / 3 + (u & 7);
    k++;
  }
  return (long)u * 100 + k;
}

#pragma omp declare simd notinbranch
float t_float(float x) {
  int c = 0;
  do {
    x = x * 0.5f;
    c++;
  } while (x > 1.0f && c < 200);
  return x + (float)c;
}

/* Sine series until the term is small. */
#pragma omp declare simd notinbranch
double t_double(double x) {
  double term = x, s = 0.0;
  int k = 1;
  while ((term > 1e-12 || term < -1e-12) && k < 60) {
    s += term;
    term *= -x * x / (double)((2 * k) * (2 * k + 1));
    k++;
  }
  return s + k;
}

/* ---- zero trips; division that only some lanes run ---------------------- */
#pragma omp declare simd notinbranch
int zero_trip(int a, int b) {
  int s = 7;
  int n = a % 9 - (b & 3);
  for (int i = 0; i < n; i++)
    s += (i & 3) + b % 5;
  return s;
}

/* d == 0: no iteration, no division. */
#pragma omp declare simd notinbranch
int div_loop(int a, int d) {
  int b = a >> 1;
  unsigned s = 0;
  int n = d == 0 ? 0 : (a & 7) + 1;
  for (int i = 0; i < n; i++) {
    s += (unsigned)((b + i) / d);
    s ^= (unsigned)((b - i) % d);
  }
  return (int)s;
}

#pragma omp declare simd notinbranch
long ldiv_loop(long a, long d) {
  long b = a >> 1;
  int k = 0;
  if (d != 0 && d != 1 && d != -1) {
    while (b != 0 && k < 70) {
      b /= d;
      k++;
    }
  }
  return (long)((unsigned long)b * 128u) + k;
}

/* Masked: the caller only calls where d != 0 (inactive lanes have d == 0). */
#pragma omp declare simd inbranch
int m_div(int a, int d) {
  int b = a >> 1;
  unsigned s = 0;
  for (int i = 0; i < (a & 7); i++)
    s += (unsigned)((b - i) / d) + (unsigned)((b + i) % d);
  return (int)s;
}

/* ---- simdlen 4 and 16 --------------------------------------------------- */
#pragma omp declare simd simdlen(4) notinbranch
float sl4(float x) {
  float y = x < 0.0f ? -x : x;
  int k = 0;
  while (y >= 2.0f && k < 100) {
    y = y * 0.5f;
    k++;
  }
  return y + (float)(k * 10);
}

#pragma omp declare simd simdlen(16) notinbranch
int sl16(int x) {
  unsigned u = (unsigned)x;
  int c = 0;
  while (u) {
    c += (int)(u & 3);
    u >>= 3;
  }
  return c;
}

/* ---- linear steps other than 1 ------------------------------------------ */
#pragma omp declare simd uniform(a) linear(i:2) notinbranch
float lin_step2(const float *a, int i) {
  float x = a[i], y = a[i + 1];
  int k = 0;
  while (x < y && k < 20) {
    x = x * 2.0f + 0.5f;
    k++;
  }
  return x - (float)k;
}

#pragma omp declare simd uniform(a) linear(i:3) notinbranch
int lin_step3(const int *a, int i) {
  int s = 0;
  for (int k = 0; k < (a[i] & 7); k++)
    s = s * 5 + (a[i + 1] ^ k) + a[i + 2];
  return s;
}

/* ---- calls without vector variants ------------------------------------- */
int more_log[4096];
int more_log_n;

__attribute__((noinline)) int more_pure(int i, int x) {
  return (int)((unsigned)i * (unsigned)x) - (x >> 2);
}
__attribute__((noinline)) static void more_append(int x) {
  if (more_log_n < 4096)
    more_log[more_log_n++] = x;
}

/* A const call without a variant inside a divergent loop. */
#pragma omp declare simd notinbranch
int call_pure(int x) {
  unsigned s = 0;
  for (int i = 0; i < (x & 7); i++)
    s += (unsigned)more_pure(i, x);
  return (int)s;
}

/* Masked, a loop then a logging call: active lanes log in lane order,
 * inactive lanes never log. */
#pragma omp declare simd inbranch
int m_logcall(int x) {
  unsigned s = 0;
  for (int i = 0; i < (x & 7); i++)
    s = s * 3u + (unsigned)x;
  more_append((int)s);
  return (int)(s >> 1);
}

/* A loop, then printf under a divergent condition. */
#pragma omp declare simd notinbranch
int p_print(int x) {
  int c = 0;
  unsigned u = (unsigned)x;
  while (u > 100) {
    u /= 3;
    c++;
  }
  if (c > 15 && (u & 3) == 1)
    printf("p_print %d %d %u\n", x, c, u);
  return c;
}
