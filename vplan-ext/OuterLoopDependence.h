//===- OuterLoopDependence.h - May a loop's iterations be reordered? -*- C++ -*-===//
//
/// \file
/// `#pragma clang loop vectorize(enable)` asks for vectorization without
/// declaring the iterations independent (`assume_safety` and `omp simd`
/// do). A loop with inner loops is strip-mined into lanes and cut
/// (SimdLoopPass): lane after lane runs the part before the inner loop, then
/// the lanes take turns in the inner loop, then the rest, so the memory
/// accesses of neighbouring iterations interleave. That is only correct when
/// no iteration touches memory another iteration writes.
///
/// This check asks LLVM's DependenceAnalysis about every pair of memory
/// accesses in the loop (its inner loops included) of which one writes, and
/// accepts the loop when every dependence it finds stays within one
/// iteration of the loop (direction `=` at the loop's level). Accesses it
/// cannot reason about count as dependences, as do calls that touch memory,
/// with one exception: two accesses to different objects that may be the
/// same memory (pointer arguments without `restrict`) are independent when
/// the address ranges they cover in the whole loop do not overlap, which a
/// run-time check can test when each address is affine in the loop's
/// counter (`out[i]`, `x[i]`, or the same in every iteration), as the loop
/// vectorizer's run-time checks do for innermost loops.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_OUTERLOOPDEPENDENCE_H
#define VPLANEXT_OUTERLOOPDEPENDENCE_H

#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>
#include <utility>

namespace llvm {
class DependenceInfo;
class Instruction;
class Loop;
class SCEV;
class ScalarEvolution;
} // namespace llvm

namespace vplanext {

struct IterationIndependence {
  /// Why the iterations may depend on each other; empty when they do not
  /// (given the run-time checks below).
  std::string Why;
  /// Accesses to different objects that may overlap: the iterations are
  /// independent only if each pair's address ranges are disjoint.
  llvm::SmallVector<std::pair<llvm::Instruction *, llvm::Instruction *>, 4>
      RuntimeChecks;
  bool independent() const { return Why.empty(); }
};

IterationIndependence analyseIterations(const llvm::Loop &L,
                                        llvm::DependenceInfo &DI,
                                        llvm::ScalarEvolution &SE);

/// The bytes \p Access covers over all iterations of \p L, [Lo, Hi), when
/// its address is affine in L's counter and the same in every iteration of
/// the inner loops, and L's trip count is computable.
std::optional<std::pair<const llvm::SCEV *, const llvm::SCEV *>>
accessRange(const llvm::Instruction *Access, const llvm::Loop &L,
            llvm::ScalarEvolution &SE);

} // namespace vplanext

#endif
