//===- LanePlanCost.cpp - TTI costs of the lane-loop plan's recipes -------===//
//
// The costs LanePlanBuilder gives each arithmetic recipe, both ways: the
// scalar lane loop (VF runs of the instruction) and the vector plan (the
// widened instruction, capped at its lanes one by one), and the transform
// that prices lane loops the vectorizer declines at their scalar form. See
// the cost model in docs/design/vplan-ext.md.
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/LanePlanBuilder.h"
#include "vplan-ext/LoweringRules.h"
#include "vplan-ext/StrideAnalysis.h"
#include "vplan-ext/WideIntDivision.h"
#include "llvm/Analysis/IVDescriptors.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

namespace vplanext {
/// VF runs of the scalar instruction, the cost of the scalar lane loop.
PlanCost LanePlanBuilder::scalarCost(const Instruction &I) const {
  PlanCost C;
  C.Scalar = laneCost(I) * VF;
  return C;
}

/// One lane's run of \p I. X86's TTI answers 1 for a scalar integer
/// division, a placeholder: `idiv` takes about as long as a double
/// division (10-40 cycles against 13-20), so such a division costs at
/// least a scalar `fdiv double`.
InstructionCost LanePlanBuilder::laneCost(const Instruction &I) const {
  InstructionCost C = TTI.getInstructionCost(&I, CostKind);
  if (!isVariableDivision(I))
    return C;
  return std::max(C, TTI.getArithmeticInstrCost(
                         Instruction::FDiv, Type::getDoubleTy(I.getContext()),
                         CostKind));
}

InstructionCost LanePlanBuilder::broadcastCost(Type *T) const {
  if (!VectorType::isValidElementType(T))
    return 0;
  auto *VT = cast<VectorType>(widen(T));
  return TTI.getShuffleCost(TargetTransformInfo::SK_Broadcast, VT, VT, {},
                            CostKind);
}

/// What running \p CB lane by lane costs beyond its VF calls, as the cut
/// lowers it: a lane loop of its own, which per lane runs its control (an
/// add, a compare, a branch), tests and clears the lane's flag (a load, a
/// compare, a branch, a store), reads each varying argument from its lane
/// array and writes the result to one; per call, the arguments are stored
/// and the result is read as vectors, and the flags are set and tested
/// once (a store, a load, an or-reduction, a branch).
InstructionCost LanePlanBuilder::serialCallOverhead(const CallBase &CB) const {
  LLVMContext &Ctx = CB.getContext();
  Type *Flag = Type::getInt32Ty(Ctx);
  Type *Index = Type::getInt64Ty(Ctx);
  Type *Bool = Type::getInt1Ty(Ctx);
  auto Mem = [&](unsigned Opcode, Type *T) {
    return TTI.getMemoryOpCost(Opcode, T,
                               DL.getABITypeAlign(T->getScalarType()), 0,
                               CostKind);
  };
  InstructionCost Branch = TTI.getCFInstrCost(Instruction::Br, CostKind);
  InstructionCost Compare = TTI.getCmpSelInstrCost(
      Instruction::ICmp, Flag, Bool, CmpInst::ICMP_EQ, CostKind);
  InstructionCost PerLane =
      TTI.getArithmeticInstrCost(Instruction::Add, Index, CostKind) +
      Compare * 2 + Branch * 2 + Mem(Instruction::Load, Flag) +
      Mem(Instruction::Store, Flag);
  InstructionCost PerCall =
      Mem(Instruction::Store, widen(Flag)) +
      Mem(Instruction::Load, widen(Flag)) +
      TTI.getArithmeticReductionCost(
          Instruction::Or, cast<VectorType>(widen(Bool)), std::nullopt,
          CostKind) +
      Branch;
  for (const Use &A : CB.args())
    if (isVarying(A) && isWidenable(A->getType())) {
      PerLane += Mem(Instruction::Load, A->getType());
      PerCall += Mem(Instruction::Store, widen(A->getType()));
    }
  if (isWidenable(CB.getType()) && hasVaryingUser(CB)) {
    PerLane += Mem(Instruction::Store, CB.getType());
    PerCall += Mem(Instruction::Load, widen(CB.getType()));
  }
  return PerLane * VF + PerCall;
}

/// One operation on the lane mask (`and` of the mask with a condition).
InstructionCost LanePlanBuilder::maskOpCost() const {
  return TTI.getArithmeticInstrCost(
      Instruction::And, widen(Type::getInt1Ty(L.getHeader()->getContext())),
      CostKind);
}

/// One select of \p T on the lane mask: a blend per lane (a pointer's
/// blend costs an integer's of its size; an aggregate is scalarized).
InstructionCost LanePlanBuilder::selectCost(Type *T) const {
  if (T->isPointerTy())
    T = DL.getIntPtrType(T);
  if (!isWidenable(T) || T->isVoidTy())
    return TTI.getCmpSelInstrCost(Instruction::Select, T,
                                  Type::getInt1Ty(T->getContext()),
                                  CmpInst::BAD_ICMP_PREDICATE, CostKind) *
           VF;
  return TTI.getCmpSelInstrCost(Instruction::Select, widen(T),
                                widen(Type::getInt1Ty(T->getContext())),
                                CmpInst::BAD_ICMP_PREDICATE, CostKind);
}

/// Cost of the widened form of an arithmetic-like instruction: its vector
/// form, or lane by lane when that is cheaper. TTI prices some vector
/// operations above their scalarisation on purpose (X86 charges a vector
/// division 20 cycles a lane to keep LV from vectorizing loops around it);
/// in a lane loop the lanes divide either way, and the backend scalarises
/// the vector form.
InstructionCost LanePlanBuilder::widenCost(const Instruction &I) const {
  Type *Ty = I.getType();
  InstructionCost LaneByLane = laneCost(I) * VF;
  if (!isWidenable(Ty) || any_of(I.operands(), [&](const Use &U) {
        return !isa<BasicBlock>(U) && !isa<Function>(U) &&
               !isWidenable(U->getType());
      }))
    return LaneByLane;
  if (!isa<BinaryOperator>(I))
    return vectorFormCost(I);
  if (dividesThroughDouble(I, Opts))
    return divisionThroughDoubleCost(I);
  SmallVector<Type *, 2> VaryingOps;
  for (const Use &U : I.operands())
    if (isVarying(U))
      VaryingOps.push_back(laneWiden(U->getType()));
  LaneByLane += TTI.getOperandsScalarizationOverhead(VaryingOps, CostKind) +
                TTI.getScalarizationOverhead(
                    cast<VectorType>(laneWiden(Ty)), APInt::getAllOnes(VF),
                    /*Insert=*/true, /*Extract=*/false, CostKind);
  return std::min(vectorFormCost(I), LaneByLane);
}

/// The vector form WideIntDivision gives a 32-bit division: both operands
/// to double, one division, back to integer, and for a remainder
/// `a - q * b`.
InstructionCost
LanePlanBuilder::divisionThroughDoubleCost(const Instruction &I) const {
  bool Signed = I.getOpcode() == Instruction::SDiv ||
                I.getOpcode() == Instruction::SRem;
  Type *IntTy = widen(I.getType());
  Type *FPTy = widen(Type::getDoubleTy(I.getContext()));
  auto None = TargetTransformInfo::CastContextHint::None;
  InstructionCost C =
      TTI.getCastInstrCost(Signed ? Instruction::SIToFP : Instruction::UIToFP,
                           FPTy, IntTy, None, CostKind) *
          2 +
      TTI.getArithmeticInstrCost(Instruction::FDiv, FPTy, CostKind) +
      TTI.getCastInstrCost(Signed ? Instruction::FPToSI : Instruction::FPToUI,
                           IntTy, FPTy, None, CostKind);
  if (I.getOpcode() == Instruction::SRem || I.getOpcode() == Instruction::URem)
    C += TTI.getArithmeticInstrCost(Instruction::Mul, IntTy, CostKind) +
         TTI.getArithmeticInstrCost(Instruction::Sub, IntTy, CostKind);
  return C;
}

/// The widened form of \p I across the plan's lanes, or across \p At
/// iterations of a loop the vectorizer widens (every operand vector).
InstructionCost
LanePlanBuilder::vectorFormCost(const Instruction &I,
                                std::optional<ElementCount> At) const {
  auto Widen = [&](Type *T) { return At ? toVectorTy(T, *At) : widen(T); };
  Type *Ty = I.getType();
  if (isa<BinaryOperator, UnaryOperator>(I)) {
    return TTI.getArithmeticInstrCost(
        I.getOpcode(), Widen(Ty), CostKind,
        TargetTransformInfo::getOperandInfo(I.getOperand(0)),
        I.getNumOperands() > 1
            ? TargetTransformInfo::getOperandInfo(I.getOperand(1))
            : TargetTransformInfo::OperandValueInfo());
  }
  if (auto *Cast = dyn_cast<CastInst>(&I))
    return TTI.getCastInstrCost(
        Cast->getOpcode(), Widen(Ty), Widen(Cast->getSrcTy()),
        TargetTransformInfo::CastContextHint::None, CostKind);
  if (auto *Cmp = dyn_cast<CmpInst>(&I))
    return TTI.getCmpSelInstrCost(Cmp->getOpcode(),
                                  Widen(Cmp->getOperand(0)->getType()),
                                  Widen(Ty), Cmp->getPredicate(), CostKind);
  if (auto *Sel = dyn_cast<SelectInst>(&I)) {
    Type *CondTy = Sel->getCondition()->getType();
    if (At || isVarying(Sel->getCondition()))
      CondTy = Widen(CondTy);
    return TTI.getCmpSelInstrCost(Instruction::Select, Widen(Ty), CondTy,
                                  CmpInst::BAD_ICMP_PREDICATE, CostKind);
  }
  if (isa<GetElementPtrInst>(I)) {
    // A vector of pointers costs one vector add.
    return TTI.getArithmeticInstrCost(Instruction::Add,
                                      Widen(DL.getIndexType(Ty)), CostKind);
  }
  if (isa<PHINode, FreezeInst>(I))
    return 0;
  // Anything else (extractvalue, ...): one instance per lane.
  return TTI.getInstructionCost(&I, CostKind) *
         (At ? At->getKnownMinValue() : VF);
}

/// Whether the cut gives \p N lane loops of its own, apart from the nodes
/// before and after it: a loop, a region holding one, a region with BOSCC
/// copies, a call run lane by lane.
static bool isCutApart(const PlanNode &N) {
  bool Apart = false;
  N.forEach([&](const PlanNode &X) {
    Apart |= X.isLoop() || X.hasBOSCC() || X.isSerialCall();
  });
  return Apart;
}

/// The first instruction the vectorizer declines in \p N, or null.
static const Instruction *firstDeclined(const PlanNode &N) {
  const Instruction *Declined = nullptr;
  N.forEach([&](const PlanNode &X) {
    for (const Instruction *I : X.insts())
      if (!Declined && whyVectorizerDeclines(*I))
        Declined = I;
  });
  return Declined;
}

/// Why the vectorizer declines the lane loop that holds the nodes \p Begin
/// to \p End, and the instruction that says so; {null, null} if it does
/// not.
template <typename It>
static std::pair<const Instruction *, const char *>
whyDeclined(It Begin, It End, const LaneStrideInfo &Strides) {
  SmallVector<const Instruction *, 16> Accesses;
  for (It N = Begin; N != End; ++N) {
    if (const Instruction *I = firstDeclined(**N))
      return {I, whyVectorizerDeclines(*I)};
    (*N)->forEach([&](const PlanNode &X) {
      for (const Instruction *I : X.insts())
        if (isa<LoadInst, StoreInst>(I))
          Accesses.push_back(I);
    });
  }
  auto SameForEveryLane = [&](const Instruction &I) {
    const AccessStride *S = Strides.getStride(&I);
    return S && S->Kind == AccessStrideKind::Uniform;
  };
  if (const Instruction *St = findDeclinedAccess(Accesses, SameForEveryLane))
    return {St, SharedLocalDependenceReason};
  return {nullptr, nullptr};
}

/// A reduction the vectorizer keeps as one vector and folds at the end,
/// whose folding TTI prices (an arithmetic one, a minimum or a maximum).
static bool isFoldedReduction(RecurKind K) {
  switch (K) {
  case RecurKind::Add:
  case RecurKind::Mul:
  case RecurKind::Or:
  case RecurKind::And:
  case RecurKind::Xor:
  case RecurKind::FAdd:
  case RecurKind::FMul:
    return true;
  default:
    return RecurrenceDescriptor::isMinMaxRecurrenceKind(K);
  }
}

/// How many iterations of the inner loop \p C at a time the loop
/// vectorizer runs in the scalar lane loop, where each lane runs C on its
/// own; 1 where it leaves C scalar as far as the plan can tell. The vector
/// plan runs the lanes' iterations side by side instead, so against a C
/// the vectorizer widens (a lane's row read contiguously, a sum it may
/// reorder) the scalar lane loop is the fair comparison: a per-lane dot
/// product over rows is several times faster there than gathered across
/// the lanes. Predicted only where the vectorizer surely widens C: an
/// innermost loop with one exit, at its latch, and a computable trip
/// count; header phis that are inductions or reductions it may reorder (a
/// floating-point one only with reassociation allowed); memory only in
/// blocks every iteration runs, each access simple, loads contiguous in C
/// or invariant in it, stores contiguous; calls only to intrinsics it
/// widens. The width: the widest vector register over the widest element
/// type those accesses and reductions use, at most \p MaxTripCount (0:
/// unknown, where the vectorizer too prices the loop by its iterations).
LanePlanBuilder::ScalarInnerLoop
LanePlanBuilder::findScalarInnerLoop(const Loop &C,
                                     unsigned MaxTripCount) const {
  ScalarInnerLoop Out;
  BasicBlock *Latch = C.getLoopLatch();
  if (!C.isInnermost() || !Latch || C.getExitingBlock() != Latch ||
      !C.getLoopPreheader() ||
      isa<SCEVCouldNotCompute>(SE.getBackedgeTakenCount(&C)))
    return Out;
  unsigned WidestBits = 0;
  auto Note = [&](Type *T) {
    if (T->isIntOrPtrTy() || T->isFloatingPointTy())
      WidestBits = std::max<unsigned>(WidestBits, DL.getTypeSizeInBits(T));
  };
  Loop &ML = const_cast<Loop &>(C);
  for (PHINode &PN : C.getHeader()->phis()) {
    InductionDescriptor ID;
    if (InductionDescriptor::isInductionPHI(&PN, &C, &SE, ID))
      continue;
    RecurrenceDescriptor RD;
    if (!RecurrenceDescriptor::isReductionPHI(&PN, &ML, RD, nullptr, &AC, &DT,
                                              &SE) ||
        RD.hasExactFPMath() || !isFoldedReduction(RD.getRecurrenceKind()) ||
        !VectorType::isValidElementType(RD.getRecurrenceType()))
      return Out;
    Note(PN.getType());
    Out.Reductions.push_back(RD);
  }
  PredicatedScalarEvolution PSE(SE, ML);
  for (BasicBlock *BB : C.blocks())
    for (Instruction &I : *BB) {
      if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
        if (!isTriviallyVectorizable(II->getIntrinsicID()))
          return Out;
        continue;
      }
      if (isa<CallBase>(I))
        return Out;
      if (!I.mayReadOrWriteMemory())
        continue;
      auto *Ld = dyn_cast<LoadInst>(&I);
      auto *St = dyn_cast<StoreInst>(&I);
      if (!(Ld && Ld->isSimple()) && !(St && St->isSimple()))
        return Out;
      if (!DT.dominates(BB, Latch))
        return Out;
      Type *T = getLoadStoreType(&I);
      Value *Ptr = getLoadStorePointerOperand(&I);
      Note(T);
      if (Ld && SE.isLoopInvariant(SE.getSCEV(Ptr), &C))
        continue;
      const SCEVAddRecExpr *AR = PSE.getAsAddRec(Ptr);
      auto *Step = AR && AR->getLoop() == &C && AR->isAffine()
                       ? dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE))
                       : nullptr;
      if (!Step || Step->getAPInt().abs() != DL.getTypeStoreSize(T))
        return Out;
    }
  if (!WidestBits)
    return Out;
  unsigned Width = vectorRegisterBits(&TTI) / WidestBits;
  if (MaxTripCount)
    Width = std::min(Width, MaxTripCount);
  Out.Width = Width >= 2 ? Width : 1;
  return Out;
}

