//===- ValueSlots.h - Reference arguments that carry a value ----*- C++ -*-===//
//
/// \file
/// `linear(val(x))` and `linear(uval(x))` put the linear promise on the value
/// a reference refers to, not on its address. C++ passes such an argument as
/// `int t = 2 * i; f(t)` (or binds a `const int &` to a temporary): after
/// SROA each iteration stores the value to one private stack slot and passes
/// the slot. Every lane would see that one address, so the loop vectorizer
/// cannot pass the reference; it can pass the value, and prove it linear.
///
/// Such a call is therefore offered in its *value form*: a call of a scalar
/// stand-in declaration that takes the stored value where the callee takes
/// the slot (ValueFormOfAttr names the callee). Its mapping spells the
/// parameter `l<step>` for `L`/`U`, `u` for `uniform` and `v` for a vector
/// reference. After the vectorizer the lowering stores the values into slots
/// of its own (storeValueArgument), and every scalar value-form call left
/// gets its slot back (fromValueForm). Both happen inside vecclone-calls.
//
//===----------------------------------------------------------------------===//

#ifndef VECCLONE_VALUESLOTS_H
#define VECCLONE_VALUESLOTS_H

#include <cstdint>

namespace llvm {
class CallBase;
class CallInst;
class Function;
class IRBuilderBase;
class StoreInst;
class Value;
} // namespace llvm

namespace vecclone {

struct ParamABI;

/// Function attribute of a value-form declaration: the callee it stands for.
constexpr const char *ValueFormOfAttr = "vecclone-value-form-of";
/// Function attribute of a value-form declaration: its ValueParams bits.
constexpr const char *ValueFormParamsAttr = "vecclone-value-params";

/// True if bit \p I of a parameter set (findValueSlots' form) is set.
inline bool hasValueParam(uint64_t Params, unsigned I) {
  return I < 64 && (Params >> I & 1);
}

/// Bit i set when \p CB's argument i is a value slot: a static alloca of an
/// integer type whose only other users are one simple store of that type
/// earlier in the call's block and lifetime markers. The callee then reads
/// exactly the stored value, and nothing reads the slot after the call.
/// Parameters past the 64th are never value slots.
uint64_t findValueSlots(const llvm::CallBase &CB);

/// The store that gives \p CB's value-slot argument \p ArgNo its value.
llvm::StoreInst *valueSlotStore(const llvm::CallBase &CB, unsigned ArgNo);

/// Replaces \p CI (its arguments \p Params are value slots) by the call of
/// its callee's value form, deleting the slots; returns the new call, or
/// null (and changes nothing) when the module holds another function of the
/// value form's name.
llvm::CallInst *toValueForm(llvm::CallInst &CI, uint64_t Params);

/// True if \p F is a value-form declaration.
bool isValueForm(const llvm::Function &F);

/// Replaces \p CI, a scalar call of a value form, by the call of the real
/// callee, each value stored into a fresh slot again; returns the new call.
llvm::CallInst *fromValueForm(llvm::CallInst &CI);

/// The argument the variant parameter \p P of a \p VLen-lane variant takes
/// for the value \p Val the vectorizer passed: a slot holding it (`U`,
/// `uniform`; \p Val is lane 0's value) or a vector of the lanes' slots (`L`,
/// whose lane k holds Val + k * step; `v`, \p Val being the lanes' values).
/// The slots are allocas in the caller's entry block, filled at \p B.
llvm::Value *storeValueArgument(llvm::IRBuilderBase &B, llvm::Value *Val,
                                const ParamABI &P, unsigned VLen);

} // namespace vecclone

#endif // VECCLONE_VALUESLOTS_H
