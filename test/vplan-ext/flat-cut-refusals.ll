; The plan decides the refusals of cuts at calls run lane by lane and at
; BOSCC regions (LanePlanFlatCuts.cpp: the flat-cut model's findRefusal,
; the rules of LoweringRules on the parts each cut makes), as it does at
; inner loops (cut-refusals.ll). A refused cut leaves its lane loop whole:
;   shared_local  an entry-block local the call writes and the body reads
;                 after it (a local over -vecclone-private-local-bytes)
;   second_call   the same after a first call whose cut is made: the lane
;                 loop 3 of that cut stays whole
;   vla           an alloca in the body
;   used_outside  a body value read after the lane loop
;   boscc_local   a BOSCC region that stores to a local read after it: the
;                 plan gives it no BOSCC, and the lane loop is not cut
;   call_before_loop  such a call in the part before an inner loop (its
;                 cut's lane loop 1), where an if/else holds the loop: the
;                 loop is still cut (verify mode compares the plan's shape
;                 with what the cut made)
; Refused at a call, the lane loop left whole holds a call the vectorizer
; cannot widen: the plan costs it scalar and keeps it scalar (remark
; LaneLoopScalar, with the refusal). A BOSCC region whose cut would be
; refused gets no BOSCC (the plan is built again without it): the lane loop
; is vectorized with the region if-converted, and no cut is tried. Verify
; mode (on in lit) checks that the rules on the IR each cut meets refuse
; exactly these cuts.
; RUN: %opt -passes='print<vplan-ext>' -vplan-boscc-threshold=0 -disable-output < %s 2>&1 | FileCheck %s --check-prefix=PLAN
; PLAN-LABEL: vplan for lane loop %lane in shared_local,
; PLAN:       instantiate: call @fill {{.*}}; not cut: a local variable of the body lives in memory on both sides of the cut; the lanes would share it
; PLAN:       total: scalar [[S:[0-9]+]], vector [[S]] (estimated speedup 1.0)
; PLAN-LABEL: vplan for lane loop %lane in second_call,
; PLAN:       instantiate: call @note (no vector variant, lane by lane in lane order), cost scalar 16 vector {{[0-9]+}}{{$}}
; PLAN:       instantiate: call @fill {{.*}}; not cut: a local variable of the body lives in memory on both sides of the cut; the lanes would share it
; PLAN-NEXT:  widen: 1 instruction, cost scalar [[K:[0-9]+]] vector [[K]]
; PLAN-NEXT:  gather: load %v {{.*}}, cost scalar [[G:[0-9]+]] vector [[G]]
; PLAN-LABEL: vplan for lane loop %lane in vla,
; PLAN:       instantiate: call @fill {{.*}}; not cut: the lane loop body allocates stack memory
; PLAN-LABEL: vplan for lane loop %lane in used_outside,
; PLAN:       instantiate: call @note {{.*}}; not cut: a value of the lane loop body is used outside it
; PLAN-LABEL: vplan for lane loop %lane in boscc_local,
; PLAN:       divergent if %body (then %then): BOSCC no (its cut would be refused: a local variable of the body lives in memory on both sides of the cut; the lanes would share it), cost scalar {{[0-9]+}} vector {{[0-9]+$}}
; PLAN-LABEL: vplan for lane loop %lane in call_before_loop,
; PLAN:       instantiate: call @fill {{.*}}; not cut: a local variable of the body lives in memory on both sides of the cut; the lanes would share it
; PLAN:       divergent loop %inner {{.*}}; lanes carry their values of %r

; RUN: %opt -passes=vplan-lane-cut -vplan-boscc-threshold=0 -pass-remarks-output=%t.default.yaml -disable-output < %s
; RUN: FileCheck %s --check-prefix=DEFAULT < %t.default.yaml
; DEFAULT:      Name: LaneLoopScalar
; DEFAULT-NEXT: Function: shared_local
; DEFAULT-NEXT: Args:
; DEFAULT-NEXT:  - String: 'lane loop left scalar: '
; DEFAULT-NEXT:  - String: 'no cut of it can be made (a local variable of the body lives in memory on both sides of the cut; the lanes would share it), and the vectorizer does not widen a loop with a call it must run lane by lane'
; DEFAULT:      Name: LaneLoopScalar
; DEFAULT-NEXT: Function: second_call
; DEFAULT:      Name: LaneLoopScalar
; DEFAULT-NEXT: Function: vla
; DEFAULT:      - String: 'no cut of it can be made (the lane loop body allocates stack memory), and the vectorizer does not widen a loop with a call it must run lane by lane'
; DEFAULT:      Name: LaneLoopScalar
; DEFAULT-NEXT: Function: used_outside
; DEFAULT:      - String: 'no cut of it can be made (a value of the lane loop body is used outside it), and the vectorizer does not widen a loop with a call it must run lane by lane'
; DEFAULT-NOT:  Function: boscc_local

; Every cut handed over (-vplan-min-speedup=0): second_call's first cut is
; made, its second refused, the others refused at their first; boscc_local
; has nothing to cut.
; RUN: %opt -passes=vplan-lane-cut -vplan-min-speedup=0 -vplan-boscc-threshold=0 -pass-remarks-output=%t.yaml -S < %s | FileCheck %s --check-prefix=IR
; RUN: FileCheck %s --check-prefix=REM < %t.yaml
; REM:      Name: LaneLoopNotCut
; REM-NEXT: Function: shared_local
; REM:      - String: 'could not cut the lane loop at the call to ''fill'': '
; REM:      Name: LaneLoopNotCut
; REM-NEXT: Function: second_call
; REM:      - String: 'could not cut the lane loop at the call to ''fill'': '
; REM:      Name: LaneLoopNotCut
; REM-NEXT: Function: vla
; REM:      Name: LaneLoopNotCut
; REM-NEXT: Function: used_outside
; REM:      - String: 'could not cut the lane loop at the call to ''note'': '
; REM:      Name: LaneLoopNotCut
; REM-NEXT: Function: call_before_loop
; REM:      - String: 'could not cut the lane loop at the call to ''fill'': '
; A refused cut leaves the lane loop one loop (its blocks split at the
; site); second_call's lane loop 3 holds the call to fill.
; IR-LABEL: define void @shared_local(
; IR-NOT:   lane.post:
; IR-LABEL: define void @second_call(
; IR:       lane.serial:
; IR-NEXT:    call void @note(
; IR:       lane.post:
; IR:         call void @fill(
; IR-LABEL: define void @vla(
; IR-NOT:   lane.post:
; IR-LABEL: define i64 @used_outside(
; IR-NOT:   lane.post:
; IR-LABEL: define void @boscc_local(
; IR-NOT:   lane.post:
; IR-LABEL: define void @call_before_loop(
; IR:       lane.loop:
; IR:       lane.post:

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @fill(ptr, i64)
declare void @note(i64)

define void @shared_local(ptr %out) {
entry:
  %buf = alloca [4 x i32], align 16
  br label %lane
lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %latch ]
  call void @fill(ptr %buf, i64 %l)
  %k = and i64 %l, 3
  %p = getelementptr inbounds [4 x i32], ptr %buf, i64 0, i64 %k
  %v = load i32, ptr %p, align 4
  %o = getelementptr inbounds i32, ptr %out, i64 %l
  store i32 %v, ptr %o, align 4
  br label %latch
latch:
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 8
  br i1 %done, label %exit, label %lane, !llvm.loop !0
exit:
  ret void
}

define void @second_call(ptr %out) {
entry:
  %buf = alloca [4 x i32], align 16
  br label %lane
lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %latch ]
  %m = mul i64 %l, 3
  call void @note(i64 %m)
  call void @fill(ptr %buf, i64 %l)
  %k = and i64 %l, 3
  %p = getelementptr inbounds [4 x i32], ptr %buf, i64 0, i64 %k
  %v = load i32, ptr %p, align 4
  %o = getelementptr inbounds i32, ptr %out, i64 %l
  store i32 %v, ptr %o, align 4
  br label %latch
latch:
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 8
  br i1 %done, label %exit, label %lane, !llvm.loop !4
exit:
  ret void
}

define void @vla(ptr %out, i64 %n) {
entry:
  br label %lane
lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %latch ]
  %t = alloca i32, i64 %n, align 4
  call void @fill(ptr %t, i64 %l)
  %v = load i32, ptr %t, align 4
  %o = getelementptr inbounds i32, ptr %out, i64 %l
  store i32 %v, ptr %o, align 4
  br label %latch
latch:
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 8
  br i1 %done, label %exit, label %lane, !llvm.loop !5
exit:
  ret void
}

define i64 @used_outside(ptr %out) {
entry:
  br label %lane
lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %latch ]
  %x = mul i64 %l, 5
  call void @note(i64 %l)
  %o = getelementptr inbounds i64, ptr %out, i64 %l
  store i64 %l, ptr %o, align 8
  br label %latch
latch:
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 8
  br i1 %done, label %exit, label %lane, !llvm.loop !6
exit:
  ret i64 %x
}

define void @boscc_local(ptr %in, ptr %out) {
entry:
  %buf = alloca [8 x i32], align 16
  br label %lane
lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %latch ]
  br label %body
body:
  %ip = getelementptr inbounds i32, ptr %in, i64 %l
  %x = load i32, ptr %ip, align 4
  %c = icmp sgt i32 %x, 100
  br i1 %c, label %then, label %join
then:
  %y = mul i32 %x, %x
  %z = sdiv i32 %y, 7
  %bp = getelementptr inbounds [8 x i32], ptr %buf, i64 0, i64 %l
  store i32 %z, ptr %bp, align 4
  br label %join
join:
  %k = and i64 %l, 7
  %rp = getelementptr inbounds [8 x i32], ptr %buf, i64 0, i64 %k
  %v = load i32, ptr %rp, align 4
  %o = getelementptr inbounds i32, ptr %out, i64 %l
  store i32 %v, ptr %o, align 4
  br label %latch
latch:
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 8
  br i1 %done, label %exit, label %lane, !llvm.loop !7
exit:
  ret void
}

define void @call_before_loop(ptr %a, ptr %out) {
entry:
  %buf = alloca [4 x i32], align 16
  br label %lane
lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %latch ]
  br label %body
body:
  call void @fill(ptr %buf, i64 %l)
  %v = load i32, ptr %buf, align 4
  %c = icmp sgt i32 %v, 0
  br i1 %c, label %pre, label %join
pre:
  br label %inner
inner:
  %j = phi i32 [ 0, %pre ], [ %j.next, %inner ]
  %s = phi i32 [ 0, %pre ], [ %s.next, %inner ]
  %p = getelementptr inbounds i32, ptr %a, i32 %j
  %x = load i32, ptr %p, align 4
  %s.next = add i32 %s, %x
  %j.next = add nuw nsw i32 %j, 1
  %more = icmp slt i32 %j.next, %v
  br i1 %more, label %inner, label %join
join:
  %r = phi i32 [ 0, %body ], [ %s.next, %inner ]
  %o = getelementptr inbounds i32, ptr %out, i64 %l
  store i32 %r, ptr %o, align 4
  br label %latch
latch:
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 8
  br i1 %done, label %exit, label %lane, !llvm.loop !8
exit:
  ret void
}
!0 = distinct !{!0, !1, !2, !3}
!4 = distinct !{!4, !1, !2, !3}
!5 = distinct !{!5, !1, !2, !3}
!6 = distinct !{!6, !1, !2, !3}
!7 = distinct !{!7, !1, !2, !3}
!8 = distinct !{!8, !1, !2, !3}
!1 = !{!"llvm.loop.vectorize.enable", i1 true}
!2 = !{!"llvm.loop.vectorize.width", i32 8}
!3 = !{!"vecclone.lane.loop"}
