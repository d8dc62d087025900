//===- ScalableGranules.cpp - SVE variants granule by granule -------------===//
//
/// \file
/// The SVE variant spills its scalable arguments to lane arrays as the
/// scalable lane loop does, then for each granule g (N lanes, vscale of
/// them) with an active lane loads the granule's N lanes as fixed vectors,
/// moves linear arguments on by g * N steps, and calls the N-lane variant
/// with the granule's mask; its result goes back to the result array.
//
//===----------------------------------------------------------------------===//

#include "vecclone/ScalableGranules.h"
#include "vecclone/VariantCallLowering.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "vecclone"

STATISTIC(NumGranuleVariants, "Number of SVE variants run granule by granule");

namespace vecclone {

/// Parameter kinds whose lanes the granule loop can hand on: vectors
/// (a slice), uniform values, constant linear steps (moved on).
static bool hasGranuleForm(const VariantABI &ABI) {
  return all_of(ABI.Params, [](const ParamABI &P) {
    return P.Kind == VFParamKind::Vector ||
           P.Kind == VFParamKind::OMP_Uniform ||
           P.Kind == VFParamKind::OMP_Linear;
  });
}

/// The N-lane, always masked, AdvSIMD-form twin of the SVE variant: its
/// mask lanes are 128 / N bits, so the mask is one q register.
static std::optional<VariantABI> granuleABI(const Function &Scalar,
                                            const VFInfo &Info, unsigned Lanes,
                                            VFInfo &Out) {
  Out = Info;
  Out.ISA = VFISAKind::AdvancedSIMD;
  Out.Shape.VF = ElementCount::getFixed(Lanes);
  if (!Out.isMasked())
    Out.Shape.Parameters.push_back(
        {unsigned(Scalar.arg_size()), VFParamKind::GlobalPredicate});
  Expected<VariantABI> G = computeVariantABI(Out, Scalar.getFunctionType(),
                                             CallingConv::C, 128 / Lanes);
  if (!G) {
    consumeError(G.takeError());
    return std::nullopt;
  }
  return std::move(*G);
}

namespace {
/// The SVE variant's body around the granule calls.
class GranuleBodyBuilder {
public:
  GranuleBodyBuilder(Function &V, Function &Granule, const VariantABI &ABI,
                     const VariantABI &G)
      : V(V), Granule(Granule), ABI(ABI), G(G), B(V.getContext()) {}
  void build();

private:
  AllocaInst *spill(Value *Arg, Type *Elt, const Twine &Name);
  Value *granuleArg(unsigned I, Value *Base);
  Value *granuleMask(Value *Base, BasicBlock *Call, BasicBlock *Next);

