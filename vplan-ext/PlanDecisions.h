//===- PlanDecisions.h - What a lane plan tells the cut -------*- C++ -*-===//
//
/// \file
/// The decisions of a lane loop's plan (LanePlan.h) that the cut
/// (LaneLoopFission.h) executes instead of taking them again. They name
/// IR of the uncut lane loop; the cut keeps those instructions (it moves
/// blocks, and only the copies it makes are new).
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_PLANDECISIONS_H
#define VPLANEXT_PLANDECISIONS_H

#include "llvm/ADT/SmallPtrSet.h"

namespace llvm {
class Instruction;
} // namespace llvm

namespace vplanext {

struct PlanDecisions {
  /// The branches whose if/else regions get BOSCC copies; the cut gives no
  /// other region copies.
  llvm::SmallPtrSet<const llvm::Instruction *, 4> BOSCCBranches;
};

} // namespace vplanext

#endif // VPLANEXT_PLANDECISIONS_H
