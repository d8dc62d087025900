//===- OuterLoopDependence.cpp - May a loop's iterations be reordered? ----===//
//
/// \file
/// See OuterLoopDependence.h.
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/OuterLoopDependence.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/DependenceAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumIndependentLoops,
          "Number of vectorize(enable) loops with inner loops proved "
          "independent");

namespace vplanext {

static std::string
findDependence(const Loop &L, DependenceInfo &DI, ScalarEvolution &SE,
               SmallVectorImpl<std::pair<Instruction *, Instruction *>>
                   &RuntimeChecks);

/// Pairs of accesses asked about at most (the question is quadratic).
static constexpr unsigned MaxAccesses = 64;

static std::string describe(const Instruction *I) {
  std::string S;
  raw_string_ostream OS(S);
  OS << (isa<StoreInst>(I) ? "a store" : "a load");
  if (const DebugLoc &DL = I->getDebugLoc())
    OS << " at line " << DL.getLine();
  return S;
}

std::optional<std::pair<const SCEV *, const SCEV *>>
accessRange(const Instruction *Access, const Loop &L, ScalarEvolution &SE) {
  const Value *Ptr = getLoadStorePointerOperand(Access);
  Type *T = getLoadStoreType(Access);
  const SCEV *Size =
      SE.getConstant(SE.getDataLayout().getIndexType(Ptr->getType()),
                     SE.getDataLayout().getTypeStoreSize(T));
  const SCEV *S = SE.getSCEV(const_cast<Value *>(Ptr));
  if (SE.isLoopInvariant(S, &L))
    return std::make_pair(S, SE.getAddExpr(S, Size));
  const auto *AR = dyn_cast<SCEVAddRecExpr>(S);
  if (!AR || AR->getLoop() != &L || !AR->isAffine() ||
      !SE.isLoopInvariant(AR->getStart(), &L) ||
      !SE.isLoopInvariant(AR->getStepRecurrence(SE), &L))
    return std::nullopt;
  const SCEV *BTC = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(BTC))
    return std::nullopt;
  // The count is unsigned: widened without its sign, it cannot turn a
  // 3-billion-iteration loop's range negative.
  BTC = SE.getNoopOrZeroExtend(BTC, Size->getType());
  const SCEV *End = AR->evaluateAtIteration(BTC, SE);
  const SCEV *Lo = SE.getUMinExpr(AR->getStart(), End);
  const SCEV *Hi = SE.getAddExpr(SE.getUMaxExpr(AR->getStart(), End), Size);
  return std::make_pair(Lo, Hi);
}

IterationIndependence analyseIterations(const Loop &L, DependenceInfo &DI,
                                        ScalarEvolution &SE) {
  IterationIndependence R;
  R.Why = findDependence(L, DI, SE, R.RuntimeChecks);
  if (!R.independent())
    R.RuntimeChecks.clear();
  return R;
}

static std::string findDependence(const Loop &L, DependenceInfo &DI,
                           ScalarEvolution &SE,
                           SmallVectorImpl<std::pair<Instruction *, Instruction *>>
                               &RuntimeChecks) {
  SmallVector<Instruction *, 16> Accesses;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      if (auto *CB = dyn_cast<CallBase>(&I)) {
        if (!CB->mayReadOrWriteMemory() || isa<AssumeInst>(CB) ||
            isa<DbgInfoIntrinsic>(CB) || CB->isLifetimeStartOrEnd())
          continue;
        std::string S = "it calls ";
        if (const Function *Callee = CB->getCalledFunction())
          S += "'" + Callee->getName().str() + "'";
        else
          S += "a function";
        return S + ", which may access memory";
      }
      if (!I.mayReadOrWriteMemory())
        continue;
      auto *LI = dyn_cast<LoadInst>(&I);
      auto *SI = dyn_cast<StoreInst>(&I);
      if ((!LI && !SI) || (LI && !LI->isSimple()) || (SI && !SI->isSimple()))
        return "it has an atomic, volatile or other special memory access";
      Accesses.push_back(&I);
    }
  if (Accesses.size() > MaxAccesses)
    return "it has more than " + std::to_string(MaxAccesses) +
           " memory accesses";
  unsigned Level = L.getLoopDepth();
  for (unsigned A = 0; A != Accesses.size(); ++A)
    for (unsigned B = A; B != Accesses.size(); ++B) {
      Instruction *Src = Accesses[A], *Dst = Accesses[B];
      if (!isa<StoreInst>(Src) && !isa<StoreInst>(Dst))
        continue;
      std::unique_ptr<Dependence> D = DI.depends(Src, Dst);
      if (!D)
        continue;
      LLVM_DEBUG(dbgs() << "vplan-ext: dependence "; D->dump(dbgs()));
      bool Carried = D->isConfused() || D->getLevels() < Level ||
                     (D->getDirection(Level) & ~unsigned(Dependence::DVEntry::EQ));
      if (!Carried)
        continue;
      // Different objects that may be the same memory: a run-time check of
      // their ranges, when both ranges are computable.
      const Value *ObjA = getUnderlyingObject(getLoadStorePointerOperand(Src));
      const Value *ObjB = getUnderlyingObject(getLoadStorePointerOperand(Dst));
      auto Invariant = [&](const Value *V) {
        auto *I = dyn_cast<Instruction>(V);
        return !I || !L.contains(I);
      };
      if (D->isConfused() && ObjA != ObjB && Invariant(ObjA) &&
          Invariant(ObjB) && accessRange(Src, L, SE) &&
          accessRange(Dst, L, SE)) {
        RuntimeChecks.push_back({Src, Dst});
        continue;
      }
      if (Src == Dst)
        return describe(Src) + " may write the same place in different "
                               "iterations";
      return describe(Src) + " and " + describe(Dst) +
             " may touch the same memory in different iterations";
    }
  ++NumIndependentLoops;
  return "";
}

} // namespace vplanext
