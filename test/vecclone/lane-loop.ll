; The lane loop handed to the stock vectorizer: width VL, no interleaving,
; parallel accesses (OpenMP's declare simd promise), and every access of the
; loop in the access group.
; RUN: %opt -passes=vecclone -S < %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define float @dowork(ptr %p, i32 %i) #0 {
  %idx = sext i32 %i to i64
  %a = getelementptr inbounds float, ptr %p, i64 %idx
  %x = load float, ptr %a, align 4
  %r = fmul float %x, 2.0
  ret float %r
}

attributes #0 = { nounwind "_ZGVdN8ul_dowork" }

; A linear int must not wrap across the lanes for the vectorized loop: the
; entry checks i + 7 <= INT_MAX (likely); wrapping bases tail-call an
; out-of-line copy that calls the scalar function per lane, never vectorized,
; so the vector path needs no stack frame.
; CHECK-LABEL: define <8 x float> @_ZGVdN8ul_dowork(ptr %p, i32 %i)
; CHECK:       entry:
; CHECK:         [[OK:%.*]] = icmp sle i32 %i, 2147483640
; CHECK-NEXT:    br i1 [[OK]], label %lane.nowrap, label %lane.wrap, !prof [[LIKELY:![0-9]+]]
; Lane l sees i + l; the body's sext(i + l) is rewritten as sext(i) + l, so
; the vectorizer sees a consecutive index; sext(i), the same in every lane,
; is computed once before the lane loop (LaneInvariantHoist).
; CHECK:       lane.nowrap:
; CHECK-NEXT:    [[I64:%.*]] = sext i32 %i to i64
; CHECK:       lane.wrap:
; CHECK-NEXT:    [[W:%.*]] = tail call <8 x float> @_ZGVdN8ul_dowork.wrap(ptr %p, i32 %i)
; CHECK-NEXT:    ret <8 x float> [[W]]
; CHECK:       lane.header:
; CHECK-NEXT:    %lane = phi i64 [ 0, %lane.nowrap ], [ %lane.next, %lane.latch ]
; CHECK:       lane.body:
; CHECK:         %lane.lin64 = add nsw i64 [[I64]], {{%.*}}
; CHECK-NEXT:    [[A:%.*]] = getelementptr inbounds float, ptr %p, i64 %lane.lin64
; CHECK-NEXT:    load float, ptr [[A]], align 4, !llvm.access.group [[AG:![0-9]+]]
; CHECK:       lane.latch:
; CHECK:         store float {{.*}}, !llvm.access.group [[AG]]
; CHECK:         %lane.next = add nuw nsw i64 %lane, 1
; CHECK-NEXT:    [[DONE:%.*]] = icmp eq i64 %lane.next, 8
; CHECK-NEXT:    br i1 [[DONE]], label %lane.done, label %lane.header, !llvm.loop [[LOOP:![0-9]+]]
; CHECK:       lane.done:
; CHECK-NEXT:    load <8 x float>, ptr %ret, align 32

; The fallback wraps like GCC's clone (which adds in unsigned arithmetic).
; CHECK-LABEL: define internal <8 x float> @_ZGVdN8ul_dowork.wrap(ptr %p, i32 %i)
; CHECK-SAME:    #[[COLD:[0-9]+]]
; CHECK:       lane.body:
; CHECK:         [[WI:%.*]] = add i32 %i, {{%.*}}
; CHECK-NEXT:    call float @dowork(ptr %p, i32 [[WI]]) #[[NB:[0-9]+]]
; CHECK:         br i1 {{%.*}}, label %lane.done, label %lane.header, !llvm.loop [[SLOWLOOP:![0-9]+]]

; CHECK: attributes #[[COLD]] = { cold noinline nounwind
; CHECK-NOT: vecclone-variant-of
; CHECK-SAME: }
; CHECK: attributes #[[NB]] = { nobuiltin }
; CHECK: [[LIKELY]] = !{!"branch_weights", i32 {{[0-9]+}}, i32 1}
; CHECK: [[AG]] = distinct !{}
; CHECK: [[LOOP]] = distinct !{[[LOOP]], [[EN:![0-9]+]], [[W:![0-9]+]], [[IC:![0-9]+]], [[PA:![0-9]+]], [[NOUNROLL:![0-9]+]], [[TAG:![0-9]+]]{{(, ![0-9]+)?}}}
; CHECK: [[EN]] = !{!"llvm.loop.vectorize.enable", i1 true}
; CHECK: [[W]] = !{!"llvm.loop.vectorize.width", i32 8}
; CHECK: [[IC]] = !{!"llvm.loop.interleave.count", i32 1}
; CHECK: [[PA]] = !{!"llvm.loop.parallel_accesses", [[AG]]}
; CHECK: [[NOUNROLL]] = !{!"llvm.loop.unroll.disable"}
; CHECK: [[TAG]] = !{!"vecclone.lane.loop"}
; CHECK: [[SLOWLOOP]] = distinct !{[[SLOWLOOP]], [[OFF:![0-9]+]], [[FB:![0-9]+]]}
; CHECK: [[OFF]] = !{!"llvm.loop.vectorize.enable", i1 false}
; CHECK: [[FB]] = !{!"vecclone.lane.fallback"}

; After vectorization the fast path is one wide load and multiply: no
; runtime overflow check, no lane array left.
; RUN: %opt -passes='vecclone,function(loop-vectorize,sroa,instcombine,simplifycfg)' -S < %s | FileCheck %s --check-prefix=VEC
; VEC-LABEL: define <8 x float> @_ZGVdN8ul_dowork(
; VEC:         br i1 {{%.*}}, label %lane.nowrap, label %lane.wrap
; VEC:       lane.nowrap:
; VEC-NEXT:    [[I:%.*]] = sext i32 %i to i64
; VEC-NEXT:    [[P:%.*]] = getelementptr inbounds float, ptr %p, i64 [[I]]
; VEC-NEXT:    [[X:%.*]] = load <8 x float>, ptr [[P]], align 4
; VEC-NEXT:    [[R:%.*]] = fmul <8 x float> [[X]], splat (float 2.000000e+00)
; VEC-NEXT:    br label
