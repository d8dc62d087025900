//===- PinSignatures.h - Keep promised signatures through IPO ---*- C++ -*-===//
//
/// \file
/// A `declare simd` function promises variants whose parameters are its
/// own. Interprocedural passes change a local function's signature when
/// they see all its calls: a `static` function called with the same constant
/// everywhere loses that parameter (IPSCCP, dead-argument elimination)
/// before vecclone runs, and its names then describe parameters the
/// function no longer has. At the start of the pipeline every local
/// function with `_ZGV` names goes into `llvm.compiler.used`, which makes
/// its address taken for those passes; vecclone takes it out again once the
/// variants are defined (unpinSignatures).
//
//===----------------------------------------------------------------------===//

#ifndef VECCLONE_PINSIGNATURES_H
#define VECCLONE_PINSIGNATURES_H

#include "llvm/IR/PassManager.h"

namespace vecclone {

/// Function attribute on the functions PinSignaturesPass pinned.
constexpr const char *PinnedAttr = "vecclone-pinned";

class PinSignaturesPass : public llvm::PassInfoMixin<PinSignaturesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

/// Takes the pinned functions out of `llvm.compiler.used` again.
void unpinSignatures(llvm::Module &M);

} // namespace vecclone

#endif // VECCLONE_PINSIGNATURES_H
