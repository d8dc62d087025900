; The lane divergence analysis on hand-written vecclone lane loops (the shape
; VariantBuilder makes: `lane` from 0 to VL, vector arguments in
; !vecclone.lane.array allocas read as arr[lane], uniform arguments used
; directly). Covers data dependence, sync dependence (phis after a branch on
; a varying condition, a switch, a `continue` in a uniform inner loop),
; divergent inner loops and temporal divergence (values used after them),
; uniform inner loops, uniform and clobbered loads, calls.
; RUN: %opt -passes='print<vplan-divergence>' -disable-output < %s 2>&1 | FileCheck %s
; The analysis never changes the IR.
; RUN: %opt -passes='print<vplan-divergence>' -S < %s 2>/dev/null > %t.after
; RUN: %opt -passes=verify -S < %s > %t.before
; RUN: diff %t.before %t.after

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Mandelbrot's escape loop: the exit test reads a per-lane value.
; CHECK-LABEL: Lane divergence for function 'mandel':
; CHECK-NEXT:  lane loop %lane.header (vecclone lane loop, lane %lane):
; CHECK-NEXT:  varying: %lane = phi i64 [ 0, %entry ], [ %lane.next, %lane.latch ]
; CHECK-NEXT:  varying: %cr.p = getelementptr inbounds [8 x float], ptr %cr.arr, i64 0, i64 %lane
; CHECK-NEXT:  varying: %cr = load float, ptr %cr.p, align 4
; CHECK-NEXT:  uniform: br label %loop
; CHECK-NEXT:  varying: %zr = phi float [ 0.000000e+00, %lane.header ], [ %zr.next, %body ]
; CHECK-NEXT:  uniform: %n = phi i32 [ 0, %lane.header ], [ %n.next, %body ]
; CHECK-NEXT:  varying: %zr2 = fmul float %zr, %zr
; CHECK-NEXT:  varying: %in = fcmp olt float %zr2, 4.000000e+00
; CHECK-NEXT:  varying: br i1 %in, label %body, label %done
; CHECK-NEXT:  varying: %zr.next = fadd float %zr2, %cr
; CHECK-NEXT:  uniform: %n.next = add nsw i32 %n, 1
; CHECK-NEXT:  uniform: %more = icmp slt i32 %n.next, %maxit
; CHECK-NEXT:  uniform: br i1 %more, label %loop, label %done
; CHECK-NEXT:  varying: %r = phi i32 [ %n, %loop ], [ %n.next, %body ]
; CHECK-NEXT:  varying: %o = getelementptr inbounds i32, ptr %out, i64 %lane
; CHECK-NEXT:  varying: store i32 %r, ptr %o, align 4
; CHECK-NEXT:  uniform: br label %lane.latch
; CHECK-NEXT:  varying: %lane.next = add nuw nsw i64 %lane, 1
; CHECK-NEXT:  varying: %last = icmp eq i64 %lane.next, 8
; CHECK-NEXT:  varying: br i1 %last, label %exit, label %lane.header, !llvm.loop !1
; CHECK-NEXT:  divergent branch in %loop
; CHECK-NEXT:  divergent loop %loop
define void @mandel(<8 x float> %cr.vec, ptr noalias %out, i32 %maxit) {
entry:
  %cr.arr = alloca [8 x float], align 32, !vecclone.lane.array !0
  store <8 x float> %cr.vec, ptr %cr.arr, align 32
  br label %lane.header

lane.header:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %lane.latch ]
  %cr.p = getelementptr inbounds [8 x float], ptr %cr.arr, i64 0, i64 %lane
  %cr = load float, ptr %cr.p, align 4
  br label %loop

loop:
  %zr = phi float [ 0.0, %lane.header ], [ %zr.next, %body ]
  %n = phi i32 [ 0, %lane.header ], [ %n.next, %body ]
  %zr2 = fmul float %zr, %zr
  %in = fcmp olt float %zr2, 4.0
  br i1 %in, label %body, label %done

body:
  %zr.next = fadd float %zr2, %cr
  %n.next = add nsw i32 %n, 1
  %more = icmp slt i32 %n.next, %maxit
  br i1 %more, label %loop, label %done

done:
  %r = phi i32 [ %n, %loop ], [ %n.next, %body ]
  %o = getelementptr inbounds i32, ptr %out, i64 %lane
  store i32 %r, ptr %o, align 4
  br label %lane.latch

