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

#include "vplan-ext/LockstepAccess.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace llvm {
class BasicBlock;
class BranchInst;
class CallBase;
class ConstantInt;
class Instruction;
class LoadInst;
class PHINode;
} // namespace llvm

namespace vplanext {

/// Which copy of an innermost loop's lane loop 2 a cut divides: the cut at
/// the loop gives its lane loop 2 a lane-stepped copy (InnerLoopDecision's
/// Access.LaneStepped) or a copy for rounds where every lane entered
/// (EnteredCopy), and copies the round with both (SteadyRounds). Each copy
/// is cut at its calls again (its branches get no BOSCC copies), on other
/// edges (a steady copy's exit tests never leave) or with other
/// lane-affine values (the copies compute the lane-stepped inputs, and a
/// shadowed loop's lane-affine inputs, from their counter). A loop with
/// transposed blocks gets a copy that reads them (BlockCopy) and no other,
/// and holds no call run lane by lane or BOSCC region. Bits; 0 is not a
/// copy.
enum LaneCopy : unsigned {
  NotACopy = 0,
  SteppedCopy = 1,
  AllEnteredCopy = 2,
  SteadyCopy = 4,
  BlockCopy = 8,
};

/// A cut at a call or a BOSCC region: the call or the branch, of the uncut
/// lane loop, and the copy (LaneCopy) of the lane loop it divides.
using FlatCutKey = std::pair<const llvm::Instruction *, unsigned>;

/// A cut the plan refuses, for a rule of the body (LoweringRules.h): the
/// instruction it refuses at, and why.
struct CutRefusal {
  const llvm::Instruction *At = nullptr;
  const char *Why = nullptr;
  explicit operator bool() const { return At != nullptr; }
};

/// How a cut lands the lanes that leave its region and which values of the
/// part before it (A) later lane loops compute again: the decisions every
/// cut takes from the plan, at an inner loop, at a call run lane by lane
/// and at a BOSCC region.
struct CutDecision {
  /// Where the cut comes in the order the cut takes the sites of one lane
  /// loop (programOrder of the uncut function): the plan modelled each cut
  /// on what the cuts before it leave, so the cut takes them in this order.
  unsigned CutOrder = 0;
  /// Lanes leave the cut for more than one block (needsResumeDispatch):
  /// each records where, and lane loop 3 dispatches on it. Else, when they
  /// leave on several edges into one block, the phis there that take a
  /// value per edge (isLandingPhi): each lane records its landing values.
  bool ResumeDispatch = false;
  llvm::SmallPtrSet<const llvm::PHINode *, 4> LandingPhis;
  /// Lane-affine values of A, as instructions of the uncut lane loop, that
  /// the region's lane loop 2 computes again from its counter (for an inner
  /// loop, not a shadowed one's, whose shadow lanes read the lane they
  /// shadow: only its copy for rounds where every lane entered does), and
  /// that lane loop 3 computes again.
  llvm::SmallVector<const llvm::Instruction *, 4> RecomputedInLoop;
  llvm::SmallVector<const llvm::Instruction *, 4> RecomputedAfter;
  /// The cut is refused for a rule of the body (planCutRefusals at inner
  /// loops, the flat-cut model at calls and BOSCC regions): the lane loop
  /// it would cut stays whole, its site and what follows it there uncut.
  CutRefusal Refused;
};

/// Loads of an innermost uniform loop that every lane makes in every
/// iteration, each lane at its own row (`a[i * n + j]`: one element further
/// per iteration, the lanes' rows apart), read a block of VF iterations at
/// a time: each lane's next VF elements as one vector, transposed into one
/// vector per iteration (planTransposedBlocks, Cutter::addBlockCopy).
struct TransposedBlocks {
  /// The loads, instructions of the loop.
  llvm::SmallVector<const llvm::LoadInst *, 2> Reads;
  /// The loop's counters the exit tests read, with their steps: a block is
  /// read when the tests of its VF iterations, computed from the counters
  /// before its first round, all stay in the loop.
  llvm::SmallVector<std::pair<const llvm::PHINode *, const llvm::ConstantInt *>,
                    2>
      Counters;
  /// Every exiting branch of the loop, and whether it comes after every
  /// read in its iteration (the block's last iteration need not pass it).
  llvm::SmallVector<std::pair<const llvm::BranchInst *, bool>, 2> Exits;

