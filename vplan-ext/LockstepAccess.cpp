//===- LockstepAccess.cpp - Addresses a divergent loop's lanes share ------===//
//
/// \file
/// See LockstepAccess.h. The classification is a prediction, not a proof:
/// the counters are exact by construction (the cut reads them from the
/// round), and a lane-stepped input is checked at run time before the copy
/// that relies on it runs. A wrong prediction costs speed, never an answer.
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/LockstepAccess.h"
#include "vplan-ext/UniformLoopRule.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Debug.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumLockstepAccesses,
          "Number of divergent-loop accesses made uniform or contiguous");

namespace vplanext {
namespace {

/// How a value varies across the lanes still in the loop.
struct Shape {
  enum Kind { Shared, Stepped, Varying } K = Varying;
  /// For Stepped: the input that steps by one per lane.
  Instruction *Input = nullptr;
};

class Classifier {
public:
  Classifier(ArrayRef<BasicBlock *> Blocks, Value *Lane,
             function_ref<bool(Value *)> IsShared,
             function_ref<bool(Instruction *)> IsInput,
             function_ref<bool(Instruction *)> IsRecomputable,
             function_ref<bool(Instruction *)> IsReread)
      : InLoop(Blocks.begin(), Blocks.end()), Lane(Lane), IsShared(IsShared),
        IsInput(IsInput), IsRecomputable(IsRecomputable), IsReread(IsReread) {
  }

  DenseMap<PHINode *, ConstantInt *> Counters;
  /// The counters the values classified since the last clear() read.
  SetVector<PHINode *> Read;

  Shape inLoop(Value *V, unsigned Depth = 0);

private:
  /// Whether \p V, computed before the loop, is the lane index (or a vector
  /// parameter's element) plus values every lane shares (through casts, adds,
  /// subtracts of shared values and constant shifts: `(int)(group_base +
  /// lane)` is `ashr(shl(x, 32), 32)`).
  bool laneStepped(Value *V, unsigned Depth = 0) const;
  /// Shared, or computed before the loop from shared values only (the
  /// base of `sext(r0) + lane`).
  bool sameInEveryLane(Value *V) const {
    auto *I = dyn_cast<Instruction>(V);
    return IsShared(V) || (I && !InLoop.count(I->getParent()) &&
                           IsRecomputable(I));
  }

public:
  SmallPtrSet<BasicBlock *, 16> InLoop;

