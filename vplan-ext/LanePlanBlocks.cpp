//===- LanePlanBlocks.cpp - Transposed blocks of per-lane rows ------------===//
//
/// \file
/// Plan transform: in an innermost uniform loop every lane runs every
/// iteration, so a load whose address steps by one element per iteration
/// from a start of the lane's own (`a[i * n + j]`, each lane's row) reads
/// the next VF elements of each row over the next VF iterations. Read
/// together, VF rows of VF elements are VF contiguous vector loads and a
/// transpose of VF x VF elements in registers: one vector per iteration,
/// where every iteration gathered VF elements from VF rows. The cut
/// executes the choice (Cutter::addBlockCopy); this file decides where the
/// form is exact and cheaper.
///
/// Exact: the loop writes no memory (a block read ahead sees what the
/// iterations would), every iteration makes the read (its block dominates
/// the latch), and every exit test is computed from counters (header phis
/// stepping by a constant) and values from before the loop by instructions
/// that may be computed again: before a block, the tests of its VF
/// iterations say whether all of them run, and a block is read only then.
/// So no lane reads an element it would not have read.
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/LanePlanBuilder.h"
#include "vplan-ext/LockstepAccess.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace vplanext {

/// Whether \p V is computed by pure instructions of the loop \p C
/// (isRecomputable: the cut computes it again before a round) from values
/// from before the loop and the header phis \p Phi accepts.
static bool isComputedIn(const Loop &C, const Value *V,
                         function_ref<bool(const PHINode &)> Phi) {
  return isRecomputable(
      V,
      [&](const Value *X) {
        auto *I = dyn_cast<Instruction>(X);
        if (!I || !C.contains(I))
          return true;
        auto *PN = dyn_cast<PHINode>(I);
        return PN && PN->getParent() == C.getHeader() && Phi(*PN);
      },
      [&](const Instruction *I) { return C.contains(I); });
}

/// Whether \p V, read by an exit test of \p C, can be computed for a later
/// iteration before it: from values from before the loop and \p C's
/// uniform counters (collected in \p B) that start from a value from before
/// the lane loop \p LaneLoop (the cut keeps them as round counters).
static bool isPredictable(const Loop &C, const Loop &LaneLoop, const Value *V,
                          const SmallPtrSetImpl<PHINode *> &UniformPhis,
                          TransposedBlocks &B) {
  return isComputedIn(C, V, [&](const PHINode &PN) {
    BasicBlock *Latch = C.getLoopLatch();
    const ConstantInt *Step = Latch && PN.getParent() == C.getHeader()
                                  ? counterStep(PN, Latch)
                                  : nullptr;
    auto *Start = dyn_cast<Instruction>(
        PN.getIncomingValueForBlock(C.getLoopPreheader()));
    if (!Step || !UniformPhis.count(const_cast<PHINode *>(&PN)) ||
        (Start && LaneLoop.contains(Start)))
      return false;
    if (!is_contained(make_first_range(B.Counters), &PN))
      B.Counters.push_back({&PN, Step});
    return true;
  });
}

/// The exits of \p C in \p B when every one is a test the block can
/// compute ahead (isPredictable).
bool LanePlanBuilder::findBlockExits(const Loop &C, const InnerLoopDecision &D,
                                     TransposedBlocks &B) const {
  SmallVector<BasicBlock *, 4> Exiting;
  C.getExitingBlocks(Exiting);
  for (BasicBlock *E : Exiting) {
    auto *Br = dyn_cast<BranchInst>(E->getTerminator());
    if (!Br || !Br->isConditional() || !C.getLoopPreheader() ||
        !isPredictable(C, L, Br->getCondition(), D.UniformPhis, B))
      return false;
    B.Exits.push_back({Br, false});
  }
  return !B.Exits.empty();
}

/// Whether \p X reads each lane's own row in \p C, one element further per
/// iteration, in every iteration, at an address the cut can compute.
bool LanePlanBuilder::readsOwnRow(const Loop &C, const LoadInst &X) const {
  Type *T = X.getType();
  if (!X.isSimple() || GroupOf.count(&X) || T->isIntegerTy(1) ||
      !(T->isIntegerTy() || T->isFloatingPointTy()) ||
      DL.getTypeStoreSize(T) != DL.getTypeAllocSize(T) ||
      !DT.dominates(X.getParent(), C.getLoopLatch()))
    return false;
  const Value *Ptr = X.getPointerOperand();
  auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(const_cast<Value *>(Ptr)));
  if (!AR || AR->getLoop() != &C || !AR->isAffine())
    return false;
  auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
  return Step && Step->getAPInt() == DL.getTypeAllocSize(T).getFixedValue() &&
         isComputedIn(C, Ptr, [](const PHINode &) { return true; });
}

