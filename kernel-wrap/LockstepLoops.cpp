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

/// The loop the rounds interchange, with its counter.
struct Candidate {
  Loop *L = nullptr;
  PHINode *Counter = nullptr;
};

/// The first top-level loop of \p LI that qualifies (see the header).
Candidate findCandidate(LoopInfo &LI, ScalarEvolution &SE,
                        const GroupUniformity &GU, Value *LID) {
  for (Loop *Top : LI) {
    if (!Top->getLoopPreheader() || !Top->getLoopLatch() ||
        !Top->hasDedicatedExits() || !isPlainBody(*Top) ||
        !hasDivergentExit(*Top, GU) || !readsAcrossItems(*Top, LID, SE))
      continue;
    if (PHINode *Counter = lockstepCounter(*Top, SE, GU))
      return {Top, Counter};
  }
  return {};
}

/// The rewrite of one candidate loop (the shape in the file comment).
class RoundRewrite {
public:
  RoundRewrite(Function &W, Loop &L, PHINode *Counter, ScalarEvolution &SE)
      : W(W), Ctx(W.getContext()), L(L), Counter(Counter),
        H(L.getHeader()), Pre(L.getLoopPreheader()), Latch(L.getLoopLatch()),
        I32(Type::getInt32Ty(Ctx)) {
    auto *AR = cast<SCEVAddRecExpr>(SE.getSCEV(Counter));
    Step = cast<SCEVConstant>(AR->getStepRecurrence(SE))->getAPInt();
    Start = Counter->getIncomingValueForBlock(Pre);
  }

  /// The edges out of the loop, the edges around it and the returns before
  /// it; false when code after the loop leads back before it (the loop
  /// would sit in a cycle).
  bool collectEdges();
  LockstepLoop run();

private:
  void makeBlocks();
  void makeSlots();
  void buildCheck();
  void rewriteHeader();
  void buildDone();
  void cutEdge(BasicBlock *From, BasicBlock *To, SwitchInst *SW);
  void readSlotsAfterLoop();
  bool usedInLoopOnly(Instruction *I) const {
    return all_of(I->users(), [&](User *U) {
      return L.contains(cast<Instruction>(U)->getParent());
    });
  }

  Function &W;
  LLVMContext &Ctx;
  Loop &L;
  PHINode *Counter;
  BasicBlock *H, *Pre, *Latch;
  Type *I32;
  APInt Step;
  Value *Start;

  SmallVector<std::pair<BasicBlock *, BasicBlock *>, 4> ExitEdges, SkipEdges;
  SmallVector<ReturnInst *, 4> EarlyReturns;

  FunctionCallee Barrier;
  AllocaInst *State = nullptr;
  GlobalVariable *RoundNo = nullptr;
  BasicBlock *RoundBB = nullptr, *CheckBB = nullptr, *DoneBB = nullptr,
             *PostBB = nullptr, *RetBB = nullptr, *Next = nullptr;
  CallInst *RoundBarrier = nullptr;
  /// The header's phis, and the variable each (but the counter) becomes.
  SmallVector<PHINode *, 8> Old;
  DenseMap<PHINode *, AllocaInst *> Slot;
  /// The header phis' values this round: the counter from the round
  /// number, the others read from their variables.
  DenseMap<PHINode *, Value *> Cur;
  /// The round number, the item's state read in the check block, whether
  /// it is in the loop, and whether the header's own exit test does the
  /// check.
  Value *T = nullptr, *St = nullptr, *InLoop = nullptr;
  bool FoldCheck = false;
  unsigned NextId = StateFirstEdge;
};

