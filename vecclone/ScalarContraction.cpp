//===- ScalarContraction.cpp - Lanes contract as the scalar does ----------===//

#include "vecclone/ScalarContraction.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

#define DEBUG_TYPE "vecclone"

STATISTIC(NumFenced, "Multiplies fenced from the adds that use them");
STATISTIC(NumPinnedFusions,
          "Multiply-adds of declare-simd functions made llvm.fma");

namespace vecclone {

static bool hasFMA(const Function &F) {
  // AArch64's base floating point has fused multiply-add (fmadd, and fmla
  // in AdvSIMD): the scalar fuses what its variants fuse.
  if (Triple(F.getParent()->getTargetTriple()).isAArch64())
    return true;
  return F.getFnAttribute("target-features").getValueAsString().contains(
      "+fma");
}

/// -ffast-math (`reassoc` on a floating-point operation): the user lets
/// rounding change, in variants as in scalar code, and the backend may fuse
/// freely; gcc's clones fuse there too.
static bool isFastMath(const Function &F) {
  return any_of(instructions(F), [](const Instruction &I) {
    return isa<FPMathOperator>(I) && I.hasAllowReassoc();
  });
}

/// When the scalar function's target has no FMA, nothing the variant's ISA
/// (AVX-512 implies FMA) could fuse may stay fusable, or a lane's answer
/// would differ from the scalar function's: llvm.fmuladd (and its
/// constrained form, under `#pragma STDC FENV_ACCESS ON`) is split into a
/// multiply and an add, and `contract` flags (`-ffp-contract=fast`; the x86
/// backend fuses by the flags alone) are dropped.
void keepScalarContraction(Function &V, const Function &Scalar) {
  // pinScalarContraction fixed the scalar function's fusions already.
  if (hasFMA(Scalar)) {
    if (Scalar.hasFnAttribute(NoContractionAttr))
      V.addFnAttr(NoContractionAttr);
    return;
  }
  if (isFastMath(V))
    return;
  // `contract` flags come from -ffp-contract=fast, where
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

/// The multiply operand \p Op of \p AddSub the backend would fuse into it:
/// contractable, used by \p AddSub alone, in its block.
static BinaryOperator *fusableMul(Instruction &AddSub, unsigned Op) {
  auto *Mul = dyn_cast<BinaryOperator>(AddSub.getOperand(Op));
  if (!Mul || Mul->getOpcode() != Instruction::FMul ||
      !Mul->hasAllowContract() || !Mul->hasOneUse() ||
      Mul->getParent() != AddSub.getParent())
    return nullptr;
  return Mul;
}

/// \p AddSub (`x*y + z`, `z + x*y`, `x*y - z` or `z - x*y`, its multiply
/// operand \p Op) as one `llvm.fma`; negation is exact.
static void fuse(Instruction &AddSub, unsigned Op) {
  auto *Mul = cast<BinaryOperator>(AddSub.getOperand(Op));
  IRBuilder<> B(&AddSub);
  B.setFastMathFlags(AddSub.getFastMathFlags());
  Value *X = Mul->getOperand(0), *Y = Mul->getOperand(1);
  Value *Z = AddSub.getOperand(1 - Op);
  bool Sub = AddSub.getOpcode() == Instruction::FSub;
  if (Sub && Op == 0)
    Z = B.CreateFNeg(Z);
  else if (Sub)
    X = B.CreateFNeg(X);
  Value *FMA = B.CreateIntrinsic(Intrinsic::fma, {AddSub.getType()}, {X, Y, Z});
  FMA->takeName(&AddSub);
  AddSub.replaceAllUsesWith(FMA);
  AddSub.eraseFromParent();
  Mul->eraseFromParent();
}

bool pinScalarContraction(Function &Scalar) {
  if (!hasFMA(Scalar) || Scalar.hasFnAttribute(NoContractionAttr) ||
      isFastMath(Scalar))
    return false;
  SmallVector<std::pair<Instruction *, unsigned>, 8> Fusions;
  bool FastContraction = false;
  for (Instruction &I : instructions(Scalar)) {
    if (!isa<FPMathOperator>(I) || !I.hasAllowContract())
      continue;
    FastContraction = true;
    if (!isAddOrSub(&I))
      continue;
    // Like the backend, the first operand first.
    for (unsigned Op : {0u, 1u})
      if (fusableMul(I, Op)) {
        Fusions.push_back({&I, Op});
        break;
      }
  }
  if (!FastContraction)
    return false;
  for (auto [I, Op] : Fusions)
    fuse(*I, Op);
  NumPinnedFusions += Fusions.size();
  for (Instruction &I : instructions(Scalar))
    if (isa<FPMathOperator>(I) && I.hasAllowContract())
      I.setHasAllowContract(false);
  Scalar.addFnAttr(NoContractionAttr);
  return true;
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
