; Strided reads in a lane loop: a struct field read alone (p[i].a of
; struct {int a, b, c}) gets reads of the other fields so the interleave
; group has no gap and needs no scalar epilogue (the lane loop has exactly
; VL iterations); a plain-array stride-3 read without its last group member
; becomes a gather (its index is frozen); so does a read at a uniform
; position of a lane's row of a local array (each lane's copy, a row of a
; lane array): its row's address is copied for it with the lane frozen, and
; the row's stores keep their stride. Every variant is vectorized.
; RUN: %opt -passes=vecclone -S < %s | FileCheck %s
; RUN: %opt -passes='vecclone,function(loop-vectorize,vecclone-report)' -pass-remarks=vecclone -pass-remarks-missed=vecclone -disable-output < %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.P3 = type { i32, i32, i32 }

; int field_a(const struct P3 *p, int i) { return p[i].a * 3; }
define i32 @field_a(ptr %p, i32 %i) #0 {
  %w = sext i32 %i to i64
  %e = getelementptr inbounds %struct.P3, ptr %p, i64 %w
  %a = load i32, ptr %e, align 4
  %r = mul nsw i32 %a, 3
  ret i32 %r
}

; int every_third(const int *a, int i) linear(i:3) { return a[i] + 1; }
define i32 @every_third(ptr %a, i32 %i) #1 {
  %w = sext i32 %i to i64
  %pa = getelementptr inbounds i32, ptr %a, i64 %w
  %x = load i32, ptr %pa, align 4
  %r = add nsw i32 %x, 1
  ret i32 %r
}

; int row_pick(int x, int k) uniform(k) {
;   int t[4] = {x, x + 1, x + 2, x + 3}; return t[k & 3];
; }
define i32 @row_pick(i32 %x, i32 %k) #2 {
  %t = alloca [4 x i32], align 16
  store i32 %x, ptr %t, align 16
  %t1 = getelementptr inbounds i8, ptr %t, i64 4
  %x1 = add i32 %x, 1
  store i32 %x1, ptr %t1, align 4
  %t2 = getelementptr inbounds i8, ptr %t, i64 8
  %x2 = add i32 %x, 2
  store i32 %x2, ptr %t2, align 8
  %t3 = getelementptr inbounds i8, ptr %t, i64 12
  %x3 = add i32 %x, 3
  store i32 %x3, ptr %t3, align 4
  %m = and i32 %k, 3
  %w = zext i32 %m to i64
  %pk = getelementptr inbounds [4 x i32], ptr %t, i64 0, i64 %w
  %r = load i32, ptr %pk, align 4
  ret i32 %r
}

attributes #0 = { nounwind "_ZGVdN8ul_field_a" }
attributes #1 = { nounwind "_ZGVdN8ul3_every_third" }
attributes #2 = { nounwind "_ZGVdN8vu_row_pick" }

; CHECK-LABEL: define <8 x i32> @_ZGVdN8ul_field_a(
; CHECK:         [[E:%.*]] = getelementptr inbounds %struct.P3, ptr %p, i64 %lane.lin64
; CHECK-NEXT:    load i32, ptr [[E]], align 4
; CHECK-NEXT:    [[G:%.*]] = getelementptr inbounds %struct.P3, ptr %p, i64 %lane.lin64
; CHECK-NEXT:    [[B:%.*]] = getelementptr inbounds i8, ptr [[G]], i64 4
; CHECK-NEXT:    %gap.fill = load i32, ptr [[B]], align 4
; CHECK-NEXT:    [[C:%.*]] = getelementptr inbounds i8, ptr [[G]], i64 8
; CHECK-NEXT:    %gap.fill{{[0-9]*}} = load i32, ptr [[C]], align 4

; CHECK-LABEL: define <8 x i32> @_ZGVdN8ul3_every_third(
; CHECK:         [[F:%.*]] = freeze i64 %lane.lin64
; CHECK-NEXT:    getelementptr inbounds i32, ptr %a, i64 [[F]]

; CHECK-LABEL: define <8 x i32> @_ZGVdN8vu_row_pick(
; CHECK:         %t.i.lanes = alloca [8 x [4 x i32]], align 64, !vecclone.lane.array
; CHECK:         [[ROW:%.*]] = getelementptr inbounds [8 x [4 x i32]], ptr %t.i.lanes, i64 0, i64 %lane
; CHECK-NEXT:    store i32 %lane.arg, ptr [[ROW]], align 16
; CHECK:         [[L:%.*]] = freeze i64 %lane
; CHECK-NEXT:    [[ROWG:%.*]] = getelementptr inbounds [8 x [4 x i32]], ptr %t.i.lanes, i64 0, i64 [[L]]
; CHECK-NEXT:    [[PK:%.*]] = getelementptr inbounds [4 x i32], ptr [[ROWG]], i64 0, i64 %w.i
; CHECK-NEXT:    %r.i = load i32, ptr [[PK]], align 4

; REMARK-DAG: variant _ZGVdN8vu_row_pick of 'row_pick' is vectorized
; REMARK-DAG: variant _ZGVdN8ul_field_a of 'field_a' is vectorized
; REMARK-DAG: variant _ZGVdN8ul3_every_third of 'every_third' is vectorized
