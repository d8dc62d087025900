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

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/PassManager.h"

namespace llvm {
class BasicBlock;
class LoopInfo;
class OptimizationRemarkEmitter;
} // namespace llvm

namespace vecclone {

/// Metadata on a call whose exceptions must end in std::terminate; with the
/// operand "noinline" when the call was made noinline while its handler is
/// away (an inliner would copy the callee's calls in untagged).
constexpr const char *TerminateScopeMD = "vecclone.terminate";
/// Function attribute: the callees (comma separated) whose terminate-only
/// invokes became tagged calls in this function.
constexpr const char *TerminateCalleesAttr = "vecclone-terminate-callees";
/// Function attribute: the function was nounwind and is again once every
/// call that may throw has a handler that terminates.
constexpr const char *TerminateNoUnwindAttr = "vecclone-terminate-nounwind";

/// Turns the terminate-only invokes whose blocks are in \p Scope into
/// tagged calls, unless the function also calls the callee in a loop where
/// its exceptions propagate (remark TerminateScopeKept when \p ORE is
/// given). Used by OpenTerminateScopesPass on `omp simd` loops and by
/// VariantBuilder on a variant's lane loop. Returns true if it changed \p F.
bool openTerminateScopes(llvm::Function &F,
                         llvm::ArrayRef<llvm::BasicBlock *> Scope,
                         llvm::LoopInfo &LI,
                         llvm::OptimizationRemarkEmitter *ORE);

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
