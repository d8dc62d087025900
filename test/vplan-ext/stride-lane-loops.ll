; The lane stride analysis on hand-written vecclone lane loops: array of
; structs (x, y, z floats: stride 12), contiguous lane arrays and outputs, a
; reversed access, gathers and scatters through an index array, p[lane * s]
; with s uniform (stride 4*s), a pointer loaded from a uniform address, a
; linear i8 pointer, an inner loop over a matrix row (uniform step: the
; lane-to-lane stride is the row's), an address after a divergent loop.
; RUN: %opt -passes='print<vplan-stride>' -disable-output < %s 2>&1 | FileCheck %s
; The analysis never changes the IR.
; RUN: %opt -passes='print<vplan-stride>,print<vplan-divergence>' -S < %s 2>/dev/null > %t.after
; RUN: %opt -passes=verify -S < %s > %t.before
; RUN: diff %t.before %t.after

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; struct { float x, y, z; } p[]; out[lane] = p[lane].x + p[lane].y + p[lane].z * *scale
; CHECK-LABEL: Lane strides for function 'aos':
; CHECK-NEXT:  lane loop %lane.header:
; CHECK-NEXT:  strided stride 12: %x = load float, ptr %px, align 4
; CHECK-NEXT:  strided stride 12: %y = load float, ptr %py, align 4
; CHECK-NEXT:  strided stride 12: %z = load float, ptr %pz, align 4
; CHECK-NEXT:  uniform: %s = load float, ptr %scale, align 4
; CHECK-NEXT:  contiguous stride 8: %d = load double, ptr %d.p, align 8
; CHECK-NEXT:  contiguous stride 4: store float %r, ptr %o, align 4
; CHECK-NEXT:  strided stride -4: store float %r, ptr %back, align 4
define void @aos(ptr noalias %p, ptr noalias %out, ptr noalias %scale, <8 x double> %d.vec) {
entry:
  %d.arr = alloca [8 x double], align 64, !vecclone.lane.array !0
  store <8 x double> %d.vec, ptr %d.arr, align 64
  br label %lane.header

lane.header:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %lane.latch ]
  %px = getelementptr inbounds [3 x float], ptr %p, i64 %lane, i64 0
  %py = getelementptr inbounds [3 x float], ptr %p, i64 %lane, i64 1
  %pz = getelementptr inbounds [3 x float], ptr %p, i64 %lane, i64 2
  %x = load float, ptr %px, align 4
  %y = load float, ptr %py, align 4
  %z = load float, ptr %pz, align 4
  %s = load float, ptr %scale, align 4
  %d.p = getelementptr inbounds [8 x double], ptr %d.arr, i64 0, i64 %lane
  %d = load double, ptr %d.p, align 8
  %xy = fadd float %x, %y
  %zs = fmul float %z, %s
  %r = fadd float %xy, %zs
  %o = getelementptr inbounds float, ptr %out, i64 %lane
  store float %r, ptr %o, align 4
  %neg = sub nsw i64 0, %lane
  %back = getelementptr inbounds float, ptr %out, i64 %neg
  store float %r, ptr %back, align 4
  br label %lane.latch

lane.latch:
  %lane.next = add nuw nsw i64 %lane, 1
  %last = icmp eq i64 %lane.next, 8
  br i1 %last, label %exit, label %lane.header, !llvm.loop !1

exit:
  ret void
}

