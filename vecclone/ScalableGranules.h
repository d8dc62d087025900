//===- ScalableGranules.h - SVE variants granule by granule -----*- C++ -*-===//
//
/// \file
/// An SVE variant whose body has an inner loop that vplan-ext's cut at
/// vscale x N lanes refuses (a call it would run lane by lane), or whose
/// lanes would stay scalar there: such a variant runs its lanes one 128-bit
/// granule at a time instead. An internal N-lane variant (`<name>.granule`,
/// built like an AdvSIMD one, so cut, with BOSCC and lane-serial calls, and
/// widened at N lanes) is called once per granule that has an active lane.
//
//===----------------------------------------------------------------------===//

#ifndef VECCLONE_SCALABLEGRANULES_H
#define VECCLONE_SCALABLEGRANULES_H

#include "vecclone/VariantBuilder.h"
#include "llvm/IR/VFABIDemangler.h"
#include <optional>

namespace vecclone {

/// Defines \p Name (an SVE variant of \p Scalar with the scalable \p ABI
/// and \p Info) granule by granule; nullopt, with nothing created, when
/// its parameters have no N-lane form that way (a variable linear step, a
/// reference, or an N-lane vector wider than the vector PCS carries).
/// \p GranuleOut receives what building the N-lane variant made.
std::optional<BuiltVariant> buildGranuleVariant(llvm::Function &Scalar,
                                                llvm::StringRef Name,
                                                const VariantABI &ABI,
                                                const llvm::VFInfo &Info,
                                                const BuildOptions &Opts);

} // namespace vecclone

#endif // VECCLONE_SCALABLEGRANULES_H
