; vplan-lane-cut runs the cut on hand-written lane loops (an outermost loop
; tagged vecclone.lane.loop with a vectorize.width). A lane loop it cuts gets
; the remark LaneLoopCut; one it refuses keeps its IR and gets the missed
; remark LaneLoopNotCut with the reason, one function per reason:
;   ok            a per-lane sum: cut into three lane loops
;   returns       the inner loop can leave to a block that returns: control
;                 flow the cut cannot order (the lane loop's body never holds
;                 the `ret` itself, so that is the reason it gives)
;   allocates     an alloca in the body
;   used_outside  a body value read after the lane loop
;   token         a convergence token made before the inner loop, used after
;   shared_local  an entry-block local stored before the inner loop and
;                 loaded after it (the lanes would share it)
;   indirect      an indirectbr after the inner loop
;   two_entries   the inner loop is entered from two blocks, one of them an
;                 indirectbr (no preheader can be made)
;   never_exits   an inner loop that never exits is not in the lane loop: no
;                 inner loop, nothing to cut, no remark
;   from_one      the lane counter starts at 1: not a lane loop in the
;                 cut's normal form; every lane loop is the lowering's own,
;                 so in verify mode (on in lit) the refusal says the plan
;                 counted on a cut that could not happen
; The side-effect refusal is tested by fallback-remarks.ll and the
; errno one by outside/errno.test. -vplan-min-speedup=0: the cut meets every
; loop, whatever the plan expects of it.
; The plan decides each refusal of the body (planCutRefusals, one rule each
; in LoweringRules shared with the cut): its dump says which cut is not
; made and why, and it costs the lane loop left whole scalar; in verify
; mode (on in lit) the cut refuses a loop whose refusal the rules on its
; IR decide otherwise. from_one's normal form is the lowering's own.
; RUN: %opt -passes='print<vplan-ext>' -disable-output < %s 2>&1 | FileCheck %s --check-prefix=PLAN
; PLAN-LABEL: vplan for lane loop %lane in ok,
; PLAN-NOT:   not cut
; PLAN-LABEL: vplan for lane loop %lane in returns,
; PLAN:       uniform loop %inner {{.*}}; not cut: the lane loop body has control flow the cut cannot order (irreducible, or a jump back before the inner loop)
; PLAN-LABEL: vplan for lane loop %lane in allocates,
; PLAN-NEXT:  not cut: the lane loop body allocates stack memory
; PLAN:       uniform loop %inner {{.*}}; not cut (in the lane loop a refused cut leaves whole)
; PLAN:       total: scalar [[S:[0-9]+]], vector [[S]] (estimated speedup 1.0)
; PLAN-LABEL: vplan for lane loop %lane in used_outside,
; PLAN:       uniform loop %inner {{.*}}; not cut: a value of the lane loop body is used outside it
; PLAN-LABEL: vplan for lane loop %lane in token,
; PLAN:       uniform loop %inner {{.*}}; not cut: a token value crosses the cut
; PLAN-LABEL: vplan for lane loop %lane in shared_local,
; PLAN:       uniform loop %inner {{.*}}; not cut: a local variable of the body lives in memory on both sides of the cut; the lanes would share it
; PLAN-LABEL: vplan for lane loop %lane in indirect,
; PLAN:       uniform loop %inner {{.*}}; not cut: the lane loop body has a terminator the cut cannot redirect
; PLAN-LABEL: vplan for lane loop %lane in two_entries,
; PLAN:       divergent loop %inner {{.*}}; not cut: the inner loop has no single entry edge
; PLAN:       total: scalar [[S:[0-9]+]], vector [[S]] (estimated speedup 1.0)
; PLAN-LABEL: vplan for lane loop %lane in from_one,
; PLAN-NOT:   not cut
; At the default -vplan-min-speedup a plan that knows no cut of its lane
; loop can be made keeps it scalar (missed remark LaneLoopScalar, with the
; refusal) before the cut looks at it; only from_one, whose plan does not
; see its normal form, reaches the cut.
; RUN: %opt -passes=vplan-lane-cut -pass-remarks-output=%t.default.yaml -disable-output < %s
; RUN: FileCheck %s --check-prefix=DEFAULT < %t.default.yaml
; DEFAULT:      Name: LaneLoopScalar
; DEFAULT-NEXT: Function: returns
; DEFAULT:      Name: LaneLoopScalar
; DEFAULT-NEXT: Function: allocates
; DEFAULT-NEXT: Args:
; DEFAULT-NEXT:  - String: 'lane loop left scalar: '
; DEFAULT-NEXT:  - String: 'no cut of it can be made (the lane loop body allocates stack memory), and the vectorizer does not widen a loop with a loop inside'
; DEFAULT:      Function: two_entries
; DEFAULT-NEXT: Args:
; DEFAULT-NEXT:  - String: 'lane loop left scalar: '
; DEFAULT-NEXT:  - String: 'no cut of it can be made (the inner loop has no single entry edge), and the vectorizer does not widen a loop with a loop inside'
; DEFAULT:      Name: LaneLoopNotCut
; DEFAULT-NEXT: Function: from_one

