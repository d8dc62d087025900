//===- LanePlan.cpp - Plans of SIMD-lane loops: regions and recipes -------===//
//
// The builder walks the lane loop's blocks in reverse post-order and builds
// the region tree as it goes: an inner loop's header opens a loop region
// (its blocks are consumed by it), a conditional branch with a single-entry
// single-exit region up to its join opens an if/else region, and every other
// instruction becomes a recipe of the enclosing region. Recipes and regions
// are costed with TargetTransformInfo as they are made.
//
// This file holds the walk, the regions, the arithmetic and call recipes and
// the analysis; LanePlanBuilder.h declares the builder, LanePlanCost.cpp
// prices arithmetic, LanePlanMemory.cpp makes the memory recipes and
// LanePlanPrint.cpp prints the plans.
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/LanePlanBuilder.h"
#include "vplan-ext/LockstepAccess.h"
#include "vplan-ext/SimdLoopPass.h"
#include "vplan-ext/DivergenceAnalysis.h"
#include "vplan-ext/LoweringRules.h"
#include "vplan-ext/UniformLoopRule.h"
#include "vplan-ext/StrideAnalysis.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"
#include <functional>

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

namespace vplanext {

AnalysisKey LanePlanAnalysis::Key;

/// Trip count assumed for an inner loop SCEV cannot bound: only the ratio of
/// scalar to vector cost matters, and both sides scale with it.
static constexpr unsigned AssumedTripCount = 8;
/// A bound above this (an `int` counter's range) says nothing about the
/// loop; the assumed trip count is used instead.
static constexpr unsigned MaxUsefulTripCount = 4096;

/// The width LaneLoopFission and the vectorizer use: the loop's
/// `llvm.loop.vectorize.width`; for a user loop without one, one vector
/// register of the widest data the body loads or stores (SimdLoopPass's
/// rule for loops it strip-mines).
unsigned LanePlanBuilder::chooseVF() const {
  return chooseSimdLoopVL(L, TTI, DL);
}

void LanePlanBuilder::findControl() {
  PHINode *Lane = Div.getLaneIndex();
  if (!Lane)
    return;
  Control.insert(Lane);
  if (BasicBlock *Latch = L.getLoopLatch())
    if (auto *Next =
            dyn_cast<Instruction>(Lane->getIncomingValueForBlock(Latch)))
      Control.insert(Next);
  SmallVector<BasicBlock *, 2> Exiting;
  L.getExitingBlocks(Exiting);
  for (BasicBlock *BB : Exiting) {
    auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
    if (!Br)
      continue;
    Control.insert(Br);
    if (Br->isConditional())
      if (auto *Cmp = dyn_cast<CmpInst>(Br->getCondition());
          Cmp && Cmp->hasOneUse())
        Control.insert(Cmp);
  }
  if (BasicBlock *Latch = L.getLoopLatch())
    Control.insert(Latch->getTerminator());
}

void LanePlanBuilder::findMaskedBlocks() {
  for (BasicBlock *BB : Blocks) {
    Instruction *Term = BB->getTerminator();
    if (!Div.isDivergentBranch(Term))
      continue;
    const DomTreeNode *N = PDT.getNode(BB);
    const BasicBlock *IPD =
        N && N->getIDom() ? N->getIDom()->getBlock() : nullptr;
    SmallVector<const BasicBlock *, 8> Work;
    for (const BasicBlock *S : successors(BB))
      Work.push_back(S);
    while (!Work.empty()) {
      const BasicBlock *X = Work.pop_back_val();
      // The lanes meet again at the post-dominator; the lane loop's back
      // edge starts the next lane.
      if (X == IPD || X == L.getHeader() || !L.contains(X) ||
          !Masked.insert(X).second)
        continue;
      append_range(Work, successors(X));
    }
  }
  for (Loop *C : L.getLoopsInPreorder())
    if (C != &L && isDivergentLoop(C))
      Masked.insert(C->block_begin(), C->block_end());
}

bool LanePlanBuilder::hasVaryingUser(const Instruction &I) const {
  return any_of(I.users(), [&](const User *U) {
    auto *UI = dyn_cast<Instruction>(U);
    return UI && L.contains(UI) && isVarying(UI);
  });
}

void LanePlanBuilder::addRecipe(NodeList &Out, PlanNode::NodeKind K,
                                const Instruction &I, PlanCost C,
                                std::string Note) {
  // Runs of arithmetic, uniform values and blends of one block print as
  // one recipe (one block: an if/else region splits its costs by side).
  bool Merges =
      K == PlanNode::Widen || K == PlanNode::Uniform || K == PlanNode::Blend;
  if (Merges && !Out.empty() && Out.back()->getKind() == K && Note.empty() &&
      Out.back()->Note.empty() &&
      Out.back()->Insts.back()->getParent() == I.getParent()) {
    Out.back()->Insts.push_back(&I);
    Out.back()->Cost += C;
    return;
  }
  auto N = std::make_unique<PlanNode>(K);
  N->Insts.push_back(&I);
  N->Cost = C;
  N->Note = std::move(Note);
  Out.push_back(std::move(N));
}

void LanePlanBuilder::addCall(CallBase &CB, NodeList &Out) {
  PlanCost C = scalarCost(CB);
  Function *Callee = CB.getCalledFunction();
  if (callNeedsSerialLanes(CB)) {
    // Cut out by LaneLoopFission into a lane loop of its own, run in lane
    // order: the same VF calls as the scalar lane loop, so whatever the
    // callee's body costs, it costs the same both ways; plus that lane
    // loop's own work.
    C.Vector = C.Scalar + serialCallOverhead(CB);
    addRecipe(Out, PlanNode::Instantiate, CB, C,
              "no vector variant, lane by lane in lane order");
    Out.back()->SerialCall = true;
    return;
  }
  // TTI prices a call as a call, not as its callee's body or libm's: the
  // widened call's body is not the scalar one's.
  auto *II = dyn_cast<IntrinsicInst>(&CB);
  if ((!II || !libmBaseName(II->getIntrinsicID()).empty()) && !P.UnpricedCall)
    P.UnpricedCall = &CB;
  if (!isVarying(&CB)) {
    C.Vector = TTI.getInstructionCost(&CB, CostKind);
    if (hasVaryingUser(CB))
      C.Vector += broadcastCost(CB.getType());
    addRecipe(Out, PlanNode::Uniform, CB, C);
    return;
  }
  SmallVector<Type *, 4> ArgTys;
  bool Widenable = isWidenable(CB.getType());
  for (const Use &A : CB.args()) {
    Widenable &= isWidenable(A->getType());
    ArgTys.push_back(isVarying(A) || isa<IntrinsicInst>(CB)
                         ? widen(A->getType())
                         : A->getType());
  }
  if (!Widenable)
    C.Vector = C.Scalar;
  else if (auto *II = dyn_cast<IntrinsicInst>(&CB))
    C.Vector = TTI.getIntrinsicInstrCost(
        IntrinsicCostAttributes(II->getIntrinsicID(), widen(CB.getType()),
                                ArgTys),
        CostKind);
  else
    C.Vector =
        TTI.getCallInstrCost(Callee, widen(CB.getType()), ArgTys, CostKind);
  addRecipe(Out, PlanNode::Widen, CB, C);
}

/// Whether nothing but other such values uses \p I (within a few levels),
/// and it has no side effects: the cleanup after the cut deletes it, so it
/// costs neither loop anything. The widened `i + lane` of a linear `int`
/// the body reads only as `p[i]` was such a chain, and AArch64 prices its
/// <VF x i64> multiply at 11: a 4-lane saxpy stayed lane by lane.
static bool isDeadValue(const Instruction &I, unsigned Depth = 0) {
  if (Depth > 4 || I.mayHaveSideEffects() || I.isTerminator() ||
      isa<PHINode>(I))
    return false;
  return all_of(I.users(), [&](const User *U) {
    const auto *UI = dyn_cast<Instruction>(U);
    return UI && isDeadValue(*UI, Depth + 1);
  });
}

/// Whether \p I is an address only loads and stores use, as their pointer.
static bool isFoldedAddress(const Instruction &I) {
  return isa<GetElementPtrInst>(I) && all_of(I.users(), [&](const User *U) {
           return isa<LoadInst, StoreInst>(U) &&
                  getLoadStorePointerOperand(U) == &I &&
                  (!isa<StoreInst>(U) ||
                   cast<StoreInst>(U)->getValueOperand() != &I);
         });
}

/// Whether integer arithmetic \p I only computes (a few levels deep) the
/// indices of addresses of contiguous loads and stores. The vectorizer
/// computes such an index for the first lane only, once per vector: the
/// per-lane `sext(i) + lane` of a linear `int` read as `p[i]` is no
/// <VF x i64> add and multiply, which AArch64 prices high enough to keep a
/// 4-lane `p[i] * 2` lane by lane.
bool LanePlanBuilder::isContiguousIndex(const Instruction &I,
                                        unsigned Depth) const {
  if (Depth > 4 || !I.getType()->isIntegerTy() ||
      !isa<BinaryOperator, CastInst>(I) || I.use_empty())
    return false;
  return all_of(I.users(), [&](const User *U) {
    const auto *UI = dyn_cast<Instruction>(U);
    if (UI && isFoldedAddress(*UI))
      return all_of(UI->users(), [&](const User *M) {
        const AccessStride *S = Strides.getStride(cast<Instruction>(M));
        return S && S->Kind == AccessStrideKind::Contiguous;
      });
    return UI && isContiguousIndex(*UI, Depth + 1);
  });
}

void LanePlanBuilder::addInstruction(Instruction &I, NodeList &Out) {
  if (Control.count(&I) || I.isDebugOrPseudoInst() || I.isLifetimeStartOrEnd())
    return;
  if (isDeadValue(I))
    return;
  if (isa<AssumeInst, NoAliasScopeDeclInst>(I))
    return;
  // Branches become masks; their cost goes to their region.
  if (I.isTerminator())
    return;
  if (const char *Why = whyVectorizerDeclines(I)) {
    PlanCost C = scalarCost(I);
    C.Vector = C.Scalar;
    return addRecipe(Out, PlanNode::Instantiate, I, C,
                     std::string(Why) +
                         ": the vectorizer declines its lane loop");
  }
  if (isa<LoadInst, StoreInst>(I))
    return addMemory(I, Out);
  if (auto *CB = dyn_cast<CallBase>(&I))
    return addCall(*CB, Out);
  // An address only loads and stores use is part of their recipe (base
  // plus lane offset, or the gather's vector of pointers).
  if (isFoldedAddress(I))
    return;
  PlanCost C = scalarCost(I);
  if (isContiguousIndex(I)) {
    C.Vector = laneCost(I);
    return addRecipe(Out, PlanNode::Uniform, I, C, "contiguous address");
  }
  if (auto *Phi = dyn_cast<PHINode>(&I)) {
    const Loop *PL = LI.getLoopFor(Phi->getParent());
    bool InnerHeader = PL != &L && PL->getHeader() == Phi->getParent();
    // The state of a divergent loop is only updated in active lanes; a phi
    // where paths from a divergent branch meet picks per lane. Both are
    // selects on a mask once widened.
    bool IsBlend = isVarying(Phi) && Phi->getNumIncomingValues() > 1 &&
                   (InnerHeader ? isDivergentLoop(PL)
                                : Phi->getParent() != L.getHeader());
    if (IsBlend) {
      Type *T = Phi->getType();
      C.Vector = isWidenable(T) && !T->isVoidTy()
                     ? selectCost(T) * (Phi->getNumIncomingValues() - 1)
                     : C.Scalar;
      return addRecipe(Out, PlanNode::Blend, I, C);
    }
    C.Vector = 0;
    return addRecipe(
        Out, isVarying(Phi) ? PlanNode::Widen : PlanNode::Uniform, I, C);
  }
  if (!isVarying(&I) && !I.mayHaveSideEffects()) {
    C.Vector = TTI.getInstructionCost(&I, CostKind);
    if (hasVaryingUser(I))
      C.Vector += broadcastCost(I.getType());
    return addRecipe(Out, PlanNode::Uniform, I, C);
  }
  C.Vector = widenCost(I);
  addRecipe(Out, PlanNode::Widen, I, C);
}

/// The if/else region of the conditional branch ending \p BB, by
/// LaneLoopFission's rule (findBOSCCBranch): the blocks the branch
/// dominates and its join post-dominates, entered only through the branch
/// and left only to the join. The join must be in the branch's loop, so
/// loop exits and back edges are never regions.
bool LanePlanBuilder::findIfRegion(BasicBlock *BB, BlockSet &Region,
                                   BasicBlock *&Join) const {
  auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
  if (!Br || !Br->isConditional() || isa<Constant>(Br->getCondition()) ||
      Control.count(Br))
    return false;
  DomTreeNode *N = PDT.getNode(BB);
  if (!N || !N->getIDom() || !N->getIDom()->getBlock())
    return false;
  Join = N->getIDom()->getBlock();
  if (!L.contains(Join) || Join == L.getHeader() ||
      LI.getLoopFor(Join) != LI.getLoopFor(BB))
    return false;
  for (BasicBlock *X : L.blocks())
    if (X != BB && X != Join && X != L.getHeader() && X != L.getLoopLatch() &&
        DT.dominates(BB, X) && PDT.dominates(Join, X))
      Region.insert(X);
  bool SESE = !Region.empty();
  for (const BasicBlock *X : Region)
    for (const BasicBlock *S : successors(X))
      SESE &= S == Join || Region.count(S);
  for (const BasicBlock *S : successors(BB))
    SESE &= S == Join || Region.count(S);
  if (!SESE)
    Region.clear();
  return SESE;
}

std::unique_ptr<PlanNode>
LanePlanBuilder::buildIf(BasicBlock *BB, const BlockSet &Region,
                         BasicBlock *Join, const BasicBlock *BOSCCRegion) {
  auto *Br = cast<BranchInst>(BB->getTerminator());
  // A branch on a divergent loop's lane state is per lane once lowered.
  bool Divergent = Div.isDivergentBranch(Br) ||
                   (Br->isConditional() && LaneState.count(Br->getCondition()));
  auto N = std::make_unique<PlanNode>(Divergent ? PlanNode::DivergentIf
                                                : PlanNode::UniformIf);
  N->Entry = BB;
  N->Then = Br->getSuccessor(0) == Join ? nullptr : Br->getSuccessor(0);
  N->Else = Br->getSuccessor(1) == Join ? nullptr : Br->getSuccessor(1);

  // The BOSCC decision, in the order LaneLoopFission meets the obstacles.
  bool HoldsLoop = any_of(Region, [&](const BasicBlock *X) {
    return LI.getLoopFor(X) != LI.getLoopFor(BB);
  });
  bool HoldsSerialCall = any_of(
      Region, [](const BasicBlock *X) { return holdsSerialCall(*X); });
  for (const BasicBlock *X : Region)
    for (const Instruction &I : *X)
      N->BOSCCCost += bosccRegionCost(I, &TTI, VF);
  unsigned Threshold = Opts.BOSCCThreshold;
  std::string Why;
  raw_string_ostream WS(Why);
  if (!Opts.BOSCC) {
    WS << "-vplan-boscc is off";
  } else if (!IsX86) {
    WS << "not an x86 target (the copies' register barriers are x86 asm)";
  } else if (P.Scalable) {
    WS << "the lane count is scalable (the copies count lanes at compile "
          "time)";
  } else if (BOSCCRegion) {
    WS << "inside the BOSCC region of ";
    BOSCCRegion->printAsOperand(WS, /*PrintType=*/false);
    WS << " (copies are not cut again)";
  } else if (NumBOSCC >= Opts.BOSCCMaxRegions) {
    WS << "over the budget of -vplan-boscc-max-regions="
       << Opts.BOSCCMaxRegions;
  } else if (HoldsLoop) {
    WS << "the region holds a loop, which fission cuts out first";
  } else if (CallWhole.count(Br)) {
    WS << "in the lane loop a refused cut at a call leaves whole";
  } else if (auto It = RefusedBOSCC.find(Br); It != RefusedBOSCC.end()) {
    WS << "its cut would be refused: " << It->second.Why;
  } else if (HoldsSerialCall) {
    WS << "the region holds a call run lane by lane, which fission cuts out "
          "first";
  } else if (Join == L.getLoopLatch()) {
    WS << "the region joins at the lane loop's latch";
  } else {
    N->BOSCC = N->BOSCCCost >= Threshold;
    NumBOSCC += N->BOSCC;
    if (N->BOSCC)
      BOSCCRegions[Br] = Region;
    WS << "region cost " << N->BOSCCCost << (N->BOSCC ? " >= " : " < ")
       << "threshold " << Threshold;
  }
  N->Note = std::move(Why);

  buildScope(Region, LI.getLoopFor(BB), N->BOSCC ? BB : BOSCCRegion,
             N->Children);

  // Split the children by side: blocks reached from each successor before
  // the join (a block reached from both counts on both sides).
  auto Side = [&](const BasicBlock *S) {
    BlockSet Reached;
    if (!S)
      return Reached;
    SmallVector<const BasicBlock *, 8> Work{S};
    while (!Work.empty()) {
      const BasicBlock *X = Work.pop_back_val();
      if (X == Join || !Region.count(X) || !Reached.insert(X).second)
        continue;
      append_range(Work, successors(X));
    }
    return Reached;
  };
  BlockSet ThenBlocks = Side(N->Then), ElseBlocks = Side(N->Else);
  PlanCost Both;
  for (const auto &C : N->Children) {
    const BasicBlock *At =
        C->isRegion() ? C->Entry : C->Insts.front()->getParent();
    if (ThenBlocks.count(At))
      N->ThenCost += C->Cost;
    if (ElseBlocks.count(At))
      N->ElseCost += C->Cost;
    Both += C->Cost;
  }
  // Scalar: each lane runs one side (the costlier one is counted). Vector:
  // predicated, both sides under masks, plus the then / else masks; BOSCC
  // adds the all-then / all-else tests (two reductions of the mask).
  auto Max = [](InstructionCost A, InstructionCost B) { return A < B ? B : A; };
  N->Cost.Scalar = Max(N->ThenCost.Scalar, N->ElseCost.Scalar) +
                   TTI.getCFInstrCost(Instruction::Br, CostKind) * VF;
  // Where the lanes disagree the scalar lane loop's branch goes both ways:
  // half the target's mispredict penalty per lane, a branch taken at random.
  if (Divergent)
    N->Cost.Scalar += TTI.getBranchMispredictPenalty() * VF / 2;
  InstructionCost Dispatch = 0;
  if (N->BOSCC) {
    auto *MaskTy = cast<VectorType>(widen(Type::getInt1Ty(BB->getContext())));
    Dispatch = TTI.getArithmeticReductionCost(Instruction::And, MaskTy,
                                              std::nullopt, CostKind) +
               TTI.getArithmeticReductionCost(Instruction::Or, MaskTy,
                                              std::nullopt, CostKind);
  }
  if (Divergent)
    N->Cost.Vector = Both.Vector + maskOpCost() * 2 + Dispatch;
  else if (N->BOSCC)
    // The lanes always agree: the dispatch always picks an unmasked copy.
    N->Cost.Vector = Max(N->ThenCost.Vector, N->ElseCost.Vector) + Dispatch;
  else
    // The vectorizer if-converts uniform branches too.
    N->Cost.Vector = Both.Vector + maskOpCost() * 2;
  return N;
}

/// The exit of the divergent loop \p C as the lowering runs it, per round:
/// each exit test clears the leaving lanes from the active flags, the loop
/// goes on while any lane is active (an or-reduction), a lane that leaves
/// records which exit it took when the exits go to more than one block
/// (its resume point) and the values it carries out of the loop. Flags and
/// resume points are integers of laneFlagType.
std::unique_ptr<PlanNode> LanePlanBuilder::buildMaskedExit(const Loop &C) const {
  auto Exit = std::make_unique<PlanNode>(PlanNode::MaskedExit);
  SmallVector<BasicBlock *, 2> Exiting;
  C.getExitingBlocks(Exiting);
  for (BasicBlock *BB : Exiting)
    Exit->Insts.push_back(BB->getTerminator());
  SmallVector<Loop::Edge, 2> ExitEdges;
  C.getExitEdges(ExitEdges);
  unsigned CrossBits = 0;
  unsigned LiveOuts = 0;
  InstructionCost Capture = 0;
  for (BasicBlock *BB : C.blocks())
    for (Instruction &I : *BB) {
      if (none_of(I.users(), [&](const User *U) {
            return !C.contains(cast<Instruction>(U));
          }))
        continue;
      ++LiveOuts;
      if (!I.getType()->isPointerTy())
        CrossBits = std::max(CrossBits, laneDataBits(I.getType(), DL));
      Capture += selectCost(I.getType());
    }
  Type *FlagTy = laneFlagType(*C.getHeader(), CrossBits);
  SmallVector<LandingTarget, 2> Targets;
  for (const Loop::Edge &E : ExitEdges)
    Targets.push_back({E.second, 0});
  unsigned Resumes = resumePoints(Targets);
  auto *MaskTy =
      cast<VectorType>(widen(Type::getInt1Ty(C.getHeader()->getContext())));
  Exit->Cost.Scalar = TTI.getCFInstrCost(Instruction::Br, CostKind) * VF *
                      unsigned(Exiting.size());
  Exit->Cost.Vector =
      maskOpCost() * unsigned(Exiting.size()) +
      TTI.getArithmeticReductionCost(Instruction::Or, MaskTy, std::nullopt,
                                     CostKind) +
      TTI.getArithmeticInstrCost(Instruction::And, widen(FlagTy), CostKind) +
      selectCost(FlagTy) * Resumes + Capture;
  raw_string_ostream OS(Exit->Note);
  OS << "lanes that leave record ";
  if (Resumes)
    OS << "their exit (" << Resumes << " resume points) and ";
  OS << LiveOuts << (LiveOuts == 1 ? " value" : " values");
  return Exit;
}

std::unique_ptr<PlanNode>
LanePlanBuilder::buildLoop(Loop &C, const BasicBlock *BOSCCRegion) {
  const UniformLoopShape &Shape = CutShapes.at(&C);
  bool Divergent = !Shape.Uniform;
  auto N = std::make_unique<PlanNode>(Divergent ? PlanNode::DivergentLoop
                                                : PlanNode::UniformLoop);
  N->Entry = C.getHeader();
  N->L = &C;
  N->LoopDecision.CutOrder = CutOrder.lookup(C.getHeader());
  N->LoopDecision.Uniform = Shape.Uniform;
  N->LoopDecision.ShadowLanes = Shape.ShadowLanes;
  N->LoopDecision.UniformPhis = Shape.UniformPhis;
  SmallPtrSet<const PHINode *, 4> Counters = planLockstep(C, *N, !Divergent);
  N->LoopDecision.ResumeDispatch = hasResumeDispatch(C);
  N->LoopDecision.LandingPhis = CutViews.at(&C).LandingPhis;
  planLaneValues(C, N->LoopDecision);
  N->LoopDecision.EnteredCopy = planEnteredCopy(C, N->LoopDecision);
  if (auto It = Refusals.find(&C); It != Refusals.end())
    N->LoopDecision.Refused = It->second;
  if (Divergent)
    markLaneState(C, Counters);
  BlockSet Scope(C.block_begin(), C.block_end());
  buildScope(Scope, &C, BOSCCRegion, N->Children);
  if (Divergent)
    N->Children.push_back(buildMaskedExit(C));
  planSteadyRounds(*N);
  planTransposedBlocks(C, *N);
  for (const auto &Child : N->Children)
    N->IterCost += Child->Cost;
  if (unsigned TC = SE.getSmallConstantTripCount(&C)) {
    N->TripCount = TC;
    N->TripCountKnown = true;
  } else if (unsigned Max = SE.getSmallConstantMaxTripCount(&C);
             Max && Max <= MaxUsefulTripCount) {
    N->TripCount = Max;
    N->Note = "at most";
  } else {
    N->TripCount = AssumedTripCount;
  }
  N->Cost = N->IterCost * N->TripCount;
  planScalarInnerLoop(C, *N);
  return N;
}

/// Plan transform: the scalar lane loop's own vectorizer may widen the
/// inner loop \p C in each lane's run (findScalarInnerLoop); the loop's
/// scalar cost is then that form's, where it is lower: with a known or
/// bounded trip count, its whole vector iterations and the rest one by
/// one; with an unknown one, as the vectorizer prices it, per iteration;
/// and per lane the reductions folded at the end.
void LanePlanBuilder::planScalarInnerLoop(const Loop &C, PlanNode &N) const {
  bool Bounded = N.TripCountKnown || !N.Note.empty();
  ScalarInnerLoop S = findScalarInnerLoop(C, Bounded ? N.TripCount : 0);
  if (S.Width < 2)
    return;
  InstructionCost Iter = scalarInnerIterCost(C, S.Width);
  InstructionCost Widened = Iter * N.TripCount;
  if (Bounded)
    Widened = Iter * (N.TripCount / S.Width * S.Width) +
              N.IterCost.Scalar * (N.TripCount % S.Width);
  Widened += scalarInnerRunCost(S) * VF;
  if (!Widened.isValid() || Widened >= N.Cost.Scalar)
    return;
  N.ScalarInnerWidth = S.Width;
  N.ScalarInnerIterCost = Iter;
  N.Cost.Scalar = Widened;
}

/// Builds the nodes of the blocks of \p Scope not yet placed, in program
/// order. \p ScopeLoop is the innermost loop holding the scope; inner loops
/// of it become loop regions. \p BOSCCRegion is the branch block of an
/// enclosing region that gets BOSCC (regions inside its copies do not).
void LanePlanBuilder::buildScope(const BlockSet &Scope, const Loop *ScopeLoop,
                                 const BasicBlock *BOSCCRegion, NodeList &Out) {
  for (BasicBlock *BB : Blocks) {
    if (!Scope.count(BB) || Consumed.count(BB))
      continue;
    // The child loop of the scope holding BB: reverse post-order meets its
    // header first.
    Loop *C = LI.getLoopFor(BB);
    while (C && C->getParentLoop() != ScopeLoop && C != ScopeLoop)
      C = C->getParentLoop();
    if (C && C != ScopeLoop) {
      // The loop's own walk places its blocks.
      Out.push_back(buildLoop(*C, BOSCCRegion));
      Consumed.insert(C->block_begin(), C->block_end());
      continue;
    }
    Consumed.insert(BB);
    for (Instruction &I : *BB)
      addInstruction(I, Out);
    BlockSet Region;
    BasicBlock *Join = nullptr;
    if (findIfRegion(BB, Region, Join) &&
        all_of(Region, [&](const BasicBlock *X) {
          return Scope.count(X) && !Consumed.count(X);
        })) {
      // The region's own walk places its blocks; the walk here then skips
      // them.
      std::unique_ptr<PlanNode> N = buildIf(BB, Region, Join, BOSCCRegion);
      Consumed.insert(Region.begin(), Region.end());
      Out.push_back(std::move(N));
    }
  }
  costDeclinedLaneLoops(Out);
  costRefusedCuts(Out);
}

/// The plan's nodes and their costs, from the analyses' results and the
/// plan transforms that run before the nodes (what the loops' cuts see,
/// the refusals at loops and calls), which building them does not change.
void LanePlanBuilder::buildNodes() {
  P.Nodes.clear();
  P.FlatCuts.clear();
  P.UnpricedCall = nullptr;
  P.NoWrapAssumed = nullptr;
  P.PartlyDeclined = false;
  Consumed.clear();
  PlacedGroups.clear();
  LockstepAccesses.clear();
  LaneState.clear();
  NumBOSCC = 0;
  BOSCCRegions.clear();
  BlockSet Scope(L.block_begin(), L.block_end());
  buildScope(Scope, &L, nullptr, P.Nodes);
  std::tie(P.Declined, P.DeclinedWhy) = findDeclinedLaneLoop(P.Nodes);
}

void LanePlanBuilder::run() {
  VF = chooseVF();
  P.VF = VF;
  P.Scalable =
      getBooleanLoopAttribute(&L, "llvm.loop.vectorize.scalable.enable");
  P.VFFromMetadata =
      getOptionalIntLoopAttribute(&L, "llvm.loop.vectorize.width").has_value();
  // Reverse post-order of the lane loop's blocks, from a depth-first walk
  // that takes successors last to first: every block comes after its
  // predecessors (back edges aside), and a branch's first successor (the
  // then side) comes before the second.
  SmallPtrSet<BasicBlock *, 32> Seen{L.getHeader()};
  SmallVector<std::pair<BasicBlock *, unsigned>, 16> Stack{
      {L.getHeader(), L.getHeader()->getTerminator()->getNumSuccessors()}};
  while (!Stack.empty()) {
    auto &[BB, Next] = Stack.back();
    if (Next == 0) {
      Blocks.push_back(BB);
      Stack.pop_back();
      continue;
    }
    BasicBlock *S = BB->getTerminator()->getSuccessor(--Next);
    if (L.contains(S) && Seen.insert(S).second)
      Stack.push_back({S, S->getTerminator()->getNumSuccessors()});
  }
  std::reverse(Blocks.begin(), Blocks.end());
  findControl();
  findCutShapes();
  planCutRefusals();
  planCallRefusals();
  findMaskedBlocks();
  formInterleaveGroups();
  buildNodes();
  planFlatCuts();
  // A BOSCC region whose cut the model refuses gets no copies: the plan is
  // built again without them (its costs, the budget, the other cuts of the
  // lane loop the refusal would have left whole), until no new one is.
  for (bool Again = true; Again;) {
    Again = false;
    for (const auto &[Key, D] : P.FlatCuts)
      if (auto *Br = dyn_cast<BranchInst>(Key.first); Br && D.Refused)
        Again |= RefusedBOSCC.insert({Br, D.Refused}).second;
    if (Again) {
      buildNodes();
      planFlatCuts();
    }
  }
  if (planCutBudget())
    buildNodes();
  findLeftWhole();
  for (const auto &N : P.Nodes)
    P.Cost += N->Cost;
}

double LanePlan::getSpeedup() const {
  if (UnpricedCall || !Cost.Scalar.isValid() || !Cost.Vector.isValid() ||
      Cost.Vector.getValue() <= 0)
    return 0;
  return double(Cost.Scalar.getValue()) / double(Cost.Vector.getValue());
}

const LanePlan *LanePlanInfo::getPlan(const Loop *L) const {
  for (const auto &P : Plans)
    if (&P->getLoop() == L)
      return P.get();
  return nullptr;
}

bool LanePlanInfo::invalidate(Function &F, const PreservedAnalyses &PA,
                              FunctionAnalysisManager::Invalidator &Inv) {
  auto PAC = PA.getChecker<LanePlanAnalysis>();
  return !(PAC.preserved() || PAC.preservedSet<AllAnalysesOn<Function>>()) ||
         Inv.invalidate<LaneDivergenceAnalysis>(F, PA) ||
         Inv.invalidate<LaneStrideAnalysis>(F, PA) ||
         Inv.invalidate<ScalarEvolutionAnalysis>(F, PA) ||
         Inv.invalidate<PostDominatorTreeAnalysis>(F, PA) ||
         Inv.invalidate<DominatorTreeAnalysis>(F, PA);
}

LanePlanInfo LanePlanAnalysis::planLaneLoops(Function &F,
                                             FunctionAnalysisManager &AM,
                                             const LaneLoweringOptions &Opts) {
  LanePlanInfo Info;
  auto &Div = AM.getResult<LaneDivergenceAnalysis>(F);
  if (Div.loops().empty())
    return Info;
  auto &Strides = AM.getResult<LaneStrideAnalysis>(F);
  auto &LI = AM.getResult<LoopAnalysis>(F);
  auto &DT = AM.getResult<DominatorTreeAnalysis>(F);
  auto &PDT = AM.getResult<PostDominatorTreeAnalysis>(F);
  auto &SE = AM.getResult<ScalarEvolutionAnalysis>(F);
  auto &TTI = AM.getResult<TargetIRAnalysis>(F);
  auto &AC = AM.getResult<AssumptionAnalysis>(F);
  bool IsX86 = Triple(F.getParent()->getTargetTriple()).isX86();
  for (const auto &D : Div.loops()) {
    auto P = std::make_unique<LanePlan>();
    P->L = &D->getLoop();
    LanePlanBuilder(*P, *D, Strides, LI, DT, PDT, SE, AC, TTI, IsX86, Opts)
        .run();
    Info.Plans.push_back(std::move(P));
  }
  return Info;
}

void PlanNode::forEach(function_ref<void(const PlanNode &)> Fn) const {
  Fn(*this);
  for (const auto &C : Children)
    C->forEach(Fn);
}

void LanePlan::forEachNode(function_ref<void(const PlanNode &)> Fn) const {
  for (const auto &N : Nodes)
    N->forEach(Fn);
}

PlanDecisions LanePlan::decisions() const {
  PlanDecisions D;
  forEachNode([&](const PlanNode &N) {
    if (N.hasBOSCC())
      D.BOSCCBranches.insert(N.getEntry()->getTerminator());
    if (N.isLoop())
      D.InnerLoops[N.getEntry()] = N.getLoopDecision();
    if (N.isSerialCall())
      D.SerialCalls.insert(cast<CallBase>(N.insts().front()));
  });
  D.NoCut = NoCut;
  D.FlatCuts = FlatCuts;
  return D;
}

std::string LaneLoopVerdict::whyScalar() const {
  if (Vectorize)
    return "";
  std::string S;
  raw_string_ostream OS(S);
  if (!Refused.empty()) {
    OS << "no cut of it can be made (" << Refused
       << "), and the vectorizer does not widen a loop with "
       << (RefusedAtCall ? "a call it must run lane by lane"
                         : "a loop inside");
    return S;
  }
  if (!Declined.empty()) {
    OS << "the vectorizer declines it (it holds " << Declined
       << "); its plan costs " << Cost.Vector << " for the vector lane loop "
       << "and " << Cost.Scalar << " for the scalar one";
    return S;
  }
  OS << "its plan costs " << Cost.Vector << " for the vector lane loop and "
     << Cost.Scalar << " for the scalar one";
  if (ScalarInnerWidth > 1)
    OS << ", whose inner loop the vectorizer runs " << ScalarInnerWidth
       << " iterations at a time in each lane";
  OS << " (estimated speedup " << format("%.2f", Speedup)
     << ", below -vplan-min-speedup=" << format("%g", MinSpeedup) << ")";
  return S;
}

unsigned LanePlan::getScalarInnerWidth() const {
  unsigned W = 1;
  forEachNode([&](const PlanNode &N) {
    if (N.isLoop())
      W = std::max(W, N.getScalarInnerWidth());
  });
  return W;
}

/// The verdict on the lane loop \p P plans, under \p Opts.
static LaneLoopVerdict verdictOf(const LanePlan &P,
                                 const LaneLoweringOptions &Opts) {
  if (Opts.PrintPlan)
    P.print(errs());
  LaneLoopVerdict V;
  V.VF = P.getVF();
  V.Cost = P.getCost();
  V.Speedup = P.getSpeedup();
  V.Summary = P.summary();
  V.Shape = P.shape();
  V.Shape.Loops += Opts.VerifyPlanFault;
  V.Decisions = P.decisions();
  V.Decisions.Verify = Opts.VerifyPlan;
  V.Decisions.VerifyVectorizer = Opts.VerifyVectorizer;
  V.MinSpeedup = Opts.MinSpeedup;
  V.PartlyDeclined = P.isPartlyDeclined();
  V.ScalarInnerWidth = P.getScalarInnerWidth();
  // An invalid or zero cost says nothing: the vectorizer decides. A lane
  // loop the vectorizer declines stays scalar whatever the costs say.
  if (P.getDeclined())
    V.Declined = P.getDeclinedWhy();
  else if (const Instruction *I = P.getNoWrapAssumed())
    if (const char *Why = whyVectorizerDeclinesNoWrap(*I))
      V.Declined = Why;
  // -vplan-min-speedup=0 hands every lane loop to the cut.
  if (P.getLeftWholeBy() && Opts.MinSpeedup > 0) {
    V.Refused = P.getLeftWholeBy().Why;
    V.RefusedAtCall = P.isLeftWholeAtCall();
  }
  V.Vectorize = V.Declined.empty() && V.Refused.empty() &&
                (V.Speedup == 0 || V.Speedup >= Opts.MinSpeedup);
  return V;
}

std::optional<LaneLoopVerdict>
decideLaneLoop(Function &F, const BasicBlock *Header,
               FunctionAnalysisManager &FAM, const LaneLoweringOptions &Opts) {
  std::optional<LaneLoopVerdict> V;
  {
    LanePlanInfo Info = LanePlanAnalysis::planLaneLoops(F, FAM, Opts);
    for (const auto &P : Info.plans())
      if (P->getLoop().getHeader() == Header)
        V = verdictOf(*P, Opts);
  }
  FAM.invalidate(F, PreservedAnalyses::none());
  return V;
}

SmallVector<std::pair<const BasicBlock *, LaneLoopVerdict>, 4>
decideLaneLoops(Function &F, FunctionAnalysisManager &FAM,
                const LaneLoweringOptions &Opts) {
  SmallVector<std::pair<const BasicBlock *, LaneLoopVerdict>, 4> Out;
  {
    LanePlanInfo Info = LanePlanAnalysis::planLaneLoops(F, FAM, Opts);
    for (const auto &P : Info.plans())
      Out.push_back({P->getLoop().getHeader(), verdictOf(*P, Opts)});
  }
  FAM.invalidate(F, PreservedAnalyses::none());
  return Out;
}

} // namespace vplanext
