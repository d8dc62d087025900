//===- VariantBuilder.cpp - Define one vector variant ---------------------===//
//
/// \file
/// Builds a variant as
/// \code
///   entry:  vector arguments -> lane arrays; mask -> lane array of CDT width
///   header: lane = phi [0, entry], [lane+1, latch]; (masked) skip if inactive
///   body:   r = scalar(args of lane)        ; inlined when allowed
///   latch:  ret[lane] = r; loop while lane+1 < VL
///   exit:   return ret as vector(s)
/// \endcode
/// The loop carries `llvm.loop.vectorize.width = VL` and parallel-access
/// metadata: OpenMP's declare simd promises the lanes may run concurrently,
/// which is what GCC's clones assume too (safelen = simdlen). Lane arrays are
/// read and written whole outside the loop, so after vectorization SROA turns
/// them into vector registers. Inactive lanes branch around the body, so the
/// vectorizer predicates their memory accesses: they never touch memory.
//
//===----------------------------------------------------------------------===//

#include "vecclone/VariantBuilder.h"
#include "vecclone/PointeeTypes.h"
#include "vecclone/ScalarContraction.h"
#include "vecclone/TerminateScopes.h"
#include "vecclone/ValueSlots.h"
#include "vecclone/VariantCallLowering.h"
#include "vecclone/VariantSet.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "vplan-ext/InterleaveGapFill.h"
#include "vplan-ext/LaneLocals.h"
#include "vplan-ext/LaneLoopFission.h"
#include "vplan-ext/LaneLoopMetadata.h"
#include "vplan-ext/LaneLoopPrep.h"
#include "vplan-ext/LoweringRules.h"
#include "vplan-ext/WideIntDivision.h"
#include "llvm/Support/CommandLine.h"
#include <optional>

using namespace llvm;

static cl::opt<unsigned> MaxLaneDivisions(
    "vecclone-max-lane-divisions", cl::init(512),
    cl::desc("Most scalar divisions (integer divisions the vectorizer cannot "
             "widen, times the variant's lanes) a vectorized variant may "
             "have; a variant over it calls its body lane by lane"));

namespace vecclone {

static constexpr const char *LaneArrayMD = vplanext::LaneArrayMDName;

static bool hasStringTag(const MDNode *LoopID, StringRef Tag) {
  if (!LoopID)
    return false;
  for (const MDOperand &Op : LoopID->operands()) {
    auto *N = dyn_cast_or_null<MDNode>(Op.get());
    if (!N || N->getNumOperands() == 0)
      continue;
    if (auto *S = dyn_cast<MDString>(N->getOperand(0)); S && S->getString() == Tag)
      return true;
  }
  return false;
}

bool isLaneLoopID(const MDNode *LoopID) {
  return hasStringTag(LoopID, LaneLoopTag);
}

bool isVectorizedLoopID(const MDNode *LoopID) {
  return hasStringTag(LoopID, "llvm.loop.isvectorized");
}

namespace {

/// Builds one variant; state shared by the steps of buildVariant.
class VariantBodyBuilder {
public:
  VariantBodyBuilder(Function &Scalar, Function &Variant, const VariantABI &ABI)
      : Scalar(Scalar), V(Variant), ABI(ABI), Ctx(Scalar.getContext()),
        B(Ctx) {}

  /// One loop over the lanes.
  struct LaneLoop {
    BasicBlock *Header = nullptr;
    BasicBlock *Latch = nullptr;
    BasicBlock *Done = nullptr;
    CallInst *Call = nullptr;
    PHINode *Lane = nullptr;
    Value *Result = nullptr; ///< The return array read whole, if any.
    /// Linear integer arguments computed without wrap, by parameter.
    SmallVector<std::pair<Instruction *, unsigned>, 2> NoWrapLinear;
  };

  /// Builds the body; returns the loop meant for the vectorizer. With
  /// \p AllowGuard, bases whose linear lanes would wrap go to an out-of-line
  /// fallback (fallbackFunction()).
  LaneLoop build(bool AllowGuard);
  Function *fallbackFunction() const { return FallbackFn; }
  void tagLoopAccesses(MDNode *AccessGroup, ArrayRef<BasicBlock *> Headers);
  void widenNoWrapLinear(const LaneLoop &L);
  BasicBlock *header() const { return Header; }

private:
  AllocaInst *createLaneArray(Type *EltTy, const Twine &Name);
  Value *lanePtr(AllocaInst *Array, Value *Lane);
  void spillVectorParams();
  void spillMask();
  void prepareUValCopies();
  void prepareOwnedCopies();
  Value *laneArgument(const ParamABI &P, unsigned ParamNo, Value *Lane,
                      bool NoWrap);
  Value *noWrapCondition();
  Function *createFallback();
  LaneLoop emitLaneLoop(StringRef Prefix, bool NoWrap, AllocaInst *Ret,
                        BasicBlock *Exit);
  Value *scaledStep(const ParamABI &P, unsigned ParamNo, Value *Lane,
                    uint64_t ElementBytes);
  void emitReturn(Value *Whole);

