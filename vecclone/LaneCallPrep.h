//===- LaneCallPrep.h - Calls of an inlined variant body --------*- C++ -*-===//
//
/// \file
/// Prepares the calls of a variant body, once inlined into its lane loop and
/// before vplan-ext cuts the loop:
///  - a call whose arguments are the same on every lane and that can run
///    anywhere (a math intrinsic: `expf(-r * t)` with uniform r, t) moves in
///    front of the lane loop: one scalar call instead of a vector one, which
///    for math functions without a vector form is VF scalar calls;
///  - a call of a function with vector variants that this lane loop cannot
///    use (LaneCalls.h) gets vplan-ext's NoLaneVariantAttr, so fission cuts
///    it out and runs it lane by lane, as it does for calls without
///    variants, and the rest of the body is still widened. Calls that can
///    use a variant are left to the caller-side pass (VecCloneCalls.cpp),
///    which offers the variants to the loop vectorizer.
//
//===----------------------------------------------------------------------===//

#ifndef VECCLONE_LANECALLPREP_H
#define VECCLONE_LANECALLPREP_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/DebugLoc.h"
#include <string>

namespace llvm {
class BasicBlock;
class Function;
class TargetLibraryInfo;
} // namespace llvm

namespace vecclone {

struct LaneCallPrep {
  /// Calls now made once before the lane loop, and their callees.
  unsigned NumHoisted = 0;
  std::string HoistedCallees;
  /// A call left to run lane by lane although its callee has variants.
  struct SerialCall {
    llvm::DebugLoc Loc;
    std::string Callee;
    std::string Why;
  };
  llvm::SmallVector<SerialCall, 2> NoVariant;
};

/// Prepares the calls of the lane loop headed by \p LaneHeader (\p VF lanes)
/// in the variant \p V.
LaneCallPrep prepareLaneCalls(llvm::Function &V, llvm::BasicBlock *LaneHeader,
                              unsigned VF, const llvm::TargetLibraryInfo &TLI);

} // namespace vecclone

#endif // VECCLONE_LANECALLPREP_H
