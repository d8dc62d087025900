//===- LaneInvariantHoist.cpp - Lane-invariant code out of lane loops ----===//

#include "vplan-ext/LaneInvariantHoist.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "vplan-ext/FunctionAA.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/DomTreeUpdater.h"
#include "llvm/Analysis/Loads.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/MustExecute.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <memory>

using namespace llvm;
using namespace llvm::PatternMatch;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumHoisted, "Number of lane-invariant instructions hoisted out of "
                      "lane loops");
STATISTIC(NumLoadsHoisted, "Number of lane-invariant loads hoisted out of lane "
                           "loops");
STATISTIC(NumGuardedLoadsHoisted,
          "Number of lane-invariant loads behind a lane gate (a mask bit, an "
          "active flag, a resume point) read before the lane loop when some "
          "lane passes the gate");
STATISTIC(NumDivisionsHoisted, "Number of lane-invariant divisions made "
                               "speculatable and hoisted out of lane loops");
STATISTIC(NumChainCuts, "Number of freezes cutting deep uniform expression "
                        "chains in lane loops");

namespace vplanext {

/// A division (or remainder) of lane loop \p L whose operands are both
/// defined outside it is the same in every lane that runs it, but where a
/// lane mask guards it LLVM 22's loop vectorizer miscompiles it: it
/// predicates one copy per lane and then hands every user lane 0's copy,
/// poison when lane 0 is off (fuzz seed 200192, a uniform `c[a / (a | 1)]`
/// under a divergent `if`; llvm-project issue 142957 has the same shape).
/// makeLoopInvariant refuses it because the divisor may be zero. Computed
/// once before the loop with a divisor that cannot trap, it is right: where
/// the original divides by zero (or `sdiv` INT_MIN by -1) some lane runs
/// into undefined behaviour anyway, and where no lane runs it the value is
/// unused. Moves \p I to the preheader and returns true if it is such a
/// division.
static bool hoistInvariantDivision(Instruction &I, Loop &L) {
  auto *Div = dyn_cast<BinaryOperator>(&I);
  if (!Div || !Div->isIntDivRem() || !L.hasLoopInvariantOperands(Div))
    return false;
  Instruction *InsertPt = L.getLoopPreheader()->getTerminator();
  if (!isSafeToSpeculativelyExecute(Div, InsertPt)) {
    IRBuilder<> B(InsertPt);
    Type *Ty = Div->getType();
    // Frozen: a poison divisor must not turn the hoisted copy into UB on a
    // call where no lane divides.
    Value *D = B.CreateFreeze(Div->getOperand(1));
    Value *Bad = B.CreateICmpEQ(D, Constant::getNullValue(Ty));
    if (Div->getOpcode() == Instruction::SDiv ||
        Div->getOpcode() == Instruction::SRem) {
      Value *X = B.CreateFreeze(Div->getOperand(0));
      APInt Min = APInt::getSignedMinValue(Ty->getScalarSizeInBits());
      Bad = B.CreateOr(
          Bad, B.CreateAnd(B.CreateICmpEQ(X, ConstantInt::get(Ty, Min)),
                           B.CreateICmpEQ(D, Constant::getAllOnesValue(Ty))));
      Div->setOperand(0, X);
    }
    Div->setOperand(1, B.CreateSelect(Bad, ConstantInt::get(Ty, 1), D,
                                      Div->getName() + ".safediv"));
  }
  Div->moveBefore(InsertPt->getIterator());
  ++NumDivisionsHoisted;
  return true;
}

namespace {
/// A branch of a lane loop that lets a lane into a region only when the
/// lane's element of a lane array passes a test: a masked variant's mask
/// bit, a cut's "lane is active" flag, lane loop 3's resume point. The
/// loop runs every lane, and every lane runs the branch.
struct LaneGate {
  BranchInst *Br = nullptr;
  /// The successor a lane whose element passes goes to.
  BasicBlock *Active = nullptr;
  /// The lanes' elements: [N x EltTy], element `lane` read by lane `lane`.
  AllocaInst *Array = nullptr;
  /// A lane passes when `element Pred C`.
  ICmpInst::Predicate Pred = ICmpInst::BAD_ICMP_PREDICATE;
  Constant *C = nullptr;
};

/// The blocks before a lane loop's preheader that read a gate's whole lane
/// array and run \p Then only when some lane passes: the loads hoisted
/// under the gate are in Then, their values reach the loop through phis of
/// Join (poison where no lane passes, and then no lane uses them). Then is
/// null where the preheader itself runs only when some lane passes (lane
/// loop 2 of a cut, entered when its "while any lane" test holds): the
/// loads go to the preheader.
struct GateGuard {
  const Loop *L = nullptr;
  AllocaInst *Array = nullptr;
  ICmpInst::Predicate Pred = ICmpInst::BAD_ICMP_PREDICATE;
  Constant *C = nullptr;
  BasicBlock *Then = nullptr;
  BasicBlock *Join = nullptr;
  /// Join's phis, by the load in Then whose value each carries.
  DenseMap<const Value *, LoadInst *> LoadOfPhi;
};

/// Decides which loads of a lane loop read the same memory on every lane
/// and may therefore be read once before the loop. Alias analysis is built
/// on first use: most lane loops have no such load.
class LoadHoister {
public:
  LoadHoister(Function &F, DominatorTree &DT, LoopInfo &LI,
              ParallelWriteFn IsParallelWrite)
      : F(F), DT(DT), LI(LI), IsParallelWrite(IsParallelWrite),
        TLII(F.getParent()->getTargetTriple()), TLI(TLII, &F) {}

