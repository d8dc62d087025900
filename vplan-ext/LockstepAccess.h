//===- LockstepAccess.h - Addresses a divergent loop's lanes share -*- C++ -*-===//
//
/// \file
/// A divergent inner loop cut out of a lane loop runs in rounds: while any
/// lane is still in it, every such lane runs one iteration. Each lane enters
/// before the first round and leaves for good, so a header phi that starts
/// from a value every lane shares and steps by a constant on every back edge
/// (`for (j = 0; j < len[r]; ++j)`) holds `start + round * step` in every
/// lane still in the loop: it is a counter of the rounds, one scalar.
///
/// Read per lane from a lane array, such a counter makes `vals[j * n + r]`
/// a gather; as the round counter it is the same in every lane, and with
/// `r` stepping by one from lane to lane the access is one contiguous
/// masked load (spmv's ELL layout, a strided matrix walk). This analysis
/// finds the loop's memory accesses whose address becomes the same in every
/// lane or contiguous across lanes that way, and the counters and
/// lane-stepped inputs they need; the cut (LaneLoopFission) then keeps
/// those counters as scalars of the "while any lane" loop and, for the
/// inputs, adds a copy of the loop's lane loop that computes them as
/// `first + lane` when a run-time test (once per call) shows that they are.
/// It also finds exit tests that compare counters with shared values only
/// (Mandelbrot's `n < maxit`): read from the round, such a test is one
/// scalar compare per round instead of one per lane. Loops with neither are
/// left as they are.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_LOCKSTEPACCESS_H
#define VPLANEXT_LOCKSTEPACCESS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>

namespace llvm {
class BasicBlock;
class BranchInst;
class ConstantInt;
class Instruction;
class PHINode;
class Value;
} // namespace llvm

namespace vplanext {

struct LockstepAccess {
  /// Header phis that every lane still in the loop holds in lockstep, with
  /// their step, that some access's address or some exit test needs.
  llvm::SmallVector<std::pair<llvm::PHINode *, llvm::ConstantInt *>, 2>
      Counters;
  /// Integer values computed before the loop from the lane index (and
  /// values every lane shares) that step by one from lane to lane, or
  /// pointers `p + such a value` (steppedPointerStride bytes per lane),
  /// that some access's address needs.
  llvm::SmallVector<llvm::Instruction *, 2> LaneStepped;
  /// Accesses whose address becomes uniform or contiguous.
  unsigned NumAccesses = 0;
  /// Exit tests of a divergent loop that compare counters with shared
  /// values only: they read the round, and every lane leaves together.
  llvm::SmallVector<llvm::BranchInst *, 2> ExitTests;
  /// Every exit test's condition is computed in the loop by instructions
  /// isPureToRecompute accepts: the tests can be evaluated before a round
  /// (the steady copy's test).
  bool ExitTestsRecomputable = true;
  /// The contiguous ones (their last index steps by one per lane) and the
  /// ones at the same address in every lane.
  llvm::SmallVector<llvm::Instruction *, 4> SteppedAccesses;
  llvm::SmallVector<llvm::Instruction *, 4> UniformAccesses;
};

/// Whether \p I may be computed again elsewhere (before a round, in an
/// inner loop) from copies of its operands: no phi, no memory, no
/// possible trap. An unsigned division by a value known not to be zero
/// (`x % (y | 1)`) does not trap, which isSafeToSpeculativelyExecute only
/// grants a constant divisor. The one rule for the cut's copies
/// (Cutter::copyPure) and the plan's predictions of them; the plan passes
/// \p IsOpaque, whether the cut reads an operand of an instruction without
/// seeing its definition (an earlier cut's lane-0 read of a uniform value):
/// such a divisor is never known not to be zero.
using OpaqueOperandFn =
    llvm::function_ref<bool(const llvm::Instruction &, const llvm::Value *)>;
bool isPureToRecompute(const llvm::Instruction &I,
                       OpaqueOperandFn IsOpaque = nullptr);

/// How many operands deep isRecomputable walks; the plan's models of what
/// the cut computes again walk as deep.
constexpr unsigned RecomputeMaxDepth = 8;

/// Whether \p V is computed from values \p IsOutside accepts (defined
/// before the lane loop) by instructions \p InPrefix accepts (the lane
/// loop's part before the inner loop) that isPureToRecompute accepts, at
/// most \p MaxDepth operands deep: the inner loop can compute it again
/// instead of reading it per lane. Shared by the cut and the plan.
bool isRecomputable(const llvm::Value *V,
                    llvm::function_ref<bool(const llvm::Value *)> IsOutside,
                    llvm::function_ref<bool(const llvm::Instruction *)> InPrefix,
                    OpaqueOperandFn IsOpaque = nullptr,
                    unsigned MaxDepth = RecomputeMaxDepth,
                    unsigned Depth = 0);

/// Whether \p V is recomputable (isRecomputable) from the lane index
/// \p Lane and values \p IsOutside accepts by instructions \p InPrefix
/// accepts: the lane loop a later part of the cut runs in can compute it
/// again from its own counter (a lane-affine value, `neigh + i` with
/// `i = base + lane`). The one rule for the cut's recomputed values
/// (Cutter::LaneAffineIn) and the plan's model of them.
bool isLaneAffine(const llvm::Value *V, const llvm::Value *Lane,
                  llvm::function_ref<bool(const llvm::Value *)> IsOutside,
                  llvm::function_ref<bool(const llvm::Instruction *)> InPrefix,
                  OpaqueOperandFn IsOpaque = nullptr);

/// The bytes a lane-stepped pointer input (`p + r`) steps by per lane; 0
/// when \p I is not one.
uint64_t steppedPointerStride(const llvm::Instruction *I);

/// The constant \p PN, an integer header phi, adds to itself on every back
/// edge (from each of \p Latches: `j.next = add j, C`), else null. The one
/// rule for a counter's step: lockstep access's round counters and the
/// plan's transposed blocks.
llvm::ConstantInt *counterStep(const llvm::PHINode &PN,
                               llvm::ArrayRef<llvm::BasicBlock *> Latches);

/// The loop has header \p Header (a counter starts from the value every
/// entering edge brings), back-edge sources \p Latches and blocks
/// \p Blocks. \p Lane is the lane index;
/// \p IsShared tells a value every lane has the same (constants, values
/// from outside the lane loop); \p IsInput an instruction computed before
/// the loop, in the lane loop, that the loop reads per lane;
/// \p IsRecomputable such an input computed from shared values only,
/// without memory or traps. In a uniform loop (\p Uniform: every lane runs
/// every iteration, its counters are shared already) an access needs no
/// counter to gain: only its lane-stepped inputs matter. \p IsReread (for
/// a loop not cut yet) tells an input the cut will read from its lane
/// array, whose definition it then does not see.
LockstepAccess
findLockstepAccess(llvm::BasicBlock *Header,
                   llvm::ArrayRef<llvm::BasicBlock *> Latches,
                   llvm::ArrayRef<llvm::BasicBlock *> Blocks, llvm::Value *Lane,
                   llvm::function_ref<bool(llvm::Value *)> IsShared,
                   llvm::function_ref<bool(llvm::Instruction *)> IsInput,
                   llvm::function_ref<bool(llvm::Instruction *)> IsRecomputable,
                   bool Uniform = false,
                   llvm::function_ref<bool(llvm::Instruction *)> IsReread = {});

} // namespace vplanext

#endif
