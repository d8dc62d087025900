//===- FunctionAA.h - Alias analysis on a function as it is now -*- C++ -*-===//
//
/// \file
/// Alias analysis built by hand on the function as it is now, for rewrites
/// that run where no analysis manager describes the current IR (inside the
/// vecclone module pass, or between rounds of a pass that changes the
/// function): basic, scoped no-alias (restrict after inlining) and
/// type-based, as the default pipeline has.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_FUNCTIONAA_H
#define VPLANEXT_FUNCTIONAA_H

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/BasicAliasAnalysis.h"
#include "llvm/Analysis/ScopedNoAliasAA.h"
#include "llvm/Analysis/TypeBasedAliasAnalysis.h"

namespace vplanext {

struct FunctionAA {
  FunctionAA(llvm::Function &F, const llvm::TargetLibraryInfo &TLI,
             llvm::AssumptionCache &AC, llvm::DominatorTree &DT)
      : Basic(F.getDataLayout(), F, TLI, AC, &DT), TBAA(false), AA(TLI) {
    AA.addAAResult(Basic);
    AA.addAAResult(Scoped);
    AA.addAAResult(TBAA);
  }
  llvm::BasicAAResult Basic;
  llvm::ScopedNoAliasAAResult Scoped;
  llvm::TypeBasedAAResult TBAA;
  llvm::AAResults AA;
};

} // namespace vplanext

#endif // VPLANEXT_FUNCTIONAA_H
