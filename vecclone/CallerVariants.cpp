//===- CallerVariants.cpp - Variants a call site may use ------------------===//
//
/// \file
/// Implements the caller-side choice of variants. The order matters: LV takes
/// the first mapping whose VF matches, so the widest ISA comes first and, for
/// one ISA, the unmasked variant before the masked one.
//
//===----------------------------------------------------------------------===//

#include "vecclone/CallerVariants.h"
#include "vecclone/ValueSlots.h"
#include "vecclone/VariantSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include <algorithm>
#include <set>

using namespace llvm;

namespace vecclone {

std::optional<ISAClass> widestISA(const Function &F) {
  StringRef Features = F.getFnAttribute("target-features").getValueAsString();
  SmallVector<StringRef, 64> Parts;
  Features.split(Parts, ',');
  auto Has = [&](StringRef Feat) { return is_contained(Parts, Feat); };
  // AArch64 Linux targets always have AdvSIMD unless it is turned off
  // (-march=armv8-a+nosimd, -mgeneral-regs-only).
  if (Triple(F.getParent()->getTargetTriple()).isAArch64()) {
    if (Has("-neon"))
      return std::nullopt;
    // The loop vectorizer does not check the ISA of what it calls: SVE
    // variants are offered only to functions built with SVE.
    if (Has("+sve") && !Has("-sve"))
      return ISAClass::SVE;
    return ISAClass::AdvSIMD;
  }
  if (Has("+avx512f"))
    return ISAClass::AVX512;
  if (Has("+avx2"))
    return ISAClass::AVX2;
  if (Has("+avx"))
    return ISAClass::AVX;
  if (Has("+sse2"))
    return ISAClass::SSE;
  // x86-64 always has SSE2, also when the attribute is absent.
  if (Triple(F.getParent()->getTargetTriple()).getArch() == Triple::x86_64)
    return ISAClass::SSE;
  return std::nullopt;
}

StringRef paramKindName(VFParamKind K) {
  switch (K) {
  case VFParamKind::Vector:
    return "vector";
  case VFParamKind::OMP_Uniform:
    return "uniform";
  case VFParamKind::OMP_Linear:
    return "linear";
  case VFParamKind::OMP_LinearPos:
    return "linear with a variable step (ls)";
  case VFParamKind::OMP_LinearRefPos:
    return "linear(ref) with a variable step (Rs)";
  case VFParamKind::OMP_LinearRef:
    return "linear(ref)";
  case VFParamKind::OMP_LinearVal:
  case VFParamKind::OMP_LinearValPos:
    return "linear(val)";
  case VFParamKind::OMP_LinearUVal:
  case VFParamKind::OMP_LinearUValPos:
    return "linear(uval)";
  default:
    return "of an unsupported kind";
  }
}

std::optional<char> mappingTokenLetter(VFParamKind K, bool ByValue) {
  switch (K) {
  case VFParamKind::Vector:
    return 'v';
  case VFParamKind::OMP_Uniform:
    return 'u';
  case VFParamKind::OMP_Linear:
  // linear(ref) with a constant step s: the ABI passes lane 0's reference
  // and lane k's is s*k bytes further, which is how LV passes a pointer
  // `l<s>` argument (it checks the argument is an affine recurrence of the
  // loop with step s bytes and passes lane 0's value). LV refuses `R`.
  case VFParamKind::OMP_LinearRef:
    return ByValue ? std::nullopt : std::optional<char>('l');
  // Passed by value, the values of `L` and `U` references advance by the
  // (value) step itself; LV checks the value is such a recurrence and
  // passes lane 0's. g++ 12 calls no L or U variant at all.
  case VFParamKind::OMP_LinearVal:
  case VFParamKind::OMP_LinearUVal:
    return ByValue ? std::optional<char>('l') : std::nullopt;
  default:
    // Variable steps (ls, Rs, Ls, Us): LV passes none of them.
    return std::nullopt;
  }
}

static bool isValueLinear(VFParamKind K) {
  return K == VFParamKind::OMP_LinearVal || K == VFParamKind::OMP_LinearUVal ||
         K == VFParamKind::OMP_LinearValPos ||
         K == VFParamKind::OMP_LinearUValPos;
}

/// Why LV cannot pass this variant's parameters from \p CB, or empty.
/// \p ValueParams: the parameters \p CB passes by value.
static std::string unsupportedParam(const CallBase &CB, const VFInfo &Info,
                                    uint64_t ValueParams) {
  const DataLayout &DL = CB.getDataLayout();
  for (const VFParameter &P : Info.Shape.Parameters) {
    if (P.ParamKind == VFParamKind::GlobalPredicate)
      continue;
    bool ByValue = hasValueParam(ValueParams, P.ParamPos);
    if (!mappingTokenLetter(P.ParamKind, ByValue)) {
      std::string Why = ("parameter " + Twine(P.ParamPos + 1) + " is " +
                         paramKindName(P.ParamKind) +
                         ", which the loop vectorizer cannot pass")
                            .str();
      if (ByValue)
        return Why + " by value";
      if (isValueLinear(P.ParamKind))
        return Why + " (only the value of a local variable stored just "
                     "before the call, as in 'int t = i; f(t)')";
      return Why;
    }
    if (P.Alignment.value() <= 1)
      continue;
    // The lowering makes the slots of values passed by value; it keeps no
    // alignment promise.
    if (ByValue)
      return ("parameter " + Twine(P.ParamPos + 1) + " is aligned(" +
              Twine(P.Alignment.value()) + ") and passed by value")
          .str();
    // aligned(p:N): the variant may rely on it, so the argument must be
    // known to be aligned (per lane for linear pointers: base and step).
    const Value *Arg = CB.getArgOperand(P.ParamPos);
    Align Known = getKnownAlignment(const_cast<Value *>(Arg), DL);
    if (Known < P.Alignment)
      return ("parameter " + Twine(P.ParamPos + 1) + " is aligned(" +
              Twine(P.Alignment.value()) +
              ") but the argument is only known to be " +
              Twine(Known.value()) + "-byte aligned")
          .str();
  }
  return {};
}

CallVariants findCallVariants(const CallBase &CB, bool MaskedOnly) {
  CallVariants Out;
  const Function *Callee = CB.getCalledFunction();
  if (!Callee)
    return Out;
  std::optional<ISAClass> Caller = widestISA(*CB.getFunction());
  FunctionVariants FV = collectVariants(*Callee, /*AddGCCNames=*/true);
  // Value slots are passed by value where some variant needs the value.
  uint64_t ValueLinear = 0;
  for (const VariantRequest &R : FV.Requests)
    for (const VFParameter &P : R.Info.Shape.Parameters)
      if (isValueLinear(P.ParamKind) && P.ParamPos < 64)
        ValueLinear |= uint64_t(1) << P.ParamPos;
  if (ValueLinear)
    Out.ValueParams = findValueSlots(CB) & ValueLinear;

  // Where clang's AVX name differs from gcc's, a gcc-built callee only has
  // gcc's: call that one, which our callees define as well.
  StringMap<bool> HasGCCTwin;
  for (const VariantRequest &R : FV.Requests)
    if (R.AddedForGCC && !R.SpellingOnly)
      HasGCCTwin[R.Info.isMasked() ? "M" : "N"] = true;

  for (const VariantRequest &R : FV.Requests) {
    if (R.SpellingOnly)
      continue;
    auto Reject = [&](const Twine &Why) {
      Out.Unusable.push_back({R.Name, Why.str(),
                              R.Info.Shape.VF.getKnownMinValue(),
                              R.Info.isMasked()});
    };
    ISAClass ISA = *isaFromVFISA(R.Info.ISA);
    if (ISA == ISAClass::AVX && !R.AddedForGCC &&
        HasGCCTwin.count(R.Info.isMasked() ? "M" : "N")) {
      Reject("clang's AVX length; a gcc-built callee only defines gcc's");
      continue;
    }
    if (R.Info.isMasked() && R.MaskUncertain) {
      Reject("its mask's lane size depends on what a pointer parameter "
             "points to, which the declaration does not say");
      continue;
    }
    if (R.GCCLacks) {
      Reject("clang's AdvSIMD length; a gcc-built callee only defines gcc's");
      continue;
    }
    // One lane is the scalar call again (gcc's 1-lane names).
    if (R.Info.Shape.VF.getKnownMinValue() == 1) {
      Reject("one lane");
      continue;
    }
    if (!Caller || !canRunISA(*Caller, ISA)) {
      Reject(Twine("the caller's target lacks ") + isaName(ISA));
      continue;
    }
    if (MaskedOnly && !R.Info.isMasked()) {
      Reject("the call is conditional and touches memory, so it needs a "
             "masked variant");
      continue;
    }
    std::string Why = unsupportedParam(CB, R.Info, Out.ValueParams);
    if (!Why.empty()) {
      Reject(Why);
      continue;
    }
    Expected<VariantABI> ABI =
        computeVariantABI(R.Info, Callee->getFunctionType(),
                          Callee->getCallingConv(), R.MaskBits);
    if (!ABI) {
      Reject(toString(ABI.takeError()));
      continue;
    }
    if (ABI->Scalable && Out.ValueParams) {
      Reject("the call passes a value by reference slot, which calls of "
             "SVE variants do not lower");
      continue;
    }
    Out.Usable.push_back({R.Name, R.Info, std::move(*ABI)});
    Out.Usable.back().ValueParams = Out.ValueParams;
  }
  std::stable_sort(Out.Usable.begin(), Out.Usable.end(),
                   [](const UsableVariant &A, const UsableVariant &B) {
                     if (A.ABI.ISA != B.ABI.ISA)
                       return A.ABI.ISA > B.ABI.ISA;
                     return !A.ABI.Masked && B.ABI.Masked;
                   });
  return Out;
}

bool canComposeCall(const CallBase &CB) {
  Type *Ret = CB.getType();
  return Ret->isVoidTy() || VectorType::isValidElementType(Ret);
}

SmallVector<UsableVariant, 4> composedVariants(ArrayRef<UsableVariant> Usable,
                                               unsigned VF) {
  SmallVector<UsableVariant, 4> Out;
  if (any_of(Usable, [&](const UsableVariant &V) {
        return !V.ABI.Scalable && V.lanes() == VF;
      }))
    return Out;
  for (const UsableVariant &V : Usable)
    if (V.Copies == 1 && !V.ABI.Scalable && V.ABI.VLen < VF &&
        VF % V.ABI.VLen == 0)
      Out.push_back(V);
  // Fewest calls first; Usable's order (widest ISA, unmasked first) within.
  std::stable_sort(Out.begin(), Out.end(),
                   [](const UsableVariant &A, const UsableVariant &B) {
                     return A.ABI.VLen > B.ABI.VLen;
                   });
  // LV looks a mapping up by its lane count and mask, and a composed
  // mapping's name spells VF lanes: one entry per ISA class and mask kind.
  std::set<std::pair<ISAClass, bool>> Seen;
  erase_if(Out, [&](const UsableVariant &V) {
    return !Seen.insert({V.ABI.ISA, V.ABI.Masked}).second;
  });
  for (UsableVariant &V : Out)
    V.Copies = VF / V.ABI.VLen;
  return Out;
}

} // namespace vecclone
