//===- VariantCallLowering.cpp - Vectorizer calls to ABI calls ------------===//
//
/// \file
/// The conversions mirror what VariantBuilder does on the callee side, in
/// reverse: pieces are split with shufflevector, masks become CDT-width
/// integers (b/c/d) or bit masks in general registers (e), and a return
/// wider than one register is read back from a stack slot the caller passes
/// as the hidden sret pointer. A masked variant is called only when some
/// lane is active: the vectorizer calls it with whatever mask the block has,
/// all-false included, and a declare-simd function that calls itself under
/// a condition (fib) would then recurse without end, since its masked
/// variant calls itself again with the same all-false mask. With no active
/// lane every lane's result is unspecified; they read as zero.
//
//===----------------------------------------------------------------------===//

#include "vecclone/VariantCallLowering.h"
#include "vecclone/ValueSlots.h"
#include "vecclone/VariantBuilder.h"
#include "vecclone/VariantSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace vecclone {

std::string vectorizerFormName(StringRef Variant) {
  return (Variant + ".vecclone.lv").str();
}

/// \p V with its lane count replaced by \p Lanes.
static VFInfo withLanes(const UsableVariant &V, unsigned Lanes) {
  VFInfo Info = V.Info;
  Info.Shape.VF = V.ABI.Scalable ? ElementCount::getScalable(Lanes)
                                 : ElementCount::getFixed(Lanes);
  return Info;
}

std::string mappingName(const UsableVariant &V) {
  // _ZGV <isa> <mask> <vlen> <parameters> _ <scalar name>: 6 characters
  // before the lane count. Each parameter token keeps its step and
  // alignment; its letter is the one LV must read (mappingTokenLetter:
  // `R4` is offered as `l4`).
  StringRef Name = V.Name;
  SmallVector<StringRef, 8> Tokens = variantParamTokens(Name);
  std::string Params;
  unsigned I = 0;
  for (const VFParameter &P : V.Info.Shape.Parameters) {
    if (P.ParamKind == VFParamKind::GlobalPredicate)
      continue;
    assert(I < Tokens.size() && "one token per parameter");
    std::optional<char> Letter =
        mappingTokenLetter(P.ParamKind, V.passesByValue(P.ParamPos));
    assert(Letter && "findCallVariants offers only kinds LV passes");
    Params += *Letter;
    Params += Tokens[I++].drop_front().str();
  }
  assert(I == Tokens.size() && "one token per parameter");
  // LV only takes a mapping named after the function the call calls.
  StringRef Scalar =
      V.ValueForm ? V.ValueForm->getName() : variantScalarName(Name);
  std::string Lanes = V.ABI.Scalable ? "x" : utostr(V.lanes());
  return (Name.take_front(6) + Lanes + Params + "_" + Scalar).str();
}

Function *getOrInsertVectorizerForm(Module &M, const UsableVariant &V,
                                    const Function &Scalar) {
  std::string Name = vectorizerFormName(V.Name);
  if (V.Copies != 1)
    Name += ".x" + utostr(V.Copies);
  if (V.ValueForm)
    Name += ".val" + utostr(V.ValueParams);
  if (Function *F = M.getFunction(Name))
    return F;
  // A call by value passes values where the scalar function takes slots.
  const Function &Called = V.ValueForm ? *V.ValueForm : Scalar;
  FunctionType *Ty = VFABI::createFunctionType(withLanes(V, V.lanes()),
                                               Called.getFunctionType());
  Function *F = Function::Create(Ty, GlobalValue::ExternalLinkage, Name, M);
  F->addFnAttr(Attribute::NoUnwind);
  return F;
}

bool canDeclareABISymbol(const Module &M, const UsableVariant &V) {
  const GlobalValue *GV = M.getNamedValue(V.Name);
  if (!GV)
    return true;
  const auto *F = dyn_cast<Function>(GV);
  return F && F->getFunctionType() == V.ABI.FnTy;
}

/// Splits \p Whole (VF lanes) into \p N pieces of equal length.
static void appendPieces(IRBuilderBase &B, Value *Whole, unsigned N,
                         SmallVectorImpl<Value *> &Out) {
  if (N == 1) {
    Out.push_back(Whole);
    return;
  }
  unsigned Lanes =
      cast<FixedVectorType>(Whole->getType())->getNumElements() / N;
  for (unsigned K = 0; K != N; ++K)
    Out.push_back(
        B.CreateShuffleVector(Whole, createSequentialMask(K * Lanes, Lanes, 0)));
}