; out[lane] = a[idx[lane]]; b[idx[lane]] = 0; c[lane * s] = 1 (s uniform);
; a pointer loaded from a uniform address; a linear byte pointer.
; CHECK-LABEL: Lane strides for function 'indirect':
; CHECK-NEXT:  lane loop %lane.header:
; CHECK-NEXT:  contiguous stride 4: %i = load i32, ptr %ip, align 4
; CHECK-NEXT:  gather: %av = load float, ptr %ap, align 4
; CHECK-NEXT:  scatter: store float 0.000000e+00, ptr %bp, align 4
; CHECK-NEXT:  unknown-stride stride (4 * %s): store float 1.000000e+00, ptr %cp, align 4
; CHECK-NEXT:  uniform: %q = load ptr, ptr %pp, align 8
; CHECK-NEXT:  uniform: %qv = load float, ptr %q, align 4
; CHECK-NEXT:  contiguous stride 4: store float %sum, ptr %op, align 4
; CHECK-NEXT:  contiguous stride 1: store i8 0, ptr %lp, align 1
define void @indirect(ptr noalias %idx, ptr noalias %a, ptr noalias %b, ptr noalias %c, ptr noalias %out, ptr noalias %pp, ptr noalias %lin, i64 %s) {
entry:
  br label %lane.header

lane.header:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %lane.latch ]
  %ip = getelementptr inbounds i32, ptr %idx, i64 %lane
  %i = load i32, ptr %ip, align 4
  %iw = sext i32 %i to i64
  %ap = getelementptr inbounds float, ptr %a, i64 %iw
  %av = load float, ptr %ap, align 4
  %bp = getelementptr inbounds float, ptr %b, i64 %iw
  store float 0.0, ptr %bp, align 4
  %ls = mul nsw i64 %lane, %s
  %cp = getelementptr inbounds float, ptr %c, i64 %ls
  store float 1.0, ptr %cp, align 4
  %q = load ptr, ptr %pp, align 8
  %qv = load float, ptr %q, align 4
  %sum = fadd float %av, %qv
  %op = getelementptr inbounds float, ptr %out, i64 %lane
  store float %sum, ptr %op, align 4
  %lb = mul i64 %lane, 1
  %lp = getelementptr i8, ptr %lin, i64 %lb
  store i8 0, ptr %lp, align 1
  br label %lane.latch

lane.latch:
  %lane.next = add nuw nsw i64 %lane, 1
  %last = icmp eq i64 %lane.next, 8
  br i1 %last, label %exit, label %lane.header, !llvm.loop !1

exit:
  ret void
}

; Row lane of an n x n matrix: sum m[lane*n + j] * v[j] (uniform inner loop),
; then a search whose stop differs per lane: t[j] after it is a gather.
; CHECK-LABEL: Lane strides for function 'rows':
; CHECK-NEXT:  lane loop %lane.header:
; CHECK-NEXT:  unknown-stride stride (4 * %n): %mv = load float, ptr %mp, align 4
; CHECK-NEXT:  uniform: %vv = load float, ptr %vp, align 4
; CHECK-NEXT:  gather: %tv = load float, ptr %tp, align 4
; CHECK-NEXT:  contiguous stride 4: store float %tv, ptr %op, align 4
define void @rows(ptr noalias %m, ptr noalias %v, ptr noalias %t, ptr noalias %out, i64 %n) {
entry:
  br label %lane.header

lane.header:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %lane.latch ]
  %row = mul nsw i64 %lane, %n
  br label %inner

inner:
  %j = phi i64 [ 0, %lane.header ], [ %j.next, %inner ]
  %acc = phi float [ 0.0, %lane.header ], [ %acc.next, %inner ]
  %k = add nsw i64 %row, %j
  %mp = getelementptr inbounds float, ptr %m, i64 %k
  %mv = load float, ptr %mp, align 4
  %vp = getelementptr inbounds float, ptr %v, i64 %j
  %vv = load float, ptr %vp, align 4
  %p = fmul float %mv, %vv
  %acc.next = fadd float %acc, %p
  %j.next = add nuw nsw i64 %j, 1
  %again = icmp slt i64 %j.next, %n
  br i1 %again, label %inner, label %search

search:
  %w = phi i64 [ 0, %inner ], [ %w.next, %search ]
  %w.next = add nuw nsw i64 %w, 1
  %w.f = sitofp i64 %w.next to float
  %below = fcmp olt float %w.f, %acc.next
  br i1 %below, label %search, label %found

found:
  %w.lcssa = phi i64 [ %w.next, %search ]
  %tp = getelementptr inbounds float, ptr %t, i64 %w.lcssa
  %tv = load float, ptr %tp, align 4
  %op = getelementptr inbounds float, ptr %out, i64 %lane
  store float %tv, ptr %op, align 4
  br label %lane.latch

lane.latch:
  %lane.next = add nuw nsw i64 %lane, 1
  %last = icmp eq i64 %lane.next, 8
  br i1 %last, label %exit, label %lane.header, !llvm.loop !1

exit:
  ret void
}

!0 = !{}
!1 = distinct !{!1, !4, !5}
!2 = distinct !{}
!3 = distinct !{!3, !4, !6}
!4 = !{!"llvm.loop.vectorize.enable", i1 true}
!5 = !{!"vecclone.lane.loop"}
!6 = !{!"llvm.loop.parallel_accesses", !2}
