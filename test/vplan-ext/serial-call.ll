; A call with no vector variant is cut out of the lane loop into a lane loop
; of its own that is never vectorized (it runs the call lane by lane, in
; lane order); the lane loops around it are widened.
; RUN: %opt -passes=vecclone -S < %s | FileCheck %s
; RUN: %opt -passes='vecclone,function(loop-vectorize,vecclone-report)' -pass-remarks=vecclone -pass-remarks-analysis=vecclone -disable-output < %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @report(float)

; float f(float x) { float y = x * 2; if (y > 3) report(y); return y * y; }
define float @f(float %x) #0 {
entry:
  %y = fmul float %x, 2.0
  %big = fcmp ogt float %y, 3.0
  br i1 %big, label %log, label %done
log:
  %ignored = call i32 @report(float %y)
  br label %done
done:
  %r = fmul float %y, %y
  ret float %r
}

attributes #0 = { nounwind "_ZGVdN8v_f" }

; CHECK-LABEL: define <8 x float> @_ZGVdN8v_f(
; CHECK:       lane.serial:
; CHECK-NEXT:    call i32 @report(float
; CHECK:         br i1 %{{.*}}, label %lane.any.latch, label %lane.loop, !llvm.loop [[SERIAL:![0-9]+]]
; The unroller may unroll it (the lanes stay in order); the vectorizer may not.
; CHECK: [[SERIAL]] = distinct !{[[SERIAL]], [[OFF:![0-9]+]], [[TAG:![0-9]+]]}
; CHECK: [[OFF]] = !{!"llvm.loop.vectorize.enable", i1 false}
; CHECK: [[TAG]] = !{!"vecclone.lane.serial"}

; REMARK: variant _ZGVdN8v_f: 1 call(s) without a vector variant ('report') run lane by lane, in lane order, between vector code (vplan-ext)
; REMARK: variant _ZGVdN8v_f of 'f' is vectorized
