; vecclone cuts the lane loop of a body with a divergent loop (Mandelbrot's
; escape loop) into three lane loops around a uniform "while any lane is
; active" loop; the stock vectorizer widens all three, and after SROA no
; lane array is left: the loop state lives in vector phis.
; RUN: %opt -passes=vecclone -pass-remarks-analysis=vecclone -S < %s 2>%t.rem | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.rem
; RUN: %opt -passes='vecclone,function(loop-vectorize,vecclone-report,sroa,instcombine,simplifycfg)' -pass-remarks=vecclone -S < %s 2>%t.vec.rem | FileCheck %s --check-prefix=VEC
; RUN: FileCheck %s --check-prefix=VEC-REMARK < %t.vec.rem

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; int mandel(float cr, float ci, int maxit): while (n < maxit && zr*zr+zi*zi < 4) ...
define i32 @mandel(float %cr, float %ci, i32 %maxit) #0 {
entry:
  %pos = icmp sgt i32 %maxit, 0
  br i1 %pos, label %loop, label %done

loop:
  %zr = phi float [ %zr.next, %body ], [ 0.000000e+00, %entry ]
  %n = phi i32 [ %n.next, %body ], [ 0, %entry ]
  %zi = phi float [ %zi.next, %body ], [ 0.000000e+00, %entry ]
  %zi2 = fmul float %zi, %zi
  %zr2 = fmul float %zr, %zr
  %mag = fadd float %zr2, %zi2
  %in = fcmp olt float %mag, 4.000000e+00
  br i1 %in, label %body, label %done

body:
  %d = fsub float %zr2, %zi2
  %zr.next = fadd float %cr, %d
  %two.zr = fmul float %zr, 2.000000e+00
  %p = fmul float %two.zr, %zi
  %zi.next = fadd float %p, %ci
  %n.next = add nuw nsw i32 %n, 1
  %last = icmp eq i32 %n.next, %maxit
  br i1 %last, label %done, label %loop

done:
  %r = phi i32 [ 0, %entry ], [ %maxit, %body ], [ %n, %loop ]
  ret i32 %r
}

attributes #0 = { nounwind "_ZGVdN8vvu_mandel" }

