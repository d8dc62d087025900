//===- VariantSet.h - The vector variants a function promises --*- C++ -*-===//
//
/// \file
/// Reads the `_ZGV...` string attributes clang attaches to a declare-simd
/// function, validates each with LLVM's VFABI demangler, and adds the names
/// GCC would emit where they differ from clang's (the `c` class with an
/// integer or pointer characteristic type), so callers built by either
/// compiler link.
//
//===----------------------------------------------------------------------===//

#ifndef VECCLONE_VARIANTSET_H
#define VECCLONE_VARIANTSET_H

#include "vecclone/VariantABI.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Function.h"
#include <string>

namespace vecclone {

/// One variant to define.
struct VariantRequest {
  std::string Name; ///< The exact symbol, e.g. `_ZGVdN8v_f`.
  llvm::VFInfo Info;
  /// True for a name no attribute promised but GCC's callers look for.
  bool AddedForGCC = false;
  /// True for GCC's other spelling of a promised variant (no `a<N>`, an
  /// unsigned step): defined for gcc-built callers, never called by ours,
  /// since a gcc-built callee may not have it.
  bool SpellingOnly = false;
  /// AdvSIMD: the bits of one mask lane (computeVariantABI's MaskBits).
  unsigned MaskBits = 0;
  /// AdvSIMD: MaskBits is a guess (advSIMDMaskBits); callers do not call
  /// the masked variant.
  bool MaskUncertain = false;
  /// AdvSIMD: a name clang promises that gcc 12 does not define although
  /// it defines variants of the function: never called by our callers.
  bool GCCLacks = false;
};

/// An attribute that could not be turned into a variant.
struct RejectedVariant {
  std::string Attribute;
  std::string Reason;
};

struct FunctionVariants {
  llvm::SmallVector<VariantRequest, 8> Requests;
  llvm::SmallVector<RejectedVariant, 2> Rejected;
};

/// True if \p Attr is a vector-ABI variant name (`_ZGV` prefix).
bool isVariantAttribute(llvm::StringRef Attr);

/// True if \p F carries at least one variant name (declare simd).
bool hasVariantAttributes(const llvm::Function &F);

/// The scalar function's name in a variant name of a class this plugin
/// defines (x86 or AdvSIMD), "" when \p Name is not one.
llvm::StringRef variantScalarName(llvm::StringRef Name);

/// The parameter tokens of such a variant name, one per parameter (`v`,
/// `l4`, `R8a16`, ...), in order; empty when \p Name is not one.
llvm::SmallVector<llvm::StringRef, 8> variantParamTokens(llvm::StringRef Name);

/// Parses one mangled name for \p F. On failure returns a message saying what
/// is wrong with it (unknown ISA, bad length, wrong parameter count, ...).
llvm::Expected<llvm::VFInfo> parseVariantName(llvm::StringRef Name,
                                              const llvm::Function &F);

/// AdvSIMD's narrowest data size (vfabia64's NDS) of the variant \p Info
/// of \p F, in bits: the width of its mask's lanes. \p Certain (if given)
/// is cleared when it is a guess: a declaration's `simdlen` variant whose
/// uniform or linear pointer may point to something narrower.
unsigned advSIMDMaskBits(const llvm::Function &F, const llvm::VFInfo &Info,
                         bool *Certain = nullptr);

/// Collects every variant \p F promises through its string attributes, in
/// attribute order, plus GCC's names when \p AddGCCNames is set (x86's `c`
/// lengths and spellings; AdvSIMD's lengths, 1-lane ones included).
FunctionVariants collectVariants(const llvm::Function &F, bool AddGCCNames);

} // namespace vecclone

#endif // VECCLONE_VARIANTSET_H
