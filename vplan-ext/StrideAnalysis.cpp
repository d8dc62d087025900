//===- StrideAnalysis.cpp - Lane-to-lane strides of memory accesses -------===//

#include "vplan-ext/StrideAnalysis.h"
#include "vplan-ext/DivergenceAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-stride"

namespace vplanext {

AnalysisKey LaneStrideAnalysis::Key;

namespace {

/// Classifies the address of one access of lane loop \p L.
class StrideClassifier {
public:
  StrideClassifier(const LaneLoopDivergence &Div, LoopInfo &LI,
                   ScalarEvolution &SE, const DataLayout &DL)
      : Div(Div), L(Div.getLoop()), LI(LI), SE(SE), DL(DL) {}

  AccessStride classify(Instruction &I) const;

private:
  const LaneLoopDivergence &Div;
  Loop &L;
  LoopInfo &LI;
  ScalarEvolution &SE;
  const DataLayout &DL;

  AccessStride uniform() const {
    AccessStride A;
    A.Kind = AccessStrideKind::Uniform;
    return A;
  }
  const SCEV *laneComponent(const SCEV *S, const Instruction &I) const;
  const SCEVAddRecExpr *noWrapRecurrence(const SCEV *S, Value *Ptr,
                                         const Instruction &I,
                                         bool &Wraps) const;
};

/// An address of an access in an inner loop of lane loop L at one fixed
/// iteration of the inner loops (their first): their recurrences become
/// their starts. Active lanes of an inner loop run the same iteration, so
/// when each such recurrence steps by the same amount in every lane, the
/// address moves from lane to lane as this one does. Failed when one does
/// not (or is the exit value of a divergent loop, which lanes leave apart).
class FixInnerIterations : public SCEVRewriteVisitor<FixInnerIterations> {
public:
  FixInnerIterations(ScalarEvolution &SE, const Loop &L, const Instruction &I,
                     const LaneLoopDivergence &Div)
      : SCEVRewriteVisitor(SE), L(L), I(I), Div(Div) {}

  const SCEV *visitAddRecExpr(const SCEVAddRecExpr *AR) {
    const Loop *C = AR->getLoop();
    if (C == &L || !L.contains(C))
      return SCEVRewriteVisitor::visitAddRecExpr(AR);
    if (!AR->isAffine() || !SE.isLoopInvariant(AR->getStepRecurrence(SE), &L) ||
        (!C->contains(&I) && Div.isDivergentLoop(C))) {
      Failed = true;
      return AR;
    }
    return visit(AR->getStart());
  }