  /// Moves \p Ld to \p L's preheader if that is exact, or under a
  /// some-lane-is-active test before it; returns whether.
  bool hoist(LoadInst &Ld, Loop &L);

private:
  bool mayBeClobbered(const LoadInst &Ld, const Loop &L);
  bool safeInPreheader(LoadInst &Ld, Loop &L);
  bool guaranteedToExecute(const Instruction &I, Loop &L);
  std::optional<LaneGate> gateOf(BasicBlock &BB, const LoadInst &Ld, Loop &L);
  bool everyPathReaches(BasicBlock *From, const LoadInst &Ld, const Loop &L);
  bool hoistUnderGate(LoadInst &Ld, Loop &L);
  GateGuard &guardFor(const LaneGate &G, Loop &L);
  Value *materialize(Value *V, GateGuard &G, const Loop &L,
                     SmallVectorImpl<Instruction *> &Clones, unsigned Depth);

  Function &F;
  DominatorTree &DT;
  LoopInfo &LI;
  ParallelWriteFn IsParallelWrite;
  TargetLibraryInfoImpl TLII;
  TargetLibraryInfo TLI;
  std::optional<AssumptionCache> AC;
  std::optional<FunctionAA> AA;
  const Loop *SafetyLoop = nullptr;
  SimpleLoopSafetyInfo Safety;
  std::vector<std::unique_ptr<GateGuard>> Guards;
};
} // namespace

/// The blocks of innermost loop \p L that run before \p BB in the same
/// iteration (the paths from the header to it, without the back edge),
/// \p BB included.
static SmallPtrSet<const BasicBlock *, 16> blocksUpTo(const BasicBlock *BB,
                                                      const Loop &L) {
  SmallPtrSet<const BasicBlock *, 16> Seen{BB};
  SmallVector<const BasicBlock *, 16> Work{BB};
  while (!Work.empty()) {
    const BasicBlock *B = Work.pop_back_val();
    if (B == L.getHeader())
      continue;
    for (const BasicBlock *P : predecessors(B))
      if (L.contains(P) && Seen.insert(P).second)
        Work.push_back(P);
  }
  return Seen;
}

/// Whether a write of \p L may change what \p Ld reads between the loop's
/// entry and the moment a lane runs \p Ld. A write that runs before it in
/// the same lane counts whenever alias analysis cannot rule it out. One the
/// lanes' independence covers (\p IsParallelWrite: a store of the declare
/// simd body, whose lanes may run concurrently) and that does not run before
/// it in the same lane touches memory only its own lane reads: were it
/// \p Ld's, another lane would read what this one writes. The vectorized
/// loop reads such a load once, before any lane's write, all the same.
bool LoadHoister::mayBeClobbered(const LoadInst &Ld, const Loop &L) {
  MemoryLocation Loc = MemoryLocation::get(&Ld);
  SmallPtrSet<const BasicBlock *, 16> Before = blocksUpTo(Ld.getParent(), L);
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      if (!I.mayWriteToMemory())
        continue;
      bool RunsBefore = Before.contains(BB) &&
                        (BB != Ld.getParent() || I.comesBefore(&Ld));
      if (!RunsBefore && IsParallelWrite && IsParallelWrite(I))
        continue;
      if (!AC)
        AC.emplace(F);
      if (!AA)
        AA.emplace(F, TLI, *AC, DT);
      if (isModSet(AA->AA.getModRefInfo(&I, Loc)))
        return true;
    }
  return false;
}

