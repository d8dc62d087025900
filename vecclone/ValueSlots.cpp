//===- ValueSlots.cpp - Reference arguments that carry a value ------------===//
//
/// \file
/// Implements value slots and the value form of a call. A value form keeps
/// the callee's function and return attributes (the slot was private, so
/// what the callee touches outside it is what the value form touches) and
/// the call's parameter attributes except on the slots; restoring a call
/// takes those of the slots from the callee again.
//
//===----------------------------------------------------------------------===//

#include "vecclone/ValueSlots.h"
#include "vecclone/VariantABI.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace vecclone {

/// The one store of \p Slot, if \p Slot is a value slot of \p CB.
static StoreInst *slotStore(const CallBase &CB, const Value *Arg) {
  const auto *Slot = dyn_cast<AllocaInst>(Arg);
  if (!Slot || !Slot->isStaticAlloca())
    return nullptr;
  // Whole bytes: the lowering stores the lanes as one vector into an array.
  auto *Ty = dyn_cast<IntegerType>(Slot->getAllocatedType());
  if (!Ty || Ty->getBitWidth() % 8 || Ty->getBitWidth() > 64)
    return nullptr;
  StoreInst *Store = nullptr;
  unsigned CallUses = 0;
  for (const Use &U : Slot->uses()) {
    auto *User = cast<Instruction>(U.getUser());
    if (User == &CB) {
      ++CallUses;
      continue;
    }
    if (User->isLifetimeStartOrEnd())
      continue;
    auto *S = dyn_cast<StoreInst>(User);
    if (!S || Store || !S->isSimple() ||
        U.getOperandNo() != StoreInst::getPointerOperandIndex() ||
        S->getValueOperand()->getType() != Ty ||
        S->getParent() != CB.getParent() || !S->comesBefore(&CB))
      return nullptr;
    Store = S;
  }
  return CallUses == 1 ? Store : nullptr;
}

uint64_t findValueSlots(const CallBase &CB) {
  const Function *Callee = CB.getCalledFunction();
  if (!Callee || Callee->isVarArg() || CB.hasOperandBundles())
    return 0;
  uint64_t Params = 0;
  for (unsigned I = 0, E = std::min(CB.arg_size(), 64u); I != E; ++I)
    if (!CB.isByValArgument(I) && !CB.paramHasAttr(I, Attribute::InAlloca) &&
        slotStore(CB, CB.getArgOperand(I)))
      Params |= uint64_t(1) << I;
  return Params;
}

StoreInst *valueSlotStore(const CallBase &CB, unsigned ArgNo) {
  return slotStore(CB, CB.getArgOperand(ArgNo));
}

bool isValueForm(const Function &F) {
  return F.hasFnAttribute(ValueFormOfAttr);
}

/// \p From's attributes for a call of the same function in another form:
/// its function and return attributes, its parameter attributes except on
/// \p Params, where \p Slots' (the real callee's, or none) are taken.
static AttributeList attributesFor(const AttributeList &From, unsigned NumArgs,
                                   uint64_t Params, const AttributeList *Slots,
                                   LLVMContext &Ctx) {
  SmallVector<AttributeSet, 8> PA;
  for (unsigned I = 0; I != NumArgs; ++I) {
    if (!hasValueParam(Params, I))
      PA.push_back(From.getParamAttrs(I));
    else
      PA.push_back(Slots ? Slots->getParamAttrs(I) : AttributeSet());
  }
  return AttributeList::get(Ctx, From.getFnAttrs(), From.getRetAttrs(), PA);
}

/// Makes \p New take \p Old's place: name, calling convention, tail-call
/// kind, metadata (terminate-scope tags included), debug location and uses.
static void replaceCall(CallInst &Old, CallInst &New) {
  New.takeName(&Old);
  New.setCallingConv(Old.getCallingConv());
  New.setTailCallKind(Old.getTailCallKind());
  New.copyMetadata(Old);
  New.setDebugLoc(Old.getDebugLoc());
  Old.replaceAllUsesWith(&New);
  Old.eraseFromParent();
}

