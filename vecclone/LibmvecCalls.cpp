//===- LibmvecCalls.cpp - Math intrinsics to libmvec callees --------------===//
//
/// \file
/// The table lists the LLVM intrinsics whose libm function glibc 2.35+
/// exports in libmvec for all four x86 classes, unmasked, at the natural
/// length (float 4/8/8/16, double 2/4/4/8), as `bits/math-vector.h` declares.
//
//===----------------------------------------------------------------------===//

#include "vecclone/LibmvecCalls.h"
#include "vecclone/VariantSet.h"
#include "vplan-ext/LoweringRules.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace vecclone {

/// Declares \p Name the way glibc's math-vector.h does under -fopenmp
/// -ffast-math: `declare simd notinbranch`, and no errno (-fno-math-errno).
static Function *declareLibmFunction(Module &M, StringRef Name,
                                     FunctionType *Ty, bool IsFloat) {
  if (Function *F = M.getFunction(Name))
    return F->getFunctionType() == Ty ? F : nullptr;
  Function *F = Function::Create(Ty, GlobalValue::ExternalLinkage, Name, M);
  F->setDoesNotAccessMemory();
  F->setDoesNotThrow();
  F->setWillReturn();
  std::string Params(Ty->getNumParams(), 'v');
  const std::pair<char, unsigned> Lens[] = {
      {'b', IsFloat ? 4u : 2u},
      {'c', IsFloat ? 8u : 4u},
      {'d', IsFloat ? 8u : 4u},
      {'e', IsFloat ? 16u : 8u}};
  for (auto [ISA, Len] : Lens)
    F->addFnAttr(("_ZGV" + Twine(ISA) + "N" + Twine(Len) + Params + "_" + Name)
                     .str());
  return F;
}

CallInst *retargetToLibmvec(IntrinsicInst &II) {
  Module &M = *II.getModule();
  // glibc's libmvec (2.36) exists for x86-64 only.
  if (Triple(M.getTargetTriple()).getArch() != Triple::x86_64)
    return nullptr;
  // math.h only marks the functions when _OPENMP is defined (-fopenmp, not
  // -fopenmp-simd), and libmvec is only as accurate as -ffast-math allows.
  if (!M.getModuleFlag("openmp") || !isa<FPMathOperator>(II) ||
      !II.hasApproxFunc())
    return nullptr;
  StringRef Base = vplanext::libmBaseName(II.getIntrinsicID());
  Type *Ty = II.getType();
  if (Base.empty() || !(Ty->isFloatTy() || Ty->isDoubleTy()))
    return nullptr;
  bool IsFloat = Ty->isFloatTy();
  std::string Name = (Base + (IsFloat ? "f" : "")).str();
  Function *Libm =
      declareLibmFunction(M, Name, II.getFunctionType(), IsFloat);
  if (!Libm || !hasVariantAttributes(*Libm))
    return nullptr;
  IRBuilder<> B(&II);
  B.setFastMathFlags(II.getFastMathFlags());
  SmallVector<Value *, 2> Args(II.args());
  CallInst *Call = B.CreateCall(Libm, Args);
  Call->setDebugLoc(II.getDebugLoc());
  Call->copyMetadata(II);
  II.replaceAllUsesWith(Call);
  II.eraseFromParent();
  return Call;
}

} // namespace vecclone
