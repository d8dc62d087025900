; The caller-side pass runs the loop vectorizer before the main pipeline adds
; -fveclib's mappings (InjectTLIMappings), so it adds them itself: a variant
; whose lane loop it vectorizes for a declare-simd call still gets libmvec
; for llvm.sin under -fveclib=libmvec (-vector-library=LIBMVEC in opt).
; RUN: %opt -vector-library=LIBMVEC -passes='vecclone,function(vecclone-calls)' -S < %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
declare float @g(float) #1
define float @f(float %x) #0 {
entry:
  %a = call float @g(float %x)
  %s = call float @llvm.sin.f32(float %x)
  %r = fadd float %a, %s
  ret float %r
}
declare float @llvm.sin.f32(float)
attributes #0 = { nounwind "_ZGVdN8v_f" "target-features"="+avx,+avx2,+sse,+sse2" }
attributes #1 = { nounwind willreturn memory(none) "_ZGVdN8v_g" }

; CHECK-LABEL: define <8 x float> @_ZGVdN8v_f(
; CHECK: call <8 x float> @_ZGVdN8v_g(<8 x float>
; CHECK: call <8 x float> @_ZGVdN8v_sinf(<8 x float>
; CHECK-NOT: llvm.sin.v8f32
