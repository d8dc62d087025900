//===- LoweringRules.h - Rules shared by lowering and plan ------*- C++ -*-===//
//
/// \file
/// The rules LaneLoopFission lowers by, in one place, so that the plan
/// (`print<vplan-ext>`, LanePlan.cpp) predicts exactly what the lowering
/// does instead of keeping a copy of its logic:
///
/// - which calls run lane by lane (no intrinsic, no vector variant, or
///   none the lane loop can use);
/// - the BOSCC cost of an instruction of an if/else region.
///
/// The command-line options of LaneLoweringOptions.h are defined in
/// LoweringRules.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_LOWERINGRULES_H
#define VPLANEXT_LOWERINGRULES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Intrinsics.h"

namespace llvm {
class Loop;
class BasicBlock;
class Function;
class CallBase;
class DataLayout;
class Instruction;
class IntegerType;
class AllocaInst;
class Use;
class PHINode;
class TargetTransformInfo;
class Type;
} // namespace llvm

namespace vplanext {

/// Each block's index in reverse post-order of \p F: the order in which the
/// cut takes inner loops (and BOSCC branches), and so the plan.
llvm::DenseMap<const llvm::BasicBlock *, unsigned>
programOrder(llvm::Function &F);

/// Why \p BB is control flow that a lane loop can be neither vectorized nor
/// cut around, or null: an exception edge (invoke, landing pads, resume: C++
/// destructors, try/catch, noexcept, cleanup attributes under -fexceptions)
/// or an asm goto (callbr). Lanes of such a loop run one by one.
const char *whyNotLaneControlFlow(const llvm::BasicBlock &BB);

/// Call-site attribute on a call whose callee has vector variants, none of
/// which this call can use in its lane loop (wrong width, or unmasked ones
/// for a call that must not run on inactive lanes). vecclone decides it
/// (vecclone/LaneCalls.h) before fission; the call then runs lane by lane
/// like a call without variants, instead of keeping the whole lane loop
/// scalar.
constexpr const char *NoLaneVariantAttr = "vplan-no-lane-variant";

/// Function attribute of a vecclone variant (the scalar function's name):
/// its lane loops are cut where the variant is built, and the scalar form
/// of its lane loop writes each lane's results to lane arrays.
constexpr const char *VariantOfAttr = "vecclone-variant-of";

/// The libm function (double flavour: `exp`, `pow`, ...) an intrinsic
/// lowers to a call of, or empty: the vector forms of such intrinsics are
/// libm calls lane by lane or libmvec calls (vecclone's LibmvecCalls).
llvm::StringRef libmBaseName(llvm::Intrinsic::ID ID);

/// A call the loop vectorizer cannot widen: memset, memcpy or memmove, or
/// not an intrinsic and no vector variant (or \c NoLaneVariantAttr).
/// Fission runs it lane by lane, in lane order (instantiation).
bool callNeedsSerialLanes(const llvm::CallBase &CB);
/// Whether \p BB holds a call callNeedsSerialLanes names.
bool holdsSerialCall(const llvm::BasicBlock &BB);

/// A load or store of the lane loop \p LL at an address every lane shares
/// (errno, a global) that a call of \p LL which runs lane by lane
/// (callNeedsSerialLanes) may write, or null. Cut at the call, every lane's
/// call would run between one lane's accesses, and a lane would see another
/// lane's write: the cut is refused (SerialCallClobberReason). The one rule
/// for the plan's decision not to cut and the cut's own check without a
/// plan.
const llvm::Instruction *findSerialCallClobber(const llvm::Loop &LL);
extern const char *const SerialCallClobberReason;

/// Why the cut at a call run lane by lane is refused in a lane loop of
/// vscale x N lanes: its lane loop of the call alone counts lanes at
/// compile time. The plan refuses it (FlatCutModel), the cut without a
/// plan too.
extern const char *const ScalableSerialCallReason;

/// The cuts one lane loop takes at most, of all kinds (inner loops, calls
/// run lane by lane, BOSCC regions, in every copy): the plan does not cut a
/// lane loop that needs more (TooManyCutsReason), and the cut stops there.
constexpr unsigned MaxCutsPerLaneLoop = 128;
extern const char *const TooManyCutsReason;

/// The rules of the body a cut at an inner loop is refused for, shared by
/// the plan, which predicts the refusals (planCutRefusals), and the cut,
/// which checks them on the IR it cuts. Parts of the lane loop's body at a
/// cut (CutPart): not in the body (another lane loop, the lane loop's
/// header or latch, outside it), A (before the inner loop), I (the inner
/// loop), B (the rest).
enum CutPart : unsigned char { CutNotInBody = 0, CutA, CutI, CutB };

/// Why the cut refuses a part that holds \p I: stack memory allocated in
/// the body (BodyAllocaReason), or, for \p I in the inner loop
/// (\p InInnerLoop), a call with side effects and no vector variant, whose
/// lanes would interleave their calls iteration by iteration
/// (LoopSideEffectReason); null when neither.
const char *whyInstructionRefusesCut(const llvm::Instruction &I,
                                     bool InInnerLoop);

/// Why the cut cannot give the inner loop \p C the one entry edge it
/// needs: it has no preheader, and an edge into it comes from an indirect
/// branch (indirectbr), which InsertPreheaderForLoop cannot
/// split (LoopEntryReason); null when it can.
const char *whyLoopEntryRefusesCut(const llvm::Loop &C);

/// Why the cut refuses a block of the body that ends in \p T: a terminator
/// it cannot redirect (indirectbr, callbr, exception edges); null when it
/// can (a block that returns is in no loop).
const char *whyTerminatorRefusesCut(const llvm::Instruction &T);

/// Why the cut refuses an edge of the body from part \p From to part \p To
/// (\p ToLoopHeader: to the inner loop's header): an edge out of the body,
/// back to an earlier part, or into the loop other than at its header
/// breaks the order the lane loops run the parts in; null when it keeps it.
const char *whyEdgeRefusesCut(CutPart From, CutPart To, bool ToLoopHeader);

/// Why the value \p I, of part \p DefPart (A or I), cannot cross the cut,
/// given the part each of its uses is read in (\p UsePart): read outside
/// the body (UsedOutsideReason), or a token read in a later part
/// (TokenCrossesReason); null when neither.
const char *
whyValueRefusesCut(const llvm::Instruction &I, CutPart DefPart,
                   llvm::function_ref<CutPart(const llvm::Use &)> UsePart);

/// An entry-block local of \p F (not a lane array) whose uses, followed
/// through GEPs, casts, phis and selects, lie in two parts (\p PartOf) of
/// the cut: the lanes, which run the parts apart, would share it
/// (SharedLocalReason); or null.
const llvm::AllocaInst *
findSharedLocal(const llvm::Function &F,
                llvm::function_ref<CutPart(const llvm::Instruction &)> PartOf);

extern const char *const BodyAllocaReason;
extern const char *const TerminatorReason;
extern const char *const LoopEntryReason;
extern const char *const EdgeOrderReason;
extern const char *const LoopSideEffectReason;
extern const char *const UsedOutsideReason;
extern const char *const TokenCrossesReason;
extern const char *const SharedLocalReason;

/// Why the loop vectorizer cannot widen \p I in any loop, or null: an
/// atomic read-modify-write, a compare-and-exchange or a fence (LLVM's
/// loop access analysis takes loads, stores and calls with vector variants
/// only, and declines the loop otherwise), a constrained floating-point
/// intrinsic, or another intrinsic without a vector form but memset,
/// memcpy and memmove (prefetch, ...: callNeedsSerialLanes cuts those
/// out). The cut leaves such an
/// instruction where it is, so the lane loop that holds it after the cut
/// runs its lanes one by one.
const char *whyVectorizerDeclines(const llvm::Instruction &I);
/// Why the loop vectorizer declines a loop in which the access \p I is
/// widened only if its index does not wrap, or null: that takes a run-time
/// SCEV check, which the vectorizer does not make in a function optimized
/// for size.
const char *whyVectorizerDeclinesNoWrap(const llvm::Instruction &I);
/// Why the loop vectorizer declines a loop for the store findDeclinedAccess
/// finds.
extern const char *const SharedLocalDependenceReason;
/// Of a lane loop's loads and stores \p Accesses, taken together, a store
/// the loop vectorizer declines the loop for, or null: a store to a local
/// every lane shares (one the lanes have no copies of: too large, or
/// `-vecclone-private-local-bytes=0`), at an address the same for every
/// lane (\p SameForEveryLane), that another access of the lane loop
/// reaches. One address for every iteration, written by one and read or
/// written by the next: its dependence check refuses the loop.
const llvm::Instruction *findDeclinedAccess(
    llvm::ArrayRef<const llvm::Instruction *> Accesses,
    llvm::function_ref<bool(const llvm::Instruction &)> SameForEveryLane);

/// Cost of an instruction of an if/else region: what BOSCC saves when no
/// lane takes its side. With a target, the reciprocal throughput TTI gives
/// the instruction widened to \p VF lanes (a call with a vector variant,
/// which TTI cannot see, counts 8); without one (no target machine), a
/// count: 1 per instruction, a load or store 2, a division or a call 8.
unsigned bosccRegionCost(const llvm::Instruction &I,
                         const llvm::TargetTransformInfo *TTI = nullptr,
                         unsigned VF = 1);

/// The widest vector the backend keeps in one register of the function
/// \p TTI was made for: its fixed-width register size, which follows the
/// function's own
/// `prefer-vector-width` (a `c`/`d` variant of a file built with
/// `-march=x86-64-v4` has AVX-512 but 256-bit registers: a 512-bit value
/// there is split, and an inline-asm operand of that size cannot be).
/// Without a target, 128 bits.
unsigned vectorRegisterBits(const llvm::TargetTransformInfo *TTI);

/// Scalar width, in bits, of per-lane data of type \p T (0 for `i1` and
/// aggregates).
unsigned laneDataBits(llvm::Type *T, const llvm::DataLayout &DL);

/// The integer type of a cut loop's per-lane active flags and resume
/// points: the width of the data the loop carries (the widest non-pointer
/// phi of \p InnerHeader), else of the widest value crossing the loop
/// (\p CrossBits), as a power of two in [8, 64]; i32 when neither exists.
/// Flags as wide as the data need no packing between mask and data once
/// vectorized.
llvm::IntegerType *laneFlagType(const llvm::BasicBlock &InnerHeader,
                                unsigned CrossBits);

/// Where a landing edge of a cut region goes: the block, and for an edge
/// into a landing block of the cut before (in whose lane loop 3 this cut
/// is), which one (1, 2, ...; 0 for an edge straight to the block).
using LandingTarget = std::pair<const llvm::BasicBlock *, unsigned>;

/// The resume points the lanes of a cut region record, given the targets
/// of the edges they leave it by (one entry per edge): one per edge when
/// the edges go to more than one block, so that the lane loop after the
/// region dispatches on it; none when they all go to one block, where a
/// lane instead carries the values that block's phis take on its edge.
unsigned resumePoints(llvm::ArrayRef<LandingTarget> Targets);

/// Whether lane loop 3 of a cut starts with a resume dispatch (a landing
/// block per edge): when resumePoints says so, and after a uniform loop
/// without shadow lanes (\p UniformNoShadows) left by several edges, whose
/// dispatch reads lane 0's resume point and is uniform (landing values,
/// read per lane, would make per-lane values of the target's phis).
bool needsResumeDispatch(llvm::ArrayRef<LandingTarget> Targets,
                         bool UniformNoShadows);

/// Whether a lane that leaves a cut region by one of the edges from
/// \p From, all into the block of \p PN (no resume dispatch, not the lane
/// loop's latch, more than one edge), carries the value \p PN takes on its
/// edge in a lane array: when the phi takes different values on them (else
/// it keeps its one value). Such a phi reads its value on the edge, in the
/// lane loop the edge leaves.
bool isLandingPhi(const llvm::PHINode &PN,
                  llvm::ArrayRef<const llvm::BasicBlock *> From);

/// The landing values of a cut whose lanes leave by the edges from \p From
/// (one per edge, each an edge to its entry of \p Targets): the phis of the
/// one block they all land in that isLandingPhi holds for; none with a
/// resume dispatch (\p ResumeDispatch), for a single edge, or where that
/// block is the end of the lane loop's body (\p LandsAtEnd: its latch, a
/// loop's back edge in its lane loop 2, a divergent loop's inactive lanes),
/// whose phis are not the body's. The plan's two models of a cut and the
/// cut on its own IR all decide by it.
llvm::SmallVector<const llvm::PHINode *, 4>
landingPhis(llvm::ArrayRef<LandingTarget> Targets,
            llvm::ArrayRef<const llvm::BasicBlock *> From, bool ResumeDispatch,
            bool LandsAtEnd);

/// One stage of a transpose of N x N elements held as N vectors (N a power
/// of two): for each pair of rows (I, I + Width), I's bit Width clear, the
/// new rows are shufflevector(row I, row I + Width) by \p Lo and by \p Hi.
/// Stage Width swaps bit Width of the row index with that of the element
/// index; after the log2(N) stages row K holds element K of every row. The
/// shuffles the plan prices a transposed block by and the cut emits.
struct TransposeStage {
  unsigned Width;
  llvm::SmallVector<int, 16> Lo, Hi;
};
llvm::SmallVector<TransposeStage, 4> transposeStages(unsigned N);

} // namespace vplanext

#endif // VPLANEXT_LOWERINGRULES_H