  Function &Scalar;
  Function &V;
  const VariantABI &ABI;
  LLVMContext &Ctx;
  IRBuilder<> B;
  BasicBlock *Entry = nullptr;
  BasicBlock *Header = nullptr;
  SmallVector<AllocaInst *, 8> ParamArrays; ///< Per parameter, or null.
  SmallVector<Value *, 8> UValBase;         ///< Loaded value for U params.
  AllocaInst *MaskArray = nullptr;
  Type *MaskEltTy = nullptr;
  AllocaInst *RetArray = nullptr;
  Function *FallbackFn = nullptr;
  bool GuardedNoWrap = false;
};

} // namespace

AllocaInst *VariantBodyBuilder::createLaneArray(Type *EltTy, const Twine &Name) {
  // SVE: one scalable vector's worth of lanes, stored and loaded whole as
  // the variant's scalable arguments and result.
  return vplanext::createLaneArray(V, EltTy, ABI.lanes(), Name);
}

Value *VariantBodyBuilder::lanePtr(AllocaInst *Array, Value *Lane) {
  return vplanext::laneArraySlot(B, Array, Lane);
}

/// A scalable argument in the lane array's element type (abiElementType):
/// `_Bool` lanes as bytes (an i1 vector is stored as packed bits, which the
/// per-lane byte accesses would misread), pointers as 64-bit integers.
static Value *toLaneElements(IRBuilderBase &B, Value *Arg, Type *Elt) {
  auto *VT = cast<VectorType>(Arg->getType());
  if (VT->getElementType() == Elt)
    return Arg;
  auto *To = VectorType::get(Elt, VT->getElementCount());
  if (VT->getElementType()->isPointerTy())
    return B.CreatePtrToInt(Arg, To);
  return B.CreateZExt(Arg, To);
}

/// Vector arguments arrive in register-sized pieces; join them and store the
/// whole vector once, so the array has one wide store and SROA can promote it.
void VariantBodyBuilder::spillVectorParams() {
  ParamArrays.assign(ABI.Params.size(), nullptr);
  for (unsigned I = 0, E = ABI.Params.size(); I != E; ++I) {
    const ParamABI &P = ABI.Params[I];
    if (!P.isVectorPassed())
      continue;
    SmallVector<Value *, 8> Args;
    for (unsigned K = 0; K != P.NumArgs; ++K)
      Args.push_back(V.getArg(P.FirstArg + K));
    Value *Whole =
        ABI.Scalable
            ? toLaneElements(B, Args.front(), P.PieceTy->getElementType())
            : joinABIValue(B, ABI, Args, P.PieceTy, P.NumPieces);
    AllocaInst *Arr = createLaneArray(P.PieceTy->getElementType(),
                                      "vec.arg" + Twine(I));
    B.CreateAlignedStore(Whole, Arr, Arr->getAlign());
    ParamArrays[I] = Arr;
  }
}

/// Normalises GCC's mask into a lane array of CDT-width integers (NDS-width
/// for AdvSIMD: the data's element width, so the vectorized loop needs no
/// mask packing): non-zero is active.
void VariantBodyBuilder::spillMask() {
  if (!ABI.Masked)
    return;
  ScalarClass C = *classifyScalar(ABI.CDT);
  MaskEltTy = IntegerType::get(Ctx, C.Bits);
  if (ABI.Scalable) {
    // The predicate as one byte per lane.
    MaskEltTy = B.getInt8Ty();
    Value *Bytes = toLaneElements(B, V.getArg(ABI.FirstMaskArg), MaskEltTy);
    MaskArray = createLaneArray(MaskEltTy, "mask");
    B.CreateAlignedStore(Bytes, MaskArray, MaskArray->getAlign());
    return;
  }
  if (ABI.ISA == ISAClass::AdvSIMD) {
    MaskEltTy = IntegerType::get(Ctx, ABI.MaskEltBits);
    SmallVector<Value *, 1> Args;
    for (unsigned K = 0; K != ABI.NumMaskArgs; ++K)
      Args.push_back(V.getArg(ABI.FirstMaskArg + K));
    Value *Whole =
        joinABIValue(B, ABI, Args, cast<FixedVectorType>(ABI.MaskPieceTy),
                     ABI.NumMaskPieces);
    MaskArray = createLaneArray(MaskEltTy, "mask");
    B.CreateAlignedStore(Whole, MaskArray, MaskArray->getAlign());
    return;
  }
  SmallVector<Value *, 8> Pieces;
  for (unsigned K = 0; K != ABI.NumMaskPieces; ++K) {
    Value *Arg = V.getArg(ABI.FirstMaskArg + K);
    if (ABI.ISA == ISAClass::AVX512) {
      // Bit i of mask word k is lane k * LanesPerPiece + i.
      Value *Bits = B.CreateTrunc(Arg, B.getIntNTy(ABI.MaskLanesPerPiece));
      Value *Bools = B.CreateBitCast(
          Bits, FixedVectorType::get(B.getInt1Ty(), ABI.MaskLanesPerPiece));
      Pieces.push_back(B.CreateSExt(
          Bools, FixedVectorType::get(MaskEltTy, ABI.MaskLanesPerPiece)));
      continue;
    }
    // b/c/d: the lane's bit pattern read as an integer of the same width
    // (a float mask carries all-ones/all-zeros patterns, not values).
    Pieces.push_back(B.CreateBitCast(
        Arg, FixedVectorType::get(MaskEltTy, ABI.MaskLanesPerPiece)));
  }
  Value *Whole =
      Pieces.size() == 1 ? Pieces.front() : concatenateVectors(B, Pieces);
  MaskArray = createLaneArray(MaskEltTy, "mask");
  B.CreateAlignedStore(Whole, MaskArray, MaskArray->getAlign());
}

/// `linear(uval(r))`: the reference is uniform, each lane sees a private copy
/// holding *r + lane * step (GCC copies the value once in the entry).
void VariantBodyBuilder::prepareUValCopies() {
  UValBase.assign(ABI.Params.size(), nullptr);
  for (unsigned I = 0, E = ABI.Params.size(); I != E; ++I) {
    const ParamABI &P = ABI.Params[I];
    if (P.Kind != VFParamKind::OMP_LinearUVal &&
        P.Kind != VFParamKind::OMP_LinearUValPos)
      continue;
    Type *ValTy = pointeeType(*Scalar.getArg(I));
    assert(ValTy && "checked by whyCannotBuild");
    UValBase[I] = B.CreateLoad(ValTy, V.getArg(P.FirstArg), "uval.base");
    ParamArrays[I] = createLaneArray(ValTy, "uval.copy" + Twine(I));
  }
}

/// A uniform class passed by value (ownedCopyBytes): each lane works on a
/// copy of its own, as each scalar call had its own temporary. The copies
/// are made before the lane loop, which a copy inside it would keep scalar.
void VariantBodyBuilder::prepareOwnedCopies() {
  for (unsigned I = 0, E = ABI.Params.size(); I != E; ++I) {
    if (ABI.Params[I].Kind != VFParamKind::OMP_Uniform)
      continue;
    uint64_t Bytes = ownedCopyBytes(*Scalar.getArg(I));
    assert(Bytes != UnknownCopyBytes && "checked by whyCannotBuild");
    if (!Bytes)
      continue;
    AllocaInst *Copies = createLaneArray(
        ArrayType::get(B.getInt8Ty(), alignTo(Bytes, 16)), "copy" + Twine(I));
    ParamArrays[I] = Copies;
    for (unsigned L = 0; L != ABI.VLen; ++L)
      B.CreateMemCpy(lanePtr(Copies, B.getInt64(L)), Align(16),
                     V.getArg(ABI.Params[I].FirstArg), Align(1), Bytes);
  }
}

/// lane * step, where the step is a constant or the uniform parameter named
/// by a *Pos kind, scaled by \p ElementBytes (1 for constant byte steps).
Value *VariantBodyBuilder::scaledStep(const ParamABI &P, unsigned ParamNo,
                                      Value *Lane, uint64_t ElementBytes) {
  bool IsPos = P.Kind == VFParamKind::OMP_LinearPos ||
               P.Kind == VFParamKind::OMP_LinearRefPos ||
               P.Kind == VFParamKind::OMP_LinearUValPos;
  if (!IsPos)
    return B.CreateMul(Lane, B.getInt64(P.StepOrPos));
  const ParamABI &StepP = ABI.Params[P.StepOrPos];
  Value *Step = B.CreateSExtOrTrunc(V.getArg(StepP.FirstArg), B.getInt64Ty());
  if (ElementBytes != 1)
    Step = B.CreateMul(Step, B.getInt64(ElementBytes));
  return B.CreateMul(Lane, Step);
}

Value *VariantBodyBuilder::laneArgument(const ParamABI &P, unsigned ParamNo,
                                        Value *Lane, bool NoWrap) {
  Value *Arg = V.getArg(P.FirstArg);
  Type *Ty = P.ScalarTy;
  const DataLayout &DL = V.getDataLayout();
  switch (P.Kind) {
  case VFParamKind::Vector:
  case VFParamKind::OMP_LinearVal:
  case VFParamKind::OMP_LinearValPos: {
    AllocaInst *Arr = ParamArrays[ParamNo];
    Type *Elt = P.PieceTy->getElementType();
    Value *X = B.CreateLoad(Elt, lanePtr(Arr, Lane), "lane.arg");
    if (Ty->isPointerTy())
      return B.CreateIntToPtr(X, Ty);
    if (Ty->isIntegerTy(1))
      return B.CreateTrunc(X, Ty);
    return X;
  }
  case VFParamKind::OMP_Uniform: {
    AllocaInst *Copies = ParamArrays[ParamNo];
    return Copies ? lanePtr(Copies, Lane) : Arg;
  }
  case VFParamKind::OMP_Linear:
  case VFParamKind::OMP_LinearPos: {
    if (Ty->isPointerTy()) {
      // Constant steps are mangled in bytes; variable steps count elements.
      uint64_t EltBytes = 1;
      if (P.Kind == VFParamKind::OMP_LinearPos)
        EltBytes = DL.getTypeAllocSize(pointeeType(*Scalar.getArg(ParamNo)));
      return B.CreatePtrAdd(Arg, scaledStep(P, ParamNo, Lane, EltBytes));
    }
    Value *Offset = B.CreateTrunc(scaledStep(P, ParamNo, Lane, 1), Ty);
    return B.CreateAdd(Arg, Offset, Twine(), /*NUW=*/false, /*NSW=*/NoWrap);
  }
  case VFParamKind::OMP_LinearRef:
  case VFParamKind::OMP_LinearRefPos: {
    uint64_t EltBytes = 1;
    if (P.Kind == VFParamKind::OMP_LinearRefPos)
      EltBytes = DL.getTypeAllocSize(pointeeType(*Scalar.getArg(ParamNo)));
    return B.CreatePtrAdd(Arg, scaledStep(P, ParamNo, Lane, EltBytes));
  }
  case VFParamKind::OMP_LinearUVal:
  case VFParamKind::OMP_LinearUValPos: {
    Value *Base = UValBase[ParamNo];
    Value *Val;
    if (Base->getType()->isPointerTy()) {
      Val = B.CreatePtrAdd(Base, scaledStep(P, ParamNo, Lane, 1));
    } else {
      Val = B.CreateAdd(
          Base, B.CreateTrunc(scaledStep(P, ParamNo, Lane, 1), Base->getType()));
    }
    Value *Slot = lanePtr(ParamArrays[ParamNo], Lane);
    B.CreateStore(Val, Slot);
    return Slot;
  }
  default:
    llvm_unreachable("parameter kind rejected by computeVariantABI");
  }
}

void VariantBodyBuilder::emitReturn(Value *Whole) {
  if (!Whole) {
    B.CreateRetVoid();
    return;
  }
  if (ABI.Scalable) {
    // Back from the lane array's elements to the signature's.
    auto *RetTy = cast<VectorType>(V.getReturnType());
    if (RetTy->getElementType()->isPointerTy())
      Whole = B.CreateIntToPtr(Whole, RetTy);
    else if (Whole->getType() != RetTy)
      Whole = B.CreateTrunc(Whole, RetTy);
    B.CreateRet(Whole);
    return;
  }
  if (!ABI.ReturnsInMemory()) {
    SmallVector<Value *, 1> Ret;
    appendABIValue(B, ABI, Whole, ABI.RetPieceTy, ABI.NumRetPieces, Ret);
    B.CreateRet(Ret.front());
    return;
  }
  // GCC returns an array of register-sized vectors through the hidden
  // pointer; LLVM's sret lowering also returns that pointer in %rax.
  unsigned Lanes = ABI.RetPieceTy->getNumElements();
  Value *Out = V.getArg(0);
  uint64_t PieceBytes = V.getDataLayout().getTypeAllocSize(ABI.RetPieceTy);
  for (unsigned K = 0; K != ABI.NumRetPieces; ++K) {
    Value *Piece = B.CreateShuffleVector(
        Whole, createSequentialMask(K * Lanes, Lanes, 0));
    B.CreateAlignedStore(Piece, B.CreateConstInBoundsGEP1_64(
                                    B.getInt8Ty(), Out, K * PieceBytes),
                         Align(std::min<uint64_t>(PieceBytes, 64)));
  }
  B.CreateRetVoid();
}

/// The condition under which no linear integer narrower than 64 bits wraps
/// on any lane: base + (VL-1) * step stays in the signed range. Null when
/// no parameter needs it (or no base could satisfy it).
Value *VariantBodyBuilder::noWrapCondition() {
  Value *Cond = nullptr;
  for (const ParamABI &P : ABI.Params) {
    auto *IT = dyn_cast<IntegerType>(P.ScalarTy);
    if (P.Kind != VFParamKind::OMP_Linear || !IT || IT->getBitWidth() >= 64)
      continue;
    unsigned W = IT->getBitWidth();
    APInt Max = APInt::getSignedMaxValue(W), Min = APInt::getSignedMinValue(W);
    // SVE: up to 16 granules (2048 bits) of VLen lanes each.
    int64_t MaxLanes = ABI.Scalable ? int64_t(ABI.VLen) * 16 : ABI.VLen;
    int64_t Span = (MaxLanes - 1) * P.StepOrPos;
    if (Span > Max.getSExtValue() || Span < Min.getSExtValue())
      return nullptr; // every base wraps somewhere: keep the plain loop
    Value *Arg = V.getArg(P.FirstArg);
    Value *Ok =
        Span >= 0
            ? B.CreateICmpSLE(Arg, ConstantInt::get(IT, Max.getSExtValue() - Span))
            : B.CreateICmpSGE(Arg, ConstantInt::get(IT, Min.getSExtValue() - Span));
    Cond = Cond ? B.CreateAnd(Cond, Ok) : Ok;
  }
  return Cond;
}

VariantBodyBuilder::LaneLoop
VariantBodyBuilder::emitLaneLoop(StringRef Prefix, bool NoWrap,
                                 AllocaInst *Ret, BasicBlock *Exit) {
  LaneLoop L;
  L.Header = BasicBlock::Create(Ctx, Prefix + ".header", &V);
  BasicBlock *Body = BasicBlock::Create(Ctx, Prefix + ".body", &V);
  L.Latch = BasicBlock::Create(Ctx, Prefix + ".latch", &V);
  BasicBlock *Done = BasicBlock::Create(Ctx, Prefix + ".done", &V);
  BasicBlock *Pre = B.GetInsertBlock();
  // SVE: vscale x VLen lanes, known at run time.
  Value *TripCount = B.CreateElementCount(B.getInt64Ty(), ABI.lanes());
  B.CreateBr(L.Header);

  B.SetInsertPoint(L.Header);
  PHINode *Lane = B.CreatePHI(B.getInt64Ty(), 2, Prefix);
  Lane->addIncoming(B.getInt64(0), Pre);
  // SVE: the vector arguments' lanes are read before the lane test. A lane
  // array is vscale x VLen lanes long, which the vectorizer cannot prove
  // dereferenceable: read under the mask it would stay a masked load of the
  // stack, one SROA cannot promote. The read is always in bounds.
  SmallVector<Value *, 8> Early(ABI.Params.size(), nullptr);
  if (ABI.Scalable)
    for (unsigned I = 0, E = ABI.Params.size(); I != E; ++I)
      if (ABI.Params[I].Kind == VFParamKind::Vector)
        Early[I] = laneArgument(ABI.Params[I], I, Lane, NoWrap);
  if (ABI.Masked) {
    Value *M = B.CreateLoad(MaskEltTy, lanePtr(MaskArray, Lane), "lane.mask");
    B.CreateCondBr(B.CreateIsNotNull(M, "lane.active"), Body, L.Latch);
  } else {
    B.CreateBr(Body);
  }

  B.SetInsertPoint(Body);
  SmallVector<Value *, 8> Args;
  for (unsigned I = 0, E = ABI.Params.size(); I != E; ++I) {
    Value *A =
        Early[I] ? Early[I] : laneArgument(ABI.Params[I], I, Lane, NoWrap);
    Args.push_back(A);
    if (NoWrap && ABI.Params[I].Kind == VFParamKind::OMP_Linear &&
        ABI.Params[I].ScalarTy->isIntegerTy())
      if (auto *Inst = dyn_cast<Instruction>(A))
        L.NoWrapLinear.push_back({Inst, I});
  }
  CallInst *Call = B.CreateCall(&Scalar, Args);
  // Per-lane scalar calls keep the scalar's parameter attributes (each lane
  // is a complete scalar call), and nobuiltin keeps the caller-side
  // vectorizer from mapping this call back onto a variant.
  AttributeList SA = Scalar.getAttributes();
  SmallVector<AttributeSet, 8> ParamAttrs;
  for (unsigned I = 0, E = Scalar.arg_size(); I != E; ++I)
    ParamAttrs.push_back(SA.getParamAttrs(I));
  Call->setAttributes(AttributeList::get(Ctx, AttributeSet(), SA.getRetAttrs(),
                                         ParamAttrs));
  Call->addFnAttr(Attribute::NoBuiltin);
  Call->setCallingConv(Scalar.getCallingConv());
  L.Call = Call;
  L.Lane = Lane;
  Value *Result = Call;
  Type *RetTy = Scalar.getReturnType();
  if (RetTy->isPointerTy())
    Result = B.CreatePtrToInt(Result, B.getInt64Ty());
  else if (RetTy->isIntegerTy(1))
    Result = B.CreateZExt(Result, B.getInt8Ty());
  B.CreateBr(L.Latch);
  BasicBlock *BodyEnd = B.GetInsertBlock();

  B.SetInsertPoint(L.Latch);
  if (Ret) {
    Value *Store = Result;
    if (ABI.Masked) {
      // Inactive lanes' results are unspecified; a phi with poison becomes a
      // select the vectorizer can fold, instead of a masked store. But a
      // return narrower than a register travels as a scalar (<4 x i8> as an
      // i32, <4 x i16> as a double), which one poison lane makes poison
      // entirely, active lanes included (the fuzzer's seeds 20017, fz500408,
      // and 120024, fz3000587: they came back 0 or garbage): there,
      // inactive lanes return 0.
      Type *RT = Result->getType();
      Type *ABIRet = ABI.FnTy->getReturnType();
      Constant *Inactive =
          ABIRet->isIntegerTy() || ABIRet->isFloatingPointTy()
              ? Constant::getNullValue(RT)
              : PoisonValue::get(RT);
      PHINode *Phi = B.CreatePHI(RT, 2, "lane.ret");
      Phi->addIncoming(Result, BodyEnd);
      Phi->addIncoming(Inactive, L.Header);
      Store = Phi;
    }
    B.CreateStore(Store, lanePtr(Ret, Lane));
  }
  Value *Next = B.CreateAdd(Lane, B.getInt64(1), Prefix + ".next",
                            /*NUW=*/true, /*NSW=*/true);
  Lane->addIncoming(Next, L.Latch);
  B.CreateCondBr(B.CreateICmpEQ(Next, TripCount), Done, L.Header);

  B.SetInsertPoint(Done);
  if (Ret)
    L.Result = B.CreateAlignedLoad(
        ABI.irVectorType(FixedVectorType::get(
            ABI.RetPieceTy->getElementType(), ABI.VLen)),
        Ret, Ret->getAlign());
  L.Done = Done;
  B.CreateBr(Exit);
  return L;
}

VariantBodyBuilder::LaneLoop VariantBodyBuilder::build(bool AllowGuard) {
  Entry = BasicBlock::Create(Ctx, "entry", &V);
  BasicBlock *Exit = BasicBlock::Create(Ctx, "lane.exit", &V);
  B.SetInsertPoint(Entry);
  // Linear integer arguments: lane l sees base + l*step, which may wrap for
  // bases near the type's limit. The vectorized loop assumes it does not
  // (so sign extensions become 64-bit index arithmetic and need no runtime
  // check); the rare wrapping bases go to an out-of-line copy of the
  // variant that calls the scalar function per lane. Keeping that loop out
  // of line keeps the vector path free of a stack frame.
  if (Value *NoWrap = AllowGuard ? noWrapCondition() : nullptr) {
    BasicBlock *Vector = BasicBlock::Create(Ctx, "lane.nowrap", &V, Exit);
    BasicBlock *Wrap = BasicBlock::Create(Ctx, "lane.wrap", &V, Exit);
    B.CreateCondBr(NoWrap, Vector, Wrap,
                   MDBuilder(Ctx).createLikelyBranchWeights());
    B.SetInsertPoint(Wrap);
    FallbackFn = createFallback();
    SmallVector<Value *, 16> Args;
    for (Argument &A : V.args())
      Args.push_back(&A);
    CallInst *Call = B.CreateCall(FallbackFn, Args);
    Call->setCallingConv(FallbackFn->getCallingConv());
    Call->setAttributes(FallbackFn->getAttributes());
    Call->setTailCall();
    if (V.getReturnType()->isVoidTy())
      B.CreateRetVoid();
    else
      B.CreateRet(Call);
    B.SetInsertPoint(Vector);
    GuardedNoWrap = true;
  }
  spillVectorParams();
  spillMask();
  prepareUValCopies();
  prepareOwnedCopies();
  if (ABI.RetPieceTy)
    RetArray = createLaneArray(ABI.RetPieceTy->getElementType(), "ret");
  LaneLoop Main = emitLaneLoop("lane", GuardedNoWrap, RetArray, Exit);
  Header = Main.Header;
  B.SetInsertPoint(Exit);
  emitReturn(Main.Result);
  return Main;
}

/// The same variant, out of line: a lane loop calling the scalar function,
/// never vectorized. It serves the bases that would wrap.
Function *VariantBodyBuilder::createFallback() {
  Function *F = Function::Create(V.getFunctionType(),
                                 GlobalValue::InternalLinkage,
                                 V.getName() + ".wrap", V.getParent());
  F->copyAttributesFrom(&V);
  F->setVisibility(GlobalValue::DefaultVisibility);
  F->setDLLStorageClass(GlobalValue::DefaultStorageClass);
  F->setDSOLocal(true);
  F->removeFnAttr(VariantOfAttr);
  F->addFnAttr(Attribute::NoInline);
  F->addFnAttr(Attribute::Cold);
  for (unsigned I = 0, E = V.arg_size(); I != E; ++I)
    F->getArg(I)->setName(V.getArg(I)->getName());
  VariantBodyBuilder Plain(Scalar, *F, ABI);
  LaneLoop L = Plain.build(/*AllowGuard=*/false);
  Metadata *Props[] = {
      nullptr,
      MDNode::get(Ctx, {MDString::get(Ctx, "llvm.loop.vectorize.enable"),
                        ConstantAsMetadata::get(ConstantInt::getFalse(Ctx))}),
      MDNode::get(Ctx, {MDString::get(Ctx, "vecclone.lane.fallback")})};
  MDNode *ID = MDNode::getDistinct(Ctx, Props);
  ID->replaceOperandWith(0, ID);
  L.Latch->getTerminator()->setMetadata(LLVMContext::MD_loop, ID);
  return F;
}

/// The 64-bit form of \p BO, one of the scalar body's `nsw` operations on a
/// value whose 64-bit form is \p Wide (operand \p OpNo of \p BO); null when
/// it has none. The scalar call does not overflow there (that would be
/// undefined), so sext(a op b) == sext(a) op sext(b) on every lane: an AoS
/// index 3*i+1, or an accessor's `i + nx * n`, whose other operand is
/// computed once for all lanes.
static Value *widenNoSignedWrapOp(BinaryOperator &BO, unsigned OpNo,
                                  Value *Wide) {
  if (!BO.hasNoSignedWrap())
    return nullptr;
  Value *Other = BO.getOperand(1 - OpNo);
  Instruction::BinaryOps Opc = BO.getOpcode();
  if (Opc == Instruction::Shl) {
    // Only as the shifted value, by an amount below the narrow width.
    auto *C = dyn_cast<ConstantInt>(Other);
    if (OpNo != 0 || !C ||
        C->getZExtValue() >= BO.getType()->getIntegerBitWidth())
      return nullptr;
  } else if (Opc != Instruction::Add && Opc != Instruction::Sub &&
             Opc != Instruction::Mul) {
    return nullptr;
  }
  IRBuilder<> B(BO.getNextNode());
  Value *WideOther = Opc == Instruction::Shl
                         ? B.getInt64(cast<ConstantInt>(Other)->getZExtValue())
                         : B.CreateSExt(Other, Wide->getType());
  Value *L = OpNo == 0 ? Wide : WideOther, *R = OpNo == 0 ? WideOther : Wide;
  auto *W = cast<BinaryOperator>(B.CreateBinOp(Opc, L, R));
  W->setHasNoSignedWrap(true);
  return W;
}

/// In the no-wrap loop, sext(base + lane*step) equals sext(base) + lane*step,
/// and likewise through the body's `nsw` arithmetic (widenNoSignedWrapOp):
/// rewriting the body's sign extensions in 64-bit form gives the vectorizer
/// an index it sees as consecutive, so it needs no overflow check (which
/// would also keep the return array in memory).
void VariantBodyBuilder::widenNoWrapLinear(const LaneLoop &L) {
  for (auto [LA, ParamNo] : L.NoWrapLinear) {
    const ParamABI &P = ABI.Params[ParamNo];
    IRBuilder<> IB(LA->getNextNode());
    Value *Base = IB.CreateSExt(V.getArg(P.FirstArg), IB.getInt64Ty());
    Value *Wide = IB.CreateAdd(
        Base, IB.CreateMul(L.Lane, IB.getInt64(P.StepOrPos)), "lane.lin64",
        /*NUW=*/false, /*NSW=*/true);
    SmallVector<std::pair<Instruction *, Value *>, 4> Work{{LA, Wide}};
    while (!Work.empty()) {
      auto [Narrow, W] = Work.pop_back_val();
      for (Use &U : make_early_inc_range(Narrow->uses())) {
        if (auto *SE = dyn_cast<SExtInst>(U.getUser());
            SE && SE->getType() == W->getType()) {
          SE->replaceAllUsesWith(W);
          SE->eraseFromParent();
          continue;
        }
        if (auto *BO = dyn_cast<BinaryOperator>(U.getUser()))
          if (Value *WBO = widenNoSignedWrapOp(*BO, U.getOperandNo(), W))
            Work.push_back({BO, WBO});
      }
    }
  }
}

/// Whether \p Ptr addresses a local of the scalar body: one object all
/// lanes share (a lane array is each lane's own).
static bool isBodyLocal(const Value *Ptr) {
  auto *AI = dyn_cast<AllocaInst>(getUnderlyingObject(Ptr));
  return AI && !AI->getMetadata(LaneArrayMD);
}

/// Whether the lanes' independence covers memory access \p I: declare simd
/// promises that lanes may run concurrently, so no lane touches memory
/// another lane writes -- except the body's locals, one object shared by
/// all lanes, whose dependence the vectorizer must see.
static bool isLaneParallelAccess(const Instruction &I) {
  if (!I.mayReadOrWriteMemory())
    return false;
  if (auto *Ptr = getLoadStorePointerOperand(&I); Ptr && isBodyLocal(Ptr))
    return false;
  if (auto *CB = dyn_cast<CallBase>(&I))
    return none_of(CB->args(), [&](const Use &U) {
      return U->getType()->isPointerTy() && isBodyLocal(U.get());
    });
  return true;
}

/// Marks the loop's memory accesses as free of lane-to-lane dependences
/// (isLaneParallelAccess).
void VariantBodyBuilder::tagLoopAccesses(MDNode *AccessGroup,
                                         ArrayRef<BasicBlock *> Headers) {
  DominatorTree DT(V);
  LoopInfo LI(DT);
  SmallPtrSet<BasicBlock *, 32> Blocks;
  for (BasicBlock *H : Headers) {
    Loop *L = LI.getLoopFor(H);
    assert(L && L->getHeader() == H && "lane loop lost its header");
    Blocks.insert(L->block_begin(), L->block_end());
  }
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB)
      if (isLaneParallelAccess(I))
        I.setMetadata(LLVMContext::MD_access_group, AccessGroup);
}