bool LoadHoister::guaranteedToExecute(const Instruction &I, Loop &L) {
  if (SafetyLoop != &L) {
    Safety.computeLoopSafetyInfo(&L);
    SafetyLoop = &L;
  }
  return Safety.isGuaranteedToExecute(I, &DT, &L);
}

/// Whether reading \p Ld's address before the loop cannot fault where the
/// loop would not: the memory is known dereferenceable there, or every
/// lane loop run reads it (a lane loop runs at least one lane).
bool LoadHoister::safeInPreheader(LoadInst &Ld, Loop &L) {
  Instruction *PT = L.getLoopPreheader()->getTerminator();
  if (!AC)
    AC.emplace(F);
  if (isSafeToLoadUnconditionally(Ld.getPointerOperand(), Ld.getType(),
                                  Ld.getAlign(), F.getDataLayout(), PT,
                                  &*AC, &DT, &TLI))
    return true;
  return guaranteedToExecute(Ld, L);
}

/// \p L's lane counter (0, 1, ... with the latch its only exit, leaving
/// after lane N - 1) and N.
static std::optional<std::pair<PHINode *, uint64_t>>
laneCounter(const Loop &L) {
  PHINode *Lane = L.getCanonicalInductionVariable();
  BasicBlock *Latch = L.getLoopLatch();
  if (!Lane || !Latch || L.getExitingBlock() != Latch)
    return std::nullopt;
  auto *Br = dyn_cast<BranchInst>(Latch->getTerminator());
  auto *Cmp = Br && Br->isConditional()
                  ? dyn_cast<ICmpInst>(Br->getCondition())
                  : nullptr;
  auto *N = Cmp ? dyn_cast<ConstantInt>(Cmp->getOperand(1)) : nullptr;
  if (!N || Cmp->getOperand(0) != Lane->getIncomingValueForBlock(Latch))
    return std::nullopt;
  bool ExitOnTrue = !L.contains(Br->getSuccessor(0));
  if (Cmp->getPredicate() != (ExitOnTrue ? ICmpInst::ICMP_EQ
                                         : ICmpInst::ICMP_NE) ||
      N->isZero())
    return std::nullopt;
  return std::make_pair(Lane, N->getZExtValue());
}

/// The alloca whose element \p Lane \p Ptr addresses, if it is a lane array
/// of \p N elements of \p EltTy: `gep [N x T], A, 0, lane` or
/// `gep T, A, lane`.
static AllocaInst *laneElementOf(const Value *Ptr, const PHINode *Lane,
                                 uint64_t N, Type *EltTy) {
  auto *GEP = dyn_cast<GetElementPtrInst>(const_cast<Value *>(Ptr));
  if (!GEP)
    return nullptr;
  auto *A = dyn_cast<AllocaInst>(GEP->getPointerOperand());
  auto *AT = A ? dyn_cast<ArrayType>(A->getAllocatedType()) : nullptr;
  if (!AT || A->isArrayAllocation() || AT->getNumElements() != N ||
      AT->getElementType() != EltTy)
    return nullptr;
  if (GEP->getSourceElementType() == AT && GEP->getNumIndices() == 2 &&
      match(GEP->getOperand(1), m_Zero()) && GEP->getOperand(2) == Lane)
    return A;
  if (GEP->getSourceElementType() == EltTy && GEP->getNumIndices() == 1 &&
      GEP->getOperand(1) == Lane)
    return A;
  return nullptr;
}

