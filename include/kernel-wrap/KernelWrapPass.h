//===- KernelWrapPass.h - OpenCL kernels to work-group functions -*- C++ -*-===//
//
/// \file
/// For every OpenCL kernel K in the module (spir_kernel calling convention),
/// emits `void __kw_wg_K(void **args, const kw_wg_state *st)` (kw_abi.h)
/// running all work items of one work group:
///
///   region = 0
///   while (region != exit)
///     for z, y: for x (vectorization dimension innermost, a SIMD lane loop)
///       region' = K_region(x, y, z)      // K's code from `region` to the
///     region = region'                   // next barrier (uniform) or return
///
/// Work-item queries become the state's fields and the lane counters;
/// values live across a barrier and private arrays live in per-work-item
/// context arrays; __local variables live in the work-group function's frame.
/// The innermost work-item loop carries `llvm.loop.vectorize.enable` and
/// parallel accesses, so SimdLoopPass and the LoopVectorizer widen it later
/// in the pipeline. The original kernels are removed.
//
//===----------------------------------------------------------------------===//

#ifndef KERNELWRAP_KERNELWRAPPASS_H
#define KERNELWRAP_KERNELWRAPPASS_H

#include "llvm/IR/PassManager.h"
#include <string>

namespace kernelwrap {

struct KernelWrapOptions {
  /// Leave the work-item loops scalar (vectorize.width 1): the reference.
  bool NoVec = false;
  /// Forced vectorization factor (0: the vectorizer's choice).
  unsigned VF = 0;
  /// Vectorization dimension (-1: by cost).
  int Dim = -1;
  /// Only this kernel (empty: all).
  std::string Kernel;
};

class KernelWrapPass : public llvm::PassInfoMixin<KernelWrapPass> {
public:
  explicit KernelWrapPass(KernelWrapOptions O = {}) : Opts(std::move(O)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  static bool isRequired() { return true; }

private:
  KernelWrapOptions Opts;
};

} // namespace kernelwrap

#endif // KERNELWRAP_KERNELWRAPPASS_H
