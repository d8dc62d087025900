//===- WrappingIndexFreeze.h - Gathers for indices that wrap ----*- C++ -*-===//
//
/// \file
/// The loop vectorizer sees `a[(c + lane) & 7]` as a recurrence only under
/// a run-time check that the narrow index does not wrap; over sixteen lanes
/// it always does, the check would always fail, and the vectorizer gives
/// the whole lane loop up without a remark. A gather needs no such check:
/// freezing the index hides the recurrence, and the access becomes one.
/// LaneStrideAnalysis classifies these accesses as gathers by the same rule
/// (noWrapCheckAlwaysFails), so the plan prices what this makes.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_WRAPPINGINDEXFREEZE_H
#define VPLANEXT_WRAPPINGINDEXFREEZE_H

#include "llvm/ADT/ArrayRef.h"

namespace llvm {
class DominatorTree;
class Function;
class Loop;
class LoopInfo;
} // namespace llvm

namespace vplanext {

/// Freezes the index of every access of \p LaneLoops (innermost lane loops
/// of \p F, described by \p DT and \p LI) whose no-wrap check would always
/// fail; returns how many.
unsigned freezeWrappingIndices(llvm::Function &F, llvm::DominatorTree &DT,
                               llvm::LoopInfo &LI,
                               llvm::ArrayRef<llvm::Loop *> LaneLoops);

} // namespace vplanext

#endif // VPLANEXT_WRAPPINGINDEXFREEZE_H