lane.latch:
  %lane.next = add nuw nsw i64 %lane, 1
  %last = icmp eq i64 %lane.next, 8
  br i1 %last, label %exit, label %lane.header, !llvm.loop !1

exit:
  ret void
}

; acc += a[j] * x for j < n: the trip count is a uniform argument.
; CHECK-LABEL: Lane divergence for function 'dot':
; CHECK-NEXT:  lane loop %lane.header (vecclone lane loop, lane %lane):
; CHECK-NEXT:  varying: %lane = phi i64 [ 0, %entry ], [ %lane.next, %lane.latch ]
; CHECK-NEXT:  varying: %x.p = getelementptr inbounds [8 x float], ptr %x.arr, i64 0, i64 %lane
; CHECK-NEXT:  varying: %x = load float, ptr %x.p, align 4
; CHECK-NEXT:  uniform: %any = icmp sgt i32 %n, 0
; CHECK-NEXT:  uniform: br i1 %any, label %inner, label %after
; CHECK-NEXT:  uniform: %j = phi i32 [ 0, %lane.header ], [ %j.next, %inner ]
; CHECK-NEXT:  varying: %acc = phi float [ 0.000000e+00, %lane.header ], [ %acc.next, %inner ]
; CHECK-NEXT:  uniform: %j.wide = zext i32 %j to i64
; CHECK-NEXT:  uniform: %a.p = getelementptr inbounds float, ptr %a, i64 %j.wide
; CHECK-NEXT:  uniform: %a.j = load float, ptr %a.p, align 4
; CHECK-NEXT:  varying: %m = fmul float %a.j, %x
; CHECK-NEXT:  varying: %acc.next = fadd float %acc, %m
; CHECK-NEXT:  uniform: %j.next = add nuw nsw i32 %j, 1
; CHECK-NEXT:  uniform: %again = icmp slt i32 %j.next, %n
; CHECK-NEXT:  uniform: br i1 %again, label %inner, label %after
; CHECK-NEXT:  varying: %res = phi float [ 0.000000e+00, %lane.header ], [ %acc.next, %inner ]
; CHECK-NEXT:  uniform: %jn = phi i32 [ 0, %lane.header ], [ %j.next, %inner ]
; CHECK-NEXT:  varying: %o = getelementptr inbounds float, ptr %out, i64 %lane
; CHECK-NEXT:  varying: store float %res, ptr %o, align 4
; CHECK-NEXT:  uniform: br label %lane.latch
; CHECK-NEXT:  varying: %lane.next = add nuw nsw i64 %lane, 1
; CHECK-NEXT:  varying: %last = icmp eq i64 %lane.next, 8
; CHECK-NEXT:  varying: br i1 %last, label %exit, label %lane.header, !llvm.loop !1
; CHECK-NEXT:  uniform loop %inner
define void @dot(<8 x float> %x.vec, ptr noalias %a, ptr noalias %out, i32 %n) {
entry:
  %x.arr = alloca [8 x float], align 32, !vecclone.lane.array !0
  store <8 x float> %x.vec, ptr %x.arr, align 32
  br label %lane.header

lane.header:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %lane.latch ]
  %x.p = getelementptr inbounds [8 x float], ptr %x.arr, i64 0, i64 %lane
  %x = load float, ptr %x.p, align 4
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %inner, label %after

inner:
  %j = phi i32 [ 0, %lane.header ], [ %j.next, %inner ]
  %acc = phi float [ 0.0, %lane.header ], [ %acc.next, %inner ]
  %j.wide = zext i32 %j to i64
  %a.p = getelementptr inbounds float, ptr %a, i64 %j.wide
  %a.j = load float, ptr %a.p, align 4
  %m = fmul float %a.j, %x
  %acc.next = fadd float %acc, %m
  %j.next = add nuw nsw i32 %j, 1
  %again = icmp slt i32 %j.next, %n
  br i1 %again, label %inner, label %after

after:
  %res = phi float [ 0.0, %lane.header ], [ %acc.next, %inner ]
  %jn = phi i32 [ 0, %lane.header ], [ %j.next, %inner ]
  %o = getelementptr inbounds float, ptr %out, i64 %lane
  store float %res, ptr %o, align 4
  br label %lane.latch

lane.latch:
  %lane.next = add nuw nsw i64 %lane, 1
  %last = icmp eq i64 %lane.next, 8
  br i1 %last, label %exit, label %lane.header, !llvm.loop !1

exit:
  ret void
}