/// Whether the "target-features" list \p Features turns \p Name on (the
/// last of +Name and -Name wins).
static bool enablesFeature(StringRef Features, StringRef Name) {
  bool On = false;
  SmallVector<StringRef, 64> Parts;
  Features.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef F : Parts)
    if (F.drop_front() == Name)
      On = F.front() == '+';
  return On;
}

static void setVariantAttributes(Function &V, const Function &Scalar,
                                 const VariantABI &ABI) {
  LLVMContext &Ctx = V.getContext();
  AttrBuilder AB(Ctx, Scalar.getAttributes().getFnAttrs());
  for (const Attribute &A : Scalar.getAttributes().getFnAttrs())
    if (A.isStringAttribute() && A.getKindAsString().starts_with("_ZGV"))
      AB.removeAttribute(A.getKindAsString());
  for (StringRef S : {"vector-function-abi-variant", "target-features",
                      "min-legal-vector-width", "prefer-vector-width"})
    AB.removeAttribute(S);
  // The variant writes its hidden return pointer and reads lane arrays: the
  // scalar's memory effects no longer describe it.
  AB.removeAttribute(Attribute::Memory);
  AB.removeAttribute(Attribute::AlwaysInline);
  V.addFnAttrs(AB);

  std::string Features =
      Scalar.getFnAttribute("target-features").getValueAsString().str();
  if (!Features.empty())
    Features += ",";
  Features += isaFeatures(ABI.ISA).str();
  V.addFnAttr("target-features", Features);
  // Without this the backend may split 512-bit arguments into two ymm
  // registers and break the ABI (x86 only reads these).
  unsigned Width = registerBits(ABI.ISA, /*IsFloat=*/true);
  if (isX86(ABI.ISA)) {
    // A lane loop of VL lanes holds vectors wider than its class's
    // registers (an 8-lane `d` variant's 64-bit values). On a CPU with
    // AVX-512 whose tuning prefers 256-bit vectors, splitting them is
    // where llc 22 crashes (a <8 x i64> mul of narrow operands, which it
    // would turn into IFMA); with 512-bit vectors legal it keeps them in
    // zmm registers. Arguments no wider than the class's registers pass
    // the same way.
    unsigned Legal = std::max(Width, ABI.MaxVectorBits);
    if (enablesFeature(Features, "avx512f"))
      Legal = std::max(Legal, 512u);
    V.addFnAttr("min-legal-vector-width", utostr(Legal));
    V.addFnAttr("prefer-vector-width", utostr(Width));
  }
  V.addFnAttr(VariantOfAttr, Scalar.getName());
  // LLVM 22's X86 instruction selection never returns on some 256-bit
  // operations (a <4 x i64> truncated to <4 x i16>) with AVX-512F and no
  // AVX512VL under x86-64-v2's tuning; the generic tuning selects them.
  // Only the scheduling model changes: the instructions are the class's.
  if (ABI.ISA == ISAClass::AVX512 && !V.hasFnAttribute("tune-cpu") &&
      V.getFnAttribute("target-cpu").getValueAsString() == "x86-64-v2")
    V.addFnAttr("tune-cpu", "generic");

  setABIParamAttributes(V, Scalar.getAttributes(), ABI);
  for (unsigned I = 0, E = ABI.Params.size(); I != E; ++I) {
    const ParamABI &P = ABI.Params[I];
    for (unsigned K = 0; K < P.NumArgs; ++K)
      V.getArg(P.FirstArg + K)->setName(Scalar.getArg(I)->getName());
  }
  for (unsigned K = 0; K != ABI.NumMaskArgs; ++K)
    V.getArg(ABI.FirstMaskArg + K)->setName("mask");
  if (ABI.ReturnsInMemory())
    V.getArg(0)->setName("ret.out");
}

