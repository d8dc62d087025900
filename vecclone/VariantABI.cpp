//===- VariantABI.cpp - Vector Function ABI of one variant ----------------===//
//
/// \file
/// Implements the GCC vector ABI rules (gcc/config/i386/i386.cc,
/// gcc/config/aarch64/aarch64.cc and gcc/omp-simd-clone.cc behaviour,
/// measured with gcc 12; ARM's vfabia64 for what gcc 12 does not emit):
/// register width per ISA class and type class, splitting of vector
/// arguments and returns into register-sized pieces, and the mask
/// argument's form.
//
//===----------------------------------------------------------------------===//

#include "vecclone/VariantABI.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace vecclone {

std::optional<ISAClass> isaFromLetter(char Letter) {
  switch (Letter) {
  case 'b':
    return ISAClass::SSE;
  case 'c':
    return ISAClass::AVX;
  case 'd':
    return ISAClass::AVX2;
  case 'e':
    return ISAClass::AVX512;
  case 'n':
    return ISAClass::AdvSIMD;
  case 's':
    return ISAClass::SVE;
  default:
    return std::nullopt;
  }
}

char isaLetter(ISAClass ISA) {
  switch (ISA) {
  case ISAClass::SSE:
    return 'b';
  case ISAClass::AVX:
    return 'c';
  case ISAClass::AVX2:
    return 'd';
  case ISAClass::AVX512:
    return 'e';
  case ISAClass::AdvSIMD:
    return 'n';
  case ISAClass::SVE:
    return 's';
  }
  llvm_unreachable("unknown ISA class");
}

std::optional<ISAClass> isaFromVFISA(VFISAKind Kind) {
  switch (Kind) {
  case VFISAKind::SSE:
    return ISAClass::SSE;
  case VFISAKind::AVX:
    return ISAClass::AVX;
  case VFISAKind::AVX2:
    return ISAClass::AVX2;
  case VFISAKind::AVX512:
    return ISAClass::AVX512;
  case VFISAKind::AdvancedSIMD:
    return ISAClass::AdvSIMD;
  case VFISAKind::SVE:
    return ISAClass::SVE;
  default:
    return std::nullopt;
  }
}

StringRef isaName(ISAClass ISA) {
  switch (ISA) {
  case ISAClass::SSE:
    return "SSE2";
  case ISAClass::AVX:
    return "AVX";
  case ISAClass::AVX2:
    return "AVX2";
  case ISAClass::AVX512:
    return "AVX-512";
  case ISAClass::AdvSIMD:
    return "AdvSIMD";
  case ISAClass::SVE:
    return "SVE";
  }
  llvm_unreachable("unknown ISA class");
}

bool isX86(ISAClass ISA) {
  return ISA != ISAClass::AdvSIMD && ISA != ISAClass::SVE;
}

bool canRunISA(ISAClass Have, ISAClass Want) {
  return isX86(Have) == isX86(Want) && Have >= Want;
}

bool isaMatchesTriple(ISAClass ISA, const Triple &T) {
  // IR without a triple (hand-written tests) takes any class.
  if (T.getArch() == Triple::UnknownArch)
    return true;
  return isX86(ISA) ? T.getArch() == Triple::x86_64 : T.isAArch64();
}

StringRef isaFeatures(ISAClass ISA) {
  // GCC's ix86_simd_clone_adjust uses exactly these target strings. FMA is
  // deliberately not added for `d`: contracting a*b+c would change answers
  // relative to the scalar function.
  switch (ISA) {
  case ISAClass::SSE:
    return "+sse2";
  case ISAClass::AVX:
    return "+avx";
  case ISAClass::AVX2:
    return "+avx2";
  case ISAClass::AVX512:
    return "+avx512f";
  case ISAClass::AdvSIMD:
    return "+neon";
  case ISAClass::SVE:
    return "+neon,+sve";
  }
  llvm_unreachable("unknown ISA class");
}

