//===- LaneLoopMetadata.cpp - Loop metadata of SIMD-lane loops ------------===//

#include "vplan-ext/LaneLoopMetadata.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"

using namespace llvm;

namespace vplanext {

static MDNode *flag(LLVMContext &Ctx, StringRef Name) {
  return MDNode::get(Ctx, {MDString::get(Ctx, Name)});
}

static MDNode *value(LLVMContext &Ctx, StringRef Name, Constant *V) {
  return MDNode::get(Ctx, {MDString::get(Ctx, Name), ConstantAsMetadata::get(V)});
}

static MDNode *selfReferencing(LLVMContext &Ctx, ArrayRef<Metadata *> Props) {
  SmallVector<Metadata *, 8> Ops = {nullptr};
  Ops.append(Props.begin(), Props.end());
  MDNode *ID = MDNode::getDistinct(Ctx, Ops);
  ID->replaceOperandWith(0, ID);
  return ID;
}

MDNode *makeLaneLoopID(LLVMContext &Ctx, unsigned VL,
                       ArrayRef<Metadata *> AccessGroups) {
  Type *I32 = Type::getInt32Ty(Ctx);
  SmallVector<Metadata *, 4> PA = {
      MDString::get(Ctx, "llvm.loop.parallel_accesses")};
  PA.append(AccessGroups.begin(), AccessGroups.end());
  return selfReferencing(
      Ctx, {value(Ctx, "llvm.loop.vectorize.enable", ConstantInt::getTrue(Ctx)),
            value(Ctx, "llvm.loop.vectorize.width", ConstantInt::get(I32, VL)),
            value(Ctx, "llvm.loop.interleave.count", ConstantInt::get(I32, 1)),
            MDNode::get(Ctx, PA), flag(Ctx, "llvm.loop.unroll.disable"),
            flag(Ctx, LaneLoopTag)});
}

MDNode *makeSerialLaneLoopID(LLVMContext &Ctx) {
  return selfReferencing(
      Ctx,
      {value(Ctx, "llvm.loop.vectorize.enable", ConstantInt::getFalse(Ctx)),
       flag(Ctx, SerialLaneLoopTag)});
}

MDNode *makeDeclinedLaneLoopID(MDNode *ID) {
  LLVMContext &Ctx = ID->getContext();
  SmallVector<Metadata *, 8> Props;
  for (const MDOperand &Op : drop_begin(ID->operands())) {
    auto *N = dyn_cast<MDNode>(Op.get());
    auto *S = N ? dyn_cast<MDString>(N->getOperand(0)) : nullptr;
    if (S && S->getString() == "llvm.loop.vectorize.enable")
      Props.push_back(value(Ctx, S->getString(), ConstantInt::getFalse(Ctx)));
    else
      Props.push_back(Op.get());
  }
  return selfReferencing(Ctx, Props);
}

MDNode *withPlanVectorizesTag(MDNode *ID) {
  LLVMContext &Ctx = ID->getContext();
  SmallVector<Metadata *, 8> Props(drop_begin(ID->operands()));
  Props.push_back(flag(Ctx, PlanVectorizesTag));
  return selfReferencing(Ctx, Props);
}

AllocaInst *createLaneArray(Function &F, Type *EltTy, ElementCount VL,
                            const Twine &Name) {
  BasicBlock &Entry = F.getEntryBlock();
  IRBuilder<> B(&Entry, Entry.getFirstInsertionPt());
  AllocaInst *AI;
  if (VL.isScalable()) {
    // One scalable vector's worth of lanes; its size is known at run time
    // only, its alignment that of a granule.
    AI = B.CreateAlloca(VectorType::get(EltTy, VL), nullptr, Name);
    AI->setAlignment(Align(16));
  } else {
    unsigned Lanes = VL.getFixedValue();
    AI = B.CreateAlloca(ArrayType::get(EltTy, Lanes), nullptr, Name);
    uint64_t Bytes = F.getDataLayout().getTypeAllocSize(EltTy) * Lanes;
    AI->setAlignment(Align(std::min<uint64_t>(PowerOf2Ceil(Bytes), 64)));
  }
  AI->setMetadata(LaneArrayMDName, MDNode::get(F.getContext(), {}));
  return AI;
}

Type *laneArrayElementType(const AllocaInst *Array) {
  Type *T = Array->getAllocatedType();
  if (auto *VT = dyn_cast<VectorType>(T))
    return VT->getElementType();
  return cast<ArrayType>(T)->getElementType();
}

Value *laneArraySlot(IRBuilderBase &B, AllocaInst *Array, Value *Lane) {
  if (isa<ScalableVectorType>(Array->getAllocatedType()))
    return B.CreateInBoundsGEP(laneArrayElementType(Array), Array, Lane);
  return B.CreateInBoundsGEP(Array->getAllocatedType(), Array,
                             {B.getInt64(0), Lane});
}

void setLaneLoopID(BasicBlock *LaneHeader, MDNode *ID) {
  auto *Lane = cast<PHINode>(&LaneHeader->front());
  for (BasicBlock *P : Lane->blocks())
    if (!isa<ConstantInt>(Lane->getIncomingValueForBlock(P)))
      P->getTerminator()->setMetadata(LLVMContext::MD_loop, ID);
}

MDNode *makeDecidedWorkItemLoopID(MDNode *ID, unsigned VF, bool Nest) {
  LLVMContext &Ctx = ID->getContext();
  SmallVector<Metadata *, 8> Props;
  for (const MDOperand &Op : drop_begin(ID->operands())) {
    auto *N = dyn_cast<MDNode>(Op.get());
    auto *S = N ? dyn_cast<MDString>(N->getOperand(0)) : nullptr;
    // The tag goes, and with a verdict any width or request the loop had;
    // an innermost loop without one, its request.
    if (S && (S->getString() == WorkItemLoopTag ||
              (VF && S->getString().starts_with("llvm.loop.vectorize.")) ||
              (!VF && !Nest &&
               S->getString() == "llvm.loop.vectorize.enable")))
      continue;
    Props.push_back(Op.get());
  }
  Type *I32 = Type::getInt32Ty(Ctx);
  if (VF > 1)
    Props.push_back(
        value(Ctx, "llvm.loop.vectorize.enable", ConstantInt::getTrue(Ctx)));
  if (VF)
    Props.push_back(
        value(Ctx, "llvm.loop.vectorize.width", ConstantInt::get(I32, VF)));
  return selfReferencing(Ctx, Props);
}

} // namespace vplanext
