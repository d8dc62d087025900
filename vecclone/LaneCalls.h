//===- LaneCalls.h - Variants a call in a lane loop may use -----*- C++ -*-===//
//
/// \file
/// A SIMD-lane loop (a variant's body, or an `omp simd` loop vplan-ext
/// strip-mined) is vectorized at exactly its width VF, so a call inside it
/// can only become a call of a callee variant of VF lanes. On top of the
/// caller-side rules (CallerVariants: ISA, parameter kinds, alignment) this
/// decides:
///  - variants of VF lanes; when none is usable, a variant of n lanes
///    (n divides VF) called VF/n times, one slice of the lanes each
///    (UsableVariant::Copies): its vector arguments and mask are split,
///    its linear arguments stepped, its results put back together;
///  - a conditional call (its block does not run on every lane) gets masked
///    variants only: the loop vectorizer calls an unmasked variant of a call
///    without memory effects on every lane, and a user function may trap or
///    never return on an inactive lane's values (`x > 0 ? 100 / x : 0`);
///    it also never reaches the ABI symbol of a variant it would not call.
///    The exception is a C library math function (libmvec): it is total and
///    has no side effects once it touches no memory (no errno), so its
///    inactive lanes only compute values nobody reads -- what the vectorizer
///    already does with the math intrinsics;
///  - a call touching memory whose variant's parameters are all uniform
///    stays one scalar call per lane (see VecCloneCalls.cpp), so it has no
///    usable variant here either.
/// vecclone asks before fission (a call with no usable variant is then cut
/// out and run lane by lane) and again when it offers the variants to the
/// loop vectorizer. Never changes IR.
//
//===----------------------------------------------------------------------===//

#ifndef VECCLONE_LANECALLS_H
#define VECCLONE_LANECALLS_H

#include "vecclone/CallerVariants.h"
#include <string>

namespace llvm {
class CallBase;
class Loop;
class TargetLibraryInfo;
struct VFInfo;
} // namespace llvm

namespace vecclone {

/// The width a lane loop is vectorized at (its `llvm.loop.vectorize.width`),
/// or 0 when \p L is not a lane loop the vectorizer may widen (a serial lane
/// loop, a uniform loop, an ordinary loop).
unsigned laneLoopWidth(const llvm::Loop &L);

/// True if some parameter of \p Info differs per lane (vector, linear or
/// linear(ref), linear(val) or linear(uval)).
bool hasLaneVaryingParam(const llvm::VFInfo &Info);

/// True if \p CB calls a C library function TLI recognises and the call
/// touches no memory: running it on an inactive lane has no effect.
bool isPureLibCall(const llvm::CallBase &CB,
                   const llvm::TargetLibraryInfo &TLI);

/// The variants \p CB may call from a lane loop of \p VF lanes, best first.
/// \p Conditional: the call does not run on every lane. Unusable holds the
/// reasons for the variants of VF lanes that were left out.
CallVariants findLaneCallVariants(const llvm::CallBase &CB, unsigned VF,
                                  bool Conditional,
                                  const llvm::TargetLibraryInfo &TLI);

/// Why \p CB, a call of a function with vector variants, cannot call any of
/// them from a lane loop of \p VF lanes; empty when it can.
std::string whyNoLaneVariant(const llvm::CallBase &CB, unsigned VF,
                             bool Conditional,
                             const llvm::TargetLibraryInfo &TLI);

} // namespace vecclone

#endif // VECCLONE_LANECALLS_H
