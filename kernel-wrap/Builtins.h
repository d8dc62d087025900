//===- Builtins.h - Lowering of OpenCL builtins in a kernel -----*- C++ -*-===//
//
/// \file
/// The kernel's body is wrapped into work-item loops with its builtins
/// lowered first: work-item queries become values of the work group and the
/// lane counters, math builtins become LLVM intrinsics or libm calls (which
/// the loop vectorizer widens, via libmvec with -vector-library=LIBMVEC),
/// atomics become atomicrmw / cmpxchg.
//
//===----------------------------------------------------------------------===//

#ifndef KERNELWRAP_BUILTINS_H
#define KERNELWRAP_BUILTINS_H

#include <string>

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/IRBuilder.h"

namespace llvm {
class CallInst;
class Function;
class Module;
class Type;
class Value;
} // namespace llvm

namespace kernelwrap {

/// What the work-item queries of one work item read. All i64.
struct WorkItemValues {
  llvm::Value *WorkDim = nullptr;
  llvm::Value *GlobalSize[3] = {};
  llvm::Value *LocalSize[3] = {};
  llvm::Value *NumGroups[3] = {};
  llvm::Value *Offset[3] = {};
  llvm::Value *GroupId[3] = {};
  llvm::Value *LocalId[3] = {};
};

/// Replaces every work-item query in \p F. Returns the number replaced.
unsigned lowerWorkItemQueries(llvm::Function &F, const WorkItemValues &V);

/// \p V as \p To of at least as many bits, or the other way round: the C
/// calling convention passes OpenCL vectors of up to 8 bytes as one scalar
/// (`uchar4` as an `i32`, `short4` and `uchar8` as a `double`, `uchar3` in
/// the low 24 bits of an `i32`). Null when neither fits the other.
llvm::Value *reinterpretSmallVector(llvm::IRBuilder<> &B, llvm::Value *V,
                                    llvm::Type *To);

struct OclName;

/// Replaces each call in \p F of a declared OpenCL builtin (a mangled name)
/// by what \p Lower builds before it: the result, or for a void builtin any
/// non-null value; null leaves the call. Returns the number replaced.
unsigned replaceBuiltinCalls(
    llvm::Function &F,
    llvm::function_ref<llvm::Value *(llvm::IRBuilder<> &, llvm::CallInst &,
                                     const OclName &)>
        Lower);

/// A libm call (`Base`, or `Base` + "f" on float) on every element of
/// \p Args (all of one FP or FP vector type).
llvm::Value *callLibm(llvm::IRBuilder<> &B, llvm::Module &M,
                      llvm::StringRef Base,
                      llvm::ArrayRef<llvm::Value *> Args);

/// Math builtins that are not one operation per element of the same type:
/// a second result through a pointer (frexp, modf, fract, sincos, remquo,
/// lgamma_r), an int argument or result (ldexp, pown, rootn, ilogb, nan),
/// the *pi functions, mad_sat; null for anything else. \p Args are the
/// builtin's declared types (small vectors reinterpreted).
llvm::Value *lowerMoreMath(llvm::IRBuilder<> &B, const OclName &N,
                           llvm::ArrayRef<llvm::Value *> Args);

/// convert_<type>[n][_sat][_rte|_rtz|_rtp|_rtn] of \p X to \p To, or null
/// for any other builtin.
llvm::Value *lowerConvert(llvm::IRBuilder<> &B, const OclName &N,
                          llvm::Value *X, llvm::Type *To);

/// The float or double \p X as the FP type \p To, rounded exactly as
/// \p Mode says (`_rte`, `_rtz`, `_rtp`, `_rtn`; empty: to nearest even);
/// null for another mode.
llvm::Value *convertToFP(llvm::IRBuilder<> &B, llvm::Value *X, llvm::Type *To,
                         llvm::StringRef Mode);

/// shuffle / shuffle2, or null for any other builtin.
llvm::Value *lowerShuffle(llvm::IRBuilder<> &B, const OclName &N,
                          llvm::ArrayRef<llvm::Value *> Args);

/// Replaces math, integer and conversion builtins in \p F. Returns the
/// number replaced.
unsigned lowerMathBuiltins(llvm::Function &F);

/// Replaces vloadN / vstoreN and vload_half[N] / vstore_half[N] in \p F.
/// Returns the number replaced.
unsigned lowerVectorMemoryBuiltins(llvm::Function &F);

/// Replaces atomic_* / atom_* builtins in \p F. Returns the number replaced.
unsigned lowerAtomicBuiltins(llvm::Function &F);

/// Replaces async_work_group_copy, async_work_group_strided_copy,
/// wait_group_events (a barrier) and prefetch (nothing) in the work-item
/// function \p F, before its barriers are cut. Returns the number replaced.
unsigned lowerAsyncCopyBuiltins(llvm::Function &F, const WorkItemValues &V);

/// Barrier builtins (barrier, work_group_barrier).
bool isBarrierCall(const llvm::CallInst &CI);
/// Memory fences (mem_fence, read_mem_fence, write_mem_fence): no-ops when
/// one thread runs the whole work group.
bool isMemFenceCall(const llvm::CallInst &CI);

} // namespace kernelwrap

#endif // KERNELWRAP_BUILTINS_H
