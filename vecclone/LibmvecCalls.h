//===- LibmvecCalls.h - Math intrinsics to libmvec callees -----*- C++ -*-===//
//
/// \file
/// glibc's <math.h> marks expf, sinf, pow, ... `declare simd notinbranch`
/// when compiling with OpenMP and -ffast-math, so gcc calls libmvec's
/// `_ZGV` entry points. Clang folds those calls into LLVM math intrinsics
/// first, and the marks are lost. Under the same conditions (module built
/// with -fopenmp, call allowed to approximate), this turns such an intrinsic
/// call back into a call of the libm function declared with libmvec's
/// variant names, so the caller side can use them.
//
//===----------------------------------------------------------------------===//

#ifndef VECCLONE_LIBMVECCALLS_H
#define VECCLONE_LIBMVECCALLS_H

namespace llvm {
class CallInst;
class IntrinsicInst;
} // namespace llvm

namespace vecclone {

/// If \p II is a math intrinsic libmvec implements and the conditions above
/// hold, replaces it by a call of the libm function (declared with libmvec's
/// `_ZGV` names if the module does not declare it) and returns that call;
/// otherwise returns null and leaves \p II alone.
llvm::CallInst *retargetToLibmvec(llvm::IntrinsicInst &II);

} // namespace vecclone

#endif // VECCLONE_LIBMVECCALLS_H
