//===- OclNames.h - Itanium names of OpenCL builtins ------------*- C++ -*-===//
//
/// \file
/// OpenCL C builtins are overloaded C functions, so clang mangles them
/// (`_Z13get_global_idj`, `_Z3expDv4_f`). The lowerings only need the base
/// name and, for integer overloads, the signedness of the first parameter.
//
//===----------------------------------------------------------------------===//

#ifndef KERNELWRAP_OCLNAMES_H
#define KERNELWRAP_OCLNAMES_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class LLVMContext;
class Type;
} // namespace llvm

namespace kernelwrap {

/// A builtin's name split into its base name and its parameter encoding.
struct OclName {
  llvm::StringRef Base;   ///< `get_global_id`
  llvm::StringRef Params; ///< `j`
  explicit operator bool() const { return !Base.empty(); }
  /// The first parameter (or its vector element) is an unsigned integer.
  bool firstParamUnsigned() const;
  /// The first parameter points to __local memory (clang's `PU7CLlocal`,
  /// SPIR's `PU3AS3`).
  bool firstParamLocal() const {
    return Params.starts_with("PU7CLlocal") || Params.starts_with("PU3AS3");
  }
  /// The parameters' types as the builtin declares them, for the value
  /// parameters the encoding spells with builtin and vector types
  /// (`Dv4_h`: uchar4; `S_`: the first vector again); null from the first
  /// parameter it does not decode (a pointer, a qualifier) on.
  llvm::SmallVector<llvm::Type *, 3> paramTypes(llvm::LLVMContext &C) const;
  /// The element type the last pointer parameter points to (`PU8CLglobalKh`:
  /// uchar), or null.
  llvm::Type *lastPointee(llvm::LLVMContext &C) const;
  /// The type the first parameter points to, vectors included
  /// (`PU7CLlocalDv4_f`: float4), or null.
  llvm::Type *firstPointee(llvm::LLVMContext &C) const;
};

/// The OpenCL C type named \p Name (`uchar4`, `float`, `int16`), or null.
llvm::Type *oclTypeNamed(llvm::LLVMContext &C, llvm::StringRef Name);

/// Parses `_Z<len><base><params>`; an empty result for anything else.
OclName parseOclName(llvm::StringRef Mangled);

} // namespace kernelwrap

#endif // KERNELWRAP_OCLNAMES_H
