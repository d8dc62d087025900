//===- AtomicBuiltins.cpp - OpenCL 1.x atomics as atomicrmw/cmpxchg -------===//
//
/// \file
/// Work groups run on different threads, so the 32- and 64-bit atomic
/// functions (atomic_add, atom_add, ... on __global and __local pointers)
/// stay real atomics, sequentially consistent.
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
