#include "fns.h"
float ff(float x, float y) { return x * y + 1.0f; }
double fd(double x) { return x > 1.0 ? x * 0.5 : x * 3.0 + 1.0; }
float ul(const float *p, int i) { return p[i] * 2.0f + (float)i; }
int idiv(int a, int b) { return a / b; }
short fs(short x) { return (short)(x * 3 + 1); }
long fl(long a, long b) { return a > b ? a - b : b * 7; }
void st(float *p, int i, float v) { p[i] = v * v - 1.0f; }
float uc(const signed char *p, int i) { return (float)p[i] * 0.25f - 1.0f; }