/// \p Piece as the type \p CallTy its call passes it as (callPieceType).
/// A padded short vector becomes lane 0 of a 64-bit vector of \p CallTy
/// first: AArch64's instruction selection in LLVM 22 cannot select a
/// `<2 x i8>` bitcast to `half` (fuzz seed 100, aarch64), and the widened
/// form is the same bits.
static Value *toCallForm(IRBuilderBase &B, Value *Piece, Type *CallTy) {
  auto *VT = cast<FixedVectorType>(Piece->getType());
  unsigned Bits = VT->getPrimitiveSizeInBits().getFixedValue();
  if (!CallTy->isFloatingPointTy() || Bits >= 64)
    return B.CreateBitCast(Piece, CallTy);
  unsigned Lanes = VT->getNumElements();
  SmallVector<int, 16> Mask(64 / VT->getScalarSizeInBits(), PoisonMaskElem);
  for (unsigned L = 0; L != Lanes; ++L)
    Mask[L] = L;
  Value *Wide = B.CreateShuffleVector(Piece, Mask);
  auto *AsFP = FixedVectorType::get(CallTy, 64 / Bits);
  return B.CreateExtractElement(B.CreateBitCast(Wide, AsFP), uint64_t(0));
}

void appendABIValue(IRBuilderBase &B, const VariantABI &ABI, Value *Whole,
                    FixedVectorType *Piece, unsigned N,
                    SmallVectorImpl<Value *> &Out) {
  SmallVector<Value *, 4> Pieces;
  appendPieces(B, Whole, N, Pieces);
  if (ABI.PiecesAsArray && N > 1) {
    Value *Arr = PoisonValue::get(ABI.valueArgType(Piece, N));
    for (auto [K, P] : enumerate(Pieces))
      Arr = B.CreateInsertValue(Arr, P, unsigned(K));
    Out.push_back(Arr);
    return;
  }
  for (Value *P : Pieces)
    Out.push_back(toCallForm(B, P, callPieceType(Piece, ABI.CC)));
}

Value *joinABIValue(IRBuilderBase &B, const VariantABI &ABI,
                    ArrayRef<Value *> Args, FixedVectorType *Piece,
                    unsigned N) {
  SmallVector<Value *, 4> Pieces;
  if (ABI.PiecesAsArray && N > 1) {
    for (unsigned K = 0; K != N; ++K)
      Pieces.push_back(B.CreateExtractValue(Args.front(), K));
  } else {
    for (Value *A : Args.take_front(N))
      Pieces.push_back(B.CreateBitCast(A, Piece));
  }
  return Pieces.size() == 1 ? Pieces.front() : concatenateVectors(B, Pieces);
}

/// Converts a vector of scalar-typed lanes to the ABI's element type.
static Value *toABIElements(IRBuilderBase &B, Value *V, Type *ABIElt) {
  auto *VT = cast<FixedVectorType>(V->getType());
  auto *Target = FixedVectorType::get(ABIElt, VT->getNumElements());
  if (VT->getElementType()->isPointerTy())
    return B.CreatePtrToInt(V, Target);
  if (VT->getElementType()->isIntegerTy(1))
    return B.CreateZExt(V, Target);
  return V;
}

static Value *fromABIElements(IRBuilderBase &B, Value *V, Type *ScalarElt) {
  auto *VT = cast<FixedVectorType>(V->getType());
  auto *Target = FixedVectorType::get(ScalarElt, VT->getNumElements());
  if (ScalarElt->isPointerTy())
    return B.CreateIntToPtr(V, Target);
  if (ScalarElt->isIntegerTy(1))
    return B.CreateTrunc(V, Target);
  return V;
}

/// The mask in gcc's form from LLVM's `<VF x i1>`.
static void appendMask(IRBuilderBase &B, Value *Mask, const VariantABI &ABI,
                       SmallVectorImpl<Value *> &Out) {
  if (ABI.ISA == ISAClass::AVX512) {
    SmallVector<Value *, 4> Parts;
    appendPieces(B, Mask, ABI.NumMaskPieces, Parts);
    for (Value *P : Parts) {
      Value *Bits = B.CreateBitCast(P, B.getIntNTy(ABI.MaskLanesPerPiece));
      Out.push_back(B.CreateZExt(Bits, ABI.MaskPieceTy));
    }
    return;
  }
  // b/c/d: all-ones or all-zeros lanes of the CDT's width, typed like the
  // CDT (a float mask is a float vector holding those bit patterns); n:
  // such lanes of NDS bytes.
  auto *PieceTy = cast<FixedVectorType>(ABI.MaskPieceTy);
  Type *Elt = PieceTy->getElementType();
  unsigned Bits = Elt->getPrimitiveSizeInBits();
  Value *Wide = B.CreateSExt(
      Mask, FixedVectorType::get(B.getIntNTy(Bits), ABI.VLen));
  if (Elt->isFloatingPointTy())
    Wide = B.CreateBitCast(Wide, FixedVectorType::get(Elt, ABI.VLen));
  appendABIValue(B, ABI, Wide, PieceTy, ABI.NumMaskPieces, Out);
}

