// vecclone in clang's pipelines: every promised variant (and GCC's c names)
// is defined at -O0 and -O2, widened at -O2, with remarks; -mllvm options
// reach the plugin.
// RUN: %clang -target x86_64-linux-gnu -fopenmp-simd -fno-discard-value-names -O2 -S -emit-llvm %s -o %t.ll -Rpass=vecclone -Rpass-missed=vecclone 2>%t.rem
// RUN: FileCheck %s --check-prefix=O2 < %t.ll
// RUN: FileCheck %s --check-prefix=BODY < %t.ll
// RUN: FileCheck %s --check-prefix=REMARK < %t.rem
// RUN: %clang -target x86_64-linux-gnu -fopenmp-simd -fno-discard-value-names -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=O0
// RUN: %clang -target x86_64-linux-gnu -fopenmp-simd -fno-discard-value-names -O2 -mllvm -vecclone-gcc-names=false -S -emit-llvm %s -o - | FileCheck %s --check-prefix=NOGCC

#pragma omp declare simd uniform(p) linear(i)
float dowork(float *p, int i) {
  float x = p[i];
  return x > 0 ? x * 2.0f : -x;
}

#pragma omp declare simd notinbranch
int isq(int x) { return x * x; }

// O2-DAG: define dso_local <4 x float> @_ZGVbN4ul_dowork(ptr noundef %p, i32 noundef %i)
// O2-DAG: define dso_local <4 x float> @_ZGVbM4ul_dowork(ptr noundef %p, i32 noundef %i, <4 x float> %mask)
// O2-DAG: define dso_local <8 x float> @_ZGVcN8ul_dowork(ptr noundef %p, i32 noundef %i)
// O2-DAG: define dso_local <8 x float> @_ZGVcM8ul_dowork(ptr noundef %p, i32 noundef %i, <8 x float> %mask)
// O2-DAG: define dso_local <8 x float> @_ZGVdN8ul_dowork(ptr noundef %p, i32 noundef %i)
// O2-DAG: define dso_local <8 x float> @_ZGVdM8ul_dowork(ptr noundef %p, i32 noundef %i, <8 x float> %mask)
// O2-DAG: define dso_local <16 x float> @_ZGVeN16ul_dowork(ptr noundef %p, i32 noundef %i)
// O2-DAG: define dso_local <16 x float> @_ZGVeM16ul_dowork(ptr noundef %p, i32 noundef %i, i32 %mask)
// O2-DAG: define dso_local <4 x i32> @_ZGVbN4v_isq(<4 x i32> %x)
// clang's AVX name (8 ints, two xmm pieces, returned in memory) and GCC's.
// O2-DAG: define dso_local void @_ZGVcN8v_isq(ptr noalias sret([2 x <4 x i32>]) %ret.out, <4 x i32> %x, <4 x i32> %x1)
// O2-DAG: define dso_local <4 x i32> @_ZGVcN4v_isq(<4 x i32> %x)
// O2-DAG: define dso_local <8 x i32> @_ZGVdN8v_isq(<8 x i32> %x)
// O2-DAG: define dso_local <16 x i32> @_ZGVeN16v_isq(<16 x i32> %x)
// After the full pipeline the variant is straight vector code.
// BODY-LABEL: define dso_local <16 x i32> @_ZGVeN16v_isq(
// BODY-NEXT:  entry:
// BODY-NEXT:    [[M:%.*]] = mul nsw <16 x i32> %x, %x
// BODY-NEXT:    ret <16 x i32> [[M]]

// REMARK-DAG: remark: defined vector variant _ZGVdN8ul_dowork of 'dowork' (AVX2, VF 8, unmasked) [-Rpass=vecclone]
// REMARK-DAG: remark: defined vector variant _ZGVcN4v_isq of 'isq' (AVX, VF 4, unmasked, GCC's name for this length) [-Rpass=vecclone]
// REMARK-DAG: remark: variant _ZGVdN8ul_dowork of 'dowork' is vectorized [-Rpass=vecclone]
// REMARK-DAG: remark: variant _ZGVeM16ul_dowork of 'dowork' is vectorized [-Rpass=vecclone]
// REMARK-DAG: remark: variant _ZGVcN4v_isq of 'isq' is vectorized [-Rpass=vecclone]
// REMARK-NOT: stays a scalar lane loop

// At -O0 the scalar body is optnone: each lane calls it, but every variant
// is defined.
// O0-DAG: define dso_local <4 x float> @_ZGVbN4ul_dowork(
// O0-DAG: define dso_local <16 x float> @_ZGVeM16ul_dowork(
// O0-DAG: define dso_local <4 x i32> @_ZGVcN4v_isq(
// O0-DAG: call float @dowork(ptr noundef %p, i32 noundef {{%.*}}) #[[NB:[0-9]+]]
// O0-DAG: attributes #[[NB]] = { nobuiltin }

// NOGCC-NOT: @_ZGVcN4v_isq(
// NOGCC:     @_ZGVcN8v_isq(
// NOGCC-NOT: @_ZGVcN4v_isq(

// Unsupported types: one warning per reason, listing every attribute; the
// scalar function is still compiled.
// RUN: %clang -target x86_64-linux-gnu -fopenmp-simd -O2 -DBAD -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: llvm-nm %t.o | FileCheck %s --check-prefix=NM
#ifdef BAD
#pragma omp declare simd
long double ld(long double x) { return x; }
#endif
// WARN: warning: vecclone: ignoring vector variant attributes '_ZGVbM1v_ld', '_ZGVbN1v_ld', '_ZGVcM2v_ld', '_ZGVcN2v_ld', '_ZGVdM2v_ld', '_ZGVdN2v_ld', '_ZGVeM4v_ld', '_ZGVeN4v_ld' on 'ld': return type has no vector form in the x86 vector ABI [-Wpass-failed=vecclone]
// WARN-NEXT: long double ld
// WARN-NOT: warning:
// NM: T ld
// NM-NOT: _ZGV{{.*}}_ld
