; Caller side parameter matching: aligned(p:N) is used only when the argument
; is known to be that aligned; variable linear steps (ls) are a kind the loop
; vectorizer cannot pass, so those variants are skipped with the reason, and
; a call with no usable variant says what it looked for. (linear(ref) is
; passed since: calls-linear-ref.ll.)
; RUN: %opt -passes=vecclone-calls -pass-remarks=vecclone -pass-remarks-missed=vecclone -pass-remarks-analysis=vecclone -S < %s 2>%t.rem | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.rem

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@table = global [1024 x float] zeroinitializer, align 64

; float lk(float *t, int i) uniform(t) aligned(t:32) linear(i)
declare float @lk(ptr, i32) #10
; float lsv(int x, int s) linear(x:s) uniform(s)
declare float @lsv(i32, i32) #11

define void @aligned_known(ptr noalias %out, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %i32 = trunc i64 %i to i32
  %r = call float @lk(ptr @table, i32 %i32), !llvm.access.group !0
  %po = getelementptr float, ptr %out, i64 %i
  store float %r, ptr %po, !llvm.access.group !0
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !1
exit:
  ret void
}

define void @aligned_unknown(ptr noalias %out, ptr %t, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %i32 = trunc i64 %i to i32
  %r = call float @lk(ptr %t, i32 %i32), !llvm.access.group !3
  %po = getelementptr float, ptr %out, i64 %i
  store float %r, ptr %po, !llvm.access.group !3
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !4
exit:
  ret void
}

define void @variable_step(ptr noalias %out, i32 %s, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %i32 = trunc i64 %i to i32
  %x = mul i32 %i32, %s
  %r = call float @lsv(i32 %x, i32 %s), !llvm.access.group !5
  %po = getelementptr float, ptr %out, i64 %i
  store float %r, ptr %po, !llvm.access.group !5
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !6
exit:
  ret void
}

attributes #0 = { nounwind "target-features"="+avx,+avx2,+sse2" }
attributes #10 = { memory(none) "_ZGVdN8ua32l_lk" }
attributes #11 = { memory(none) "_ZGVdN8ls1u_lsv" }

!0 = distinct !{}
!1 = distinct !{!1, !2, !7}
!2 = !{!"llvm.loop.parallel_accesses", !0}
!3 = distinct !{}
!4 = distinct !{!4, !8, !7}
!5 = distinct !{}
!6 = distinct !{!6, !9, !7}
!7 = !{!"llvm.loop.vectorize.enable", i1 true}
!8 = !{!"llvm.loop.parallel_accesses", !3}
!9 = !{!"llvm.loop.parallel_accesses", !5}

; CHECK-LABEL: define void @aligned_known(
; CHECK:         call <8 x float> @_ZGVdN8ua32l_lk(ptr align 32 @table, i32 {{%.*}})
; CHECK-LABEL: define void @aligned_unknown(
; CHECK-NOT:     @_ZGVdN8ua32l_lk
; CHECK:         call float @lk(ptr %t, i32 %i32), !llvm.access.group
; CHECK-LABEL: define void @variable_step(
; CHECK-NOT:     @_ZGV
; CHECK:         call float @lsv(i32 %x, i32 %s), !llvm.access.group

; REMARK-DAG: remark: <unknown>:0:0: call to 'lk' vectorized as _ZGVdN8ua32l_lk (AVX2, VF 8, unmasked)
; REMARK-DAG: remark: <unknown>:0:0: call to 'lk' cannot use _ZGVdN8ua32l_lk: parameter 1 is aligned(32) but the argument is only known to be 1-byte aligned
; REMARK-DAG: remark: <unknown>:0:0: call to 'lk' stays scalar: no variant this caller can use (looked for _ZGVdN8ua32l_lk: parameter 1 is aligned(32) but the argument is only known to be 1-byte aligned)
; REMARK-DAG: remark: <unknown>:0:0: call to 'lsv' stays scalar: no variant this caller can use (looked for _ZGVdN8ls1u_lsv: parameter 1 is linear with a variable step (ls), which the loop vectorizer cannot pass)
