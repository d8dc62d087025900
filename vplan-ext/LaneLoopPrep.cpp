//===- LaneLoopPrep.cpp - Lane-loop rewrites before the vectorizer --------===//

#include "vplan-ext/LaneLoopPrep.h"
#include "vplan-ext/InterleaveGapFill.h"
#include "vplan-ext/LaneInvariantHoist.h"
#include "vplan-ext/WideIntDivision.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"

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
                      ArrayRef<BasicBlock *> LaneHeaders, bool FillGaps) {
  SmallVector<Loop *, 4> Loops = innermostLaneLoops(LI, LaneHeaders);
  if (Loops.empty())
    return;
  if (FillGaps)
    fillInterleaveGaps(F, DT, LI, Loops);
  widenIntDivisions(F, Loops);
  hoistLaneInvariants(Loops);
  cutDeepUniformChains(Loops);
}

} // namespace vplanext
