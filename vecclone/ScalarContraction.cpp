//===- ScalarContraction.cpp - Lanes contract as the scalar does ----------===//

#include "vecclone/ScalarContraction.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

#define DEBUG_TYPE "vecclone"

STATISTIC(NumFenced, "Multiplies fenced from the adds that use them");

namespace vecclone {

/// When the scalar function's target has no FMA, nothing the variant's ISA
/// (AVX-512 implies FMA) could fuse may stay fusable, or a lane's answer
/// would differ from the scalar function's: llvm.fmuladd (and its
/// constrained form, under `#pragma STDC FENV_ACCESS ON`) is split into a
/// multiply and an add, and `contract` flags (`-ffp-contract=fast`; the x86
/// backend fuses by the flags alone) are dropped.
void keepScalarContraction(Function &V, const Function &Scalar) {
  if (Scalar.getFnAttribute("target-features").getValueAsString().contains(
          "+fma"))
    return;
  // `contract` flags come from -ffp-contract=fast (or -ffast-math), where
  // clang also tells the backend to fuse whatever it can: only then do the
  // multiplies need fences after vectorization.
  bool FastContraction = false;
  SmallVector<IntrinsicInst *, 8> Worklist;
  for (Instruction &I : instructions(V))
    if (isa<FPMathOperator>(I) && I.hasAllowContract()) {
      I.setHasAllowContract(false);
      FastContraction = true;
    }
  if (FastContraction)
    V.addFnAttr(NoContractionAttr);
  for (Instruction &I : instructions(V))
    if (auto *II = dyn_cast<IntrinsicInst>(&I);
        II && (II->getIntrinsicID() == Intrinsic::fmuladd ||
               II->getIntrinsicID() ==
                   Intrinsic::experimental_constrained_fmuladd))
      Worklist.push_back(II);
  for (IntrinsicInst *II : Worklist) {
    IRBuilder<> B(II);
    B.setFastMathFlags(II->getFastMathFlags());
    Value *X = II->getArgOperand(0), *Y = II->getArgOperand(1),
          *Z = II->getArgOperand(2);
    Value *Add;
    if (auto *CI = dyn_cast<ConstrainedFPIntrinsic>(II)) {
      B.setIsFPConstrained(true);
      std::optional<RoundingMode> RM = CI->getRoundingMode();
      std::optional<fp::ExceptionBehavior> EB = CI->getExceptionBehavior();
      Value *Mul = B.CreateConstrainedFPBinOp(
          Intrinsic::experimental_constrained_fmul, X, Y, nullptr, "", nullptr,
          RM, EB);
      Add = B.CreateConstrainedFPBinOp(Intrinsic::experimental_constrained_fadd,
                                       Mul, Z, nullptr, "", nullptr, RM, EB);
    } else {
      Add = B.CreateFAdd(B.CreateFMul(X, Y), Z);
    }
    II->replaceAllUsesWith(Add);
    II->eraseFromParent();
  }
}

static bool isAddOrSub(const User *U) {
  const auto *I = dyn_cast<Instruction>(U);
  return I && (I->getOpcode() == Instruction::FAdd ||
               I->getOpcode() == Instruction::FSub);
}

PreservedAnalyses ContractionFencePass::run(Function &F,
                                            FunctionAnalysisManager &) {
  if (!F.hasFnAttribute(NoContractionAttr))
    return PreservedAnalyses::all();
  SmallVector<Instruction *, 16> Muls;
  for (Instruction &I : instructions(F))
    if (I.getOpcode() == Instruction::FMul && any_of(I.users(), isAddOrSub))
      Muls.push_back(&I);
  for (Instruction *Mul : Muls) {
    IRBuilder<> B(Mul->getNextNode());
    Value *Fence = B.CreateArithmeticFence(Mul, Mul->getType());
    Mul->replaceUsesWithIf(Fence, [](Use &U) { return isAddOrSub(U.getUser()); });
    ++NumFenced;
  }
  return Muls.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace vecclone
