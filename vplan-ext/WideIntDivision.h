//===- WideIntDivision.h - 32-bit division the vectorizer can widen -*- C++ -*-===//
//
/// \file
/// x86 has no vector integer division. A lane loop with `a / b` or `a % b`
/// on 32-bit integers and a divisor that is not a constant is widened by the
/// loop vectorizer into one scalar `idiv` per lane, each behind a branch on
/// the lane's mask when the division is conditional (it could trap on an
/// inactive lane): spmv's `x[cols[j] % n]` ran as four predicated blocks
/// per round.
///
/// A 32-bit quotient is exact in double precision: with |a|, |b| < 2^31 the
/// correctly rounded a/b never crosses an integer (the fraction of a
/// non-integer quotient is at least 1/|b|, the rounding error below
/// |a/b| * 2^-53), so truncating it gives C's quotient, and the remainder
/// is a - q * b. This utility rewrites such divisions in the lane loops to
/// that form: vector `cvtdq2pd`/`divpd`/`cvttpd2dq`, no branches, and no
/// trap on an inactive lane (its division by zero gives a frozen
/// arbitrary value the mask discards). Lanes whose division is undefined in
/// C (by zero, INT_MIN / -1) are undefined either way.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_WIDEINTDIVISION_H
#define VPLANEXT_WIDEINTDIVISION_H

#include "vplan-ext/LaneLoweringOptions.h"
#include "llvm/ADT/ArrayRef.h"

namespace llvm {
class Function;
class Instruction;
class Loop;
} // namespace llvm

namespace vplanext {

/// An integer division the vectorizer cannot widen: by a divisor that is
/// not a constant (a constant one becomes a multiply by LLVM's magic
/// numbers, which the vectorizer already widens).
bool isVariableDivision(const llvm::Instruction &I);

/// Whether widenIntDivisions rewrites \p I (a 32-bit division by a
/// non-constant divisor, outside `strictfp` functions, the option on); the
/// plan prices such a division as the double-precision form.
bool dividesThroughDouble(const llvm::Instruction &I,
                          const LaneLoweringOptions &Opts);

/// Rewrites the 32-bit `sdiv`/`udiv`/`srem`/`urem` by non-constant divisors
/// in \p LaneLoops (innermost lane loops of \p F: innermostLaneLoops in
/// LaneLoopPrep.h) into double-precision division; returns how many it
/// rewrote. `strictfp` functions are left alone;
/// `-vplan-int-div-via-fp=false` turns it off.
unsigned widenIntDivisions(llvm::Function &F,
                           llvm::ArrayRef<llvm::Loop *> LaneLoops,
                           const LaneLoweringOptions &Opts);

/// The integer divisions by non-constant divisors in \p LaneLoops that
/// widenIntDivisions does not rewrite (64-bit, 8- and 16-bit ones): the
/// vectorizer runs each lane by lane, VL `div`s per division, each behind
/// its own branch when conditional.
unsigned countLaneDivisions(llvm::ArrayRef<llvm::Loop *> LaneLoops,
                            const LaneLoweringOptions &Opts);

} // namespace vplanext

#endif // VPLANEXT_WIDEINTDIVISION_H
