//===- WideIntDivision.cpp - 32-bit division through double ---------------===//

#include "vplan-ext/WideIntDivision.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumFPDivisions,
          "Number of 32-bit integer divisions rewritten through double");

static cl::opt<bool> IntDivViaFP(
    "vplan-int-div-via-fp", cl::init(true),
    cl::desc("Rewrite 32-bit integer divisions by non-constant divisors in "
             "SIMD lane loops as exact double-precision divisions, which "
             "the loop vectorizer widens without branches"));

namespace vplanext {

namespace {

bool isRewritable(const BinaryOperator &BO) {
  switch (BO.getOpcode()) {
  case Instruction::SDiv:
  case Instruction::UDiv:
  case Instruction::SRem:
  case Instruction::URem:
    break;
  default:
    return false;
  }
  // A constant divisor becomes a multiply by LLVM's magic numbers, which the
  // vectorizer already widens.
  return BO.getType()->isIntegerTy(32) && !isa<Constant>(BO.getOperand(1));
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

unsigned widenIntDivisions(Function &F, ArrayRef<BasicBlock *> LaneHeaders) {
  if (!IntDivViaFP || LaneHeaders.empty() ||
      F.hasFnAttribute(Attribute::StrictFP))
    return 0;
  DominatorTree DT(F);
  LoopInfo LI(DT);
  SmallVector<BinaryOperator *, 8> Work;
  for (BasicBlock *H : LaneHeaders) {
    Loop *L = LI.getLoopFor(H);
    // A lane loop that kept an inner loop is not widened: its divisions
    // stay integer.
    if (!L || L->getHeader() != H || !L->isInnermost())
      continue;
    for (BasicBlock *BB : L->blocks())
      for (Instruction &I : *BB)
        if (auto *BO = dyn_cast<BinaryOperator>(&I); BO && isRewritable(*BO))
          Work.push_back(BO);
  }
  for (BinaryOperator *BO : Work) {
    LLVM_DEBUG(dbgs() << "vplan-ext: division through double: " << *BO
                      << "\n");
    rewrite(*BO);
  }
  NumFPDivisions += Work.size();
  return Work.size();
}

} // namespace vplanext
