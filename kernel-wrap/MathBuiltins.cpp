//===- MathBuiltins.cpp - OpenCL math/integer builtins as LLVM IR ---------===//
//
/// \file
/// Math builtins with an LLVM intrinsic become the intrinsic (the loop
/// vectorizer widens it; libmvec provides the vector transcendental
/// functions); the other libm functions become libm calls, element by
/// element for OpenCL vector types. native_ and half_ forms are the full
/// precision functions. Integer and geometric builtins are expanded; the
/// math builtins of MoreMathBuiltins.cpp, the conversions (ConvertBuiltins)
/// and the shuffles (ShuffleBuiltins) are tried first.
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"
#include "KernelMath.h"
#include "OclNames.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "kernel-wrap"

STATISTIC(NumMath, "Number of OpenCL math builtins lowered");

namespace kernelwrap {
namespace {

Intrinsic::ID floatIntrinsic(StringRef Base) {
  return StringSwitch<Intrinsic::ID>(Base)
      .Case("sqrt", Intrinsic::sqrt)
      .Case("fabs", Intrinsic::fabs)
      .Case("floor", Intrinsic::floor)
      .Case("ceil", Intrinsic::ceil)
      .Case("trunc", Intrinsic::trunc)
      .Case("round", Intrinsic::round)
      .Case("rint", Intrinsic::rint)
      .Case("exp", Intrinsic::exp)
      .Case("exp2", Intrinsic::exp2)
      .Case("exp10", Intrinsic::exp10)
      .Case("log", Intrinsic::log)
      .Case("log2", Intrinsic::log2)
      .Case("log10", Intrinsic::log10)
      .Case("sin", Intrinsic::sin)
      .Case("cos", Intrinsic::cos)
      .Case("tan", Intrinsic::tan)
      .Case("pow", Intrinsic::pow)
      .Case("powr", Intrinsic::pow)
      .Case("fmin", Intrinsic::minnum)
      .Case("fmax", Intrinsic::maxnum)
      .Case("copysign", Intrinsic::copysign)
      .Case("fma", Intrinsic::fma)
      .Case("mad", Intrinsic::fmuladd)
      .Default(Intrinsic::not_intrinsic);
}

/// libm functions without an intrinsic (float form: name + "f").
bool isLibmFunction(StringRef Base) {
  return StringSwitch<bool>(Base)
      .Cases({"asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh"}, true)
      .Cases({"asinh", "acosh", "atanh", "erf", "erfc", "expm1", "log1p"},
             true)
      .Cases({"cbrt", "hypot", "fmod", "tgamma", "lgamma", "fdim"}, true)
      .Cases({"nextafter", "remainder", "logb"}, true)
      .Default(false);
}

/// Splats scalar arguments of mixed scalar/vector overloads
/// (`fmin(float4, float)`) to the result type.
Value *toType(IRBuilder<> &B, Value *V, Type *Ty) {
  if (V->getType() == Ty)
    return V;
  if (auto *VT = dyn_cast<FixedVectorType>(Ty);
      VT && V->getType() == VT->getElementType())
    return B.CreateVectorSplat(VT->getNumElements(), V);
  return nullptr;
}

Value *horizontalAdd(IRBuilder<> &B, Value *V) {
  auto *VT = dyn_cast<FixedVectorType>(V->getType());
  if (!VT)
    return V;
  Value *S = B.CreateExtractElement(V, uint64_t(0));
  for (unsigned I = 1; I < VT->getNumElements(); ++I)
    S = B.CreateFAdd(S, B.CreateExtractElement(V, I));
  return S;
}

/// OpenCL's relational results: 1 / 0 for a scalar, -1 / 0 in each element
/// of a vector (all bits set), as an integer of the argument's width.
Value *relationalResult(IRBuilder<> &B, Value *Bool, Type *RetTy) {
  return Bool->getType()->isVectorTy() ? B.CreateSExt(Bool, RetTy)
                                       : B.CreateZExt(Bool, RetTy);
}

/// Relational builtins on floats (isequal, isnan, signbit, ...), or null.
Value *lowerRelational(IRBuilder<> &B, StringRef Base, ArrayRef<Value *> Args,
                       Type *RetTy) {
  Value *X = Args[0];
  using P = CmpInst::Predicate;
  P Pred = StringSwitch<P>(Base)
               .Case("isequal", CmpInst::FCMP_OEQ)
               .Case("isnotequal", CmpInst::FCMP_UNE)
               .Case("isgreater", CmpInst::FCMP_OGT)
               .Case("isgreaterequal", CmpInst::FCMP_OGE)
               .Case("isless", CmpInst::FCMP_OLT)
               .Case("islessequal", CmpInst::FCMP_OLE)
               .Case("islessgreater", CmpInst::FCMP_ONE)
               .Case("isordered", CmpInst::FCMP_ORD)
               .Case("isunordered", CmpInst::FCMP_UNO)
               .Default(CmpInst::BAD_FCMP_PREDICATE);
  if (Pred != CmpInst::BAD_FCMP_PREDICATE && Args.size() == 2 &&
      Args[1]->getType() == X->getType())
    return relationalResult(B, B.CreateFCmp(Pred, X, Args[1]), RetTy);
  if (Args.size() != 1)
    return nullptr;
  Value *Abs = B.CreateUnaryIntrinsic(Intrinsic::fabs, X);
  Value *Inf = ConstantFP::getInfinity(X->getType());
  Value *Bool = nullptr;
  if (Base == "isnan")
    Bool = B.CreateFCmpUNO(X, X);
  else if (Base == "isinf")
    Bool = B.CreateFCmpOEQ(Abs, Inf);
  else if (Base == "isfinite")
    Bool = B.CreateFCmpOLT(Abs, Inf);
  else if (Base == "isnormal")
    Bool = B.CreateAnd(
        B.CreateFCmpOLT(Abs, Inf),
        B.CreateFCmpOGE(
            Abs, ConstantFP::get(X->getType(),
                                 APFloat::getSmallestNormalized(
                                     X->getType()->getScalarType()
                                         ->getFltSemantics()))));
  else if (Base == "signbit")
    Bool = B.CreateIsNeg(B.CreateBitCast(X, RetTy));
  return Bool ? relationalResult(B, Bool, RetTy) : nullptr;
}

/// Integer builtins whose result has the arguments' type (all of one type
/// by now), or null.
Value *lowerIntegerSameType(IRBuilder<> &B, StringRef Base,
                            ArrayRef<Value *> Args, bool Unsigned) {
  Value *X = Args[0];
  Type *Ty = X->getType();
  auto Sat = [&](Intrinsic::ID S, Intrinsic::ID U) {
    return B.CreateBinaryIntrinsic(Unsigned ? U : S, Args[0], Args[1]);
  };
  auto Shr1 = [&](Value *V) {
    return Unsigned ? B.CreateLShr(V, 1) : B.CreateAShr(V, 1);
  };
  auto MulHi = [&]() {
    unsigned Bits = Ty->getScalarSizeInBits();
    Type *Wide = Ty->getWithNewBitWidth(2 * Bits);
    auto Ext = [&](Value *V) {
      return Unsigned ? B.CreateZExt(V, Wide) : B.CreateSExt(V, Wide);
    };
    return B.CreateTrunc(B.CreateLShr(B.CreateMul(Ext(Args[0]), Ext(Args[1])),
                                      Bits),
                         Ty);
  };
  if (Base == "clz" && Args.size() == 1)
    return B.CreateBinaryIntrinsic(Intrinsic::ctlz, X, B.getFalse());
  if (Args.size() == 2) {
    Value *Y = Args[1];
    if (Base == "rotate")
      return B.CreateIntrinsic(Intrinsic::fshl, {Ty}, {X, X, Y});
    if (Base == "abs_diff") {
      Value *Gt = Unsigned ? B.CreateICmpUGT(X, Y) : B.CreateICmpSGT(X, Y);
      return B.CreateSelect(Gt, B.CreateSub(X, Y), B.CreateSub(Y, X));
    }
    if (Base == "add_sat")
      return Sat(Intrinsic::sadd_sat, Intrinsic::uadd_sat);
    if (Base == "sub_sat")
      return Sat(Intrinsic::ssub_sat, Intrinsic::usub_sat);
    if (Base == "hadd" || Base == "rhadd") {
      Value *Low = Base == "hadd" ? B.CreateAnd(X, Y) : B.CreateOr(X, Y);
      return B.CreateAdd(B.CreateAdd(Shr1(X), Shr1(Y)),
                         B.CreateAnd(Low, ConstantInt::get(Ty, 1)));
    }
    if (Base == "mul_hi")
      return MulHi();
  }
  if (Args.size() == 3) {
    if (Base == "mad_hi")
      return B.CreateAdd(MulHi(), Args[2]);
    if (Base == "bitselect")
      return B.CreateOr(B.CreateAnd(X, B.CreateNot(Args[2])),
                        B.CreateAnd(Args[1], Args[2]));
  }
  return nullptr;
}

/// `select(a, b, c)`: b where c is set (a vector's element: its sign bit),
/// else a; and `bitselect` on floats, or null.
Value *lowerSelect(IRBuilder<> &B, StringRef Base, ArrayRef<Value *> Args,
                   Type *RetTy) {
  if (Args.size() != 3 || Args[0]->getType() != RetTy ||
      Args[1]->getType() != RetTy)
    return nullptr;
  Value *C = Args[2];
  if (Base == "select") {
    if (!C->getType()->isIntOrIntVectorTy())
      return nullptr;
    Value *Set = RetTy->isVectorTy() ? B.CreateIsNeg(C) : B.CreateIsNotNull(C);
    return B.CreateSelect(Set, Args[1], Args[0]);
  }
  if (Base == "bitselect" && RetTy->isFPOrFPVectorTy() &&
      C->getType() == RetTy) {
    Type *IntTy = RetTy->getWithNewType(
        B.getIntNTy(RetTy->getScalarSizeInBits()));
    auto I = [&](Value *V) { return B.CreateBitCast(V, IntTy); };
    Value *R = B.CreateOr(B.CreateAnd(I(Args[0]), B.CreateNot(I(C))),
                          B.CreateAnd(I(Args[1]), I(C)));
    return B.CreateBitCast(R, RetTy);
  }
  return nullptr;
}

/// Float builtins OpenCL defines by a formula (sign, step, smoothstep,
/// degrees, radians, maxmag, minmag), or null.
Value *lowerFloatFormula(IRBuilder<> &B, StringRef Base,
                         ArrayRef<Value *> Args) {
  Value *X = Args.back();
  Type *Ty = X->getType();
  auto C = [&](double V) { return ConstantFP::get(Ty, V); };
  if (Base == "sign" && Args.size() == 1)
    return B.CreateSelect(
        B.CreateFCmpOGT(X, C(0)), C(1),
        B.CreateSelect(B.CreateFCmpOLT(X, C(0)), C(-1),
                       B.CreateSelect(B.CreateFCmpUNO(X, X), C(0), X)));
  if (Base == "step" && Args.size() == 2)
    return B.CreateSelect(B.CreateFCmpOLT(X, Args[0]), C(0), C(1));
  if (Base == "smoothstep" && Args.size() == 3) {
    Value *T = B.CreateFDiv(B.CreateFSub(X, Args[0]),
                            B.CreateFSub(Args[1], Args[0]));
    T = B.CreateBinaryIntrinsic(
        Intrinsic::minnum, B.CreateBinaryIntrinsic(Intrinsic::maxnum, T, C(0)),
        C(1));
    return B.CreateFMul(B.CreateFMul(T, T),
                        B.CreateFSub(C(3), B.CreateFMul(C(2), T)));
  }
  if (Base == "degrees" && Args.size() == 1)
    return B.CreateFMul(X, C(57.295779513082320876798154814105));
  if (Base == "radians" && Args.size() == 1)
    return B.CreateFMul(X, C(0.017453292519943295769236907684886));
  if ((Base == "maxmag" || Base == "minmag") && Args.size() == 2) {
    Value *Y = Args[1];
    Value *AX = B.CreateUnaryIntrinsic(Intrinsic::fabs, Args[0]);
    Value *AY = B.CreateUnaryIntrinsic(Intrinsic::fabs, Y);
    bool Max = Base == "maxmag";
    Value *XWins = Max ? B.CreateFCmpOGT(AX, AY) : B.CreateFCmpOLT(AX, AY);
    Value *YWins = Max ? B.CreateFCmpOGT(AY, AX) : B.CreateFCmpOLT(AY, AX);
    Value *Tie = B.CreateBinaryIntrinsic(
        Max ? Intrinsic::maxnum : Intrinsic::minnum, Args[0], Y);
    return B.CreateSelect(XWins, Args[0], B.CreateSelect(YWins, Y, Tie));
  }
  return nullptr;
}

/// Integer tests of a value's sign bits: any, all (an int: 1 or 0).
Value *lowerAnyAll(IRBuilder<> &B, StringRef Base, ArrayRef<Value *> Args,
                   Type *RetTy) {
  if (Args.size() != 1 || !RetTy->isIntegerTy() ||
      (Base != "any" && Base != "all"))
    return nullptr;
  Value *Neg = B.CreateIsNeg(Args[0]);
  if (Neg->getType()->isVectorTy())
    Neg = Base == "any" ? B.CreateOrReduce(Neg) : B.CreateAndReduce(Neg);
  return B.CreateZExt(Neg, RetTy);
}

/// The lowering of one call with arguments \p Args and result type
/// \p RetTy (the builtin's own types: see declaredTypes), or null when
/// \p CI is not a math builtin.
Value *lowerCall(IRBuilder<> &B, CallInst &CI, const OclName &N,
                 SmallVector<Value *, 3> Args, Type *RetTy) {
  Module &M = *CI.getModule();
  StringRef Base = N.Base;
  if (Args.empty() || RetTy->isVoidTy())
    return nullptr;
  Type *ArgTy = Args[0]->getType();
  bool FP = ArgTy->isFPOrFPVectorTy();
  bool Int = ArgTy->isIntOrIntVectorTy();
  bool Unsigned = N.firstParamUnsigned();
  if (FP && !(Base.consume_front("native_") || Base.consume_front("half_")))
    Base = N.Base;

  if (Value *R = lowerSelect(B, Base, Args, RetTy))
    return R;
  if (Value *R = lowerAnyAll(B, Base, Args, RetTy))
    return R;
  if (FP && RetTy->isIntOrIntVectorTy())
    if (Value *R = lowerRelational(B, Base, Args, RetTy))
      return R;
  // Also scalar first arguments of a vector result: step(float, float4).
  if (FP && (RetTy == ArgTy || (RetTy->isVectorTy() && !ArgTy->isVectorTy() &&
                                RetTy->getScalarType() == ArgTy))) {
    for (Value *&A : Args)
      if (!(A = toType(B, A, RetTy)))
        return nullptr;
    if (Value *R = lowerFloatFormula(B, Base, Args))
      return R;
    if (Base == "rsqrt" || Base == "recip") {
      Value *X = Base == "rsqrt"
                     ? B.CreateUnaryIntrinsic(Intrinsic::sqrt, Args[0])
                     : Args[0];
      return B.CreateFDiv(ConstantFP::get(RetTy, 1.0), X);
    }
    if (Base == "divide" && Args.size() == 2)
      return B.CreateFDiv(Args[0], Args[1]);
    if (Base == "clamp" && Args.size() == 3)
      return B.CreateBinaryIntrinsic(
          Intrinsic::minnum,
          B.CreateBinaryIntrinsic(Intrinsic::maxnum, Args[0], Args[1]),
          Args[2]);
    if (Base == "mix" && Args.size() == 3)
      return B.CreateFAdd(Args[0],
                          B.CreateFMul(B.CreateFSub(Args[1], Args[0]), Args[2]));
    if ((Base == "normalize" || Base == "fast_normalize") && Args.size() == 1) {
      Value *D = horizontalAdd(B, B.CreateFMul(Args[0], Args[0]));
      Value *L = B.CreateUnaryIntrinsic(Intrinsic::sqrt, D);
      return B.CreateFDiv(Args[0], toType(B, L, RetTy));
    }
    if (Base == "cross" && Args.size() == 2) {
      auto *VT = cast<FixedVectorType>(RetTy);
      auto E = [&](Value *V, unsigned I) { return B.CreateExtractElement(V, I); };
      Value *R = Constant::getNullValue(VT);
      unsigned Idx[3][2] = {{1, 2}, {2, 0}, {0, 1}};
      for (unsigned I = 0; I < 3; ++I) {
        Value *C = B.CreateFSub(
            B.CreateFMul(E(Args[0], Idx[I][0]), E(Args[1], Idx[I][1])),
            B.CreateFMul(E(Args[0], Idx[I][1]), E(Args[1], Idx[I][0])));
        R = B.CreateInsertElement(R, C, I);
      }
      return R;
    }
    if (Value *K = emitKernelMath(B, Base, Args))
      return K;
    if (Intrinsic::ID ID = floatIntrinsic(Base); ID != Intrinsic::not_intrinsic)
      return B.CreateIntrinsic(ID, {RetTy}, Args);
    if (Base == "fmin" || Base == "min")
      return B.CreateBinaryIntrinsic(Intrinsic::minnum, Args[0], Args[1]);
    if (Base == "fmax" || Base == "max")
      return B.CreateBinaryIntrinsic(Intrinsic::maxnum, Args[0], Args[1]);
    if (isLibmFunction(Base))
      return callLibm(B, M, Base, Args);
    return nullptr;
  }
  if (FP && RetTy == ArgTy->getScalarType()) {
    // Geometric functions to a scalar.
    if (Base == "dot" && Args.size() == 2)
      return horizontalAdd(B, B.CreateFMul(Args[0], Args[1]));
    if ((Base == "length" || Base == "fast_length") && Args.size() == 1)
      return B.CreateUnaryIntrinsic(
          Intrinsic::sqrt, horizontalAdd(B, B.CreateFMul(Args[0], Args[0])));
    if ((Base == "distance" || Base == "fast_distance") && Args.size() == 2) {
      Value *D = B.CreateFSub(Args[0], Args[1]);
      return B.CreateUnaryIntrinsic(Intrinsic::sqrt,
                                    horizontalAdd(B, B.CreateFMul(D, D)));
    }
  }
  if (Int && RetTy == ArgTy) {
    for (Value *&A : Args)
      if (!(A = toType(B, A, RetTy)))
        return nullptr;
    auto MinMax = [&](bool Max, Value *X, Value *Y) {
      Intrinsic::ID ID = Max ? (Unsigned ? Intrinsic::umax : Intrinsic::smax)
                             : (Unsigned ? Intrinsic::umin : Intrinsic::smin);
      return B.CreateBinaryIntrinsic(ID, X, Y);
    };
    if (Base == "min" && Args.size() == 2)
      return MinMax(false, Args[0], Args[1]);
    if (Base == "max" && Args.size() == 2)
      return MinMax(true, Args[0], Args[1]);
    if (Base == "clamp" && Args.size() == 3)
      return MinMax(false, MinMax(true, Args[0], Args[1]), Args[2]);
    if (Base == "abs" && Args.size() == 1)
      return Unsigned ? Args[0]
                      : B.CreateBinaryIntrinsic(Intrinsic::abs, Args[0],
                                                B.getFalse());
    if (Base == "mul24" && Args.size() == 2)
      return B.CreateMul(Args[0], Args[1]);
    if (Base == "mad24" && Args.size() == 3)
      return B.CreateAdd(B.CreateMul(Args[0], Args[1]), Args[2]);
    if (Base == "popcount" && Args.size() == 1)
      return B.CreateUnaryIntrinsic(Intrinsic::ctpop, Args[0]);
    if (Value *R = lowerIntegerSameType(B, Base, Args, Unsigned))
      return R;
  }
  // upsample(hi, lo): hi in the upper half of an integer twice as wide.
  if (Int && Base == "upsample" && Args.size() == 2 &&
      RetTy->isIntOrIntVectorTy() &&
      RetTy->getScalarSizeInBits() == 2 * ArgTy->getScalarSizeInBits()) {
    Value *Hi = B.CreateZExt(Args[0], RetTy), *Lo = B.CreateZExt(Args[1], RetTy);
    return B.CreateOr(B.CreateShl(Hi, ArgTy->getScalarSizeInBits()), Lo);
  }
  return nullptr;
}

/// The builtin's argument and result types: the vectors clang passed or
/// returned as scalars (`convert_float4(uchar4)` takes an `i32`,
/// `convert_float4(short4)` a `double`) become the vectors the name
/// declares again. The result of `convert_<type>` is named by the builtin;
/// any other returns its first parameter's type when the call returns a
/// scalar of at least its size.
Type *declaredTypes(IRBuilder<> &B, CallInst &CI, const OclName &N,
                    SmallVectorImpl<Value *> &Args) {
  SmallVector<Type *, 3> Declared = N.paramTypes(CI.getContext());
  for (auto [A, T] : zip(Args, Declared))
    if (isa<FixedVectorType>(T) && !A->getType()->isVectorTy())
      if (Value *R = reinterpretSmallVector(B, A, T))
        A = R;
  Type *RetTy = CI.getType();
  if (RetTy->isVectorTy() || RetTy->isVoidTy())
    return RetTy;
  const DataLayout &DL = CI.getDataLayout();
  Type *Natural = nullptr;
  if (StringRef To = N.Base; To.consume_front("convert_"))
    Natural = oclTypeNamed(CI.getContext(), To.take_until([](char C) {
      return C == '_';
    }));
  else if (!Declared.empty())
    Natural = Declared.front();
  if (Natural && isa<FixedVectorType>(Natural) &&
      DL.getTypeSizeInBits(Natural) <= DL.getTypeSizeInBits(RetTy))
    return Natural;
  return RetTy;
}

} // namespace

Value *callLibm(IRBuilder<> &B, Module &M, StringRef Base,
                ArrayRef<Value *> Args) {
  Type *Ty = Args[0]->getType();
  Type *Elt = Ty->getScalarType();
  std::string Name = Base.str();
  if (Elt->isFloatTy())
    Name += 'f';
  SmallVector<Type *, 3> ParamTys(Args.size(), Elt);
  FunctionCallee Fn =
      M.getOrInsertFunction(Name, FunctionType::get(Elt, ParamTys, false));
  auto Call = [&](ArrayRef<Value *> Scalars) {
    CallInst *CI = B.CreateCall(Fn, Scalars);
    CI->setDoesNotThrow();
    CI->setOnlyAccessesInaccessibleMemory(); // errno only
    return CI;
  };
  auto *VT = dyn_cast<FixedVectorType>(Ty);
  if (!VT)
    return Call(Args);
  Value *R = PoisonValue::get(VT);
  for (unsigned I = 0; I < VT->getNumElements(); ++I) {
    SmallVector<Value *, 3> S;
    for (Value *A : Args)
      S.push_back(B.CreateExtractElement(A, I));
    R = B.CreateInsertElement(R, Call(S), I);
  }
  return R;
}

Value *reinterpretSmallVector(IRBuilder<> &B, Value *V, Type *To) {
  const DataLayout &DL = B.GetInsertBlock()->getDataLayout();
  Type *From = V->getType();
  if (From == To)
    return V;
  TypeSize FromBits = DL.getTypeSizeInBits(From);
  TypeSize ToBits = DL.getTypeSizeInBits(To);
  if (FromBits.isScalable() || ToBits.isScalable())
    return nullptr;
  if (FromBits == ToBits)
    return B.CreateBitCast(V, To);
  auto *Narrow = B.getIntNTy(unsigned(std::min(FromBits, ToBits)));
  if (From->isIntegerTy() && FromBits > ToBits)
    return B.CreateBitCast(B.CreateTrunc(V, Narrow), To);
  if (To->isIntegerTy() && ToBits > FromBits)
    return B.CreateZExt(B.CreateBitCast(V, Narrow), To);
  return nullptr;
}

unsigned lowerMathBuiltins(Function &F) {
  unsigned N = replaceBuiltinCalls(
      F, [](IRBuilder<> &B, CallInst &CI, const OclName &Name) -> Value * {
        // OpenCL's precision rules allow what the C library gives.
        if (isa<FPMathOperator>(CI))
          B.setFastMathFlags(CI.getFastMathFlags());
        SmallVector<Value *, 3> Args(CI.args());
        Type *RetTy = declaredTypes(B, CI, Name, Args);
        Value *R = lowerMoreMath(B, Name, Args);
        if (!R)
          R = lowerShuffle(B, Name, Args);
        if (!R && Args.size() == 1)
          R = lowerConvert(B, Name, Args[0], RetTy);
        if (!R)
          R = lowerCall(B, CI, Name, Args, RetTy);
        return R ? reinterpretSmallVector(B, R, CI.getType()) : nullptr;
      });
  NumMath += N;
  return N;
}

} // namespace kernelwrap
