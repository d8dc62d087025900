//===- VariantABI.h - x86-64 Vector Function ABI of one variant -*- C++ -*-===//
//
/// \file
/// The calling convention of one `_ZGV` vector variant as GCC defines it on
/// x86-64: characteristic data type (CDT), register-sized pieces of vector
/// parameters, the mask in GCC's form (CDT vector for b/c/d, integer bitmask
/// for e) and wide returns through a hidden pointer. Pure computation over
/// types: nothing here creates IR, so the unit tests can pin every rule.
//
//===----------------------------------------------------------------------===//

#ifndef VECCLONE_VARIANTABI_H
#define VECCLONE_VARIANTABI_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/VFABIDemangler.h"
#include "llvm/Support/Error.h"
#include <optional>

namespace llvm {
class Function;
} // namespace llvm

namespace vecclone {

/// The four x86 ISA classes of the vector ABI (mangling letters b, c, d, e).
enum class ISAClass { SSE, AVX, AVX2, AVX512 };

/// Maps a mangling letter to its class, or nullopt for a non-x86 letter.
std::optional<ISAClass> isaFromLetter(char Letter);
char isaLetter(ISAClass ISA);
/// Maps LLVM's demangled ISA kind to our class (nullopt for non-x86 ISAs).
std::optional<ISAClass> isaFromVFISA(llvm::VFISAKind Kind);
/// Human name used in remarks ("SSE2", "AVX", "AVX2", "AVX-512").
llvm::StringRef isaName(ISAClass ISA);
/// Target features a variant of this class is compiled with, whatever the
/// translation unit's -march (as GCC does with its target attribute).
llvm::StringRef isaFeatures(ISAClass ISA);

/// GCC's register width in bits for vector values of this class: AVX1 has no
/// 256-bit integer operations, so `c` uses 128 bits for integers/pointers.
unsigned registerBits(ISAClass ISA, bool IsFloat);

/// The IR type that carries a register piece across a call. GCC passes and
/// returns vectors smaller than 8 bytes (`vector(2) short`, `vector(4)
/// char`) in general registers, like integers of their size; LLVM would put
/// a `<2 x i16>` in an xmm register, so such pieces travel as `iN`.
/// 8-byte pieces travel as `double`: the same xmm register, and GCC's
/// 8-byte stack slot when the registers are taken (LLVM gives a `<8 x i8>`
/// 16 bytes there); under the Microsoft convention (\p CC Win64) as `i64`,
/// in a general register.
llvm::Type *callPieceType(llvm::Type *Piece,
                          llvm::CallingConv::ID CC = llvm::CallingConv::C);
/// Clang 22's width (256 for every `c` type), used to recognise the names
/// clang promises where they differ from GCC's.
unsigned clangRegisterBits(ISAClass ISA, bool IsFloat);

/// How the ABI sees one scalar type: bit size and class. Pointers are 64-bit
/// integers; `_Bool` (i1) is an 8-bit integer.
struct ScalarClass {
  unsigned Bits = 0;
  bool IsFloat = false;
  bool IsPointer = false;
  bool IsBool = false;
};

/// Classifies a scalar IR type, or returns nullopt if the ABI has no vector
/// form for it (aggregates, vectors, x86_fp80, fp128, i128, half, ...).
std::optional<ScalarClass> classifyScalar(llvm::Type *Ty);

/// The element type a vector of \p Ty is passed with: i8 for i1, i64 for
/// pointers, the type itself otherwise.
llvm::Type *abiElementType(llvm::Type *Ty);

/// How one scalar parameter is passed to the variant.
struct ParamABI {
  llvm::VFParamKind Kind = llvm::VFParamKind::Vector;
  /// Constant step (bytes for pointers/references, values otherwise) or the
  /// position of the uniform step parameter for the *Pos kinds.
  int StepOrPos = 0;
  uint64_t Alignment = 0; ///< From `a<N>`, 0 when absent.
  llvm::Type *ScalarTy = nullptr;
  /// Index of the first IR argument of the variant that carries it.
  unsigned FirstArg = 0;
  /// For parameters passed as vectors: the register-sized piece type and how
  /// many pieces; for scalars PieceTy is null and NumPieces is 1.
  llvm::FixedVectorType *PieceTy = nullptr;
  unsigned NumPieces = 1;

  bool isVectorPassed() const { return PieceTy != nullptr; }
};

/// The complete calling convention of one variant.
struct VariantABI {
  ISAClass ISA = ISAClass::SSE;
  unsigned VLen = 0;
  bool Masked = false;
  /// Characteristic data type: the return type, else the first vector
  /// parameter's type, else int.
  llvm::Type *CDT = nullptr;
  llvm::SmallVector<ParamABI, 8> Params;

  /// Mask pieces (last arguments): CDT vectors for b/c/d, i32/i64 for e.
  llvm::Type *MaskPieceTy = nullptr;
  unsigned NumMaskPieces = 0;
  unsigned FirstMaskArg = 0;
  /// Lanes covered by one mask piece.
  unsigned MaskLanesPerPiece = 0;

  /// Return: RetPieceTy pieces; more than one goes through a hidden sret
  /// pointer (first argument) as an array of register-sized vectors, and so
  /// does a vector wider than 16 bytes under the Microsoft convention.
  llvm::FixedVectorType *RetPieceTy = nullptr;
  unsigned NumRetPieces = 0;
  bool RetViaPointer = false;
  bool ReturnsInMemory() const { return RetViaPointer; }
  /// The scalar function's convention: C (SysV), or Win64 for
  /// `__attribute__((ms_abi))`, under which gcc's clones take every vector
  /// by reference (LLVM's Win64 convention passes vector arguments
  /// indirectly) and return vectors wider than 16 bytes in memory.
  llvm::CallingConv::ID CC = llvm::CallingConv::C;

  /// Widest vector in the signature, for "min-legal-vector-width".
  unsigned MaxVectorBits = 0;
  llvm::FunctionType *FnTy = nullptr;
};

/// Characteristic data type of a scalar signature under the x86 rules: the
/// return type if non-void, else the first parameter whose kind is Vector,
/// else i32. \p Kinds gives each parameter's kind.
llvm::Type *characteristicType(llvm::FunctionType *ScalarTy,
                               llvm::ArrayRef<llvm::VFParamKind> Kinds);

/// Computes the GCC-compatible calling convention of the variant described by
/// \p Info for a scalar function of type \p ScalarTy and convention \p CC.
/// Fails with a message naming the offending parameter for types or
/// conventions the ABI cannot express.
llvm::Expected<VariantABI>
computeVariantABI(const llvm::VFInfo &Info, llvm::FunctionType *ScalarTy,
                  llvm::CallingConv::ID CC = llvm::CallingConv::C);

/// Puts the ABI's calling convention and parameter attributes on \p V, a
/// variant definition or
/// declaration of type ABI.FnTy: the scalar's `signext`/`zeroext`/`noundef`
/// on scalar-passed parameters (SysV relies on them), `align N` from
/// `aligned`, and `sret` on the hidden return pointer. Both sides of a call
/// must agree, so definitions and call-side declarations use this one place.
void setABIParamAttributes(llvm::Function &V, llvm::AttributeList ScalarAttrs,
                           const VariantABI &ABI);

} // namespace vecclone

#endif // VECCLONE_VARIANTABI_H
