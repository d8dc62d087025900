// AArch64 AdvSIMD variants in IR: every name clang promises and gcc 12's
// extra ones are defined with the vector PCS, one vector per parameter
// (arrays of q vectors above 128 bits, padded short vectors as float),
// masks of NDS-byte lanes; with SVE only the `s` names clang promises
// (sve-ir.c has their shapes). No cross tools needed.
// RUN: %clang-aarch64 -O2 -fopenmp-simd -S -emit-llvm %s -o - 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=NOWARN --allow-empty < %t.err
// RUN: %clang-aarch64 -O2 -fopenmp-simd -march=armv8-a+sve -S -emit-llvm %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SVE
// NOWARN-NOT: warning

#pragma omp declare simd
float ff(float x, float y) { return x * y + 1.0f; }
// CHECK-DAG: define {{.*}}aarch64_vector_pcs <2 x float> @_ZGVnN2vv_ff(<2 x float> {{.*}}, <2 x float> {{.*}})
// CHECK-DAG: define {{.*}}aarch64_vector_pcs <4 x float> @_ZGVnN4vv_ff(<4 x float> {{.*}}, <4 x float> {{.*}})
// CHECK-DAG: define {{.*}}aarch64_vector_pcs <2 x float> @_ZGVnM2vv_ff(<2 x float> {{.*}}, <2 x float> {{.*}}, <2 x i32> {{.*}})
// CHECK-DAG: define {{.*}}aarch64_vector_pcs <4 x float> @_ZGVnM4vv_ff(<4 x float> {{.*}}, <4 x float> {{.*}}, <4 x i32> {{.*}})

// gcc 12 also makes 1-lane variants of 64-bit types (a d register).
#pragma omp declare simd
double fd(double x) { return x * 2.0 + 1.0; }
// CHECK-DAG: define {{.*}}aarch64_vector_pcs <2 x double> @_ZGVnN2v_fd(<2 x double> {{.*}})
// CHECK-DAG: define {{.*}}aarch64_vector_pcs <2 x double> @_ZGVnM2v_fd(<2 x double> {{.*}}, <2 x i64> {{.*}})
// CHECK-DAG: define {{.*}}aarch64_vector_pcs <1 x double> @_ZGVnN1v_fd(<1 x double> {{.*}})
// CHECK-DAG: define {{.*}}aarch64_vector_pcs <1 x double> @_ZGVnM1v_fd(<1 x double> {{.*}}, <1 x i64> {{.*}})

// Mixed sizes (gcc 12 refuses them): NDS 4, so 2 and 4 lanes; 4 doubles
// are a homogeneous aggregate of two q vectors, argument and result.
#pragma omp declare simd
double mixed(float a, double b) { return a + b; }
// CHECK-DAG: define {{.*}}aarch64_vector_pcs <2 x double> @_ZGVnM2vv_mixed(<2 x float> {{.*}}, <2 x double> {{.*}}, <2 x i32> {{.*}})
// CHECK-DAG: define {{.*}}aarch64_vector_pcs [2 x <2 x double>] @_ZGVnN4vv_mixed(<4 x float> {{.*}}, [2 x <2 x double>] {{.*}})
// CHECK-DAG: define {{.*}}aarch64_vector_pcs [2 x <2 x double>] @_ZGVnM4vv_mixed(<4 x float> {{.*}}, [2 x <2 x double>] {{.*}}, <4 x i32> {{.*}})

// A uniform char pointer makes clang's NDS 1 (16 and 8 lanes, byte masks);
// gcc sizes by the float CDT (4 and 2 lanes, int masks): both sets.
#pragma omp declare simd uniform(p) linear(i)
float uc(const char *p, int i) { return p[i] * 2.0f; }
// CHECK-DAG: define {{.*}}aarch64_vector_pcs [4 x <4 x float>] @_ZGVnM16ul_uc(ptr {{.*}}, i32 {{.*}}, <16 x i8> {{.*}})
// CHECK-DAG: define {{.*}}aarch64_vector_pcs [2 x <4 x float>] @_ZGVnM8ul_uc(ptr {{.*}}, i32 {{.*}}, <8 x i8> {{.*}})
// CHECK-DAG: define {{.*}}aarch64_vector_pcs <4 x float> @_ZGVnM4ul_uc(ptr {{.*}}, i32 {{.*}}, <4 x i32> {{.*}})
// CHECK-DAG: define {{.*}}aarch64_vector_pcs <2 x float> @_ZGVnN2ul_uc(ptr {{.*}}, i32 {{.*}})

// A vector under 8 bytes is a padded short vector: one s register.
#pragma omp declare simd simdlen(2)
short s2(short x) { return x + 1; }
// CHECK-DAG: define {{.*}}aarch64_vector_pcs float @_ZGVnN2v_s2(float {{.*}})
// CHECK-DAG: define {{.*}}aarch64_vector_pcs float @_ZGVnM2v_s2(float {{.*}}, float {{.*}})

// aligned(p:16) is an alignment the variant may rely on. Without a value
// clang 22 and gcc 12 both mangle no alignment on AArch64 (vfabia64 says
// a16): the same name, no promise.
#pragma omp declare simd uniform(p) linear(i) aligned(p:16)
float al(const float *p, int i) { return p[i]; }
// CHECK-DAG: define {{.*}}aarch64_vector_pcs <4 x float> @_ZGVnN4ua16l_al(ptr noundef align 16 {{.*}}, i32 {{.*}})
#pragma omp declare simd uniform(p) linear(i) aligned(p)
float al0(const float *p, int i) { return p[i]; }
// CHECK-DAG: define {{.*}}aarch64_vector_pcs <4 x float> @_ZGVnN4ul_al0(ptr noundef %{{[0-9]+}}, i32 {{.*}})

// The vector PCS marks every definition for the linker.
// CHECK-DAG: attributes #{{[0-9]+}} = { {{.*}}"target-features"="{{.*}}+neon{{.*}}" {{.*}}"vecclone-variant-of"="ff"

// With SVE, clang promises only `s` names, all defined (clang itself
// refuses simdlen(2) for 16-bit SVE lanes, with its own warning).
// SVE-NOT: warning: vecclone
