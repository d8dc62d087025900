//===- WorkItemLoopPlan.cpp - The plan decides kernels' work-item loops ---===//

#include "vplan-ext/WorkItemLoopPlan.h"
#include "vplan-ext/LaneLoopMetadata.h"
#include "vplan-ext/LanePlan.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Dominators.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumWidened, "Work-item loops the plan widens");
STATISTIC(NumKeptScalar, "Work-item loops the plan keeps scalar");
STATISTIC(NumNestsKeptScalar,
          "Work-item loops with inner loops the plan keeps scalar");
STATISTIC(NumRowsRolled, "Per-item inner loops of scalar work-item loops "
                         "kept from run-time unrolling");

namespace vplanext {

namespace {

/// The loops still waiting for the plan's verdict, by header.
SmallVector<BasicBlock *, 4> pendingWorkItemLoops(Function &F) {
  DominatorTree DT(F);
  LoopInfo LI(DT);
  SmallVector<BasicBlock *, 4> Out;
  for (Loop *L : LI.getLoopsInPreorder())
    if (findStringMetadataForLoop(L, WorkItemLoopTag))
      Out.push_back(L->getHeader());
  return Out;
}

void emitVerdictRemark(OptimizationRemarkEmitter &ORE, const Loop &L,
                       const LaneLoopVerdict &V) {
  auto Costs = [&](auto R) {
    R << "plan costs " << ore::NV("VectorCost", V.Cost.Vector)
      << " for " << ore::NV("VF", V.VF) << " work items vectorized and "
      << ore::NV("ScalarCost", V.Cost.Scalar) << " one after the other";
    return R;
  };
  // A loop with inner loops goes to SimdLoopPass (strip-mining and the
  // cut at its inner loops), an innermost one to the loop vectorizer.
  bool Nest = !L.isInnermost();
  if (V.Vectorize) {
    ORE.emit([&] {
      return Costs(OptimizationRemark(DEBUG_TYPE, "WorkItemLoopVectorized",
                                      L.getStartLoc(), L.getHeader())
                   << (Nest ? "work-item loop with inner loops left to "
                              "SimdLoopPass: "
                            : "work-item loop left to the vectorizer: "));
    });
    return;
  }
  ORE.emit([&] {
    return Costs(OptimizationRemarkMissed(DEBUG_TYPE, "WorkItemLoopScalar",
                                          L.getStartLoc(), L.getHeader())
                 << (Nest ? "work-item loop with inner loops left scalar: "
                          : "work-item loop left scalar: "));
  });
}

/// The inner loops of work-item loop \p L, which the plan \p V keeps
/// scalar, whose trip counts differ from item to item (the plan's divergent
/// loops: spmv_csr's CSR rows of 0-32 entries) are not unrolled at run
/// time: the unroller's remainder loop runs for every short row and a
/// reduction's chain stays as long (spmv_csr at 1 thread, min of 11 runs:
/// 7.65 ms unrolled by 8, 6.19 ms not; pocl, which does not unroll it,
/// 7.26 ms). Returns how many loops it marked.
unsigned keepDivergentRowsRolled(Loop &L, const LaneLoopVerdict &V) {
  unsigned N = 0;
  for (Loop *Sub : L.getLoopsInPreorder()) {
    if (Sub == &L)
      continue;
    auto It = V.Decisions.InnerLoops.find(Sub->getHeader());
    if (It == V.Decisions.InnerLoops.end() || It->second.Uniform)
      continue;
    addStringMetadataToLoop(Sub, "llvm.loop.unroll.runtime.disable");
    ++N;
  }
  return N;
}

} // namespace

PreservedAnalyses WorkItemLoopPlanPass::run(Function &F,
                                            FunctionAnalysisManager &AM) {
  if (F.isDeclaration())
    return PreservedAnalyses::all();
  SmallVector<BasicBlock *, 4> Headers = pendingWorkItemLoops(F);
  if (Headers.empty())
    return PreservedAnalyses::all();
  // One planning of the function serves every loop: a verdict only
  // rewrites loop metadata.
  DenseMap<const BasicBlock *, LaneLoopVerdict> Verdicts;
  if (Opts.WorkItemPlan)
    for (auto &[H, V] : decideLaneLoops(F, AM, Opts))
      Verdicts.try_emplace(H, std::move(V));
  DominatorTree DT(F);
  LoopInfo LI(DT);
  OptimizationRemarkEmitter ORE(&F);
  for (BasicBlock *H : Headers) {
    Loop *L = LI.getLoopFor(H);
    assert(L && L->getHeader() == H && "planning changed the loops");
    // The plan says no, or hands the loop to the vectorizer, whose own
    // cost model may still say no: forcing the plan's width where it had
    // (pathfinder's steps with gathers of clamped neighbours) ran 1.5x
    // slower than either. No plan (a loop the divergence analysis cannot
    // follow): the vectorizer alone decides. A loop with inner loops keeps
    // its request for SimdLoopPass unless the plan says no; then it runs
    // as a plain scalar loop, not strip-mined into chunks whose lanes run
    // one after the other (SimdLoopPass's own verdict on the same plan),
    // which only adds a loop level and the split into full chunks.
    auto It = Verdicts.find(H);
    const LaneLoopVerdict *V = It == Verdicts.end() ? nullptr : &It->second;
    unsigned VF = V && !V->Vectorize ? 1 : 0;
    LLVM_DEBUG(dbgs() << "vplan-work-item-loops: " << H->getName() << ": "
                      << (!V ? "no plan" : VF ? "scalar" : "vectorize")
                      << (L->isInnermost() ? "" : " (inner loops)") << "\n");
    if (V) {
      emitVerdictRemark(ORE, *L, *V);
      ++(V->Vectorize ? NumWidened : NumKeptScalar);
      if (!V->Vectorize && !L->isInnermost()) {
        ++NumNestsKeptScalar;
        NumRowsRolled += keepDivergentRowsRolled(*L, *V);
      }
    }
    L->setLoopID(
        makeDecidedWorkItemLoopID(L->getLoopID(), VF, !L->isInnermost()));
  }
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace vplanext
