//===- StrideAnalysis.h - Lane-to-lane strides of memory accesses -*- C++ -*-===//
//
/// \file
/// How the address of each load and store of a SIMD-lane loop moves from one
/// lane to the next, which decides how a widened access is done:
///
/// - uniform:    the same address in every lane (one scalar access, a
///               broadcast for loads);
/// - contiguous: consecutive elements (stride == element size: one vector
///               load or store);
/// - strided:    a constant stride in bytes (array of structs: x, y, z of
///               floats is 12 bytes; interleaved groups or shuffles);
/// - unknown-stride: a stride invariant in the lane loop but not constant
///               (`p[lane * s]` with `s` uniform; a runtime check or a
///               strided gather);
/// - gather/scatter: anything else.
///
/// Strides come from ScalarEvolution: the address is an affine recurrence
/// of the lane loop. Inner-loop recurrences are looked through when their
/// step is uniform: active lanes of an inner loop are in the same iteration,
/// so the inner loop adds the same offset to every lane. An address SCEV
/// cannot describe is still uniform when the divergence analysis says so.
/// The analysis never changes the IR. `print<vplan-stride>` prints it.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_STRIDEANALYSIS_H
#define VPLANEXT_STRIDEANALYSIS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"

namespace llvm {
class Instruction;
class Loop;
class raw_ostream;
class SCEV;
class SCEVAddRecExpr;
class SCEVPredicate;
class Value;
class ScalarEvolution;
} // namespace llvm

namespace vplanext {

enum class AccessStrideKind { Uniform, Contiguous, Strided, UnknownStride, Gather };

struct AccessStride {
  AccessStrideKind Kind = AccessStrideKind::Gather;
  /// Bytes between the addresses of consecutive lanes (Contiguous, Strided).
  int64_t StrideBytes = 0;
  /// The stride in bytes as SCEV (UnknownStride; constant otherwise).
  const llvm::SCEV *Stride = nullptr;
  /// The stride holds only if a narrow index does not wrap, which the
  /// vectorizer checks at run time before the loop.
  bool AssumesNoWrap = false;
  /// A gather because the address is a recurrence only if a narrow index
  /// does not wrap, and over the lanes it always does (`(c + lane) & 7` in
  /// sixteen lanes): the vectorizer's check would always fail and it would
  /// give the loop up, so the lowering freezes the index
  /// (freezeWrappingIndices).
  bool IndexWraps = false;
};

/// Whether the vectorizer's run-time check of the no-wrap predicates in
/// \p P (those PredicatedScalarEvolution adds to see an address as a
/// recurrence) fails whatever the values: a narrow recurrence stepped over
/// more iterations of its loop than its type holds. The vectorizer then
/// gives the loop up without a remark.
bool noWrapCheckAlwaysFails(llvm::ScalarEvolution &SE,
                            const llvm::SCEVPredicate &P);

/// The recurrence of \p L that the address \p Ptr (of an access in \p L
/// itself) is under the no-wrap predicates the vectorizer adds
/// (PredicatedScalarEvolution::getAsAddRec), or null; \p Wraps (then null)
/// when those predicates always fail (noWrapCheckAlwaysFails). The one test
/// for the stride analysis and the prep's freezeWrappingIndices.
const llvm::SCEVAddRecExpr *laneRecurrenceIfNoWrap(llvm::ScalarEvolution &SE,
                                                   llvm::Loop &L,
                                                   llvm::Value *Ptr,
                                                   bool &Wraps);

/// The analysis result: accesses of every lane loop, with their lane loop,
/// in block order.
class LaneStrideInfo {
public:
  struct Access {
    llvm::Instruction *I;
    const llvm::Loop *LaneLoop;
    AccessStride Stride;
  };

  llvm::ArrayRef<Access> accesses() const { return Accesses; }
  /// The stride of load/store \p I, or null when \p I is not in a lane loop.
  const AccessStride *getStride(const llvm::Instruction *I) const;

  void print(llvm::raw_ostream &OS) const;

  /// The result points at loops, SCEVs and divergence results.
  bool invalidate(llvm::Function &F, const llvm::PreservedAnalyses &PA,
                  llvm::FunctionAnalysisManager::Invalidator &Inv);

private:
  friend class LaneStrideAnalysis;
  llvm::SmallVector<Access, 16> Accesses;
  llvm::DenseMap<const llvm::Instruction *, unsigned> Index;
};

class LaneStrideAnalysis : public llvm::AnalysisInfoMixin<LaneStrideAnalysis> {
  friend llvm::AnalysisInfoMixin<LaneStrideAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = LaneStrideInfo;
  Result run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

/// `print<vplan-stride>`.
class LaneStridePrinterPass
    : public llvm::PassInfoMixin<LaneStridePrinterPass> {
  llvm::raw_ostream &OS;

public:
  explicit LaneStridePrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
  static bool isRequired() { return true; }
};

} // namespace vplanext

#endif // VPLANEXT_STRIDEANALYSIS_H
