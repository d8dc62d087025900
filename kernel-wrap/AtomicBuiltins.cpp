//===- AtomicBuiltins.cpp - OpenCL 1.x atomics as atomicrmw/cmpxchg -------===//
//
/// \file
/// Work groups run on different threads, so the 32- and 64-bit atomic
/// functions (atomic_add, atom_add, ...) on __global pointers stay real
/// atomics, sequentially consistent. On __local pointers they become plain
/// read-modify-writes: a group's __local memory is its own, and one thread
/// runs all its work items one after the other (a locked add on Zen 3 cost
/// more than the rest of the histogram kernel). Their loads and stores are
/// volatile: two work items may update the same word, so the vectorizer,
/// told that the work-item loop's accesses are parallel, must not widen
/// them (it never widens volatile accesses).
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"
#include "OclNames.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace kernelwrap {

namespace {

/// `atomic_<Op>` on a __local word as load, operation, store; the old value.
Value *lowerLocalRMW(IRBuilder<> &B, StringRef Op, bool Unsigned,
                     CallInst *CI) {
  Value *Ptr = CI->getArgOperand(0);
  Type *Ty = CI->getType();
  if (!Ty->isIntegerTy() && !(Op == "xchg" && Ty->isFloatingPointTy()))
    return nullptr;
  LoadInst *Old = B.CreateLoad(Ty, Ptr, /*isVolatile=*/true, "local.old");
  auto Arg = [&](unsigned I) { return CI->getArgOperand(I); };
  Value *New = nullptr;
  if (Op == "cmpxchg" && CI->arg_size() == 3)
    New = B.CreateSelect(B.CreateICmpEQ(Old, Arg(1)), Arg(2), Old);
  else if (Op == "inc" || Op == "dec")
    New = Op == "inc" ? B.CreateAdd(Old, ConstantInt::get(Ty, 1))
                      : B.CreateSub(Old, ConstantInt::get(Ty, 1));
  else if (CI->arg_size() == 2) {
    Value *V = Arg(1);
    if (Op == "add")
      New = B.CreateAdd(Old, V);
    else if (Op == "sub")
      New = B.CreateSub(Old, V);
    else if (Op == "xchg")
      New = V;
    else if (Op == "and")
      New = B.CreateAnd(Old, V);
    else if (Op == "or")
      New = B.CreateOr(Old, V);
    else if (Op == "xor")
      New = B.CreateXor(Old, V);
    else if (Op == "min")
      New = B.CreateBinaryIntrinsic(Unsigned ? Intrinsic::umin : Intrinsic::smin,
                                    Old, V);
    else if (Op == "max")
      New = B.CreateBinaryIntrinsic(Unsigned ? Intrinsic::umax : Intrinsic::smax,
                                    Old, V);
  }
  if (!New) {
    Old->eraseFromParent();
    return nullptr;
  }
  B.CreateStore(New, Ptr, /*isVolatile=*/true);
  return Old;
}

} // namespace

unsigned lowerAtomicBuiltins(Function &F) {
  SmallVector<CallInst *, 8> Calls;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *CI = dyn_cast<CallInst>(&I))
        if (Function *Callee = CI->getCalledFunction();
            Callee && Callee->isDeclaration())
          if (OclName N = parseOclName(Callee->getName());
              N && (N.Base.starts_with("atomic_") ||
                    N.Base.starts_with("atom_")))
            Calls.push_back(CI);
  unsigned Count = 0;
  for (CallInst *CI : Calls) {
    OclName N = parseOclName(CI->getCalledFunction()->getName());
    StringRef Op = N.Base.drop_front(N.Base.find('_') + 1);
    bool Unsigned = N.firstParamUnsigned();
    Value *Ptr = CI->getArgOperand(0);
    Type *Ty = CI->getType();
    if (!Ptr->getType()->isPointerTy() || Ty->isVoidTy())
      continue;
    IRBuilder<> B(CI);
    auto Order = AtomicOrdering::SequentiallyConsistent;
    Value *R = nullptr;
    if (N.firstParamLocal())
      if (Value *Old = lowerLocalRMW(B, Op, Unsigned, CI)) {
        CI->replaceAllUsesWith(Old);
        CI->eraseFromParent();
        ++Count;
        continue;
      }
    if (Op == "cmpxchg" && CI->arg_size() == 3) {
      auto *X = B.CreateAtomicCmpXchg(Ptr, CI->getArgOperand(1),
                                      CI->getArgOperand(2), MaybeAlign(),
                                      Order, Order);
      R = B.CreateExtractValue(X, 0);
    } else {
      std::optional<AtomicRMWInst::BinOp> K =
          StringSwitch<std::optional<AtomicRMWInst::BinOp>>(Op)
              .Case("add", AtomicRMWInst::Add)
              .Case("inc", AtomicRMWInst::Add)
              .Case("sub", AtomicRMWInst::Sub)
              .Case("dec", AtomicRMWInst::Sub)
              .Case("xchg", Ty->isFloatingPointTy() ? AtomicRMWInst::Xchg
                                                    : AtomicRMWInst::Xchg)
              .Case("and", AtomicRMWInst::And)
              .Case("or", AtomicRMWInst::Or)
              .Case("xor", AtomicRMWInst::Xor)
              .Case("min", Unsigned ? AtomicRMWInst::UMin : AtomicRMWInst::Min)
              .Case("max", Unsigned ? AtomicRMWInst::UMax : AtomicRMWInst::Max)
              .Default(std::nullopt);
      if (!K)
        continue;
      Value *V = (Op == "inc" || Op == "dec") ? ConstantInt::get(Ty, 1)
                                              : CI->getArgOperand(1);
      R = B.CreateAtomicRMW(*K, Ptr, V, MaybeAlign(), Order);
    }
    CI->replaceAllUsesWith(R);
    CI->eraseFromParent();
    ++Count;
  }
  return Count;
}

} // namespace kernelwrap
