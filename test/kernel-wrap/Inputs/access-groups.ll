; Work-item loops as -O3 leaves them (work-item-access-groups.test).
define void @promoted(ptr %out, ptr %m, i64 %n) {
entry:
  br label %wi

wi:
  %i = phi i64 [ 0, %entry ], [ %i.next, %wi.latch ]
  %o = getelementptr float, ptr %out, i64 %i
  %promoted = load float, ptr %o, align 4
  br label %row

row:
  %j = phi i64 [ 0, %wi ], [ %j.next, %row ]
  %acc = phi float [ %promoted, %wi ], [ %s, %row ]
  %p = getelementptr float, ptr %m, i64 %j
  %v = load float, ptr %p, align 4, !llvm.access.group !1
  %s = fadd float %acc, %v
  %j.next = add i64 %j, 1
  %more = icmp ult i64 %j.next, %i
  br i1 %more, label %row, label %row.done

row.done:
  store float %s, ptr %o, align 4
  br label %wi.latch

wi.latch:
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %wi, !llvm.loop !2

exit:
  ret void
}

define void @shared_flag(ptr %out, i64 %n) {
entry:
  %flag = alloca i1, align 1
  br label %wi

wi:
  %i = phi i64 [ 0, %entry ], [ %i.next, %wi ]
  %o = getelementptr i32, ptr %out, i64 %i
  %f = load i1, ptr %flag, align 1
  %x = zext i1 %f to i32
  store i32 %x, ptr %o, align 4, !llvm.access.group !5
  store i1 true, ptr %flag, align 1
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %wi, !llvm.loop !6

exit:
  ret void
}

!1 = distinct !{}
!2 = distinct !{!2, !3, !4}
!3 = !{!"llvm.loop.parallel_accesses", !1}
!4 = !{!"kernel-wrap.parallel"}
!5 = distinct !{}
!6 = distinct !{!6, !7, !4}
!7 = !{!"llvm.loop.parallel_accesses", !5}
