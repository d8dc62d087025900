//===- LaneCutBOSCC.cpp - BOSCC copies of a cut if/else region ------------===//
//
/// \file
/// For a cut at a heavy divergent if/else (LaneLoopCutter.h): two more
/// copies of lane loop 2 without the lane flag and with the branch fixed
/// to one side, and a uniform dispatch in front: every lane on the then
/// side -> copy 1, every lane on the else side -> copy 2, mixed (or lanes
/// inactive) -> the predicated loop.
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/LaneLoopCutter.h"
#include "vplan-ext/LoweringRules.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumBOSCC, "Number of divergent branches given BOSCC copies");

namespace vplanext {
namespace fission {

void Cutter::addBOSCCCopies(ArrayRef<BasicBlock *> Loop2Blocks) {
  AllocaInst *CondArr = bosccConditionArray();
  SmallVector<BasicBlock *, 2> Copies = {copyOneSide(true, Loop2Blocks),
                                         copyOneSide(false, Loop2Blocks)};
  dispatchBOSCC(Copies, CondArr);
  // After vectorization each copy is one straight block, and the copies
  // compute many identical values: SimplifyCFG would hoist them above the
  // dispatch and turn it into selects, running all three. An empty asm
  // statement, different per copy, in front of and after each copy
  // (outside its lane loop, so the vectorizer does not see it) stops the
  // hoisting and the speculation; it emits no instruction.
  SmallVector<AllocaInst *, 8> InputArrays = bosccInputArrays();
  SmallVector<std::pair<BasicBlock *, StringRef>, 3> Loops = {
      {Copies[0], "then"}, {Copies[1], "else"}, {N.H2, "mixed"}};
  for (auto [H, Tag] : Loops)
    fenceBOSCCLoop(H, Tag, InputArrays);
  // The side each copy never takes.
  removeUnreachableBlocks(F);
  NewHeaders.insert(NewHeaders.begin() + 2, Copies.begin(), Copies.end());
  ++NumBOSCC;
}

/// The lane array of the branch's condition: the crossing value lane loop
/// 2 reads, or, for a condition from outside the lane loop (the same for
/// every lane), an array filled before the lane loops.
AllocaInst *Cutter::bosccConditionArray() {
  Value *Cond = IH->getTerminator()->getOperand(0);
  AllocaInst *CondArr = nullptr;
  for (auto &[I, Arr] : N.CrossArr)
    if (N.InI.lookup(I) == Cond)
      CondArr = Arr;
  if (CondArr)
    return CondArr;
  CondArr = makeArray(D.MaskTy, "lane.boscc.cond");
  IRBuilder<> EB(&*L.Pre->getTerminator());
  for (unsigned K = 0; K != VL.getFixedValue(); ++K)
    storeLane(EB, Cond, CondArr, EB.getInt64(K));
  return CondArr;
}

/// A copy of lane loop 2 (\p Loop2Blocks) with every lane active and the
/// branch fixed to its then side (\p TakeThen) or its else side; returns
/// its header.
BasicBlock *Cutter::copyOneSide(bool TakeThen,
                                ArrayRef<BasicBlock *> Loop2Blocks) {
  ValueToValueMapTy VMap;
  cloneBlocks(Loop2Blocks, TakeThen ? ".all.then" : ".all.else", VMap,
              NotACopy);
  // Every lane is active: no flag test.
  auto *A2 = cast<BasicBlock>(VMap[N.Act2]);
  auto *T2C = cast<BasicBlock>(VMap[N.T2]);
  auto *ActBr = cast<BranchInst>(A2->getTerminator());
  BasicBlock *Into = ActBr->getSuccessor(0);
  T2C->removePredecessor(A2);
  BranchInst::Create(Into, ActBr->getIterator());
  ActBr->eraseFromParent();
  // Every lane takes one side.
  auto *X = cast<BasicBlock>(VMap[IH]);
  auto *CBr = cast<BranchInst>(X->getTerminator());
  BasicBlock *Keep = CBr->getSuccessor(TakeThen ? 0 : 1);
  BasicBlock *Drop = CBr->getSuccessor(TakeThen ? 1 : 0);
  if (Keep != Drop)
    Drop->removePredecessor(X);
  BranchInst::Create(Keep, CBr->getIterator());
  CBr->eraseFromParent();
  return cast<BasicBlock>(VMap[N.H2]);
}

/// The uniform dispatch in front of the predicated loop: the then copy
/// when every lane is active and takes the then side, the else copy when
/// every lane takes the else side, the predicated loop otherwise.
void Cutter::dispatchBOSCC(ArrayRef<BasicBlock *> Copies,
                           AllocaInst *CondArr) {
  auto *WBr = cast<BranchInst>(N.W->getTerminator());
  BasicBlock *D1 = newBlock("lane.boscc.dispatch", N.H2);
  BasicBlock *D2 = newBlock("lane.boscc.dispatch.else", N.H2);
  WBr->setSuccessor(0, D1);
  IRBuilder<> B(D1);
  Value *ActOn = B.CreateIsNotNull(loadLanes(B, N.Act, "act"));
  // Lanes that never reached the branch hold no condition: freeze it.
  Value *CondOn =
      B.CreateIsNotNull(B.CreateFreeze(loadLanes(B, CondArr, "cond")));
  Value *AllAct = B.CreateAndReduce(ActOn);
  Value *AllThen = B.CreateAnd(AllAct, B.CreateAndReduce(CondOn), "all.then");
  Value *AllElse = B.CreateAnd(AllAct, B.CreateNot(B.CreateOrReduce(CondOn)),
                               "all.else");
  B.CreateCondBr(AllThen, Copies[0], D2);
  B.SetInsertPoint(D2);
  B.CreateCondBr(AllElse, Copies[1], N.H2);
  cast<PHINode>(&Copies[0]->front())->setIncomingBlock(0, D1);
  cast<PHINode>(&Copies[1]->front())->setIncomingBlock(0, D2);
  cast<PHINode>(&N.H2->front())->setIncomingBlock(0, D2);
}

/// The arrays lane loop 2 reads whole vectors of that fit one register.
SmallVector<AllocaInst *, 8> Cutter::bosccInputArrays() const {
  unsigned RegBits = vectorRegisterBits(TTI);
  SmallVector<AllocaInst *, 8> InputArrays;
  for (Instruction &I : *N.Act2)
    if (auto *Ld = dyn_cast<LoadInst>(&I))
      if (auto *A = dyn_cast<AllocaInst>(
              getUnderlyingObject(Ld->getPointerOperand()));
          A && A != N.Act && !is_contained(InputArrays, A)) {
        auto *AT = dyn_cast<ArrayType>(A->getAllocatedType());
        Type *ET = AT ? AT->getElementType() : nullptr;
        // Only a whole xmm/ymm/zmm register: "x" has no register class
        // for narrower vectors (<2 x i32> fails in the backend), and i1
        // lanes are not SSE elements.
        uint64_t Bits =
            ET ? F.getDataLayout().getTypeSizeInBits(ET) * VL.getFixedValue()
               : 0;
        if (ET && (ET->isFloatingPointTy() || ET->isIntegerTy()) &&
            !ET->isIntegerTy(1) &&
            (Bits == 128 || Bits == 256 || Bits == 512) && Bits <= RegBits)
          InputArrays.push_back(A);
      }
  return InputArrays;
}

/// Register barriers around the lane loop headed by \p H (a copy, or the
/// predicated loop), tagged \p Tag: an asm statement in front of it, on the
/// edge from the dispatch, that also passes each of \p InputArrays through
/// a register (so its values are not the other copies' and cannot be
/// hoisted together), and one after it, on its latch's exit edge.
void Cutter::fenceBOSCCLoop(BasicBlock *H, StringRef Tag,
                            ArrayRef<AllocaInst *> InputArrays) {
  auto Barrier = [&](StringRef BarrierTag) {
    return InlineAsm::get(FunctionType::get(Type::getVoidTy(Ctx), false),
                          ("# vplan-ext boscc " + BarrierTag).str(), "",
                          /*hasSideEffects=*/true);
  };
  auto *Lane = cast<PHINode>(&H->front());
  BasicBlock *From = Lane->getIncomingBlock(0);
  BasicBlock *Pre = newBlock("lane.boscc." + Tag, H);
  IRBuilder<> PB(Pre);
  PB.CreateCall(Barrier(Tag));
  for (AllocaInst *A : InputArrays) {
    Value *V = loadLanes(PB, A);
    Type *VT = V->getType();
    auto *Pass = InlineAsm::get(FunctionType::get(VT, {VT}, false),
                                ("# vplan-ext boscc " + Tag + " in").str(),
                                "=x,0", /*hasSideEffects=*/true);
    PB.CreateAlignedStore(PB.CreateCall(Pass, {V}), A, A->getAlign());
  }
  PB.CreateBr(H);
  From->getTerminator()->replaceSuccessorWith(H, Pre);
  Lane->setIncomingBlock(0, Pre);
  BasicBlock *T = Lane->getIncomingBlock(1);
  auto *Br = cast<BranchInst>(T->getTerminator());
  BasicBlock *Out = Br->getSuccessor(0);
  BasicBlock *End = newBlock("lane.boscc." + Tag + ".end", Out);
  IRBuilder<> EB(End);
  EB.CreateCall(Barrier((Tag + " end").str()));
  EB.CreateBr(Out);
  Br->setSuccessor(0, End);
}

} // namespace fission
} // namespace vplanext
