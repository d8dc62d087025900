//===- VariantCallLowering.h - Vectorizer calls to ABI calls ---*- C++ -*-===//
//
/// \file
/// LLVM's loop vectorizer calls a vector variant in LLVM's own form: one wide
/// vector per parameter, a `<VF x i1>` mask, a wide vector return. The x86
/// ABI gcc implements differs (register-sized pieces, CDT-vector or integer
/// masks, wide returns through memory). The caller side therefore lets LV
/// call a declaration in LLVM's form, and right after LV replaces each such
/// call by the ABI-exact call of the real variant.
//
//===----------------------------------------------------------------------===//

#ifndef VECCLONE_VARIANTCALLLOWERING_H
#define VECCLONE_VARIANTCALLLOWERING_H

#include "vecclone/CallerVariants.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace llvm {
class CallInst;
class Function;
class IRBuilderBase;
class Module;
class Value;
} // namespace llvm

namespace vecclone {

/// Appends to \p Out the IR arguments (or the return value) that carry
/// \p Whole, a vector of the ABI's element type, as \p N pieces of
/// \p Piece: each piece in its call form (callPieceType), or one array of
/// the pieces (VariantABI::PiecesAsArray).
void appendABIValue(llvm::IRBuilderBase &B, const VariantABI &ABI,
                    llvm::Value *Whole, llvm::FixedVectorType *Piece,
                    unsigned N, llvm::SmallVectorImpl<llvm::Value *> &Out);

/// The inverse of appendABIValue: the whole vector from the IR values
/// \p Args that carry its \p N pieces of \p Piece.
llvm::Value *joinABIValue(llvm::IRBuilderBase &B, const VariantABI &ABI,
                          llvm::ArrayRef<llvm::Value *> Args,
                          llvm::FixedVectorType *Piece, unsigned N);

/// Name of the vectorizer-form declaration standing in for \p Variant.
std::string vectorizerFormName(llvm::StringRef Variant);

/// The mangled name LV reads \p V's shape from (never a symbol; only the
/// stand-in it maps to is declared): its ABI name with `V.lanes()` lanes
/// (more than the variant's for `Copies` calls of a narrower variant), each
/// parameter token spelled with mappingTokenLetter's letter (`R4`, which LV
/// refuses, as `l4`; the scalar name after the `_` is kept as it is).
std::string mappingName(const UsableVariant &V);

/// Declares (once) the vectorizer-form stand-in for \p V, a variant of
/// \p Scalar, of `V.lanes()` lanes, and returns it.
llvm::Function *getOrInsertVectorizerForm(llvm::Module &M,
                                          const UsableVariant &V,
                                          const llvm::Function &Scalar);

/// True if \p M can hold the ABI symbol of \p V: it is absent, or a function
/// of exactly the ABI type (our own definition or an earlier declaration).
bool canDeclareABISymbol(const llvm::Module &M, const UsableVariant &V);

/// Replaces \p Call, a call to the vectorizer-form stand-in of \p V, by the
/// ABI call of the real variant; returns the new call. With `V.Copies > 1`
/// the call first becomes `V.Copies` calls, one per slice of the lanes
/// (vector arguments and mask split, linear ones stepped, results
/// concatenated), each lowered so; returns the first.
llvm::CallInst *lowerVariantCall(llvm::CallInst &Call, const UsableVariant &V,
                                 const llvm::Function &Scalar);

} // namespace vecclone

#endif // VECCLONE_VARIANTCALLLOWERING_H