/// Gives the variant a debug-info subprogram when the scalar has one, so the
/// inlined body keeps valid locations (an inlined call needs a caller scope).
static void attachDebugInfo(Function &V, const Function &Scalar,
                            IRBuilder<> &B) {
  DISubprogram *SP = Scalar.getSubprogram();
  if (!SP)
    return;
  DIBuilder DIB(*V.getParent(), /*AllowUnresolved=*/false, SP->getUnit());
  DISubprogram::DISPFlags Flags = DISubprogram::SPFlagDefinition;
  if (SP->isOptimized())
    Flags |= DISubprogram::SPFlagOptimized;
  DISubprogram *VSP = DIB.createFunction(
      SP->getFile(), V.getName(), V.getName(), SP->getFile(), SP->getLine(),
      SP->getType(), SP->getScopeLine(), DINode::FlagArtificial, Flags);
  V.setSubprogram(VSP);
  DIB.finalizeSubprogram(VSP);
  DebugLoc Loc = DILocation::get(V.getContext(), SP->getLine(), 0, VSP);
  for (Instruction &I : instructions(V))
    I.setDebugLoc(Loc);
}

/// True if a return stays reachable once the inliner's cloning folds the
/// branches it can (CloneAndPruneFunctionInto, which InlineFunction uses,
/// drops untaken edges of constant conditions, also of constant chains):
/// `for (;;)` bodies and llvm-stress's `br i1 (fcmp of constants), %self,
/// %exit` loops have none. Asked of a throw-away pruned clone, so the answer
/// is the inliner's own.
static bool bodyCanReturn(Function &F) {
  Function *Tmp = Function::Create(F.getFunctionType(),
                                   GlobalValue::InternalLinkage,
                                   F.getName() + ".vecclone.probe",
                                   F.getParent());
  ValueToValueMapTy VMap;
  for (auto [From, To] : zip(F.args(), Tmp->args()))
    VMap[&From] = &To;
  SmallVector<ReturnInst *, 4> Returns;
  CloneAndPruneFunctionInto(Tmp, &F, VMap, /*ModuleLevelChanges=*/false,
                            Returns);
  bool Can = !Returns.empty();
  Tmp->eraseFromParent();
  return Can;
}

