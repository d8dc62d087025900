; vecclone gives each lane its own copy of the body's address-taken locals
; (privatizeLaneLocals): a lane array in place of each, the lane's slot
; computed where the inlined body starts, the locals' lifetime markers
; gone. Here the body starts with those markers, right where the slots go:
; the markers go after the slots are placed (erased first, the insertion
; point was freed: fuzz batch 19604 crashed in laneArraySlot, and the
; sanitized plugin reports it here).
; RUN: %opt -passes=vecclone -vplan-min-speedup=0 -S < %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @split(double, ptr, ptr) nounwind

define double @width(double %x) #0 {
entry:
  %lo = alloca double, align 8
  %hi = alloca double, align 8
  call void @llvm.lifetime.start.p0(ptr %lo)
  call void @llvm.lifetime.start.p0(ptr %hi)
  call void @split(double %x, ptr %lo, ptr %hi)
  %h = load double, ptr %hi, align 8
  %l = load double, ptr %lo, align 8
  %w = fsub double %h, %l
  call void @llvm.lifetime.end.p0(ptr %hi)
  call void @llvm.lifetime.end.p0(ptr %lo)
  ret double %w
}

declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)

attributes #0 = { nounwind "_ZGVdN4v_width" "target-features"="+avx2" }

; CHECK-LABEL: define {{.*}} @_ZGVdN4v_width(
; CHECK-DAG:   %lo.i.lanes = alloca [4 x double]
; CHECK-DAG:   %hi.i.lanes = alloca [4 x double]
; CHECK:       lane.body:
; CHECK-DAG:   %lo.i.lane = getelementptr inbounds [4 x double], ptr %lo.i.lanes, i64 0, i64 %lane.a
; CHECK-DAG:   %hi.i.lane = getelementptr inbounds [4 x double], ptr %hi.i.lanes, i64 0, i64 %lane.a
; CHECK-NOT:   call void @llvm.lifetime
; CHECK:       call void @split(double %{{.*}}, ptr %lo.i.lane{{[0-9]*}}, ptr %hi.i.lane{{[0-9]*}})
; CHECK-NOT:   call void @llvm.lifetime
; CHECK:       {{^}}}
