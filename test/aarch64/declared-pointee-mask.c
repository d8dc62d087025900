// The AdvSIMD mask of a masked simdlen variant has NDS-byte lanes, where a
// uniform or linear pointer counts what it points to (vfabia64). A `char *`
// the body never uses leaves no trace in the IR: the front-end plugin
// records the declared pointee sizes (an annotation the pass plugin takes
// out of llvm.global.annotations), so the mask of f is 8 bytes, not the 8
// shorts that the body's types alone give; a declaration's masked variant
// is then called by our loops. With the pass plugin alone the body decides
// (NOFE). No cross tools needed.
// RUN: %clang-aarch64 -fplugin=%frontend -O2 -fopenmp-simd -w -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clang-aarch64 -O2 -fopenmp-simd -w -S -emit-llvm %s -o - | FileCheck %s --check-prefix=NOFE

#pragma omp declare simd simdlen(8) uniform(p, out) linear(i) inbranch
void f(short x, const char *p, short *out, int i) { out[i] = x * 3; }
// CHECK-DAG: define {{.*}}aarch64_vector_pcs void @_ZGVnM8vuul_f(<8 x i16> {{.*}}, ptr {{.*}}, ptr {{.*}}, i32 {{.*}}, <8 x i8> {{.*}})
// NOFE-DAG: define {{.*}}aarch64_vector_pcs void @_ZGVnM8vuul_f(<8 x i16> {{.*}}, ptr {{.*}}, ptr {{.*}}, i32 {{.*}}, <8 x i16> {{.*}})

// A declaration: its body cannot tell, the declaration can.
#pragma omp declare simd simdlen(8) uniform(p) inbranch
short g(short x, const char *p);
// CHECK-DAG: call aarch64_vector_pcs <8 x i16> @_ZGVnM8vu_g(<8 x i16> {{.*}}, ptr {{.*}}, <8 x i8> {{.*}})
// NOFE-NOT: call {{.*}}@_ZGVnM8vu_g
short use(const short *a, const char *p, int n) {
  short s = 0;
#pragma omp simd reduction(+ : s)
  for (int i = 0; i < n; ++i)
    if (a[i] > 3)
      s += g(a[i], p);
  return s;
}

// Pointees not passed by value (void, a struct) count a pointer's 8
// bytes, as does a pointee that is a pointer. (An incomplete struct behind
// a uniform pointer crashes clang 22 itself, plugin or not.)
struct Pt { char a, b; };
#pragma omp declare simd simdlen(4) uniform(q, v, r) inbranch
float h(float x, char **q, void *v, struct Pt *r) { return x; }
// CHECK-DAG: define {{.*}}aarch64_vector_pcs <4 x float> @_ZGVnM4vuuu_h(<4 x float> {{.*}}, ptr {{.*}}, ptr {{.*}}, ptr {{.*}}, <4 x i32> {{.*}})

// The user's own annotations stay; the plugins' channel does not.
__attribute__((annotate("mine"))) int keep(int x) { return x; }
// CHECK-DAG: @llvm.global.annotations = {{.*}}[1 x {{.*}}@keep
// CHECK-NOT: vecclone.private