/// Why the body cannot be copied into another function: label addresses
/// (`&&label`, computed goto) name the scalar function's own blocks, so a
/// copy would jump into the scalar function (InlineFunction does not check
/// this; the inliner's isInlineViable does, along with refusals that do not
/// apply to one level of inlining, such as recursion).
static const char *whyBodyCannotBeCopied(const Function &F) {
  for (const BasicBlock &BB : F) {
    if (isa<IndirectBrInst>(BB.getTerminator()))
      return "the body jumps to a label address (computed goto)";
    if (BB.hasAddressTaken())
      for (const User *U : BlockAddress::get(const_cast<BasicBlock *>(&BB))
                               ->users())
        if (!isa<CallBrInst>(U))
          return "the body takes the address of a label";
  }
  return nullptr;
}

/// The first block of \p V whose control flow no lane loop can be
/// vectorized or cut around (LoweringRules.h): such a variant runs its lanes
/// one by one, each exactly as the scalar body does.
static const char *whyLanesStaySerial(const Function &V) {
  for (const BasicBlock &BB : V)
    if (const char *Why = vplanext::whyNotLaneControlFlow(BB))
      return Why;
  return nullptr;
}

/// A `noexcept` body's calls are invokes whose handler only calls
/// std::terminate. As tagged calls (TerminateScopes.h) they leave the lanes
/// free to run together; CloseTerminateScopesPass gives them, and the
/// variant calls made in their place, the handler back after the vectorizer.
static void openBodyTerminateScopes(Function &V, BasicBlock *LaneHeader) {
  if (!V.hasPersonalityFn())
    return;
  DominatorTree DT(V);
  LoopInfo LI(DT);
  if (Loop *L = LI.getLoopFor(LaneHeader))
    openTerminateScopes(V, L->getBlocks(), LI, /*ORE=*/nullptr);
}

