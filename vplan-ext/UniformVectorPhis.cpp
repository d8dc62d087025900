//===- UniformVectorPhis.cpp - Loop-carried splats as scalars ------------===//

#include "vplan-ext/UniformVectorPhis.h"
#include "vplan-ext/LoweringRules.h"
#include "vplan-ext/MaskPhiWidening.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumSplatPhis,
          "Number of loop-carried splat phis computed as scalars");

namespace vplanext {

namespace {

/// How deep the operands of a splat's definition are followed.
constexpr unsigned MaxDepth = 6;

/// Whether \p U only reads the value every lane of its vector operand
/// holds: an element, the lanes' or / and / min / max, or an `<N x i1>`
/// as an integer (all ones or zero).
bool readsCommonValue(const User *U) {
  if (isa<ExtractElementInst>(U))
    return true;
  if (auto *BC = dyn_cast<BitCastInst>(U))
    return BC->getType()->isIntegerTy() &&
           BC->getSrcTy()->getScalarType()->isIntegerTy(1);
  if (auto *II = dyn_cast<IntrinsicInst>(U)) {
    switch (II->getIntrinsicID()) {
    case Intrinsic::vector_reduce_or:
    case Intrinsic::vector_reduce_and:
    case Intrinsic::vector_reduce_umax:
    case Intrinsic::vector_reduce_umin:
    case Intrinsic::vector_reduce_smax:
    case Intrinsic::vector_reduce_smin:
      return true;
    default:
      return false;
    }
  }
  return false;
}

/// The vector phis of a function every lane of which holds the same value,
/// the values around them that only feed such phis or read them, and their
/// scalar forms.
class SplatNetwork {
public:
  SplatNetwork(Function &F, const LoopInfo &LI) : F(F), LI(LI) {}
  /// Computes the network as scalars; whether anything changed.
  bool run();

private:
  bool isSplat(Value *V, unsigned Depth = 0) const;
  void findPhis();
  void findNetwork();
  Value *scalarOf(Value *V);
  Value *scalarOfInst(Instruction &I);
  void replaceReader(Instruction &U, Value *S);
  void simplifyBuilt();