/// Whether lane \p L's element of \p A (read by \p GateLd) is, when the
/// lane reads it, what it was before the loop: nothing but loads and
/// stores reach the array, and a store of the loop writes the running
/// lane's own element, after the lane read it.
static bool laneArrayStable(AllocaInst &A, const LoadInst &GateLd,
                            const PHINode &Lane, uint64_t N, const Loop &L) {
  SmallPtrSet<const BasicBlock *, 16> Before =
      blocksUpTo(GateLd.getParent(), L);
  SmallVector<const Value *, 8> Work{&A};
  SmallPtrSet<const Value *, 8> Seen{&A};
  while (!Work.empty()) {
    const Value *P = Work.pop_back_val();
    for (const User *U : P->users()) {
      if (isa<GetElementPtrInst>(U)) {
        if (Seen.insert(U).second)
          Work.push_back(U);
        continue;
      }
      if (isa<LoadInst>(U))
        continue;
      if (const auto *II = dyn_cast<IntrinsicInst>(U);
          II && II->isLifetimeStartOrEnd())
        continue;
      const auto *St = dyn_cast<StoreInst>(U);
      if (!St || St->getValueOperand() == P)
        return false; // the address escapes, or an unknown access
      if (!L.contains(St))
        continue;
      if (laneElementOf(St->getPointerOperand(), &Lane, N,
                        St->getValueOperand()->getType()) != &A)
        return false;
      const BasicBlock *BB = St->getParent();
      if (Before.contains(BB) &&
          (BB != GateLd.getParent() || St->comesBefore(&GateLd)))
        return false;
    }
  }
  return true;
}

/// \p BB's branch, if it is a lane gate of \p L (see LaneGate) that every
/// lane runs and that \p Ld is behind.
std::optional<LaneGate> LoadHoister::gateOf(BasicBlock &BB, const LoadInst &Ld,
                                            Loop &L) {
  auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
  auto *Cmp = Br && Br->isConditional()
                  ? dyn_cast<ICmpInst>(Br->getCondition())
                  : nullptr;
  if (!Cmp || Br->getSuccessor(0) == Br->getSuccessor(1))
    return std::nullopt;
  LaneGate G;
  G.Br = Br;
  G.Pred = Cmp->getPredicate();
  auto *GateLd = dyn_cast<LoadInst>(Cmp->getOperand(0));
  G.C = dyn_cast<Constant>(Cmp->getOperand(1));
  if (!GateLd) {
    GateLd = dyn_cast<LoadInst>(Cmp->getOperand(1));
    G.C = dyn_cast<Constant>(Cmp->getOperand(0));
    G.Pred = ICmpInst::getSwappedPredicate(G.Pred);
  }
  if (!GateLd || !G.C || !GateLd->isSimple() || !L.contains(GateLd) ||
      !GateLd->getType()->isIntegerTy() || !DT.dominates(GateLd, Br))
    return std::nullopt;
  auto Counter = laneCounter(L);
  if (!Counter)
    return std::nullopt;
  auto [Lane, N] = *Counter;
  G.Array =
      laneElementOf(GateLd->getPointerOperand(), Lane, N, GateLd->getType());
  // The region \p Ld is in.
  G.Active = Br->getSuccessor(0);
  if (!DT.dominates(BasicBlockEdge(&BB, G.Active), Ld.getParent())) {
    G.Active = Br->getSuccessor(1);
    G.Pred = ICmpInst::getInversePredicate(G.Pred);
  }
  if (!G.Array || G.Active == L.getHeader() ||
      !DT.dominates(BasicBlockEdge(&BB, G.Active), Ld.getParent()) ||
      !guaranteedToExecute(*Br, L) ||
      !laneArrayStable(*G.Array, *GateLd, *Lane, N, L))
    return std::nullopt;
  return G;
}

