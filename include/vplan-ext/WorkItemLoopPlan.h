//===- WorkItemLoopPlan.h - The plan decides kernels' work-item loops -*- C++ -*-===//
//
/// \file
/// kernel-wrap's work-item loops (one iteration per work item, every
/// access parallel to the other items') carry WorkItemLoopTag until the
/// vectorizer starts. By then the full unroller has made straight code of
/// a kernel's short constant loops, so the loop is what the vectorizer
/// will see. This pass plans each such loop like a lane loop (LanePlan.h)
/// and executes the verdict, with a remark giving both costs either way:
/// when the vector cost beats the scalar work-item loop, an innermost loop
/// is left to the loop vectorizer and one holding inner loops keeps its
/// request for SimdLoopPass; when it does not (per-lane gathers of clamped
/// neighbours, masked loads of uniform addresses, short diagonal steps,
/// CSR rows of data-dependent length), the loop gets width 1 and runs the
/// work items one after the other.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_WORKITEMLOOPPLAN_H
#define VPLANEXT_WORKITEMLOOPPLAN_H

#include "vplan-ext/LaneLoweringOptions.h"
#include "llvm/IR/PassManager.h"

namespace vplanext {

class WorkItemLoopPlanPass : public LaneLoweringPass<WorkItemLoopPlanPass> {
public:
  using LaneLoweringPass::LaneLoweringPass;
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace vplanext

#endif // VPLANEXT_WORKITEMLOOPPLAN_H
