//===- TerminateScopes.h - omp simd calls under exceptions -----*- C++ -*-===//
//
/// \file
/// With exceptions on (C++'s default) clang makes every call in an
/// `omp simd` loop an `invoke` whose handler only calls std::terminate
/// (OpenMP forbids an exception leaving an iteration). The loop vectorizer
/// refuses invokes, so no such loop would call a vector variant.
///
/// OpenTerminateScopesPass (before the vectorizer) turns those invokes into
/// calls tagged TerminateScopeMD; CloseTerminateScopesPass (after it) gives
/// every tagged call, and every vector-variant call made in place of one,
/// its terminate handler back. An exception thrown by the callee or by any
/// of its variants still ends in std::terminate, exactly as before.
//
//===----------------------------------------------------------------------===//

#ifndef VECCLONE_TERMINATESCOPES_H
#define VECCLONE_TERMINATESCOPES_H

#include "llvm/IR/PassManager.h"

namespace vecclone {

/// Metadata on a call whose exceptions must end in std::terminate.
constexpr const char *TerminateScopeMD = "vecclone.terminate";
/// Function attribute: the callees (comma separated) whose terminate-only
/// invokes became tagged calls in this function.
constexpr const char *TerminateCalleesAttr = "vecclone-terminate-callees";
/// Function attribute: the function was nounwind and is again once every
/// tagged call has its handler back.
constexpr const char *TerminateNoUnwindAttr = "vecclone-terminate-nounwind";

class OpenTerminateScopesPass
    : public llvm::PassInfoMixin<OpenTerminateScopesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

class CloseTerminateScopesPass
    : public llvm::PassInfoMixin<CloseTerminateScopesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace vecclone

#endif // VECCLONE_TERMINATESCOPES_H