/// What a lane's run of the widened inner loop \p S costs besides its
/// iterations: each reduction's vector folded into one value.
InstructionCost
LanePlanBuilder::scalarInnerRunCost(const ScalarInnerLoop &S) const {
  InstructionCost C = 0;
  for (const RecurrenceDescriptor &RD : S.Reductions) {
    auto *VT = FixedVectorType::get(RD.getRecurrenceType(), S.Width);
    RecurKind K = RD.getRecurrenceKind();
    C += RecurrenceDescriptor::isMinMaxRecurrenceKind(K)
             ? TTI.getMinMaxReductionCost(getMinMaxReductionIntrinsicOp(K),
                                          VT, RD.getFastMathFlags(), CostKind)
             : TTI.getArithmeticReductionCost(RD.getOpcode(), VT,
                                              RD.getFastMathFlags(), CostKind);
  }
  return C;
}

/// One iteration of \p C for the plan's VF lanes in the scalar lane loop,
/// where the vectorizer runs C \p Width iterations at a time
/// (findScalarInnerLoop): VF / Width runs of C's instructions at that width,
/// contiguous accesses as wide ones; addresses, inductions, reductions and
/// loads of one address (hoisted out of C) cost nothing.
InstructionCost LanePlanBuilder::scalarInnerIterCost(const Loop &C,
                                                     unsigned Width) const {
  ElementCount EC = ElementCount::getFixed(Width);
  InstructionCost Sum = 0;
  for (BasicBlock *BB : C.blocks())
    for (Instruction &I : *BB) {
      if (isa<PHINode, GetElementPtrInst>(I) || I.isTerminator())
        continue;
      if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
        SmallVector<Type *, 4> ArgTys;
        for (const Use &A : II->args())
          ArgTys.push_back(toVectorTy(A->getType(), EC));
        Sum += TTI.getIntrinsicInstrCost(
            IntrinsicCostAttributes(II->getIntrinsicID(),
                                    toVectorTy(II->getType(), EC), ArgTys),
            CostKind);
        continue;
      }
      if (!isa<LoadInst, StoreInst>(I)) {
        Sum += vectorFormCost(I, EC);
        continue;
      }
      if (isa<LoadInst>(I) &&
          SE.isLoopInvariant(SE.getSCEV(getLoadStorePointerOperand(&I)), &C))
        continue;
      Sum += TTI.getMemoryOpCost(
          I.getOpcode(), toVectorTy(getLoadStoreType(&I), EC),
          getLoadStoreAlignment(&I), getLoadStoreAddressSpace(&I), CostKind);
    }
  return (Sum * VF + (Width - 1)) / Width;
}