; k = flag ? 1 : 2 (uniform branch: uniform phi); y = x > 0 ? k*2 : k/2: both
; incoming values are uniform, but lanes take different sides (sync
; dependence).
; CHECK-LABEL: Lane divergence for function 'select_like':
; CHECK-NEXT:  lane loop %lane.header (vecclone lane loop, lane %lane):
; CHECK-NEXT:  varying: %lane = phi i64 [ 0, %entry ], [ %lane.next, %lane.latch ]
; CHECK-NEXT:  uniform: br i1 %flag, label %uthen, label %uelse
; CHECK-NEXT:  uniform: br label %ujoin
; CHECK-NEXT:  uniform: br label %ujoin
; CHECK-NEXT:  uniform: %k = phi float [ 1.000000e+00, %uthen ], [ 2.000000e+00, %uelse ]
; CHECK-NEXT:  varying: %x.p = getelementptr inbounds [8 x float], ptr %x.arr, i64 0, i64 %lane
; CHECK-NEXT:  varying: %x = load float, ptr %x.p, align 4
; CHECK-NEXT:  varying: %pos = fcmp ogt float %x, 0.000000e+00
; CHECK-NEXT:  varying: br i1 %pos, label %then, label %else
; CHECK-NEXT:  uniform: %twice = fmul float %k, 2.000000e+00
; CHECK-NEXT:  uniform: br label %join
; CHECK-NEXT:  uniform: %half = fmul float %k, 5.000000e-01
; CHECK-NEXT:  uniform: br label %join
; CHECK-NEXT:  varying: %y = phi float [ %twice, %then ], [ %half, %else ]
; CHECK-NEXT:  varying: %o = getelementptr inbounds float, ptr %out, i64 %lane
; CHECK-NEXT:  varying: store float %y, ptr %o, align 4
; CHECK-NEXT:  uniform: br label %lane.latch
; CHECK-NEXT:  varying: %lane.next = add nuw nsw i64 %lane, 1
; CHECK-NEXT:  varying: %last = icmp eq i64 %lane.next, 8
; CHECK-NEXT:  varying: br i1 %last, label %exit, label %lane.header, !llvm.loop !1
; CHECK-NEXT:  divergent branch in %ujoin
define void @select_like(<8 x float> %x.vec, ptr noalias %out, i1 %flag) {
entry:
  %x.arr = alloca [8 x float], align 32, !vecclone.lane.array !0
  store <8 x float> %x.vec, ptr %x.arr, align 32
  br label %lane.header

lane.header:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %lane.latch ]
  br i1 %flag, label %uthen, label %uelse

uthen:
  br label %ujoin

uelse:
  br label %ujoin

ujoin:
  %k = phi float [ 1.0, %uthen ], [ 2.0, %uelse ]
  %x.p = getelementptr inbounds [8 x float], ptr %x.arr, i64 0, i64 %lane
  %x = load float, ptr %x.p, align 4
  %pos = fcmp ogt float %x, 0.0
  br i1 %pos, label %then, label %else

then:
  %twice = fmul float %k, 2.0
  br label %join

else:
  %half = fmul float %k, 5.0e-01
  br label %join

join:
  %y = phi float [ %twice, %then ], [ %half, %else ]
  %o = getelementptr inbounds float, ptr %out, i64 %lane
  store float %y, ptr %o, align 4
  br label %lane.latch

lane.latch:
  %lane.next = add nuw nsw i64 %lane, 1
  %last = icmp eq i64 %lane.next, 8
  br i1 %last, label %exit, label %lane.header, !llvm.loop !1

exit:
  ret void
}

