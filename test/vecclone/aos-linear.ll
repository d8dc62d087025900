; A linear int used in the scalar body's own nsw arithmetic (an AoS index,
; 3*i): vecclone rebuilds it in 64 bits, so the vectorizer sees an affine
; address of the lane with no runtime overflow check, and forms one
; interleave group of three wide loads; no lane array or stack slot is left.
; RUN: %opt -passes='vecclone,function(loop-vectorize,sroa,instcombine,simplifycfg)' -S < %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; float norm3(const float *p, int i): p[3i], p[3i+1], p[3i+2] -> sqrt(x*x+y*y+z*z)
define float @norm3(ptr %p, i32 %i) #0 {
  %m = mul nsw i32 %i, 3
  %w = sext i32 %m to i64
  %px = getelementptr inbounds float, ptr %p, i64 %w
  %x = load float, ptr %px, align 4
  %py = getelementptr i8, ptr %px, i64 4
  %y = load float, ptr %py, align 4
  %pz = getelementptr i8, ptr %px, i64 8
  %z = load float, ptr %pz, align 4
  %xx = fmul float %x, %x
  %yy = fmul float %y, %y
  %zz = fmul float %z, %z
  %s1 = fadd float %xx, %yy
  %s = fadd float %s1, %zz
  %r = call float @llvm.sqrt.f32(float %s)
  ret float %r
}
declare float @llvm.sqrt.f32(float)

attributes #0 = { nounwind "_ZGVdN8ul_norm3" }

; CHECK-LABEL: define <8 x float> @_ZGVdN8ul_norm3(ptr %p, i32 %i)
; CHECK-NOT:     alloca
; CHECK-NOT:     vector.scevcheck
; CHECK:         [[W:%.*]] = load <24 x float>, ptr {{%.*}}, align 4
; CHECK:         shufflevector <24 x float> {{%.*}}, <24 x float> poison, <8 x i32> <i32 0, i32 3, i32 6, i32 9, i32 12, i32 15, i32 18, i32 21>
; CHECK:         call <8 x float> @llvm.sqrt.v8f32
; CHECK:         ret <8 x float>
