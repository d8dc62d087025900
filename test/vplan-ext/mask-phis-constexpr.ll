; vplan-mask-phis: a mask phi whose incoming constant holds constant
; expressions that fold only as a whole (here lanes of a 2-lane AdvSIMD
; variant's `<1 x i64>` constant read back as i1) gets a widened incoming
; value like any other. Fuzz seed 1048 (`_ZGVnN2uvuv_fz1213`, -O1 -mllvm
; -vplan-min-speedup=0): the widened phi had a null incoming value and the
; verifier rejected the function after MaskPhiWideningPass.
; RUN: %opt -passes=vplan-mask-phis,verify -S < %s | FileCheck %s

target datalayout = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32"
target triple = "aarch64-unknown-linux-gnu"

; CHECK-LABEL: define <2 x i32> @_ZGVnN2v_f(
; CHECK: loop:
; CHECK-NEXT: %flag.w = phi <2 x i64> [ splat (i64 -1), %entry ], [ %next.w, %loop ]
; CHECK-NOT: <null operand!>
define <2 x i32> @_ZGVnN2v_f(<2 x i32> %x) #0 {
entry:
  br label %loop
loop:
  %flag = phi <2 x i1> [ <i1 trunc (i32 extractelement (<2 x i32> bitcast (<1 x i64> splat (i64 4294967297) to <2 x i32>), i32 0) to i1), i1 trunc (i32 extractelement (<2 x i32> bitcast (<1 x i64> splat (i64 4294967297) to <2 x i32>), i32 1) to i1)>, %entry ], [ %next, %loop ]
  %v = phi <2 x i32> [ %x, %entry ], [ %v.next, %loop ]
  %lt = icmp slt <2 x i32> %v, splat (i32 100)
  %next = select <2 x i1> %flag, <2 x i1> %lt, <2 x i1> zeroinitializer
  %v.next = add <2 x i32> %v, splat (i32 7)
  %bits = bitcast <2 x i1> %next to i2
  %none = icmp eq i2 %bits, 0
  br i1 %none, label %done, label %loop
done:
  ret <2 x i32> %v.next
}

attributes #0 = { "target-features"="+neon" "vecclone-variant-of"="f" }