/// Replaces \p Call, a call to the stand-in of \p V with `V.Copies > 1`,
/// by `V.Copies` calls of the stand-in of one variant call, each on its
/// slice of the lanes; returns them in lane order.
static SmallVector<CallInst *, 4> splitComposedCall(CallInst &Call,
                                                     const UsableVariant &V,
                                                     const Function &Scalar) {
  assert(V.Copies > 1 && "a composed call");
  Module &M = *Call.getModule();
  UsableVariant One = V;
  One.Copies = 1;
  Function *Form = getOrInsertVectorizerForm(M, One, Scalar);
  unsigned N = V.ABI.VLen;
  IRBuilder<> B(&Call);
  const DataLayout &DL = M.getDataLayout();
  SmallVector<SmallVector<Value *, 4>, 8> Slices(V.Copies);
  auto Slice = [&](Value *Whole) {
    SmallVector<Value *, 4> Pieces;
    appendPieces(B, Whole, V.Copies, Pieces);
    for (unsigned K = 0; K != V.Copies; ++K)
      Slices[K].push_back(Pieces[K]);
  };
  for (const VFParameter &P : V.Info.Shape.Parameters) {
    Value *A = Call.getArgOperand(P.ParamPos);
    switch (P.ParamKind) {
    case VFParamKind::Vector:
    case VFParamKind::GlobalPredicate:
      Slice(A);
      break;
    case VFParamKind::OMP_Linear:
    case VFParamKind::OMP_LinearRef:
    case VFParamKind::OMP_LinearVal:  // passed by value (ValueSlots.h)
    case VFParamKind::OMP_LinearUVal: {
      // LV passes lane 0's value; slice K starts K*N lanes further on. The
      // step of a pointer is in bytes (what LV matched it against), and so
      // is a linear(ref) step (`R4` for `int &` with step 1); L and U steps
      // count values.
      for (unsigned K = 0; K != V.Copies; ++K) {
        int64_t Offset = P.LinearStepOrPos * int64_t(K * N);
        // Narrow integer parameters wrap like the scalar loop's induction;
        // truncate explicitly rather than rely on ConstantInt::get's.
        auto OffsetOf = [&](Type *Ty) {
          APInt Wide(64, uint64_t(Offset), /*isSigned=*/true);
          return ConstantInt::get(Ty, Wide.sextOrTrunc(Ty->getIntegerBitWidth()));
        };
        Value *At = A;
        if (K && A->getType()->isPointerTy())
          At = B.CreatePtrAdd(A, OffsetOf(DL.getIndexType(A->getType())));
        else if (K)
          At = B.CreateAdd(A, OffsetOf(A->getType()));
        Slices[K].push_back(At);
      }
      break;
    }
    default: // uniform
      for (unsigned K = 0; K != V.Copies; ++K)
        Slices[K].push_back(A);
    }
  }
  SmallVector<CallInst *, 4> Calls;
  for (unsigned K = 0; K != V.Copies; ++K) {
    CallInst *C = B.CreateCall(Form, Slices[K]);
    C->setDebugLoc(Call.getDebugLoc());
    Calls.push_back(C);
  }
  if (!Call.getType()->isVoidTy()) {
    SmallVector<Value *, 4> Results(Calls.begin(), Calls.end());
    Call.replaceAllUsesWith(concatenateVectors(B, Results));
  }
  Call.eraseFromParent();
  return Calls;
}

/// SVE: the vectorizer's form is the variant's signature (both are
/// VFABI::createFunctionType's), predicate included: the call is renamed.
static CallInst *lowerScalableCall(CallInst &Call, Function &Target) {
  IRBuilder<> B(&Call);
  SmallVector<Value *, 8> Args(Call.args());
  CallInst *New = B.CreateCall(&Target, Args);
  New->setCallingConv(Target.getCallingConv());
  New->setAttributes(AttributeList::get(
      Call.getContext(), AttributeSet(), AttributeSet(), [&] {
        SmallVector<AttributeSet, 8> PA;
        for (unsigned I = 0, E = Target.arg_size(); I != E; ++I)
          PA.push_back(Target.getAttributes().getParamAttrs(I));
        return PA;
      }()));
  New->setDebugLoc(Call.getDebugLoc());
  if (!Call.getType()->isVoidTy())
    Call.replaceAllUsesWith(New);
  Call.eraseFromParent();
  return New;
}

