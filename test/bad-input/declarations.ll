; Malformed _ZGV attributes on a declaration (the callee is in another file):
; a warning at the call naming the attribute and the reason, the valid
; variants still used by the vectorizer, no crash.
; RUN: %opt -passes='vecclone,function(vecclone-calls,loop-vectorize)' -mattr=+avx2 -S < %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @g(i32) #0
; Not called: nothing to say.
declare i32 @unused(i32) #1

define void @loop(ptr %a, i32 %n) {
entry:
  br label %l
l:
  %i = phi i32 [0, %entry], [%i1, %l]
  %p = getelementptr i32, ptr %a, i32 %i
  %x = load i32, ptr %p
  %y = call i32 @g(i32 %x)
  store i32 %y, ptr %p
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %l, label %e, !llvm.loop !0
e:
  ret void
}

attributes #0 = { nounwind "_ZGVbN4vv_g" "_ZGVbN4v_h" "_ZGVbN4_g" "_ZGVdN8v_g" "_ZGVzz" "_ZGV" "_ZGVbN3v_g" }
attributes #1 = { nounwind "_ZGVbN4vv_unused" }
!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.vectorize.enable", i1 true}

; The one valid variant is called.
; CHECK: call <8 x i32> @_ZGVdN8v_g(<8 x i32>

; WARN-DAG: warning: {{.*}}vecclone: ignoring vector variant attribute '_ZGVbN4vv_g' on declaration 'g': parameter tokens 'vv' do not describe the 1 parameter(s) of 'g'; calls to it use the other variants or stay scalar
; WARN-DAG: warning: {{.*}}vecclone: ignoring vector variant attribute '_ZGVbN4_g' on declaration 'g': parameter tokens '' do not describe the 1 parameter(s) of 'g'
; WARN-DAG: warning: {{.*}}vecclone: ignoring vector variant attribute '_ZGVbN4v_h' on declaration 'g': names function 'h' but is attached to 'g'
; WARN-DAG: warning: {{.*}}vecclone: ignoring vector variant attribute '_ZGVzz' on declaration 'g': ISA class 'z' is not a class of the vector ABI (x86: b, c, d, e; AArch64: n, s)
; WARN-DAG: warning: {{.*}}vecclone: ignoring vector variant attribute '_ZGV' on declaration 'g': ends after _ZGV
; WARN-DAG: warning: {{.*}}vecclone: ignoring vector variant attribute '_ZGVbN3v_g' on declaration 'g': vector length 3 is not a power of two between 1 and 1024
; WARN-NOT: unused
