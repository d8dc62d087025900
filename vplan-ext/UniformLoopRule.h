//===- UniformLoopRule.h - Lanes running an inner loop together -*- C++ -*-===//
//
/// \file
/// The one rule that says whether an inner loop of a lane loop is uniform
/// (every lane that enters it leaves at the same iteration through the
/// same exit, so the lanes run it together with scalar control) or
/// divergent (a "while any lane is active" loop). The cut (LaneCutAnalysis)
/// lowers by it and the plan (LanePlan) describes by it, each on its own
/// view of the lane loop's body:
///
/// - A: the blocks of the body that can still reach the inner loop,
/// - I: the inner loop,
/// - a value is outside the lane loop when no lane computes it.
///
/// A value is uniform when it comes from outside the lane loop, is a
/// uniform phi, or is computed in A or I from uniform values without
/// memory and side effects. A header phi of the inner loop or of a loop
/// nested in it (an integer, pointer or floating point recurrence) is
/// uniform when its start and its value on every back edge are, and a
/// nested loop's phis only while the lanes leave that loop together; a phi
/// where paths through the loop join, when its values are and every branch
/// of the loop is uniform. The loop is uniform when each exit test is a
/// uniform branch that every iteration passes, or that every lane reaches
/// on the same path (every branch of I uniform).
/// When the branches of A (DivergentEntry's included) are not all
/// uniform, some lanes may skip the loop; they shadow a lane that enters,
/// which is allowed only when the loop neither writes memory nor has side
/// effects nor reads the lane index; otherwise the loop is divergent.
///
/// Memory reads are never uniform here, although the divergence analysis
/// finds a load from a uniform address uniform: the cut would have to prove
/// that no lane's write changes it between the lanes' reads.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_UNIFORMLOOPRULE_H
#define VPLANEXT_UNIFORMLOOPRULE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <functional>

namespace llvm {
class BasicBlock;
class DominatorTree;
class Instruction;
class Loop;
class PHINode;
class Value;
} // namespace llvm

namespace vplanext {

/// A lane loop's body as one cut sees it.
struct LaneBodyView {
  /// No lane computes the value (argument, constant, before the lane loop).
  std::function<bool(const llvm::Value *)> IsOutside;
  /// The cut computes the instruction in A or in the inner loop.
  std::function<bool(const llvm::Instruction *)> InAOrI;
  /// The blocks of A.
  llvm::ArrayRef<llvm::BasicBlock *> ABlocks;
  /// The lane index (the lane loop's counter).
  const llvm::Value *Lane = nullptr;
  /// A starts with a per-lane branch that only the cut makes: the lane
  /// flag of an enclosing divergent loop (lanes that have left it skip its
  /// body), or an earlier cut's dispatch on where each lane resumes.
  bool DivergentEntry = false;
};

struct UniformLoopShape {
  bool Uniform = false;
  /// Uniform, but lanes that skip the loop shadow one that enters.
  bool ShadowLanes = false;
  /// The inner loop's header phis that are the same in every lane.
  llvm::SmallPtrSet<llvm::PHINode *, 4> UniformPhis;
};

/// The value \p PN enters its loop (the blocks \p InLoop accepts) with,
/// when every entering edge brings the same one, else null: the value a
/// preheader made for the loop would bring without a phi.
llvm::Value *
loopEntryValue(const llvm::PHINode &PN,
               llvm::function_ref<bool(const llvm::BasicBlock *)> InLoop);

/// Whether \p V is the same in every lane (see the file comment).
bool isUniformLaneValue(const llvm::Value *V, const LaneBodyView &Body,
                        const llvm::SmallPtrSetImpl<llvm::PHINode *> &Phis);

/// The rule for \p Inner, with back edges from \p InnerLatches (it needs
/// no preheader: the one a cut makes merges the entering edges).
UniformLoopShape findUniformLoop(llvm::Loop &Inner,
                                 llvm::ArrayRef<llvm::BasicBlock *> InnerLatches,
                                 const LaneBodyView &Body,
                                 const llvm::DominatorTree &DT);

} // namespace vplanext

#endif // VPLANEXT_UNIFORMLOOPRULE_H
