//===- InterleaveGroupModel.cpp - The vectorizer's interleave groups ------===//

#include "vplan-ext/InterleaveGroupModel.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/LoopIterator.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/CommandLine.h"
#include <cstdlib>

using namespace llvm;

namespace vplanext {

bool StridedAccessDesc::isLoad() const { return !I || isa<LoadInst>(I); }

bool AccessGroupDesc::isComplete() const {
  SmallVector<int64_t, 8> Offsets;
  for (auto &[I, Off] : Members)
    Offsets.push_back(Off);
  llvm::sort(Offsets);
  Offsets.erase(llvm::unique(Offsets), Offsets.end());
  return Offsets.size() == Factor;
}

bool AccessGroupDesc::lastMemberPresent() const {
  int64_t Last = int64_t(Factor - 1) * int64_t(EltBytes);
  return any_of(Members, [&](const auto &M) { return M.second == Last; });
}

unsigned maxInterleaveFactor() {
  // The option lives in LLVM (VectorUtils.cpp); read it where the host
  // registered it, so -mllvm -max-interleave-group-factor moves the plan
  // with the vectorizer.
  DenseMap<StringRef, cl::Option *> &Opts = cl::getRegisteredOptions();
  auto It = Opts.find("max-interleave-group-factor");
  if (It == Opts.end())
    return 8;
  return static_cast<cl::opt<unsigned> *>(It->second)->getValue();
}

std::optional<unsigned> interleaveFactor(int64_t StrideBytes,
                                         uint64_t EltBytes) {
  if (EltBytes == 0 || StrideBytes % int64_t(EltBytes))
    return std::nullopt;
  uint64_t Factor = std::abs(StrideBytes) / EltBytes;
  if (Factor < 2 || Factor > maxInterleaveFactor())
    return std::nullopt;
  return unsigned(Factor);
}

namespace {

/// A group while it forms: members by key (LV's InterleaveGroup keeps the
/// same: an index relative to the first member, lowest key at index 0).
struct FormingGroup {
  SmallVector<std::pair<const StridedAccessDesc *, int64_t>, 8> Keys;
  int64_t Smallest = 0, Largest = 0;
  unsigned Factor = 0;

