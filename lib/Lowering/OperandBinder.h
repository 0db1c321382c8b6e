//===- OperandBinder.h - A variant's PTX operands bound to a call -*- C++ -*-=//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The one binder of atom operands. A variant's PtxOperands (td/CuteBase.td,
/// PtxOperand) say, in statement order, what its instruction takes: register
/// lists and registers of a PTX type, immediates, shared and global
/// addresses, tensor-memory addresses, TMA tensors. Each binds by name to a
/// parameter of the atom (PtxOperandInfo::Param), whose C type says how the
/// call passes it: a `void *` parameter receives registers, a `const void *`
/// one supplies them or an address, a scalar one its value.
///
/// OperandBinder::bind walks the operands and hands each, by its kind, to a
/// hook of an OperandSink, with the call's argument it binds to. The hooks
/// are the lowering's: what an intrinsic call, an inline-PTX statement, a
/// TMA, a support operation or a UMMA makes of the operand. The binder's
/// steps do what they share: the role of a register operand, registers
/// loaded from and stored to a fragment proven large enough, scalars fitted
/// to their registers and to the record's range, the record's constants and
/// immediates, pointers proven in their address space and cast into it,
/// tensor-memory addresses, and the parameters no operand uses.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LIB_LOWERING_OPERANDBINDER_H
#define CUTELLVM_LIB_LOWERING_OPERANDBINDER_H

#include "CuteLLVM/Registry/AtomRegistry.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/IRBuilder.h"

#include <optional>
#include <string>

namespace cute {

/// What the registers of a register operand (Regs, Reg) are to the call.
enum class RegisterRole {
  /// Written through the `void *` parameter the operand binds to.
  Result,
  /// Read through the `const void *` parameter the operand binds to.
  Fragment,
  /// The value of the scalar parameter the operand binds to.
  Scalar,
  /// The record's Value: the operand binds to no parameter.
  Constant,
  /// Neither a parameter nor a value: an intrinsic's result, or the data
  /// that follows the first fragment in memory (sparse metadata).
  Unbound,
};

/// What one lowering makes of each kind of operand. OperandBinder::bind
/// calls one hook per operand, in statement order, with the call's argument
/// the operand binds to (null: none); a hook returns false after a
/// diagnostic. A kind the lowering does not override is unsupported.
class OperandSink {
public:
  virtual ~OperandSink();

  /// A register list (Regs); by default, one register (Reg) too.
  virtual bool registers(const registry::PtxOperandInfo &Op, llvm::Value *Arg);
  /// One register (Reg): registers(), unless the lowering tells them apart.
  virtual bool reg(const registry::PtxOperandInfo &Op, llvm::Value *Arg);
  /// An immediate (Imm): the record's literal, or the call's constant.
  virtual bool immediate(const registry::PtxOperandInfo &Op, llvm::Value *Arg);
  /// A shared-memory address (Shared).
  virtual bool shared(const registry::PtxOperandInfo &Op, llvm::Value *Arg);
  /// A global-memory address (Global).
  virtual bool global(const registry::PtxOperandInfo &Op, llvm::Value *Arg);
  /// A tensor-memory address (Tmem).
  virtual bool tmem(const registry::PtxOperandInfo &Op, llvm::Value *Arg);
  /// A TMA tensor map and its coordinates (Tensor).
  virtual bool tensor(const registry::PtxOperandInfo &Op, llvm::Value *Arg);
  /// Reports that the lowering takes no operand of \p Op's kind; false.
  virtual bool unsupported(const registry::PtxOperandInfo &Op) = 0;
};

/// The operands of one atom call of variant \p V bound to its arguments.
class OperandBinder {
public:
  OperandBinder(llvm::CallInst &CI, const registry::VariantInfo &V,
                llvm::IRBuilder<> &B);

  /// Hands every operand of the variant, in statement order, to the hook of
  /// its kind in \p Sink; false at the first hook that fails.
  bool bind(OperandSink &Sink);

  //===--------------------------------------------------------------------===//
  // What an operand binds to
  //===--------------------------------------------------------------------===//

  llvm::CallInst &call() const { return CI; }
  const registry::VariantInfo &variant() const { return V; }
  llvm::ArrayRef<registry::PtxOperandInfo> operands() const {
    return registry::operandsOf(V);
  }
  /// The call's argument \p Op binds to, or null.
  llvm::Value *argOf(const registry::PtxOperandInfo &Op) const;
  /// The C type of the parameter \p Op binds to ("" for none).
  llvm::StringRef cTypeOf(const registry::PtxOperandInfo &Op) const;
  /// The call's argument for the atom parameter named \p Name, or null.
  llvm::Value *argNamed(llvm::StringRef Name) const;
  /// The registers register operand \p Op spells: Count for a list, else 1.
  static unsigned registerCount(const registry::PtxOperandInfo &Op);
  /// What the registers of register operand \p Op are to the call.
  RegisterRole roleOf(const registry::PtxOperandInfo &Op) const;