  bool Failed = false;

private:
  const Loop &L;
  const Instruction &I;
  const LaneLoopDivergence &Div;
};

} // namespace

/// Whether the no-wrap check of \p P fails for every start value: the
/// check SCEVExpander emits tests that |Step| * BackedgeTakenCount fits the
/// recurrence's type, which with both constant is known here.
static bool wrapCheckAlwaysFails(ScalarEvolution &SE,
                                 const SCEVWrapPredicate &P) {
  auto *AR = dyn_cast<SCEVAddRecExpr>(P.getExpr());
  if (!AR || !AR->isAffine())
    return false;
  auto *BTC =
      dyn_cast<SCEVConstant>(SE.getBackedgeTakenCount(AR->getLoop()));
  auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
  if (!BTC || !Step || Step->isZero())
    return false;
  unsigned Bits = SE.getTypeSizeInBits(AR->getType());
  const APInt &Count = BTC->getAPInt();
  if (Count.getActiveBits() > Bits)
    return true;
  bool Overflow = false;
  (void)Step->getAPInt().abs().umul_ov(Count.zextOrTrunc(Bits), Overflow);
  return Overflow;
}

bool noWrapCheckAlwaysFails(ScalarEvolution &SE, const SCEVPredicate &P) {
  if (auto *U = dyn_cast<SCEVUnionPredicate>(&P))
    return any_of(U->getPredicates(), [&](const SCEVPredicate *Q) {
      return noWrapCheckAlwaysFails(SE, *Q);
    });
  if (auto *W = dyn_cast<SCEVWrapPredicate>(&P))
    return wrapCheckAlwaysFails(SE, *W);
  return false;
}

const SCEVAddRecExpr *laneRecurrenceIfNoWrap(ScalarEvolution &SE, Loop &L,
                                             Value *Ptr, bool &Wraps) {
  PredicatedScalarEvolution PSE(SE, L);
  const SCEVAddRecExpr *AR = PSE.getAsAddRec(Ptr);
  if (!AR || AR->getLoop() != &L)
    return nullptr;
  Wraps = noWrapCheckAlwaysFails(SE, PSE.getPredicate());
  return Wraps ? nullptr : AR;
}

/// The lane loop's recurrence that \p S (the address \p Ptr of \p I) is
/// if a narrow index does not wrap, as the vectorizer's SCEV predicates
/// assume (checked once before its loop), or null. In an inner loop
/// (md's `neigh[j * nAtoms + i]`, `int i` the work item): at a fixed inner
/// iteration, since the cut makes the inner loop run around the lane loop
/// the vectorizer widens, whose checks are then per inner iteration.
/// \p Wraps: the predicates that would make it one always fail (then null).
const SCEVAddRecExpr *
StrideClassifier::noWrapRecurrence(const SCEV *S, Value *Ptr,
                                   const Instruction &I, bool &Wraps) const {
  if (LI.getLoopFor(I.getParent()) == &L)
    return laneRecurrenceIfNoWrap(SE, L, Ptr, Wraps);
  FixInnerIterations Fix(SE, L, I, Div);
  const SCEV *Fixed = Fix.visit(S);
  if (Fix.Failed)
    return nullptr;
  SmallVector<const SCEVPredicate *, 4> Preds;
  const SCEVAddRecExpr *AR =
      SE.convertSCEVToAddRecWithPredicates(Fixed, &L, Preds);
  if (!AR || AR->getLoop() != &L)
    return nullptr;
  Wraps = any_of(Preds, [&](const SCEVPredicate *P) {
    return noWrapCheckAlwaysFails(SE, *P);
  });
  return Wraps ? nullptr : AR;
}

/// Drops the recurrences of inner loops from \p S, keeping what changes from
/// lane to lane. Active lanes of an inner loop run the same iteration, so an
/// inner recurrence with a uniform step adds the same offset to every lane;
/// after the loop that holds only if the lanes left it together (a uniform
/// loop). Null when the inner part differs per lane.
const SCEV *StrideClassifier::laneComponent(const SCEV *S,
                                            const Instruction &I) const {
  while (auto *AR = dyn_cast<SCEVAddRecExpr>(S)) {
    const Loop *C = AR->getLoop();
    if (C == &L)
      return S;
    if (!L.contains(C) || !AR->isAffine() ||
        !SE.isLoopInvariant(AR->getStepRecurrence(SE), &L))
      return nullptr;
    if (!C->contains(&I) && Div.isDivergentLoop(C))
      return nullptr;
    S = AR->getStart();
  }
  return S;
}

AccessStride StrideClassifier::classify(Instruction &I) const {
  Value *Ptr = getLoadStorePointerOperand(&I);
  Type *EltTy = getLoadStoreType(&I);
  // Outside an inner loop its recurrences take their exit values, when SCEV
  // knows them.
  const SCEV *S =
      SE.getSCEVAtScope(SE.getSCEV(Ptr), LI.getLoopFor(I.getParent()));
  LLVM_DEBUG(dbgs() << "vplan-stride: " << I << "\n  address " << *S << "\n");
  if (SE.isLoopInvariant(S, &L))
    return uniform();

  AccessStride A;
  const SCEV *Lane = laneComponent(S, I);
  if (Lane && SE.isLoopInvariant(Lane, &L))
    return uniform();
  auto *AR = dyn_cast_or_null<SCEVAddRecExpr>(Lane);
  // A 32-bit index extended to 64 bits (OpenCL's `int i =
  // get_global_id(0)`) is a recurrence only if it does not wrap, which the
  // vectorizer checks once before the loop (its SCEV predicates) and then
  // widens the access as one.
  if (!AR || AR->getLoop() != &L) {
    if (const SCEVAddRecExpr *NoWrap =
            noWrapRecurrence(S, Ptr, I, A.IndexWraps)) {
      AR = NoWrap;
      A.AssumesNoWrap = true;
      LLVM_DEBUG(dbgs() << "  if its index does not wrap: " << *AR << "\n");
    }
    if (A.IndexWraps) {
      LLVM_DEBUG(dbgs() << "  its narrow index wraps within the lanes\n");
      return A; // a gather
    }
  }
  if (AR && AR->getLoop() == &L && AR->isAffine()) {
    const SCEV *Step = AR->getStepRecurrence(SE);
    A.Stride = Step;
    if (auto *C = dyn_cast<SCEVConstant>(Step)) {
      A.StrideBytes = C->getAPInt().getSExtValue();
      TypeSize Size = DL.getTypeAllocSize(EltTy);
      if (A.StrideBytes == 0)
        return uniform();
      A.Kind = !Size.isScalable() && A.StrideBytes == (int64_t)Size.getFixedValue()
                   ? AccessStrideKind::Contiguous
                   : AccessStrideKind::Strided;
      return A;
    }
    if (SE.isLoopInvariant(Step, &L)) {
      A.Kind = AccessStrideKind::UnknownStride;
      return A;
    }
  }
  // SCEV cannot follow the address (say, a pointer loaded in the body), but
  // the divergence analysis may know every lane computes the same one.
  if (Div.isUniform(Ptr))
    return uniform();
  A.Kind = AccessStrideKind::Gather;
  return A;
}

const AccessStride *LaneStrideInfo::getStride(const Instruction *I) const {
  auto It = Index.find(I);
  return It == Index.end() ? nullptr : &Accesses[It->second].Stride;
}

static StringRef kindName(AccessStrideKind K, const Instruction *I) {
  switch (K) {
  case AccessStrideKind::Uniform:
    return "uniform";
  case AccessStrideKind::Contiguous:
    return "contiguous";
  case AccessStrideKind::Strided:
    return "strided";
  case AccessStrideKind::UnknownStride:
    return "unknown-stride";
  case AccessStrideKind::Gather:
    return isa<StoreInst>(I) ? "scatter" : "gather";
  }
  llvm_unreachable("unknown stride kind");
}

bool LaneStrideInfo::invalidate(Function &F, const PreservedAnalyses &PA,
                                FunctionAnalysisManager::Invalidator &Inv) {
  auto PAC = PA.getChecker<LaneStrideAnalysis>();
  return !(PAC.preserved() || PAC.preservedSet<AllAnalysesOn<Function>>()) ||
         Inv.invalidate<LaneDivergenceAnalysis>(F, PA) ||
         Inv.invalidate<ScalarEvolutionAnalysis>(F, PA);
}

void LaneStrideInfo::print(raw_ostream &OS) const {
  const Loop *Current = nullptr;
  for (const Access &A : Accesses) {
    if (A.LaneLoop != Current) {
      Current = A.LaneLoop;
      OS << "lane loop ";
      Current->getHeader()->printAsOperand(OS, /*PrintType=*/false);
      OS << ":\n";
    }
    OS << "  " << kindName(A.Stride.Kind, A.I);
    if (A.Stride.Kind == AccessStrideKind::Contiguous ||
        A.Stride.Kind == AccessStrideKind::Strided)
      OS << " stride " << A.Stride.StrideBytes;
    else if (A.Stride.Kind == AccessStrideKind::UnknownStride)
      OS << " stride " << *A.Stride.Stride;
    if (A.Stride.AssumesNoWrap)
      OS << " (no wrap)";
    if (A.Stride.IndexWraps)
      OS << " (its index wraps within the lanes)";
    std::string S;
    raw_string_ostream SS(S);
    A.I->print(SS);
    OS << ": " << StringRef(S).ltrim() << "\n";
  }
}

LaneStrideInfo LaneStrideAnalysis::run(Function &F,
                                       FunctionAnalysisManager &AM) {
  LaneStrideInfo Info;
  auto &Div = AM.getResult<LaneDivergenceAnalysis>(F);
  if (Div.loops().empty())
    return Info;
  auto &LI = AM.getResult<LoopAnalysis>(F);
  auto &SE = AM.getResult<ScalarEvolutionAnalysis>(F);
  for (const auto &D : Div.loops()) {
    StrideClassifier Classifier(*D, LI, SE, F.getDataLayout());
    const Loop &L = D->getLoop();
    for (BasicBlock &BB : F) {
      if (!L.contains(&BB))
        continue;
      for (Instruction &I : BB) {
        if (!isa<LoadInst, StoreInst>(I))
          continue;
        // An access of a lane loop nested in this one belongs to that loop.
        if (Div.getLaneLoopFor(&I) != D.get())
          continue;
        Info.Index[&I] = Info.Accesses.size();
        Info.Accesses.push_back({&I, &L, Classifier.classify(I)});
      }
    }
  }
  return Info;
}

PreservedAnalyses LaneStridePrinterPass::run(Function &F,
                                             FunctionAnalysisManager &AM) {
  auto &Info = AM.getResult<LaneStrideAnalysis>(F);
  if (Info.accesses().empty())
    return PreservedAnalyses::all();
  OS << "Lane strides for function '" << F.getName() << "':\n";
  Info.print(OS);
  return PreservedAnalyses::all();
}

} // namespace vplanext
