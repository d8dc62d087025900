//===- LockstepLoops.cpp - Divergent loops in rounds over the group -------===//
//
// See LockstepLoops.h. The shape after the rewrite:
//
//   prologue ... P:  st = 1; br round          (skip edge: st = id; br done)
//                    (early return: st = 0; br done)
//   round:   phis of the loop's header (from P and from the latch)
//            barrier
//   check:   t = round number; round number = t + 1
//            br st == 1 ? H : done
//   H ... :  j = s + t*c; the body; latch: br round
//            (exit e: st = id_e; br done)
//   done:    barrier
//   post:    switch st: 0 -> ret, id -> the block the item was going to
//
//===----------------------------------------------------------------------===//

#include "LockstepLoops.h"
#include "Builtins.h"
#include "GroupUniformity.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"

using namespace llvm;

#define DEBUG_TYPE "kernel-wrap"

STATISTIC(NumLockstep, "Number of divergent loops run in lockstep rounds");

// Off by default: on Zen 3 spmv ran slower in rounds (min of 7 runs 20.8 ms)
// than in SimdLoopPass's 4-lane chunks (16.9 ms); see kernel-wrap.md.
static cl::opt<bool>
    ClLockstep("kernel-wrap-lockstep",
               cl::desc("kernel-wrap: run a divergent loop whose accesses are "
                        "contiguous across work items in lockstep rounds over "
                        "the work group (experimental)"),
               cl::init(false));

namespace kernelwrap {
namespace {

/// The item states kept in the state array: not in the loop and returned,
/// in the loop, and 2 + i for the i-th edge out of the loop (or around it).
constexpr unsigned StateReturned = 0, StateInLoop = 1, StateFirstEdge = 2;

bool hasBarrier(Function &W) {
  for (BasicBlock &BB : W)
    for (Instruction &I : BB)
      if (auto *CI = dyn_cast<CallInst>(&I); CI && isBarrierCall(*CI))
        return true;
  return false;
}

/// The counter of \p L: a header phi {s,+,c} with a group-uniform start and
/// a constant step.
PHINode *lockstepCounter(Loop &L, ScalarEvolution &SE,
                         const GroupUniformity &GU) {
  BasicBlock *Pre = L.getLoopPreheader();
  for (PHINode &PN : L.getHeader()->phis()) {
    if (!PN.getType()->isIntegerTy())
      continue;
    auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(&PN));
    if (!AR || AR->getLoop() != &L || !AR->isAffine() ||
        !isa<SCEVConstant>(AR->getStepRecurrence(SE)))
      continue;
    if (GU.isUniform(PN.getIncomingValueForBlock(Pre)))
      return &PN;
  }
  return nullptr;
}

/// Whether an exit of \p L depends on the work item (else the loop is the
/// same for every item and needs no rounds).
bool hasDivergentExit(Loop &L, const GroupUniformity &GU) {
  SmallVector<BasicBlock *, 4> Exiting;
  L.getExitingBlocks(Exiting);
  for (BasicBlock *BB : Exiting) {
    Instruction *T = BB->getTerminator();
    if (!isa<BranchInst>(T) && !isa<SwitchInst>(T))
      return false;
    if (!GU.isUniform(T))
      return true;
  }
  return false;
}

/// The address \p Ptr as an affine add recurrence of \p L, and the bytes its
/// step counts: the pointer's own recurrence, or that of a GEP's index
/// (`vals[j * n + r]` with an int index: SCEV keeps the sign extension of
/// `{r,+,n}` outside the recurrence unless it can prove no overflow).
std::pair<const SCEVAddRecExpr *, uint64_t>
counterRecurrence(Value *Ptr, Loop &L, ScalarEvolution &SE) {
  auto Affine = [&](const SCEV *S) -> const SCEVAddRecExpr * {
    auto *AR = dyn_cast<SCEVAddRecExpr>(S);
    return AR && AR->getLoop() == &L && AR->isAffine() ? AR : nullptr;
  };
  if (auto *AR = Affine(SE.getSCEV(Ptr)))
    return {AR, 1};
  auto *GEP = dyn_cast<GetElementPtrInst>(Ptr);
  if (!GEP || GEP->getNumIndices() != 1)
    return {nullptr, 0};
  Value *Idx = GEP->getOperand(1);
  if (isa<SExtInst>(Idx) || isa<ZExtInst>(Idx))
    Idx = cast<CastInst>(Idx)->getOperand(0);
  if (auto *AR = Affine(SE.getSCEV(Idx)))
    return {AR, GEP->getDataLayout()
                    .getTypeAllocSize(GEP->getSourceElementType())
                    .getFixedValue()};
  return {nullptr, 0};
}

/// Whether a load or store of \p L has an address that moves with the
/// counter by more than its own size (one item's iterations do not read
/// neighbours) and whose start moves by a constant with the local id \p LID
/// of the vectorization dimension (neighbouring items read near each
/// other): the accesses the rounds turn into whole cache lines.
bool readsAcrossItems(Loop &L, Value *LID, ScalarEvolution &SE) {
  const DataLayout &DL = L.getHeader()->getDataLayout();
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      Value *Ptr = getLoadStorePointerOperand(&I);
      if (!Ptr)
        continue;
      auto [AR, Unit] = counterRecurrence(Ptr, L, SE);
      if (!AR)
        continue;
      uint64_t Size = DL.getTypeStoreSize(getLoadStoreType(&I));
      auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
      if (Step && Step->getAPInt().abs().getLimitedValue() * Unit <= Size)
        continue;
      if (const SCEVConstant *D = localIdStride(AR->getStart(), LID, SE);
          D && !D->isZero())
        return true;
    }
  return false;
}

