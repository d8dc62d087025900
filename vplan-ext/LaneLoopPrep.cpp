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

LanePrepCounts prepareLaneLoops(Function &F, DominatorTree &DT, LoopInfo &LI,
                                ArrayRef<BasicBlock *> LaneHeaders,
                                bool FillGaps) {
  LanePrepCounts C;
  if (LaneHeaders.empty())
    return C;
  SmallVector<Loop *, 4> Loops = innermostLaneLoops(LI, LaneHeaders);
  if (FillGaps)
    C.GapLoads = fillInterleaveGaps(F, DT, LI, Loops);
  C.Divisions = widenIntDivisions(F, Loops);
  C.Hoisted = hoistLaneInvariants(Loops);
  C.ChainCuts = cutDeepUniformChains(Loops);
  return C;
}

} // namespace vplanext
