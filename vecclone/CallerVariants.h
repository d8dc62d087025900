//===- CallerVariants.h - Variants a call site may use ---------*- C++ -*-===//
//
/// \file
/// For one call to a declare-simd function, the variants the stock loop
/// vectorizer may call instead: only ISA classes the caller's target can run,
/// only names a gcc-built callee also defines, only parameter kinds LV can
/// pass, only `aligned` clauses the argument is known to satisfy; best first
/// (widest ISA, unmasked before masked). Every variant left out comes with
/// the reason, for remarks. Never changes IR.
//
//===----------------------------------------------------------------------===//

#ifndef VECCLONE_CALLERVARIANTS_H
#define VECCLONE_CALLERVARIANTS_H

#include "vecclone/ValueSlots.h"
#include "vecclone/VariantABI.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace llvm {
class CallBase;
class Function;
} // namespace llvm

namespace vecclone {

struct UsableVariant {
  std::string Name; ///< The ABI symbol, e.g. `_ZGVdN8ul_dowork`.
  llvm::VFInfo Info;
  VariantABI ABI;
  /// Consecutive calls of this variant that stand for one call of
  /// `Copies * ABI.VLen` lanes: a lane loop wider than every usable variant
  /// of its callee calls a narrower one on each slice of its lanes
  /// (LaneCalls.h). 1 for a variant called as it is.
  unsigned Copies = 1;
  /// Parameters (bit i for parameter i) the call passes by value: their
  /// arguments are value slots (ValueSlots.h), and LV sees the stored value.
  uint64_t ValueParams = 0;
  /// The value-form declaration the call is made through, once the call
  /// is rewritten into it (null without ValueParams).
  const llvm::Function *ValueForm = nullptr;

  /// The number of lanes one call of this entry covers.
  unsigned lanes() const { return Copies * ABI.VLen; }
  /// True if the call passes parameter \p I by value.
  bool passesByValue(unsigned I) const {
    return hasValueParam(ValueParams, I);
  }
};

struct UnusableVariant {
  std::string Name;
  std::string Reason;
  unsigned VF = 0; ///< Its number of lanes.
  bool Masked = false;
};

struct CallVariants {
  llvm::SmallVector<UsableVariant, 8> Usable;
  llvm::SmallVector<UnusableVariant, 8> Unusable;
  /// The parameters the call passes by value to every variant listed: the
  /// value slots where some variant takes `linear(val)` or `linear(uval)`.
  uint64_t ValueParams = 0;
};

/// The token letter a parameter of kind \p K is spelled with in the mapping
/// offered to the loop vectorizer (`v`, `u`, `l`), or nullopt when LV cannot
/// pass such a parameter. `linear(ref)` (`R<s>`) is offered as `l<s>`: LV
/// passes a pointer linear argument as the ABI passes a linear reference.
/// \p ByValue: the call passes the parameter's value (ValueSlots.h), so
/// `linear(val)` and `linear(uval)` are `l<s>` on that value, and `uniform`
/// and vector references `u` and `v`.
std::optional<char> mappingTokenLetter(llvm::VFParamKind K,
                                       bool ByValue = false);

/// How remarks name a parameter of kind \p K (`linear(uval)`).
llvm::StringRef paramKindName(llvm::VFParamKind K);

/// The widest ISA class \p F's target features can run, if any.
std::optional<ISAClass> widestISA(const llvm::Function &F);

/// Variants of \p CB's callee that \p CB may use. \p MaskedOnly keeps only
/// `M` variants (for calls the vectorizer must not run on inactive lanes).
/// A value slot passed where some variant takes `linear(val)` or
/// `linear(uval)` is passed by value to all of them (CallVariants'
/// ValueParams).
CallVariants findCallVariants(const llvm::CallBase &CB, bool MaskedOnly);

/// True if a call of \p CB's type split into calls on slices of its lanes
/// can be put back together: it returns nothing or one vectorizable value
/// (not a struct).
bool canComposeCall(const llvm::CallBase &CB);

/// Of \p Usable (best first), the variants to call `VF / n` times for a call
/// of \p VF lanes when none has exactly VF lanes: those of n lanes, n
/// dividing VF, widest n first, one per ISA class and mask kind, with
/// Copies set. Empty when some variant has VF lanes.
llvm::SmallVector<UsableVariant, 4>
composedVariants(llvm::ArrayRef<UsableVariant> Usable, unsigned VF);

} // namespace vecclone

#endif // VECCLONE_CALLERVARIANTS_H