/// Whether \p L's blocks are plain code the rounds can re-enter: no allocas
/// (a new one per iteration), no calls that are not ordinary functions.
bool isPlainBody(Loop &L) {
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      if (isa<AllocaInst>(I))
        return false;
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (!isa<CallInst>(CB) || CB->isInlineAsm() ||
            CB->hasFnAttr(Attribute::ReturnsTwice))
          return false;
    }
  return true;
}

DenseSet<BasicBlock *> reachableFrom(BasicBlock *From) {
  DenseSet<BasicBlock *> Seen = {From};
  SmallVector<BasicBlock *, 16> Work = {From};
  while (!Work.empty())
    for (BasicBlock *S : successors(Work.pop_back_val()))
      if (Seen.insert(S).second)
        Work.push_back(S);
  return Seen;
}

} // namespace

LockstepLoop interchangeLockstepLoop(Function &W, ArrayRef<Value *> LocalIds,
                                     unsigned VecDim,
                                     FunctionAnalysisManager &FAM) {
  if (!ClLockstep || hasBarrier(W) || !W.getReturnType()->isVoidTy())
    return {};
  {
    FunctionPassManager FPM;
    FPM.addPass(LoopSimplifyPass());
    FPM.run(W, FAM);
  }
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(W);
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(W);
  GroupUniformity GU(W, LocalIds);
  Loop *L = nullptr;
  PHINode *Counter = nullptr;
  for (Loop *Top : LI) {
    if (!Top->getLoopPreheader() || !Top->getLoopLatch() ||
        !Top->hasDedicatedExits() || !isPlainBody(*Top) ||
        !hasDivergentExit(*Top, GU) ||
        !readsAcrossItems(*Top, LocalIds[VecDim], SE))
      continue;
    if ((Counter = lockstepCounter(*Top, SE, GU))) {
      L = Top;
      break;
    }
  }
  if (!L) {
    FAM.invalidate(W, PreservedAnalyses::none());
    return {};
  }
  BasicBlock *H = L->getHeader(), *Pre = L->getLoopPreheader(),
             *Latch = L->getLoopLatch();
  auto *CounterAR = cast<SCEVAddRecExpr>(SE.getSCEV(Counter));
  APInt Step = cast<SCEVConstant>(CounterAR->getStepRecurrence(SE))->getAPInt();
  Value *Start = Counter->getIncomingValueForBlock(Pre);
  SmallVector<std::pair<BasicBlock *, BasicBlock *>, 4> ExitEdges;
  {
    SmallVector<Loop::Edge, 4> Edges;
    L->getExitEdges(Edges);
    for (auto [From, To] : Edges)
      if (!is_contained(ExitEdges, std::make_pair(const_cast<BasicBlock *>(From),
                                                  const_cast<BasicBlock *>(To))))
        ExitEdges.push_back({const_cast<BasicBlock *>(From),
                             const_cast<BasicBlock *>(To)});
  }
  // The blocks from the loop on, and the ones only before it. Code after
  // the loop must not lead back before it (the loop would sit in a cycle).
  DenseSet<BasicBlock *> After = reachableFrom(H);
  SmallVector<std::pair<BasicBlock *, BasicBlock *>, 4> SkipEdges;
  SmallVector<ReturnInst *, 4> EarlyReturns;
  for (BasicBlock &BB : W) {
    bool IsAfter = After.contains(&BB);
    for (BasicBlock *S : successors(&BB)) {
      if (IsAfter && !After.contains(S)) {
        FAM.invalidate(W, PreservedAnalyses::none());
        return {};
      }
      if (!IsAfter && After.contains(S) && !(&BB == Pre && S == H) &&
          !is_contained(SkipEdges, std::make_pair(&BB, S)))
        SkipEdges.push_back({&BB, S});
    }
    if (auto *RI = dyn_cast<ReturnInst>(BB.getTerminator()); RI && !IsAfter)
      EarlyReturns.push_back(RI);
  }
  LLVM_DEBUG(dbgs() << "kernel-wrap: lockstep rounds for the loop at "
                    << H->getName() << " (" << ExitEdges.size()
                    << " exit(s), " << SkipEdges.size() << " skip edge(s), "
                    << EarlyReturns.size() << " early return(s))\n");

  LLVMContext &Ctx = W.getContext();
  Module &M = *W.getParent();
  Type *I32 = Type::getInt32Ty(Ctx);
  Type *CTy = Counter->getType();
  FunctionCallee Barrier = M.getOrInsertFunction(
      "_Z7barrierj", FunctionType::get(Type::getVoidTy(Ctx), {I32}, false));
  BasicBlock &Entry = W.getEntryBlock();
  IRBuilder<> EB(&Entry, Entry.begin());
  AllocaInst *State = EB.CreateAlloca(I32, nullptr, "lockstep.state");
  EB.SetInsertPoint(Entry.getFirstNonPHIOrDbgOrAlloca());
  EB.CreateStore(EB.getInt32(StateReturned), State);
  // The round number: a __local word (an internal, uninitialized global)
  // that the work-group function sets; only read here, so the read is
  // loop-invariant in the work-item loop.
  auto *RoundNo = new GlobalVariable(
      M, Type::getInt64Ty(Ctx), /*isConstant=*/false,
      GlobalValue::InternalLinkage, UndefValue::get(Type::getInt64Ty(Ctx)),
      W.getName() + ".lockstep.round");
  RoundNo->setAlignment(Align(8));

  auto *RoundBB = BasicBlock::Create(Ctx, "lockstep.round", &W);
  auto *CheckBB = BasicBlock::Create(Ctx, "lockstep.check", &W);
  auto *DoneBB = BasicBlock::Create(Ctx, "lockstep.done", &W);
  auto *PostBB = BasicBlock::Create(Ctx, "lockstep.post", &W);
  auto *RetBB = BasicBlock::Create(Ctx, "lockstep.ret", &W);
  ReturnInst::Create(Ctx, RetBB);

  // The header's phis become one variable each (a context array later):
  // stored by the preheader and the latch, read at the header. As phis
  // before the barrier they would be demoted there and their reloads
  // carried across it again, a second array and store per round.
  IRBuilder<> AB(&Entry, Entry.begin());
  DenseMap<PHINode *, AllocaInst *> Slot;
  SmallVector<PHINode *, 8> Old;
  for (PHINode &PN : H->phis()) {
    Old.push_back(&PN);
    if (&PN != Counter)
      Slot[&PN] = AB.CreateAlloca(PN.getType(), nullptr,
                                  PN.getName() + ".lockstep");
  }
  IRBuilder<> RB(RoundBB);
  LockstepLoop R;
  R.Round = RB.CreateCall(Barrier, {RB.getInt32(1)});
  RB.CreateBr(CheckBB);

  auto UsedInLoopOnly = [&](Instruction *I) {
    return all_of(I->users(), [&](User *U) {
      return L->contains(cast<Instruction>(U)->getParent());
    });
  };
  IRBuilder<> CB(CheckBB);
  Value *T = CB.CreateZExtOrTrunc(
      CB.CreateLoad(CB.getInt64Ty(), RoundNo), CTy, "lockstep.t");
  Value *St = CB.CreateLoad(I32, State, "lockstep.st");
  Value *InLoop = CB.CreateICmpEQ(St, CB.getInt32(StateInLoop));
  // When the header only computes and then tests the exit (a `for` or
  // `while` loop), items out of the loop run the header too and take the
  // exit again: one unpredictable branch per item and round instead of two
  // (spmv: the rounds' time is mostly these branches and the x loads).
  // Their header values must not be needed after the loop, where such an
  // item's later rounds would have overwritten them.
  auto *HBr = dyn_cast<BranchInst>(H->getTerminator());
  bool FoldCheck =
      HBr && HBr->isConditional() && UsedInLoopOnly(Counter) &&
      L->contains(HBr->getSuccessor(0)) != L->contains(HBr->getSuccessor(1)) &&
      all_of(make_range(H->getFirstNonPHIIt(), HBr->getIterator()),
             [&](Instruction &I) {
               return isSafeToSpeculativelyExecute(&I) && UsedInLoopOnly(&I);
             });
  if (FoldCheck) {
    CB.CreateBr(H);
    IRBuilder<> TB(HBr);
    Value *C = HBr->getCondition();
    HBr->setCondition(L->contains(HBr->getSuccessor(0))
                          ? TB.CreateLogicalAnd(InLoop, C)
                          : TB.CreateLogicalOr(TB.CreateNot(InLoop), C));
  } else {
    CB.CreateCondBr(InLoop, H, DoneBB);
  }

  IRBuilder<> HB(H, H->getFirstNonPHIIt());
  Value *J = HB.CreateAdd(Start, HB.CreateMul(T, ConstantInt::get(CTy, Step)),
                          Counter->getName() + ".lockstep");
  DenseMap<PHINode *, Value *> Cur;
  for (PHINode *PN : Old)
    Cur[PN] = PN == Counter ? J
                            : HB.CreateLoad(PN->getType(), Slot[PN],
                                            PN->getName() + ".cur");
  auto Mapped = [&](Value *V) -> Value * {
    if (auto *PN = dyn_cast<PHINode>(V); PN && PN->getParent() == H)
      return Cur[PN];
    return V;
  };
  // The next round's values are stored on the back edge, so that the
  // variables still hold this round's values on every exit.
  auto *Next = BasicBlock::Create(Ctx, "lockstep.next", &W, RoundBB);
  IRBuilder<> NB(Next);
  for (PHINode *PN : Old) {
    if (PN == Counter)
      continue;
    IRBuilder<>(Pre->getTerminator())
        .CreateStore(Mapped(PN->getIncomingValueForBlock(Pre)), Slot[PN]);
    NB.CreateStore(Mapped(PN->getIncomingValueForBlock(Latch)), Slot[PN]);
  }
  NB.CreateBr(RoundBB);
  for (PHINode *PN : Old) {
    PN->replaceAllUsesWith(Mapped(PN));
    PN->eraseFromParent();
  }
  // Into the loop: through the round barrier.
  IRBuilder<>(Pre->getTerminator())
      .CreateStore(ConstantInt::get(I32, StateInLoop), State);
  Pre->getTerminator()->replaceSuccessorWith(H, RoundBB);
  Latch->getTerminator()->replaceSuccessorWith(H, Next);

  IRBuilder<> DB(DoneBB);
  DB.CreateCall(Barrier, {DB.getInt32(1)});
  DB.CreateBr(PostBB);
  IRBuilder<> PB(PostBB);
  SwitchInst *SW = PB.CreateSwitch(PB.CreateLoad(I32, State, "lockstep.st"),
                                   RetBB);
  // An edge out of the loop or around it: the item records it and waits at
  // "done"; after the last round it goes on where it was going.
  unsigned Id = StateFirstEdge;
  auto Cut = [&](BasicBlock *From, BasicBlock *To) {
    auto *Leave = BasicBlock::Create(Ctx, "lockstep.leave", &W, DoneBB);
    IRBuilder<> LB(Leave);
    // An item that was out of the loop already keeps its state.
    LB.CreateStore(FoldCheck && From == H
                       ? LB.CreateSelect(InLoop, LB.getInt32(Id), St)
                       : LB.getInt32(Id),
                   State);
    LB.CreateBr(DoneBB);
    auto *Land = BasicBlock::Create(Ctx, "lockstep.resume", &W);
    BranchInst::Create(To, Land);
    // A switch may have several cases to To: one entry from Land is left.
    for (PHINode &PN : To->phis()) {
      PN.replaceIncomingBlockWith(From, Land);
      for (unsigned I = PN.getNumIncomingValues(); I-- > 0;)
        if (PN.getIncomingBlock(I) == Land &&
            PN.getBasicBlockIndex(Land) != int(I))
          PN.removeIncomingValue(I, /*DeletePHIIfEmpty=*/false);
    }
    From->getTerminator()->replaceSuccessorWith(To, Leave);
    SW->addCase(PB.getInt32(Id), Land);
    ++Id;
  };
  for (auto [From, To] : ExitEdges)
    Cut(From, To);
  for (auto [From, To] : SkipEdges)
    Cut(From, To);
  for (ReturnInst *RI : EarlyReturns) {
    IRBuilder<> B(RI);
    B.CreateStore(B.getInt32(StateReturned), State);
    B.CreateBr(DoneBB);
    RI->eraseFromParent();
  }
  // After the loop a header value is its variable's content: read it there
  // instead of carrying the header's read across "done" in another array.
  for (PHINode *PN : Old) {
    if (PN == Counter)
      continue;
    auto *LI = cast<LoadInst>(Cur[PN]);
    for (Use &U : make_early_inc_range(LI->uses())) {
      auto *UI = cast<Instruction>(U.getUser());
      Instruction *At = UI;
      if (auto *Phi = dyn_cast<PHINode>(UI))
        At = Phi->getIncomingBlock(U)->getTerminator();
      // In the loop and on the back edge (where a phi's next value may be
      // another phi's current one) the header's read is the value.
      if (L->contains(At->getParent()) || At->getParent() == Next)
        continue;
      U.set(new LoadInst(LI->getType(), Slot[PN], LI->getName() + ".after",
                         At->getIterator()));
    }
  }
  R.RoundNumber = RoundNo;
  ++NumLockstep;
  FAM.invalidate(W, PreservedAnalyses::none());
  return R;
}

} // namespace kernelwrap