/// One iteration's share of a transposed block of \p X in a loop with
/// \p NumExits exit tests: the read of its vector from the block, and a
/// VF-th of the block's VF row loads, its transpose (the shuffles the cut
/// emits, each priced by its mask), its VF stores and its VF x NumExits
/// tests.
InstructionCost
LanePlanBuilder::transposedBlockCost(const LoadInst &X,
                                     unsigned NumExits) const {
  auto *VT = FixedVectorType::get(X.getType(), VF);
  Align VecAlign = DL.getPrefTypeAlign(VT);
  unsigned AS = X.getPointerAddressSpace();
  InstructionCost Shuffles = 0;
  for (const TransposeStage &S : transposeStages(VF))
    Shuffles += (TTI.getShuffleCost(TargetTransformInfo::SK_PermuteTwoSrc, VT,
                                    VT, S.Lo, CostKind) +
                 TTI.getShuffleCost(TargetTransformInfo::SK_PermuteTwoSrc, VT,
                                    VT, S.Hi, CostKind)) *
                (VF / 2);
  InstructionCost Block =
      TTI.getMemoryOpCost(Instruction::Load, VT, X.getAlign(), AS, CostKind) *
          VF +
      Shuffles +
      TTI.getMemoryOpCost(Instruction::Store, VT, VecAlign, 0, CostKind) * VF +
      TTI.getCmpSelInstrCost(Instruction::ICmp,
                             Type::getInt64Ty(X.getContext()), nullptr,
                             CmpInst::BAD_ICMP_PREDICATE, CostKind) *
          (VF * NumExits);
  return TTI.getMemoryOpCost(Instruction::Load, VT, VecAlign, 0, CostKind) +
         (Block + (VF - 1)) / VF;
}

/// Plan transform: the gathers and per-lane reads of the innermost uniform
/// loop \p C (node \p N) that read each lane's own row become transposed
/// blocks where those cost less. A loop that gets any keeps no other copy
/// of its lane loop 2 and no cut inside (none would be cut again).
void LanePlanBuilder::planTransposedBlocks(const Loop &C, PlanNode &N) const {
  const InnerLoopDecision &D = N.LoopDecision;
  if (!Opts.TransposedBlocks || P.Scalable || VF < 2 || !isPowerOf2_32(VF) ||
      !C.isInnermost() || !D.Uniform || D.ShadowLanes || D.Refused ||
      D.EnteredCopy || D.SteadyRounds || !D.Access.LaneStepped.empty() ||
      !C.getLoopLatch())
    return;
  // Fewer iterations than a block: never one. A loop inside another loop
  // of the lane loop pays the block's fixed work (the test, the fill, the
  // array's round trip, the dispatch each round) in every iteration of the
  // outer one: OpenCL dct8x8's rows of 8 ran 6-15% slower in blocks than
  // gathered, where rowdot's, in the lane loop itself, ran alike.
  unsigned MaxTrips = SE.getSmallConstantMaxTripCount(&C);
  if ((MaxTrips && MaxTrips < VF) || C.getParentLoop() != &L)
    return;
  // Where each lane's own run of the loop is widened (an integer dot
  // product), the scalar lane loop reads the rows with wide loads already,
  // and the round loop's own work per iteration, which the plan does not
  // price, makes the blocks lose: bench/rowdot at x86-64-v4 ran 1.5-2.5x
  // plain clang's time with them, 0.7-1.1x without.
  if (findScalarInnerLoop(C, MaxTrips).Width >= 2)
    return;
  for (const BasicBlock *BB : C.blocks())
    for (const Instruction &I : *BB)
      if (I.mayWriteToMemory())
        return;
  bool CutInside = false;
  N.forEach([&](const PlanNode &M) {
    CutInside |= M.hasBOSCC() || M.isSerialCall();
  });
  TransposedBlocks B;
  if (CutInside || !findBlockExits(C, D, B))
    return;
  for (auto &Child : N.Children) {
    PlanNode &M = *Child;
    if ((M.Kind != PlanNode::Gather && M.Kind != PlanNode::Scalarize) ||
        M.Insts.size() != 1)
      continue;
    auto *X = dyn_cast<LoadInst>(M.Insts.front());
    if (!X || !readsOwnRow(C, *X))
      continue;
    InstructionCost Cost = transposedBlockCost(*X, B.Exits.size());
    if (!Cost.isValid() || Cost >= M.Cost.Vector)
      continue;
    std::string Note;
    raw_string_ostream(Note)
        << "each lane's row, " << VF << " iterations at a time; "
        << (M.Kind == PlanNode::Gather ? "a gather costs "
                                       : "per-lane loads cost ")
        << M.Cost.Vector;
    M.Kind = PlanNode::Transposed;
    M.Cost.Vector = Cost;
    M.Note = std::move(Note);
    B.Reads.push_back(X);
  }
  if (B.Reads.empty())
    return;
  for (auto &[Br, AfterReads] : B.Exits)
    AfterReads = all_of(B.Reads, [&, Br = Br](const LoadInst *X) {
      return DT.dominates(X->getParent(), Br->getParent());
    });
  N.LoopDecision.Blocks = std::move(B);
}

} // namespace vplanext
