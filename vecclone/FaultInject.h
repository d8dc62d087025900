//===- FaultInject.h - Deliberate faults for testing the fuzz tools -*- C++ -*-===//
//
/// \file
/// `-vecclone-fault-inject=MODE:PATTERN` (hidden, off by default) exists only
/// to test the fuzzing tools (scripts/fuzz.sh --reduce, test/fuzz/emulate_e.py):
/// it makes the plugin crash, or give a wrong answer, on purpose for the
/// variants whose name matches PATTERN, so that the tools' triage, case
/// cutting, creduce run and emulated class-e check can be shown to work.
/// Never use it for anything else.
//
//===----------------------------------------------------------------------===//

#ifndef VECCLONE_FAULTINJECT_H
#define VECCLONE_FAULTINJECT_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class Function;
} // namespace llvm

namespace vecclone {

struct VariantABI;

/// Called once per variant right after it is built. With
/// `-vecclone-fault-inject=crash:PATTERN`, aborts (like a crashing pass,
/// with clang's stack dump) when \p Name matches PATTERN; with
/// `miscompile:PATTERN`, flips bit 0 of lane 0 of the variant's result
/// (returned vector or integer, or the first byte behind the hidden return
/// pointer; variants returning void are left alone). PATTERN is a glob
/// (llvm::GlobPattern) matched against the whole variant name:
/// `*_fz3` is every variant of fz3, `_ZGVe*` every class-e variant,
/// `_ZGVe*_fz3` both.
void injectFault(llvm::Function &Variant, llvm::StringRef Name,
                 const VariantABI &ABI);

} // namespace vecclone

#endif // VECCLONE_FAULTINJECT_H
