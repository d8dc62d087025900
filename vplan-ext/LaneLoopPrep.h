//===- LaneLoopPrep.h - Lane-loop rewrites before the vectorizer -*- C++ -*-===//
//
/// \file
/// After the lane loop is cut (LaneLoopFission), these rewrites prepare its
/// innermost lane loops for the stock loop vectorizer: whole-struct
/// interleave groups for strided struct reads (InterleaveGapFill), 32-bit
/// divisions through double (WideIntDivision), lane-invariant code moved
/// to the preheader and deep uniform chains cut (LaneInvariantHoist). None
/// changes the CFG, so one DominatorTree and LoopInfo serve all of them;
/// this runs them in that order.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_LANELOOPPREP_H
#define VPLANEXT_LANELOOPPREP_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class BasicBlock;
class DominatorTree;
class Function;
class Loop;
class LoopInfo;
} // namespace llvm

namespace vplanext {

/// The loops headed by \p LaneHeaders that have no inner loop (the ones the
/// vectorizer widens), each once.
llvm::SmallVector<llvm::Loop *, 4>
innermostLaneLoops(const llvm::LoopInfo &LI,
                   llvm::ArrayRef<llvm::BasicBlock *> LaneHeaders);

/// Runs the rewrites on the innermost lane loops of \p F headed by
/// \p LaneHeaders; \p FillGaps: also the interleave-group rewrite. \p DT and
/// \p LI must describe \p F. Each rewrite counts its work in a STATISTIC.
void prepareLaneLoops(llvm::Function &F, llvm::DominatorTree &DT,
                      llvm::LoopInfo &LI,
                      llvm::ArrayRef<llvm::BasicBlock *> LaneHeaders,
                      bool FillGaps);

} // namespace vplanext

#endif // VPLANEXT_LANELOOPPREP_H