Type *callPieceType(Type *Piece, CallingConv::ID CC) {
  auto *VT = dyn_cast_or_null<FixedVectorType>(Piece);
  if (!VT)
    return Piece;
  unsigned Bits = VT->getPrimitiveSizeInBits().getFixedValue();
  if (CC == CallingConv::AArch64_VectorCall) {
    // A padded short vector is loaded and stored as one scalar of its size
    // (vfabia64): lane 0 of a d register, lanes in the low bits.
    if (Bits == 32)
      return Type::getFloatTy(VT->getContext());
    if (Bits == 16)
      return Type::getHalfTy(VT->getContext());
    return Piece;
  }
  // The Microsoft convention passes and returns an 8-byte vector by value
  // in a general register, like an integer of its size.
  if (Bits < 64 || (Bits == 64 && CC == CallingConv::Win64))
    return IntegerType::get(VT->getContext(), Bits);
  // An 8-byte vector is one SSE eightbyte: GCC passes it in the low half of
  // an xmm register, or in an 8-byte stack slot once xmm0-7 are taken. LLVM
  // widens a `<8 x i8>` or `<2 x float>` argument to 16 bytes on the stack
  // (every later stack argument then sits 8 bytes off); a `double` gets
  // GCC's slot, and the same register. Clang coerces such vectors alike.
  if (Bits == 64)
    return Type::getDoubleTy(VT->getContext());
  return Piece;
}

unsigned registerBits(ISAClass ISA, bool IsFloat) {
  switch (ISA) {
  case ISAClass::SSE:
    return 128;
  case ISAClass::AVX:
    return IsFloat ? 256 : 128;
  case ISAClass::AVX2:
    return 256;
  case ISAClass::AVX512:
    return 512;
  case ISAClass::AdvSIMD:
  case ISAClass::SVE:
    return 128; // SVE: one granule, the least a vector register holds
  }
  llvm_unreachable("unknown ISA class");
}

unsigned clangRegisterBits(ISAClass ISA, bool IsFloat) {
  return ISA == ISAClass::AVX ? 256 : registerBits(ISA, IsFloat);
}

std::optional<ScalarClass> classifyScalar(Type *Ty) {
  ScalarClass C;
  if (Ty->isPointerTy()) {
    C.Bits = 64;
    C.IsPointer = true;
    return C;
  }
  if (Ty->isFloatTy() || Ty->isDoubleTy()) {
    C.Bits = Ty->getPrimitiveSizeInBits();
    C.IsFloat = true;
    return C;
  }
  if (auto *IT = dyn_cast<IntegerType>(Ty)) {
    unsigned W = IT->getBitWidth();
    if (W == 1) {
      C.Bits = 8;
      C.IsBool = true;
      return C;
    }
    if (W == 8 || W == 16 || W == 32 || W == 64) {
      C.Bits = W;
      return C;
    }
  }
  return std::nullopt;
}

Type *abiElementType(Type *Ty) {
  LLVMContext &Ctx = Ty->getContext();
  if (Ty->isPointerTy())
    return Type::getInt64Ty(Ctx);
  if (Ty->isIntegerTy(1))
    return Type::getInt8Ty(Ctx);
  return Ty;
}

Type *characteristicType(FunctionType *ScalarTy, ArrayRef<VFParamKind> Kinds) {
  if (!ScalarTy->getReturnType()->isVoidTy())
    return ScalarTy->getReturnType();
  for (unsigned I = 0, E = Kinds.size(); I != E; ++I)
    if (Kinds[I] == VFParamKind::Vector)
      return ScalarTy->getParamType(I);
  return Type::getInt32Ty(ScalarTy->getContext());
}

/// Splits VLen lanes of \p Ty into register-sized pieces for \p ISA.
static std::pair<FixedVectorType *, unsigned>
splitIntoPieces(Type *Ty, ISAClass ISA, unsigned VLen) {
  ScalarClass C = *classifyScalar(Ty);
  unsigned LanesPerReg = registerBits(ISA, C.IsFloat) / C.Bits;
  LanesPerReg = std::min(LanesPerReg, VLen);
  return {FixedVectorType::get(abiElementType(Ty), LanesPerReg),
          VLen / LanesPerReg};
}

static bool isLinearValKind(VFParamKind K) {
  return K == VFParamKind::OMP_LinearVal || K == VFParamKind::OMP_LinearValPos;
}

