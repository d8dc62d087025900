//===- MoreMathBuiltins.cpp - Math builtins beyond one op per element -----===//
//
/// \file
/// The OpenCL math builtins that are not an intrinsic or a libm function of
/// the argument type: a second result through a pointer (frexp, modf, fract,
/// sincos, remquo, lgamma_r; the pointer may be __global, __local or
/// __private), int arguments or results (ldexp, pown, rootn, ilogb, nan),
/// the *pi functions and mad_sat. Each is built per element as plain IEEE
/// arithmetic, so the vectorized and the scalar work-item loops compute the
/// same bits:
///
/// * exact ones by bits (frexp, ilogb, modf, fract, ldexp, remquo: the
///   remainder is exact in IEEE arithmetic, x is first reduced by fmod with
///   2^7 y, which keeps the quotient's 7 low bits, then the quotient bits
///   come from exact subtractions);
/// * float sinpi/cospi/tanpi in double: x = n/2 + r with n = rint(2x) and
///   |r| <= 1/4 (both exact), the Taylor polynomials of KernelMath for
///   sin(pi r) and cos(pi r), the quadrant n mod 4, one rounding to float;
///   doubles call sin / cos on pi r;
/// * float pown, rootn, asinpi, acospi, atanpi, atan2pi in double through the
///   double libm function (its error, about 2^-52 relative, is far below
///   half a float ulp), rounded to float once.
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"
#include "KernelMath.h"
#include "OclNames.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

#include <cmath>

using namespace llvm;

