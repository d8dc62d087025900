; A work-item loop for SimdLoopPass (forced, parallel accesses) whose body
; reads x[x[0] & 4095] (lane-invariant: the address is a load and an
; arithmetic chain) after a branch and before an inner loop: the loads are
; read once before the lanes, behind a "some lane gets here" test, and the
; chain between them is copied into that block. (kernel-fuzz seed 2064,
; reduced: Inputs/guarded-hoist-order.cl.)
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @wg(ptr %x, i1 %c, i32 %d, i64 %n) {
entry:
  br label %wi

wi:
  %lid = phi i64 [ 0, %entry ], [ %lid.next, %latch ]
  br i1 %c, label %join, label %then

then:
  %q = sdiv i32 100, %d
  br label %join

join:
  %i = load i32, ptr %x, align 4
  %m = and i32 %i, 4095
  %z = zext i32 %m to i64
  %p = getelementptr i32, ptr %x, i64 %z
  %v = load i32, ptr %p, align 4
  br label %inner

inner:
  br i1 false, label %inner, label %latch

latch:
  %lid.next = add i64 %lid, 1
  %done = icmp eq i64 %lid.next, %n
  br i1 %done, label %exit, label %wi, !llvm.loop !0

exit:
  ret void
}

!0 = distinct !{!0, !1, !2}
!1 = !{!"llvm.loop.vectorize.enable", i1 true}
!2 = !{!"llvm.loop.parallel_accesses", !3}
!3 = distinct !{}
