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
  else
    buildLog(*F);
  return F;
}

} // namespace

Value *emitKernelMath(IRBuilder<> &B, StringRef Base, ArrayRef<Value *> Args) {
  if (Args.size() != 1 || !Args[0]->getType()->getScalarType()->isFloatTy() ||
      !(Base == "exp" || Base == "log"))
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