bool RoundRewrite::collectEdges() {
  SmallVector<Loop::Edge, 4> Edges;
  L.getExitEdges(Edges);
  for (auto [From, To] : Edges) {
    std::pair<BasicBlock *, BasicBlock *> E(const_cast<BasicBlock *>(From),
                                            const_cast<BasicBlock *>(To));
    if (!is_contained(ExitEdges, E))
      ExitEdges.push_back(E);
  }
  // The blocks from the loop on, and the ones only before it.
  DenseSet<BasicBlock *> After = reachableFrom(H);
  for (BasicBlock &BB : W) {
    bool IsAfter = After.contains(&BB);
    for (BasicBlock *S : successors(&BB)) {
      if (IsAfter && !After.contains(S))
        return false;
      if (!IsAfter && After.contains(S) && !(&BB == Pre && S == H) &&
          !is_contained(SkipEdges, std::make_pair(&BB, S)))
        SkipEdges.push_back({&BB, S});
    }
    if (auto *RI = dyn_cast<ReturnInst>(BB.getTerminator()); RI && !IsAfter)
      EarlyReturns.push_back(RI);
  }
  return true;
}

LockstepLoop RoundRewrite::run() {
  LLVM_DEBUG(dbgs() << "kernel-wrap: lockstep rounds for the loop at "
                    << H->getName() << " (" << ExitEdges.size()
                    << " exit(s), " << SkipEdges.size() << " skip edge(s), "
                    << EarlyReturns.size() << " early return(s))\n");
  makeBlocks();
  makeSlots();
  buildCheck();
  rewriteHeader();
  buildDone();
  readSlotsAfterLoop();
  ++NumLockstep;
  return {RoundBarrier, RoundNo};
}

/// The item's state variable, the round number and the new blocks.
void RoundRewrite::makeBlocks() {
  Module &M = *W.getParent();
  Barrier = M.getOrInsertFunction(
      "_Z7barrierj", FunctionType::get(Type::getVoidTy(Ctx), {I32}, false));
  BasicBlock &Entry = W.getEntryBlock();
  IRBuilder<> EB(&Entry, Entry.begin());
  State = EB.CreateAlloca(I32, nullptr, "lockstep.state");
  EB.SetInsertPoint(Entry.getFirstNonPHIOrDbgOrAlloca());
  EB.CreateStore(EB.getInt32(StateReturned), State);
  // The round number: a __local word (an internal, uninitialized global)
  // that the work-group function sets; only read here, so the read is
  // loop-invariant in the work-item loop.
  RoundNo = new GlobalVariable(
      M, Type::getInt64Ty(Ctx), /*isConstant=*/false,
      GlobalValue::InternalLinkage, UndefValue::get(Type::getInt64Ty(Ctx)),
      W.getName() + ".lockstep.round");
  RoundNo->setAlignment(Align(8));
  RoundBB = BasicBlock::Create(Ctx, "lockstep.round", &W);
  CheckBB = BasicBlock::Create(Ctx, "lockstep.check", &W);
  DoneBB = BasicBlock::Create(Ctx, "lockstep.done", &W);
  PostBB = BasicBlock::Create(Ctx, "lockstep.post", &W);
  RetBB = BasicBlock::Create(Ctx, "lockstep.ret", &W);
  ReturnInst::Create(Ctx, RetBB);
  IRBuilder<> RB(RoundBB);
  RoundBarrier = RB.CreateCall(Barrier, {RB.getInt32(1)});
  RB.CreateBr(CheckBB);
}

/// The header's phis become one variable each (a context array later):
/// stored by the preheader and the latch, read at the header. As phis
/// before the barrier they would be demoted there and their reloads
/// carried across it again, a second array and store per round.
void RoundRewrite::makeSlots() {
  BasicBlock &Entry = W.getEntryBlock();
  IRBuilder<> AB(&Entry, Entry.begin());
  for (PHINode &PN : H->phis()) {
    Old.push_back(&PN);
    if (&PN != Counter)
      Slot[&PN] = AB.CreateAlloca(PN.getType(), nullptr,
                                  PN.getName() + ".lockstep");
  }
}