  Function &F;
  const LoopInfo &LI;
  /// Phis whose every incoming value is a splat or such a phi: assumed of
  /// all vector phis first, then the others dropped until none is.
  SmallSetVector<PHINode *, 8> Phis;
  /// Splat values (the phis included) whose users are readers of the
  /// common value or members.
  SmallSetVector<Instruction *, 16> Net;
  DenseMap<Value *, Value *> Scalar;
  /// Scalar phis still without their incoming values.
  SmallVector<PHINode *, 8> Pending;
  /// The scalar operations made, to simplify at the end (nothing else
  /// deletes them before).
  SmallVector<Instruction *, 16> Built;
};

/// Whether every lane of \p V holds the same value: a splat constant or
/// poison, a broadcast, a phi of Phis, or a lane-wise operation (select,
/// cast, compare, arithmetic other than division) on such values.
bool SplatNetwork::isSplat(Value *V, unsigned Depth) const {
  auto *VT = dyn_cast<FixedVectorType>(V->getType());
  if (!VT)
    return false;
  if (auto *C = dyn_cast<Constant>(V))
    return isa<UndefValue>(C) || C->getSplatValue(/*AllowPoison=*/true);
  if (auto *PN = dyn_cast<PHINode>(V))
    return Phis.contains(PN);
  if (Depth >= MaxDepth)
    return false;
  if (getSplatValue(V))
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I)
    return false;
  auto Splat = [&](Value *Op) { return isSplat(Op, Depth + 1); };
  if (auto *Sel = dyn_cast<SelectInst>(I))
    return (!Sel->getCondition()->getType()->isVectorTy() ||
            Splat(Sel->getCondition())) &&
           Splat(Sel->getTrueValue()) && Splat(Sel->getFalseValue());
  if (auto *Cast = dyn_cast<CastInst>(I)) {
    auto *SrcTy = dyn_cast<FixedVectorType>(Cast->getSrcTy());
    return SrcTy && SrcTy->getNumElements() == VT->getNumElements() &&
           Splat(Cast->getOperand(0));
  }
  if (isa<CmpInst, UnaryOperator>(I) ||
      (isa<BinaryOperator>(I) && !I->isIntDivRem()))
    return all_of(I->operands(), Splat);
  return false;
}

void SplatNetwork::findPhis() {
  for (BasicBlock &BB : F)
    for (PHINode &PN : BB.phis())
      if (isa<FixedVectorType>(PN.getType()))
        Phis.insert(&PN);
  for (bool Dropped = true; Dropped;) {
    Dropped = false;
    for (PHINode *PN : SmallVector<PHINode *, 8>(Phis.begin(), Phis.end()))
      if (!all_of(PN->incoming_values(),
                  [&](Value *V) { return isSplat(V); })) {
        Phis.remove(PN);
        Dropped = true;
      }
  }
}

/// The members: splat phis and the splat instructions feeding them, each
/// used only by members and readers of the common value. Assumed of all
/// first, then those with another user dropped until none has one.
void SplatNetwork::findNetwork() {
  SmallVector<Instruction *, 16> Work(Phis.begin(), Phis.end());
  SmallPtrSet<Instruction *, 16> Seen(Phis.begin(), Phis.end());
  while (!Work.empty()) {
    Instruction *I = Work.pop_back_val();
    Net.insert(I);
    // What a loop's phis start from is computed once, before the loop: it
    // stays as it is, and its first lane is read.
    for (Value *Op : I->operands())
      if (auto *OpI = dyn_cast<Instruction>(Op);
          OpI && isSplat(OpI) && LI.getLoopFor(OpI->getParent()) &&
          Seen.insert(OpI).second)
        Work.push_back(OpI);
  }
  for (bool Dropped = true; Dropped;) {
    Dropped = false;
    for (Instruction *I :
         SmallVector<Instruction *, 16>(Net.begin(), Net.end()))
      if (any_of(I->users(), [&](User *U) {
            auto *UI = cast<Instruction>(U);
            return !Net.contains(UI) && !readsCommonValue(UI);
          })) {
        Net.remove(I);
        Dropped = true;
      }
  }
}

Value *SplatNetwork::scalarOf(Value *V) {
  if (Value *S = Scalar.lookup(V))
    return S;
  Type *EltTy = cast<VectorType>(V->getType())->getElementType();
  if (auto *C = dyn_cast<Constant>(V)) {
    if (Constant *S = C->getSplatValue(/*AllowPoison=*/true))
      return S;
    return isa<PoisonValue>(C) ? PoisonValue::get(EltTy)
                               : UndefValue::get(EltTy);
  }
  if (auto *PN = dyn_cast<PHINode>(V); PN && Net.contains(PN)) {
    // Its incoming values may go round to it, or to a value being built
    // now: they are added once the readers have their scalars.
    PHINode *S = PHINode::Create(EltTy, PN->getNumIncomingValues(),
                                 PN->getName() + ".scalar", PN->getIterator());
    Pending.push_back(PN);
    return Scalar[PN] = S;
  }
  if (Value *X = getSplatValue(V))
    return Scalar[V] = X;
  auto *I = cast<Instruction>(V);
  if (Net.contains(I))
    return Scalar[V] = scalarOfInst(*I);
  // Not a member: it stays, and its first lane is its value.
  IRBuilder<> B(I->getParent(), isa<PHINode>(I)
                                    ? I->getParent()->getFirstInsertionPt()
                                    : std::next(I->getIterator()));
  return Scalar[V] =
             B.CreateExtractElement(I, uint64_t(0), I->getName() + ".lane0");
}

/// The scalar of a lane-wise operation on splats, computed where it is.
Value *SplatNetwork::scalarOfInst(Instruction &I) {
  IRBuilder<> B(&I);
  Type *EltTy = cast<VectorType>(I.getType())->getElementType();
  auto Op = [&](unsigned K) { return scalarOf(I.getOperand(K)); };
  Value *S = nullptr;
  if (auto *Sel = dyn_cast<SelectInst>(&I)) {
    Value *C = Sel->getCondition();
    if (C->getType()->isVectorTy())
      C = scalarOf(C);
    S = B.CreateSelect(C, Op(1), Op(2), I.getName() + ".scalar");
  } else if (auto *Cast = dyn_cast<CastInst>(&I)) {
    S = B.CreateCast(Cast->getOpcode(), Op(0), EltTy, I.getName() + ".scalar");
  } else if (auto *Cmp = dyn_cast<CmpInst>(&I)) {
    S = B.CreateCmp(Cmp->getPredicate(), Op(0), Op(1), I.getName() + ".scalar");
  } else if (auto *UO = dyn_cast<UnaryOperator>(&I)) {
    S = B.CreateUnOp(UO->getOpcode(), Op(0), I.getName() + ".scalar");
  } else {
    auto *BO = cast<BinaryOperator>(&I);
    S = B.CreateBinOp(BO->getOpcode(), Op(0), Op(1), I.getName() + ".scalar");
  }
  auto *SI = dyn_cast<Instruction>(S);
  if (!SI)
    return S;
  SI->copyIRFlags(&I);
  Built.push_back(SI);
  return SI;
}

/// `select c, true, false`, a poison side, ...: what each built scalar
/// already is. Only once every scalar phi has its incoming values, as
/// InstSimplify reads them.
void SplatNetwork::simplifyBuilt() {
  SimplifyQuery Q(F.getDataLayout());
  for (Instruction *SI : Built)
    if (Value *Simpler = simplifyInstruction(SI, Q)) {
      SI->replaceAllUsesWith(Simpler);
      SI->eraseFromParent();
    }
}

/// \p U reads the common value \p S of its operand's lanes.
void SplatNetwork::replaceReader(Instruction &U, Value *S) {
  Value *R = S;
  if (isa<BitCastInst>(U))
    R = IRBuilder<>(&U).CreateSExt(S, U.getType(), U.getName());
  U.replaceAllUsesWith(R);
  U.eraseFromParent();
}

bool SplatNetwork::run() {
  findPhis();
  if (Phis.empty())
    return false;
  findNetwork();
  if (none_of(Net, [](Instruction *I) { return isa<PHINode>(I); }))
    return false;
  // A reader has one vector operand.
  SmallMapVector<Instruction *, Instruction *, 8> Readers;
  for (Instruction *I : Net)
    for (User *U : I->users())
      if (!Net.contains(cast<Instruction>(U)))
        Readers.insert({cast<Instruction>(U), I});
  for (auto [U, I] : Readers)
    replaceReader(*U, scalarOf(I));
  while (!Pending.empty()) {
    PHINode *PN = Pending.pop_back_val();
    auto *S = cast<PHINode>(Scalar.lookup(PN));
    for (auto [In, BB] : zip(PN->incoming_values(), PN->blocks()))
      S->addIncoming(scalarOf(In), BB);
  }
  simplifyBuilt();
  // Only members use members now. What only they used (a broadcast's
  // insertelement) goes with them.
  SmallVector<WeakTrackingVH, 16> Operands;
  for (Instruction *I : Net) {
    NumSplatPhis += isa<PHINode>(I);
    for (Value *Op : I->operands())
      if (isa<Instruction>(Op) && !Net.contains(cast<Instruction>(Op)))
        Operands.push_back(Op);
    I->replaceAllUsesWith(PoisonValue::get(I->getType()));
  }
  for (Instruction *I : Net)
    I->eraseFromParent();
  RecursivelyDeleteTriviallyDeadInstructionsPermissive(Operands);
  return true;
}

} // namespace

PreservedAnalyses UniformVectorPhisPass::run(Function &F,
                                             FunctionAnalysisManager &AM) {
  if (!F.hasFnAttribute(VariantOfAttr) && !F.hasFnAttribute(LaneLoopsAttr))
    return PreservedAnalyses::all();
  if (!SplatNetwork(F, AM.getResult<LoopAnalysis>(F)).run())
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace vplanext
