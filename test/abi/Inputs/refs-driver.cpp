// g++-built driver: calls the linear(ref/val/uval) variants directly with
// gcc's vector ABI and compares every lane with the scalar function.
#include <cstdio>
#include <cstring>
typedef int v4si __attribute__((vector_size(16)));
typedef int v8si __attribute__((vector_size(32)));
typedef long v2di __attribute__((vector_size(16)));
typedef long v4di __attribute__((vector_size(32)));

int refs(int &a, int &b, int &c);
int bump(int &a);
extern "C" {
v4si _ZGVbN4R4LU__Z4refsRiS_S_(int *, v2di, v2di, int *);
v4si _ZGVbM4R4__Z4bumpRi(int *, v4si);
__attribute__((target("avx"))) v4si _ZGVcN4R4LU__Z4refsRiS_S_(int *, v2di, v2di, int *);
__attribute__((target("avx"))) v4si _ZGVcM4R4__Z4bumpRi(int *, v4si);
__attribute__((target("avx2"))) v8si _ZGVdN8R4LU__Z4refsRiS_S_(int *, v4di, v4di, int *);
__attribute__((target("avx2"))) v8si _ZGVdM8R4__Z4bumpRi(int *, v8si);
}
static int bad;
static void expect(const char *what, int lane, long got, long want) {
  if (got != want && bad++ < 10)
    std::printf("MISMATCH %s lane %d: got %ld want %ld\n", what, lane, got, want);
}

__attribute__((target("avx2"))) static void run_d() {
  int a[8], b[8], c = 7, a2[8], c2 = 7;
  for (int i = 0; i < 8; ++i) { a[i] = a2[i] = i * 3 - 5; b[i] = 11 - i; }
  v4di p0, p1;
  for (int i = 0; i < 4; ++i) { p0[i] = (long)&b[i]; p1[i] = (long)&b[i + 4]; }
  v8si r = _ZGVdN8R4LU__Z4refsRiS_S_(a, p0, p1, &c);
  for (int l = 0; l < 8; ++l) { int cl = c2 + l; expect("d refs", l, r[l], refs(a2[l], b[l], cl)); }
  v8si m = {-1, 0, -1, -1, 0, 0, -1, 0};
  v8si q = _ZGVdM8R4__Z4bumpRi(a, m);
  for (int l = 0; l < 8; ++l) {
    if (m[l]) expect("d bump", l, q[l], bump(a2[l]));
    expect("d bump memory", l, a[l], a2[l]);
  }
}
__attribute__((target("avx"))) static void run_c() {
  int a[4], b[4], c = -3, a2[4], c2 = -3;
  for (int i = 0; i < 4; ++i) { a[i] = a2[i] = i * 7 + 1; b[i] = i - 9; }
  v2di p0 = {(long)&b[0], (long)&b[1]}, p1 = {(long)&b[2], (long)&b[3]};
  v4si r = _ZGVcN4R4LU__Z4refsRiS_S_(a, p0, p1, &c);
  for (int l = 0; l < 4; ++l) { int cl = c2 + l; expect("c refs", l, r[l], refs(a2[l], b[l], cl)); }
  v4si m = {0, -1, 0, -1};
  v4si q = _ZGVcM4R4__Z4bumpRi(a, m);
  for (int l = 0; l < 4; ++l) {
    if (m[l]) expect("c bump", l, q[l], bump(a2[l]));
    expect("c bump memory", l, a[l], a2[l]);
  }
}
static void run_b() {
  int a[4], b[4], c = 100, a2[4], c2 = 100;
  for (int i = 0; i < 4; ++i) { a[i] = a2[i] = -i; b[i] = i * i; }
  v2di p0 = {(long)&b[0], (long)&b[1]}, p1 = {(long)&b[2], (long)&b[3]};
  v4si r = _ZGVbN4R4LU__Z4refsRiS_S_(a, p0, p1, &c);
  for (int l = 0; l < 4; ++l) { int cl = c2 + l; expect("b refs", l, r[l], refs(a2[l], b[l], cl)); }
  v4si m = {-1, -1, 0, 0};
  v4si q = _ZGVbM4R4__Z4bumpRi(a, m);
  for (int l = 0; l < 4; ++l) {
    if (m[l]) expect("b bump", l, q[l], bump(a2[l]));
    expect("b bump memory", l, a[l], a2[l]);
  }
}
int main() {
  run_b();
  if (__builtin_cpu_supports("avx")) run_c();
  if (__builtin_cpu_supports("avx2")) run_d();
  std::printf("mismatches: %d\n", bad);
  return bad != 0;
}