/// Variable steps must name a uniform integer parameter (OpenMP requires
/// it and the callee reads the step from that argument); why not, or "".
static std::string badVariableStep(const VariantABI &ABI) {
  for (const ParamABI &P : ABI.Params) {
    bool IsPos = P.Kind == VFParamKind::OMP_LinearPos ||
                 P.Kind == VFParamKind::OMP_LinearRefPos ||
                 P.Kind == VFParamKind::OMP_LinearValPos ||
                 P.Kind == VFParamKind::OMP_LinearUValPos;
    if (!IsPos)
      continue;
    if (P.StepOrPos < 0 || unsigned(P.StepOrPos) >= ABI.Params.size() ||
        ABI.Params[P.StepOrPos].Kind != VFParamKind::OMP_Uniform ||
        !ABI.Params[P.StepOrPos].ScalarTy->isIntegerTy())
      return ("variable linear step refers to parameter " +
              Twine(P.StepOrPos + 1) +
              ", which is not a uniform integer parameter")
          .str();
  }
  return {};
}

Type *VariantABI::valueArgType(FixedVectorType *Piece,
                               unsigned NumPieces) const {
  if (PiecesAsArray && NumPieces > 1)
    return ArrayType::get(Piece, NumPieces);
  return callPieceType(Piece, CC);
}

/// Appends the IR arguments of a value of \p N pieces of \p Piece; returns
/// how many.
static unsigned appendValueArgs(const VariantABI &ABI, FixedVectorType *Piece,
                                unsigned N, SmallVectorImpl<Type *> &ArgTys) {
  unsigned NumArgs = ABI.PiecesAsArray ? 1 : N;
  ArgTys.append(NumArgs, ABI.valueArgType(Piece, N));
  return NumArgs;
}

/// The mask, last: CDT vectors in register-sized pieces for b/c/d, one
/// integer per register's worth of lanes for e, a vector of
/// \p AdvSIMDMaskBits-bit integers for n.
static void addMaskPieces(VariantABI &ABI, SmallVectorImpl<Type *> &ArgTys,
                          unsigned AdvSIMDMaskBits) {
  LLVMContext &Ctx = ABI.CDT->getContext();
  ScalarClass C = *classifyScalar(ABI.CDT);
  Type *MaskElt = abiElementType(ABI.CDT);
  ABI.MaskEltBits = C.Bits;
  if (ABI.ISA == ISAClass::AdvSIMD) {
    ABI.MaskEltBits = AdvSIMDMaskBits;
    MaskElt = IntegerType::get(Ctx, AdvSIMDMaskBits);
    C = {AdvSIMDMaskBits, false, false, false};
  }
  unsigned LanesPerReg =
      std::min(registerBits(ABI.ISA, C.IsFloat) / C.Bits, ABI.VLen);
  ABI.MaskLanesPerPiece = LanesPerReg;
  ABI.NumMaskPieces = ABI.VLen / LanesPerReg;
  ABI.FirstMaskArg = ArgTys.size();
  if (ABI.ISA == ISAClass::AVX512) {
    // GCC passes AVX-512 masks as plain integers in general registers:
    // 64-bit for an 8-bit CDT (64 lanes per zmm), 32-bit otherwise.
    ABI.MaskEltBits = 0;
    ABI.MaskPieceTy = C.Bits == 8 ? Type::getInt64Ty(Ctx)
                                  : Type::getInt32Ty(Ctx);
    ABI.NumMaskArgs = ABI.NumMaskPieces;
    ArgTys.append(ABI.NumMaskPieces, ABI.MaskPieceTy);
    return;
  }
  auto *VT = FixedVectorType::get(MaskElt, LanesPerReg);
  ABI.MaskPieceTy = VT;
  ABI.MaxVectorBits = std::max<unsigned>(
      ABI.MaxVectorBits, VT->getPrimitiveSizeInBits().getFixedValue());
  ABI.NumMaskArgs = appendValueArgs(ABI, VT, ABI.NumMaskPieces, ArgTys);
}