static bool hasIrreducibleControlFlow(Function &F) {
  DominatorTree DT(F);
  LoopInfo LI(DT);
  ReversePostOrderTraversal<Function *> RPOT(&F);
  return containsIrreducibleCFG<BasicBlock *>(RPOT, LI);
}

/// Whether the lane loop headed by \p Header has work for the cut: inner
/// loops, or a call it runs lane by lane.
static bool needsCut(Function &V, BasicBlock *Header) {
  DominatorTree DT(V);
  LoopInfo LI(DT);
  Loop *L = LI.getLoopFor(Header);
  if (!L || L->getHeader() != Header)
    return false;
  if (!L->getSubLoops().empty())
    return true;
  return any_of(L->blocks(), [](const BasicBlock *BB) {
    return vplanext::holdsSerialCall(*BB);
  });
}

/// \p ID with `llvm.loop.vectorize.scalable.enable`: the width is then
/// vscale x N, the lanes of an SVE variant.
static MDNode *withScalableWidth(MDNode *ID) {
  LLVMContext &Ctx = ID->getContext();
  SmallVector<Metadata *, 8> Ops(ID->op_begin(), ID->op_end());
  Ops.push_back(MDNode::get(
      Ctx, {MDString::get(Ctx, "llvm.loop.vectorize.scalable.enable"),
            ConstantAsMetadata::get(ConstantInt::getTrue(Ctx))}));
  MDNode *New = MDNode::getDistinct(Ctx, Ops);
  New->replaceOperandWith(0, New);
  return New;
}

/// Asks vplan-ext's cost model about \p V's uncut lane loop (headed by
/// \p Header); a plan slower than the scalar lane loop keeps it scalar.
static std::optional<vplanext::LaneLoopVerdict>
decideLaneLoop(Function &V, BasicBlock *Header, const VariantABI &ABI,
               const BuildOptions &Opts, BuiltVariant &Out) {
  if (!Opts.DecideLaneLoop)
    return std::nullopt;
  // The plan finds lane loops by their tag, which buildVariant puts on the
  // loops the cut leaves at the end; it reads their width there.
  MDNode *ID = vplanext::makeLaneLoopID(V.getContext(), ABI.VLen, {});
  vplanext::setLaneLoopID(Header, ABI.Scalable ? withScalableWidth(ID) : ID);
  std::optional<vplanext::LaneLoopVerdict> Verdict =
      Opts.DecideLaneLoop(V, Header);
  if (!Verdict)
    return std::nullopt;
  Out.PlanSummary = Verdict->Summary;
  if (Verdict->Vectorize)
    return Verdict;
  Out.ScalarLaneLoopReason = Verdict->whyScalar();
  return std::nullopt;
}

/// What the cut made of the lane loop (\p FR), for the remarks, and, in
/// verify mode, how it compares with the plan's shape (\p Plan).
static void recordCut(const vplanext::FissionResult &FR,
                      const vplanext::PlanShape *Plan, BuiltVariant &Out) {
  Out.NumCuts = FR.NumCuts;
  Out.NumUniformLoops = FR.NumUniformLoops;
  Out.CutFailure = FR.FailReason;
  Out.CutFailureSite = FR.FailSite;
  Out.NumSerialCalls = FR.NumSerialCalls;
  Out.NumBOSCC = FR.NumBOSCC;
  if (Plan)
    Out.PlanMismatch = vplanext::comparePlanWithCut(*Plan, FR);
  for (StringRef C : FR.SerialCallees)
    Out.SerialCallees +=
        (Out.SerialCallees.empty() ? "'" : ", '") + C.str() + "'";
}

/// Whether \p AI is a value slot (ValueSlots.h) of a call to a function
/// with variants: the caller side passes the value stored there, the store
/// and the call side by side, and needs the one slot it recognizes.
static bool isVariantValueSlot(const AllocaInst &AI) {
  for (const Use &U : AI.uses()) {
    auto *CB = dyn_cast<CallBase>(U.getUser());
    const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
    if (Callee && hasVariantAttributes(*Callee) && CB->isArgOperand(&U) &&
        hasValueParam(findValueSlots(*CB), CB->getArgOperandNo(&U)))
      return true;
  }
  return false;
}

