//===- KernelMath.h - Transcendental functions as kernel code ---*- C++ -*-===//
//
/// \file
/// `exp`, `log`, `sin` and `cos` on float, written as plain IEEE arithmetic
/// (range reduction, a polynomial, exponent scaling; sin/cos in double with
/// a Payne-Hanek reduction for |x| >= 2^19) in an internal always-inline
/// function of the module instead of libm/libmvec calls. The vectorized and
/// the scalar work-item loops then compute every lane with the same
/// operations, so their answers are identical (libmvec's vector expf and
/// libm's expf differ by an ulp, which Black-Scholes magnified to 3e-5), and
/// the vectorizer widens the code itself. Accuracy: within 1 ulp of the
/// correctly rounded result over the whole float range (OpenCL allows 3),
/// subnormal results and arguments included; measured by
/// test/kernel-wrap/kernel-math.test.
//
//===----------------------------------------------------------------------===//

#ifndef KERNELWRAP_KERNELMATH_H
#define KERNELWRAP_KERNELMATH_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/IRBuilder.h"

namespace kernelwrap {

/// The kernel-code form of builtin \p Base (`exp`, `log`, `sin`, `cos`) on float or a
/// float vector \p Args, or null for anything else (doubles keep libm).
llvm::Value *emitKernelMath(llvm::IRBuilder<> &B, llvm::StringRef Base,
                            llvm::ArrayRef<llvm::Value *> Args);

/// sin r and cos r of a double scalar \p R with |r| <= pi/4 by Taylor
/// polynomials (relative error below 1e-11: for results rounded to float).
std::pair<llvm::Value *, llvm::Value *>
emitSinCosPolynomial(llvm::IRBuilder<> &B, llvm::Value *R);

} // namespace kernelwrap

#endif // KERNELWRAP_KERNELMATH_H
