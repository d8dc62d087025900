//===- LaneLoopMetadata.cpp - Loop metadata of SIMD-lane loops ------------===//

#include "vplan-ext/LaneLoopMetadata.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
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
       flag(Ctx, "llvm.loop.unroll.disable"), flag(Ctx, SerialLaneLoopTag)});
}

void setLaneLoopID(BasicBlock *LaneHeader, MDNode *ID) {
  auto *Lane = cast<PHINode>(&LaneHeader->front());
  for (BasicBlock *P : Lane->blocks())
    if (!isa<ConstantInt>(Lane->getIncomingValueForBlock(P)))
      P->getTerminator()->setMetadata(LLVMContext::MD_loop, ID);
}

} // namespace vplanext