CallInst *lowerVariantCall(CallInst &Call, const UsableVariant &V,
                           const Function &Scalar) {
  if (V.Copies != 1) {
    UsableVariant One = V;
    One.Copies = 1;
    CallInst *First = nullptr;
    for (CallInst *Part : splitComposedCall(Call, V, Scalar)) {
      CallInst *Lowered = lowerVariantCall(*Part, One, Scalar);
      First = First ? First : Lowered;
    }
    return First;
  }
  const VariantABI &ABI = V.ABI;
  Module &M = *Call.getModule();
  Function *Caller = Call.getFunction();
  Function *Target = M.getFunction(V.Name);
  if (!Target) {
    Target = Function::Create(ABI.FnTy, GlobalValue::ExternalLinkage, V.Name, M);
    setABIParamAttributes(*Target, Scalar.getAttributes(), ABI);
  }
  assert(Target->getFunctionType() == ABI.FnTy &&
         "checked by canDeclareABISymbol before vectorizing");
  if (ABI.Scalable)
    return lowerScalableCall(Call, *Target);

  IRBuilder<> B(&Call);
  SmallVector<Value *, 16> Args;
  AllocaInst *RetSlot = nullptr;
  if (ABI.ReturnsInMemory()) {
    IRBuilder<> EB(&Caller->getEntryBlock(),
                   Caller->getEntryBlock().getFirstInsertionPt());
    RetSlot = EB.CreateAlloca(ArrayType::get(ABI.RetPieceTy, ABI.NumRetPieces),
                              nullptr, "vecclone.ret");
    RetSlot->setAlignment(Align(64));
    Args.push_back(RetSlot);
  }
  for (unsigned I = 0, E = ABI.Params.size(); I != E; ++I) {
    const ParamABI &P = ABI.Params[I];
    Value *A = Call.getArgOperand(I);
    if (V.passesByValue(I))
      A = storeValueArgument(B, A, P, ABI.VLen);
    if (!P.isVectorPassed()) {
      Args.push_back(A);
      continue;
    }
    appendABIValue(B, ABI, toABIElements(B, A, P.PieceTy->getElementType()),
                   P.PieceTy, P.NumPieces, Args);
  }
  BasicBlock *Before = nullptr, *Called = nullptr;
  Value *OtherResult = nullptr; // the result when the variant is not called
  if (ABI.Masked) {
    Value *Mask = Call.getArgOperand(Call.arg_size() - 1);
    appendMask(B, Mask, ABI, Args);
    auto *C = dyn_cast<Constant>(Mask);
    if (!C || !C->isAllOnesValue()) {
      Before = Call.getParent();
      OtherResult = Call.getType()->isVoidTy()
                        ? nullptr
                        : Constant::getNullValue(Call.getType());
      Instruction *Then = SplitBlockAndInsertIfThen(
          B.CreateOrReduce(Mask), &Call, /*Unreachable=*/false);
      Called = Then->getParent();
      B.SetInsertPoint(Then);
    }
  }

  // appendABIValue gave vector pieces their call form already.
  for (unsigned I = 0, E = Args.size(); I != E; ++I)
    Args[I] = B.CreateBitCast(Args[I], ABI.FnTy->getParamType(I));
  CallInst *New = B.CreateCall(Target, Args);
  New->setCallingConv(Target->getCallingConv());
  New->setAttributes(AttributeList::get(
      M.getContext(), AttributeSet(), AttributeSet(),
      [&] {
        SmallVector<AttributeSet, 16> PA;
        for (unsigned I = 0, E = Target->arg_size(); I != E; ++I)
          PA.push_back(Target->getAttributes().getParamAttrs(I));
        return PA;
      }()));
  New->setDebugLoc(Call.getDebugLoc());

  Value *Result = New;
  if (ABI.RetPieceTy && !RetSlot)
    Result = joinABIValue(B, ABI, {New}, ABI.RetPieceTy, ABI.NumRetPieces);
  Type *RetTy = Scalar.getReturnType();
  if (RetSlot)
    Result = B.CreateAlignedLoad(
        FixedVectorType::get(ABI.RetPieceTy->getElementType(), ABI.VLen),
        RetSlot, Align(64));
  if (!RetTy->isVoidTy())
    Result = fromABIElements(B, Result, RetTy);
  if (Called && !Call.getType()->isVoidTy()) {
    B.SetInsertPoint(&Call); // first in the block after the guarded call
    PHINode *Phi = B.CreatePHI(Call.getType(), 2, "vecclone.masked.ret");
    Phi->addIncoming(Result, Called);
    Phi->addIncoming(OtherResult, Before);
    Result = Phi;
  }
  if (!Call.getType()->isVoidTy())
    Call.replaceAllUsesWith(Result);
  Call.eraseFromParent();

  // Vector arguments wider than the caller's legal width would be split
  // across registers by the backend: make the caller's width cover them.
  unsigned Have = 0;
  Caller->getFnAttribute("min-legal-vector-width")
      .getValueAsString()
      .getAsInteger(10, Have);
  if (ABI.MaxVectorBits > Have)
    Caller->addFnAttr("min-legal-vector-width", utostr(ABI.MaxVectorBits));
  return New;
}

} // namespace vecclone
