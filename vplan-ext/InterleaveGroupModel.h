//===- InterleaveGroupModel.h - The vectorizer's interleave groups -*- C++
//-*-===//
//
/// \file
/// Which strided accesses of a lane loop the loop vectorizer puts into one
/// interleave group, computed the way LV's InterleavedAccessInfo does:
/// accesses in program order (the loop's blocks in reverse post-order),
/// visited bottom-up; each access not yet grouped starts a group, and the
/// accesses before it join it when they have its stride, size and kind
/// (load or store), sit a constant whole number of elements away, and keep
/// the group's span under its factor. Under a condition an access joins
/// only accesses of its own block, and only where the target has masked
/// interleaved accesses. A factor is |stride| in elements, 2 to LV's
/// -max-interleave-group-factor.
///
/// The plan (which groups it prices) and InterleaveGapFill (which groups
/// would make LV want a scalar epilogue) both read this one model, so the
/// reads InterleaveGapFill turns into gathers are exactly the groups the
/// plan calls gapped. The model leaves out LV's dependence checks between
/// the members of a group and other accesses, and its release of gapped
/// groups whose addresses may wrap.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_INTERLEAVEGROUPMODEL_H
#define VPLANEXT_INTERLEAVEGROUPMODEL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <optional>
#include <utility>

namespace llvm {
class BasicBlock;
class DataLayout;
class Instruction;
class Loop;
class LoopInfo;
class Type;
class SCEV;
class ScalarEvolution;
} // namespace llvm

namespace vplanext {

/// A load or store of the loop whose address steps by a constant, or a
/// read InterleaveGapFill will add.
struct StridedAccessDesc {
  /// The access; null for a read InterleaveGapFill adds right after \p At
  /// (after the reads it added there before).
  llvm::Instruction *I = nullptr;
  const llvm::Instruction *At = nullptr;
  llvm::Type *Ty = nullptr; ///< the type loaded or stored
  /// The address, as the caller's ScalarEvolution sees it (under the no-wrap
  /// predicates the vectorizer adds, where the caller has them).
  const llvm::SCEV *Addr = nullptr;
  int64_t StrideBytes = 0;
  /// The access's block when the vectorizer predicates it (it does not
  /// dominate the latch, or the plan masks it); null otherwise.
  const llvm::BasicBlock *Predicated = nullptr;
  /// Accesses group only with accesses of the same segment. The plan, which
  /// sees a lane loop before the cuts that may put its blocks into lane
  /// loops of their own, makes each block one; null: the whole loop.
  const llvm::BasicBlock *Segment = nullptr;

  bool isLoad() const;
};

/// One group: the members in program order with their byte offset from the
/// lowest one (a null member: a read InterleaveGapFill adds).
struct AccessGroupDesc {
  llvm::SmallVector<std::pair<llvm::Instruction *, int64_t>, 4> Members;
  bool Load = true;
  llvm::Type *EltTy = nullptr; ///< the first member's
  int64_t StrideBytes = 0;
  unsigned Factor = 0;
  uint64_t EltBytes = 0;
  bool isLoad() const { return Load; }
  bool isReverse() const { return StrideBytes < 0; }
  bool isComplete() const;
  /// Whether a member reads the group's last element, without which LV
  /// wants a scalar epilogue iteration (a load group).
  bool lastMemberPresent() const;
};

/// LV's -max-interleave-group-factor (8 unless the user says otherwise).
unsigned maxInterleaveFactor();

/// The interleave factor LV gives an access of \p EltBytes stepping by
/// \p StrideBytes: |stride| in elements, 2 to maxInterleaveFactor().
std::optional<unsigned> interleaveFactor(int64_t StrideBytes,
                                         uint64_t EltBytes);

/// The groups LV forms of \p Accesses (the strided loads and stores of
/// \p L; any order; \p LI describes \p L), \p PredicatedGroups: whether
/// the target has masked interleaved accesses. Accesses with no interleave
/// factor are in none.
llvm::SmallVector<AccessGroupDesc, 4>
formVectorizerGroups(const llvm::Loop &L, llvm::LoopInfo &LI,
                     llvm::ArrayRef<StridedAccessDesc> Accesses,
                     llvm::ScalarEvolution &SE, const llvm::DataLayout &DL,
                     bool PredicatedGroups);

} // namespace vplanext

#endif // VPLANEXT_INTERLEAVEGROUPMODEL_H
