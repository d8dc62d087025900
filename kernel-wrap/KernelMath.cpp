//===- KernelMath.cpp - Transcendental functions as kernel code -----------===//
//
// The algorithms are the textbook ones; every step is exact or rounds once:
//
// exp(x): n = rint(x / ln2) (by adding and subtracting 1.5 * 2^23), r = x -
//   n * ln2 with ln2 split in a 9-bit head (n * head is exact) and a tail,
//   |r| <= ln2 / 2; e^r by its Taylor polynomial to r^7 (truncation below
//   1e-8 relative); times 2^n as two powers of two, so that results down to
//   the subnormals round once. x is clamped to [-104, 89] first: beyond, the
//   result is 0 or +inf anyway.
// log(x): x = m * 2^e with m in [sqrt(1/2), sqrt(2)) (subnormals scaled by
//   2^23 first), f = m - 1 (exact), s = f / (2 + f), log(1 + f) = f - f^2/2
//   + s (f^2/2 + R(s^2)) with R the odd series of atanh to s^9, plus e * ln2
//   in head and tail.
// sin(x), cos(x): in double. |x| = n pi/2 + r, |r| <= pi/4: below 2^19 by
//   n = rint(x 2/pi) and pi/2 in two 33-bit parts and a tail; above, by
//   Payne-Hanek (the 2/pi bits that matter mod 4, times the 24-bit
//   mantissa, in 64-bit integers); Taylor polynomials of sin r and cos r to
//   r^11 and r^12, the quadrant picks one and its sign, rounded to float
//   once.
//
//===----------------------------------------------------------------------===//

