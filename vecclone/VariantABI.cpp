//===- VariantABI.cpp - x86-64 Vector Function ABI of one variant ---------===//
//
/// \file
/// Implements the GCC x86-64 vector ABI rules (gcc/config/i386/i386.cc and
/// gcc/omp-simd-clone.cc behaviour, measured with gcc 12): register width per
/// ISA class and type class, splitting of vector arguments and returns into
/// register-sized pieces, and the mask argument's form.
//
//===----------------------------------------------------------------------===//

#include "vecclone/VariantABI.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/MathExtras.h"

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
  }
  llvm_unreachable("unknown ISA class");
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
  }
  llvm_unreachable("unknown ISA class");
}

Type *callPieceType(Type *Piece, CallingConv::ID CC) {
  auto *VT = dyn_cast_or_null<FixedVectorType>(Piece);
  if (!VT)
    return Piece;
  unsigned Bits = VT->getPrimitiveSizeInBits().getFixedValue();
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

/// The mask, last: CDT vectors in register-sized pieces for b/c/d, one
/// integer per register's worth of lanes for e.
static void addMaskPieces(VariantABI &ABI, SmallVectorImpl<Type *> &ArgTys) {
  LLVMContext &Ctx = ABI.CDT->getContext();
  ScalarClass C = *classifyScalar(ABI.CDT);
  unsigned LanesPerReg =
      std::min(registerBits(ABI.ISA, C.IsFloat) / C.Bits, ABI.VLen);
  ABI.MaskLanesPerPiece = LanesPerReg;
  ABI.NumMaskPieces = ABI.VLen / LanesPerReg;
  if (ABI.ISA == ISAClass::AVX512) {
    // GCC passes AVX-512 masks as plain integers in general registers:
    // 64-bit for an 8-bit CDT (64 lanes per zmm), 32-bit otherwise.
    ABI.MaskPieceTy = C.Bits == 8 ? Type::getInt64Ty(Ctx)
                                  : Type::getInt32Ty(Ctx);
  } else {
    auto *VT = FixedVectorType::get(abiElementType(ABI.CDT), LanesPerReg);
    ABI.MaskPieceTy = VT;
    ABI.MaxVectorBits = std::max<unsigned>(
        ABI.MaxVectorBits, VT->getPrimitiveSizeInBits().getFixedValue());
  }
  ABI.FirstMaskArg = ArgTys.size();
  ArgTys.append(ABI.NumMaskPieces, callPieceType(ABI.MaskPieceTy, ABI.CC));
}

Expected<VariantABI> computeVariantABI(const VFInfo &Info,
                                       FunctionType *ScalarTy,
                                       CallingConv::ID CC) {
  LLVMContext &Ctx = ScalarTy->getContext();
  auto Fail = [](const Twine &Msg) {
    return createStringError(inconvertibleErrorCode(), Msg);
  };

  VariantABI ABI;
  std::optional<ISAClass> ISA = isaFromVFISA(Info.ISA);
  if (!ISA)
    return Fail("only the x86 ISA classes b, c, d and e are supported");
  ABI.ISA = *ISA;
  if (Info.Shape.VF.isScalable())
    return Fail("scalable vector length 'x' is not valid for x86");
  ABI.VLen = Info.Shape.VF.getFixedValue();
  if (!isPowerOf2_32(ABI.VLen) || ABI.VLen > 1024)
    return Fail("vector length " + Twine(ABI.VLen) +
                " is not a power of two between 1 and 1024");
  ABI.Masked = Info.isMasked();
  if (CC != CallingConv::C && CC != CallingConv::Win64)
    return Fail("the function's calling convention has no vector ABI (only "
                "the default one and ms_abi)");
  ABI.CC = CC;

  Type *RetTy = ScalarTy->getReturnType();
  if (!RetTy->isVoidTy() && !classifyScalar(RetTy))
    return Fail("return type has no vector form in the x86 vector ABI");

  SmallVector<VFParamKind, 8> Kinds;
  for (const VFParameter &P : Info.Shape.Parameters)
    if (P.ParamKind != VFParamKind::GlobalPredicate)
      Kinds.push_back(P.ParamKind);
  if (Kinds.size() != ScalarTy->getNumParams())
    return Fail("the variant describes " + Twine(Kinds.size()) +
                " parameters but the function has " +
                Twine(ScalarTy->getNumParams()));
  // A variadic function's variants take its named parameters, as gcc's
  // clones do; whether its body may be copied is VariantBuilder's question.
  ABI.CDT = characteristicType(ScalarTy, Kinds);

  SmallVector<Type *, 16> ArgTys;
  auto NoteVector = [&](FixedVectorType *VT) {
    ABI.MaxVectorBits =
        std::max<unsigned>(ABI.MaxVectorBits,
                           VT->getPrimitiveSizeInBits().getFixedValue());
  };

  // A return wider than one register is an array of register-sized vectors,
  // which SysV returns in memory through a hidden first argument.
  if (!RetTy->isVoidTy()) {
    auto [Piece, N] = splitIntoPieces(RetTy, ABI.ISA, ABI.VLen);
    ABI.RetPieceTy = Piece;
    ABI.NumRetPieces = N;
    ABI.RetViaPointer =
        N > 1 || (CC == CallingConv::Win64 &&
                  Piece->getPrimitiveSizeInBits().getFixedValue() > 128);
    NoteVector(Piece);
    if (ABI.ReturnsInMemory())
      ArgTys.push_back(PointerType::get(Ctx, 0));
  }

  for (const VFParameter &VP : Info.Shape.Parameters) {
    if (VP.ParamKind == VFParamKind::GlobalPredicate)
      continue;
    ParamABI P;
    P.Kind = VP.ParamKind;
    P.StepOrPos = VP.LinearStepOrPos;
    P.Alignment = VP.Alignment.value() > 1 ? VP.Alignment.value() : 0;
    P.ScalarTy = ScalarTy->getParamType(VP.ParamPos);
    P.FirstArg = ArgTys.size();
    std::optional<ScalarClass> C = classifyScalar(P.ScalarTy);
    if (!C)
      return Fail("parameter " + Twine(VP.ParamPos + 1) +
                  " has a type with no vector form in the x86 vector ABI");
    switch (P.Kind) {
    case VFParamKind::Vector:
    case VFParamKind::OMP_LinearVal:
    case VFParamKind::OMP_LinearValPos: {
      // linear(val(r)) on a reference is passed by GCC as a vector of the
      // lanes' addresses (measured with gcc 12), so it splits like pointers.
      if (isLinearValKind(P.Kind) && !C->IsPointer)
        return Fail("parameter " + Twine(VP.ParamPos + 1) +
                    " is linear(val) but not a reference");
      auto [Piece, N] = splitIntoPieces(P.ScalarTy, ABI.ISA, ABI.VLen);
      P.PieceTy = Piece;
      P.NumPieces = N;
      NoteVector(Piece);
      ArgTys.append(N, callPieceType(Piece, ABI.CC));
      break;
    }
    case VFParamKind::OMP_Uniform:
    case VFParamKind::OMP_Linear:
    case VFParamKind::OMP_LinearPos:
    case VFParamKind::OMP_LinearRef:
    case VFParamKind::OMP_LinearRefPos:
    case VFParamKind::OMP_LinearUVal:
    case VFParamKind::OMP_LinearUValPos:
      if (P.ScalarTy->isFloatingPointTy() && P.Kind != VFParamKind::OMP_Uniform)
        return Fail("parameter " + Twine(VP.ParamPos + 1) +
                    " is linear but has a floating-point type");
      if ((P.Kind == VFParamKind::OMP_LinearRef ||
           P.Kind == VFParamKind::OMP_LinearRefPos ||
           P.Kind == VFParamKind::OMP_LinearUVal ||
           P.Kind == VFParamKind::OMP_LinearUValPos) &&
          !C->IsPointer)
        return Fail("parameter " + Twine(VP.ParamPos + 1) +
                    " is a linear reference but not a pointer");
      ArgTys.push_back(P.ScalarTy);
      break;
    default:
      return Fail("parameter " + Twine(VP.ParamPos + 1) +
                  " has a kind the x86 vector ABI does not define");
    }
    ABI.Params.push_back(P);
  }

  if (std::string Why = badVariableStep(ABI); !Why.empty())
    return Fail(Why);
  if (ABI.Masked)
    addMaskPieces(ABI, ArgTys);
  Type *IRRet = Type::getVoidTy(Ctx);
  if (ABI.NumRetPieces == 1 && !ABI.ReturnsInMemory())
    IRRet = callPieceType(ABI.RetPieceTy, ABI.CC);
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