  bool empty() const { return Reads.empty(); }
};

/// How the cut lowers one inner loop of the lane loop.
struct InnerLoopDecision : CutDecision {
  /// Uniform (UniformLoopRule.h): every lane that enters the loop leaves it
  /// at the same iteration through the same exit; else a "while any lane
  /// is active" loop.
  bool Uniform = false;
  /// Uniform loops some lanes skip: those lanes shadow an entering lane.
  bool ShadowLanes = false;
  /// Uniform loops: the header phis every lane holds the same.
  llvm::SmallPtrSet<llvm::PHINode *, 4> UniformPhis;
  /// Lockstep access (LockstepAccess.h) is tried: round counters and a
  /// lane-stepped copy where the loop's addresses allow them.
  bool Lockstep = false;
  /// What lockstep access rewrites (planLockstep): the round counters, exit
  /// tests and accesses, instructions of this loop (no cut before this
  /// loop's own copies or moves them); the lane-stepped inputs,
  /// instructions of the uncut lane loop that the cut finds among its
  /// inputs by what they stand for (CutOrigins). Empty when lockstep
  /// access is not tried or finds nothing.
  LockstepAccess Access;
  /// A uniform loop's inputs from A that every lane has the same, as
  /// instructions of the uncut lane loop (planLaneValues): read once per
  /// round, from lane 0.
  llvm::SmallVector<const llvm::Instruction *, 4> SharedInputs;
  /// A lane-stepped copy prefetches its contiguous accesses this many lane
  /// chunks ahead (0: none).
  unsigned PrefetchChunks = 0;
  /// Divergent loops with exit tests on round counters: the round loop
  /// tests them once per round and runs a copy of its lane loops without
  /// them (a steady copy) in the rounds where none fires.
  bool SteadyRounds = false;
  /// Innermost uniform loops with shadow lanes whose lane loop reads
  /// lane-affine values of the part before: a copy of that lane loop
  /// computes them again from its counter, taken in rounds where every
  /// lane entered (a shadow lane reads the lane it shadows' values).
  bool EnteredCopy = false;
  /// Innermost uniform loops without shadow lanes: the loads read in
  /// transposed blocks, with a copy of lane loop 2 that reads them from
  /// the block.
  TransposedBlocks Blocks;
};

struct PlanDecisions {
  /// The branches whose if/else regions get BOSCC copies; the cut gives no
  /// other region copies.
  llvm::SmallPtrSet<const llvm::Instruction *, 4> BOSCCBranches;
  /// The cuts at calls run lane by lane and at BOSCC regions, by the call
  /// or the branch (of the uncut lane loop) and the copy of lane loop 2
  /// they divide, in a lane loop whose cuts the plan models (planFlatCuts).
  /// A cut the plan did not model lands its lanes and computes values
  /// again by the rules on its IR.
  llvm::DenseMap<FlatCutKey, CutDecision> FlatCuts;
  /// The calls the cut runs lane by lane, each in a lane loop of its own
  /// (the vectorizer cannot widen them); a cut finds them, and their
  /// copies, by what they stand for (CutOrigins).
  llvm::SmallPtrSet<const llvm::CallBase *, 4> SerialCalls;
  /// Every inner loop the cut takes, by header. A loop the plan did not
  /// see is lowered as a divergent loop without lockstep access: always
  /// correct, never the fast form.
  llvm::DenseMap<const llvm::BasicBlock *, InnerLoopDecision> InnerLoops;
  /// The lane loop is not cut at all: an access at an address every lane
  /// shares that a call run lane by lane may write (findSerialCallClobber),
  /// or stack memory allocated in the body (whyInstructionRefusesCut).
  CutRefusal NoCut;
  /// Verify mode (LaneLoweringOptions::VerifyPlan): the cut checks these
  /// decisions against the rules on the IR it cuts, and the caller
  /// compares what the cut made with the plan's shape.
  bool Verify = false;
  /// LaneLoweringOptions::VerifyVectorizer: the lane loops the cut makes
  /// are tagged for LaneLoopVectorizePass's check.
  bool VerifyVectorizer = false;
};

} // namespace vplanext

#endif // VPLANEXT_PLANDECISIONS_H
