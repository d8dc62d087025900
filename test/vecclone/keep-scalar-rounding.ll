; a*b+c written as llvm.fmuladd must round like the scalar function: when the
; scalar's target has no FMA, the variant splits it even though AVX-512 (which
; implies FMA) would fuse it. With FMA in the scalar's target it stays fused.
; RUN: %opt -passes=vecclone -S < %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define float @nofma(float %a, float %b, float %c) #0 {
  %r = call float @llvm.fmuladd.f32(float %a, float %b, float %c)
  ret float %r
}
define float @hasfma(float %a, float %b, float %c) #1 {
  %r = call float @llvm.fmuladd.f32(float %a, float %b, float %c)
  ret float %r
}
declare float @llvm.fmuladd.f32(float, float, float)

attributes #0 = { nounwind "target-features"="+sse2" "_ZGVeN16vvv_nofma" }
attributes #1 = { nounwind "target-features"="+avx2,+fma" "_ZGVeN16vvv_hasfma" }

; CHECK-LABEL: define <16 x float> @_ZGVeN16vvv_nofma(
; CHECK-NOT:     fmuladd
; CHECK:         [[M:%.*]] = fmul float
; CHECK-NEXT:    fadd float [[M]],
; CHECK-LABEL: define <16 x float> @_ZGVeN16vvv_hasfma(
; CHECK:         call float @llvm.fmuladd.f32(
