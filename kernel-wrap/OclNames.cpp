//===- OclNames.cpp - Itanium names of OpenCL builtins --------------------===//

#include "OclNames.h"
#include "Builtins.h"
#include "llvm/IR/Instructions.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/DerivedTypes.h"

using namespace llvm;

namespace kernelwrap {

OclName parseOclName(StringRef Mangled) {
  OclName R;
  if (!Mangled.consume_front("_Z"))
    return R;
  unsigned Len = 0;
  if (Mangled.consumeInteger(10, Len) || Len == 0 || Len > Mangled.size())
    return R;
  R.Base = Mangled.take_front(Len);
  R.Params = Mangled.drop_front(Len);
  return R;
}

bool OclName::firstParamUnsigned() const {
  StringRef P = Params;
  // Qualifiers and pointers before the type: P, V, K, and vendor
  // qualifiers U<len><name> (clang's address spaces: U8CLglobal, U3AS1).
  while (!P.empty()) {
    if (P.consume_front("P") || P.consume_front("V") || P.consume_front("K"))
      continue;
    StringRef Q = P;
    unsigned Len;
    if (Q.consume_front("U") && !Q.consumeInteger(10, Len)) {
      P = Q.drop_front(Len);
      continue;
    }
    break;
  }
  // A vector `Dv<n>_<elt>`.
  if (P.consume_front("Dv")) {
    size_t U = P.find('_');
    if (U == StringRef::npos)
      return false;
    P = P.drop_front(U + 1);
  }
  return !P.empty() && (P[0] == 'j' || P[0] == 'm' || P[0] == 't' ||
                        P[0] == 'h');
}

static Type *builtinType(LLVMContext &C, char Code) {
  switch (Code) {
  case 'c': case 'a': case 'h':
    return Type::getInt8Ty(C);
  case 's': case 't':
    return Type::getInt16Ty(C);
  case 'i': case 'j':
    return Type::getInt32Ty(C);
  case 'l': case 'm':
    return Type::getInt64Ty(C);
  case 'f':
    return Type::getFloatTy(C);
  case 'd':
    return Type::getDoubleTy(C);
  default:
    return nullptr;
  }
}

SmallVector<Type *, 3> OclName::paramTypes(LLVMContext &C) const {
  SmallVector<Type *, 3> Types;
  SmallVector<Type *, 2> Subst; // vector types, in order of appearance
  StringRef P = Params;
  while (!P.empty()) {
    Type *T = nullptr;
    if (P.consume_front("Dv")) {
      unsigned N = 0;
      if (P.consumeInteger(10, N) || !P.consume_front("_") || P.empty())
        break;
      Type *Elt = P.consume_front("Dh") ? Type::getHalfTy(C)
                                        : builtinType(C, P.front());
      if (!Elt)
        break;
      if (!Elt->isHalfTy())
        P = P.drop_front();
      T = FixedVectorType::get(Elt, N);
      Subst.push_back(T);
    } else if (P.consume_front("S_")) {
      T = Subst.empty() ? nullptr : Subst[0];
    } else if (P.starts_with("S") && P.size() > 2 && P[2] == '_' &&
               isDigit(P[1])) {
      unsigned K = unsigned(P[1] - '0') + 1;
      T = K < Subst.size() ? Subst[K] : nullptr;
      P = P.drop_front(3);
    } else if (P.consume_front("Dh")) {
      T = Type::getHalfTy(C);
    } else {
      T = builtinType(C, P.front());
      P = P.drop_front();
    }
    if (!T)
      break;
    Types.push_back(T);
  }
  return Types;
}

/// The encoding of a pointer's pointee after its `P`: address space
/// (clang's U8CLglobal / U7CLlocal, SPIR's U3AS1) and qualifiers skipped;
/// empty when malformed.
static StringRef pointeeEncoding(StringRef T) {
  if (T.consume_front("U")) {
    unsigned Len = 0;
    if (T.consumeInteger(10, Len) || Len > T.size())
      return StringRef();
    T = T.drop_front(Len);
  }
  while (T.consume_front("K") || T.consume_front("V"))
    ;
  return T;
}

Type *OclName::lastPointee(LLVMContext &C) const {
  size_t At = Params.rfind('P');
  if (At == StringRef::npos)
    return nullptr;
  StringRef T = pointeeEncoding(Params.drop_front(At + 1));
  if (T.consume_front("Dh"))
    return Type::getHalfTy(C);
  return T.empty() ? nullptr : builtinType(C, T.front());
}

Type *OclName::firstPointee(LLVMContext &C) const {
  StringRef P = Params;
  if (!P.consume_front("P"))
    return nullptr;
  OclName Rest{Base, pointeeEncoding(P)};
  SmallVector<Type *, 3> Types = Rest.paramTypes(C);
  return Types.empty() ? nullptr : Types.front();
}

Type *oclTypeNamed(LLVMContext &C, StringRef Name) {
  StringRef Elt = Name.rtrim("0123456789");
  unsigned N = 1;
  if (Elt.size() != Name.size() &&
      Name.drop_front(Elt.size()).getAsInteger(10, N))
    return nullptr;
  Type *T = StringSwitch<Type *>(Elt)
                .Cases({"char", "uchar"}, Type::getInt8Ty(C))
                .Cases({"short", "ushort"}, Type::getInt16Ty(C))
                .Cases({"int", "uint"}, Type::getInt32Ty(C))
                .Cases({"long", "ulong"}, Type::getInt64Ty(C))
                .Case("float", Type::getFloatTy(C))
                .Case("double", Type::getDoubleTy(C))
                .Case("half", Type::getHalfTy(C))
                .Default(nullptr);
  if (!T || N == 0)
    return nullptr;
  return N == 1 ? T : FixedVectorType::get(T, N);
}

unsigned replaceBuiltinCalls(
    Function &F,
    function_ref<Value *(IRBuilder<> &, CallInst &, const OclName &)> Lower) {
  SmallVector<CallInst *, 16> Calls;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *CI = dyn_cast<CallInst>(&I))
        if (Function *Callee = CI->getCalledFunction();
            Callee && Callee->isDeclaration() && !Callee->isIntrinsic())
          Calls.push_back(CI);
  unsigned N = 0;
  for (CallInst *CI : Calls) {
    OclName Name = parseOclName(CI->getCalledFunction()->getName());
    if (!Name)
      continue;
    IRBuilder<> B(CI);
    Value *R = Lower(B, *CI, Name);
    if (!R)
      continue;
    if (!CI->getType()->isVoidTy())
      CI->replaceAllUsesWith(R);
    CI->eraseFromParent();
    ++N;
  }
  return N;
}

} // namespace kernelwrap