/// \p N runs in a lane loop the vectorizer declines: each lane runs the
/// scalar form.
void LanePlanBuilder::costAsScalar(PlanNode &N) {
  N.Cost.Vector = N.Cost.Scalar;
  N.ThenCost.Vector = N.ThenCost.Scalar;
  N.ElseCost.Vector = N.ElseCost.Scalar;
  for (auto &C : N.Children)
    costAsScalar(*C);
}

/// Plan transform: the nodes of \p Nodes (one scope: a loop's body, a
/// region's, the lane loop's) between two nodes the cut takes apart end up
/// in one lane loop; when one of them holds an instruction the vectorizer
/// declines (whyVectorizerDeclines), that lane loop stays scalar and they
/// all cost their scalar form. Runs before the scope's costs are summed.
void LanePlanBuilder::costDeclinedLaneLoops(NodeList &Nodes) const {
  for (auto Begin = Nodes.begin(); Begin != Nodes.end();) {
    auto End = std::find_if(Begin, Nodes.end(),
                            [](const auto &N) { return isCutApart(*N); });
    if (whyDeclined(Begin, End, Strides).first) {
      P.PartlyDeclined = true;
      for (auto It = Begin; It != End; ++It)
        costAsScalar(**It);
    }
    Begin = End == Nodes.end() ? End : std::next(End);
  }
}

