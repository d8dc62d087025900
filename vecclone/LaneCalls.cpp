//===- LaneCalls.cpp - Variants a call in a lane loop may use -------------===//
//
/// \file
/// Implements the lane-loop rules on top of CallerVariants' choice. The
/// variants this rejects come first in Unusable: they are the ones closest to
/// usable, so their reason is the one a remark should give.
//
//===----------------------------------------------------------------------===//

#include "vecclone/LaneCalls.h"
#include "vecclone/VariantBuilder.h"
#include "vecclone/VariantCallLowering.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include <algorithm>

using namespace llvm;

namespace vecclone {

unsigned laneLoopWidth(const Loop &L) {
  if (!isLaneLoopID(L.getLoopID()))
    return 0;
  if (getOptionalBoolLoopAttribute(&L, "llvm.loop.vectorize.enable") ==
      std::optional<bool>(false))
    return 0;
  std::optional<int> Width =
      getOptionalIntLoopAttribute(&L, "llvm.loop.vectorize.width");
  return Width && *Width > 1 ? unsigned(*Width) : 0;
}

bool hasLaneVaryingParam(const VFInfo &Info) {
  return any_of(Info.Shape.Parameters, [](const VFParameter &P) {
    return P.ParamKind == VFParamKind::Vector ||
           P.ParamKind == VFParamKind::OMP_Linear ||
           P.ParamKind == VFParamKind::OMP_LinearRef ||
           P.ParamKind == VFParamKind::OMP_LinearVal ||
           P.ParamKind == VFParamKind::OMP_LinearUVal;
  });
}

bool isPureLibCall(const CallBase &CB, const TargetLibraryInfo &TLI) {
  const Function *Callee = CB.getCalledFunction();
  LibFunc LF;
  return Callee && TLI.getLibFunc(*Callee, LF) && TLI.has(LF) &&
         !CB.mayReadOrWriteMemory() && CB.doesNotThrow();
}

CallVariants findLaneCallVariants(const CallBase &CB, unsigned VF,
                                  bool Conditional,
                                  const TargetLibraryInfo &TLI) {
  CallVariants All = findCallVariants(CB, /*MaskedOnly=*/false);
  bool NeedsMask = Conditional && !isPureLibCall(CB, TLI);
  bool TouchesMemory = CB.mayReadOrWriteMemory();
  const Module &M = *CB.getModule();
  CallVariants Out;
  Out.ValueParams = All.ValueParams;
  // Rejections of variants of exactly VF lanes explain best why a call has
  // none; those of narrower ones only show when there is no such variant.
  CallVariants Narrow;
  auto Consider = [&](const UsableVariant &V, CallVariants &To) {
    auto Reject = [&](const Twine &Why) {
      To.Unusable.push_back({V.Name, Why.str(), V.ABI.VLen, V.ABI.Masked});
    };
    if (NeedsMask && !V.ABI.Masked) {
      Reject("the call does not run on every lane, and an unmasked variant "
             "would run it on the inactive lanes too");
      return;
    }
    // One call per lane of a function that touches memory: a variant whose
    // arguments are all uniform would make it one call for all lanes.
    if (TouchesMemory && !hasLaneVaryingParam(V.Info)) {
      Reject("its arguments are the same on every lane and the call touches "
             "memory: it stays one call per lane");
      return;
    }
    if (!canDeclareABISymbol(M, V)) {
      Reject("the module has a symbol of another type with that name");
      return;
    }
    To.Usable.push_back(V);
    To.Usable.back().Copies = VF / V.ABI.VLen;
  };
  // Lane loops here have a fixed width: SVE's scalable variants never fit.
  erase_if(All.Usable, [](const UsableVariant &V) { return V.ABI.Scalable; });
  for (const UsableVariant &V : All.Usable)
    if (V.ABI.VLen == VF)
      Consider(V, Out);
  // No variant of VF lanes: VF/n calls of a variant of n lanes still beat
  // VF scalar calls (a `simdlen(4)` callee in a variant of 8 lanes, or
  // libmvec's 4-lane double functions in an 8-lane loop). The widest such
  // variant first; LV sees one VF-lane stand-in per ISA class and mask kind.
  if (Out.Usable.empty() && canComposeCall(CB)) {
    for (const UsableVariant &V : All.Usable)
      if (V.ABI.VLen < VF && VF % V.ABI.VLen == 0)
        Consider(V, Narrow);
    std::stable_sort(Narrow.Usable.begin(), Narrow.Usable.end(),
                     [](const UsableVariant &A, const UsableVariant &B) {
                       return A.ABI.VLen > B.ABI.VLen;
                     });
    StringSet<> Seen;
    for (UsableVariant &V : Narrow.Usable)
      if (Seen.insert(mappingName(V)).second)
        Out.Usable.push_back(std::move(V));
  }
  // Of the others, those of the kind the call would take (masked when it
  // needs a mask) explain best why it has none.
  erase_if(All.Unusable, [&](const UnusableVariant &U) { return U.VF != VF; });
  std::stable_partition(
      All.Unusable.begin(), All.Unusable.end(),
      [&](const UnusableVariant &U) { return U.Masked == NeedsMask; });
  for (UnusableVariant &U : All.Unusable)
    Out.Unusable.push_back(std::move(U));
  if (Out.Usable.empty())
    for (UnusableVariant &U : Narrow.Unusable)
      Out.Unusable.push_back(std::move(U));
  return Out;
}

std::string whyNoLaneVariant(const CallBase &CB, unsigned VF,
                             bool Conditional,
                             const TargetLibraryInfo &TLI) {
  CallVariants CV = findLaneCallVariants(CB, VF, Conditional, TLI);
  if (!CV.Usable.empty())
    return {};
  if (CV.Unusable.empty()) {
    const Function *Callee = CB.getCalledFunction();
    return ("'" + (Callee ? Callee->getName() : StringRef("?")) +
            "' has no variant of " + Twine(VF) + " lanes")
        .str();
  }
  return CV.Unusable.front().Name + ": " + CV.Unusable.front().Reason;
}

} // namespace vecclone