  //===--------------------------------------------------------------------===//
  // Checks
  //===--------------------------------------------------------------------===//

  /// Reports `variant '<V>': <Msg>`; false.
  bool fail(const llvm::Twine &Msg) const;
  /// Operand \p Name in diagnostics: `variant '<V>': operand '<Name>'`.
  std::string what(llvm::StringRef Name) const;
  /// True when \p Ptr, operand \p Name, points into an object (a fragment,
  /// an mbarrier) that holds the \p Bytes bytes the instruction accesses
  /// there (0: unknown), in any address space; false after a diagnostic.
  bool checkObject(llvm::StringRef Name, llvm::Value *Ptr,
                   uint64_t Bytes) const;
  /// Every parameter of the atom that no operand binds to or names (the
  /// rank of a cluster address, the count of a register list) is 0, or null
  /// for a pointer (the shared memory of a TMA prefetch), so that a call
  /// never silently drops one. False after a diagnostic.
  bool checkUnusedParams() const;

  //===--------------------------------------------------------------------===//
  // Bound values
  //===--------------------------------------------------------------------===//

  /// Memory operand \p Op's pointer \p Arg, proven to point into an object
  /// in address space \p AS that holds what the instruction accesses
  /// (memoryBytes), cast into AS; null after a diagnostic.
  llvm::Value *address(const registry::PtxOperandInfo &Op, llvm::Value *Arg,
                       unsigned AS);
  /// The registers of types \p Tys at \p Ptr + \p Offset (advanced past
  /// them).
  llvm::SmallVector<llvm::Value *, 16>
  loadRegisters(llvm::Value *Ptr, llvm::ArrayRef<llvm::Type *> Tys,
                uint64_t &Offset);
  /// \p Count registers of type \p T at \p Ptr + \p Offset.
  llvm::SmallVector<llvm::Value *, 16> loadRegisters(llvm::Value *Ptr,
                                                     llvm::Type *T,
                                                     unsigned Count,
                                                     uint64_t &Offset);
  /// Stores \p Regs to \p Ptr, one after the other.
  void storeRegisters(llvm::ArrayRef<llvm::Value *> Regs, llvm::Value *Ptr);
  /// The bytes registers of types \p Tys take in memory.
  uint64_t registerBytes(llvm::ArrayRef<llvm::Type *> Tys) const;
  /// Scalar \p Arg, bound to register operand \p Op, as a register of type
  /// \p T: an integer fitted (a constant must fit T and the record's range:
  /// null after a diagnostic), a pointer as its address, a value of type T
  /// itself; null, with no diagnostic, when none of these.
  llvm::Value *scalar(const registry::PtxOperandInfo &Op, llvm::Value *Arg,
                      llvm::Type *T);
  /// The record's Value of register operand \p Op, a decimal constant, as a
  /// register of integer type \p T.
  static llvm::Value *recordValue(const registry::PtxOperandInfo &Op,
                                  llvm::Type *T);
  /// The record's literal of immediate \p Op; none when it is not an
  /// integer.
  static std::optional<uint64_t>
  recordImmediate(const registry::PtxOperandInfo &Op);
  /// The 32-bit tensor-memory address \p Addr (an integer), the operand
  /// \p Operand, as \p T: a TMEM pointer (addrspace(6)) or an integer. A
  /// value that does not fit 32 bits is an error (reported; null), never
  /// truncated.
  llvm::Value *tmemAddress(llvm::StringRef Operand, llvm::Value *Addr,
                           llvm::Type *T);

  /// The types an intrinsic takes (\p ParamTys) and returns (\p ResultTys)
  /// for the operands of variant \p V as the binder binds them: registers
  /// as their PTX types (a result's returned), immediates and tensor-memory
  /// addresses as i32, memory as a pointer into its address space. False
  /// when an operand has no such type (a TMA tensor, an unknown PTX type).
  static bool intrinsicTypes(const registry::VariantInfo &V,
                             llvm::LLVMContext &Ctx,
                             llvm::SmallVectorImpl<llvm::Type *> &ParamTys,
                             llvm::SmallVectorImpl<llvm::Type *> &ResultTys);

private:
  /// The bytes the instruction accesses through memory operand \p Op, as
  /// far as the records and the call's constants tell (0: unknown): a
  /// shared-memory operand's size; a copy's source and destination move the
  /// variant's bits, or the call's constant `bytes`.
  uint64_t memoryBytes(const registry::PtxOperandInfo &Op) const;

  llvm::CallInst &CI;
  const registry::VariantInfo &V;
  llvm::ArrayRef<registry::AtomParamInfo> Params;
  const llvm::DataLayout &DL;
  llvm::IRBuilder<> &B;
};

} // namespace cute

#endif // CUTELLVM_LIB_LOWERING_OPERANDBINDER_H