/// Whether a lane that enters \p From runs \p Ld before this iteration
/// ends: every path from it within the iteration reaches \p Ld's block,
/// none loops without it, and nothing on the way may stop the lane (a call
/// that may not return, a throw).
bool LoadHoister::everyPathReaches(BasicBlock *From, const LoadInst &Ld,
                                   const Loop &L) {
  const BasicBlock *Target = Ld.getParent();
  SmallPtrSet<const BasicBlock *, 16> Region{From};
  SmallVector<const BasicBlock *, 16> Work{From};
  while (!Work.empty()) {
    const BasicBlock *BB = Work.pop_back_val();
    if (BB == Target)
      continue;
    if (succ_empty(BB) || !isGuaranteedToTransferExecutionToSuccessor(BB))
      return false;
    for (const BasicBlock *S : successors(BB)) {
      if (!L.contains(S) || S == L.getHeader())
        return false; // the iteration ends (or the loop) without Ld
      if (Region.insert(S).second)
        Work.push_back(S);
    }
  }
  for (const Instruction &I : *Target) {
    if (&I == &Ld)
      break;
    if (!isGuaranteedToTransferExecutionToSuccessor(&I))
      return false;
  }
  // No cycle inside the region (irreducible flow LoopInfo does not see):
  // a lane could go round it forever. Kahn's order over the region.
  DenseMap<const BasicBlock *, unsigned> InEdges;
  for (const BasicBlock *BB : Region)
    if (BB != Target)
      for (const BasicBlock *S : successors(BB))
        ++InEdges[S];
  SmallVector<const BasicBlock *, 16> Ready;
  for (const BasicBlock *BB : Region)
    if (!InEdges.lookup(BB))
      Ready.push_back(BB);
  unsigned Ordered = 0;
  while (!Ready.empty()) {
    const BasicBlock *BB = Ready.pop_back_val();
    ++Ordered;
    if (BB != Target)
      for (const BasicBlock *S : successors(BB))
        if (--InEdges[S] == 0)
          Ready.push_back(S);
  }
  return Ordered == Region.size();
}

/// Whether \p L's preheader runs only when some lane passes \p G: its
/// only predecessor branches to it on `reduce.or(load of the whole lane
/// array Pred C)` (a cut's "while any lane" test), and the array is not
/// written between that load and the loop.
static bool preheaderTestsSome(const LaneGate &G, const Loop &L) {
  BasicBlock *Pre = L.getLoopPreheader();
  BasicBlock *Test = Pre->getSinglePredecessor();
  auto *Br = Test ? dyn_cast<BranchInst>(Test->getTerminator()) : nullptr;
  if (!Br || !Br->isConditional() || Br->getSuccessor(0) != Pre ||
      Br->getSuccessor(1) == Pre)
    return false;
  auto *Any = dyn_cast<IntrinsicInst>(Br->getCondition());
  if (!Any || Any->getIntrinsicID() != Intrinsic::vector_reduce_or)
    return false;
  auto *Cmp = dyn_cast<ICmpInst>(Any->getArgOperand(0));
  auto *All = Cmp ? dyn_cast<LoadInst>(Cmp->getOperand(0)) : nullptr;
  auto *AT = cast<ArrayType>(G.Array->getAllocatedType());
  auto *VT = FixedVectorType::get(AT->getElementType(), AT->getNumElements());
  if (!All || All->getParent() != Test || !All->isSimple() ||
      All->getPointerOperand() != G.Array || All->getType() != VT ||
      Cmp->getPredicate() != G.Pred ||
      Cmp->getOperand(1) !=
          ConstantVector::getSplat(VT->getElementCount(), G.C))
    return false;
  // Nothing but loads and stores reach the array (laneArrayStable).
  for (const Instruction *I = All->getNextNode(); I; I = I->getNextNode())
    if (I->mayWriteToMemory())
      return false;
  return none_of(*Pre, [](const Instruction &I) {
    return I.mayWriteToMemory();
  });
}