/// The round's entry: items in the loop go on to the header, the others
/// to "done".
void RoundRewrite::buildCheck() {
  IRBuilder<> CB(CheckBB);
  T = CB.CreateZExtOrTrunc(CB.CreateLoad(CB.getInt64Ty(), RoundNo),
                           Counter->getType(), "lockstep.t");
  St = CB.CreateLoad(I32, State, "lockstep.st");
  InLoop = CB.CreateICmpEQ(St, CB.getInt32(StateInLoop));
  // When the header only computes and then tests the exit (a `for` or
  // `while` loop), items out of the loop run the header too and take the
  // exit again: one unpredictable branch per item and round instead of two
  // (spmv: the rounds' time is mostly these branches and the x loads).
  // Their header values must not be needed after the loop, where such an
  // item's later rounds would have overwritten them.
  auto *HBr = dyn_cast<BranchInst>(H->getTerminator());
  FoldCheck =
      HBr && HBr->isConditional() && usedInLoopOnly(Counter) &&
      L.contains(HBr->getSuccessor(0)) != L.contains(HBr->getSuccessor(1)) &&
      all_of(make_range(H->getFirstNonPHIIt(), HBr->getIterator()),
             [&](Instruction &I) {
               return isSafeToSpeculativelyExecute(&I) && usedInLoopOnly(&I);
             });
  if (!FoldCheck) {
    CB.CreateCondBr(InLoop, H, DoneBB);
    return;
  }
  CB.CreateBr(H);
  IRBuilder<> TB(HBr);
  Value *C = HBr->getCondition();
  HBr->setCondition(L.contains(HBr->getSuccessor(0))
                        ? TB.CreateLogicalAnd(InLoop, C)
                        : TB.CreateLogicalOr(TB.CreateNot(InLoop), C));
}

/// The header computes its counter from the round number and reads the
/// other phis' variables; the latch stores their next values and goes to
/// the round barrier, as the preheader does.
void RoundRewrite::rewriteHeader() {
  Type *CTy = Counter->getType();
  IRBuilder<> HB(H, H->getFirstNonPHIIt());
  Value *J = HB.CreateAdd(Start, HB.CreateMul(T, ConstantInt::get(CTy, Step)),
                          Counter->getName() + ".lockstep");
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
  Next = BasicBlock::Create(Ctx, "lockstep.next", &W, RoundBB);
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
}

/// "done" and the switch after it: every edge out of the loop or around
/// it records where the item was going, every early return that it
/// returned.
void RoundRewrite::buildDone() {
  IRBuilder<> DB(DoneBB);
  DB.CreateCall(Barrier, {DB.getInt32(1)});
  DB.CreateBr(PostBB);
  IRBuilder<> PB(PostBB);
  SwitchInst *SW = PB.CreateSwitch(PB.CreateLoad(I32, State, "lockstep.st"),
                                   RetBB);
  for (auto [From, To] : ExitEdges)
    cutEdge(From, To, SW);
  for (auto [From, To] : SkipEdges)
    cutEdge(From, To, SW);
  for (ReturnInst *RI : EarlyReturns) {
    IRBuilder<> B(RI);
    B.CreateStore(B.getInt32(StateReturned), State);
    B.CreateBr(DoneBB);
    RI->eraseFromParent();
  }
}

/// An edge out of the loop or around it: the item records it and waits at
/// "done"; after the last round it goes on where it was going.
void RoundRewrite::cutEdge(BasicBlock *From, BasicBlock *To, SwitchInst *SW) {
  unsigned Id = NextId++;
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
  SW->addCase(ConstantInt::get(cast<IntegerType>(I32), Id), Land);
}

/// After the loop a header value is its variable's content: read it there
/// instead of carrying the header's read across "done" in another array.
void RoundRewrite::readSlotsAfterLoop() {
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
      if (L.contains(At->getParent()) || At->getParent() == Next)
        continue;
      U.set(new LoadInst(LI->getType(), Slot[PN], LI->getName() + ".after",
                         At->getIterator()));
    }
  }
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
  LockstepLoop R;
  if (Candidate C = findCandidate(LI, SE, GU, LocalIds[VecDim]); C.L) {
    RoundRewrite Rewrite(W, *C.L, C.Counter, SE);
    if (Rewrite.collectEdges())
      R = Rewrite.run();
  }
  FAM.invalidate(W, PreservedAnalyses::none());
  return R;
}

} // namespace kernelwrap