  /// The input reaches the loop read from its lane array, as a vector
  /// parameter's element does.
  bool isReread(Instruction *I) const { return IsReread && IsReread(I); }

private:
  Value *Lane;
  function_ref<bool(Value *)> IsShared;
  function_ref<bool(Instruction *)> IsInput;
  function_ref<bool(Instruction *)> IsRecomputable;
  function_ref<bool(Instruction *)> IsReread;

};

bool Classifier::laneStepped(Value *V, unsigned Depth) const {
  if (V == Lane)
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 8 || IsShared(I) || InLoop.count(I->getParent()))
    return false;
  if (isReread(I))
    return true;
  switch (I->getOpcode()) {
  case Instruction::SExt:
  case Instruction::ZExt:
  case Instruction::Trunc:
    return laneStepped(I->getOperand(0), Depth + 1);
  case Instruction::Shl:
  case Instruction::AShr:
  case Instruction::LShr:
    return isa<ConstantInt>(I->getOperand(1)) &&
           laneStepped(I->getOperand(0), Depth + 1);
  case Instruction::Mul:
    // `lane * 1`, as kernel-wrap writes a work-item id.
    for (unsigned K : {0u, 1u})
      if (auto *C = dyn_cast<ConstantInt>(I->getOperand(K)); C && C->isOne())
        return laneStepped(I->getOperand(1 - K), Depth + 1);
    return false;
  case Instruction::Add:
    for (unsigned K : {0u, 1u})
      if (sameInEveryLane(I->getOperand(K)))
        return laneStepped(I->getOperand(1 - K), Depth + 1);
    return false;
  case Instruction::Sub:
    return sameInEveryLane(I->getOperand(1)) &&
           laneStepped(I->getOperand(0), Depth + 1);
  case Instruction::Load: {
    // A vector parameter's element, read from the array the variant
    // keeps it in: it steps by one when the caller passes consecutive
    // values (`f(a, i)` in an omp simd loop), which the test before the
    // first round checks.
    auto *G = dyn_cast<GetElementPtrInst>(cast<LoadInst>(I)->getPointerOperand());
    return G && isa<AllocaInst>(G->getPointerOperand()) &&
           G->getNumIndices() > 0 &&
           G->getOperand(G->getNumIndices()) == Lane;
  }
  default:
    return false;
  }
}

Shape Classifier::inLoop(Value *V, unsigned Depth) {
  if (IsShared(V))
    return {Shape::Shared};
  if (auto *PN = dyn_cast<PHINode>(V); PN && Counters.count(PN)) {
    Read.insert(PN);
    return {Shape::Shared};
  }
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 8)
    return {};
  if (!InLoop.count(I->getParent())) {
    if (!IsInput(I))
      return {};
    // Its definition is out of sight: an integer may step by one per lane
    // (the test before the first round checks), a pointer says nothing.
    if (isReread(I))
      return I->getType()->isIntegerTy() ? Shape{Shape::Stepped, I} : Shape{};
    if (auto *G = dyn_cast<GetElementPtrInst>(I);
        G && G->getNumIndices() == 1 &&
        sameInEveryLane(G->getPointerOperand()) &&
        laneStepped(G->getOperand(1)))
      return {Shape::Stepped, I};
    if (!I->getType()->isIntegerTy())
      return {};
    if (IsRecomputable(I))
      return {Shape::Shared};
    if (laneStepped(I))
      return {Shape::Stepped, I};
    return {};
  }
  if (isa<PHINode>(I) || I->mayReadOrWriteMemory() || I->mayHaveSideEffects())
    return {};
  switch (I->getOpcode()) {
  case Instruction::SExt:
  case Instruction::ZExt:
  case Instruction::Trunc:
    return inLoop(I->getOperand(0), Depth + 1);
  case Instruction::Add:
  case Instruction::Sub: {
    Shape L = inLoop(I->getOperand(0), Depth + 1);
    Shape R = inLoop(I->getOperand(1), Depth + 1);
    if (L.K == Shape::Shared && R.K == Shape::Shared)
      return {Shape::Shared};
    if (L.K == Shape::Stepped && R.K == Shape::Shared)
      return L;
    if (I->getOpcode() == Instruction::Add && L.K == Shape::Shared &&
        R.K == Shape::Stepped)
      return R;
    return {};
  }
  default:
    if (!isa<BinaryOperator>(I) && !isa<CmpInst>(I) && !isa<SelectInst>(I))
      return {};
    for (Value *Op : I->operands())
      if (inLoop(Op, Depth + 1).K != Shape::Shared)
        return {};
    return {Shape::Shared};
  }
}

} // namespace

bool isPureToRecompute(const Instruction &I, OpaqueOperandFn IsOpaque) {
  if (isa<PHINode>(I) || I.mayReadOrWriteMemory())
    return false;
  if (isSafeToSpeculativelyExecute(&I))
    return true;
  const Value *Divisor = I.getOperand(1);
  return (I.getOpcode() == Instruction::UDiv ||
          I.getOpcode() == Instruction::URem) &&
         !(IsOpaque && IsOpaque(I, Divisor)) &&
         isKnownNonZero(Divisor, SimplifyQuery(I.getDataLayout()));
}