; RUN: %opt -passes=vplan-lane-cut -vplan-min-speedup=0 -pass-remarks-output=%t.yaml -S < %s | FileCheck %s --check-prefix=IR
; RUN: FileCheck %s --check-prefix=REM < %t.yaml
; The same as a pass parameter.
; RUN: %opt -passes='vplan-lane-cut<min-speedup=0>' -S < %s | FileCheck %s --check-prefix=IR

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @sink(i32)
declare token @llvm.experimental.convergence.anchor()


; A lane loop the cut accepts: a per-lane sum over a[0..n).
define void @ok(ptr %a, i32 %n, ptr %out) {
entry:
  br label %lane
lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %latch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %lane ], [ %j.next, %inner ]
  %s = phi i32 [ 0, %lane ], [ %s.next, %inner ]
  %p = getelementptr inbounds i32, ptr %a, i32 %j
  %v = load i32, ptr %p, align 4
  %s.next = add i32 %s, %v
  %j.next = add nuw nsw i32 %j, 1
  %more = icmp slt i32 %j.next, %n
  br i1 %more, label %inner, label %latch
latch:
  %o = getelementptr inbounds i32, ptr %out, i64 %l
  store i32 %s.next, ptr %o, align 4
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 8
  br i1 %done, label %exit, label %lane, !llvm.loop !0
exit:
  ret void
}

define void @returns(i32 %n) {
entry:
  br label %lane
lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %latch ]
  br label %pre
pre:
  br label %inner
inner:
  %j = phi i32 [ 0, %pre ], [ %j.next, %inner.next ]
  %j.next = add nuw nsw i32 %j, 1
  %stop = icmp eq i32 %j, 100
  br i1 %stop, label %early, label %inner.next
inner.next:
  %more = icmp slt i32 %j.next, %n
  br i1 %more, label %inner, label %latch
early:
  ret void
latch:
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 8
  br i1 %done, label %exit, label %lane, !llvm.loop !0
exit:
  ret void
}


define void @allocates(i32 %n) {
entry:
  br label %lane
lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %latch ]
  %buf = alloca i32, align 4
  store i32 1, ptr %buf
  br label %pre
pre:
  br label %inner
inner:
  %j = phi i32 [ 0, %pre ], [ %j.next, %inner ]
  %j.next = add nuw nsw i32 %j, 1
  %more = icmp slt i32 %j.next, %n
  br i1 %more, label %inner, label %latch
latch:
  %r = load i32, ptr %buf
  call void @sink(i32 %r)
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 8
  br i1 %done, label %exit, label %lane, !llvm.loop !0
exit:
  ret void
}

define void @used_outside(i32 %n, ptr %out) {
entry:
  br label %lane
lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %latch ]
  %x = mul i32 %n, 3
  br label %pre
pre:
  br label %inner
inner:
  %j = phi i32 [ 0, %pre ], [ %j.next, %inner ]
  %j.next = add nuw nsw i32 %j, 1
  %more = icmp slt i32 %j.next, %n
  br i1 %more, label %inner, label %latch
latch:
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 8
  br i1 %done, label %exit, label %lane, !llvm.loop !0
exit:
  store i32 %x, ptr %out
  ret void
}

define void @token(i32 %n) {
entry:
  br label %lane
lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %latch ]
  %t = call token @llvm.experimental.convergence.anchor()
  br label %pre
pre:
  br label %inner
inner:
  %j = phi i32 [ 0, %pre ], [ %j.next, %inner ]
  %j.next = add nuw nsw i32 %j, 1
  %more = icmp slt i32 %j.next, %n
  br i1 %more, label %inner, label %latch
latch:
  call void @sink(i32 0) [ "convergencectrl"(token %t) ]
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 8
  br i1 %done, label %exit, label %lane, !llvm.loop !0
exit:
  ret void
}

define void @shared_local(i32 %n) {
entry:
  %loc = alloca i32, align 4
  br label %lane
lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %latch ]
  store i32 %n, ptr %loc
  br label %pre
pre:
  br label %inner
inner:
  %j = phi i32 [ 0, %pre ], [ %j.next, %inner ]
  %j.next = add nuw nsw i32 %j, 1
  %more = icmp slt i32 %j.next, %n
  br i1 %more, label %inner, label %latch
latch:
  %r = load i32, ptr %loc
  call void @sink(i32 %r)
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 8
  br i1 %done, label %exit, label %lane, !llvm.loop !0