/// \p N and what it holds run in a lane loop a refused cut leaves whole.
void LanePlanBuilder::leaveWhole(PlanNode &N) {
  N.LeftWhole = true;
  for (auto &C : N.Children)
    leaveWhole(*C);
}

/// Plan transform: the nodes of \p Nodes (one scope) in the lane loop a
/// refused cut leaves whole are not cut, and the vectorizer widens neither
/// a lane loop with a loop inside (WholeBlocks, planCutRefusals) nor one
/// with a call it must run lane by lane (CallWhole, planCallRefusals):
/// they cost their scalar form. Runs before the scope's costs are summed.
void LanePlanBuilder::costRefusedCuts(NodeList &Nodes) const {
  for (auto &N : Nodes) {
    const BasicBlock *BB =
        N->getEntry() ? N->getEntry()
        : N->insts().empty() ? nullptr
                             : N->insts().front()->getParent();
    const Instruction *Rep = representative(*N);
    if ((BB && WholeBlocks.count(BB)) || (Rep && CallWhole.count(Rep))) {
      costAsScalar(*N);
      leaveWhole(*N);
    }
  }
}

/// The instruction the vectorizer declines the lane loop for, and why,
/// when the cut takes nothing of \p Nodes (the lane loop's) apart: the lane
/// loop stays one loop, and stays scalar whatever its costs; else
/// {null, null}.
std::pair<const Instruction *, const char *>
LanePlanBuilder::findDeclinedLaneLoop(const NodeList &Nodes) const {
  if (any_of(Nodes, [](const auto &N) { return isCutApart(*N); }))
    return {nullptr, nullptr};
  return whyDeclined(Nodes.begin(), Nodes.end(), Strides);
}

} // namespace vplanext