bool isRecomputable(const Value *V, function_ref<bool(const Value *)> IsOutside,
                    function_ref<bool(const Instruction *)> InPrefix,
                    OpaqueOperandFn IsOpaque, unsigned MaxDepth,
                    unsigned Depth) {
  if (IsOutside(V))
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > MaxDepth || !InPrefix(I) ||
      !isPureToRecompute(*I, IsOpaque))
    return false;
  return all_of(I->operands(), [&](const Value *Op) {
    return isRecomputable(Op, IsOutside, InPrefix, IsOpaque, MaxDepth,
                          Depth + 1);
  });
}

bool isLaneAffine(const Value *V, const Value *Lane,
                  function_ref<bool(const Value *)> IsOutside,
                  function_ref<bool(const Instruction *)> InPrefix,
                  OpaqueOperandFn IsOpaque) {
  return isRecomputable(
      V, [&](const Value *X) { return X == Lane || IsOutside(X); }, InPrefix,
      IsOpaque);
}

uint64_t steppedPointerStride(const Instruction *I) {
  auto *G = dyn_cast<GetElementPtrInst>(I);
  if (!G || G->getNumIndices() != 1)
    return 0;
  return I->getDataLayout().getTypeAllocSize(G->getSourceElementType());
}

ConstantInt *counterStep(const PHINode &PN, ArrayRef<BasicBlock *> Latches) {
  if (!PN.getType()->isIntegerTy())
    return nullptr;
  ConstantInt *Step = nullptr;
  for (BasicBlock *S : Latches) {
    auto *Inc = dyn_cast<BinaryOperator>(PN.getIncomingValueForBlock(S));
    auto *K =
        Inc && Inc->getOpcode() == Instruction::Add && Inc->getOperand(0) == &PN
            ? dyn_cast<ConstantInt>(Inc->getOperand(1))
            : nullptr;
    if (!K || (Step && Step != K))
      return nullptr;
    Step = K;
  }
  return Step;
}