; do { x *= 0.5; ++k; } while (x > 1): k is uniform inside the loop (active
; lanes run the same iteration) but varying after it (temporal divergence).
; CHECK-LABEL: Lane divergence for function 'halvings':
; CHECK-NEXT:  lane loop %lane.header (vecclone lane loop, lane %lane):
; CHECK-NEXT:  varying: %lane = phi i64 [ 0, %entry ], [ %lane.next, %lane.latch ]
; CHECK-NEXT:  varying: %x.p = getelementptr inbounds [8 x float], ptr %x.arr, i64 0, i64 %lane
; CHECK-NEXT:  varying: %x0 = load float, ptr %x.p, align 4
; CHECK-NEXT:  uniform: br label %loop
; CHECK-NEXT:  varying: %x = phi float [ %x0, %lane.header ], [ %x.next, %loop ]
; CHECK-NEXT:  uniform: %k = phi i32 [ 0, %lane.header ], [ %k.next, %loop ]
; CHECK-NEXT:  varying: %x.next = fmul float %x, 5.000000e-01
; CHECK-NEXT:  uniform: %k.next = add nuw nsw i32 %k, 1
; CHECK-NEXT:  varying: %big = fcmp ogt float %x.next, 1.000000e+00
; CHECK-NEXT:  varying: br i1 %big, label %loop, label %done
; CHECK-NEXT:  varying: %k.lcssa = phi i32 [ %k.next, %loop ]
; CHECK-NEXT:  varying: %o = getelementptr inbounds i32, ptr %out, i64 %lane
; CHECK-NEXT:  varying: store i32 %k.lcssa, ptr %o, align 4
; CHECK-NEXT:  uniform: br label %lane.latch
; CHECK-NEXT:  varying: %lane.next = add nuw nsw i64 %lane, 1
; CHECK-NEXT:  varying: %last = icmp eq i64 %lane.next, 8
; CHECK-NEXT:  varying: br i1 %last, label %exit, label %lane.header, !llvm.loop !1
; CHECK-NEXT:  divergent branch in %loop
; CHECK-NEXT:  divergent loop %loop
define void @halvings(<8 x float> %x.vec, ptr noalias %out) {
entry:
  %x.arr = alloca [8 x float], align 32, !vecclone.lane.array !0
  store <8 x float> %x.vec, ptr %x.arr, align 32
  br label %lane.header

lane.header:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %lane.latch ]
  %x.p = getelementptr inbounds [8 x float], ptr %x.arr, i64 0, i64 %lane
  %x0 = load float, ptr %x.p, align 4
  br label %loop

loop:
  %x = phi float [ %x0, %lane.header ], [ %x.next, %loop ]
  %k = phi i32 [ 0, %lane.header ], [ %k.next, %loop ]
  %x.next = fmul float %x, 5.0e-01
  %k.next = add nuw nsw i32 %k, 1
  %big = fcmp ogt float %x.next, 1.0
  br i1 %big, label %loop, label %done

done:
  %k.lcssa = phi i32 [ %k.next, %loop ]
  %o = getelementptr inbounds i32, ptr %out, i64 %lane
  store i32 %k.lcssa, ptr %o, align 4
  br label %lane.latch

lane.latch:
  %lane.next = add nuw nsw i64 %lane, 1
  %last = icmp eq i64 %lane.next, 8
  br i1 %last, label %exit, label %lane.header, !llvm.loop !1

exit:
  ret void
}

declare float @llvm.sqrt.f32(float)
declare float @opaque(float)

; *scale is uniform (nothing in the loop may write it; sqrt of it too);
; *maybe may be written by the store to %alias, so each lane may see another
; value; @opaque may have side effects.
; CHECK-LABEL: Lane divergence for function 'loads':
; CHECK-NEXT:  lane loop %lane.header (vecclone lane loop, lane %lane):
; CHECK-NEXT:  varying: %lane = phi i64 [ 0, %entry ], [ %lane.next, %lane.latch ]
; CHECK-NEXT:  uniform: %s = load float, ptr %scale, align 4
; CHECK-NEXT:  uniform: %rs = call float @llvm.sqrt.f32(float %s)
; CHECK-NEXT:  varying: %x.p = getelementptr inbounds [8 x float], ptr %x.arr, i64 0, i64 %lane
; CHECK-NEXT:  varying: %x = load float, ptr %x.p, align 4
; CHECK-NEXT:  varying: %rx = call float @llvm.sqrt.f32(float %x)
; CHECK-NEXT:  varying: %op = call float @opaque(float %s)
; CHECK-NEXT:  varying: %m = load float, ptr %maybe, align 4
; CHECK-NEXT:  varying: %v = fmul float %rs, %rx
; CHECK-NEXT:  varying: %o = getelementptr inbounds float, ptr %out, i64 %lane
; CHECK-NEXT:  varying: store float %v, ptr %o, align 4
; CHECK-NEXT:  varying: store float %m, ptr %alias, align 4
; CHECK-NEXT:  uniform: br label %lane.latch
; CHECK-NEXT:  varying: %lane.next = add nuw nsw i64 %lane, 1
; CHECK-NEXT:  varying: %last = icmp eq i64 %lane.next, 8
; CHECK-NEXT:  varying: br i1 %last, label %exit, label %lane.header, !llvm.loop !1
define void @loads(<8 x float> %x.vec, ptr noalias %scale, ptr noalias %out, ptr %maybe, ptr %alias) {
entry:
  %x.arr = alloca [8 x float], align 32, !vecclone.lane.array !0
  store <8 x float> %x.vec, ptr %x.arr, align 32
  br label %lane.header

lane.header:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %lane.latch ]
  %s = load float, ptr %scale, align 4
  %rs = call float @llvm.sqrt.f32(float %s)
  %x.p = getelementptr inbounds [8 x float], ptr %x.arr, i64 0, i64 %lane
  %x = load float, ptr %x.p, align 4
  %rx = call float @llvm.sqrt.f32(float %x)
  %op = call float @opaque(float %s)
  %m = load float, ptr %maybe, align 4
  %v = fmul float %rs, %rx
  %o = getelementptr inbounds float, ptr %out, i64 %lane
  store float %v, ptr %o, align 4
  store float %m, ptr %alias, align 4
  br label %lane.latch

