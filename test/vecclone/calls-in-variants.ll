; Calls inside variant bodies: a callee's vector variant of the variant's own
; length is called from the vectorized lane loop (unmasked where every lane
; makes the call, masked under a condition or in a masked variant, linear
; and uniform parameters), libm intrinsics go to libmvec under -fopenmp
; -ffast-math, a call whose arguments are the same on every lane runs once
; before the lanes, and a conditional call with no masked variant is cut out
; by vplan-ext to run lane by lane (never on inactive lanes). A masked
; variant is only called when some lane is active.
; RUN: %opt -passes='vecclone,function(vecclone-calls,loop-vectorize)' -pass-remarks=vecclone -pass-remarks-missed=vecclone -pass-remarks-analysis=vecclone -S < %s 2>%t.rem | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.rem
; RUN: not grep "stays scalar" %t.rem

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; float g(float) -- declare simd (masked and unmasked), no memory effects
declare float @g(float) #1
; int h(int) -- declare simd notinbranch: no masked variant
declare i32 @h(i32) #2
; float rd(const float *p, int i) uniform(p) linear(i) -- reads p[i]
declare float @rd(ptr, i32) #3

; float f(float x) { float y = g(x); if (x > 0) y += g(y); return y; }
define float @f(float %x) #0 {
entry:
  %y = call float @g(float %x)
  %c = fcmp ogt float %x, 0.0
  br i1 %c, label %then, label %done
then:
  %z = call float @g(float %y)
  %s = fadd float %y, %z
  br label %done
done:
  %r = phi float [ %s, %then ], [ %y, %entry ]
  ret float %r
}

; int k(int x) { return x > 0 ? h(x) : 0; }
define i32 @k(i32 %x) #4 {
entry:
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %then, label %done
then:
  %v = call i32 @h(i32 %x)
  br label %done
done:
  %r = phi i32 [ %v, %then ], [ 0, %entry ]
  ret i32 %r
}

; float lin(const float *p, int i) uniform(p) linear(i) { return rd(p, i) * 2; }
define float @lin(ptr %p, i32 %i) #5 {
entry:
  %v = call float @rd(ptr %p, i32 %i)
  %m = fmul float %v, 2.0
  ret float %m
}

; -fopenmp -ffast-math: float e(float x, float t) uniform(t) { return expf(x) * expf(-t); }
define float @e(float %x, float %t) #6 {
entry:
  %a = call afn float @llvm.exp.f32(float %x)
  %nt = fneg float %t
  %b = call afn float @llvm.exp.f32(float %nt)
  %m = fmul afn float %a, %b
  ret float %m
}
declare float @llvm.exp.f32(float)

attributes #0 = { nounwind "_ZGVdN8v_f" "_ZGVdM8v_f" "target-features"="+avx,+avx2,+sse,+sse2" }
attributes #1 = { nounwind willreturn memory(none) "_ZGVdN8v_g" "_ZGVdM8v_g" "_ZGVbN4v_g" "_ZGVbM4v_g" }
attributes #2 = { nounwind willreturn memory(none) "_ZGVdN8v_h" "_ZGVbN4v_h" }
attributes #3 = { nounwind willreturn memory(argmem: read) "_ZGVdN8ul_rd" "_ZGVdM8ul_rd" }
attributes #4 = { nounwind "_ZGVdN8v_k" "_ZGVbN4v_k" "target-features"="+avx,+avx2,+sse,+sse2" }
attributes #5 = { nounwind "_ZGVdN8ul_lin" "target-features"="+avx,+avx2,+sse,+sse2" }
attributes #6 = { nounwind "_ZGVdN8vu_e" "_ZGVbN4vu_e" "target-features"="+avx,+avx2,+sse,+sse2" }

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp", i32 51}