LockstepAccess findLockstepAccess(BasicBlock *Header,
                                  ArrayRef<BasicBlock *> Latches,
                                  ArrayRef<BasicBlock *> Blocks, Value *Lane,
                                  function_ref<bool(Value *)> IsShared,
                                  function_ref<bool(Instruction *)> IsInput,
                                  function_ref<bool(Instruction *)> IsRecomputable,
                                  bool Uniform,
                                  function_ref<bool(Instruction *)> IsReread) {
  LockstepAccess R;
  Classifier C(Blocks, Lane, IsShared, IsInput, IsRecomputable, IsReread);
  // Counters: a shared start, the same constant added on every back edge.
  for (PHINode &PN : Header->phis()) {
    // With or without a preheader.
    Value *Start = loopEntryValue(
        PN, [&](const BasicBlock *BB) { return C.InLoop.count(BB) != 0; });
    if (!PN.getType()->isIntegerTy() || !Start || !IsShared(Start))
      continue;
    if (ConstantInt *Step = counterStep(PN, Latches))
      C.Counters[&PN] = Step;
  }
  if (C.Counters.empty() && !Uniform)
    return R;

  // Accesses: a GEP whose base and leading indices are shared and whose
  // last index is shared or steps by one per lane; or whose base steps by
  // the accessed size per lane (`out + r`, hoisted before the loop) and
  // whose indices are shared.
  const DataLayout &DL = Header->getDataLayout();
  SetVector<Instruction *> Stepped;
  SetVector<PHINode *> Used;
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB) {
      Value *Ptr = getLoadStorePointerOperand(&I);
      auto *GEP = dyn_cast_or_null<GetElementPtrInst>(Ptr);
      // A pointer the cut reads from its lane array is no GEP there.
      if (!GEP || GEP->getNumIndices() == 0 || C.isReread(GEP))
        continue;
      C.Read.clear();
      // An address computed before the loop (`a + r`, the same each
      // iteration) is one input: its operands need not reach the loop.
      bool Hoisted = !C.InLoop.count(GEP->getParent());
      Shape Base = C.inLoop(Hoisted ? GEP : GEP->getPointerOperand());
      Type *AccTy = getLoadStoreType(&I);
      bool Ok = Base.K == Shape::Shared ||
                (Base.K == Shape::Stepped &&
                 DL.getTypeStoreSize(AccTy) == DL.getTypeAllocSize(AccTy) &&
                 steppedPointerStride(Base.Input) ==
                     DL.getTypeAllocSize(AccTy));
      for (unsigned K = 1; Ok && !Hoisted && K < GEP->getNumIndices(); ++K)
        Ok = C.inLoop(GEP->getOperand(K)).K == Shape::Shared;
      Shape Last = !Ok      ? Shape()
                   : Hoisted ? Shape{Shape::Shared}
                             : C.inLoop(GEP->getOperand(GEP->getNumIndices()));
      if (Base.K == Shape::Stepped) {
        if (Last.K != Shape::Shared)
          Ok = false;
        Last = Base;
      } else if (Last.K == Shape::Stepped &&
                 DL.getTypeAllocSize(GEP->getResultElementType()) !=
                     DL.getTypeAllocSize(AccTy)) {
        Ok = false; // a stride, not contiguous
      }
      // Only an address that reads a counter gains from one; in a uniform
      // loop, one that steps by lane.
      if (!Ok || Last.K == Shape::Varying ||
          (Uniform ? Last.K != Shape::Stepped : C.Read.empty()))
        continue;
      Used.insert(C.Read.begin(), C.Read.end());
      if (Last.K == Shape::Stepped) {
        Stepped.insert(Last.Input);
        R.SteppedAccesses.push_back(&I);
      } else {
        R.UniformAccesses.push_back(&I);
      }
      ++R.NumAccesses;
      LLVM_DEBUG(dbgs() << "vplan-ext: lockstep access " << I << "\n");
    }
  NumLockstepAccesses += R.NumAccesses;
  // An exit test of a divergent loop that compares a counter with values
  // every lane shares (Mandelbrot's `n < 256`) reads the round instead:
  // one scalar compare per round, where every lane still in the loop
  // leaves together, instead of one per lane.
  if (!Uniform)
    for (BasicBlock *BB : Blocks) {
      auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
      if (!Br || !Br->isConditional() ||
          (C.InLoop.count(Br->getSuccessor(0)) &&
           C.InLoop.count(Br->getSuccessor(1))))
        continue;
      C.Read.clear();
      if (C.inLoop(Br->getCondition()).K != Shape::Shared || C.Read.empty())
        continue;
      Used.insert(C.Read.begin(), C.Read.end());
      R.ExitTests.push_back(Br);
      // Computed before a round from the counters (the loop's phis) and
      // values from outside, as deep as the cut's copies go (copyPure).
      R.ExitTestsRecomputable &= isRecomputable(
          Br->getCondition(),
          [&](const Value *V) {
            auto *I = dyn_cast<Instruction>(V);
            return !I || !C.InLoop.count(I->getParent()) || isa<PHINode>(I);
          },
          [&](const Instruction *I) { return C.InLoop.count(I->getParent()); },
          /*IsOpaque=*/nullptr, /*MaxDepth=*/12);
      LLVM_DEBUG(dbgs() << "vplan-ext: lockstep exit test " << *Br << "\n");
    }
  for (PHINode *PN : Used)
    R.Counters.push_back({PN, C.Counters.lookup(PN)});
  // The copy reads an input as `first + lane` in the input's own type; an
  // odd-sized integer (or a flag) lives widened in its lane array.
  for (Instruction *I : Stepped)
    if (auto *IT = dyn_cast<IntegerType>(I->getType());
        !IT || (IT->getBitWidth() >= 8 && isPowerOf2_32(IT->getBitWidth())))
      R.LaneStepped.push_back(I);
  return R;
}

} // namespace vplanext