; Lane loop 1 (before the inner loop): flag and initial state per lane.
; Every way out of the escape loop (and the bypass) goes to one block: each
; lane records the value %r takes on its edge, not which edge it took.
; CHECK-LABEL: define <8 x i32> @_ZGVdN8vvu_mandel(<8 x float> %cr, <8 x float> %ci, i32 %maxit)
; CHECK:       entry:
; CHECK-DAG:     %lane.act = alloca [8 x i32], align 32, !vecclone.lane.array
; CHECK-DAG:     %r.i.landing = alloca [8 x i32], align 32, !vecclone.lane.array
; CHECK-NOT:     %lane.resume = alloca
; CHECK:       lane.pre:
; CHECK-NEXT:    %lane.a = phi i64 [ 0, %entry ], [ %lane.a.next, %lane.pre.latch ]
; CHECK:       lane.pre.latch:
; CHECK-NEXT:    %act.a = phi i1 [ true, %{{.*}}.enter ], [ false, %{{.*}}.leave ]
; CHECK-NEXT:    %r.i.a = phi i32 [ poison, %{{.*}}.enter ], [ 0, %{{.*}}.leave ]
; Every per-lane value is written once per lane, unconditionally.
; CHECK:         store i32 %{{.*}}, ptr %{{.*}}, align 4, !llvm.access.group [[AG:![0-9]+]]
; CHECK:         br i1 %{{.*}}, label %lane.any, label %lane.pre, !llvm.loop [[L1:![0-9]+]]
; The uniform loop: any lane still iterating? The escape counter %n, whose
; exit test compares it with the uniform %maxit, is one scalar per round.
; CHECK:       lane.any:
; CHECK-NEXT:    %n.i.round = phi i32 [ 0, %lane.pre.latch ], [ %n.i.round.next, %lane.any.latch ]
; CHECK-NEXT:    %act = load <8 x i32>, ptr %lane.act, align 32
; CHECK-NEXT:    [[NZ:%.*]] = icmp ne <8 x i32> %act, zeroinitializer
; CHECK-NEXT:    [[ANY:%.*]] = call i1 @llvm.vector.reduce.or.v8i1(<8 x i1> [[NZ]])
; CHECK-NEXT:    br i1 [[ANY]], label %lane.steady.test, label %lane.post{{(.preheader)?}}{{$}}
; The test `n + 1 == maxit`, computed once per round: the rounds where it
; does not fire run the steady copy of lane loop 2, where it never leaves.
; CHECK:       lane.steady.test:
; CHECK-NEXT:    %n.next.i.round = add i32 %n.i.round, 1
; CHECK-NEXT:    %last.i.round = icmp eq i32 %n.next.i.round, %maxit
; CHECK-NEXT:    %steady.fires = freeze i1 %last.i.round
; CHECK-NEXT:    br i1 %steady.fires, label %lane.loop.preheader, label %lane.loop.steady.preheader
; Lane loop 2: one iteration of the escape loop for each active lane.
; CHECK:       lane.loop:
; CHECK-NEXT:    %lane.i = phi i64 {{.*}}[ %lane.i.next, %lane.loop.latch ]
; CHECK:       lane.loop.active:
; CHECK:         %active = load i32,
; CHECK:         br i1 %active{{[0-9]*}}, label %loop.i, label %lane.loop.latch
; CHECK:       lane.loop.latch:
; CHECK-NEXT:    %act.i = phi i1 [ false, %lane.loop.active ],
; CHECK-NEXT:    %r.i.i = phi i32 [ %r.i.old, %lane.loop.active ], [ %r.i.old, %body.i.next ], [ %n.i.round, %loop.i.leave ], [ %maxit, %body.i.leave ]
; CHECK:         br i1 %{{.*}}, label %lane.any.latch, label %lane.loop, !llvm.loop [[L2:![0-9]+]]
; CHECK:       lane.any.latch:
; CHECK-NEXT:    %n.i.round.next = add i32 %n.i.round, 1
; CHECK-NEXT:    br label %lane.any
; Lane loop 3: each lane goes on in the exit block with its landing value.
; CHECK:       lane.post:
; CHECK-NEXT:    %lane.b = phi i64 {{.*}}[ %lane.b.next, %lane.post.latch ]
; CHECK:       lane.post.resume:
; CHECK:         %r.i.landed = load i32
; CHECK-NEXT:    br label %mandel.exit.resume
; CHECK:       mandel.exit:
; CHECK-NEXT:    %r.i = phi i32 [ %r.i.landed, %mandel.exit.resume ]
; CHECK:         br i1 %{{.*}}, label %lane.done, label %lane.post, !llvm.loop [[L3:![0-9]+]]
; The steady copy: the escape test leaves, the count test is gone.
; CHECK:       lane.loop.steady:
; CHECK:       loop.i.steady:
; CHECK:         br i1 %in.i.steady, label %body.i.steady, label %loop.i.leave.steady
; CHECK:       body.i.steady:
; CHECK:         br label %body.i.next.steady
; CHECK-NOT:   body.i.leave.steady:
; CHECK:         br i1 %{{.*}}, label %lane.any.latch, label %lane.loop.steady, !llvm.loop [[L2S:![0-9]+]]
; Four lane loops, each with its own metadata, all widened at VF 8.
; CHECK-DAG: [[L1]] = distinct !{[[L1]], [[EN:![0-9]+]], [[W8:![0-9]+]], {{.*}}}
; CHECK-DAG: [[L2]] = distinct !{[[L2]], [[EN]], [[W8]], {{.*}}}
; CHECK-DAG: [[L3]] = distinct !{[[L3]], [[EN]], [[W8]], {{.*}}}
; CHECK-DAG: [[L2S]] = distinct !{[[L2S]], [[EN]], [[W8]], {{.*}}}
; CHECK-DAG: [[W8]] = !{!"llvm.loop.vectorize.width", i32 8}

; REMARK: remark: <unknown>:0:0: variant _ZGVdN8vvu_mandel: lane loop cut at 1 inner loop(s) into innermost lane loops around 1 'while any lane is active' loop(s) and 0 uniform loop(s) (vplan-ext)

; After the vectorizer and SROA: one vector loop, state in vector phis, the
; lane flags a vector of i1 reduced with an or; no stack memory left.
; VEC-LABEL: define <8 x i32> @_ZGVdN8vvu_mandel(
; VEC-NOT:     alloca
; VEC:       lane.any:
; VEC:         phi <8 x i32>
; VEC:         [[ACT:%.*]] = phi <8 x i1>
; VEC:         phi <8 x float>
; VEC:         [[BITS:%.*]] = bitcast <8 x i1> [[ACT]] to i8
; VEC-NEXT:    [[NONE:%.*]] = icmp eq i8 [[BITS]], 0
; VEC-NEXT:    br i1 [[NONE]], label %lane.done, label %[[BODY:.*]]
; VEC:       [[BODY]]:
; VEC:         fmul <8 x float>
; VEC:         fcmp olt <8 x float>
; VEC:         br label %lane.any
; VEC:       lane.done:
; VEC:         ret <8 x i32>
; VEC-NEXT:  }
; VEC-REMARK: remark: <unknown>:0:0: variant _ZGVdN8vvu_mandel of 'mandel' is vectorized