#include "KernelMath.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace kernelwrap {
namespace {

constexpr float Ln2Hi = 0.693359375f;           // 9 significant bits
constexpr float Ln2Lo = -2.12194440e-4f;        // ln 2 - Ln2Hi
constexpr float Log2E = 1.44269504088896341f;
constexpr float RoundMagic = 12582912.0f;        // 1.5 * 2^23

/// 2^N for integer N in [-126, 127] (an i32 vector or scalar): the bits.
Value *pow2(IRBuilder<> &B, Value *N) {
  Value *Bits = B.CreateShl(B.CreateAdd(N, B.getInt32(127)), 23);
  return B.CreateBitCast(Bits, B.getFloatTy());
}

Value *poly(IRBuilder<> &B, Value *X, ArrayRef<float> C) {
  // Horner, highest coefficient first.
  Value *P = ConstantFP::get(B.getFloatTy(), C.front());
  for (float K : C.drop_front())
    P = B.CreateFAdd(B.CreateFMul(P, X), ConstantFP::get(B.getFloatTy(), K));
  return P;
}

Value *poly64(IRBuilder<> &B, Value *X, ArrayRef<double> C) {
  Value *P = ConstantFP::get(B.getDoubleTy(), C.front());
  for (double K : C.drop_front())
    P = B.CreateFAdd(B.CreateFMul(P, X), ConstantFP::get(B.getDoubleTy(), K));
  return P;
}

void buildExp(Function &F) {
  IRBuilder<> B(BasicBlock::Create(F.getContext(), "entry", &F));
  Type *FT = B.getFloatTy();
  auto C = [&](float V) { return ConstantFP::get(FT, V); };
  Value *X = F.getArg(0);
  Value *IsNaN = B.CreateFCmpUNO(X, X);
  Value *XC = B.CreateSelect(B.CreateFCmpOGT(X, C(89.0f)), C(89.0f), X);
  XC = B.CreateSelect(B.CreateFCmpOLT(XC, C(-104.0f)), C(-104.0f), XC);
  XC = B.CreateSelect(IsNaN, C(0.0f), XC);
  Value *T = B.CreateFAdd(B.CreateFMul(XC, C(Log2E)), C(RoundMagic));
  Value *NF = B.CreateFSub(T, C(RoundMagic));
  Value *R = B.CreateFSub(XC, B.CreateFMul(NF, C(Ln2Hi)));
  R = B.CreateFSub(R, B.CreateFMul(NF, C(Ln2Lo)));
  // e^r = 1 + r + r^2 (1/2 + r/6 + ... + r^5/5040).
  Value *P = poly(B, R,
                  {1.0f / 5040, 1.0f / 720, 1.0f / 120, 1.0f / 24, 1.0f / 6,
                   0.5f});
  Value *E = B.CreateFAdd(C(1.0f),
                          B.CreateFAdd(R, B.CreateFMul(B.CreateFMul(R, R), P)));
  Value *N = B.CreateFPToSI(NF, B.getInt32Ty());
  Value *N1 = B.CreateAShr(N, 1);
  Value *N2 = B.CreateSub(N, N1);
  Value *Res = B.CreateFMul(B.CreateFMul(E, pow2(B, N1)), pow2(B, N2));
  B.CreateRet(B.CreateSelect(IsNaN, X, Res));
}

void buildLog(Function &F) {
  IRBuilder<> B(BasicBlock::Create(F.getContext(), "entry", &F));
  Type *FT = B.getFloatTy();
  Type *I32 = B.getInt32Ty();
  auto C = [&](float V) { return ConstantFP::get(FT, V); };
  Value *X = F.getArg(0);
  // Subnormals: scale into the normal range (exact).
  Value *Sub = B.CreateFCmpOLT(X, C(0x1p-126f));
  Value *XS = B.CreateSelect(Sub, B.CreateFMul(X, C(0x1p23f)), X);
  Value *Bits = B.CreateBitCast(XS, I32);
  Value *E = B.CreateSub(B.CreateLShr(Bits, 23), B.getInt32(127));
  E = B.CreateSub(E, B.CreateSelect(Sub, B.getInt32(23), B.getInt32(0)));
  Value *M = B.CreateBitCast(
      B.CreateOr(B.CreateAnd(Bits, B.getInt32(0x7fffff)),
                 B.getInt32(0x3f800000)),
      FT);
  Value *Big = B.CreateFCmpOGT(M, C(1.41421356f));
  M = B.CreateSelect(Big, B.CreateFMul(M, C(0.5f)), M);
  E = B.CreateAdd(E, B.CreateZExt(Big, I32));
  Value *Fr = B.CreateFSub(M, C(1.0f));
  Value *S = B.CreateFDiv(Fr, B.CreateFAdd(C(2.0f), Fr));
  Value *Z = B.CreateFMul(S, S);
  // R = z (2/3 + z (2/5 + z (2/7 + z 2/9))).
  Value *R = B.CreateFMul(Z, poly(B, Z, {2.0f / 9, 2.0f / 7, 2.0f / 5,
                                          2.0f / 3}));
  Value *Hfsq = B.CreateFMul(C(0.5f), B.CreateFMul(Fr, Fr));
  Value *EF = B.CreateSIToFP(E, FT);
  // e ln2hi - ((hfsq - (s (hfsq + R) + e ln2lo)) - f)
  Value *Inner = B.CreateFAdd(B.CreateFMul(S, B.CreateFAdd(Hfsq, R)),
                              B.CreateFMul(EF, C(Ln2Lo)));
  Value *Res = B.CreateFSub(B.CreateFMul(EF, C(Ln2Hi)),
                            B.CreateFSub(B.CreateFSub(Hfsq, Inner), Fr));
  // log(0) = -inf, log(x < 0) = NaN, log(+inf) = +inf, log(NaN) = NaN.
  Res = B.CreateSelect(B.CreateFCmpOEQ(X, C(0.0f)),
                       ConstantFP::getInfinity(FT, /*Negative=*/true), Res);
  Res = B.CreateSelect(B.CreateFCmpOLT(X, C(0.0f)), ConstantFP::getNaN(FT),
                       Res);
  Res = B.CreateSelect(B.CreateFCmpOEQ(X, ConstantFP::getInfinity(FT)), X,
                       Res);
  B.CreateRet(B.CreateSelect(B.CreateFCmpUNO(X, X), X, Res));
}

/// The 2/pi bits b_1..b_256 after 32 zero bits: word k holds stream bits
/// 32k..32k+31, stream bit i being b_{i-31} (b_j = 0 for j <= 0).
constexpr uint32_t TwoOverPi[9] = {0x00000000, 0xA2F9836E, 0x4E441529,
                                   0xFC2757D1, 0xF534DDC0, 0xDB629599,
                                   0x3C439041, 0xFE5163AB, 0xDEBBC561};

/// Quadrant and remainder of |x| (float, as its bits \p Bits with the sign
/// cleared) divided by pi/2, for |x| < 2^19: n (i32, only n mod 4 matters)
/// and r (double, |r| <= pi/4) with x = n pi/2 + r. n = rint(x 2/pi) (the
/// 1.5 * 2^52 trick), pi/2 in two 33-bit parts (n * part exact) and a tail.
std::pair<Value *, Value *> reduceSmall(IRBuilder<> &B, Value *Bits) {
  Type *F64 = B.getDoubleTy();
  auto D = [&](double V) { return ConstantFP::get(F64, V); };
  Value *X = B.CreateFPExt(B.CreateBitCast(Bits, B.getFloatTy()), F64);
  Value *T = B.CreateFAdd(B.CreateFMul(X, D(0x1.45f306dc9c883p-1)),
                          D(0x1.8p52));
  Value *NF = B.CreateFSub(T, D(0x1.8p52));
  Value *R = B.CreateFSub(X, B.CreateFMul(NF, D(0x1.921fb544p0)));
  R = B.CreateFSub(R, B.CreateFMul(NF, D(0x1.0b4611a6p-34)));
  R = B.CreateFSub(R, B.CreateFMul(NF, D(0x1.3198a2e037073p-69)));
  return {B.CreateFPToSI(NF, B.getInt32Ty()), R};
}

/// The same for |x| >= 2^19 (Payne-Hanek): x = m 2^e, m of 24 bits; only
/// the bits b_{e-1}.. of 2/pi matter mod 4; a 96-bit window W of them times
/// m gives the quadrant in bits 94-95 and the fraction below.
std::pair<Value *, Value *> reduceLarge(IRBuilder<> &B, Value *Bits) {
  Type *F64 = B.getDoubleTy(), *I64 = B.getInt64Ty(), *I32 = B.getInt32Ty();
  Value *Ex = B.CreateLShr(Bits, 23);
  Value *M = B.CreateZExt(
      B.CreateOr(B.CreateAnd(Bits, B.getInt32(0x7fffff)), B.getInt32(0x800000)),
      I64);
  // Stream position of b_{e-1}: (ex - 150) - 1 + 31, from 26 (2^19) to 135
  // (+inf/NaN; their result is replaced).
  Value *Pos = B.CreateSub(Ex, B.getInt32(120));
  Pos = B.CreateSelect(B.CreateICmpSLT(Pos, B.getInt32(0)), B.getInt32(0),
                       Pos);
  Value *Wi = B.CreateLShr(Pos, 5);
  Value *Sh = B.CreateZExt(B.CreateAnd(Pos, B.getInt32(31)), I64);
  // Word Wi + k of the table without a memory access (the vectorizer would
  // make it a gather): selects over the five possible starts.
  auto Word = [&](unsigned K) -> Value * {
    Value *V = B.getInt64(TwoOverPi[K]);
    for (unsigned S = 1; S <= 4; ++S)
      V = B.CreateSelect(B.CreateICmpEQ(Wi, B.getInt32(S)),
                         B.getInt64(TwoOverPi[S + K]), V);
    return V;
  };
  Value *A[4] = {Word(0), Word(1), Word(2), Word(3)};
  auto Window = [&](unsigned K) {
    Value *Pair = B.CreateOr(B.CreateShl(A[K], 32), A[K + 1]);
    return B.CreateLShr(B.CreateShl(Pair, Sh), 32);
  };
  Value *P0 = B.CreateMul(M, Window(0)), *P1 = B.CreateMul(M, Window(1)),
        *P2 = B.CreateMul(M, Window(2));
  // (m W) >> 32 mod 2^64: bits 32..95 of the product; what is above is a
  // multiple of 4 quadrants.
  Value *Q = B.CreateAdd(B.CreateAdd(B.CreateShl(P0, 32), P1),
                         B.CreateLShr(P2, 32));
  // Round to the nearest quadrant: fraction in [-1/2, 1/2).
  Q = B.CreateAdd(Q, B.getInt64(uint64_t(1) << 61));
  Value *N = B.CreateTrunc(B.CreateLShr(Q, 62), I32);
  Value *Fr = B.CreateSub(B.CreateAnd(Q, B.getInt64((uint64_t(1) << 62) - 1)),
                          B.getInt64(uint64_t(1) << 61));
  Value *R = B.CreateFMul(B.CreateSIToFP(Fr, F64),
                          ConstantFP::get(F64, 0x1.921fb54442d18p0 * 0x1p-62));
  return {N, R};
}

/// sin (\p Cos false) or cos of a float, through double.
void buildSinCos(Function &F, bool Cos) {
  LLVMContext &Ctx = F.getContext();
  BasicBlock *Entry = BasicBlock::Create(Ctx, "entry", &F);
  BasicBlock *Large = BasicBlock::Create(Ctx, "large", &F);
  BasicBlock *Poly = BasicBlock::Create(Ctx, "poly", &F);
  IRBuilder<> B(Entry);
  Type *F64 = B.getDoubleTy(), *I32 = B.getInt32Ty();
  Value *X = F.getArg(0);
  Value *Bits = B.CreateBitCast(X, I32);
  Value *Abs = B.CreateAnd(Bits, B.getInt32(0x7fffffff));
  // The long reduction behind a branch: a cut lane loop (vplan-ext) skips
  // it when no lane needs it (BOSCC); the vectorizer if-converts it.
  auto [NS, RS] = reduceSmall(B, Abs);
  B.CreateCondBr(B.CreateICmpUGE(Abs, B.getInt32(0x49000000)), Large, Poly);
  B.SetInsertPoint(Large);
  auto [NL, RL] = reduceLarge(B, Abs);
  B.CreateBr(Poly);
  B.SetInsertPoint(Poly);
  PHINode *N = B.CreatePHI(I32, 2, "n");
  N->addIncoming(NS, Entry);
  N->addIncoming(NL, Large);
  PHINode *R = B.CreatePHI(F64, 2, "r");
  R->addIncoming(RS, Entry);
  R->addIncoming(RL, Large);
  auto [SinR, CosR] = emitSinCosPolynomial(B, R);
  // sin: quadrant 0..3 -> sin r, cos r, -sin r, -cos r; cos: one ahead.
  Value *Q = Cos ? B.CreateAdd(N, B.getInt32(1)) : static_cast<Value *>(N);
  Value *Odd = B.CreateICmpNE(B.CreateAnd(Q, B.getInt32(1)), B.getInt32(0));
  Value *Neg = B.CreateICmpNE(B.CreateAnd(Q, B.getInt32(2)), B.getInt32(0));
  Value *V = B.CreateSelect(Odd, CosR, SinR);
  V = B.CreateSelect(Neg, B.CreateFNeg(V), V);
  Value *Res = B.CreateFPTrunc(V, B.getFloatTy());
  // sin(-x) = -sin(x) (with sin(-0) = -0).
  if (!Cos)
    Res = B.CreateSelect(B.CreateICmpSLT(Bits, B.getInt32(0)),
                         B.CreateFNeg(Res), Res);
  // inf and NaN give NaN.
  Res = B.CreateSelect(B.CreateICmpUGE(Abs, B.getInt32(0x7f800000)),
                       ConstantFP::getNaN(B.getFloatTy()), Res);
  B.CreateRet(Res);
}

Function *getFunction(Module &M, StringRef Base) {
  std::string Name = ("__kw_" + Base + "f").str();
  if (Function *F = M.getFunction(Name))
    return F;
  Type *FT = Type::getFloatTy(M.getContext());
  Function *F = Function::Create(FunctionType::get(FT, {FT}, false),
                                 GlobalValue::InternalLinkage, Name, M);
  F->addFnAttr(Attribute::AlwaysInline);
  F->addFnAttr(Attribute::NoUnwind);
  F->addFnAttr(Attribute::WillReturn);
  F->setDoesNotAccessMemory();
  if (Base == "exp")
    buildExp(*F);
  else if (Base == "log")
    buildLog(*F);
  else
    buildSinCos(*F, Base == "cos");
  return F;
}

} // namespace

