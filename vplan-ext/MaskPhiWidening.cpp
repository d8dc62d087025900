//===- MaskPhiWidening.cpp - Lane masks in the data's width ---------------===//

#include "vplan-ext/MaskPhiWidening.h"
#include "vplan-ext/LoweringRules.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumWidenedPhis,
          "Number of <N x i1> mask operations given the data's width");

namespace vplanext {

/// The element width that makes an N-lane mask one vector register of the
/// variant's preferred width, or 0 when the target has mask registers (or
/// the shape does not fit).
static unsigned maskElementBits(const Function &F,
                                const TargetTransformInfo &TTI,
                                unsigned Lanes) {
  StringRef Features = F.getFnAttribute("target-features").getValueAsString();
  if (Features.contains("+avx512f"))
    return 0;
  unsigned Width = 0;
  if (F.getFnAttribute("prefer-vector-width")
          .getValueAsString()
          .getAsInteger(10, Width))
    Width = TTI.getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector)
                .getFixedValue();
  unsigned Bits = Lanes ? Width / Lanes : 0;
  return Bits == 8 || Bits == 16 || Bits == 32 || Bits == 64 ? Bits : 0;
}

/// Lane-mask arithmetic that can be carried in the data's width.
static bool isMaskOp(const Instruction &I) {
  auto *VT = dyn_cast<FixedVectorType>(I.getType());
  if (!VT || !VT->getElementType()->isIntegerTy(1))
    return false;
  if (isa<PHINode>(I) || isa<SelectInst>(I))
    return true;
  if (auto *BO = dyn_cast<BinaryOperator>(&I))
    return BO->getOpcode() == Instruction::And ||
           BO->getOpcode() == Instruction::Or ||
           BO->getOpcode() == Instruction::Xor;
  return false;
}

PreservedAnalyses MaskPhiWideningPass::run(Function &F,
                                           FunctionAnalysisManager &AM) {
  // Only where cut lane loops are: vecclone's variants and functions whose
  // omp simd loops vplan-ext strip-mined.
  if (!F.hasFnAttribute(VariantOfAttr) &&
      !F.hasFnAttribute(LaneLoopsAttr))
    return PreservedAnalyses::all();
  const TargetTransformInfo &TTI = AM.getResult<TargetIRAnalysis>(F);
  // The mask network: phis, selects and logic on <N x i1>, in block order.
  SmallVector<Instruction *, 32> Net;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (isMaskOp(I))
        Net.push_back(&I);
  // Only worth it when a phi carries a mask across blocks (the cut lane
  // loops' flags); straight-line masks the backend handles itself.
  auto FirstPhi = find_if(Net, [](Instruction *I) { return isa<PHINode>(I); });
  if (FirstPhi == Net.end())
    return PreservedAnalyses::all();
  // One lane count per variant: its VF. Masks of other shapes stay.
  auto *VT = cast<FixedVectorType>((*FirstPhi)->getType());
  erase_if(Net, [&](Instruction *I) { return I->getType() != VT; });
  unsigned Bits = maskElementBits(F, TTI, VT->getNumElements());
  if (!Bits)
    return PreservedAnalyses::all();
  auto *WideTy = FixedVectorType::get(IntegerType::get(F.getContext(), Bits),
                                      VT->getNumElements());
  SmallPtrSet<Instruction *, 32> InNet(Net.begin(), Net.end());
  DenseMap<Value *, Value *> Wide;
  // A mask from outside the network (a compare, an argument, ...): widened
  // where it is defined; sext of a compare result is free on x86.
  auto WideOf = [&](Value *V) -> Value * {
    if (Value *W = Wide.lookup(V))
      return W;
    if (V->getType() != VT)
      return nullptr;
    IRBuilder<> B(F.getContext());
    if (auto *C = dyn_cast<Constant>(V)) {
      // A mask constant may hold constant expressions that fold only as a
      // whole (a 2-lane AdvSIMD variant's `trunc (extractelement (bitcast
      // <1 x i64> ...))` lanes, fuzz seed 1048): fold it first; what still
      // does not fold is extended by an instruction in the entry block,
      // which dominates every use.
      if (Constant *Folded = ConstantFoldConstant(C, F.getDataLayout()))
        C = Folded;
      if (Constant *W = ConstantFoldCastOperand(Instruction::SExt, C, WideTy,
                                                F.getDataLayout()))
        return Wide[V] = W;
      B.SetInsertPoint(&F.getEntryBlock(),
                       F.getEntryBlock().getFirstInsertionPt());
      return Wide[V] = B.CreateSExt(C, WideTy, "mask.w");
    }
    if (auto *I = dyn_cast<Instruction>(V)) {
      if (isa<PHINode>(I))
        B.SetInsertPoint(I->getParent(), I->getParent()->getFirstInsertionPt());
      else
        B.SetInsertPoint(I->getNextNode());
    } else {
      B.SetInsertPoint(&F.getEntryBlock(),
                       F.getEntryBlock().getFirstInsertionPt());
    }
    return Wide[V] = B.CreateSExt(V, WideTy, V->getName() + ".w");
  };
  // Phis first (their incoming values may come later in the order).
  for (Instruction *I : Net)
    if (auto *PN = dyn_cast<PHINode>(I))
      Wide[PN] = PHINode::Create(WideTy, PN->getNumIncomingValues(),
                                 PN->getName() + ".w", PN->getIterator());
  for (Instruction *I : Net) {
    IRBuilder<> B(I);
    if (auto *Sel = dyn_cast<SelectInst>(I)) {
      Wide[I] = B.CreateSelect(Sel->getCondition(),
                               WideOf(Sel->getTrueValue()),
                               WideOf(Sel->getFalseValue()),
                               I->getName() + ".w");
    } else if (auto *BO = dyn_cast<BinaryOperator>(I)) {
      Wide[I] = B.CreateBinOp(BO->getOpcode(), WideOf(BO->getOperand(0)),
                              WideOf(BO->getOperand(1)), I->getName() + ".w");
    }
  }
  for (Instruction *I : Net)
    if (auto *PN = dyn_cast<PHINode>(I)) {
      auto *WP = cast<PHINode>(Wide[PN]);
      for (unsigned K = 0, E = PN->getNumIncomingValues(); K != E; ++K) {
        Value *In = PN->getIncomingValue(K);
        // A value defined later (or a loop-carried one) is widened where it
        // is defined, which dominates the incoming edge.
        WP->addIncoming(WideOf(In), PN->getIncomingBlock(K));
      }
    }
  // Users outside the network read the flag back as its sign bit (`< 0`):
  // the wide mask is all-ones or all-zeros, and blendv, vtestps and movmsk
  // read the sign bit directly, so the compare disappears.
  for (Instruction *I : Net) {
    Instruction *W = cast<Instruction>(Wide[I]);
    IRBuilder<> B(F.getContext());
    if (isa<PHINode>(W))
      B.SetInsertPoint(W->getParent(), W->getParent()->getFirstInsertionPt());
    else
      B.SetInsertPoint(W->getNextNode());
    Value *Narrow = B.CreateICmpSLT(W, Constant::getNullValue(WideTy));
    I->replaceAllUsesWith(Narrow);
  }
  for (Instruction *I : Net)
    I->dropAllReferences();
  for (Instruction *I : Net)
    I->eraseFromParent();
  NumWidenedPhis += Net.size();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace vplanext
