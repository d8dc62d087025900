; Caller side: an omp simd loop in a function with SVE is offered the
; callee's _ZGVsMx variant (scalable mapping, vectorizer form with LLVM's
; signature) and calls it with the loop's predicate; the same loop in a
; function without SVE is not: the loop vectorizer does not check the ISA
; of what it calls, so the plugin filters.
; RUN: %opt -passes=vecclone-calls -vecclone-calls-offer-only -pass-remarks-analysis=vecclone -S < %s 2>%t.err | FileCheck %s --check-prefix=OFFER
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: %opt -passes=vecclone-calls -S < %s | FileCheck %s

target datalayout = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32"
target triple = "aarch64-unknown-linux-gnu"

declare float @f(float) #0

; OFFER-LABEL: define void @with_sve(
; OFFER: call float @f(float %x) #[[MAP:[0-9]+]]
; OFFER-LABEL: define void @without_sve(
; OFFER: call float @f(float %x){{$}}
; OFFER: declare <vscale x 4 x float> @_ZGVsMxv_f.vecclone.lv(<vscale x 4 x float>, <vscale x 4 x i1>)
; OFFER: attributes #[[MAP]] = { {{.*}}"vector-function-abi-variant"="_ZGVsMxv_f(_ZGVsMxv_f.vecclone.lv)"
; REMARK: call to 'f' cannot use _ZGVsMxv_f: the caller's target lacks SVE

; CHECK-LABEL: define void @with_sve(
; The main loop runs whole vectors: an all-true predicate.
; CHECK: call <vscale x 4 x float> @_ZGVsMxv_f(<vscale x 4 x float> %wide.load, <vscale x 4 x i1> splat (i1 true))
; CHECK-LABEL: define void @without_sve(
; CHECK-NOT: @_ZGVsMxv_f
; CHECK: ret void
; CHECK: declare <vscale x 4 x float> @_ZGVsMxv_f(<vscale x 4 x float>, <vscale x 4 x i1>)

define void @with_sve(ptr noalias %a, ptr noalias %r, i64 %n) #1 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds float, ptr %a, i64 %i
  %x = load float, ptr %pa, align 4, !llvm.access.group !0
  %y = call float @f(float %x)
  %pr = getelementptr inbounds float, ptr %r, i64 %i
  store float %y, ptr %pr, align 4, !llvm.access.group !0
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !1
exit:
  ret void
}

define void @without_sve(ptr noalias %a, ptr noalias %r, i64 %n) #2 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds float, ptr %a, i64 %i
  %x = load float, ptr %pa, align 4, !llvm.access.group !3
  %y = call float @f(float %x)
  %pr = getelementptr inbounds float, ptr %r, i64 %i
  store float %y, ptr %pr, align 4, !llvm.access.group !3
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !4
exit:
  ret void
}

attributes #0 = { "_ZGVsMxv_f" }
attributes #1 = { "target-features"="+neon,+sve" vscale_range(1,16) }
attributes #2 = { "target-features"="+neon" }

!0 = distinct !{}
!1 = distinct !{!1, !2, !5}
!2 = !{!"llvm.loop.parallel_accesses", !0}
!3 = distinct !{}
!4 = distinct !{!4, !6, !5}
!5 = !{!"llvm.loop.vectorize.enable", i1 true}
!6 = !{!"llvm.loop.parallel_accesses", !3}