  int64_t keyOf(const StridedAccessDesc *A) const {
    return find_if(Keys, [&](const auto &K) { return K.first == A; })->second;
  }
  /// LV's insertMember: a free key, and the span stays under the factor.
  bool insert(const StridedAccessDesc *A, int64_t Key) {
    if (any_of(Keys, [&](const auto &K) { return K.second == Key; }))
      return false;
    if (std::max(Largest, Key) - std::min(Smallest, Key) >= int64_t(Factor))
      return false;
    Smallest = std::min(Smallest, Key);
    Largest = std::max(Largest, Key);
    Keys.push_back({A, Key});
    return true;
  }
};

} // namespace

/// Whether \p A may join the group \p B started, and at which distance
/// from \p B in elements.
static std::optional<int64_t> joinDistance(const StridedAccessDesc &A,
                                           const StridedAccessDesc &B,
                                           uint64_t Size, ScalarEvolution &SE,
                                           const DataLayout &DL,
                                           bool PredicatedGroups) {
  if (A.Segment != B.Segment || A.StrideBytes != B.StrideBytes ||
      A.isLoad() != B.isLoad() || DL.getTypeAllocSize(A.Ty) != Size ||
      getLoadStoreAddressSpace(A.At) != getLoadStoreAddressSpace(B.At))
    return std::nullopt;
  if ((A.Predicated || B.Predicated) &&
      (!PredicatedGroups || A.Predicated != B.Predicated))
    return std::nullopt;
  auto *D = dyn_cast<SCEVConstant>(SE.getMinusSCEV(A.Addr, B.Addr));
  if (!D)
    return std::nullopt;
  int64_t Dist = D->getAPInt().getSExtValue();
  if (Dist % int64_t(Size))
    return std::nullopt;
  return Dist / int64_t(Size);
}

SmallVector<AccessGroupDesc, 4>
formVectorizerGroups(const Loop &L, LoopInfo &LI,
                     ArrayRef<StridedAccessDesc> Accesses, ScalarEvolution &SE,
                     const DataLayout &DL, bool PredicatedGroups) {
  // Program order: the loop's blocks in reverse post-order.
  LoopBlocksRPO RPO(const_cast<Loop *>(&L));
  RPO.perform(&LI);
  DenseMap<const Instruction *, unsigned> Position;
  for (BasicBlock *BB : RPO)
    for (Instruction &I : *BB)
      Position[&I] = Position.size();
  // An added read comes right after the read it follows.
  auto PositionOf = [&](const StridedAccessDesc *A) {
    return 2 * Position.lookup(A->At) + (A->I ? 0 : 1);
  };
  SmallVector<const StridedAccessDesc *, 16> Order;
  for (const StridedAccessDesc &A : Accesses)
    if (Position.count(A.At) &&
        interleaveFactor(A.StrideBytes, DL.getTypeAllocSize(A.Ty)))
      Order.push_back(&A);
  llvm::stable_sort(
      Order, [&](const StridedAccessDesc *X, const StridedAccessDesc *Y) {
        return PositionOf(X) < PositionOf(Y);
      });
  DenseMap<const StridedAccessDesc *, unsigned> Rank;
  for (const StridedAccessDesc *A : Order)
    Rank[A] = Rank.size();

  SmallVector<FormingGroup, 4> Forming;
  DenseMap<const StridedAccessDesc *, unsigned> GroupOf;
  for (unsigned BI = Order.size(); BI-- > 0;) {
    const StridedAccessDesc *B = Order[BI];
    // Under a condition, only where the target masks groups.
    if (B->Predicated && !PredicatedGroups)
      continue;
    uint64_t Size = DL.getTypeAllocSize(B->Ty);
    auto [It, New] = GroupOf.try_emplace(B, Forming.size());
    unsigned Index = It->second;
    if (New) {
      FormingGroup G;
      G.Factor = *interleaveFactor(B->StrideBytes, Size);
      G.Keys.push_back({B, 0});
      Forming.push_back(std::move(G));
    }
    FormingGroup &G = Forming[Index];
    for (unsigned AI = BI; AI-- > 0;) {
      const StridedAccessDesc *A = Order[AI];
      if (GroupOf.count(A))
        continue;
      std::optional<int64_t> Dist =
          joinDistance(*A, *B, Size, SE, DL, PredicatedGroups);
      if (Dist && G.insert(A, G.keyOf(B) + *Dist))
        GroupOf[A] = Index;
    }
  }

  // Members in program order; groups in the order of their first members,
  // where the plan places them.
  for (FormingGroup &G : Forming)
    llvm::sort(G.Keys, [&](const auto &X, const auto &Y) {
      return Rank.lookup(X.first) < Rank.lookup(Y.first);
    });
  llvm::sort(Forming, [&](const FormingGroup &X, const FormingGroup &Y) {
    return Rank.lookup(X.Keys.front().first) <
           Rank.lookup(Y.Keys.front().first);
  });
  SmallVector<AccessGroupDesc, 4> Groups;
  for (FormingGroup &G : Forming) {
    const StridedAccessDesc *First = G.Keys.front().first;
    AccessGroupDesc D;
    D.Load = First->isLoad();
    D.EltTy = First->Ty;
    D.StrideBytes = First->StrideBytes;
    D.Factor = G.Factor;
    D.EltBytes = DL.getTypeAllocSize(First->Ty);
    for (auto &[A, Key] : G.Keys)
      D.Members.push_back({A->I, (Key - G.Smallest) * int64_t(D.EltBytes)});
    Groups.push_back(std::move(D));
  }
  return Groups;
}

} // namespace vplanext