GateGuard &LoadHoister::guardFor(const LaneGate &G, Loop &L) {
  for (auto &Gd : Guards)
    if (Gd->L == &L && Gd->Array == G.Array && Gd->Pred == G.Pred &&
        Gd->C == G.C)
      return *Gd;
  if (preheaderTestsSome(G, L)) {
    auto Gd = std::make_unique<GateGuard>();
    Gd->L = &L;
    Gd->Array = G.Array;
    Gd->Pred = G.Pred;
    Gd->C = G.C;
    Guards.push_back(std::move(Gd));
    return *Guards.back();
  }
  BasicBlock *Pre = L.getLoopPreheader();
  IRBuilder<> B(Pre->getTerminator());
  B.SetCurrentDebugLocation(G.Br->getDebugLoc());
  auto *AT = cast<ArrayType>(G.Array->getAllocatedType());
  auto *VT = FixedVectorType::get(AT->getElementType(), AT->getNumElements());
  Value *All =
      B.CreateAlignedLoad(VT, G.Array, G.Array->getAlign(), "gate.lanes");
  Value *Pass = B.CreateICmp(
      G.Pred, All, ConstantVector::getSplat(VT->getElementCount(), G.C));
  Value *Any = B.CreateOrReduce(Pass);
  Any->setName("gate.some");
  DomTreeUpdater DTU(DT, DomTreeUpdater::UpdateStrategy::Eager);
  Instruction *ThenTerm = SplitBlockAndInsertIfThen(
      Any, Pre->getTerminator()->getIterator(), /*Unreachable=*/false,
      /*BranchWeights=*/nullptr, &DTU, &LI);
  auto Gd = std::make_unique<GateGuard>();
  Gd->L = &L;
  Gd->Array = G.Array;
  Gd->Pred = G.Pred;
  Gd->C = G.C;
  Gd->Then = ThenTerm->getParent();
  Gd->Join = ThenTerm->getSuccessor(0);
  Gd->Then->setName(L.getHeader()->getName() + ".some");
  Gd->Join->setName(L.getHeader()->getName() + ".ph");
  Guards.push_back(std::move(Gd));
  return *Guards.back();
}

/// \p V (defined outside the loop) as a value available at the end of
/// \p G's Then block: itself where it dominates it, the load for one of
/// Join's phis, or a copy of a computation made between them (an address
/// hoisted after the guard was built, from another guarded load).
Value *LoadHoister::materialize(Value *V, GateGuard &G, const Loop &L,
                                SmallVectorImpl<Instruction *> &Clones,
                                unsigned Depth) {
  auto *I = dyn_cast<Instruction>(V);
  Instruction *End = G.Then->getTerminator();
  if (!I || DT.dominates(I, End))
    return V;
  if (LoadInst *Ld = G.LoadOfPhi.lookup(I))
    return Ld;
  if (Depth > 8 || L.contains(I) || isa<PHINode>(I) ||
      I->mayReadOrWriteMemory() || !isSafeToSpeculativelyExecute(I))
    return nullptr;
  // Hoisted after the guard was built, from values before it: it moves up
  // to the guard's test, where it dominates both.
  Instruction *Test = G.Then->getSinglePredecessor()->getTerminator();
  if (all_of(I->operands(), [&](Value *Op) {
        auto *OpI = dyn_cast<Instruction>(Op);
        return !OpI || DT.dominates(OpI, Test);
      })) {
    I->moveBefore(Test->getIterator());
    return I;
  }
  // The copies of its operands first (they go before the Then block's
  // terminator too), then the copy: each definition before its users.
  Instruction *Copy = I->clone();
  for (Use &U : Copy->operands()) {
    Value *Op = materialize(U.get(), G, L, Clones, Depth + 1);
    if (!Op) {
      Copy->deleteValue();
      return nullptr;
    }
    U.set(Op);
  }
  Copy->insertBefore(End->getIterator());
  Clones.push_back(Copy);
  return Copy;
}

