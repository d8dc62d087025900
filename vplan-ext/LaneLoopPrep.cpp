//===- LaneLoopPrep.cpp - Lane-loop rewrites before the vectorizer --------===//

#include "vplan-ext/LaneLoopPrep.h"
#include "vplan-ext/InterleaveGapFill.h"
#include "vplan-ext/LaneInvariantHoist.h"
#include "vplan-ext/LaneLoopMetadata.h"
#include "vplan-ext/WideIntDivision.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

namespace vplanext {

SmallVector<Loop *, 4> innermostLaneLoops(const LoopInfo &LI,
                                          ArrayRef<BasicBlock *> LaneHeaders) {
  SmallVector<Loop *, 4> Loops;
  for (BasicBlock *H : LaneHeaders) {
    Loop *L = LI.getLoopFor(H);
    // A lane loop that kept an inner loop is not widened: the rewrites
    // would gain nothing there.
    if (L && L->getHeader() == H && L->isInnermost() && !is_contained(Loops, L))
      Loops.push_back(L);
  }
  return Loops;
}

void prepareLaneLoops(Function &F, DominatorTree &DT, LoopInfo &LI,
                      ArrayRef<BasicBlock *> LaneHeaders, bool FillGaps,
                      const TargetTransformInfo *TTI,
                      ParallelWriteFn IsParallelWrite,
                      const LaneLoweringOptions &Opts) {
  SmallVector<Loop *, 4> Loops = innermostLaneLoops(LI, LaneHeaders);
  if (Loops.empty())
    return;
  widenIntDivisions(F, Loops, Opts);
  // Lane loop 3 of a cut is entered from the "while any lane" loop's header,
  // which also enters lane loop 2: without a block of its own in between,
  // nothing could be hoisted out of it. (DT and LI are kept up to date.)
  for (Loop *L : Loops)
    if (!L->getLoopPreheader())
      InsertPreheaderForLoop(L, &DT, &LI, /*MSSAU=*/nullptr,
                             /*PreserveLCSSA=*/false);
  // Before the gaps are filled: a load of a uniform object's field left in
  // the loop hides the stride of every address computed from it.
  hoistLaneInvariants(Loops, F, DT, LI, IsParallelWrite);
  // Before the gaps are filled, which would take such an index for a
  // stride.
  freezeWrappingIndices(F, DT, LI, Loops);
  if (FillGaps)
    fillInterleaveGaps(F, DT, LI, Loops, TTI);
  cutDeepUniformChains(Loops, Opts.MaxUniformPaths);
}

PreservedAnalyses LaneLoopPrepPass::run(Function &F,
                                        FunctionAnalysisManager &AM) {
  auto &LI = AM.getResult<LoopAnalysis>(F);
  SmallVector<BasicBlock *, 4> Headers;
  for (Loop *L : LI.getLoopsInPreorder())
    if (findStringMetadataForLoop(L, LaneLoopTag))
      Headers.push_back(L->getHeader());
  if (innermostLaneLoops(LI, Headers).empty())
    return PreservedAnalyses::all();
  prepareLaneLoops(F, AM.getResult<DominatorTreeAnalysis>(F), LI, Headers,
                   /*FillGaps=*/true, &AM.getResult<TargetIRAnalysis>(F),
                   /*IsParallelWrite=*/nullptr, Opts);
  return PreservedAnalyses::none();
}

} // namespace vplanext
