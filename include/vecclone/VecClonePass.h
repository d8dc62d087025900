//===- VecClonePass.h - Define declare-simd vector variants -----*- C++ -*-===//
//
/// \file
/// The `vecclone` module pass and the `vecclone-report` function pass.
///
/// vecclone defines every `_ZGV` vector variant a function's attributes
/// promise (plus GCC's `c` names where clang's differ), with the x86-64
/// Vector Function ABI signature, as a SIMD-lane loop the stock
/// LoopVectorizer widens. vecclone-report runs after the vectorizer and says,
/// per variant, whether its lane loop was widened and if not, why.
//
//===----------------------------------------------------------------------===//

#ifndef VECCLONE_VECCLONEPASS_H
#define VECCLONE_VECCLONEPASS_H

#include "vplan-ext/LaneLoweringOptions.h"
#include "llvm/IR/PassManager.h"

namespace vecclone {

/// Options of the vecclone component, filled from its `-vecclone-*` flags.
struct VecCloneOptions {
  /// Inline the scalar body into each variant's lane loop.
  bool InlineBody = true;
  /// Also define GCC's `c` names where clang 22 promises a different length.
  bool DefineGCCNames = true;
  /// Cut lane loops at inner loops, calls without variants and heavy
  /// if/else regions (vplan-ext); off leaves the single lane loop.
  bool CutLaneLoops = true;
  /// The most bytes a lane's copies of the inlined body's locals may take
  /// together; past it (or at 0) the lanes share one copy of each.
  uint64_t PrivateLocalBytes = 4096;
  /// How lane loops are planned and cut (vplan-ext).
  vplanext::LaneLoweringOptions Lowering;

  /// The options as set on the command line (`-mllvm -vecclone-...`,
  /// `-mllvm -vplan-...`).
  static VecCloneOptions fromCommandLine();

  /// Applies pass parameters (`vecclone<no-inline-body;boscc-threshold=8>`):
  /// `inline-body`, `gcc-names`, `cut-lane-loops` (each also `no-NAME`),
  /// `private-local-bytes=N`, and LaneLoweringOptions' names.
  llvm::Error parseParams(llvm::StringRef Params);
};

class VecClonePass : public llvm::PassInfoMixin<VecClonePass> {
public:
  explicit VecClonePass(VecCloneOptions Opts = VecCloneOptions::fromCommandLine())
      : Opts(Opts) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  /// Variants are ABI-visible symbols other objects link against: they must
  /// be defined even at -O0 and in optnone code.
  static bool isRequired() { return true; }

private:
  VecCloneOptions Opts;
};

/// Caller side: lets the loop vectorizer call declare-simd variants from
/// loops, then turns its calls into ABI-exact calls. Runs the loop vectorizer
/// itself, so the temporary attributes it needs never reach other passes.
class VecCloneCallsPass : public llvm::PassInfoMixin<VecCloneCallsPass> {
public:
  /// \p OnlyWhenForced mirrors clang's -O1, where only loops with explicit
  /// vectorize metadata (e.g. `omp simd`) are vectorized.
  explicit VecCloneCallsPass(bool OnlyWhenForced = false)
      : OnlyWhenForced(OnlyWhenForced) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);

private:
  bool OnlyWhenForced;
};

class VecCloneReportPass : public llvm::PassInfoMixin<VecCloneReportPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace vecclone

#endif // VECCLONE_VECCLONEPASS_H
