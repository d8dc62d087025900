//===- PointeeTypes.cpp - What a pointer parameter points to --------------===//

#include "vecclone/PointeeTypes.h"
#include "vecclone/PointeeSizeAnnotation.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/PatternMatch.h"
#include "vecclone/VariantSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "vecclone"

STATISTIC(NumRecordedPointees,
          "Number of pointer parameters whose pointee type was recorded "
          "before optimization");

namespace vecclone {

static constexpr const char *PointeeMD = "vecclone.pointee.types";
static constexpr const char *InnerPointeeMD = "vecclone.inner.pointee.types";
static constexpr const char *DeclaredBitsMD = "vecclone.declared.pointee.bits";

/// At -O0 a pointer argument is first spilled to a stack slot of its own
/// (\p S stores it there): the slot's pointer reloads are the same
/// pointer. Returns false when the slot has users other than the store,
/// such reloads and lifetime markers.
static bool slotReloads(const StoreInst &S,
                        SmallVectorImpl<const LoadInst *> &Reloads) {
  bool OnlyReloads = true;
  for (const User *SU : S.getPointerOperand()->users())
    if (const auto *Reload = dyn_cast<LoadInst>(SU);
        Reload && Reload->getType()->isPointerTy())
      Reloads.push_back(Reload);
    else if (SU != &S && !isa<LifetimeIntrinsic>(SU))
      OnlyReloads = false;
  return OnlyReloads;
}

/// The type \p A points to from how the body uses it; null when the uses
/// disagree or say nothing.
static Type *inferFromUses(const Value *A) {
  Type *Found = nullptr;
  auto Note = [&](Type *T) {
    if (!T || (Found && Found != T))
      return false;
    Found = T;
    return true;
  };
  // At -O0 the argument is first spilled to its own stack slot: follow the
  // pointer through the slot's reloads.
  SmallVector<const Value *, 4> Work = {A};
  SmallPtrSet<const Value *, 8> Seen;
  while (!Work.empty()) {
    const Value *P = Work.pop_back_val();
    if (!Seen.insert(P).second)
      continue;
    for (const User *U : P->users()) {
      Type *T = nullptr;
      if (auto *L = dyn_cast<LoadInst>(U))
        T = L->getType();
      else if (auto *S = dyn_cast<StoreInst>(U);
               S && S->getPointerOperand() == P)
        T = S->getValueOperand()->getType();
      else if (auto *S = dyn_cast<StoreInst>(U);
               S && isa<AllocaInst>(S->getPointerOperand())) {
        SmallVector<const LoadInst *, 2> Reloads;
        slotReloads(*S, Reloads);
        Work.append(Reloads.begin(), Reloads.end());
        continue;
      } else if (auto *G = dyn_cast<GetElementPtrInst>(U);
                 G && G->getPointerOperand() == P) {
        if (G->getSourceElementType()->isIntegerTy(8)) {
          // An i8 GEP says nothing by itself, but `b[0]` on a `char *` is
          // the same address, whose loads and stores tell the type (fuzz
          // seed 190376's only use at -O0). Only char GEPs are followed: a
          // struct's first field must not stand for the struct.
          if (G->getNumIndices() == 1 && G->hasAllZeroIndices())
            Work.push_back(G);
          continue;
        }
        T = G->getSourceElementType();
      } else {
        continue;
      }
      if (!Note(T))
        return nullptr;
    }
  }
  return Found;
}

/// For a pointer parameter that points to a pointer (a reference to a
/// pointer, `float *&p`): what that pointer points to, from the uses of the
/// pointers loaded through \p A (and its -O0 stack slot); null when they
/// disagree or say nothing.
static Type *inferInnerFromUses(const Argument *A) {
  SmallVector<const Value *, 4> Slots = {A};
  for (const User *U : A->users())
    if (auto *S = dyn_cast<StoreInst>(U);
        S && S->getValueOperand() == A &&
        isa<AllocaInst>(S->getPointerOperand())) {
      SmallVector<const LoadInst *, 2> Reloads;
      slotReloads(*S, Reloads);
      Slots.append(Reloads.begin(), Reloads.end());
    }
  Type *Found = nullptr;
  for (const Value *P : Slots)
    for (const User *U : P->users())
      if (auto *L = dyn_cast<LoadInst>(U);
          L && L->getPointerOperand() == P && L->getType()->isPointerTy()) {
        Type *T = inferFromUses(L);
        if (!T || (Found && Found != T))
          return nullptr;
        Found = T;
      }
  return Found;
}

/// The type recorded under \p Kind for \p A before optimization, if any.
static Type *recorded(const Argument &A, StringRef Kind = PointeeMD) {
  const MDNode *N = A.getParent()->getMetadata(Kind);
  if (!N)
    return nullptr;
  for (unsigned I = 0; I + 1 < N->getNumOperands(); I += 2) {
    auto *No = mdconst::dyn_extract_or_null<ConstantInt>(N->getOperand(I));
    auto *Ty = dyn_cast_or_null<ConstantAsMetadata>(N->getOperand(I + 1));
    if (No && Ty && No->getZExtValue() == A.getArgNo())
      return Ty->getValue()->getType();
  }
  return nullptr;
}

Type *knownPointeeType(const Argument &A) {
  if (Type *T = recorded(A))
    return T;
  return inferFromUses(&A);
}

Type *accessedScalarType(const Argument &A) {
  SmallVector<const Value *, 8> Work = {&A};
  SmallPtrSet<const Value *, 8> Seen;
  Type *Found = nullptr;
  while (!Work.empty()) {
    const Value *P = Work.pop_back_val();
    if (!Seen.insert(P).second)
      continue;
    for (const User *U : P->users()) {
      Type *T = nullptr;
      if (auto *G = dyn_cast<GetElementPtrInst>(U);
          G && G->getPointerOperand() == P) {
        Work.push_back(G);
        continue;
      }
      if (auto *L = dyn_cast<LoadInst>(U))
        T = L->getType();
      else if (auto *S = dyn_cast<StoreInst>(U);
               S && S->getPointerOperand() == P)
        T = S->getValueOperand()->getType();
      if (!T)
        continue;
      if (!T->isIntOrPtrTy() && !T->isFloatingPointTy())
        return nullptr;
      if (Found && Found != T)
        return nullptr;
      Found = T;
    }
  }
  return Found;
}

Type *pointeeType(const Argument &A) {
  if (Type *T = knownPointeeType(A))
    return T;
  // No lane's value of an unused parameter is ever read: any unit will do
  // (a body that folded to a constant; fuzz seed 150143).
  if (A.use_empty())
    return Type::getInt8Ty(A.getContext());
  return nullptr;
}

/// The parameter types of a mangled C++ function name, as the demangler
/// spells them; empty when the name is no C++ function.
static SmallVector<std::string, 8> demangledParams(StringRef Name) {
  SmallVector<std::string, 8> Out;
  // The demangler's nodes point into the mangled string: keep it alive.
  std::string Mangled = Name.str();
  ItaniumPartialDemangler D;
  if (D.partialDemangle(Mangled.c_str()) || !D.isFunction())
    return Out;
  size_t N = 0;
  char *Buf = D.getFunctionParameters(nullptr, &N);
  if (!Buf)
    return Out;
  StringRef List = StringRef(Buf).trim();
  if (List.consume_front("(") && List.consume_back(")")) {
    int Depth = 0;
    size_t Start = 0;
    for (size_t I = 0; I <= List.size(); ++I) {
      char C = I < List.size() ? List[I] : ',';
      if (C == '(' || C == '<' || C == '[')
        ++Depth;
      else if (C == ')' || C == '>' || C == ']')
        --Depth;
      else if (C == ',' && Depth == 0) {
        Out.push_back(List.slice(Start, I).trim().str());
        Start = I + 1;
      }
    }
  }
  std::free(Buf);
  if (Out.size() == 1 && (Out[0].empty() || Out[0] == "void"))
    Out.clear();
  return Out;
}

/// Whether a demangled parameter type is passed as itself rather than as a
/// pointer or reference: a class by value (or a scalar, which is never a
/// pointer in IR).
static bool isByValueType(StringRef T) {
  while (T.consume_back(" const") || T.consume_back(" volatile"))
    ;
  return !T.ends_with("*") && !T.ends_with("&") && !T.contains("(*)") &&
         !T.contains("(&)") && T != "std::nullptr_t" &&
         T != "decltype(nullptr)";
}

/// The source type of \p A as a C++ function's mangled name spells it, or
/// nothing (no C++ name, or \p A is the hidden return slot or `this`).
static std::optional<std::string> sourceParamType(const Argument &A) {
  const Function &F = *A.getParent();
  SmallVector<std::string, 8> Params = demangledParams(F.getName());
  if (Params.empty())
    return std::nullopt;
  // IR parameters the source list does not name: the hidden return slot
  // and `this`, first.
  unsigned Hidden = 0;
  for (const Argument &X : F.args())
    if (X.hasStructRetAttr())
      ++Hidden;
  if (F.arg_size() == Params.size() + Hidden + 1)
    ++Hidden;
  if (F.arg_size() != Params.size() + Hidden || A.getArgNo() < Hidden)
    return std::nullopt;
  return Params[A.getArgNo() - Hidden];
}

/// Whether \p A is a class passed by value (its temporary's address).
static bool isIndirectByValue(const Argument &A) {
  if (!A.getType()->isPointerTy() || A.hasStructRetAttr())
    return false;
  std::optional<std::string> T = sourceParamType(A);
  return T && isByValueType(*T);
}

bool isReferenceParam(const Argument &A) {
  if (!A.getType()->isPointerTy())
    return false;
  std::optional<std::string> T = sourceParamType(A);
  if (!T)
    return false;
  StringRef S = *T;
  while (S.consume_back(" const") || S.consume_back(" volatile"))
    ;
  return S.ends_with("&");
}

uint64_t ownedCopyBytes(const Argument &A) {
  using namespace PatternMatch;
  if (!isIndirectByValue(A) || A.onlyReadsMemory())
    return 0;
  const DataLayout &DL = A.getParent()->getDataLayout();
  uint64_t End = 0;
  bool Writes = false;
  SmallVector<std::pair<const Value *, uint64_t>, 8> Work = {{&A, 0}};
  while (!Work.empty()) {
    auto [P, Offset] = Work.pop_back_val();
    for (const Use &U : P->uses()) {
      const auto *I = cast<Instruction>(U.getUser());
      if (const auto *G = dyn_cast<GetElementPtrInst>(I)) {
        APInt Off(DL.getIndexTypeSizeInBits(G->getType()), 0);
        if (!G->accumulateConstantOffset(DL, Off) || Off.isNegative())
          return UnknownCopyBytes;
        Work.push_back({G, Offset + Off.getZExtValue()});
      } else if (const auto *L = dyn_cast<LoadInst>(I)) {
        End = std::max(End, Offset + DL.getTypeStoreSize(L->getType()));
      } else if (const auto *S = dyn_cast<StoreInst>(I);
                 S && U.getOperandNo() == S->getPointerOperandIndex()) {
        Writes = true;
        End = std::max(End, Offset + DL.getTypeStoreSize(
                                         S->getValueOperand()->getType()));
      } else if (const auto *M = dyn_cast<MemIntrinsic>(I);
                 M && isa<ConstantInt>(M->getLength())) {
        Writes |= U.getOperandNo() == 0;
        End = std::max(End, Offset + cast<ConstantInt>(M->getLength())
                                         ->getZExtValue());
      } else if (const auto *S = dyn_cast<StoreInst>(I);
                 S && isa<AllocaInst>(S->getPointerOperand())) {
        SmallVector<const LoadInst *, 2> Reloads;
        if (!slotReloads(*S, Reloads))
          return UnknownCopyBytes;
        for (const LoadInst *Reload : Reloads)
          Work.push_back({Reload, Offset});
      } else if (!isa<LifetimeIntrinsic>(I) && !isa<PtrToIntInst>(I) &&
                 !isa<ICmpInst>(I) &&
                 !match(I, m_Intrinsic<Intrinsic::objectsize>())) {
        // The address as a value (UBSan's null, alignment and object-size
        // checks) is no access to the object's bytes.
        return UnknownCopyBytes;
      }
    }
  }
  return Writes ? End : 0;
}

Type *innerPointeeType(const Argument &A) {
  if (Type *T = recorded(A, InnerPointeeMD))
    return T;
  return inferInnerFromUses(&A);
}

/// Records what \p Infer says of each pointer parameter of \p F under
/// \p Kind, as `!{i32 argno, T poison, ...}`.
static void record(Function &F, StringRef Kind,
                   function_ref<Type *(const Argument *)> Infer) {
  SmallVector<Metadata *, 8> Ops;
  LLVMContext &Ctx = F.getContext();
  for (Argument &A : F.args()) {
    if (!A.getType()->isPointerTy())
      continue;
    Type *T = Infer(&A);
    if (!T)
      continue;
    Ops.push_back(ConstantAsMetadata::get(
        ConstantInt::get(Type::getInt32Ty(Ctx), A.getArgNo())));
    Ops.push_back(ConstantAsMetadata::get(PoisonValue::get(T)));
    ++NumRecordedPointees;
  }
  if (!Ops.empty())
    F.setMetadata(Kind, MDNode::get(Ctx, Ops));
}

std::optional<unsigned> declaredPointeeBits(const Argument &A) {
  const MDNode *N = A.getParent()->getMetadata(DeclaredBitsMD);
  if (!N)
    return std::nullopt;
  for (unsigned I = 0; I + 1 < N->getNumOperands(); I += 2) {
    auto *No = mdconst::dyn_extract_or_null<ConstantInt>(N->getOperand(I));
    auto *Bits =
        mdconst::dyn_extract_or_null<ConstantInt>(N->getOperand(I + 1));
    if (No && Bits && No->getZExtValue() == A.getArgNo())
      return Bits->getZExtValue();
  }
  return std::nullopt;
}

/// The text of the annotation \p C names (a private string constant), or
/// an empty string.
static StringRef annotationText(const Constant *C) {
  const auto *GV = dyn_cast<GlobalVariable>(C->stripPointerCasts());
  const auto *Data = GV && GV->hasInitializer()
                         ? dyn_cast<ConstantDataArray>(GV->getInitializer())
                         : nullptr;
  return Data && Data->isCString() ? Data->getAsCString() : StringRef();
}

/// Turns "ARGNO=BITS,..." into `!{i32 ARGNO, i32 BITS, ...}` on \p F;
/// nothing when the text is malformed or names no pointer parameter of
/// \p F (the body's guess stands then).
static void attachDeclaredBits(Function &F, StringRef Pairs) {
  SmallVector<Metadata *, 8> Ops;
  Type *I32 = Type::getInt32Ty(F.getContext());
  SmallVector<StringRef, 8> Items;
  Pairs.split(Items, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef Item : Items) {
    auto [No, Bits] = Item.split('=');
    unsigned ArgNo = 0, Size = 0;
    if (No.getAsInteger(10, ArgNo) || Bits.getAsInteger(10, Size) ||
        ArgNo >= F.arg_size() || !F.getArg(ArgNo)->getType()->isPointerTy())
      return;
    Ops.push_back(ConstantAsMetadata::get(ConstantInt::get(I32, ArgNo)));
    Ops.push_back(ConstantAsMetadata::get(ConstantInt::get(I32, Size)));
  }
  F.setMetadata(DeclaredBitsMD, MDNode::get(F.getContext(), Ops));
}

/// Moves the front-end plugin's pointee-size annotations into function
/// metadata and deletes them from `llvm.global.annotations` (with the
/// strings only they used): they are the plugins' private channel, not the
/// user's annotations.
static void takeDeclaredPointeeBits(Module &M) {
  GlobalVariable *Annotations = M.getGlobalVariable("llvm.global.annotations");
  auto *Array = Annotations && Annotations->hasInitializer()
                    ? dyn_cast<ConstantArray>(Annotations->getInitializer())
                    : nullptr;
  if (!Array)
    return;
  SmallVector<Constant *, 8> Kept;
  bool Dropped = false;
  SmallSetVector<GlobalVariable *, 8> Strings;
  for (Use &Op : Array->operands()) {
    auto *Entry = dyn_cast<ConstantStruct>(Op.get());
    StringRef Text = Entry && Entry->getNumOperands() >= 2
                         ? annotationText(Entry->getOperand(1))
                         : StringRef();
    auto *F =
        Entry ? dyn_cast<Function>(Entry->getOperand(0)->stripPointerCasts())
              : nullptr;
    if (!F || !Text.consume_front(PointeeSizeAnnotationPrefix)) {
      Kept.push_back(cast<Constant>(Op.get()));
      continue;
    }
    // Several redeclarations may each carry one; they say the same.
    if (!F->getMetadata(DeclaredBitsMD))
      attachDeclaredBits(*F, Text);
    Dropped = true;
    for (Value *Part : Entry->operands())
      if (auto *GV = dyn_cast<GlobalVariable>(Part->stripPointerCasts());
          GV && GV->hasPrivateLinkage())
        Strings.insert(GV);
  }
  if (!Dropped)
    return;
  if (Kept.empty()) {
    Annotations->eraseFromParent();
  } else {
    auto *Ty = ArrayType::get(Array->getType()->getElementType(), Kept.size());
    auto *New = new GlobalVariable(
        M, Ty, Annotations->isConstant(), Annotations->getLinkage(),
        ConstantArray::get(Ty, Kept), "", Annotations,
        Annotations->getThreadLocalMode());
    New->setSection(Annotations->getSection());
    New->takeName(Annotations);
    Annotations->eraseFromParent();
  }
  // The annotation and file-name strings no kept entry still names (the
  // dropped entries, constants without users now, go first).
  for (GlobalVariable *GV : Strings) {
    GV->removeDeadConstantUsers();
    if (GV->use_empty())
      GV->eraseFromParent();
  }
}

PreservedAnalyses RecordPointeeTypesPass::run(Module &M,
                                              ModuleAnalysisManager &) {
  takeDeclaredPointeeBits(M);
  for (Function &F : M) {
    if (F.isDeclaration() || !hasVariantAttributes(F) ||
        F.getMetadata(PointeeMD))
      continue;
    record(F, PointeeMD, [](const Argument *A) { return inferFromUses(A); });
    record(F, InnerPointeeMD, inferInnerFromUses);
  }
  // Metadata only: no analysis sees it.
  return PreservedAnalyses::all();
}

} // namespace vecclone
