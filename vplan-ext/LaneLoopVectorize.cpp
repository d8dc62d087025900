//===- LaneLoopVectorize.cpp - Widen lane loops, silence declined ones ----===//

#include "vplan-ext/LaneLoopVectorize.h"
#include "vplan-ext/LaneLoopMetadata.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Transforms/Utils/InjectTLIMappings.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Vectorize/LoopVectorize.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumDeclined, "Lane loops the vectorizer declined (request dropped)");

namespace vplanext {

void runVectorizerEarly(Function &F, FunctionAnalysisManager &AM,
                        bool OnlyWhenForced) {
  AM.invalidate(F, InjectTLIMappings().run(F, AM));
  LoopVectorizeOptions Opts;
  Opts.setVectorizeOnlyWhenForced(OnlyWhenForced);
  Opts.setInterleaveOnlyWhenForced(OnlyWhenForced);
  AM.invalidate(F, LoopVectorizePass(Opts).run(F, AM));
}

/// Lane loops that still ask to be vectorized.
static SmallVector<Loop *, 4> pendingLaneLoops(LoopInfo &LI) {
  SmallVector<Loop *, 4> Out;
  for (Loop *L : LI.getLoopsInPreorder())
    if (findStringMetadataForLoop(L, LaneLoopTag) &&
        hasVectorizeTransformation(L) == TM_ForcedByUser)
      Out.push_back(L);
  return Out;
}

PreservedAnalyses LaneLoopVectorizePass::run(Function &F,
                                             FunctionAnalysisManager &AM) {
  if (F.isDeclaration() || pendingLaneLoops(AM.getResult<LoopAnalysis>(F))
                               .empty())
    return PreservedAnalyses::all();
  runVectorizerEarly(F, AM, /*OnlyWhenForced=*/true);
  for (Loop *L : pendingLaneLoops(AM.getResult<LoopAnalysis>(F))) {
    ++NumDeclined;
    L->setLoopID(makeDeclinedLaneLoopID(L->getLoopID()));
  }
  return PreservedAnalyses::none();
}

} // namespace vplanext
