; -vplan-ext-verify-vectorizer checks the vectorizer against the plan: a
; lane loop whose plan said vectorize (vplan-ext.verify.plan-vectorizes)
; and which the loop vectorizer declines is a compile error naming the
; vectorizer's reason. The same loop without the tag (no plan, or no
; estimate: the vectorizer decides) is only marked declined, and quietly.
; The tag is put on the lane loops of a plan that says vectorize, with the
; option only.
; RUN: %clang -target x86_64-linux-gnu -O2 -fopenmp-simd -Xclang -disable-llvm-optzns -S -emit-llvm %S/Inputs/verify-vectorizer.c -o %t.ll
; RUN: %opt -passes=vecclone -vplan-ext-verify-vectorizer -S %t.ll | FileCheck %s --check-prefix=TAG
; RUN: %opt -passes=vecclone -vplan-ext-verify-vectorizer=false -S %t.ll | FileCheck %s --check-prefix=NOTAG
; TAG: = !{!"vplan-ext.verify.plan-vectorizes"}
; NOTAG-NOT: plan-vectorizes
; RUN: not %opt -passes=vplan-lane-loops -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR
; RUN: sed 's/!"vplan-ext.verify.plan-vectorizes"/!"unrelated"/' %s | %opt -passes=vplan-lane-loops -S 2>&1 | FileCheck %s --check-prefix=QUIET

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @opaque(i32)

; ERR: error: vplan-ext: -vplan-ext-verify-vectorizer: lane loop 'lane' in f: the plan said vectorize, the vectorizer declined it: {{.*}}call instruction cannot be vectorized
; QUIET-NOT: error
; QUIET-NOT: remark
; QUIET: !{!"llvm.loop.vectorize.enable", i1 false}
define void @f(ptr noalias %out) {
entry:
  br label %lane

lane:
  %i = phi i32 [ 0, %entry ], [ %i.next, %lane ]
  %v = call i32 @opaque(i32 %i)
  %p = getelementptr inbounds i32, ptr %out, i32 %i
  store i32 %v, ptr %p, align 4
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 8
  br i1 %done, label %exit, label %lane, !llvm.loop !0

exit:
  ret void
}

!0 = distinct !{!0, !1, !2, !3, !4, !5}
!1 = !{!"llvm.loop.vectorize.enable", i1 true}
!2 = !{!"llvm.loop.vectorize.width", i32 8}
!3 = !{!"llvm.loop.unroll.disable"}
!4 = !{!"vecclone.lane.loop"}
!5 = !{!"vplan-ext.verify.plan-vectorizes"}