namespace kernelwrap {
namespace {

using Results = SmallVector<Value *, 2>;
/// One element's results: the value and, for the pointer builtins, what is
/// stored through the pointer. \p Unsigned: the integer arguments are.
using ElementFn = Results (*)(IRBuilder<> &B, ArrayRef<Value *> X,
                              bool Unsigned);

constexpr double Pi = 3.141592653589793238462643383279502884;

Value *fpConst(Value *Like, double V) {
  return ConstantFP::get(Like->getType(), V);
}

Value *isInf(IRBuilder<> &B, Value *X) {
  return B.CreateFCmpOEQ(B.CreateUnaryIntrinsic(Intrinsic::fabs, X),
                         ConstantFP::getInfinity(X->getType()));
}

Value *signBit(IRBuilder<> &B, Value *X) {
  return B.CreateIsNeg(
      B.CreateBitCast(X, B.getIntNTy(X->getType()->getPrimitiveSizeInBits())));
}

Value *copySign(IRBuilder<> &B, Value *Mag, Value *Sign) {
  return B.CreateBinaryIntrinsic(Intrinsic::copysign, Mag, Sign);
}

/// x = m * 2^e with m in [0.5, 1) for a finite nonzero scalar x: {e (i32),
/// m}. Subnormals are scaled into the normal range first.
std::pair<Value *, Value *> splitExponent(IRBuilder<> &B, Value *X) {
  Type *T = X->getType();
  bool Dbl = T->isDoubleTy();
  unsigned MantBits = Dbl ? 52 : 23, Scale = Dbl ? 54 : 24;
  uint64_t ExpMask = Dbl ? 0x7ff : 0xff, Bias = Dbl ? 1023 : 127;
  Type *IT = B.getIntNTy(T->getPrimitiveSizeInBits());
  Value *Sub = B.CreateFCmpOLT(
      B.CreateUnaryIntrinsic(Intrinsic::fabs, X),
      ConstantFP::get(T, APFloat::getSmallestNormalized(T->getFltSemantics())));
  Value *XS = B.CreateSelect(
      Sub, B.CreateFMul(X, fpConst(X, std::ldexp(1.0, Scale))), X);
  Value *Bits = B.CreateBitCast(XS, IT);
  Value *Field = B.CreateAnd(B.CreateLShr(Bits, MantBits), ExpMask);
  Value *E = B.CreateSub(
      B.CreateTrunc(Field, B.getInt32Ty()),
      B.CreateSelect(Sub, B.getInt32(Bias - 1 + Scale), B.getInt32(Bias - 1)));
  Value *M = B.CreateOr(
      B.CreateAnd(Bits,
                  ConstantInt::get(IT, ~(ExpMask << MantBits) &
                                           (Dbl ? ~0ULL : 0xffffffffULL))),
      ConstantInt::get(IT, (Bias - 1) << MantBits));
  return {E, B.CreateBitCast(M, T)};
}

Results frexpElt(IRBuilder<> &B, ArrayRef<Value *> X, bool) {
  auto [E, M] = splitExponent(B, X[0]);
  // 0, inf and NaN are their own mantissa, with exponent 0.
  Value *Special =
      B.CreateOr(B.CreateFCmpUEQ(X[0], fpConst(X[0], 0.0)), isInf(B, X[0]));
  return {B.CreateSelect(Special, X[0], M),
          B.CreateSelect(Special, B.getInt32(0), E)};
}

Results ilogbElt(IRBuilder<> &B, ArrayRef<Value *> X, bool) {
  Value *E = B.CreateSub(splitExponent(B, X[0]).first, B.getInt32(1));
  // FP_ILOGB0 is INT_MIN, FP_ILOGBNAN INT_MAX (clang's opencl-c-base.h);
  // ilogb(inf) is INT_MAX as in C.
  E = B.CreateSelect(B.CreateFCmpOEQ(X[0], fpConst(X[0], 0.0)),
                     B.getInt32(INT32_MIN), E);
  Value *NotFinite = B.CreateOr(B.CreateFCmpUNO(X[0], X[0]), isInf(B, X[0]));
  return {B.CreateSelect(NotFinite, B.getInt32(INT32_MAX), E)};
}

Results modfElt(IRBuilder<> &B, ArrayRef<Value *> X, bool) {
  Value *I = B.CreateUnaryIntrinsic(Intrinsic::trunc, X[0]);
  Value *F =
      B.CreateSelect(isInf(B, X[0]), fpConst(X[0], 0.0), B.CreateFSub(X[0], I));
  return {copySign(B, F, X[0]), I};
}

Results fractElt(IRBuilder<> &B, ArrayRef<Value *> X, bool) {
  Value *Fl = B.CreateUnaryIntrinsic(Intrinsic::floor, X[0]);
  double Below1 =
      X[0]->getType()->isDoubleTy() ? 0x1.fffffffffffffp-1 : 0x1.fffffep-1;
  Value *F = B.CreateBinaryIntrinsic(Intrinsic::minnum, B.CreateFSub(X[0], Fl),
                                     fpConst(X[0], Below1));
  // fract(±0) = ±0, fract(±inf) = ±0, fract(NaN) = NaN.
  Value *ZeroOrInf =
      B.CreateOr(B.CreateFCmpOEQ(X[0], fpConst(X[0], 0.0)), isInf(B, X[0]));
  F = B.CreateSelect(ZeroOrInf, copySign(B, fpConst(X[0], 0.0), X[0]), F);
  F = B.CreateSelect(B.CreateFCmpUNO(X[0], X[0]), X[0], F);
  return {F, Fl};
}

/// sin and cos as MathBuiltins lowers them (float: KernelMath's code).
Value *sinOrCos(IRBuilder<> &B, Value *X, bool Cos) {
  StringRef Name = Cos ? "cos" : "sin";
  if (Value *K = emitKernelMath(B, Name, {X}))
    return K;
  return B.CreateUnaryIntrinsic(Cos ? Intrinsic::cos : Intrinsic::sin, X);
}

Results sincosElt(IRBuilder<> &B, ArrayRef<Value *> X, bool) {
  return {sinOrCos(B, X[0], false), sinOrCos(B, X[0], true)};
}

/// remainder(x, y) and the quotient's 7 low bits with the sign of x / y.
/// fmod(|x|, 128 |y|) is exact and keeps those bits; each subtraction of
/// 64, 32, ..., 1 times |y| is exact (Sterbenz), and so is the final step
/// to the nearest multiple (ties to an even quotient).
Results remquoElt(IRBuilder<> &B, ArrayRef<Value *> X, bool) {
  Value *AX = B.CreateUnaryIntrinsic(Intrinsic::fabs, X[0]);
  Value *AY = B.CreateUnaryIntrinsic(Intrinsic::fabs, X[1]);
  Value *Y128 = B.CreateFMul(AY, fpConst(AY, 128.0));
  // With 128 |y| beyond the range |x| is below it already.
  Value *A = B.CreateSelect(isInf(B, Y128), AX, B.CreateFRem(AX, Y128));
  Value *Q = B.getInt32(0);
  for (int K = 64; K >= 1; K /= 2) {
    Value *YK = B.CreateFMul(AY, fpConst(AY, K));
    Value *GE = B.CreateFCmpOGE(A, YK);
    A = B.CreateSelect(GE, B.CreateFSub(A, YK), A);
    Q = B.CreateOr(Q, B.CreateSelect(GE, B.getInt32(K), B.getInt32(0)));
  }
  Value *Twice = B.CreateFAdd(A, A);
  Value *Odd = B.CreateTrunc(Q, B.getInt1Ty());
  Value *Up = B.CreateOr(B.CreateFCmpOGT(Twice, AY),
                         B.CreateAnd(B.CreateFCmpOEQ(Twice, AY), Odd));
  A = B.CreateSelect(Up, B.CreateFSub(A, AY), A);
  Q = B.CreateAnd(B.CreateAdd(Q, B.CreateZExt(Up, B.getInt32Ty())), 127);
  Value *R = B.CreateSelect(signBit(B, X[0]), B.CreateFNeg(A), A);
  Q = B.CreateSelect(B.CreateXor(signBit(B, X[0]), signBit(B, X[1])),
                     B.CreateNeg(Q), Q);
  Value *Bad =
      B.CreateOr(B.CreateOr(B.CreateFCmpUNO(X[0], X[1]), isInf(B, X[0])),
                 B.CreateFCmpOEQ(X[1], fpConst(X[1], 0.0)));
  return {B.CreateSelect(Bad, ConstantFP::getNaN(X[0]->getType()), R),
          B.CreateSelect(Bad, B.getInt32(0), Q)};
}

/// lgamma as MathBuiltins lowers it; the sign of gamma(x) as glibc's
/// lgamma_r gives it: -1 for -0 and for negative non-integers with an odd
/// floor, else 1 (also at the poles, inf and NaN).
Results lgammaRElt(IRBuilder<> &B, ArrayRef<Value *> X, bool) {
  Module &M = *B.GetInsertBlock()->getModule();
  Value *L = callLibm(B, M, "lgamma", {X[0]});
  Value *Fl = B.CreateUnaryIntrinsic(Intrinsic::floor, X[0]);
  Value *Half = B.CreateFMul(Fl, fpConst(Fl, 0.5));
  Value *OddFloor =
      B.CreateFCmpUNE(B.CreateUnaryIntrinsic(Intrinsic::floor, Half), Half);
  Value *NegNonInt = B.CreateAnd(B.CreateFCmpOLT(X[0], fpConst(X[0], 0.0)),
                                 B.CreateFCmpONE(Fl, X[0]));
  Value *MinusZero =
      B.CreateAnd(B.CreateFCmpOEQ(X[0], fpConst(X[0], 0.0)), signBit(B, X[0]));
  Value *Neg = B.CreateOr(MinusZero, B.CreateAnd(NegNonInt, OddFloor));
  return {L, B.CreateSelect(Neg, B.getInt32(-1), B.getInt32(1))};
}

Results ldexpElt(IRBuilder<> &B, ArrayRef<Value *> X, bool) {
  return {B.CreateIntrinsic(Intrinsic::ldexp,
                            {X[0]->getType(), X[1]->getType()}, {X[0], X[1]})};
}

/// \p X in double; \p Fn's double result rounded back to \p X's type.
template <typename FnT> Value *inDouble(IRBuilder<> &B, Value *X, FnT Fn) {
  Type *T = X->getType();
  Value *R = Fn(T->isDoubleTy() ? X : B.CreateFPExt(X, B.getDoubleTy()));
  return T->isDoubleTy() ? R : B.CreateFPTrunc(R, T);
}

Results pownElt(IRBuilder<> &B, ArrayRef<Value *> X, bool) {
  return {inDouble(B, X[0], [&](Value *D) {
    return B.CreateBinaryIntrinsic(Intrinsic::pow, D,
                                   B.CreateSIToFP(X[1], D->getType()));
  })};
}

/// rootn(x, n) = |x|^(1/n) with x's sign for odd n; NaN for x < 0 and even
/// n and for n = 0. Doubles get one Newton step, since 1/n's rounding
/// error grows with log|x|.
Results rootnElt(IRBuilder<> &B, ArrayRef<Value *> X, bool) {
  Value *N = X[1];
  bool Dbl = X[0]->getType()->isDoubleTy();
  Value *R = inDouble(B, X[0], [&](Value *D) {
    Value *ND = B.CreateSIToFP(N, D->getType());
    Value *AX = B.CreateUnaryIntrinsic(Intrinsic::fabs, D);
    Value *Y = B.CreateBinaryIntrinsic(Intrinsic::pow, AX,
                                       B.CreateFDiv(fpConst(D, 1.0), ND));
    if (!Dbl)
      return Y;
    Value *T = B.CreateBinaryIntrinsic(Intrinsic::pow, Y, ND);
    Value *E = B.CreateFSub(B.CreateFDiv(AX, T), fpConst(T, 1.0));
    Value *Y1 = B.CreateFAdd(Y, B.CreateFDiv(B.CreateFMul(Y, E), ND));
    Value *Usable =
        B.CreateAnd(B.CreateFCmpONE(T, fpConst(T, 0.0)),
                    B.CreateFCmpOLT(B.CreateUnaryIntrinsic(Intrinsic::fabs, T),
                                    ConstantFP::getInfinity(T->getType())));
    return B.CreateSelect(Usable, Y1, Y);
  });
  Value *OddN = B.CreateTrunc(N, B.getInt1Ty());
  R = B.CreateSelect(OddN, copySign(B, R, X[0]), R);
  Value *Nan =
      B.CreateOr(B.CreateICmpEQ(N, B.getInt32(0)),
                 B.CreateAnd(B.CreateNot(OddN),
                             B.CreateFCmpOLT(X[0], fpConst(X[0], 0.0))));
  return {B.CreateSelect(Nan, ConstantFP::getNaN(R->getType()), R)};
}

/// sin(pi x) and cos(pi x) in double for a float or double x, with
/// sinpi(n) = copysign(0, n) and cospi(n + 1/2) = +0.
std::pair<Value *, Value *> sinCosPi(IRBuilder<> &B, Value *X) {
  bool Float = X->getType()->isFloatTy();
  Value *D = Float ? B.CreateFPExt(X, B.getDoubleTy()) : X;
  Value *N =
      B.CreateUnaryIntrinsic(Intrinsic::rint, B.CreateFMul(D, fpConst(D, 2.0)));
  Value *R = B.CreateFSub(D, B.CreateFMul(N, fpConst(D, 0.5)));
  // n mod 4 (fmod is exact; inf and NaN give NaN, and a NaN result anyway).
  Value *QF = B.CreateFRem(N, fpConst(D, 4.0));
  QF = B.CreateSelect(B.CreateFCmpUNO(QF, QF), fpConst(D, 0.0), QF);
  Value *Q = B.CreateFPToSI(QF, B.getInt32Ty());
  Value *T = B.CreateFMul(R, fpConst(D, Pi));
  Value *S, *C;
  if (Float) {
    std::tie(S, C) = emitSinCosPolynomial(B, T);
  } else {
    S = B.CreateUnaryIntrinsic(Intrinsic::sin, T);
    C = B.CreateUnaryIntrinsic(Intrinsic::cos, T);
  }
  // Quadrant q of sin: sin r, cos r, -sin r, -cos r; cos is one ahead.
  auto Pick = [&](Value *Quadrant) {
    Value *Odd = B.CreateTrunc(Quadrant, B.getInt1Ty());
    Value *Neg = B.CreateTrunc(B.CreateLShr(Quadrant, 1), B.getInt1Ty());
    Value *V = B.CreateSelect(Odd, C, S);
    return B.CreateSelect(Neg, B.CreateFNeg(V), V);
  };
  Value *SinPi = Pick(B.CreateAnd(Q, 3));
  Value *CosPi = Pick(B.CreateAnd(B.CreateAdd(Q, B.getInt32(1)), 3));
  Value *Zero = fpConst(D, 0.0);
  SinPi =
      B.CreateSelect(B.CreateFCmpOEQ(SinPi, Zero), copySign(B, Zero, D), SinPi);
  CosPi = B.CreateSelect(B.CreateFCmpOEQ(CosPi, Zero), Zero, CosPi);
  return {SinPi, CosPi};
}

Value *roundTo(IRBuilder<> &B, Value *D, Type *T) {
  return D->getType() == T ? D : B.CreateFPTrunc(D, T);
}

Results sinpiElt(IRBuilder<> &B, ArrayRef<Value *> X, bool) {
  return {roundTo(B, sinCosPi(B, X[0]).first, X[0]->getType())};
}

Results cospiElt(IRBuilder<> &B, ArrayRef<Value *> X, bool) {
  return {roundTo(B, sinCosPi(B, X[0]).second, X[0]->getType())};
}

// tanpi(n) = ±0 and tanpi(n + 1/2) = ±inf follow from the zeros above.
Results tanpiElt(IRBuilder<> &B, ArrayRef<Value *> X, bool) {
  auto [S, C] = sinCosPi(B, X[0]);
  return {roundTo(B, B.CreateFDiv(S, C), X[0]->getType())};
}

/// f(x) / pi in double through the double libm function \p Fn.
template <const char *Fn>
Results inversePiElt(IRBuilder<> &B, ArrayRef<Value *> X, bool) {
  Module &M = *B.GetInsertBlock()->getModule();
  SmallVector<Value *, 2> D;
  for (Value *A : X)
    D.push_back(A->getType()->isDoubleTy() ? A
                                           : B.CreateFPExt(A, B.getDoubleTy()));
  Value *R = B.CreateFDiv(callLibm(B, M, Fn, D), fpConst(D[0], Pi));
  return {roundTo(B, R, X[0]->getType())};
}
constexpr char Asin[] = "asin", Acos[] = "acos", Atan[] = "atan",
               Atan2[] = "atan2";

/// nan(code): a quiet NaN with the code in its low mantissa bits.
Results nanElt(IRBuilder<> &B, ArrayRef<Value *> X, bool) {
  Type *IT = X[0]->getType();
  bool Dbl = IT->isIntegerTy(64);
  uint64_t Quiet = Dbl ? 0x7ff8000000000000ULL : 0x7fc00000;
  Value *Bits = B.CreateOr(X[0], ConstantInt::get(IT, Quiet));
  return {B.CreateBitCast(Bits, Dbl ? B.getDoubleTy() : B.getFloatTy())};
}

/// mad_sat(a, b, c): a * b + c in twice the width, clamped.
Results madSatElt(IRBuilder<> &B, ArrayRef<Value *> X, bool Unsigned) {
  Type *T = X[0]->getType();
  unsigned Bits = T->getIntegerBitWidth();
  Type *W = B.getIntNTy(2 * Bits);
  auto Ext = [&](Value *V) {
    return Unsigned ? B.CreateZExt(V, W) : B.CreateSExt(V, W);
  };
  Value *R = B.CreateAdd(B.CreateMul(Ext(X[0]), Ext(X[1])), Ext(X[2]));
  if (Unsigned) {
    R = B.CreateBinaryIntrinsic(
        Intrinsic::umin, R,
        ConstantInt::get(W, APInt::getMaxValue(Bits).zext(2 * Bits)));
  } else {
    R = B.CreateBinaryIntrinsic(
        Intrinsic::smin, R,
        ConstantInt::get(W, APInt::getSignedMaxValue(Bits).sext(2 * Bits)));
    R = B.CreateBinaryIntrinsic(
        Intrinsic::smax, R,
        ConstantInt::get(W, APInt::getSignedMinValue(Bits).sext(2 * Bits)));
  }
  return {B.CreateTrunc(R, T)};
}

enum class Kind { Float, Int };
struct Rule {
  StringLiteral Name;
  unsigned NumValues; ///< value arguments (a pointer may follow)
  bool Pointer;       ///< the second result goes through a last pointer
  Kind First;         ///< the first argument's element kind
  ElementFn Fn;
};

const Rule Rules[] = {
    {"frexp", 1, true, Kind::Float, frexpElt},
    {"modf", 1, true, Kind::Float, modfElt},
    {"fract", 1, true, Kind::Float, fractElt},
    {"sincos", 1, true, Kind::Float, sincosElt},
    {"remquo", 2, true, Kind::Float, remquoElt},
    {"lgamma_r", 1, true, Kind::Float, lgammaRElt},
    {"ilogb", 1, false, Kind::Float, ilogbElt},
    {"ldexp", 2, false, Kind::Float, ldexpElt},
    {"pown", 2, false, Kind::Float, pownElt},
    {"rootn", 2, false, Kind::Float, rootnElt},
    {"sinpi", 1, false, Kind::Float, sinpiElt},
    {"cospi", 1, false, Kind::Float, cospiElt},
    {"tanpi", 1, false, Kind::Float, tanpiElt},
    {"asinpi", 1, false, Kind::Float, inversePiElt<Asin>},
    {"acospi", 1, false, Kind::Float, inversePiElt<Acos>},
    {"atanpi", 1, false, Kind::Float, inversePiElt<Atan>},
    {"atan2pi", 2, false, Kind::Float, inversePiElt<Atan2>},
    {"nan", 1, false, Kind::Int, nanElt},
    {"mad_sat", 3, false, Kind::Int, madSatElt},
};

/// \p Fn on each element of \p Args (a scalar argument of a vector call
/// goes to every element): the results, as vectors when any argument is.
Results perElement(IRBuilder<> &B, ArrayRef<Value *> Args, ElementFn Fn,
                   bool Unsigned) {
  unsigned N = 0;
  for (Value *A : Args)
    if (auto *VT = dyn_cast<FixedVectorType>(A->getType()))
      N = VT->getNumElements();
  if (!N)
    return Fn(B, Args, Unsigned);
  Results R;
  for (unsigned I = 0; I < N; ++I) {
    SmallVector<Value *, 3> S;
    for (Value *A : Args)
      S.push_back(A->getType()->isVectorTy() ? B.CreateExtractElement(A, I)
                                             : A);
    Results E = Fn(B, S, Unsigned);
    if (R.empty())
      for (Value *V : E)
        R.push_back(PoisonValue::get(FixedVectorType::get(V->getType(), N)));
    for (auto [Acc, V] : zip(R, E))
      Acc = B.CreateInsertElement(Acc, V, I);
  }
  return R;
}

} // namespace

Value *lowerMoreMath(IRBuilder<> &B, const OclName &N, ArrayRef<Value *> Args) {
  const Rule *R =
      find_if(Rules, [&](const Rule &R) { return R.Name == N.Base; });
  if (R == std::end(Rules) || Args.size() != R->NumValues + R->Pointer)
    return nullptr;
  ArrayRef<Value *> Values = Args.take_front(R->NumValues);
  Type *Elt = Values[0]->getType()->getScalarType();
  bool Ok = R->First == Kind::Float ? Elt->isFloatTy() || Elt->isDoubleTy()
                                    : Elt->isIntegerTy();
  for (Value *V : Values.drop_front())
    Ok &= V->getType()->getScalarType()->isIntOrIntVectorTy() ||
          V->getType()->getScalarType() == Elt;
  if (!Ok || (R->Pointer && !Args.back()->getType()->isPointerTy()))
    return nullptr;
  Results Res = perElement(B, Values, R->Fn, N.firstParamUnsigned());
  if (R->Pointer) {
    Type *Stored = Res[1]->getType();
    const DataLayout &DL = B.GetInsertBlock()->getDataLayout();
    B.CreateAlignedStore(Res[1], Args.back(),
                         DL.getABITypeAlign(Stored->getScalarType()));
  }
  return Res[0];
}

} // namespace kernelwrap
