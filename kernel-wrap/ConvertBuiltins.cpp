//===- ConvertBuiltins.cpp - convert_<type>[_sat][_<rounding>] ------------===//
//
/// \file
/// `convert_<type>[n][_sat][_rte|_rtz|_rtp|_rtn]` on every scalar and vector
/// type pair, as OpenCL C 1.2 section 6.2.3 defines them:
///
/// * to an integer: float sources round as the mode says (default: toward
///   zero), `_sat` clamps to the destination's range with NaN -> 0
///   (llvm.fpto[su]i.sat); integer sources clamp in the wider of the two
///   types;
/// * to a float: the default rounding is to nearest even (sitofp, fptrunc);
///   the other modes take that result and, when it lies on the wrong side of
///   the exact source value, step it one ulp (the bit pattern +-1, which
///   also crosses from 0 to the smallest subnormal and from inf to the
///   largest finite value). The comparison with the source is exact: a
///   float source is compared in its own type, an integer source with the
///   result converted back, which is exact since a rounded result is an
///   integer (2^bits, the one value outside the source type, is above every
///   source).
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"
#include "OclNames.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/IRBuilder.h"

#include <cmath>

using namespace llvm;

namespace kernelwrap {
namespace {

enum class Rounding { Default, Even, Zero, Up, Down, Invalid };

Value *intToInt(IRBuilder<> &B, Value *X, Type *To, bool FromUnsigned,
                bool ToUnsigned, bool Sat) {
  unsigned FromBits = X->getType()->getScalarSizeInBits();
  unsigned ToBits = To->getScalarSizeInBits();
  unsigned W = std::max(FromBits, ToBits);
  Type *WT = X->getType()->getWithNewBitWidth(W);
  Value *V =
      FromUnsigned ? B.CreateZExtOrTrunc(X, WT) : B.CreateSExtOrTrunc(X, WT);
  if (Sat) {
    APInt Max = ToUnsigned ? APInt::getMaxValue(ToBits).zext(W)
                           : APInt::getSignedMaxValue(ToBits).zext(W);
    if (!FromUnsigned) {
      APInt Min = ToUnsigned ? APInt::getZero(W)
                             : APInt::getSignedMinValue(ToBits).sext(W);
      V = B.CreateBinaryIntrinsic(Intrinsic::smax, V,
                                  ConstantInt::get(WT, Min));
    }
    // Non-negative now when the destination is unsigned.
    V = B.CreateBinaryIntrinsic(!FromUnsigned && !ToUnsigned ? Intrinsic::smin
                                                             : Intrinsic::umin,
                                V, ConstantInt::get(WT, Max));
  }
  return B.CreateTrunc(V, To);
}

Value *fpToInt(IRBuilder<> &B, Value *X, Type *To, bool ToUnsigned, bool Sat,
               Rounding M) {
  Intrinsic::ID Round = M == Rounding::Even   ? Intrinsic::roundeven
                        : M == Rounding::Up   ? Intrinsic::ceil
                        : M == Rounding::Down ? Intrinsic::floor
                                              : Intrinsic::not_intrinsic;
  if (Round != Intrinsic::not_intrinsic)
    X = B.CreateUnaryIntrinsic(Round, X);
  if (Sat)
    return B.CreateIntrinsic(ToUnsigned ? Intrinsic::fptoui_sat
                                        : Intrinsic::fptosi_sat,
                             {To, X->getType()}, {X});
  return ToUnsigned ? B.CreateFPToUI(X, To) : B.CreateFPToSI(X, To);
}

/// {result > x, result < x} exactly, for \p R, x rounded to nearest.
std::pair<Value *, Value *> compareExact(IRBuilder<> &B, Value *R, Value *X,
                                         bool FromUnsigned) {
  if (X->getType()->isFPOrFPVectorTy()) {
    Value *Back = B.CreateFPExt(R, X->getType());
    return {B.CreateFCmpOGT(Back, X), B.CreateFCmpOLT(Back, X)};
  }
  unsigned Bits = X->getType()->getScalarSizeInBits();
  Value *Limit = ConstantFP::get(
      R->getType(), std::ldexp(1.0, FromUnsigned ? Bits : Bits - 1));
  Value *AtLimit = B.CreateFCmpOGE(R, Limit);
  // Poison when R is at the limit, but then not selected.
  Value *Back = FromUnsigned ? B.CreateFPToUI(R, X->getType())
                             : B.CreateFPToSI(R, X->getType());
  Value *Gt =
      FromUnsigned ? B.CreateICmpUGT(Back, X) : B.CreateICmpSGT(Back, X);
  Value *Lt =
      FromUnsigned ? B.CreateICmpULT(Back, X) : B.CreateICmpSLT(Back, X);
  Value *True = ConstantInt::getTrue(Gt->getType());
  Value *False = ConstantInt::getFalse(Gt->getType());
  return {B.CreateSelect(AtLimit, True, Gt),
          B.CreateSelect(AtLimit, False, Lt)};
}

Value *toFP(IRBuilder<> &B, Value *X, Type *To, bool FromUnsigned, Rounding M) {
  bool FromFP = X->getType()->isFPOrFPVectorTy();
  Value *R =
      FromFP ? B.CreateFPCast(X, To)
             : (FromUnsigned ? B.CreateUIToFP(X, To) : B.CreateSIToFP(X, To));
  unsigned Precision =
      APFloat::semanticsPrecision(To->getScalarType()->getFltSemantics());
  bool Exact =
      FromFP ? X->getType()->getScalarSizeInBits() <= To->getScalarSizeInBits()
             : X->getType()->getScalarSizeInBits() < Precision;
  if (M == Rounding::Default || M == Rounding::Even || Exact)
    return R;
  auto [Above, Below] = compareExact(B, R, X, FromUnsigned);
  Type *IT = To->getWithNewType(B.getIntNTy(To->getScalarSizeInBits()));
  Value *Bits = B.CreateBitCast(R, IT);
  Value *Neg = B.CreateIsNeg(Bits);
  // Toward zero: down for positive results, up for negative ones.
  Value *WantDown = M == Rounding::Down ? ConstantInt::getTrue(Neg->getType())
                    : M == Rounding::Zero
                        ? B.CreateNot(Neg)
                        : ConstantInt::getFalse(Neg->getType());
  Value *WantUp = M == Rounding::Up     ? ConstantInt::getTrue(Neg->getType())
                  : M == Rounding::Zero ? Neg
                                        : ConstantInt::getFalse(Neg->getType());
  Value *Down = B.CreateAnd(Above, WantDown);
  Value *Up = B.CreateAnd(Below, WantUp);
  // One ulp down is a larger magnitude for negative values, and up smaller.
  Value *One = ConstantInt::get(IT, 1),
        *MinusOne = Constant::getAllOnesValue(IT);
  Value *Zero = Constant::getNullValue(IT);
  Value *DownStep = B.CreateSelect(Neg, One, MinusOne);
  Value *UpStep = B.CreateSelect(Neg, MinusOne, One);
  Value *Step =
      B.CreateSelect(Down, DownStep, B.CreateSelect(Up, UpStep, Zero));
  return B.CreateBitCast(B.CreateAdd(Bits, Step), To);
}

Rounding parseRounding(StringRef Suffix) {
  return StringSwitch<Rounding>(Suffix)
      .Case("", Rounding::Default)
      .Case("_rte", Rounding::Even)
      .Case("_rtz", Rounding::Zero)
      .Case("_rtp", Rounding::Up)
      .Case("_rtn", Rounding::Down)
      .Default(Rounding::Invalid);
}

} // namespace

Value *convertToFP(IRBuilder<> &B, Value *X, Type *To, StringRef Mode) {
  Rounding M = parseRounding(Mode);
  if (M == Rounding::Invalid || !X->getType()->isFPOrFPVectorTy())
    return nullptr;
  return toFP(B, X, To, /*FromUnsigned=*/false, M);
}

Value *lowerConvert(IRBuilder<> &B, const OclName &N, Value *X, Type *To) {
  StringRef Rest = N.Base;
  if (!Rest.consume_front("convert_"))
    return nullptr;
  StringRef TypeName = Rest.take_until([](char C) { return C == '_'; });
  Rest = Rest.drop_front(TypeName.size());
  bool Sat = Rest.consume_front("_sat");
  Rounding M = parseRounding(Rest);
  Type *Named = oclTypeNamed(B.getContext(), TypeName);
  if (M == Rounding::Invalid || !Named || Named != To ||
      Named->getScalarType()->isHalfTy() ||
      X->getType()->getScalarType()->isHalfTy())
    return nullptr;
  auto Count = [](Type *T) {
    auto *VT = dyn_cast<FixedVectorType>(T);
    return VT ? VT->getNumElements() : 0;
  };
  if (Count(To) != Count(X->getType()))
    return nullptr;
  bool FromFP = X->getType()->isFPOrFPVectorTy();
  bool ToFP = To->isFPOrFPVectorTy();
  bool FromUnsigned = N.firstParamUnsigned();
  bool ToUnsigned = TypeName.starts_with("u");
  if (ToFP)
    return Sat ? nullptr : toFP(B, X, To, FromUnsigned, M);
  if (FromFP)
    return fpToInt(B, X, To, ToUnsigned, Sat, M);
  return intToInt(B, X, To, FromUnsigned, ToUnsigned, Sat);
}

} // namespace kernelwrap