std::pair<Value *, Value *> emitSinCosPolynomial(IRBuilder<> &B, Value *R) {
  // Taylor polynomials on |r| <= pi/4 (truncation below 1e-11).
  Value *Z = B.CreateFMul(R, R);
  Value *SinP = poly64(B, Z, {-1.0 / 39916800, 1.0 / 362880, -1.0 / 5040,
                              1.0 / 120, -1.0 / 6});
  Value *SinR = B.CreateFAdd(R, B.CreateFMul(B.CreateFMul(R, Z), SinP));
  Value *CosP = poly64(B, Z, {1.0 / 479001600, -1.0 / 3628800, 1.0 / 40320,
                              -1.0 / 720, 1.0 / 24, -0.5});
  Value *CosR = B.CreateFAdd(ConstantFP::get(B.getDoubleTy(), 1.0),
                             B.CreateFMul(Z, CosP));
  return {SinR, CosR};
}

Value *emitKernelMath(IRBuilder<> &B, StringRef Base, ArrayRef<Value *> Args) {
  if (Args.size() != 1 || !Args[0]->getType()->getScalarType()->isFloatTy() ||
      !(Base == "exp" || Base == "log" || Base == "sin" || Base == "cos"))
    return nullptr;
  Module &M = *B.GetInsertBlock()->getModule();
  Function *F = getFunction(M, Base);
  Value *X = Args[0];
  auto *VT = dyn_cast<FixedVectorType>(X->getType());
  if (!VT)
    return B.CreateCall(F, {X});
  Value *R = PoisonValue::get(VT);
  for (unsigned I = 0; I < VT->getNumElements(); ++I)
    R = B.CreateInsertElement(
        R, B.CreateCall(F, {B.CreateExtractElement(X, I)}), I);
  return R;
}

} // namespace kernelwrap
