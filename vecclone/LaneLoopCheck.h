//===- LaneLoopCheck.h - Why a lane loop may not be widened ----*- C++ -*-===//
//
/// \file
/// Finds what in a function body (or in a SIMD-lane loop built from it) the
/// stock LoopVectorizer refuses: inner loops with per-lane trip counts, calls
/// without vector variants, local memory all lanes would share, atomics. The
/// result feeds remarks; it never changes IR. vecclone asks it about the
/// scalar body before cloning and VecCloneReport about a lane loop that is
/// still scalar after vectorization, so both say the same thing.
//
//===----------------------------------------------------------------------===//

#ifndef VECCLONE_LANELOOPCHECK_H
#define VECCLONE_LANELOOPCHECK_H

#include "llvm/ADT/SmallVector.h"
#include <string>

namespace llvm {
class BasicBlock;
class Function;
class Instruction;
class Loop;
class LoopInfo;
} // namespace llvm

namespace vecclone {

struct WideningBlocker {
  const llvm::Instruction *At = nullptr; ///< For the remark's location.
  std::string Reason;
  /// Whether a remark at At names a source line. The front end maps one
  /// without a line (no location, or line 0 after a merge) to no place:
  /// such a remark goes at the function instead.
  bool hasSourceLine() const;
};

/// Blockers in the whole body of \p F (loops per \p LI).
llvm::SmallVector<WideningBlocker, 4>
findBodyBlockers(const llvm::Function &F, const llvm::LoopInfo &LI);

/// Blockers inside the lane loop \p L: its sub-loops and instructions.
/// Accesses to the lane arrays in \p LaneArrays are the loop's own and fine.
llvm::SmallVector<WideningBlocker, 4>
findLaneLoopBlockers(const llvm::Loop &L);

} // namespace vecclone

#endif // VECCLONE_LANELOOPCHECK_H
