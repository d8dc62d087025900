//===- PointeeTypes.h - What a pointer parameter points to -----*- C++ -*-===//
//
/// \file
/// Variable linear steps of pointers (`linear(p:s)`, mangled `ls`), and the
/// `ref`/`uval` kinds, count in units of the type the pointer points to, but
/// opaque pointers carry no pointee type: it is read from how the body uses
/// the parameter (loads, stores, GEPs). vecclone runs after the function
/// simplification pipeline, which may fold those uses away (a body that
/// reads `b[0] & 0`), so the pointee types are also recorded before
/// optimization, at the start of the pipeline, in function metadata
/// (`vecclone.pointee.types`: argument number, then a poison value of the
/// type, per parameter), and read from there first. Without a recorded or
/// inferable type, a parameter the body does not use takes i8: no lane's
/// value of it is ever read.
//
//===----------------------------------------------------------------------===//

#ifndef VECCLONE_POINTEETYPES_H
#define VECCLONE_POINTEETYPES_H

#include "llvm/IR/PassManager.h"
#include <cstdint>
#include <optional>

namespace llvm {
class Argument;
class Module;
class Type;
} // namespace llvm

namespace vecclone {

/// The type pointer parameter \p A points to: recorded, else inferred from
/// the body's uses, else i8 for an unused parameter; null when unknown.
llvm::Type *pointeeType(const llvm::Argument &A);

/// What the body says pointer parameter \p A points to (recorded, else
/// inferred), without pointeeType's i8 for an unused one; null when unknown.
llvm::Type *knownPointeeType(const llvm::Argument &A);

/// The one scalar type the body loads or stores through pointer parameter
/// \p A at any offset (through GEPs of any element type, which optimized
/// IR writes as byte offsets), or null when it accesses none or several.
/// A `char *` read as `b[i]` is an i8 GEP and i8 loads: what
/// knownPointeeType will not conclude (a byte offset says nothing by
/// itself), this does, for vfabia64's lane sizes (VariantSet).
llvm::Type *accessedScalarType(const llvm::Argument &A);

/// True if pointer parameter \p A is a C++ reference, as the function's
/// mangled name says (false for C functions and for `this`).
bool isReferenceParam(const llvm::Argument &A);

/// For a reference to a pointer (`float *&p`): the type that pointer points
/// to (recorded, else inferred); null when unknown.
llvm::Type *innerPointeeType(const llvm::Argument &A);

/// The size in bits vfabia64's narrowest data size counts for pointer
/// parameter \p A when it is uniform or linear, as the front-end plugin
/// recorded it from the declaration (vecclone/PointeeSizeAnnotation.h);
/// nothing without the front-end plugin.
std::optional<unsigned> declaredPointeeBits(const llvm::Argument &A);

/// A C++ class argument passed by value travels as the address of a
/// temporary the caller made for this one call, which the callee may
/// change (its mangled name says the parameter is a class, not a pointer or
/// reference). A uniform one is shared by every lane of a variant call, so
/// each lane needs its own copy, as each scalar call had. Returns the bytes
/// of \p A the body reaches when it writes through it (a copy of those
/// suffices), 0 when \p A is no such argument or is only read, and
/// UnknownCopyBytes when the body lets its address escape.
uint64_t ownedCopyBytes(const llvm::Argument &A);
constexpr uint64_t UnknownCopyBytes = ~uint64_t(0);

/// Records the pointee types of the pointer parameters of every function
/// with vector variant attributes, where the body shows them.
class RecordPointeeTypesPass
    : public llvm::PassInfoMixin<RecordPointeeTypesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace vecclone

#endif // VECCLONE_POINTEETYPES_H