/// Why the vector PCS cannot carry \p N pieces of \p Piece as the ABI
/// says, or "" when it can.
static std::string advSIMDLimit(FixedVectorType *Piece, unsigned N) {
  unsigned Bits = Piece->getPrimitiveSizeInBits().getFixedValue() * N;
  // AAPCS64 passes a homogeneous aggregate of more than four vectors by
  // reference; gcc 12 emits no such clone to compare against.
  if (N > 4)
    return (Twine(Bits) + "-bit vectors (more than four q registers, which "
                          "AAPCS64 passes by reference) are not supported")
        .str();
  if (Bits < 16)
    return (Twine(Bits) + "-bit vectors (a padded short vector of one byte) "
                          "are not supported")
        .str();
  return {};
}

static Error fail(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

static StringRef abiName(const VariantABI &ABI) {
  return isX86(ABI.ISA) ? "x86 vector ABI" : "AArch64 vector ABI";
}

/// Why the class cannot carry \p N pieces of \p Piece, or "" (x86 splits
/// anything into pieces; AdvSIMD has advSIMDLimit's bounds).
static std::string vectorLimit(const VariantABI &ABI, FixedVectorType *Piece,
                               unsigned N) {
  return ABI.ISA == ISAClass::AdvSIMD ? advSIMDLimit(Piece, N) : "";
}

/// The class, length, mask and convention of \p Info, checked.
static Error setHeader(VariantABI &ABI, const VFInfo &Info,
                       CallingConv::ID CC, unsigned MaskBits) {
  std::optional<ISAClass> ISA = isaFromVFISA(Info.ISA);
  if (!ISA)
    return fail("only the x86 ISA classes b, c, d and e and AArch64's "
                "AdvSIMD (n) and SVE (s) are supported");
  ABI.ISA = *ISA;
  if (Info.Shape.VF.isScalable())
    return fail("scalable vector length 'x' is only valid for SVE");
  if (ABI.ISA == ISAClass::SVE)
    return fail("SVE variants are computed by computeSVEABI");
  ABI.VLen = Info.Shape.VF.getFixedValue();
  if (!isPowerOf2_32(ABI.VLen) || ABI.VLen > 1024)
    return fail("vector length " + Twine(ABI.VLen) +
                " is not a power of two between 1 and 1024");
  ABI.Masked = Info.isMasked();
  bool AdvSIMD = ABI.ISA == ISAClass::AdvSIMD;
  if (AdvSIMD ? CC != CallingConv::C
              : CC != CallingConv::C && CC != CallingConv::Win64)
    return fail("the function's calling convention has no vector ABI (only "
                "the default one and, on x86, ms_abi)");
  ABI.CC = AdvSIMD ? CallingConv::ID(CallingConv::AArch64_VectorCall) : CC;
  ABI.PiecesAsArray = AdvSIMD;
  if (AdvSIMD && ABI.Masked && MaskBits != 8 && MaskBits != 16 &&
      MaskBits != 32 && MaskBits != 64)
    return fail("no narrowest data size for the AdvSIMD mask");
  return Error::success();
}

/// The return value: one vector, or pieces; on x86 more than one piece is
/// an array of register-sized vectors, which SysV returns in memory through
/// a hidden first argument; AAPCS64 returns up to four vectors in v0-v3.
static Error setReturn(VariantABI &ABI, Type *RetTy,
                       SmallVectorImpl<Type *> &ArgTys) {
  if (RetTy->isVoidTy())
    return Error::success();
  auto [Piece, N] = splitIntoPieces(RetTy, ABI.ISA, ABI.VLen);
  if (std::string Why = vectorLimit(ABI, Piece, N); !Why.empty())
    return fail("return value: " + Why);
  ABI.RetPieceTy = Piece;
  ABI.NumRetPieces = N;
  unsigned Bits = Piece->getPrimitiveSizeInBits().getFixedValue();
  ABI.RetViaPointer = isX86(ABI.ISA) &&
                      (N > 1 || (ABI.CC == CallingConv::Win64 && Bits > 128));
  ABI.MaxVectorBits = std::max(ABI.MaxVectorBits, Bits);
  if (ABI.ReturnsInMemory())
    ArgTys.push_back(PointerType::get(RetTy->getContext(), 0));
  return Error::success();
}

static bool isScalarPassedKind(VFParamKind K) {
  switch (K) {
  case VFParamKind::OMP_Uniform:
  case VFParamKind::OMP_Linear:
  case VFParamKind::OMP_LinearPos:
  case VFParamKind::OMP_LinearRef:
  case VFParamKind::OMP_LinearRefPos:
  case VFParamKind::OMP_LinearUVal:
  case VFParamKind::OMP_LinearUValPos:
    return true;
  default:
    return false;
  }
}

static std::string paramName(const VFParameter &VP) {
  return ("parameter " + Twine(VP.ParamPos + 1)).str();
}

/// What every ISA class does with parameter \p VP of \p ScalarTy: records
/// its kind, step, alignment and scalar type, classifies the type (into
/// \p C; \p ABIName names the ABI when it has no vector form) and checks a
/// uniform or linear parameter, which is then complete: passed as its
/// scalar.
static Expected<ParamABI> commonParamABI(const VFParameter &VP,
                                         FunctionType *ScalarTy,
                                         StringRef ABIName, ScalarClass &C) {
  ParamABI P;
  P.Kind = VP.ParamKind;
  P.StepOrPos = VP.LinearStepOrPos;
  P.Alignment = VP.Alignment.value() > 1 ? VP.Alignment.value() : 0;
  P.ScalarTy = ScalarTy->getParamType(VP.ParamPos);
  std::string Which = paramName(VP);
  std::optional<ScalarClass> SC = classifyScalar(P.ScalarTy);
  if (!SC)
    return fail(Twine(Which) + " has a type with no vector form in the " +
                ABIName);
  C = *SC;
  if (!isScalarPassedKind(P.Kind))
    return P;
  if (P.ScalarTy->isFloatingPointTy() && P.Kind != VFParamKind::OMP_Uniform)
    return fail(Twine(Which) + " is linear but has a floating-point type");
  bool IsRef = P.Kind == VFParamKind::OMP_LinearRef ||
               P.Kind == VFParamKind::OMP_LinearRefPos ||
               P.Kind == VFParamKind::OMP_LinearUVal ||
               P.Kind == VFParamKind::OMP_LinearUValPos;
  if (IsRef && !C.IsPointer)
    return fail(Twine(Which) + " is a linear reference but not a pointer");
  return P;
}

/// How parameter \p VP of \p ScalarTy is passed; appends its IR arguments.
static Expected<ParamABI> paramABI(VariantABI &ABI, const VFParameter &VP,
                                   FunctionType *ScalarTy,
                                   SmallVectorImpl<Type *> &ArgTys) {
  ScalarClass C;
  Expected<ParamABI> Common = commonParamABI(VP, ScalarTy, abiName(ABI), C);
  if (!Common)
    return Common.takeError();
  ParamABI P = *Common;
  P.FirstArg = ArgTys.size();
  if (isScalarPassedKind(P.Kind)) {
    ArgTys.push_back(P.ScalarTy);
    return P;
  }
  std::string Which = paramName(VP);
  if (P.Kind != VFParamKind::Vector && !isLinearValKind(P.Kind))
    return fail(Twine(Which) + " has a kind the " + abiName(ABI) + " does not define");
  // linear(val(r)) on a reference is passed by GCC as a vector of the
  // lanes' addresses (measured with gcc 12), so it splits like pointers.
  if (isLinearValKind(P.Kind) && !C.IsPointer)
    return fail(Twine(Which) + " is linear(val) but not a reference");
  auto [Piece, N] = splitIntoPieces(P.ScalarTy, ABI.ISA, ABI.VLen);
  if (std::string Why = vectorLimit(ABI, Piece, N); !Why.empty())
    return fail(Twine(Which) + ": " + Why);
  P.PieceTy = Piece;
  P.NumPieces = N;
  ABI.MaxVectorBits = std::max<unsigned>(
      ABI.MaxVectorBits, Piece->getPrimitiveSizeInBits().getFixedValue());
  P.NumArgs = appendValueArgs(ABI, Piece, N, ArgTys);
  return P;
}

VectorType *VariantABI::irVectorType(FixedVectorType *Shape) const {
  if (!Scalable)
    return Shape;
  return ScalableVectorType::get(Shape->getElementType(),
                                 Shape->getNumElements());
}

/// One SVE parameter: vectors are one scalable value whose granule shape is
/// recorded (PieceTy), the rest scalars as everywhere.
static Expected<ParamABI> sveParamABI(const VFParameter &VP,
                                      FunctionType *ScalarTy, unsigned VLen) {
  ScalarClass C;
  Expected<ParamABI> Common =
      commonParamABI(VP, ScalarTy, "AArch64 vector ABI", C);
  if (!Common)
    return Common.takeError();
  ParamABI P = *Common;
  P.FirstArg = VP.ParamPos;
  if (isScalarPassedKind(P.Kind))
    return P;
  // LLVM's createFunctionType keeps a `linear(val)` reference scalar, gcc
  // passes its lanes' addresses: with no SVE peer to settle it, refuse.
  if (P.Kind != VFParamKind::Vector)
    return fail(Twine(paramName(VP)) + " is " +
                (isLinearValKind(P.Kind) ? "linear(val)" : "of a kind") +
                ", which SVE variants do not define");
  P.PieceTy = FixedVectorType::get(abiElementType(P.ScalarTy), VLen);
  return P;
}

/// Checks that \p Info names one kind per parameter of \p ScalarTy (the
/// mask aside) and sets the characteristic type from those kinds.
static Error setCharacteristicType(VariantABI &ABI, const VFInfo &Info,
                                   FunctionType *ScalarTy) {
  SmallVector<VFParamKind, 8> Kinds;
  for (const VFParameter &P : Info.Shape.Parameters)
    if (P.ParamKind != VFParamKind::GlobalPredicate)
      Kinds.push_back(P.ParamKind);
  if (Kinds.size() != ScalarTy->getNumParams())
    return fail("the variant describes " + Twine(Kinds.size()) +
                " parameters but the function has " +
                Twine(ScalarTy->getNumParams()));
  ABI.CDT = characteristicType(ScalarTy, Kinds);
  return Error::success();
}

/// SVE with the scalable length `x` (vfabia64's vector-length agnostic
/// variants): the IR signature is LLVM's VFABI::createFunctionType, whose
/// lane count (vscale x 128 / the widest vector element) the loop
/// vectorizer calls with, and the mask a `<vscale x VLen x i1>` predicate.
static Expected<VariantABI> computeSVEABI(const VFInfo &Info,
                                          FunctionType *ScalarTy,
                                          CallingConv::ID CC) {
  VariantABI ABI;
  ABI.ISA = ISAClass::SVE;
  if (!Info.Shape.VF.isScalable())
    return fail("fixed-length SVE variants are not defined: vfabia64 gives "
                "them SVE registers whose length only the hardware fixes, "
                "and no compiler here makes or calls one to compare with");
  if (CC != CallingConv::C)
    return fail("the function's calling convention has no vector ABI (only "
                "the default one)");
  ABI.Scalable = true;
  ABI.VLen = Info.Shape.VF.getKnownMinValue();
  ABI.Masked = Info.isMasked();
  Type *RetTy = ScalarTy->getReturnType();
  if (!RetTy->isVoidTy() && !classifyScalar(RetTy))
    return fail("return type has no vector form in the AArch64 vector ABI");
  if (Error E = setCharacteristicType(ABI, Info, ScalarTy))
    return E;
  for (const VFParameter &VP : Info.Shape.Parameters) {
    if (VP.ParamKind == VFParamKind::GlobalPredicate)
      continue;
    Expected<ParamABI> P = sveParamABI(VP, ScalarTy, ABI.VLen);
    if (!P)
      return P.takeError();
    ABI.Params.push_back(*P);
  }
  if (std::string Why = badVariableStep(ABI); !Why.empty())
    return fail(Why);
  if (!RetTy->isVoidTy()) {
    ABI.RetPieceTy = FixedVectorType::get(abiElementType(RetTy), ABI.VLen);
    ABI.NumRetPieces = 1;
  }
  if (ABI.Masked) {
    LLVMContext &Ctx = ScalarTy->getContext();
    ABI.MaskPieceTy = ScalableVectorType::get(Type::getInt1Ty(Ctx), ABI.VLen);
    ABI.NumMaskPieces = ABI.NumMaskArgs = 1;
    ABI.FirstMaskArg = ScalarTy->getNumParams();
    ABI.MaskLanesPerPiece = ABI.VLen;
    ABI.MaskEltBits = 8;
  }
  ABI.MaxVectorBits = 128;
  ABI.FnTy = VFABI::createFunctionType(Info, ScalarTy);
  if (ABI.FnTy->getNumParams() !=
      ScalarTy->getNumParams() + (ABI.Masked ? 1 : 0))
    return fail("LLVM's vector signature does not match the parameters");
  return ABI;
}

Expected<VariantABI> computeVariantABI(const VFInfo &Info,
                                       FunctionType *ScalarTy,
                                       CallingConv::ID CC, unsigned MaskBits) {
  if (Info.ISA == VFISAKind::SVE)
    return computeSVEABI(Info, ScalarTy, CC);
  VariantABI ABI;
  if (Error E = setHeader(ABI, Info, CC, MaskBits))
    return E;
  Type *RetTy = ScalarTy->getReturnType();
  if (!RetTy->isVoidTy() && !classifyScalar(RetTy))
    return fail("return type has no vector form in the " + abiName(ABI));
  // A variadic function's variants take its named parameters, as gcc's
  // clones do; whether its body may be copied is VariantBuilder's question.
  if (Error E = setCharacteristicType(ABI, Info, ScalarTy))
    return E;

  SmallVector<Type *, 16> ArgTys;
  if (Error E = setReturn(ABI, RetTy, ArgTys))
    return E;
  for (const VFParameter &VP : Info.Shape.Parameters) {
    if (VP.ParamKind == VFParamKind::GlobalPredicate)
      continue;
    Expected<ParamABI> P = paramABI(ABI, VP, ScalarTy, ArgTys);
    if (!P)
      return P.takeError();
    ABI.Params.push_back(*P);
  }
  if (std::string Why = badVariableStep(ABI); !Why.empty())
    return fail(Why);
  if (ABI.Masked) {
    addMaskPieces(ABI, ArgTys, MaskBits);
    if (ABI.MaskEltBits)
      if (std::string Why = vectorLimit(
              ABI, cast<FixedVectorType>(ABI.MaskPieceTy), ABI.NumMaskPieces);
          !Why.empty())
        return fail("mask: " + Why);
  }
  Type *IRRet = Type::getVoidTy(ScalarTy->getContext());
  if (ABI.RetPieceTy && !ABI.ReturnsInMemory())
    IRRet = ABI.valueArgType(ABI.RetPieceTy, ABI.NumRetPieces);
  ABI.FnTy = FunctionType::get(IRRet, ArgTys, /*isVarArg=*/false);
  return ABI;
}

void setABIParamAttributes(Function &V, AttributeList ScalarAttrs,
                           const VariantABI &ABI) {
  LLVMContext &Ctx = V.getContext();
  V.setCallingConv(ABI.CC);
  for (unsigned I = 0, E = ABI.Params.size(); I != E; ++I) {
    const ParamABI &P = ABI.Params[I];
    if (P.isVectorPassed())
      continue;
    for (Attribute::AttrKind K :
         {Attribute::ZExt, Attribute::SExt, Attribute::NoUndef})
      if (ScalarAttrs.hasParamAttr(I, K))
        V.addParamAttr(P.FirstArg, K);
    if (P.Alignment)
      V.addParamAttr(P.FirstArg,
                     Attribute::getWithAlignment(Ctx, Align(P.Alignment)));
  }
  if (ABI.ReturnsInMemory()) {
    Type *ArrTy = ArrayType::get(ABI.RetPieceTy, ABI.NumRetPieces);
    V.addParamAttr(0, Attribute::getWithStructRetType(Ctx, ArrTy));
    V.addParamAttr(0, Attribute::NoAlias);
  }
}

} // namespace vecclone
