//===- VariantABI.h - Vector Function ABI of one variant --------*- C++ -*-===//
//
/// \file
/// The calling convention of one `_ZGV` vector variant as GCC defines it.
/// On x86-64: characteristic data type (CDT), register-sized pieces of
/// vector parameters, the mask in GCC's form (CDT vector for b/c/d, integer
/// bitmask for e) and wide returns through a hidden pointer. On AArch64
/// (AdvSIMD, `n`): one vector per parameter under the vector PCS, vectors
/// wider than 128 bits as arrays of 128-bit vectors, the mask a vector of
/// NDS-byte integers. Pure computation over types: nothing here creates IR,
/// so the unit tests can pin every rule.
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
class Triple;
} // namespace llvm

namespace vecclone {

/// The ISA classes of the vector ABI this plugin defines variants for: the
/// four x86 ones (mangling letters b, c, d, e), AArch64's Advanced SIMD
/// (`n`) and SVE (`s`). Within one architecture a later class runs every
/// earlier one's code; across architectures the order means nothing
/// (canRunISA).
enum class ISAClass { SSE, AVX, AVX2, AVX512, AdvSIMD, SVE };

/// Maps a mangling letter to its class, or nullopt for a letter this plugin
/// defines no variants for.
std::optional<ISAClass> isaFromLetter(char Letter);
char isaLetter(ISAClass ISA);
/// Maps LLVM's demangled ISA kind to our class (nullopt for the others).
std::optional<ISAClass> isaFromVFISA(llvm::VFISAKind Kind);
/// Human name used in remarks ("SSE2", "AVX", "AVX2", "AVX-512", "AdvSIMD",
/// "SVE").
llvm::StringRef isaName(ISAClass ISA);
/// True for the x86 classes b, c, d and e.
bool isX86(ISAClass ISA);
/// True if code of class \p Have can call a variant of class \p Want.
bool canRunISA(ISAClass Have, ISAClass Want);
/// True if a module of \p Triple can hold variants of class \p ISA.
bool isaMatchesTriple(ISAClass ISA, const llvm::Triple &Triple);
/// Target features a variant of this class is compiled with, whatever the
/// translation unit's -march (as GCC does with its target attribute).
llvm::StringRef isaFeatures(ISAClass ISA);

/// GCC's register width in bits for vector values of this class: AVX1 has no
/// 256-bit integer operations, so `c` uses 128 bits for integers/pointers;
/// AdvSIMD's q registers are 128 bits.
unsigned registerBits(ISAClass ISA, bool IsFloat);

/// The IR type that carries a register piece across a call. GCC passes and
/// returns vectors smaller than 8 bytes (`vector(2) short`, `vector(4)
/// char`) in general registers, like integers of their size; LLVM would put
/// a `<2 x i16>` in an xmm register, so such pieces travel as `iN`.
/// 8-byte pieces travel as `double`: the same xmm register, and GCC's
/// 8-byte stack slot when the registers are taken (LLVM gives a `<8 x i8>`
/// 16 bytes there); under the Microsoft convention (\p CC Win64) as `i64`,
/// in a general register. Under AArch64's vector PCS a vector under 8 bytes
/// is the ABI's padded short vector, the whole vector in one lane of a d
/// register: it travels as the `float` or `half` of its size (s or h
/// register); LLVM would widen each element of a `<2 x i16>` instead.
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
  /// IR arguments the pieces take: NumPieces, or 1 when they travel as one
  /// array (VariantABI::PiecesAsArray).
  unsigned NumArgs = 1;

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

  /// Mask pieces (last arguments): CDT vectors for b/c/d, i32/i64 for e,
  /// vectors of MaskEltBits-bit integers for n.
  llvm::Type *MaskPieceTy = nullptr;
  unsigned NumMaskPieces = 0;
  unsigned FirstMaskArg = 0;
  /// IR arguments the mask takes (1 when its pieces travel as an array).
  unsigned NumMaskArgs = 0;
  /// Lanes covered by one mask piece.
  unsigned MaskLanesPerPiece = 0;
  /// Bits of one mask lane: the CDT's for b/c/d, NDS * 8 for n (0 for e);
  /// 8 for s, whose predicate the body reads as bytes.
  unsigned MaskEltBits = 0;

  /// SVE with vector length `x`: every vector (and the predicate mask) is
  /// one scalable `<vscale x VLen x T>` IR value, VLen the lanes of 128
  /// bits; PieceTy/RetPieceTy are then the `<VLen x T>` shape of one
  /// 128-bit granule and the IR types are scalableType() of them. The
  /// types are LLVM's VFABI::createFunctionType's, which the loop
  /// vectorizer calls with.
  bool Scalable = false;
  /// The variant's lanes: VLen, or vscale x VLen when Scalable.
  llvm::ElementCount lanes() const {
    return Scalable ? llvm::ElementCount::getScalable(VLen)
                    : llvm::ElementCount::getFixed(VLen);
  }
  /// \p Shape as the type the IR value has: itself, or its scalable form.
  llvm::VectorType *irVectorType(llvm::FixedVectorType *Shape) const;

  /// AArch64: a value of several 128-bit pieces (the ABI's extended short
  /// vector, a homogeneous vector aggregate) is one IR argument or return
  /// value of type `[N x piece]`, which the AArch64 backend assigns to
  /// consecutive v registers or, when too few are left, wholly to the stack
  /// (separate vector arguments could straddle the two).
  bool PiecesAsArray = false;

  /// Return: RetPieceTy pieces; more than one goes through a hidden sret
  /// pointer (first argument) as an array of register-sized vectors, and so
  /// does a vector wider than 16 bytes under the Microsoft convention.
  llvm::FixedVectorType *RetPieceTy = nullptr;
  unsigned NumRetPieces = 0;
  bool RetViaPointer = false;
  bool ReturnsInMemory() const { return RetViaPointer; }
  /// The variant's convention. x86: the scalar function's, C (SysV), or
  /// Win64 for `__attribute__((ms_abi))`, under which gcc's clones take
  /// every vector by reference (LLVM's Win64 convention passes vector
  /// arguments indirectly) and return vectors wider than 16 bytes in
  /// memory. AdvSIMD: the vector PCS (`aarch64_vector_pcs`, v8-v23
  /// preserved), which gcc-built callers rely on (`.variant_pcs`). SVE: C,
  /// under which the backend gives every function with scalable arguments
  /// the SVE PCS (z8-z23 and p4-p15 preserved, `.variant_pcs`).
  llvm::CallingConv::ID CC = llvm::CallingConv::C;

  /// Type of the argument or return value carrying \p NumPieces pieces
  /// of \p Piece: one array of them under PiecesAsArray, else each piece
  /// in its call form (callPieceType).
  llvm::Type *valueArgType(llvm::FixedVectorType *Piece,
                           unsigned NumPieces) const;

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
/// \p MaskBits: for AdvSIMD, the bits of one mask lane (the narrowest data
/// size NDS in bits, VariantSet's advSIMDMaskBits); ignored on x86. Fails
/// with a message naming the offending parameter for types or conventions
/// the ABI cannot express.
llvm::Expected<VariantABI>
computeVariantABI(const llvm::VFInfo &Info, llvm::FunctionType *ScalarTy,
                  llvm::CallingConv::ID CC = llvm::CallingConv::C,
                  unsigned MaskBits = 0);

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
