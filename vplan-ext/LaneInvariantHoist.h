//===- LaneInvariantHoist.h - Lane-invariant code out of lane loops -*- C++ -*-===//
//
/// \file
/// A declare-simd body's computations on uniform parameters are the same in
/// every lane, but in a lane loop they often sit in blocks the lane mask
/// guards (a masked variant, a BOSCC copy, a cut's "lane is active" test),
/// where LICM leaves them: it ran on the scalar body, before the lane loop
/// existed. The loop vectorizer then sees a deep uniform expression DAG
/// inside the loop, and LLVM 22's `vputils::isSingleScalar` walks such a
/// DAG once per path, without memoization: a fully unrolled 12-step chain
/// that uses each value twice (the fuzzer's seeds 100037 and 100044) kept
/// clang busy for hours.
///
/// This utility hoists every instruction of a lane loop whose operands are
/// defined outside it and that is safe to speculate (no memory) into the
/// loop's preheader: computed once per call (or per round of a "while any
/// lane" loop) instead of once per lane, and a live-in for the vectorizer.
/// Such a division is hoisted too, with a divisor that cannot trap: left
/// under a lane mask, LLVM 22's vectorizer gives every lane lane 0's
/// predicated copy of it (fuzz seed 200192). So are loads of lane-invariant
/// addresses no write of the loop can change under them (the fields of a
/// uniform `this` or accessor object): left inside, they hide from SCEV
/// that `d[i + nx * n]` steps by one element per lane.
///
/// Such a load behind a lane gate (a masked variant's mask bit, a cut's
/// "lane is active" flag or resume point: a branch every lane runs on its
/// own element of a lane array) that every lane passing the gate runs is
/// read by some lane whenever some lane passes. It is read once in a block
/// before the loop that runs only then (`reduce.or` of the whole array
/// tested the gate's way; or the preheader itself where a "while any lane"
/// test of the same array already guards it), and phis carry it into the
/// loop (poison otherwise, when no lane uses it): a masked variant called
/// with no lane active reads nothing.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_LANEINVARIANTHOIST_H
#define VPLANEXT_LANEINVARIANTHOIST_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace llvm {
class DominatorTree;
class Function;
class Instruction;
class Loop;
class LoopInfo;
} // namespace llvm

namespace vplanext {

/// Whether a write of a lane loop is covered by the lanes' independence
/// (what the loop's parallel access group will hold): a location one lane
/// writes is one no other lane reads or writes.
using ParallelWriteFn = llvm::function_ref<bool(const llvm::Instruction &)>;

/// Hoists the lane-invariant, speculatable instructions of \p LaneLoops
/// (innermost lane loops of \p F: innermostLaneLoops in LaneLoopPrep.h)
/// into their preheaders, and the lane-invariant loads that alias analysis
/// and \p IsParallelWrite (null: alias analysis alone) show no write of the
/// loop changes (those behind a lane gate under a some-lane-passes test,
/// in blocks added before the preheader; \p DT and \p LI are kept up to
/// date); returns how many it hoisted.
unsigned hoistLaneInvariants(llvm::ArrayRef<llvm::Loop *> LaneLoops,
                             llvm::Function &F, llvm::DominatorTree &DT,
                             llvm::LoopInfo &LI,
                             ParallelWriteFn IsParallelWrite);

/// What hoisting cannot move (phis of joins under uniform branches, a
/// loop's state) can still form a deep uniform expression DAG: a `freeze`
/// after every value with more than `-vplan-max-uniform-paths` (4096)
/// operand paths through uniform arithmetic stops LV's walk there (fuzz
/// seed 160202: a Newton-like chain unrolled 36 steps under uniform
/// `continue`s, 2^36 paths). Returns the number of freezes inserted.
unsigned cutDeepUniformChains(llvm::ArrayRef<llvm::Loop *> LaneLoops,
                              unsigned MaxUniformPaths);

} // namespace vplanext

#endif // VPLANEXT_LANEINVARIANTHOIST_H