exit:
  ret void
}

define void @indirect(i32 %n, ptr %target) {
entry:
  br label %lane
lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %latch ]
  br label %pre
pre:
  br label %inner
inner:
  %j = phi i32 [ 0, %pre ], [ %j.next, %inner ]
  %j.next = add nuw nsw i32 %j, 1
  %more = icmp slt i32 %j.next, %n
  br i1 %more, label %inner, label %after
after:
  indirectbr ptr %target, [label %latch]
latch:
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 8
  br i1 %done, label %exit, label %lane, !llvm.loop !0
exit:
  ret void
}



define void @never_exits(i32 %n, i1 %c) {
entry:
  br label %lane
lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %latch ]
  br i1 %c, label %pre, label %latch
pre:
  br label %inner
inner:
  %j = phi i32 [ 0, %pre ], [ %j.next, %inner ]
  %j.next = add nuw nsw i32 %j, 1
  call void @sink(i32 %j)
  br label %inner
latch:
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 8
  br i1 %done, label %exit, label %lane, !llvm.loop !0
exit:
  ret void
}

define void @two_entries(i32 %n, i1 %c, ptr %target) {
entry:
  br label %lane
lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %latch ]
  br i1 %c, label %pre1, label %pre2
pre1:
  br label %inner
pre2:
  indirectbr ptr %target, [label %inner]
inner:
  %j = phi i32 [ 0, %pre1 ], [ 1, %pre2 ], [ %j.next, %inner ]
  %j.next = add nuw nsw i32 %j, 1
  %more = icmp slt i32 %j.next, %n
  br i1 %more, label %inner, label %latch
latch:
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 8
  br i1 %done, label %exit, label %lane, !llvm.loop !0
exit:
  ret void
}


; IR-LABEL: define void @ok(
; IR:       lane.any:
; IR-LABEL: define void @returns(
; IR-NOT:   lane.any
; IR-LABEL: define void @allocates(
; IR-NOT:   lane.any
; IR-LABEL: define void @used_outside(
; IR-NOT:   lane.any
; IR-LABEL: define void @token(
; IR-NOT:   lane.any
; IR-LABEL: define void @shared_local(
; IR-NOT:   lane.any
; IR-LABEL: define void @indirect(
; IR-NOT:   lane.any
; IR-LABEL: define void @never_exits(
; IR-NOT:   lane.any
; IR-LABEL: define void @two_entries(
; IR-NOT:   lane.any
; IR-LABEL: define void @from_one(
; IR-NOT:   lane.any

; REM:      --- !Passed
; REM:      Name: LaneLoopCut
; REM:      Function: ok
; REM:      String: 'cut the lane loop into '
; REM-NEXT: LaneLoops: '3'
; REM:      --- !Missed
; REM:      Function: returns
; REM:      String: 'the lane loop body has control flow the cut cannot order (irreducible, or a jump back before the inner loop)'
; REM:      Function: allocates
; REM:      String: the lane loop body allocates stack memory
; REM:      Function: used_outside
; REM:      String: a value of the lane loop body is used outside it
; REM:      Function: token
; REM:      String: a token value crosses the cut
; REM:      Function: shared_local
; REM:      String: 'a local variable of the body lives in memory on both sides of the cut; the lanes would share it'
; REM:      Function: indirect
; REM:      String: the lane loop body has a terminator the cut cannot redirect
; REM-NOT:  Function: never_exits
; REM:      Function: two_entries
; REM:      String: the inner loop has no single entry edge
; REM:      Function: from_one
; REM:      String: 'verify: a lane loop the plan cuts is not in normal form: the lane counter does not start at zero'

define void @from_one(ptr %a, i32 %n, ptr %out) {
entry:
  br label %lane
lane:
  %l = phi i64 [ 1, %entry ], [ %l.next, %latch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %lane ], [ %j.next, %inner ]
  %s = phi i32 [ 0, %lane ], [ %s.next, %inner ]
  %p = getelementptr inbounds i32, ptr %a, i32 %j
  %v = load i32, ptr %p, align 4
  %s.next = add i32 %s, %v
  %j.next = add nuw nsw i32 %j, 1
  %more = icmp slt i32 %j.next, %n
  br i1 %more, label %inner, label %latch
latch:
  %o = getelementptr inbounds i32, ptr %out, i64 %l
  store i32 %s.next, ptr %o, align 4
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 8
  br i1 %done, label %exit, label %lane, !llvm.loop !4
exit:
  ret void
}

!0 = distinct !{!0, !1, !2, !3}
!4 = distinct !{!4, !1, !2, !3}
!1 = !{!"llvm.loop.vectorize.enable", i1 true}
!2 = !{!"llvm.loop.vectorize.width", i32 8}
!3 = !{!"vecclone.lane.loop"}