; Masked variant: both calls of g are masked, each behind an "any lane" test.
; CHECK-LABEL: define <8 x float> @_ZGVdM8v_f(
; CHECK: [[ANY1:%.*]] = call i1 @llvm.vector.reduce.or.v8i1(<8 x i1>
; CHECK-NEXT: br i1 [[ANY1]], label %[[CALL1:.*]], label %[[JOIN1:.*]]
; CHECK: [[CALL1]]:
; CHECK-NEXT: call <8 x float> @_ZGVdM8v_g(<8 x float> %{{.*}}, <8 x float> %{{.*}})
; CHECK: [[JOIN1]]:
; CHECK-NEXT: phi <8 x float> [ %{{.*}}, %[[CALL1]] ], [ zeroinitializer, %{{.*}} ]
; CHECK: call i1 @llvm.vector.reduce.or.v8i1(
; CHECK: call <8 x float> @_ZGVdM8v_g(
; CHECK-NOT: call float @g(
; CHECK: ret <8 x float>

; Unmasked variant: g(x) on every lane unmasked, g(y) under x > 0 masked.
; CHECK-LABEL: define <8 x float> @_ZGVdN8v_f(
; CHECK: call <8 x float> @_ZGVdN8v_g(<8 x float> %{{.*}})
; CHECK: call <8 x float> @_ZGVdM8v_g(<8 x float> %{{.*}}, <8 x float> %{{.*}})
; CHECK-NOT: call float @g(
; CHECK: ret <8 x float>

; h has no masked variant: the conditional call runs lane by lane in a lane
; loop of its own (only active lanes), the compare is vector code.
; CHECK-LABEL: define <8 x i32> @_ZGVdN8v_k(
; CHECK-NOT: @_ZGVdN8v_h
; CHECK: icmp sgt <8 x i32>
; CHECK: lane.serial:
; CHECK-NEXT: call i32 @h(i32 %{{.*}}) #[[NOVAR:[0-9]+]]
; CHECK-NOT: @_ZGVdN8v_h

; uniform(p) linear(i) forwarded to a uniform/linear callee variant.
; CHECK-LABEL: define <8 x float> @_ZGVdN8ul_lin(
; CHECK: call <8 x float> @_ZGVdN8ul_rd(ptr %{{.*}}, i32 %{{.*}})

; libmvec at the variant's length; exp(-t) of the uniform t once, scalar.
; CHECK-LABEL: define <4 x float> @_ZGVbN4vu_e(
; CHECK: entry:
; CHECK: call afn float @llvm.exp.f32(float %{{.*}})
; CHECK: call <4 x float> @_ZGVbN4v_expf(<4 x float> %{{.*}})
; CHECK-LABEL: define <8 x float> @_ZGVdN8vu_e(
; CHECK: entry:
; CHECK: call afn float @llvm.exp.f32(float %{{.*}})
; CHECK-NOT: llvm.exp.v8f32
; CHECK: call <8 x float> @_ZGVdN8v_expf(<8 x float> %{{.*}})
; CHECK-NOT: llvm.exp.v8f32
; CHECK: ret <8 x float>

; CHECK: attributes #[[NOVAR]] = { "vplan-no-lane-variant" }

; REMARK-DAG: call to 'g' vectorized as _ZGVdM8v_g (AVX2, VF 8, masked) in variant _ZGVdM8v_f of 'f'
; REMARK-DAG: call to 'g' vectorized as _ZGVdN8v_g (AVX2, VF 8, unmasked) in variant _ZGVdN8v_f of 'f'
; REMARK-DAG: call to 'g' vectorized as _ZGVdM8v_g (AVX2, VF 8, masked) in variant _ZGVdN8v_f of 'f'
; REMARK-DAG: variant _ZGVdN8v_k: call to 'h' runs lane by lane, no vector variant fits (_ZGVdN8v_h: the call does not run on every lane, and an unmasked variant would run it on the inactive lanes too)
; REMARK-DAG: variant _ZGVdN8v_k: 1 call(s) without a vector variant ('h') run lane by lane
; REMARK-DAG: variant _ZGVbN4v_k: call to 'h' runs lane by lane
; REMARK-DAG: call to 'rd' vectorized as _ZGVdN8ul_rd (AVX2, VF 8, unmasked) in variant _ZGVdN8ul_lin of 'lin'
; REMARK-DAG: variant _ZGVdN8vu_e: 1 call(s) with the same arguments on every lane ('llvm.exp.f32') run once, before the lanes
; REMARK-DAG: call to 'expf' vectorized as _ZGVdN8v_expf (AVX2, VF 8, unmasked) in variant _ZGVdN8vu_e of 'e'
; REMARK-DAG: call to 'expf' vectorized as _ZGVbN4v_expf (SSE2, VF 4, unmasked) in variant _ZGVbN4vu_e of 'e'