/// A load of a lane-invariant address that a gate guards: each lane that
/// passes the gate runs it (everyPathReaches), so whenever some lane passes
/// it is read, and reading it once before the loop, where some lane
/// passes, touches no memory the lanes would not. Where none passes
/// (a masked variant called with no lane active) nothing is read: the
/// lanes never use the value then.
bool LoadHoister::hoistUnderGate(LoadInst &Ld, Loop &L) {
  for (DomTreeNode *N = DT.getNode(Ld.getParent())->getIDom();
       N && L.contains(N->getBlock()); N = N->getIDom()) {
    std::optional<LaneGate> G = gateOf(*N->getBlock(), Ld, L);
    if (!G || !everyPathReaches(G->Active, Ld, L))
      continue;
    GateGuard &Gd = guardFor(*G, L);
    if (!Gd.Then) {
      Ld.moveBefore(L.getLoopPreheader()->getTerminator()->getIterator());
      ++NumGuardedLoadsHoisted;
      return true;
    }
    SmallVector<Instruction *, 4> Clones;
    Value *Ptr = materialize(Ld.getPointerOperand(), Gd, L, Clones, 0);
    if (!Ptr) {
      // Each copy after the copies of its operands: users go first.
      for (Instruction *C : llvm::reverse(Clones))
        C->eraseFromParent();
      return false;
    }
    Ld.moveBefore(Gd.Then->getTerminator()->getIterator());
    Ld.setOperand(Ld.getPointerOperandIndex(), Ptr);
    PHINode *Phi = PHINode::Create(
        Ld.getType(), 2, (Ld.hasName() ? Ld.getName() : "lane.inv") + ".some");
    Phi->insertBefore(Gd.Join->begin());
    Phi->addIncoming(&Ld, Gd.Then);
    for (BasicBlock *P : predecessors(Gd.Join))
      if (P != Gd.Then)
        Phi->addIncoming(PoisonValue::get(Ld.getType()), P);
    Ld.replaceUsesWithIf(Phi, [&](Use &U) { return U.getUser() != Phi; });
    Gd.LoadOfPhi[Phi] = &Ld;
    ++NumGuardedLoadsHoisted;
    return true;
  }
  return false;
}

bool LoadHoister::hoist(LoadInst &Ld, Loop &L) {
  if (!Ld.isSimple() || !L.isLoopInvariant(Ld.getPointerOperand()) ||
      mayBeClobbered(Ld, L))
    return false;
  if (safeInPreheader(Ld, L))
    Ld.moveBefore(L.getLoopPreheader()->getTerminator()->getIterator());
  else if (!hoistUnderGate(Ld, L))
    return false;
  // Its value no longer depends on the lane's path to it (the type says
  // nothing about that and stays: alias analysis after us uses it).
  Ld.dropUBImplyingAttrsAndMetadata({LLVMContext::MD_tbaa});
  ++NumLoadsHoisted;
  return true;
}

unsigned hoistLaneInvariants(ArrayRef<Loop *> LaneLoops, Function &F,
                             DominatorTree &DT, LoopInfo &LI,
                             ParallelWriteFn IsParallelWrite) {
  unsigned Hoisted = 0;
  LoadHoister Loads(F, DT, LI, IsParallelWrite);
  for (Loop *L : LaneLoops) {
    if (!L->getLoopPreheader())
      continue;
    // Program order: a chain's operands come out before their users, so
    // each makeLoopInvariant call has little left to recurse into, and a
    // load's address is outside the loop by the time the load is asked.
    SmallVector<Instruction *, 64> Insts;
    for (BasicBlock *BB : L->getBlocksVector())
      for (Instruction &I : *BB)
        if (!isa<PHINode>(I) && !I.isTerminator())
          Insts.push_back(&I);
    for (Instruction *I : Insts) {
      bool Changed = false;
      // Refuses anything that reads memory, has side effects or may trap.
      L->makeLoopInvariant(I, Changed);
      if (!Changed && L->contains(I))
        Changed = hoistInvariantDivision(*I, *L);
      // A lane-invariant load (a field of a uniform object: the data
      // pointer and row length of an accessor class) left in the loop is
      // a value the vectorizer's SCEV cannot see through, so every address
      // computed from it looked like a gather.
      if (!Changed && L->contains(I))
        if (auto *Ld = dyn_cast<LoadInst>(I))
          Changed = Loads.hoist(*Ld, *L);
      Hoisted += Changed;
    }
  }
  LLVM_DEBUG(dbgs() << "vplan-ext: hoisted " << Hoisted
                    << " lane-invariant instructions\n");
  NumHoisted += Hoisted;
  return Hoisted;
}