CallInst *toValueForm(CallInst &CI, uint64_t Params) {
  Function *Callee = CI.getCalledFunction();
  Module &M = *CI.getModule();
  LLVMContext &Ctx = M.getContext();
  FunctionType *FTy = Callee->getFunctionType();
  SmallVector<Type *, 8> ParamTys(FTy->params());
  SmallVector<Value *, 8> Args(CI.args());
  SmallVector<AllocaInst *, 2> Slots;
  for (unsigned I = 0, E = Args.size(); I != E; ++I) {
    if (!hasValueParam(Params, I))
      continue;
    StoreInst *S = valueSlotStore(CI, I);
    assert(S && "findValueSlots chose the parameter");
    Slots.push_back(cast<AllocaInst>(Args[I]));
    Args[I] = S->getValueOperand();
    ParamTys[I] = Args[I]->getType();
  }
  auto *Ty = FunctionType::get(FTy->getReturnType(), ParamTys, false);
  std::string Name = (Callee->getName() + ".vecclone.val" + Twine(Params)).str();
  Function *Form = M.getFunction(Name);
  if (Form && (Form->getFunctionType() != Ty || !isValueForm(*Form)))
    return nullptr;
  if (!Form) {
    Form = Function::Create(Ty, GlobalValue::ExternalLinkage, Name, M);
    Form->setAttributes(attributesFor(Callee->getAttributes(), Ty->getNumParams(),
                                      Params, nullptr, Ctx));
    Form->addFnAttr(ValueFormOfAttr, Callee->getName());
    Form->addFnAttr(ValueFormParamsAttr, utostr(Params));
  }
  auto *New = CallInst::Create(Form, Args, "", CI.getIterator());
  New->setAttributes(
      attributesFor(CI.getAttributes(), Args.size(), Params, nullptr, Ctx));
  replaceCall(CI, *New);
  // The slots' only other users are their store and lifetime markers.
  for (AllocaInst *Slot : Slots) {
    for (User *U : make_early_inc_range(Slot->users()))
      cast<Instruction>(U)->eraseFromParent();
    Slot->eraseFromParent();
  }
  return New;
}

CallInst *fromValueForm(CallInst &CI) {
  Function *Form = CI.getCalledFunction();
  Module &M = *CI.getModule();
  Function *Callee =
      M.getFunction(Form->getFnAttribute(ValueFormOfAttr).getValueAsString());
  uint64_t Params = 0;
  bool Bad = Form->getFnAttribute(ValueFormParamsAttr)
                 .getValueAsString()
                 .getAsInteger(10, Params);
  assert(Callee && !Bad && "toValueForm set both");
  (void)Bad;
  Function &Caller = *CI.getFunction();
  IRBuilder<> EB(&Caller.getEntryBlock(),
                 Caller.getEntryBlock().getFirstInsertionPt());
  IRBuilder<> B(&CI);
  SmallVector<Value *, 8> Args(CI.args());
  SmallVector<AllocaInst *, 2> Slots;
  for (unsigned I = 0, E = Args.size(); I != E; ++I) {
    if (!hasValueParam(Params, I))
      continue;
    AllocaInst *Slot = EB.CreateAlloca(Args[I]->getType(), nullptr,
                                       "vecclone.slot");
    B.CreateLifetimeStart(Slot);
    B.CreateStore(Args[I], Slot);
    Args[I] = Slot;
    Slots.push_back(Slot);
  }
  CallInst *New = B.CreateCall(Callee, Args);
  AttributeList Real = Callee->getAttributes();
  New->setAttributes(attributesFor(CI.getAttributes(), Args.size(), Params,
                                   &Real, M.getContext()));
  replaceCall(CI, *New);
  B.SetInsertPoint(New->getNextNode());
  for (AllocaInst *Slot : Slots)
    B.CreateLifetimeEnd(Slot);
  return New;
}

Value *storeValueArgument(IRBuilderBase &B, Value *Val, const ParamABI &P,
                          unsigned VLen) {
  Function &Caller = *B.GetInsertBlock()->getParent();
  IRBuilder<> EB(&Caller.getEntryBlock(),
                 Caller.getEntryBlock().getFirstInsertionPt());
  Type *Elt = Val->getType()->getScalarType();
  if (P.Kind != VFParamKind::OMP_LinearVal && P.Kind != VFParamKind::Vector) {
    // `U` and `uniform`: one slot, holding lane 0's value.
    AllocaInst *Slot = EB.CreateAlloca(Elt, nullptr, "vecclone.val");
    B.CreateStore(Val, Slot);
    return Slot;
  }
  // `L` and `v`: lane k's slot is element k of an array, as the ABI passes
  // a vector of the lanes' references.
  Value *Lanes = Val;
  if (P.Kind == VFParamKind::OMP_LinearVal) {
    SmallVector<Constant *, 16> Steps;
    // Narrow values wrap like the scalar loop's would.
    for (unsigned K = 0; K != VLen; ++K)
      Steps.push_back(ConstantInt::get(
          Elt, APInt(64, uint64_t(int64_t(K) * P.StepOrPos), /*isSigned=*/true)
                   .sextOrTrunc(Elt->getIntegerBitWidth())));
    Lanes = B.CreateAdd(B.CreateVectorSplat(VLen, Val),
                        ConstantVector::get(Steps), "vecclone.val.lanes");
  }
  auto *VecTy = cast<FixedVectorType>(Lanes->getType());
  const DataLayout &DL = Caller.getDataLayout();
  AllocaInst *Slot =
      EB.CreateAlloca(ArrayType::get(Elt, VLen), nullptr, "vecclone.vals");
  Slot->setAlignment(DL.getPrefTypeAlign(VecTy));
  B.CreateAlignedStore(Lanes, Slot, Slot->getAlign());
  SmallVector<Constant *, 16> Index;
  for (unsigned K = 0; K != VLen; ++K)
    Index.push_back(B.getInt64(K));
  return B.CreateGEP(Elt, Slot, ConstantVector::get(Index), "vecclone.refs");
}

} // namespace vecclone
