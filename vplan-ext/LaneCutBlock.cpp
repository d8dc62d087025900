//===- LaneCutBlock.cpp - Transposed blocks of per-lane rows --------------===//
//
/// \file
/// The plan's transposed blocks (TransposedBlocks, LanePlanBlocks.cpp) in
/// a uniform loop's round loop. Before a round, when the last block is
/// used up (`block.pos` reached VF) and the exit tests of the next VF
/// iterations, computed from the round's counters, all stay in the loop,
/// each lane's next VF elements of a read's row are loaded as one vector
/// and the VF x VF elements transposed (log2(VF) stages of two-source
/// shuffles) into one vector per iteration, stored in an array. A copy of
/// lane loop 2 reads the lane's element of its iteration's vector from
/// there (contiguous across the lanes: one vector load once widened); the
/// rounds not covered by a block (the last ones) run lane loop 2 as it is.
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/LaneLoopCutter.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumBlockCopies,
          "Number of uniform loops whose per-lane rows are read in "
          "transposed blocks");

namespace vplanext {
namespace fission {

/// \p V of lane loop 2 (\p InLoop2) computed again at \p B, with the
/// values \p Done maps replaced (the lane index by a constant lane, a
/// counter by its value some iterations later): copyPure, with reads of
/// lane arrays, as deep as the loop's part (the plan's bound) plus what
/// lane loop 2 computes again or reads before it.
Value *Cutter::copyForBlock(IRBuilder<> &B, Value *V,
                            const SmallPtrSetImpl<BasicBlock *> &InLoop2,
                            DenseMap<Value *, Value *> &Done) {
  auto InRegion = [&](const Instruction *I) {
    return InLoop2.count(I->getParent()) != 0;
  };
  auto IsLeaf = [&](const Value *X) {
    auto *I = dyn_cast<Instruction>(X);
    return !I || !InRegion(I);
  };
  return copyPure(B, V, IsLeaf, InRegion, Done, ".blk",
                  {/*LaneArrayReads=*/true, /*MaxDepth=*/24});
}

/// Whether the next VF iterations all run, from the tests of each
/// computed with the counters that many steps on (lane 0's reads: the
/// loop is uniform); null when a test cannot be computed so.
Value *Cutter::blockRuns(IRBuilder<> &B,
                         const SmallPtrSetImpl<BasicBlock *> &InLoop2) {
  const TransposedBlocks &TB = *D.Blocks;
  SmallPtrSet<const BasicBlock *, 4> Leaves;
  for (const Redirect &R : N.Redirects)
    Leaves.insert(R.EdgeBB);
  unsigned Lanes = VL.getFixedValue();
  Value *Runs = B.getTrue();
  for (unsigned K = 0; K != Lanes; ++K) {
    DenseMap<Value *, Value *> Done = {
        {N.Lane2, ConstantInt::get(N.Lane2->getType(), 0)}};
    for (auto [PN, Step] : TB.Counters) {
      Value *Now = N.Round.lookup(const_cast<PHINode *>(PN));
      if (!Now)
        return nullptr;
      Done[Now] =
          K ? B.CreateAdd(
                  Now, ConstantInt::get(Now->getType(), Step->getValue() * K),
                  Now->getName() + ".ahead")
            : Now;
    }
    for (auto [Br, AfterReads] : TB.Exits) {
      // The block's last iteration makes its reads before these tests.
      if (K + 1 == Lanes && AfterReads)
        continue;
      bool Leaves0 = Leaves.count(Br->getSuccessor(0));
      if (!Leaves0 && !Leaves.count(Br->getSuccessor(1)))
        return nullptr;
      Value *C = copyForBlock(B, Br->getCondition(), InLoop2, Done);
      if (!C)
        return nullptr;
      Runs = B.CreateAnd(Runs, Leaves0 ? B.CreateNot(C) : C);
    }
  }
  return B.CreateFreeze(Runs, "block.runs");
}

/// Transposes the VF x VF elements of \p Rows in place (transposeStages).
static void transposeRows(IRBuilder<> &B, SmallVectorImpl<Value *> &Rows) {
  for (const TransposeStage &S : transposeStages(Rows.size()))
    for (unsigned I = 0, E = Rows.size(); I != E; ++I)
      if (!(I & S.Width)) {
        Value *A = Rows[I], *C = Rows[I + S.Width];
        Rows[I] = B.CreateShuffleVector(A, C, S.Lo, "block.t");
        Rows[I + S.Width] = B.CreateShuffleVector(A, C, S.Hi, "block.t");
      }
}

/// Fills \p Cols, the block of \p X: each lane's address computed again
/// for the lane, its next VF elements loaded, transposed and stored one
/// vector per iteration. False when an address cannot be computed.
bool Cutter::fillBlock(IRBuilder<> &B, const LoadInst &X, AllocaInst *Cols,
                       const SmallPtrSetImpl<BasicBlock *> &InLoop2) {
  unsigned Lanes = VL.getFixedValue();
  auto *VT = FixedVectorType::get(X.getType(), Lanes);
  SmallVector<Value *, 16> Rows;
  for (unsigned Lane = 0; Lane != Lanes; ++Lane) {
    DenseMap<Value *, Value *> Done = {
        {N.Lane2, ConstantInt::get(N.Lane2->getType(), Lane)}};
    Value *Addr = copyForBlock(B, const_cast<Value *>(X.getPointerOperand()),
                               InLoop2, Done);
    if (!Addr)
      return false;
    Rows.push_back(
        B.CreateAlignedLoad(VT, Addr, X.getAlign(), X.getName() + ".row"));
  }
  transposeRows(B, Rows);
  for (auto [K, Col] : enumerate(Rows))
    B.CreateAlignedStore(
        Col, B.CreateConstInBoundsGEP1_64(X.getType(), Cols, K * Lanes),
        Cols->getAlign());
  return true;
}

/// The plan's transposed blocks (D.Blocks): the round's test whether a
/// block is used up and whether the next one runs, its fill, and a copy of
/// lane loop 2 (\p Loop2Blocks) that reads the block, dispatched to in the
/// rounds a block covers. Nothing changes when a test or an address
/// cannot be computed before the round (verify mode then reports it).
bool Cutter::addBlockCopy(ArrayRef<BasicBlock *> Loop2Blocks) {
  const TransposedBlocks &TB = *D.Blocks;
  SmallPtrSet<BasicBlock *, 16> InLoop2(Loop2Blocks.begin(), Loop2Blocks.end());
  unsigned Lanes = VL.getFixedValue();
  auto *I64 = Type::getInt64Ty(Ctx);
  // The test and the fill first, in blocks of their own: a copy that
  // fails leaves the cut as it was.
  BasicBlock *Check = BasicBlock::Create(Ctx, "lane.block.check");
  BasicBlock *Fill = BasicBlock::Create(Ctx, "lane.block.fill");
  IRBuilder<> CB(Check), FB(Fill);
  Value *Runs = blockRuns(CB, InLoop2);
  SmallVector<AllocaInst *, 2> Cols;
  IRBuilder<> EB(&F.getEntryBlock(), F.getEntryBlock().getFirstInsertionPt());
  bool Ok = Runs;
  for (const LoadInst *X : TB.Reads) {
    if (!Ok)
      break;
    auto *VT = FixedVectorType::get(X->getType(), Lanes);
    AllocaInst *A =
        EB.CreateAlloca(ArrayType::get(X->getType(), uint64_t(Lanes) * Lanes),
                        nullptr, X->getName() + ".block");
    A->setAlignment(F.getDataLayout().getPrefTypeAlign(VT));
    Cols.push_back(A);
    Ok = fillBlock(FB, *X, A, InLoop2);
  }
  if (!Ok) {
    for (BasicBlock *BB : {Check, Fill}) {
      BB->dropAllReferences();
      delete BB;
    }
    for (AllocaInst *A : Cols)
      A->eraseFromParent();
    return false;
  }

  ValueToValueMapTy VMap;
  cloneBlocks(Loop2Blocks, ".block", VMap, BlockCopy);
  auto *H2C = cast<BasicBlock>(VMap[N.H2]);
  auto *LaneC = cast<PHINode>(&H2C->front());
  BasicBlock *Test = newBlock("lane.block.test", N.H2);
  Check->insertInto(&F, N.H2);
  Fill->insertInto(&F, N.H2);
  BasicBlock *Dispatch = newBlock("lane.block.dispatch", N.H2);

  // The position in the block, VF when it is used up (and before the
  // first round).
  auto *Pos = PHINode::Create(I64, 2, "block.pos");
  Pos->insertBefore(N.W->begin());
  Value *Full = ConstantInt::get(I64, Lanes);
  for (BasicBlock *Pred : predecessors(N.W))
    if (Pred != N.WLatch)
      Pos->addIncoming(Full, Pred);
  auto *WBr = cast<BranchInst>(N.W->getTerminator());
  assert(WBr->getSuccessor(0) == N.H2 && "the round loop enters loop 2");
  WBr->setSuccessor(0, Test);
  IRBuilder<> TBld(Test);
  TBld.CreateCondBr(TBld.CreateICmpUGE(Pos, Full, "block.used"), Check,
                    Dispatch);
  CB.CreateCondBr(Runs, Fill, Dispatch);
  FB.CreateBr(Dispatch);

  IRBuilder<> DB(Dispatch);
  PHINode *In = DB.CreatePHI(DB.getInt1Ty(), 3, "block.in");
  PHINode *Cur = DB.CreatePHI(I64, 3, "block.cur");
  In->addIncoming(DB.getTrue(), Test);
  Cur->addIncoming(Pos, Test);
  In->addIncoming(DB.getFalse(), Check);
  Cur->addIncoming(Full, Check);
  In->addIncoming(DB.getTrue(), Fill);
  Cur->addIncoming(ConstantInt::get(I64, 0), Fill);
  Pos->addIncoming(DB.CreateSelect(In, DB.CreateAdd(Cur, DB.getInt64(1)), Full,
                                   "block.next"),
                   N.WLatch);
  DB.CreateCondBr(In, H2C, N.H2);
  for (BasicBlock *H : {N.H2, H2C})
    for (PHINode &PN : H->phis())
      PN.replaceIncomingBlockWith(N.W, Dispatch);

  // The copy reads its iteration's vector of the block at its lane.
  for (auto [X, Arr] : zip(TB.Reads, Cols)) {
    auto *Read = cast<LoadInst>(VMap[X]);
    IRBuilder<> RB(Read);
    Value *Idx = RB.CreateAdd(RB.CreateMul(Cur, RB.getInt64(Lanes)),
                              RB.CreateZExtOrTrunc(LaneC, I64));
    Value *V = RB.CreateAlignedLoad(
        X->getType(), RB.CreateInBoundsGEP(X->getType(), Arr, Idx),
        commonAlignment(Arr->getAlign(),
                        F.getDataLayout().getTypeStoreSize(X->getType())),
        X->getName() + ".blk");
    // The block is written before lane loop 2 only: as parallel as the read.
    cast<Instruction>(V)->copyMetadata(*Read, {LLVMContext::MD_access_group});
    noteOrigin(V, Read);
    Read->replaceAllUsesWith(V);
    RecursivelyDeleteTriviallyDeadInstructions(Read);
  }
  NewHeaders.insert(NewHeaders.begin() + 2, H2C);
  NumTransposedReads = TB.Reads.size();
  ++NumBlockCopies;
  return true;
}

} // namespace fission
} // namespace vplanext
