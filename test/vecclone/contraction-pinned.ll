; With FMA in the scalar function's target and `contract` flags
; (-ffp-contract=fast), vecclone fixes the fusions in the scalar function's
; IR before its variants copy it: an add or subtract whose multiply operand
; has no other user, in its block, becomes llvm.fma (negating the addend or
; a factor for a subtract); a multiply with another user stays a multiply,
; the contract flags go, and scalar function and variants are tagged so
; that vecclone-contraction-fence fences what is left alike in both.
; RUN: %opt -passes=vecclone -S < %s | FileCheck %s
; RUN: %opt -passes='vecclone,function(vecclone-contraction-fence)' -S < %s | FileCheck %s --check-prefix=FENCE
; Without contract flags nothing changes.
; RUN: sed 's/contract //g' %s | %opt -passes=vecclone -S | FileCheck %s --check-prefix=ON

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define double @f(double %a, double %b, double %c) #0 {
entry:
  %m1 = fmul contract double %a, %b
  %s1 = fsub contract double %c, %m1
  %m2 = fmul contract double %b, %c
  %s2 = fsub contract double %m2, %a
  %m3 = fmul contract double %a, %c
  %s3 = fadd contract double %m3, %s1
  %keep = fadd contract double %m3, %s2
  %r = fadd contract double %s3, %keep
  ret double %r
}

attributes #0 = { nounwind "target-features"="+avx,+avx2,+fma,+sse2" "_ZGVdN4vvv_f" }

; CHECK-LABEL: define double @f(
; CHECK:   [[NA:%.*]] = fneg double %a
; CHECK:   %s1 = call double @llvm.fma.f64(double [[NA]], double %b, double %c)
; CHECK:   [[NA2:%.*]] = fneg double %a
; CHECK:   %s2 = call double @llvm.fma.f64(double %b, double %c, double [[NA2]])
; CHECK:   %m3 = fmul double %a, %c
; CHECK:   %s3 = fadd double %m3, %s1
; CHECK:   %keep = fadd double %m3, %s2
; CHECK:   %r = fadd double %s3, %keep
; CHECK: define {{.*}} @_ZGVdN4vvv_f({{.*}} #[[V:[0-9]+]]
; CHECK: call double @llvm.fma.f64
; CHECK: call double @llvm.fma.f64
; CHECK: attributes #0 = { {{.*}}"vecclone-no-contraction"
; CHECK: attributes #[[V]] = { {{.*}}"vecclone-no-contraction"

; FENCE-LABEL: define double @f(
; FENCE:   %m3 = fmul double %a, %c
; FENCE:   [[F:%.*]] = call double @llvm.arithmetic.fence.f64(double %m3)
; FENCE:   %s3 = fadd double [[F]], %s1
; FENCE:   %keep = fadd double [[F]], %s2

; ON-NOT: llvm.fma
; ON-NOT: vecclone-no-contraction

; -ffast-math (reassoc): rounding may change, nothing is pinned.
; RUN: sed 's/contract /fast /g' %s | %opt -passes=vecclone -S | FileCheck %s --check-prefix=ON
