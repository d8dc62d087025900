//===- LaneCutStepped.cpp - The lane-stepped copy of lane loop 2 ----------===//
//
/// \file
/// Copies of lane loop 2 picked by a run-time test made before the first
/// round. For a cut whose region reads lane-stepped inputs
/// (LockstepAccess.h): a copy that computes each of them as `first + lane`,
/// the test that picks it, and prefetches ahead of its rounds. For a
/// uniform loop with shadow lanes that reads lane-affine values: a copy
/// that computes them again from its counter, for rounds where every lane
/// entered.
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/LaneLoopCutter.h"
#include "vplan-ext/LoweringRules.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumSteppedCopies,
          "Number of divergent loops given a lane-stepped copy");
STATISTIC(NumEnteredCopies, "Number of uniform loops with shadow lanes given "
                            "a copy for rounds where every lane entered");

namespace vplanext {
namespace fission {

/// A copy of lane loop 2 (\p Loop2Blocks) that computes each lane-stepped
/// input as `first + lane`, and a test before the first round (on the edge
/// from lane loop 1 to the round loop) that picks it when every lane that
/// entered holds exactly that: the vectorizer then sees `vals[j * n + r]`
/// as contiguous, where it saw a value loaded per lane. Lanes that did not
/// enter hold no value (a tail lane, an early return) and do not count;
/// the copy predicates them like the original.
void Cutter::addSteppedCopy(ArrayRef<BasicBlock *> Loop2Blocks) {
  SmallVector<SteppedInput, 2> Inputs;
  for (Instruction *I : D.Lockstep.LaneStepped)
    Inputs.push_back({N.CrossArr[I], cast<Instruction>(N.InI.lookup(I)),
                      steppedPointerStride(I)});
  BasicBlock *Test = newBlock("lane.stepped.test", N.W);
  N.T1->getTerminator()->replaceSuccessorWith(N.W, Test);
  for (PHINode &PN : N.W->phis())
    PN.replaceIncomingBlockWith(N.T1, Test);
  IRBuilder<> B(Test);
  SmallVector<Value *, 2> Bases;
  Value *First64 = nullptr;
  Value *Ok = testLaneStepped(B, Inputs, Bases, First64);
  B.CreateBr(N.W);

  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *, 16> Clones =
      cloneBlocks(Loop2Blocks, ".stepped", VMap, SteppedCopy);
  auto *H2C = cast<BasicBlock>(VMap[N.H2]);
  auto *LaneC = cast<PHINode>(&H2C->front());
  for (auto [SI, Base] : zip(Inputs, Bases)) {
    auto *Read = cast<Instruction>(VMap[SI.Read]);
    IRBuilder<> CB(Read);
    Value *V;
    if (SI.Read->getType()->isPointerTy())
      // first + (lane - first) * stride, in bytes, no wrap assumed.
      V = CB.CreatePtrAdd(
          Base,
          CB.CreateMul(CB.CreateSub(LaneC, First64),
                       CB.getInt64(SI.PtrStride)),
          Read->getName() + ".stepped");
    else
      V = CB.CreateAdd(Base, CB.CreateZExtOrTrunc(LaneC, Base->getType()),
                       Read->getName() + ".stepped", /*HasNUW=*/false,
                       /*HasNSW=*/true);
    noteOrigin(V, Read);
    Read->replaceAllUsesWith(V);
    Read->eraseFromParent();
  }
  for (BranchInst *Br : D.Lockstep.ExitTests)
    N.SteppedExitTests.push_back(cast<BranchInst>(VMap[Br]));
  dispatchCopy(Ok, Clones, VMap, "lane.stepped.dispatch");
  NewHeaders.insert(NewHeaders.begin() + 2, H2C);
  ++NumSteppedCopies;
}

/// A uniform loop with shadow lanes (Cutter::fillShadowLanes) reads its
/// lane-affine inputs (LaneAffineIn[PartI]) from lane arrays: a lane that
/// did not enter holds the first entering lane's, so that it loads only
/// what that lane loads (its own `neigh + i` may lie past the array). When
/// every lane entered there is no shadow, and a copy of lane loop 2 that
/// computes them again from its counter is exact: the vectorizer sees md's
/// `neigh[j * nAtoms + i]` as contiguous where it gathered. Picked once per
/// round by the test N.AllEntered, made before the first.
void Cutter::addEnteredCopy(ArrayRef<BasicBlock *> Loop2Blocks) {
  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *, 16> Clones =
      cloneBlocks(Loop2Blocks, ".entered", VMap, AllEnteredCopy);
  auto *H2C = cast<BasicBlock>(VMap[N.H2]);
  auto *ActC = cast<BasicBlock>(VMap[N.Act2]);
  IRBuilder<> B(ActC, ActC->getFirstInsertionPt());
  DenseMap<Value *, Value *> Computed;
  recomputeLaneAffine(B, PartI, cast<PHINode>(&H2C->front()), Computed);
  for (Instruction *I : LaneAffineIn[PartI]) {
    auto *Read = cast<Instruction>(VMap[N.InI.lookup(I)]);
    noteOrigin(Computed.lookup(I), Read);
    Read->replaceAllUsesWith(Computed.lookup(I));
    RecursivelyDeleteTriviallyDeadInstructions(Read);
  }
  dispatchCopy(N.AllEntered, Clones, VMap, "lane.entered.dispatch");
  NewHeaders.insert(NewHeaders.begin() + 2, H2C);
  ++NumEnteredCopies;
}

/// Whether every lane that entered holds, in each of \p Inputs, its value
/// for the first entering lane stepped by the lane: `base + lane` for an
/// integer, `first + (lane - first lane) * stride` bytes for a pointer.
/// \p Bases gets what the copy computes each input from (an integer's
/// base, a pointer's first lane's value), \p First64 the first entering
/// lane.
Value *Cutter::testLaneStepped(IRBuilder<> &B, ArrayRef<SteppedInput> Inputs,
                               SmallVectorImpl<Value *> &Bases,
                               Value *&First64) {
  auto [In, First] = firstActiveLane(B);
  Value *Ok = B.getTrue();
  auto *I64 = B.getInt64Ty();
  First64 = B.CreateZExt(First, I64);
  for (const SteppedInput &SI : Inputs) {
    bool IsPtr = SI.Read->getType()->isPointerTy();
    // A pointer is tested on its address: p[lane] - lane * stride.
    auto *T = IsPtr ? I64 : cast<IntegerType>(SI.Read->getType());
    uint64_t Step = IsPtr ? SI.PtrStride : 1;
    // Lanes that never entered hold poison: freeze, then ignore them.
    Value *Vec = B.CreateFreeze(B.CreateAlignedLoad(
        laneVectorType(SI.Read->getType()), SI.Arr, SI.Arr->getAlign()));
    Value *V = IsPtr ? B.CreatePtrToInt(Vec, laneVectorType(I64)) : Vec;
    Value *Base = B.CreateSub(
        B.CreateExtractElement(V, First),
        B.CreateMul(B.CreateZExtOrTrunc(First, T), ConstantInt::get(T, Step)),
        SI.Read->getName() + ".first");
    SmallVector<Constant *, 16> Iota;
    for (unsigned K = 0; K != VL.getFixedValue(); ++K)
      Iota.push_back(ConstantInt::get(T, K * Step));
    Value *Same = B.CreateICmpEQ(B.CreateSub(V, ConstantVector::get(Iota)),
                                 B.CreateVectorSplat(VL, Base));
    Ok = B.CreateAnd(Ok,
                     B.CreateAndReduce(B.CreateOr(B.CreateNot(In), Same)));
    if (IsPtr) {
      // The first entering lane's pointer: the copy steps from it, so the
      // addresses keep its provenance.
      Bases.push_back(B.CreateExtractElement(Vec, First,
                                             SI.Read->getName() + ".first"));
      continue;
    }
    // The copy adds the lane with nsw: base + VL - 1 must not wrap.
    Ok = B.CreateAnd(Ok, B.CreateICmpSLE(
                             Base, ConstantInt::get(
                                       T, APInt::getSignedMaxValue(
                                              T->getBitWidth()) -
                                              (VL.getFixedValue() - 1))));
    Bases.push_back(Base);
  }
  return Ok;
}

/// A lane-stepped copy goes through its prefetches (D.PrefetchChunks).
void Cutter::dispatchCopy(Value *Ok, ArrayRef<BasicBlock *> Clones,
                          ValueToValueMapTy &VMap, const Twine &Name) {
  auto *H2C = cast<BasicBlock>(VMap[N.H2]);
  auto *LaneC = cast<PHINode>(&H2C->front());
  auto *WBr = cast<BranchInst>(N.W->getTerminator());
  assert(WBr->getSuccessor(0) == N.H2 && "the round loop enters loop 2");
  BasicBlock *Dispatch = newBlock(Name, N.H2);
  WBr->setSuccessor(0, Dispatch);
  BasicBlock *Into = H2C, *IntoFrom = Dispatch;
  if (unsigned Ahead = D.PrefetchChunks) {
    BasicBlock *P = newBlock("lane.stepped.prefetch", H2C);
    IRBuilder<> PB(P);
    SmallPtrSet<BasicBlock *, 16> InCopy(Clones.begin(), Clones.end());
    unsigned NumPrefetches = 0;
    for (Instruction *Acc : D.Lockstep.SteppedAccesses)
      NumPrefetches += prefetchAhead(PB, cast<Instruction>(VMap[Acc]), LaneC,
                                     InCopy, Ahead);
    PB.CreateBr(H2C);
    LLVM_DEBUG(dbgs() << "vplan-ext: " << NumPrefetches
                      << " prefetches per round\n");
    Into = IntoFrom = P;
  }
  IRBuilder<>(Dispatch).CreateCondBr(Ok, Into, N.H2);
  cast<PHINode>(&N.H2->front())->replaceIncomingBlockWith(N.W, Dispatch);
  LaneC->replaceIncomingBlockWith(N.W, IntoFrom);
}

/// A contiguous access of a divergent loop walks memory by the round
/// counter's stride within a lane chunk (spmv: a row of the matrix per
/// round, 512 KiB apart) and by VL elements from one chunk to the next, one
/// stream per round: more streams than hardware prefetchers follow, so each
/// round waits for DRAM. Before each round of the lane-stepped copy, this
/// prefetches the line that lane 0 of the chunk \p Ahead chunks later will
/// read in the same round: \p Acc's address with \p Lane = 0, computed
/// again in front of the copy (pure arithmetic only, without poison flags;
/// a prefetch never faults). Returns whether it added one.
bool Cutter::prefetchAhead(IRBuilder<> &B, Instruction *Acc, PHINode *Lane,
                           const SmallPtrSetImpl<BasicBlock *> &InCopy,
                           unsigned Ahead) {
  // Values from before the round loop's dispatch are taken as they are.
  auto InCopyBlock = [&](const Instruction *I) {
    return InCopy.count(I->getParent()) != 0;
  };
  auto IsLeaf = [&](const Value *V) {
    auto *I = dyn_cast<Instruction>(V);
    return !I || !InCopyBlock(I);
  };
  DenseMap<Value *, Value *> AtLane0 = {
      {Lane, ConstantInt::get(Lane->getType(), 0)}};
  Value *Addr = copyPure(B, getLoadStorePointerOperand(Acc), IsLeaf,
                         InCopyBlock, AtLane0, ".lane0");
  if (!Addr)
    return false;
  uint64_t Bytes = uint64_t(Ahead) * VL.getFixedValue() *
                   F.getDataLayout().getTypeStoreSize(getLoadStoreType(Acc));
  B.CreateIntrinsic(Intrinsic::prefetch, {Addr->getType()},
                    {B.CreatePtrAdd(Addr, B.getInt64(Bytes), "prefetch"),
                     B.getInt32(isa<StoreInst>(Acc)), B.getInt32(3),
                     B.getInt32(1)});
  return true;
}

} // namespace fission
} // namespace vplanext
