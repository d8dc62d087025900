//===- LaneInvariantHoist.cpp - Lane-invariant code out of lane loops ----===//

#include "vplan-ext/LaneInvariantHoist.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumHoisted, "Number of lane-invariant instructions hoisted out of "
                      "lane loops");
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

unsigned hoistLaneInvariants(ArrayRef<Loop *> LaneLoops) {
  unsigned Hoisted = 0;
  for (Loop *L : LaneLoops) {
    if (!L->getLoopPreheader())
      continue;
    // Program order: a chain's operands come out before their users, so
    // each makeLoopInvariant call has little left to recurse into.
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
