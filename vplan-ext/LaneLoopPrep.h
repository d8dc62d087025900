//===- LaneLoopPrep.h - Lane-loop rewrites before the vectorizer -*- C++ -*-===//
//
/// \file
/// After the lane loop is cut (LaneLoopFission), these rewrites prepare its
/// innermost lane loops for the stock loop vectorizer: 32-bit divisions
/// through double (WideIntDivision), lane-invariant code and loads moved to
/// the preheader (LaneInvariantHoist; before the next step, which needs the
/// strides those loads hid), whole-struct interleave groups for strided
/// struct reads (InterleaveGapFill), and deep uniform chains cut
/// (LaneInvariantHoist). Only a preheader is added to a loop without one,
/// and a test of "some lane passes the gate" before it where loads behind
/// a lane gate are hoisted (DT and LI updated), so one DominatorTree and
/// LoopInfo serve all of them; this runs them in that order.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_LANELOOPPREP_H
#define VPLANEXT_LANELOOPPREP_H

#include "vplan-ext/LaneInvariantHoist.h"
#include "vplan-ext/LaneLoweringOptions.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"

namespace llvm {
class BasicBlock;
class GetElementPtrInst;
class Use;
class DominatorTree;
class Function;
class Loop;
class LoopInfo;
class TargetTransformInfo;
} // namespace llvm

namespace vplanext {

/// The loops headed by \p LaneHeaders that have no inner loop (the ones the
/// vectorizer widens), each once.
llvm::SmallVector<llvm::Loop *, 4>
innermostLaneLoops(const llvm::LoopInfo &LI,
                   llvm::ArrayRef<llvm::BasicBlock *> LaneHeaders);

/// The one index of \p GEP (in \p L) that varies in \p L (`p[k]`, a lane
/// array's `[0][lane]`), or null when none or several do: the index the
/// prep's rewrites freeze to hide a recurrence from the vectorizer.
llvm::Use *singleVaryingIndex(llvm::GetElementPtrInst &GEP,
                              const llvm::Loop &L);

/// The loop vectorizer sees `a[(c + lane) & 7]` as a recurrence only under
/// a run-time check that the narrow index does not wrap; over sixteen lanes
/// it always does, the check would always fail, and the vectorizer gives
/// the whole lane loop up without a remark. A gather needs no such check:
/// this freezes the index of every access of \p LaneLoops (innermost lane
/// loops of \p F, described by \p DT and \p LI) whose no-wrap check
/// always fails (noWrapCheckAlwaysFails, the rule by which the stride
/// analysis calls them gathers); returns how many.
unsigned freezeWrappingIndices(llvm::Function &F, llvm::DominatorTree &DT,
                               llvm::LoopInfo &LI,
                               llvm::ArrayRef<llvm::Loop *> LaneLoops);

/// Runs the rewrites on the innermost lane loops of \p F headed by
/// \p LaneHeaders; \p FillGaps: also the interleave-group rewrite (for
/// the target \p TTI describes; optional); \p IsParallelWrite: the writes
/// the lanes' independence covers (see hoistLaneInvariants). \p DT and
/// \p LI must describe \p F. Each rewrite counts its work in a STATISTIC.
void prepareLaneLoops(llvm::Function &F, llvm::DominatorTree &DT,
                      llvm::LoopInfo &LI,
                      llvm::ArrayRef<llvm::BasicBlock *> LaneHeaders,
                      bool FillGaps, const llvm::TargetTransformInfo *TTI,
                      ParallelWriteFn IsParallelWrite,
                      const LaneLoweringOptions &Opts);

/// `vplan-lane-prep`: runs prepareLaneLoops on the innermost lane loops of
/// the function (loops tagged `vecclone.lane.loop`), as vecclone does after
/// the cut, with the interleave-group rewrite and alias analysis alone for
/// the writes; for testing the rewrites on hand-written lane loops.
class LaneLoopPrepPass : public LaneLoweringPass<LaneLoopPrepPass> {
public:
  using LaneLoweringPass::LaneLoweringPass;
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace vplanext

#endif // VPLANEXT_LANELOOPPREP_H
