; Found by llvm-stress (stress_zgv.py seeds 7, 26, 36): a body with no way out
; -- also one whose exit the inliner prunes because the loop condition is a
; chain of constants -- used to crash vecclone (the inlined lane loop had no
; latch left). Now each lane calls the scalar function (lane 0 spins, as the
; scalar calls would), with a remark saying why.
; RUN: %opt -passes=vecclone -verify-each -pass-remarks-missed=vecclone -S < %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.err

define void @spin(ptr %p, i32 %n) #0 {
entry:
  br label %loop
loop:
  br label %loop
}

; The exit is reachable only through `fcmp oge 0.0, (0.0 * 0.0)`, which is
; always true: the pruned clone keeps the self-loop only.
define void @spin_const(ptr %p, i32 %n) #1 {
entry:
  br label %loop
loop:
  %m = fmul float 0.000000e+00, 0.000000e+00
  %c = fcmp oge float 0.000000e+00, %m
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; A real exit: inlined and vectorizable as usual.
define void @fine(ptr %p, i32 %n) #2 {
entry:
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %exit, label %exit
exit:
  ret void
}

attributes #0 = { "_ZGVbN4uv_spin" "_ZGVdM8lv_spin" }
attributes #1 = { "_ZGVeN2uv_spin_const" }
attributes #2 = { "_ZGVbN4uv_fine" }

; CHECK-LABEL: define void @_ZGVbN4uv_spin(ptr %p, <4 x i32> %n)
; CHECK: call void @spin(ptr
; CHECK-LABEL: define void @_ZGVdM8lv_spin(ptr %p, <8 x i32> %n, <8 x i32> %mask)
; CHECK: call void @spin(ptr
; REMARK: remark: {{.*}}variant _ZGVbN4uv_spin calls 'spin' once per lane: the body never returns
; REMARK: remark: {{.*}}variant _ZGVdM8lv_spin calls 'spin' once per lane: the body never returns
; CHECK-LABEL: define void @_ZGVeN2uv_spin_const(
; CHECK: call void @spin_const(ptr
; CHECK-LABEL: define void @_ZGVbN4uv_fine(
; CHECK-NOT: call void @fine
; CHECK: ret void
; REMARK: remark: {{.*}}variant _ZGVeN2uv_spin_const calls 'spin_const' once per lane: the body never returns
; REMARK-NOT: _ZGVbN4uv_fine calls