lane.latch:
  %lane.next = add nuw nsw i64 %lane, 1
  %last = icmp eq i64 %lane.next, 8
  br i1 %last, label %exit, label %lane.header, !llvm.loop !1

exit:
  ret void
}

; #pragma omp simd: for (i = 0; i < n; ++i) y[i] = (x[i] > t) ? x[i] : t;
; CHECK-LABEL: Lane divergence for function 'simd_user':
; CHECK-NEXT:  lane loop %loop (simd loop, lane %i):
; CHECK-NEXT:  varying: %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
; CHECK-NEXT:  varying: %x.p = getelementptr inbounds float, ptr %x, i64 %i
; CHECK-NEXT:  varying: %xv = load float, ptr %x.p, align 4, !llvm.access.group !0
; CHECK-NEXT:  varying: %gt = fcmp ogt float %xv, %t
; CHECK-NEXT:  varying: br i1 %gt, label %big, label %latch
; CHECK-NEXT:  uniform: br label %latch
; CHECK-NEXT:  varying: %r = phi float [ %xv, %big ], [ %t, %loop ]
; CHECK-NEXT:  varying: %y.p = getelementptr inbounds float, ptr %y, i64 %i
; CHECK-NEXT:  varying: store float %r, ptr %y.p, align 4, !llvm.access.group !0
; CHECK-NEXT:  varying: %i.next = add nuw nsw i64 %i, 1
; CHECK-NEXT:  varying: %done = icmp eq i64 %i.next, %n
; CHECK-NEXT:  varying: br i1 %done, label %exit, label %loop, !llvm.loop !1
; CHECK-NEXT:  divergent branch in %loop
define void @simd_user(ptr noalias %y, ptr noalias %x, float %t, i64 %n) {
entry:
  %pos = icmp sgt i64 %n, 0
  br i1 %pos, label %loop, label %exit

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %x.p = getelementptr inbounds float, ptr %x, i64 %i
  %xv = load float, ptr %x.p, align 4, !llvm.access.group !2
  %gt = fcmp ogt float %xv, %t
  br i1 %gt, label %big, label %latch

big:
  br label %latch

latch:
  %r = phi float [ %xv, %big ], [ %t, %loop ]
  %y.p = getelementptr inbounds float, ptr %y, i64 %i
  store float %r, ptr %y.p, align 4, !llvm.access.group !2
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !3

exit:
  ret void
}

