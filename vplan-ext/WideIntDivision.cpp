//===- WideIntDivision.cpp - 32-bit division through double ---------------===//

#include "vplan-ext/WideIntDivision.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumFPDivisions,
          "Number of 32-bit integer divisions rewritten through double");

namespace vplanext {

bool isVariableDivision(const Instruction &I) {
  switch (I.getOpcode()) {
  case Instruction::SDiv:
  case Instruction::UDiv:
  case Instruction::SRem:
  case Instruction::URem:
    return !isa<Constant>(I.getOperand(1));
  default:
    return false;
  }
}

namespace {

bool isRewritable(const BinaryOperator &BO) {
  return BO.getType()->isIntegerTy(32) && isVariableDivision(BO);
}

void rewrite(BinaryOperator &BO) {
  IRBuilder<> B(&BO);
  Instruction::BinaryOps Op = BO.getOpcode();
  bool Signed = Op == Instruction::SDiv || Op == Instruction::SRem;
  Type *F64 = B.getDoubleTy();
  Value *A = BO.getOperand(0), *D = BO.getOperand(1);
  auto ToFP = [&](Value *V) {
    return Signed ? B.CreateSIToFP(V, F64) : B.CreateUIToFP(V, F64);
  };
  // No fast-math flags: the exactness argument needs IEEE division.
  Value *Q = B.CreateFDiv(ToFP(A), ToFP(D), BO.getName() + ".fpq");
  Q = Signed ? B.CreateFPToSI(Q, BO.getType()) : B.CreateFPToUI(Q, BO.getType());
  // Out of range (a division by zero, INT_MIN / -1: undefined in C, and
  // what an inactive lane may compute) gives poison; freeze it so that no
  // lane's poison reaches a branch or a reduction.
  Q = B.CreateFreeze(Q);
  Value *R = Q;
  if (Op == Instruction::SRem || Op == Instruction::URem)
    R = B.CreateSub(A, B.CreateMul(Q, D)); // exact q: no wrap in fact
  R->takeName(&BO);
  BO.replaceAllUsesWith(R);
  BO.eraseFromParent();
}

} // namespace

bool dividesThroughDouble(const Instruction &I,
                          const LaneLoweringOptions &Opts) {
  auto *BO = dyn_cast<BinaryOperator>(&I);
  return Opts.IntDivViaFP && BO && isRewritable(*BO) &&
         !I.getFunction()->hasFnAttribute(Attribute::StrictFP);
}

unsigned widenIntDivisions(Function &F, ArrayRef<Loop *> LaneLoops,
                           const LaneLoweringOptions &Opts) {
  SmallVector<BinaryOperator *, 8> Work;
  for (Loop *L : LaneLoops)
    for (BasicBlock *BB : L->blocks())
      for (Instruction &I : *BB)
        if (dividesThroughDouble(I, Opts))
          Work.push_back(cast<BinaryOperator>(&I));
  for (BinaryOperator *BO : Work) {
    LLVM_DEBUG(dbgs() << "vplan-ext: division through double: " << *BO
                      << "\n");
    rewrite(*BO);
  }
  NumFPDivisions += Work.size();
  return Work.size();
}

unsigned countLaneDivisions(ArrayRef<Loop *> LaneLoops,
                            const LaneLoweringOptions &Opts) {
  unsigned N = 0;
  for (Loop *L : LaneLoops)
    for (BasicBlock *BB : L->blocks())
      for (Instruction &I : *BB)
        N += isVariableDivision(I) && !dividesThroughDouble(I, Opts);
  return N;
}

} // namespace vplanext
