//===- LockstepLoops.h - Divergent loops in rounds over the group -*- C++ -*-===//
//
/// \file
/// A work item of the shape "prologue; for (j = s; <exit that differs per
/// work item>; j += c) body; epilogue" runs its loop in *lockstep rounds*
/// over the whole work group: round t runs iteration j = s + t*c of every
/// work item still in the loop, then the next round, until no item is left;
/// then every item's epilogue. That is the loop interchanged with the
/// work-item loop. It pays when the body's memory accesses are neighbours
/// across work items for a fixed j and far apart along one item's j (the
/// column-major ELL layout of spmv: `vals[j * n + r]`): round by round the
/// group reads each cache line once, whole, where item by item it reads a
/// line per element. Work items of a group without barriers are unordered
/// in OpenCL, so any interleaving of their iterations is a legal schedule.
///
/// The rewrite only adds control flow and two barriers to the work-item
/// function: "round" at the end of the prologue and of every iteration,
/// "done" when an item is out of the loop (or never entered it). The
/// barrier machinery (BarrierRegions.h) then cuts the function into the
/// prologue, the round and the epilogue regions and carries every value
/// across. The round number is a __local word the work-group function
/// counts (each item computes its j from it, so `vals[j * n + r]` stays
/// contiguous across items); an item's state ("in the loop", which exit it
/// took) is one context array. The work-group function repeats the round
/// region while any item returned "round".
//
//===----------------------------------------------------------------------===//

#ifndef KERNELWRAP_LOCKSTEPLOOPS_H
#define KERNELWRAP_LOCKSTEPLOOPS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/PassManager.h"

namespace llvm {
class CallInst;
class Function;
class GlobalVariable;
class Value;
} // namespace llvm

namespace kernelwrap {

/// What the rewrite added; empty (Round == nullptr) if nothing changed.
struct LockstepLoop {
  /// The barrier call ending a round (the region after it is the round).
  llvm::CallInst *Round = nullptr;
  /// The round number (i64, 0 in the first round), a __local variable the
  /// work-group function sets before each round.
  llvm::GlobalVariable *RoundNumber = nullptr;
  explicit operator bool() const { return Round != nullptr; }
};

/// Rewrites the first top-level loop of the barrier-free work-item function
/// \p W that qualifies (a counter with a group-uniform start and a constant
/// step; an exit that depends on the work item; an access contiguous across
/// work items of dimension \p VecDim for a fixed counter but not along
/// it). \p LocalIds are W's local-id parameters.
LockstepLoop interchangeLockstepLoop(llvm::Function &W,
                                     llvm::ArrayRef<llvm::Value *> LocalIds,
                                     unsigned VecDim,
                                     llvm::FunctionAnalysisManager &FAM);

} // namespace kernelwrap

#endif // KERNELWRAP_LOCKSTEPLOOPS_H