  Function &V, &Granule;
  const VariantABI &ABI, &G;
  IRBuilder<> B;
  SmallVector<AllocaInst *, 8> Arrays;
  AllocaInst *Mask = nullptr;
};
} // namespace

/// A scalable argument stored whole in a lane array of \p Elt elements.
AllocaInst *GranuleBodyBuilder::spill(Value *Arg, Type *Elt,
                                      const Twine &Name) {
  auto *VT = cast<ScalableVectorType>(Arg->getType());
  auto *ArrTy = ScalableVectorType::get(Elt, VT->getMinNumElements());
  AllocaInst *A = B.CreateAlloca(ArrTy, nullptr, Name);
  A->setAlignment(Align(16));
  Value *W = Arg;
  if (VT->getElementType()->isPointerTy())
    W = B.CreatePtrToInt(Arg, ArrTy);
  else if (VT->getElementType() != Elt)
    W = B.CreateZExt(Arg, ArrTy);
  B.CreateAlignedStore(W, A, Align(16));
  return A;
}

/// Parameter \p I for the granule starting at lane \p Base.
Value *GranuleBodyBuilder::granuleArg(unsigned I, Value *Base) {
  const ParamABI &P = ABI.Params[I];
  Value *Arg = V.getArg(P.FirstArg);
  if (P.Kind == VFParamKind::OMP_Uniform)
    return Arg;
  if (P.Kind == VFParamKind::OMP_Linear) {
    Value *Off = B.CreateMul(Base, B.getInt64(P.StepOrPos));
    if (P.ScalarTy->isPointerTy())
      return B.CreatePtrAdd(Arg, Off); // constant steps are in bytes
    return B.CreateAdd(Arg, B.CreateTrunc(Off, P.ScalarTy));
  }
  FixedVectorType *Shape = P.PieceTy;
  return B.CreateAlignedLoad(
      Shape, B.CreateInBoundsGEP(Shape->getElementType(), Arrays[I], Base),
      Align(1), "granule.arg");
}

/// The granule's mask in the N-lane variant's form; branches to \p Call
/// when a lane is active, else to \p Next.
Value *GranuleBodyBuilder::granuleMask(Value *Base, BasicBlock *Call,
                                       BasicBlock *Next) {
  auto *Bytes = FixedVectorType::get(B.getInt8Ty(), G.VLen);
  Value *M = Constant::getAllOnesValue(Bytes);
  if (Mask)
    M = B.CreateAlignedLoad(
        Bytes, B.CreateInBoundsGEP(B.getInt8Ty(), Mask, Base), Align(1));
  Value *On = B.CreateIsNotNull(M, "granule.on");
  B.CreateCondBr(B.CreateOrReduce(On), Call, Next);
  B.SetInsertPoint(Call);
  return B.CreateSExt(On,
                      FixedVectorType::get(B.getIntNTy(G.MaskEltBits), G.VLen));
}

void GranuleBodyBuilder::build() {
  LLVMContext &Ctx = V.getContext();
  BasicBlock *Entry = BasicBlock::Create(Ctx, "entry", &V);
  B.SetInsertPoint(Entry);
  Arrays.assign(ABI.Params.size(), nullptr);
  for (unsigned I = 0, E = ABI.Params.size(); I != E; ++I)
    if (ABI.Params[I].isVectorPassed())
      Arrays[I] = spill(V.getArg(ABI.Params[I].FirstArg),
                        ABI.Params[I].PieceTy->getElementType(), "lanes");
  if (ABI.Masked)
    Mask = spill(V.getArg(ABI.FirstMaskArg), B.getInt8Ty(), "mask");
  AllocaInst *Ret = nullptr;
  if (ABI.RetPieceTy) {
    Ret = B.CreateAlloca(ABI.irVectorType(ABI.RetPieceTy), nullptr, "ret");
    Ret->setAlignment(Align(16));
  }
  Value *Granules = B.CreateVScale(B.getInt64Ty());
  BasicBlock *Header = BasicBlock::Create(Ctx, "granule", &V);
  BasicBlock *Call = BasicBlock::Create(Ctx, "granule.call", &V);
  BasicBlock *Latch = BasicBlock::Create(Ctx, "granule.next", &V);
  BasicBlock *Exit = BasicBlock::Create(Ctx, "granule.done", &V);
  B.CreateBr(Header);
  B.SetInsertPoint(Header);
  PHINode *Gr = B.CreatePHI(B.getInt64Ty(), 2, "granule");
  Gr->addIncoming(B.getInt64(0), Entry);
  Value *Base = B.CreateMul(Gr, B.getInt64(G.VLen), "granule.base");
  Value *GMask = granuleMask(Base, Call, Latch);
  SmallVector<Value *, 8> Args;
  for (unsigned I = 0, E = ABI.Params.size(); I != E; ++I) {
    Value *A = granuleArg(I, Base);
    if (!ABI.Params[I].isVectorPassed()) {
      Args.push_back(A);
      continue;
    }
    const ParamABI &GP = G.Params[I];
    appendABIValue(B, G, A, GP.PieceTy, GP.NumPieces, Args);
  }
  appendABIValue(B, G, GMask, cast<FixedVectorType>(G.MaskPieceTy),
                 G.NumMaskPieces, Args);
  for (unsigned I = 0, E = Args.size(); I != E; ++I)
    Args[I] = B.CreateBitCast(Args[I], G.FnTy->getParamType(I));
  CallInst *C = B.CreateCall(&Granule, Args);
  C->setCallingConv(Granule.getCallingConv());
  if (Ret) {
    Value *R = joinABIValue(B, G, {C}, G.RetPieceTy, G.NumRetPieces);
    B.CreateAlignedStore(
        R, B.CreateInBoundsGEP(ABI.RetPieceTy->getElementType(), Ret, Base),
        Align(1));
  }
  B.CreateBr(Latch);
  B.SetInsertPoint(Latch);
  Value *Next = B.CreateAdd(Gr, B.getInt64(1), "granule.next", true, true);
  Gr->addIncoming(Next, Latch);
  // In granule order, never widened: each call is a vector call.
  Instruction *Br =
      B.CreateCondBr(B.CreateICmpEQ(Next, Granules), Exit, Header);
  Metadata *Props[] = {
      nullptr,
      MDNode::get(Ctx, {MDString::get(Ctx, "llvm.loop.vectorize.enable"),
                        ConstantAsMetadata::get(ConstantInt::getFalse(Ctx))})};
  MDNode *ID = MDNode::getDistinct(Ctx, Props);
  ID->replaceOperandWith(0, ID);
  Br->setMetadata(LLVMContext::MD_loop, ID);
  B.SetInsertPoint(Exit);
  if (!Ret) {
    B.CreateRetVoid();
    return;
  }
  auto *RetTy = cast<VectorType>(V.getReturnType());
  Value *Whole = B.CreateAlignedLoad(Ret->getAllocatedType(), Ret, Align(16));
  if (RetTy->getElementType()->isPointerTy())
    Whole = B.CreateIntToPtr(Whole, RetTy);
  else if (Whole->getType() != RetTy)
    Whole = B.CreateTrunc(Whole, RetTy);
  B.CreateRet(Whole);
}

std::optional<BuiltVariant>
buildGranuleVariant(Function &Scalar, StringRef Name, const VariantABI &ABI,
                    const VFInfo &Info, const BuildOptions &Opts) {
  if (!ABI.Scalable || !hasGranuleForm(ABI))
    return std::nullopt;
  VFInfo GInfo;
  std::optional<VariantABI> G = granuleABI(Scalar, Info, ABI.VLen, GInfo);
  if (!G)
    return std::nullopt;
  std::string GName = (Name + ".granule").str();
  BuiltVariant Out = buildVariant(Scalar, GName, *G, Opts);
  Function &GF = *Out.Fn;
  GF.setLinkage(GlobalValue::InternalLinkage);
  GF.setVisibility(GlobalValue::DefaultVisibility);
  GF.setDLLStorageClass(GlobalValue::DefaultStorageClass);
  GF.setComdat(nullptr);
  GF.setDSOLocal(true);
  // Only this variant calls it: under the SVE PCS it keeps z8-z23 and
  // p4-p15 whole, which the caller, an SVE PCS function, must preserve and
  // would otherwise save around every call.
  GF.setCallingConv(CallingConv::AArch64_SVE_VectorCall);

  // The SVE variant itself, with the scalar's linkage (as buildVariant's).
  Function *V = createVariantSymbol(Scalar, Name, ABI.FnTy);
  for (const Attribute &A : GF.getAttributes().getFnAttrs())
    V->addFnAttr(A);
  V->addFnAttr("target-features",
               GF.getFnAttribute("target-features").getValueAsString().str() +
                   ",+sve");
  setABIParamAttributes(*V, Scalar.getAttributes(), ABI);
  GranuleBodyBuilder(*V, GF, ABI, *G).build();
  ++NumGranuleVariants;
  Out.Fn = V;
  return Out;
}

} // namespace vecclone
