//===- LaneCutLoops.cpp - The three lane loops of a cut -------------------===//
//
/// \file
/// The transform of one cut (LaneLoopCutter.h): its order, and the
/// skeleton it starts with (the new blocks, the edges redirected into
/// them, the lane counters) and ends with (the inner header's phis
/// replaced, the old header and latch deleted). It decides nothing: every
/// choice was made by the analysis (CutDecisions).
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/LaneLoopCutter.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumUniformLoops, "Number of inner loops cut as uniform loops");
STATISTIC(NumShadowLoops,
          "Number of uniform loops whose skipping lanes shadow another lane");

namespace vplanext {
namespace fission {

/// Builds the cut in a fixed order: block positions and the suffixes of
/// clashing names depend on the order blocks and values are created in.
void Cutter::transform() {
  NumUniformLoops += D.UniformLoop;
  NumShadowLoops += D.ShadowLanes;
  makeLaneArrays();
  makeLoopBlocks();
  redirectEdges();
  makeLaneCounters();
  if (D.ShadowLanes)
    fillShadowLanes();
  buildRoundLoop();
  enterLoop2();
  enterLoop3();
  rewriteCrossingUses();
  noteOrigins();
  buildLatch1();
  buildLatch2();
  SmallVector<BasicBlock *, 16> Loop2 = finishCut();
  if (!D.Lockstep.LaneStepped.empty())
    addSteppedCopy(Loop2);
  if (N.AllEntered)
    addEnteredCopy(Loop2);
  if (D.SteadyPlanned && !D.Lockstep.ExitTests.empty())
    MadeSteadyCopy = addSteadyCopy();
  if (D.Blocks)
    addBlockCopy(Loop2);
  if (D.BOSCCBranch)
    addBOSCCCopies(Loop2);
}

BasicBlock *Cutter::newBlock(const Twine &Name, BasicBlock *Before) {
  return BasicBlock::Create(Ctx, Name, &F, Before);
}

/// The new blocks, in program order: lane loop 1's header and latch, the
/// round loop's header, lane loop 2's header, entry and latch, lane loop
/// 3's header, entry and latch.
void Cutter::makeLoopBlocks() {
  N.H1 = newBlock("lane.pre", L.BodyEntry);
  N.T1 = newBlock("lane.pre.latch", IH);
  N.W = newBlock("lane.any", IH);
  N.H2 = newBlock("lane.loop", IH);
  N.Act2 = newBlock("lane.loop.active", IH);
  BasicBlock *AfterI = nullptr;
  for (BasicBlock &BB : F)
    if (partOf(&BB) == PartB) {
      AfterI = &BB;
      break;
    }
  if (!AfterI)
    AfterI = L.Latch;
  N.T2 = newBlock("lane.loop.latch", AfterI);
  N.H3 = newBlock("lane.post", AfterI);
  N.D3 = newBlock("lane.post.resume", AfterI);
  N.T3 = newBlock("lane.post.latch", L.Latch);
  Part[N.Act2] = PartI;
  Part[N.D3] = PartB;
}

/// Every edge out of the region's lane loops gets a block of its own, so
/// the latch phis can tell the edges apart: landing edges leave through
/// T1 / T2 and resume in lane loop 3 (in one block, when they all go to
/// one: the landing phis then lose these edges and get the lane's landing
/// values in enterLoop3), the region's entry goes to T1, its back edges to
/// T2, and B's edges to the old latch to T3.
void Cutter::redirectEdges() {
  BasicBlock *Shared = nullptr;
  for (auto [K, E] : enumerate(Landing)) {
    bool FromA = partOf(E.From) == PartA;
    BasicBlock *EB =
        newBlock(E.From->getName() + ".leave", FromA ? N.T1 : N.T2);
    BasicBlock *X = D.NeedResume ? nullptr : Shared;
    if (!X) {
      X = newBlock(E.To->getName() + ".resume", E.To == L.Latch ? N.T3 : E.To);
      Part[X] = PartB;
      IRBuilder<>(X).CreateBr(E.To == L.Latch ? N.T3 : E.To);
      Shared = X;
    }
    E.From->getTerminator()->replaceSuccessorWith(E.To, EB);
    IRBuilder<>(EB).CreateBr(FromA ? N.T1 : N.T2);
    Redirect R{EB, X, E.From, unsigned(K), {}};
    for (PHINode *PN : D.LandingPhis)
      R.PhiVals.push_back(PN->getIncomingValueForBlock(E.From));
    if (E.To != L.Latch)
      for (PHINode &PN : E.To->phis()) {
        // Each edge through a landing block of its own; into the shared
        // one, a landing phi loses its edges (enterLoop3 adds the lane's
        // value) and any other keeps its one value, from the first edge.
        if (D.NeedResume || (K == 0 && !is_contained(D.LandingPhis, &PN)))
          PN.replaceIncomingBlockWith(E.From, X);
        else
          PN.removeIncomingValueIf(
              [&](unsigned Idx) { return PN.getIncomingBlock(Idx) == E.From; },
              /*DeletePHIIfEmpty=*/false);
      }
    N.Redirects.push_back(std::move(R));
  }
  N.Enter = newBlock(InnerPre->getName() + ".enter", N.T1);
  InnerPre->getTerminator()->replaceSuccessorWith(IH, N.Enter);
  IRBuilder<>(N.Enter).CreateBr(N.T1);
  for (BasicBlock *S : InnerLatches) {
    BasicBlock *C = newBlock(S->getName() + ".next", N.T2);
    S->getTerminator()->replaceSuccessorWith(IH, C);
    // The inner loop's own metadata belonged to its back edge.
    S->getTerminator()->setMetadata(LLVMContext::MD_loop, nullptr);
    IRBuilder<>(C).CreateBr(N.T2);
    N.Continue.push_back(C);
  }
  for (BasicBlock *BB : Body)
    if (partOf(BB) == PartB)
      BB->getTerminator()->replaceSuccessorWith(L.Latch, N.T3);
}

/// `lane = phi [0, Pre], [next, T]` in \p H, which goes on to \p Body;
/// \p T increments it and leaves for \p Out after VL lanes.
PHINode *Cutter::makeCounter(IRBuilder<> &B, BasicBlock *H, BasicBlock *Pre,
                             BasicBlock *T, BasicBlock *Out, BasicBlock *Body,
                             const Twine &Name) {
  B.SetInsertPoint(H);
  PHINode *Lane = B.CreatePHI(B.getInt64Ty(), 2, Name);
  Lane->addIncoming(B.getInt64(0), Pre);
  B.CreateBr(Body);
  B.SetInsertPoint(T);
  Value *Next = B.CreateAdd(Lane, B.getInt64(1), Name + ".next",
                            /*HasNUW=*/true, /*HasNSW=*/true);
  Lane->addIncoming(Next, T);
  B.CreateCondBr(B.CreateICmpEQ(Next, L.Count), Out, H);
  return Lane;
}

/// The three lane loops and the round loop between them: lane loop 1
/// (A) goes on to the round loop (through the shadow lanes' fill), the
/// round loop runs lane loop 2 (I) while any lane is active, then lane
/// loop 3 (B). Each part reads its own lane counter.
void Cutter::makeLaneCounters() {
  IRBuilder<> B(Ctx);
  L.Pre->getTerminator()->replaceSuccessorWith(L.Header, N.H1);
  N.Fill = D.ShadowLanes ? newBlock("lane.shadow", IH) : nullptr;
  N.Lane1 = makeCounter(B, N.H1, L.Pre, N.T1, N.Fill ? N.Fill : N.W,
                        L.BodyEntry, "lane.a");
  // The round loop gets a latch of its own: sharing loop 2's would give
  // it loop 2's metadata (vectorize.enable on a loop that is not innermost).
  N.WLatch = newBlock("lane.any.latch", N.H3);
  IRBuilder<>(N.WLatch).CreateBr(N.W);
  N.Lane2 = makeCounter(B, N.H2, N.W, N.T2, N.WLatch, N.Act2, "lane.i");
  N.Lane3 = makeCounter(B, N.H3, N.W, N.T3, L.Exit, N.D3, "lane.b");
  for (Use &U : make_early_inc_range(L.Lane->uses())) {
    auto *UI = cast<Instruction>(U.getUser());
    switch (partOf(UI->getParent())) {
    case PartA:
      U.set(N.Lane1);
      break;
    case PartI:
      U.set(N.Lane2);
      break;
    case PartB:
      U.set(N.Lane3);
      break;
    case NotInBody:
      break; // the old increment, deleted with the old latch
    }
  }
}

/// Uses of crossing values in later parts read the reloaded copies (lane
/// loop 2's of A's values, lane loop 3's of A's and I's), and uses of
/// lane-affine values the copies computed again.
void Cutter::rewriteCrossingUses() {
  SmallSetVector<Instruction *, 16> Read;
  for (auto &KV : Cross)
    Read.insert(KV.first);
  Read.insert_range(LaneAffineIn[PartI]);
  Read.insert_range(LaneAffineIn[PartB]);
  for (Instruction *I : Read)
    for (Use &U : make_early_inc_range(I->uses())) {
      auto *UI = cast<Instruction>(U.getUser());
      if (auto *PN = dyn_cast<PHINode>(UI); PN && PN->getParent() == IH)
        continue; // state phis are replaced by finishCut
      PartKind UK = partOfUse(U);
      if (UK == PartI && partOf(I->getParent()) == PartA)
        U.set(N.InI.lookup(I));
      else if (UK == PartB)
        U.set(N.InB.lookup(I));
    }
}

/// The inner header's phis become the loaded state, the old header and
/// latch go; returns lane loop 2's blocks, for the copies.
SmallVector<BasicBlock *, 16> Cutter::finishCut() {
  for (auto [PN, S] : zip(N.StatePhis, N.State)) {
    PN->replaceAllUsesWith(S);
    PN->eraseFromParent();
  }
  DeleteDeadBlocks({L.Header, L.Latch});
  NewHeaders = {N.H1, N.H2, N.H3};
  SmallVector<BasicBlock *, 16> Loop2 = {N.H2};
  for (BasicBlock &BB : F)
    if (partOf(&BB) == PartI)
      Loop2.push_back(&BB);
  for (const Redirect &R : N.Redirects)
    if (partOf(R.From) == PartI)
      Loop2.push_back(R.EdgeBB);
  append_range(Loop2, N.Continue);
  Loop2.push_back(N.T2);
  return Loop2;
}

Value *Cutter::copyPure(IRBuilder<> &B, Value *V,
                        function_ref<bool(const Value *)> IsLeaf,
                        function_ref<bool(const Instruction *)> InRegion,
                        DenseMap<Value *, Value *> &Done, StringRef Suffix,
                        CopyLimits Limits, unsigned Depth) {
  if (Value *R = Done.lookup(V))
    return R;
  if (IsLeaf(V))
    return V;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !InRegion(I) || Depth > Limits.MaxDepth)
    return nullptr;
  auto *LI = dyn_cast<LoadInst>(I);
  bool LaneRead = Limits.LaneArrayReads && LI && LI->isSimple() &&
                  isa<AllocaInst>(getUnderlyingObject(LI->getPointerOperand()));
  if (!LaneRead && !isPureToRecompute(*I))
    return nullptr;
  Instruction *NewI = I->clone();
  if (!LaneRead)
    NewI->dropPoisonGeneratingFlags();
  for (Use &U : NewI->operands()) {
    Value *Op =
        copyPure(B, U.get(), IsLeaf, InRegion, Done, Suffix, Limits, Depth + 1);
    if (!Op) {
      NewI->deleteValue();
      return nullptr;
    }
    U.set(Op);
  }
  B.Insert(NewI, I->getName() + Suffix);
  Done[V] = NewI;
  return NewI;
}

SmallVector<BasicBlock *, 16>
Cutter::cloneBlocks(ArrayRef<BasicBlock *> Blocks, const Twine &Suffix,
                    ValueToValueMapTy &VMap, unsigned Copy) {
  SmallVector<BasicBlock *, 16> Clones;
  for (BasicBlock *BB : Blocks) {
    BasicBlock *C = CloneBasicBlock(BB, VMap, Suffix, &F);
    VMap[BB] = C;
    Clones.push_back(C);
    for (auto [Old, New] : zip(*BB, *C))
      noteOrigin(&New, &Old, Copy);
  }
  remapInstructionsInBlocks(Clones, VMap);
  return Clones;
}

} // namespace fission
} // namespace vplanext