/// Gives each lane its own copy of the inlined body's locals (\p Locals,
/// the inliner's static allocas; privatizeLaneLocals), the slots computed
/// where the body starts (after \p BeforeBody in \p BodyBB, or at its
/// start without one). The scalar function has a local per call. A value
/// slot of a call to a function with variants stays shared. Fills \p Out's
/// NumPrivateLocals and SharedLocalsReason; returns the copies.
static SmallVector<vplanext::LaneLocalCopy, 4>
privatizeBodyLocals(Function &V, ArrayRef<AllocaInst *> Locals,
                    BasicBlock *BodyBB, Instruction *BeforeBody, Value *Lane,
                    ElementCount VL, uint64_t MaxBytes, BuiltVariant &Out) {
  Instruction *At = BeforeBody ? BeforeBody->getNextNode()
                               : &*BodyBB->getFirstInsertionPt();
  vplanext::LaneLocals R = vplanext::privatizeLaneLocals(
      V, Locals, At, Lane, VL, MaxBytes, "-vecclone-private-local-bytes",
      isVariantValueSlot);
  Out.SharedLocalsReason = std::move(R.SharedReason);
  Out.NumPrivateLocals = R.Copies.size();
  return std::move(R.Copies);
}

/// Inlines the scalar body at \p Call, the lane loop's call of it, and
/// gives each lane its own copy of the body's locals (privatizeBodyLocals,
/// whose copies it returns).
static SmallVector<vplanext::LaneLocalCopy, 4>
inlineBody(CallInst &Call, Value *Lane, ElementCount VL,
           const BuildOptions &Opts, BuiltVariant &Out) {
  Function &V = *Call.getFunction();
  InlineFunctionInfo IFI;
  // The inlined body starts where the call was: its entry block joins the
  // call's block there.
  BasicBlock *CallBB = Call.getParent();
  Instruction *BeforeCall = Call.getPrevNode();
  InlineResult R = InlineFunction(Call, IFI);
  if (!R.isSuccess()) {
    Out.NotInlinedReason =
        std::string("the inliner refused: ") + R.getFailureReason();
    return {};
  }
  Out.Inlined = true;
  return privatizeBodyLocals(V, IFI.StaticAllocas, CallBB, BeforeCall, Lane,
                             VL, Opts.PrivateLocalBytes, Out);
}

static constexpr const char *ReturnsTwiceReason =
    "the body calls a function that returns twice (setjmp)";

/// Why the lane loop calls \p Scalar instead of a copy of its body, or "".
static std::string whyNotInlined(Function &Scalar, const BuildOptions &Opts) {
  if (!Opts.InlineBody)
    return "body inlining is disabled";
  if (Scalar.hasFnAttribute(Attribute::OptimizeNone))
    return "the scalar function is optnone (-O0)";
  // `noinline` is not asked: it keeps the scalar function's callers from
  // inlining it, while a variant is a copy of its body, as gcc's clones are.
  if (const char *Why = whyBodyCannotBeCopied(Scalar))
    return Why;
  // InlineFunction does not check this itself (the inliner's cost model
  // does): a setjmp in the lane loop would save the variant's frame with
  // every lane's state in it, and a longjmp back would resume all lanes.
  // A body that never returns (for (;;) with no way out) would leave the
  // lane loop without a latch for the next lane; each lane calls the scalar.
  if (!bodyCanReturn(Scalar))
    return "the body never returns";
  if (Scalar.callsFunctionThatReturnsTwice())
    return ReturnsTwiceReason;
  return "";
}

Function *createVariantSymbol(Function &Scalar, StringRef Name,
                              FunctionType *FnTy) {
  Module &M = *Scalar.getParent();
  // An inline, template or constexpr function's variants are defined where
  // the function is emitted, as gcc's are (weak); as linkonce, nothing
  // would call them here and they would be dropped.
  GlobalValue::LinkageTypes Linkage = Scalar.getLinkage();
  if (Linkage == GlobalValue::LinkOnceODRLinkage)
    Linkage = GlobalValue::WeakODRLinkage;
  else if (Linkage == GlobalValue::LinkOnceAnyLinkage)
    Linkage = GlobalValue::WeakAnyLinkage;
  Function *V =
      Function::Create(FnTy, Linkage, Scalar.getAddressSpace(), Name, &M);
  V->setVisibility(Scalar.getVisibility());
  V->setDLLStorageClass(Scalar.getDLLStorageClass());
  V->setDSOLocal(Scalar.isDSOLocal());
  // gcc puts the clones in the function's own section.
  if (Scalar.hasSection())
    V->setSection(Scalar.getSection());
  if (Scalar.hasComdat())
    V->setComdat(M.getOrInsertComdat(Name));
  return V;
}