; for (j = 0; j < n; ++j) { if (a[j] > x) continue; c += 1; }  and a switch on lane & 3
; CHECK-LABEL: Lane divergence for function 'cont':
; CHECK-NEXT:  lane loop %lane.header (vecclone lane loop, lane %lane):
; CHECK-NEXT:  varying: %lane = phi i64 [ 0, %entry ], [ %lane.next, %lane.latch ]
; CHECK-NEXT:  varying: %x.p = getelementptr inbounds [8 x float], ptr %x.arr, i64 0, i64 %lane
; CHECK-NEXT:  varying: %x = load float, ptr %x.p, align 4
; CHECK-NEXT:  uniform: br label %inner
; CHECK-NEXT:  uniform: %j = phi i64 [ 0, %lane.header ], [ %j.next, %inner.latch ]
; CHECK-NEXT:  varying: %c = phi i32 [ 0, %lane.header ], [ %c.next, %inner.latch ]
; CHECK-NEXT:  uniform: %ap = getelementptr inbounds float, ptr %a, i64 %j
; CHECK-NEXT:  uniform: %aj = load float, ptr %ap, align 4
; CHECK-NEXT:  varying: %skip = fcmp ogt float %aj, %x
; CHECK-NEXT:  varying: br i1 %skip, label %inner.latch, label %count
; CHECK-NEXT:  varying: %c.inc = add i32 %c, 1
; CHECK-NEXT:  uniform: br label %inner.latch
; CHECK-NEXT:  varying: %c.next = phi i32 [ %c, %inner ], [ %c.inc, %count ]
; CHECK-NEXT:  uniform: %j.next = add nuw nsw i64 %j, 1
; CHECK-NEXT:  uniform: %again = icmp slt i64 %j.next, %n
; CHECK-NEXT:  uniform: br i1 %again, label %inner, label %after
; CHECK-NEXT:  varying: %c.out = phi i32 [ %c.next, %inner.latch ]
; CHECK-NEXT:  uniform: %j.out = phi i64 [ %j.next, %inner.latch ]
; CHECK-NEXT:  varying: %sel = and i64 %lane, 3
; CHECK-NEXT:  varying: switch i64 %sel, label %sdef [ i64 0, label %s0 i64 1, label %s1 ]
; CHECK-NEXT:  uniform: br label %sjoin
; CHECK-NEXT:  uniform: br label %sjoin
; CHECK-NEXT:  uniform: br label %sjoin
; CHECK-NEXT:  varying: %sv = phi i32 [ 7, %s0 ], [ 8, %s1 ], [ 9, %sdef ]
; CHECK-NEXT:  varying: %t = add i32 %sv, %c.out
; CHECK-NEXT:  varying: %o = getelementptr inbounds i32, ptr %out, i64 %lane
; CHECK-NEXT:  varying: store i32 %t, ptr %o, align 4
; CHECK-NEXT:  uniform: br label %lane.latch
; CHECK-NEXT:  varying: %lane.next = add nuw nsw i64 %lane, 1
; CHECK-NEXT:  varying: %last = icmp eq i64 %lane.next, 8
; CHECK-NEXT:  varying: br i1 %last, label %exit, label %lane.header, !llvm.loop !1
; CHECK-NEXT:  divergent branch in %inner
; CHECK-NEXT:  divergent branch in %after
; CHECK-NEXT:  uniform loop %inner
define void @cont(<8 x float> %x.vec, ptr noalias %a, ptr noalias %out, i64 %n) {
entry:
  %x.arr = alloca [8 x float], align 32, !vecclone.lane.array !0
  store <8 x float> %x.vec, ptr %x.arr, align 32
  br label %lane.header

lane.header:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %lane.latch ]
  %x.p = getelementptr inbounds [8 x float], ptr %x.arr, i64 0, i64 %lane
  %x = load float, ptr %x.p, align 4
  br label %inner

inner:
  %j = phi i64 [ 0, %lane.header ], [ %j.next, %inner.latch ]
  %c = phi i32 [ 0, %lane.header ], [ %c.next, %inner.latch ]
  %ap = getelementptr inbounds float, ptr %a, i64 %j
  %aj = load float, ptr %ap, align 4
  %skip = fcmp ogt float %aj, %x
  br i1 %skip, label %inner.latch, label %count

count:
  %c.inc = add i32 %c, 1
  br label %inner.latch

inner.latch:
  %c.next = phi i32 [ %c, %inner ], [ %c.inc, %count ]
  %j.next = add nuw nsw i64 %j, 1
  %again = icmp slt i64 %j.next, %n
  br i1 %again, label %inner, label %after

after:
  %c.out = phi i32 [ %c.next, %inner.latch ]
  %j.out = phi i64 [ %j.next, %inner.latch ]
  %sel = and i64 %lane, 3
  switch i64 %sel, label %sdef [ i64 0, label %s0
                                  i64 1, label %s1 ]
s0:
  br label %sjoin
s1:
  br label %sjoin
sdef:
  br label %sjoin
sjoin:
  %sv = phi i32 [ 7, %s0 ], [ 8, %s1 ], [ 9, %sdef ]
  %t = add i32 %sv, %c.out
  %o = getelementptr inbounds i32, ptr %out, i64 %lane
  store i32 %t, ptr %o, align 4
  br label %lane.latch

lane.latch:
  %lane.next = add nuw nsw i64 %lane, 1
  %last = icmp eq i64 %lane.next, 8
  br i1 %last, label %exit, label %lane.header, !llvm.loop !1

exit:
  ret void
}

; A loop without lane metadata: nothing to print.
define void @plain(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr inbounds i32, ptr %p, i64 %i
  store i32 0, ptr %q, align 4
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
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

; CHECK-NOT: function 'plain'
