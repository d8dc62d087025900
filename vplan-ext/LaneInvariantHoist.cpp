//===- LaneInvariantHoist.cpp - Lane-invariant code out of lane loops ----===//

#include "vplan-ext/LaneInvariantHoist.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "vplan-ext/FunctionAA.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/Loads.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/MustExecute.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumHoisted, "Number of lane-invariant instructions hoisted out of "
                      "lane loops");
STATISTIC(NumLoadsHoisted, "Number of lane-invariant loads hoisted out of lane "
                           "loops");
STATISTIC(NumDivisionsHoisted, "Number of lane-invariant divisions made "
                               "speculatable and hoisted out of lane loops");
STATISTIC(NumChainCuts, "Number of freezes cutting deep uniform expression "
                        "chains in lane loops");

static cl::opt<unsigned> MaxUniformPaths(
    "vplan-max-uniform-paths", cl::init(4096), cl::Hidden,
    cl::desc("Most operand paths a value of a lane loop may have through "
             "uniform arithmetic before a freeze cuts the chain (LLVM 22's "
             "vectorizer walks every path)"));

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
/// Decides which loads of a lane loop read the same memory on every lane
/// and may therefore be read once before the loop. Alias analysis is built
/// on first use: most lane loops have no such load.
class LoadHoister {
public:
  LoadHoister(Function &F, DominatorTree &DT, ParallelWriteFn IsParallelWrite)
      : F(F), DT(DT), IsParallelWrite(IsParallelWrite),
        TLII(F.getParent()->getTargetTriple()), TLI(TLII, &F) {}

  /// Moves \p Ld to \p L's preheader if that is exact; returns whether.
  bool hoist(LoadInst &Ld, Loop &L);

private:
  bool mayBeClobbered(const LoadInst &Ld, const Loop &L);
  bool safeInPreheader(LoadInst &Ld, Loop &L);

  Function &F;
  DominatorTree &DT;
  ParallelWriteFn IsParallelWrite;
  TargetLibraryInfoImpl TLII;
  TargetLibraryInfo TLI;
  std::optional<AssumptionCache> AC;
  std::optional<FunctionAA> AA;
  const Loop *SafetyLoop = nullptr;
  SimpleLoopSafetyInfo Safety;
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
  if (SafetyLoop != &L) {
    Safety.computeLoopSafetyInfo(&L);
    SafetyLoop = &L;
  }
  return Safety.isGuaranteedToExecute(Ld, &DT, &L);
}

bool LoadHoister::hoist(LoadInst &Ld, Loop &L) {
  if (!Ld.isSimple() || !L.isLoopInvariant(Ld.getPointerOperand()) ||
      mayBeClobbered(Ld, L) || !safeInPreheader(Ld, L))
    return false;
  Ld.moveBefore(L.getLoopPreheader()->getTerminator()->getIterator());
  // Its value no longer depends on the lane's path to it (the type says
  // nothing about that and stays: alias analysis after us uses it).
  Ld.dropUBImplyingAttrsAndMetadata({LLVMContext::MD_tbaa});
  ++NumLoadsHoisted;
  return true;
}

unsigned hoistLaneInvariants(ArrayRef<Loop *> LaneLoops, Function &F,
                             DominatorTree &DT,
                             ParallelWriteFn IsParallelWrite) {
  unsigned Hoisted = 0;
  LoadHoister Loads(F, DT, IsParallelWrite);
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

unsigned cutDeepUniformChains(ArrayRef<Loop *> LaneLoops) {
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
