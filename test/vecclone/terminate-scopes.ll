; Terminate scopes (TerminateScopes.h): with exceptions on, clang makes the
; calls of an omp simd loop invokes whose pad only calls std::terminate.
; Open turns them into calls tagged !vecclone.terminate (noinline while the
; handler is away, nounwind held back), in inner loops of the simd loop too
; (OpenMP puts the whole body under the rule); calls in other loops are left
; alone. Close puts a terminate handler back on every tagged call and, in a
; function that was nounwind, on every call that may throw.
; RUN: %opt -passes=vecclone-open-terminate-scopes -S %s | FileCheck %s --check-prefix=OPEN
; RUN: %opt -passes='vecclone-open-terminate-scopes,vecclone-close-terminate-scopes' -S %s | FileCheck %s --check-prefix=CLOSE
; The variant body's open happens in VariantBuilder; a noexcept declare-simd
; body then keeps its lanes together (test/outside/eh-bodies.test).

; OPEN-LABEL: define {{.*}} @_Z4simdPii(
; OPEN-SAME: #[[SIMD:[0-9]+]]
; OPEN: call noundef i32 @_Z1gi(i32 noundef %0) #[[NOINL:[0-9]+]], !llvm.access.group !{{[0-9]+}}, !vecclone.terminate ![[TAG:[0-9]+]]
; OPEN-NOT: = invoke
; OPEN-LABEL: define {{.*}} @_Z6nestedPiii(
; OPEN: call noundef i32 @_Z1gi(i32 noundef %j.020) #[[NOINL]], !llvm.access.group !{{[0-9]+}}, !vecclone.terminate ![[TAG]]
; OPEN-NOT: = invoke
; OPEN-LABEL: define {{.*}} @_Z10plain_loopPii(
; OPEN-NOT: vecclone.terminate
; OPEN: attributes #[[SIMD]] = { {{.*}}"vecclone-terminate-callees"="_Z1gi" "vecclone-terminate-nounwind" }
; OPEN: attributes #[[NOINL]] = { noinline }
; OPEN: ![[TAG]] = !{!"noinline"}

; CLOSE-LABEL: define {{.*}} @_Z4simdPii(
; CLOSE-SAME: #[[SIMD:[0-9]+]]
; CLOSE: invoke noundef i32 @_Z1gi(i32 noundef %0)
; CLOSE-NEXT: to label %{{.*}} unwind label %[[PAD:vecclone.terminate[0-9]*]]
; CLOSE: [[PAD]]:
; CLOSE-NEXT: landingpad { ptr, i32 }
; CLOSE-NEXT: catch ptr null
; CLOSE: call ptr @__cxa_begin_catch
; CLOSE: call void @_ZSt9terminatev()
; CLOSE-LABEL: define {{.*}} @_Z6nestedPiii(
; CLOSE: invoke noundef i32 @_Z1gi(i32 noundef %j.020)
; CLOSE-NOT: noinline
; CLOSE-NOT: !vecclone.terminate
; CLOSE: attributes #[[SIMD]] = { {{.*}}nounwind{{.*}} }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

$__clang_call_terminate = comdat any

define dso_local void @_Z4simdPii(ptr noundef captures(none) %a, i32 noundef %n) local_unnamed_addr #0 personality ptr @__gxx_personality_v0 {
entry:
  %cmp = icmp sgt i32 %n, 0
  br i1 %cmp, label %omp.inner.for.body.preheader, label %simd.if.end

omp.inner.for.body.preheader:                     ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %omp.inner.for.body

omp.inner.for.body:                               ; preds = %omp.inner.for.body.preheader, %invoke.cont
  %indvars.iv = phi i64 [ 0, %omp.inner.for.body.preheader ], [ %indvars.iv.next, %invoke.cont ]
  %arrayidx = getelementptr inbounds nuw i32, ptr %a, i64 %indvars.iv
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !5, !llvm.access.group !9
  %call = invoke noundef i32 @_Z1gi(i32 noundef %0)
          to label %invoke.cont unwind label %terminate.lpad, !llvm.access.group !9

invoke.cont:                                      ; preds = %omp.inner.for.body
  store i32 %call, ptr %arrayidx, align 4, !tbaa !5, !llvm.access.group !9
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %simd.if.end, label %omp.inner.for.body, !llvm.loop !10

simd.if.end:                                      ; preds = %invoke.cont, %entry
  ret void

terminate.lpad:                                   ; preds = %omp.inner.for.body
  %1 = landingpad { ptr, i32 }
          catch ptr null
  %2 = extractvalue { ptr, i32 } %1, 0
  tail call void @__clang_call_terminate(ptr %2) #5, !llvm.access.group !9
  unreachable
}

declare noundef i32 @_Z1gi(i32 noundef) local_unnamed_addr #1

declare i32 @__gxx_personality_v0(...)

; Function Attrs: noinline noreturn nounwind uwtable
define linkonce_odr hidden void @__clang_call_terminate(ptr noundef %0) local_unnamed_addr #2 comdat {
  %2 = tail call ptr @__cxa_begin_catch(ptr %0) #6
  tail call void @_ZSt9terminatev() #5
  unreachable
}

declare ptr @__cxa_begin_catch(ptr) local_unnamed_addr

; Function Attrs: cold nofree noreturn
declare void @_ZSt9terminatev() local_unnamed_addr #3

; Function Attrs: mustprogress nounwind uwtable
define dso_local void @_Z6nestedPiii(ptr noundef captures(none) %a, i32 noundef %n, i32 noundef %m) local_unnamed_addr #0 personality ptr @__gxx_personality_v0 {
entry:
  %cmp = icmp sgt i32 %n, 0
  br i1 %cmp, label %omp.inner.for.cond.preheader, label %simd.if.end

omp.inner.for.cond.preheader:                     ; preds = %entry
  %cmp619 = icmp sgt i32 %m, 0
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.cond.preheader

for.cond.preheader:                               ; preds = %omp.inner.for.cond.preheader, %for.cond.cleanup
  %indvars.iv = phi i64 [ 0, %omp.inner.for.cond.preheader ], [ %indvars.iv.next, %for.cond.cleanup ]
  br i1 %cmp619, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %for.cond.preheader
  %arrayidx = getelementptr inbounds nuw i32, ptr %a, i64 %indvars.iv
  br label %for.body

for.cond.cleanup:                                 ; preds = %invoke.cont, %for.cond.preheader
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond23.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond23.not, label %simd.if.end, label %for.cond.preheader, !llvm.loop !13

for.body:                                         ; preds = %for.body.lr.ph, %invoke.cont
  %j.020 = phi i32 [ 0, %for.body.lr.ph ], [ %inc, %invoke.cont ]
  %call = invoke noundef i32 @_Z1gi(i32 noundef %j.020)
          to label %invoke.cont unwind label %terminate.lpad, !llvm.access.group !15

invoke.cont:                                      ; preds = %for.body
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !5, !llvm.access.group !15
  %add7 = add nsw i32 %0, %call
  store i32 %add7, ptr %arrayidx, align 4, !tbaa !5, !llvm.access.group !15
  %inc = add nuw nsw i32 %j.020, 1
  %exitcond.not = icmp eq i32 %inc, %m
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !16

simd.if.end:                                      ; preds = %for.cond.cleanup, %entry
  ret void

terminate.lpad:                                   ; preds = %for.body
  %1 = landingpad { ptr, i32 }
          catch ptr null
  %2 = extractvalue { ptr, i32 } %1, 0
  tail call void @__clang_call_terminate(ptr %2) #5, !llvm.access.group !15
  unreachable
}

; Function Attrs: mustprogress uwtable
define dso_local void @_Z10plain_loopPii(ptr noundef captures(none) %a, i32 noundef %n) local_unnamed_addr #4 {
entry:
  %cmp7 = icmp sgt i32 %n, 0
  br i1 %cmp7, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %arrayidx = getelementptr inbounds nuw i32, ptr %a, i64 %indvars.iv
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %call = tail call noundef i32 @_Z1gi(i32 noundef %0)
  store i32 %call, ptr %arrayidx, align 4, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !19
}

attributes #0 = { mustprogress nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { noinline noreturn nounwind uwtable "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { cold nofree noreturn }
attributes #4 = { mustprogress uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { noreturn nounwind }
attributes #6 = { nounwind }

!llvm.errno.tbaa = !{!5}

!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = distinct !{}
!10 = distinct !{!10, !11, !12}
!11 = !{!"llvm.loop.parallel_accesses", !9}
!12 = !{!"llvm.loop.vectorize.enable", i1 true}
!13 = distinct !{!13, !14, !12}
!14 = !{!"llvm.loop.parallel_accesses", !15}
!15 = distinct !{}
!16 = distinct !{!16, !17, !18}
!17 = !{!"llvm.loop.mustprogress"}
!18 = !{!"llvm.loop.unroll.disable"}
!19 = distinct !{!19, !17, !18}