/// Whether LLVM 22's `vputils::isSingleScalar` walks through \p I to its
/// operands: arithmetic, casts, compares, selects, GEPs and the phis of
/// joins inside the loop (blends). The walk stops at anything else.
static bool walkedThrough(const Instruction &I, const Loop &L) {
  if (auto *PN = dyn_cast<PHINode>(&I))
    return PN->getParent() != L.getHeader();
  return isa<UnaryOperator, BinaryOperator, CastInst, CmpInst, SelectInst,
             GetElementPtrInst>(I);
}

unsigned cutDeepUniformChains(ArrayRef<Loop *> LaneLoops,
                              unsigned MaxUniformPaths) {
  unsigned Cuts = 0;
  for (Loop *L : LaneLoops) {
    // Paths[I]: how many operand paths the walk from I may follow (an
    // overestimate: the walk stops at the first operand that is not a
    // single scalar). Values defined outside L count 1.
    DenseMap<const Instruction *, uint64_t> Paths;
    auto PathsOf = [&](const Value *V) -> uint64_t {
      auto *I = dyn_cast<Instruction>(V);
      return I && L->contains(I) ? Paths.lookup(I) : 1;
    };
    SmallVector<std::pair<Instruction *, unsigned>, 32> Stack;
    for (BasicBlock *BB : L->getBlocksVector())
      for (Instruction &Root : *BB) {
        if (Paths.count(&Root))
          continue;
        // Post-order over operands inside L, without recursion (chains can
        // be thousands of instructions long). Cycles pass through header
        // phis, which are leaves; a value gets a provisional count when
        // pushed, so even an irreducible cycle inside L (which LoopInfo does
        // not model) cannot make the walk go round forever.
        Paths[&Root] = 1;
        Stack.push_back({&Root, 0});
        while (!Stack.empty()) {
          Instruction *I = Stack.back().first;
          if (!walkedThrough(*I, *L)) { // a leaf: its provisional 1 stands
            Stack.pop_back();
            continue;
          }
          unsigned &Next = Stack.back().second;
          if (Next < I->getNumOperands()) {
            auto *Op = dyn_cast<Instruction>(I->getOperand(Next++));
            if (Op && L->contains(Op) && Paths.try_emplace(Op, 1).second)
              Stack.push_back({Op, 0});
            continue;
          }
          Stack.pop_back();
          uint64_t Sum = 0;
          for (const Value *Op : I->operands())
            Sum = SaturatingAdd(Sum, PathsOf(Op));
          Paths[I] = Sum;
          if (Sum <= MaxUniformPaths)
            continue;
          // A freeze is a value the walk does not look through; it changes
          // nothing but poison, which no lane may observe anyway. Every
          // user inside the loop (none is counted yet: post-order) reads
          // the frozen value.
          IRBuilder<> B(I->getParent(),
                        isa<PHINode>(I)
                            ? I->getParent()->getFirstInsertionPt()
                            : std::next(I->getIterator()));
          auto *F = cast<Instruction>(B.CreateFreeze(I, I->getName() + ".cut"));
          I->replaceUsesWithIf(F, [&](Use &U) {
            auto *UI = cast<Instruction>(U.getUser());
            return UI != F && L->contains(UI);
          });
          Paths[F] = 1;
          ++Cuts;
        }
      }
  }
  LLVM_DEBUG(dbgs() << "vplan-ext: " << Cuts
                    << " deep uniform chains cut by freeze\n");
  NumChainCuts += Cuts;
  return Cuts;
}

} // namespace vplanext
