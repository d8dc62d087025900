//===- WorkItemAccessGroups.h - Work-item loops stay parallel --*- C++ -*-===//
//
/// \file
/// kernel-wrap declares the memory accesses of each work-item loop parallel
/// (one `llvm.access.group` listed by the loop's `parallel_accesses`): by
/// OpenCL's rules two work items never race without a barrier, and the only
/// storage the items share on purpose (the lockstep flag) is left out of the
/// group. Accesses that -O3 creates afterwards carry no group: LICM's
/// promoted loads and stores around an inner loop, GVN's PRE loads, merged
/// stores, a memset for a private array's initialisation. One of them makes
/// the loop no longer annotated parallel, and SimdLoopPass then asks
/// dependence analysis, which refuses most kernels' loops with inner loops.
///
/// This pass, at VectorizerStart before the work-item loop plan, gives each
/// such access the loop's group when every object it may touch is one the
/// items may share by OpenCL's rules (a kernel argument, memory reached
/// through a loaded pointer, a global) or a stack object whose other
/// accesses in the loop are in the group (context arrays, `__local`
/// memory). An access that may touch anything else (kernel-wrap's own
/// shared flag, an object it cannot see) keeps the loop as it is.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_WORKITEMACCESSGROUPS_H
#define VPLANEXT_WORKITEMACCESSGROUPS_H

#include "llvm/IR/PassManager.h"

namespace vplanext {

/// Tag of kernel-wrap's work-item loops (all of them, innermost or not):
/// their iterations are work items, independent by OpenCL's rules.
constexpr const char *WorkItemParallelTag = "kernel-wrap.parallel";

class WorkItemAccessGroupsPass
    : public llvm::PassInfoMixin<WorkItemAccessGroupsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace vplanext

#endif // VPLANEXT_WORKITEMACCESSGROUPS_H