BuiltVariant buildVariant(Function &Scalar, StringRef Name,
                          const VariantABI &ABI, const BuildOptions &Opts) {
  BuiltVariant Out;
  Function *V = createVariantSymbol(Scalar, Name, ABI.FnTy);
  setVariantAttributes(*V, Scalar, ABI);
  Out.Fn = V;

  VariantBodyBuilder Builder(Scalar, *V, ABI);
  VariantBodyBuilder::LaneLoop Main = Builder.build(/*AllowGuard=*/true);
  Out.Fallback = Builder.fallbackFunction();
  CallInst *Call = Main.Call;
  IRBuilder<> DB(V->getContext());
  attachDebugInfo(*V, Scalar, DB);

  Out.NotInlinedReason = whyNotInlined(Scalar, Opts);
  SmallVector<vplanext::LaneLocalCopy, 4> PrivateLocals;
  if (Out.NotInlinedReason == ReturnsTwiceReason)
    Out.ScalarLaneLoopReason = Out.NotInlinedReason;
  if (Out.NotInlinedReason.empty())
    PrivateLocals = inlineBody(*Call, Main.Lane, ABI.lanes(), Opts, Out);
  SmallVector<BasicBlock *, 4> LaneHeaders = {Main.Header};
  SmallVector<BasicBlock *, 2> SerialHeaders;
  bool ExpectsVectorizer = false;
  if (Out.Inlined) {
    keepScalarContraction(*V, Scalar);
    openBodyTerminateScopes(*V, Main.Header);
    if (const char *Why = whyLanesStaySerial(*V))
      Out.ScalarLaneLoopReason = Why;
  }
  // An SVE variant's lane loop without inner loops goes to the vectorizer
  // as it is, its calls widened there; one with a call run lane by lane
  // goes to the cut, which refuses it at vscale x N lanes (the variant then
  // runs granule by granule).
  bool ScalableStraight = ABI.Scalable && !needsCut(*V, Main.Header);
  if (Out.Inlined && Out.ScalarLaneLoopReason.empty()) {
    Builder.widenNoWrapLinear(Main);
    // Before the cut: a call without a usable variant must be cut out like
    // a call without any, and a hoisted call must not be cut at all. (An
    // SVE variant's cut refuses such calls.)
    if (Opts.GetTLI && !ABI.Scalable)
      Out.Calls =
          prepareLaneCalls(*V, Main.Header, ABI.VLen, Opts.GetTLI(*V));
    // SVE: the plan prices vscale x N lanes at vscale 1; both sides of its
    // verdict scale alike with vscale.
    std::optional<vplanext::LaneLoopVerdict> Planned;
    if (!ScalableStraight)
      Planned = decideLaneLoop(*V, Main.Header, ABI, Opts, Out);
    ExpectsVectorizer = Planned && Planned->expectsVectorizer();
    // Inner loops make the lane loop an outer loop the vectorizer skips:
    // cut it into innermost lane loops (vplan-ext).
    if (Opts.CutInnerLoops && Out.ScalarLaneLoopReason.empty() &&
        !ScalableStraight) {
      vplanext::FissionResult FR =
          vplanext::fissionLaneLoop(*V, Main.Header, ABI.lanes(),
                                    Opts.GetTTI ? &Opts.GetTTI(*V) : nullptr,
                                    Planned ? &Planned->Decisions : nullptr);
      LaneHeaders.assign(FR.LaneHeaders.begin(), FR.LaneHeaders.end());
      SerialHeaders.assign(FR.SerialHeaders.begin(), FR.SerialHeaders.end());
      // Verify mode: compare the plan's shape with what the cut made.
      bool Verify = Planned && Planned->Decisions.Verify;
      recordCut(FR, Verify ? &Planned->Shape : nullptr, Out);
      ExpectsVectorizer = Planned && Planned->expectsVectorizer(FR);
    } else if (ABI.Scalable && !ScalableStraight && !Opts.CutInnerLoops) {
      Out.ScalarLaneLoopReason =
          "the body has an inner loop, and the lowering of divergent inner "
          "loops (vplan-ext's cut into innermost lane loops) is off";
    }
  }
  // Not cut, lanes one by one: the body's locals need no copies.
  if (!Out.ScalarLaneLoopReason.empty()) {
    vplanext::shareLaneLocals(*V, PrivateLocals);
    Out.NumPrivateLocals = 0;
  }

  // A loop with two entries is nothing the loop vectorizer can widen; a lane
  // loop forced to vectorize around one only earns clang's reasonless
  // "loop not vectorized" warning. Leave it scalar and say why.
  if (Out.Inlined && hasIrreducibleControlFlow(*V))
    Out.ScalarLaneLoopReason =
        "the body has irreducible control flow (a loop with more than one "
        "entry, from goto)";
  // Divisions the vectorizer cannot widen run lane by lane, VL `div`s each,
  // each behind its own branch when conditional: past a budget code
  // generation takes minutes (fuzz seed 110038: 97 64-bit divisions, 16
  // lanes, 19 s of llc for one variant and 20 variants). Such a variant
  // calls its body lane by lane instead.
  // The cut is done: one dominator tree and loop nest serve the checks and
  // rewrites below; the ones that add blocks (the guard of hoisted loads)
  // keep both up to date.
  DominatorTree DT(*V);
  LoopInfo LI(DT);
  if (Out.Inlined && Out.ScalarLaneLoopReason.empty()) {
    unsigned N = vplanext::countLaneDivisions(
        vplanext::innermostLaneLoops(LI, LaneHeaders), Opts.Lowering);
    if (N * ABI.VLen > MaxLaneDivisions)
      Out.ScalarLaneLoopReason =
          (Twine(N) + " integer divisions the vectorizer would run lane by "
                      "lane (" + Twine(N * ABI.VLen) +
           " scalar divisions, over -vecclone-max-lane-divisions=" +
           Twine(MaxLaneDivisions) + "): code generation would take too long")
              .str();
  }
  if (!Out.ScalarLaneLoopReason.empty()) {
    SerialHeaders.append(LaneHeaders.begin(), LaneHeaders.end());
    LaneHeaders.clear();
    V->addFnAttr(SerialLanesAttr, Out.ScalarLaneLoopReason);
  }

  // Strided struct reads become whole-struct interleave groups (no scalar
  // epilogue, which a VL-iteration lane loop has no room for), 32-bit
  // divisions go through double, and uniform work the lane mask guards
  // moves before the lane loop.
  // The others count lanes in fixed lane arrays: an SVE variant gets the
  // interleave-group rewrite alone.
  const TargetTransformInfo *TTI = Opts.GetTTI ? &Opts.GetTTI(*V) : nullptr;
  if (!ABI.Scalable)
    vplanext::prepareLaneLoops(
        *V, DT, LI, LaneHeaders, /*FillGaps=*/Out.Inlined, TTI,
        [](const Instruction &I) {
          return isa<StoreInst, MemIntrinsic>(I) && isLaneParallelAccess(I);
        },
        Opts.Lowering);
  else if (Out.Inlined)
    vplanext::fillInterleaveGaps(
        *V, DT, LI, vplanext::innermostLaneLoops(LI, LaneHeaders), TTI);

  LLVMContext &Ctx = V->getContext();
  MDNode *AccessGroup = MDNode::getDistinct(Ctx, {});
  SmallVector<BasicBlock *, 8> AllHeaders(LaneHeaders.begin(), LaneHeaders.end());
  AllHeaders.append(SerialHeaders.begin(), SerialHeaders.end());
  Builder.tagLoopAccesses(AccessGroup, AllHeaders);
  // Lane loops that run a call lane by lane stay scalar, in lane order.
  for (BasicBlock *H : SerialHeaders)
    vplanext::setLaneLoopID(H, vplanext::makeSerialLaneLoopID(Ctx));
  for (BasicBlock *H : LaneHeaders) {
    MDNode *ID = vplanext::makeLaneLoopID(Ctx, ABI.VLen, {AccessGroup});
    if (ExpectsVectorizer)
      ID = vplanext::withPlanVectorizesTag(ID);
    vplanext::setLaneLoopID(H, ABI.Scalable ? withScalableWidth(ID) : ID);
  }
  return Out;
}

void discardVariant(const BuiltVariant &BV, FunctionAnalysisManager &FAM) {
  for (Function *Fn : {BV.Fn, BV.Fallback})
    if (Fn) {
      FAM.clear(*Fn, Fn->getName());
      Fn->eraseFromParent();
    }
}

std::string whyNoScalableRounds(const BuiltVariant &BV) {
  if (!BV.Inlined)
    return "the body is not inlined: " + BV.NotInlinedReason;
  if (!BV.ScalarLaneLoopReason.empty())
    return "its lanes would stay scalar: " + BV.ScalarLaneLoopReason;
  if (!BV.CutFailure.empty())
    return "the cut at the run-time lane count refused: " + BV.CutFailure;
  return "";
}

std::string whyCannotBuild(const Function &Scalar, const VariantABI &ABI) {
  // A variant receives the named parameters only: a body that reads the
  // others would read garbage (gcc defines such clones all the same).
  if (Scalar.isVarArg())
    for (const Instruction &I : instructions(Scalar))
      if (const auto *II = dyn_cast<IntrinsicInst>(&I);
          II && II->getIntrinsicID() == Intrinsic::vastart)
        return "the body reads its variadic arguments (va_start), which a "
               "vector variant does not receive";
  for (unsigned I = 0, E = ABI.Params.size(); I != E; ++I) {
    const ParamABI &P = ABI.Params[I];
    if (ABI.Scalable && P.Kind == VFParamKind::OMP_Uniform &&
        ownedCopyBytes(*Scalar.getArg(I)))
      return ("parameter " + Twine(I + 1) +
              " is a class passed by value that the body changes: each lane "
              "needs a copy of its own, made before the lane loop, and an "
              "SVE variant's lane count is known at run time only")
          .str();
    if (P.Kind == VFParamKind::OMP_Uniform &&
        ownedCopyBytes(*Scalar.getArg(I)) == UnknownCopyBytes)
      return ("parameter " + Twine(I + 1) +
              " is a class passed by value that the body changes and whose "
              "address it passes on: each lane needs a copy of its own, of "
              "a size the body does not tell")
          .str();
    bool NeedsPointee =
        (P.Kind == VFParamKind::OMP_LinearPos && P.ScalarTy->isPointerTy()) ||
        P.Kind == VFParamKind::OMP_LinearRefPos ||
        P.Kind == VFParamKind::OMP_LinearUVal ||
        P.Kind == VFParamKind::OMP_LinearUValPos;
    if (!NeedsPointee)
      continue;
    Type *T = pointeeType(*Scalar.getArg(I));
    if (!T)
      return ("cannot tell the type parameter " + Twine(I + 1) +
              " points to (its linear step is counted in that type)")
          .str();
    bool IsUVal = P.Kind == VFParamKind::OMP_LinearUVal ||
                  P.Kind == VFParamKind::OMP_LinearUValPos;
    if (IsUVal && !T->isIntegerTy() && !T->isPointerTy())
      return ("linear(uval) parameter " + Twine(I + 1) +
              " refers to a non-integer value")
          .str();
  }
  return {};
}

} // namespace vecclone
