//===- IrFuzzer.cpp - libFuzzer target for the IR lowering ----------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Bytes -> an NVPTX module of `llvm.cute.*` and `llvm.cute.nvgpu.*` calls
/// built from the op records (td/Ops.td) and the atom registry: any op with
/// any operands (earlier results, notation and attribute strings, integers,
/// function arguments, pointers in every address space), any atom variant
/// on any tier, each argument drawn for what the variant's call signature
/// says it passes (fragments, memory, integers of any width, descriptors).
/// The cute pipeline must either report an error through the LLVMContext,
/// or leave a module that verifies, has no cute call left and keeps the
/// properties of the atom boundary (IrProperties.h: no constant narrowed,
/// no cast across address spaces, no write past an object); it must never
/// crash, assert or trip a sanitizer.
///
/// CUTE_FUZZ_TRACE=1 prints each module before it is lowered (for triage;
/// a crashing module becomes a lit test as it is); CUTE_FUZZ_STATS=1
/// prints at exit how many modules lowered without an error.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/OpTable.h"
#include "CuteLLVM/Lowering/Intrinsics.h"
#include "CuteLLVM/Lowering/Passes.h"
#include "CuteLLVM/Registry/AtomRegistry.h"
#include "IrProperties.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <vector>

using namespace llvm;

namespace {

/// The fuzz bytes as a stream of choices (zeros once exhausted).
class Choices {
public:
  Choices(const uint8_t *Data, size_t Size) : P(Data), N(Size) {}
  uint32_t next() {
    uint32_t V = 0;
    for (int I = 0; I < 2; ++I)
      V = V << 8 | (Pos < N ? P[Pos++] : 0);
    return V;
  }
  unsigned below(unsigned Bound) { return Bound ? next() % Bound : 0; }
  bool oneIn(unsigned K) { return below(K) == 0; }
  bool done() const { return Pos >= N; }

private:
  const uint8_t *P;
  size_t N, Pos = 0;
};

/// Strings the operands are drawn from: notation of every kind (valid,
/// dynamic, huge, malformed) and attribute texts.
const char *const Notation[] = {
    "(4,8):(1,4)",       "(?,?):(1,?)",     "((2,2),(4,2)):((1,8),(2,16))",
    "8:1",               "(2,4)",           "(128,64):(64,1)",
    "S<3,3,3> o 0 o (8,64):(64,1)", "S<3,3,3>", "(1,8)",
    "((4,8),(2,2,2)):((32,1),(16,8,128))", "(65536,65536)",
    "2147483648:1",      "(?{i64},4):(1,?{i64})", "(3,(1,2))",
    "[(4,2):(1,4),_]",   "(",              "((((1",  "(1,1@0)",
    "(1@1@0,1@0)",       "_",              "0:0",    "(0,4):(1,0)",
    "9223372036854775807:2", "?",          "(?,?)",  "1@0",
};
const char *const AttrTexts[] = {
    "mode=1",      "mode=0,1",   "begin=0 end=2", "begin=1 end=1",
    "result=1",    "result=9",   "rank=3",        "strict",
    "mdoe=1",      "major=K",    "major=MN",      "old_type_bits=16 new_type_bits=8",
    "mma_atom=SM80_16x8x16_F32F16F16F32_TN",
    "copy_atom=SM75_U32x4_LDSM_N value_type=f16 thr_layout=(32,4):(4,1)",
    "mma_atom=NOPE", "",
};
const char *const Tiers[] = {"sm_80", "sm_90a", "sm_100a", "sm_120a",
                             "sm_75", "sm_89",  "sm_103f", "sm_999"};

/// Integer widths an operand is drawn at (narrower, equal, wider than its
/// own), and constants at the edges of those widths: 2^16 + 1 is a 16-bit
/// 1, 2^32 + 16 a 32-bit 16.
const unsigned IntWidths[] = {1, 8, 16, 32, 64};
const int64_t EdgeConstants[] = {0,           1,
                                 -1,          2,
                                 15,          16,
                                 255,         256,
                                 32767,       32768,
                                 65535,       65536,
                                 65537,       (1 << 20) - 1,
                                 1 << 20,     0x7fffffff,
                                 0x80000000,  0xffffffff,
                                 0x100000000, 0x100000001,
                                 0x100000010, INT64_MAX,
                                 INT64_MIN};
/// Shared-memory tiles a descriptor is made of, and their element types.
const char *const DescLayouts[] = {
    "S<3,4,3> o 0 o (64,64):(64,1)", "S<3,3,3> o 0 o (64,16):(64,1)",
    "S<3,3,3> o 0 o (64,16):(1,64)", "(64,16):(16,1)",
    "S<2,4,3> o 0 o (8,32):(32,1)",  "(128,64):(64,1)",
};
const char *const ElementTypes[] = {"f16",  "bf16", "tf32", "f32",
                                    "e4m3", "i8",   "f64",  "nope"};
const char *const Majors[] = {"major=K", "major=MN", "major=X", ""};
const char *const PtxFeatures[] = {"",       "+ptx78", "+ptx80",
                                   "+ptx86", "+ptx87", "+ptx88"};

/// An operand as the call writes it: its IR type and its value.
struct Operand {
  std::string Ty, V;
  std::string text() const { return Ty + " " + V; }
};

/// The address space of pointer type \p Ty (`ptr addrspace(3)`).
unsigned spaceOf(StringRef Ty) {
  unsigned AS = 0;
  if (Ty.consume_front("ptr addrspace("))
    Ty.consumeInteger(10, AS);
  return AS;
}

std::string ptrType(unsigned AS) {
  return AS ? "ptr addrspace(" + std::to_string(AS) + ")" : "ptr";
}

/// The bits of IR integer type \p Ty (`i32`), 0 for others.
unsigned intBits(StringRef Ty) {
  unsigned Bits = 0;
  return Ty.consume_front("i") && !Ty.getAsInteger(10, Bits) ? Bits : 0;
}

struct Builder {
  explicit Builder(Choices &C) : C(C) {}
  Choices &C;
  std::string Globals, Decls, Body;
  std::map<std::string, std::string> Declared; // name -> return type
  std::vector<std::string> Ptrs, Ints;         // SSA values in scope
  std::vector<Operand> Descs;                  // i64 descriptors made
  std::vector<std::string> AtomTiers;          // tiers the atoms need
  unsigned NextValue = 0, NextGlobal = 0;
  /// A careful module: atom calls only, each operand what its argument
  /// asks for but one in Care, so that many modules lower and the lowered
  /// IR is checked; 1 draws every operand wildly.
  unsigned Care = 1;
  /// A careful module's tier, drawn first.
  const cute::registry::TierInfo *Tier = nullptr;

  std::string fresh() { return "%v" + std::to_string(NextValue++); }

  std::string cstring(StringRef S) {
    std::string Name = "@s" + std::to_string(NextGlobal++);
    std::string Esc;
    for (char Ch : S) {
      if (Ch == '"' || Ch == '\\' || Ch < 32 || Ch > 126) {
        char Buf[4];
        snprintf(Buf, sizeof(Buf), "\\%02X", (unsigned char)Ch);
        Esc += Buf;
      } else {
        Esc += Ch;
      }
    }
    Globals += Name + " = private constant [" + std::to_string(S.size() + 1) +
               " x i8] c\"" + Esc + "\\00\"\n";
    return Name;
  }

  /// Emits `%v = <Text>` and returns %v.
  std::string emit(const std::string &Text) {
    std::string V = fresh();
    Body += "  " + V + " = " + Text + "\n";
    return V;
  }

  //===--------------------------------------------------------------------===//
  // Integers
  //===--------------------------------------------------------------------===//

  /// Constant \p V at \p Bits bits (its low bits: the module says what it
  /// passes).
  static Operand constant(unsigned Bits, int64_t V) {
    std::string Ty = "i" + std::to_string(Bits);
    if (Bits == 1)
      return {Ty, V & 1 ? "true" : "false"};
    APInt A(64, uint64_t(V));
    return {Ty, toString(A.trunc(Bits), 10, /*Signed=*/true)};
  }

  /// A run-time integer of \p Bits bits: a parameter, a load, a cast.
  Operand runtimeInt(unsigned Bits) {
    std::string Ty = "i" + std::to_string(Bits);
    if (C.oneIn(3))
      return {Ty, emit("load " + Ty + ", ptr addrspace(1) %gmem")};
    switch (Bits) {
    case 1:
      return {Ty, "%p"};
    case 16:
      return {Ty, "%h"};
    case 32:
      return {Ty, "%n"};
    case 64:
      return {Ty, "%w"};
    default:
      return {Ty, emit("trunc i32 %n to " + Ty)};
    }
  }

  /// A value an operand with range [Min, Max] (Max < Min: any), Step and
  /// Pow2 may take, or one just outside.
  int64_t rangedValue(int64_t Min, int64_t Max, int64_t Step, bool Pow2) {
    if (Max < Min)
      return int64_t(C.below(70)) - 2;
    Step = std::max<int64_t>(Step, 1);
    switch (C.below(5)) {
    case 0:
      return Min;
    case 1:
      return Max;
    case 2:
      return C.oneIn(2) ? Min - 1 : Max + 1;
    case 3:
      if (Pow2)
        return int64_t(1) << C.below(Log2_64(std::max<int64_t>(Max, 1)) + 1);
      [[fallthrough]];
    default:
      return Min + Step * int64_t(C.below(unsigned((Max - Min) / Step + 1)));
    }
  }

  /// An integer operand of IR type i<Want> with the given range: drawn at
  /// its own width or another, a constant in range, at an edge of a width,
  /// or of any size, or a run-time value.
  Operand intOperand(unsigned Want, int64_t Min, int64_t Max, int64_t Step,
                     bool Pow2) {
    unsigned Bits = C.oneIn(3) ? IntWidths[C.below(std::size(IntWidths))]
                               : std::max(Want, 1u);
    switch (C.below(6)) {
    case 0:
      return runtimeInt(Bits);
    case 1:
    case 2:
      return constant(Bits, rangedValue(Min, Max, Step, Pow2));
    case 3:
      return constant(C.oneIn(2) ? 64 : Bits,
                      EdgeConstants[C.below(std::size(EdgeConstants))]);
    case 4:
      return constant(Bits, int64_t(uint64_t(C.next()) << C.below(48)));
    default:
      if (!Ints.empty() && Bits == 32)
        return {"i32", Ints[C.below(Ints.size())]};
      return constant(Bits, int64_t(C.below(70)) - 2);
    }
  }

  //===--------------------------------------------------------------------===//
  // Pointers
  //===--------------------------------------------------------------------===//

  /// A shared buffer of \p Bytes bytes (a new global).
  Operand sharedBuffer(uint64_t Bytes) {
    std::string Name = "@sh" + std::to_string(NextGlobal++);
    Globals += Name + " = internal addrspace(3) global [" +
               std::to_string(std::max<uint64_t>(Bytes, 1)) +
               " x i8] undef, align 128\n";
    return {"ptr addrspace(3)", Name};
  }

  /// Bytes near \p Need: the same, half, one less, more.
  uint64_t sizeNear(uint64_t Need) {
    switch (C.below(5)) {
    case 0:
      return std::max<uint64_t>(Need / 2, 1);
    case 1:
      return std::max<uint64_t>(Need, 2) - 1;
    case 2:
      return Need + 16;
    default:
      return std::max<uint64_t>(Need, 1);
    }
  }

  Operand castTo(const Operand &P, unsigned AS) {
    if (spaceOf(P.Ty) == AS || P.V == "null")
      return P;
    return {ptrType(AS),
            emit("addrspacecast " + P.text() + " to " + ptrType(AS))};
  }

  /// \p P moved by a constant offset inside, at the end of or outside its
  /// object of \p Bytes bytes.
  Operand atOffset(const Operand &P, uint64_t Bytes) {
    const int64_t Offsets[] = {0,
                               4,
                               16,
                               int64_t(Bytes) / 2,
                               int64_t(Bytes) - 4,
                               int64_t(Bytes),
                               int64_t(Bytes) + 16,
                               -16};
    int64_t Off = Offsets[C.below(std::size(Offsets))];
    return {P.Ty, emit("getelementptr i8, " + P.text() + ", i64 " +
                       std::to_string(Off))};
  }

  /// A register fragment: a new local array of about \p Bytes bytes (too
  /// small, exact, larger), sometimes at an offset into it.
  Operand fragment(uint64_t Bytes) {
    uint64_t Words = (sizeNear(std::max<uint64_t>(Bytes, 4)) + 3) / 4;
    Operand P{"ptr",
              emit("alloca [" + std::to_string(Words) + " x i32], align 16")};
    return C.oneIn(4) ? atOffset(P, Words * 4) : P;
  }

  /// A pointer of any provenance: a parameter in each address space, a
  /// shared, global or constant object (sometimes through a generic cast,
  /// an instruction or a constant expression, at a constant offset, in the
  /// cluster's window), a fragment on the stack (generic or local), a
  /// pointer loaded from memory, null, a select of two. The casts it writes
  /// keep the pointer in its object's space: a cast of the input's own that
  /// the clean-up folds with one of the lowering's is the lowering's.
  Operand anyPointer(bool Select = true) {
    switch (C.below(15)) {
    case 0:
      return {"ptr addrspace(3)", "%smem"};
    case 1:
      return castTo(sharedBuffer(16 << C.below(10)), C.oneIn(2) ? 0 : 3);
    case 2:
      return atOffset(castTo(sharedBuffer(256), C.oneIn(2) ? 0 : 3), 256);
    case 3:
      return C.oneIn(2) ? Operand{"ptr addrspace(1)", "%gmem"}
                        : Operand{"ptr addrspace(1)", "@gl"};
    case 4:
      return {"ptr", "%gp"};
    case 5:
      return fragment(4 << C.below(8));
    case 6:
      return castTo({"ptr", "%regs"}, 5);
    case 7:
      return {"ptr", "%lp"};
    case 8:
      return {"ptr", "null"};
    case 9:
      return castTo({"ptr addrspace(3)", C.oneIn(2) ? "@bar" : "@dyn"},
                    C.oneIn(2) ? 0 : 3);
    case 10:
      return C.oneIn(3)   ? Operand{"ptr", "%tm"}
             : C.oneIn(2) ? Operand{"ptr addrspace(1)", "@tmap"}
                          : Operand{"ptr addrspace(4)", "@ctmap"};
    case 11:
      return castTo(sharedBuffer(64), 7);
    case 12:
      return {"ptr", "addrspacecast (" + sharedBuffer(128).text() + " to ptr)"};
    case 13:
      if (!Ptrs.empty())
        return {"ptr", Ptrs[C.below(Ptrs.size())]};
      [[fallthrough]];
    default:
      if (!Select)
        return {"ptr", "%regs"};
      Operand A = castTo(anyPointer(false), 0);
      Operand B = castTo(anyPointer(false), 0);
      return {"ptr", emit("select i1 %p, " + A.text() + ", " + B.text())};
    }
  }

  /// A pointer to memory the variant accesses in \p Space, of about
  /// \p Bytes: mostly of that space, sometimes of any.
  Operand memoryOperand(StringRef Space, StringRef Object, uint64_t Bytes) {
    if (C.oneIn(3))
      return anyPointer();
    if (Object == "tensor_map")
      return C.oneIn(2) ? Operand{"ptr", "%tm"}
                        : Operand{"ptr addrspace(1)", "@tmap"};
    if (Space == "global")
      return C.oneIn(2) ? Operand{"ptr addrspace(1)", "%gmem"}
                        : castTo({"ptr addrspace(1)", "@gl"}, 0);
    uint64_t Need = Object == "mbarrier" ? 8 : Bytes ? Bytes : 16;
    Operand P = sharedBuffer(sizeNear(Need));
    if (C.oneIn(4))
      P = atOffset(P, Need);
    return castTo(P, C.oneIn(2) ? 0 : 3);
  }

  //===--------------------------------------------------------------------===//
  // Descriptors
  //===--------------------------------------------------------------------===//

  /// A view of a shared tile (a drawn layout and element type).
  std::string sharedView() {
    declare("llvm.cute.make_layout", "ptr");
    declare("llvm.cute.make_view.p3", "ptr");
    const char *L = C.oneIn(4) ? Notation[C.below(std::size(Notation))]
                               : DescLayouts[C.below(std::size(DescLayouts))];
    std::string Layout =
        emit("call ptr (...) @llvm.cute.make_layout(ptr " + cstring(L) + ")");
    Operand Smem =
        C.oneIn(3) ? Operand{"ptr addrspace(3)", "%smem"} : sharedBuffer(16384);
    return emit("call ptr (...) @llvm.cute.make_view.p3(" + Smem.text() +
                ", ptr " + Layout + ", ptr " +
                cstring(ElementTypes[C.below(std::size(ElementTypes))]) + ")");
  }

  /// An i64 descriptor: CuTe's make_gmma_desc / make_umma_desc of a view of
  /// a shared tile, a raw constant, one loaded from memory, a parameter.
  Operand descriptor() {
    switch (C.below(5)) {
    case 0:
    case 1: {
      std::string Name =
          C.oneIn(2) ? "llvm.cute.make_gmma_desc" : "llvm.cute.make_umma_desc";
      declare(Name, "i64");
      std::string View = sharedView();
      Operand D{"i64",
                emit("call i64 (...) @" + Name + "(ptr " + View + ", ptr " +
                     cstring(Majors[C.below(std::size(Majors))]) + ")")};
      Descs.push_back(D);
      return D;
    }
    case 2:
      return constant(64, int64_t(uint64_t(C.next()) << C.below(48)));
    case 3:
      return {"i64", emit("load i64, " +
                          (C.oneIn(2) ? sharedBuffer(8).text()
                                      : std::string("ptr addrspace(1) @gl")))};
    default:
      if (!Descs.empty())
        return Descs[C.below(Descs.size())];
      return {"i64", "%w"};
    }
  }

  //===--------------------------------------------------------------------===//
  // Calls
  //===--------------------------------------------------------------------===//

  /// Declares \p Name returning \p Ret (the first declaration wins).
  void declare(const std::string &Name, const std::string &Ret) {
    if (Declared.emplace(Name, Ret).second)
      Decls += "declare " + Ret + " @" + Name + "(...)\n";
  }

  std::string operand() {
    return C.oneIn(3) ? intOperand(32, 0, -1, 1, false).text()
                      : anyPointer().text();
  }

  /// One call of a layout op: the record's operand count (or near it),
  /// drawn operands, sometimes an attribute string last.
  void layoutCall() {
    ArrayRef<cute::CuteOpInfo> Ops = cute::allOps();
    const cute::CuteOpInfo &Op = Ops[C.below(Ops.size())];
    std::string Name = ("llvm.cute." + Op.Name).str();
    std::string Ret = Declared.count(Name) ? Declared[Name]
                      : C.oneIn(4)         ? "i32"
                                           : "ptr";
    declare(Name, Ret);
    unsigned N = Op.MinArgs + C.below(Op.MaxArgs - Op.MinArgs + 2);
    std::vector<std::string> Args;
    if (Op.ProfileOperand || Op.IsLiteral)
      Args.push_back("ptr " + cstring(Notation[C.below(std::size(Notation))]));
    while (Args.size() < N && Args.size() < 6)
      Args.push_back(operand());
    if (!Op.Attrs.empty() && C.oneIn(3))
      Args.push_back("ptr " +
                     cstring(AttrTexts[C.below(std::size(AttrTexts))]));
    emitCall(Name, Ret, Args);
  }

  /// The operand call argument \p A asks for: a fragment of its registers'
  /// size, memory of its space and size, a constant of its type in its
  /// range, a descriptor made of a view.
  Operand fittingOperand(const cute::registry::CallArgInfo &A) {
    using cute::registry::ArgPassing;
    switch (A.Passing) {
    case ArgPassing::Unused:
      return A.IRType == "ptr" ? Operand{"ptr", "null"}
                               : constant(intBits(A.IRType), 0);
    case ArgPassing::Registers:
      return {"ptr", emit("alloca [" + std::to_string((A.Bytes + 3) / 4 + 1) +
                          " x i32], align 16")};
    case ArgPassing::Memory: {
      if (StringRef(A.Object) == "tensor_map")
        return {"ptr addrspace(1)", "@tmap"};
      if (StringRef(A.Space) == "global")
        return {"ptr addrspace(1)", "@gl"};
      uint64_t Bytes = StringRef(A.Object) == "mbarrier" ? 8 : A.Bytes;
      return castTo(sharedBuffer(std::max<uint64_t>(Bytes, 1024)),
                    C.oneIn(2) ? 0 : 3);
    }
    default:
      break;
    }
    if (A.IRType == "ptr")
      return {"ptr", "%gp"};
    unsigned Bits = intBits(A.IRType);
    if (A.CType == "unsigned long long")
      return descriptor();
    if (A.Max < A.Min && C.oneIn(2))
      return runtimeInt(Bits);
    int64_t V = int64_t(C.below(4));
    if (A.Max >= A.Min)
      V = std::min<int64_t>(
          A.Min + std::max<int64_t>(A.Step, 1) * int64_t(C.below(2)), A.Max);
    return constant(Bits, A.Pow2 && V <= 0 ? 1 : V);
  }

  /// The operand for call argument \p A of a variant's signature.
  Operand argOperand(const cute::registry::CallArgInfo &A) {
    using cute::registry::ArgPassing;
    if (Care > 1 && !C.oneIn(Care))
      return fittingOperand(A);
    switch (A.Passing) {
    case ArgPassing::Unused:
      if (!C.oneIn(4))
        return A.IRType == "ptr" ? Operand{"ptr", "null"}
                                 : constant(intBits(A.IRType), 0);
      break;
    case ArgPassing::Registers:
      return C.oneIn(5) ? anyPointer() : fragment(A.Bytes);
    case ArgPassing::Memory:
      return memoryOperand(A.Space, A.Object, A.Bytes);
    default:
      break;
    }
    if (A.IRType == "ptr")
      return anyPointer();
    if (A.CType == "unsigned long long" && !C.oneIn(4))
      return descriptor();
    return intOperand(intBits(A.IRType), A.Min, A.Max, A.Step, A.Pow2);
  }

  /// The name atom \p A's calls returning \p Ret go by (a suffix where the
  /// module declared the atom at another type: `<atom>.i16`).
  std::string atomFunction(const cute::registry::AtomInfo &A,
                           const std::string &Ret) {
    StringRef M(A.Mnemonic.c_str());
    M.consume_front("atom.");
    std::string Name = ("llvm.cute.nvgpu." + M).str();
    if (Declared.count(Name) && Declared[Name] != Ret)
      Name += "." + Ret;
    declare(Name, Ret);
    return Name;
  }

  /// One atom call: a variant of the atom (or of another atom), each
  /// argument of the variant's call signature drawn for what it passes
  /// (fragments, memory, values, descriptors, trailing coordinates), the
  /// atom's result at its type or another.
  void atomCall() {
    using namespace cute::registry;
    ArrayRef<AtomInfo> Atoms = atoms();
    const AtomInfo *AP = &Atoms[C.below(Atoms.size())];
    // A careful module's atoms are those its tier has.
    if (Tier) {
      ArrayRef<uint16_t> Have = atomsAvailableOn(*Tier);
      if (!Have.empty())
        AP = &Atoms[Have[C.below(Have.size())]];
    }
    const AtomInfo &A = *AP;
    ArrayRef<VariantInfo> Vs = variants();
    const VariantInfo &V = A.NumVariants && (Care > 1 || !C.oneIn(8))
                               ? Vs[A.FirstVariant + C.below(A.NumVariants)]
                               : Vs[C.below(Vs.size())];
    if (A.MinTier >= 0)
      AtomTiers.push_back(tiers()[A.MinTier].Name.str());
    const CallSignatureInfo &S = callSignatureOf(V);
    std::vector<std::string> Args{"ptr " + cstring(V.Name)};
    for (const CallArgInfo &Arg : argsOf(S)) {
      unsigned N = Arg.Passing == ArgPassing::Trailing
                       ? Arg.Count + (Care == 1 && C.oneIn(8) ? 1 : 0)
                       : 1;
      for (unsigned I = 0; I != N; ++I)
        Args.push_back(argOperand(Arg).text());
    }
    std::string Ret = S.ResultIRType.str();
    if (Care == 1 && C.oneIn(8))
      Ret = C.oneIn(2) ? "i16" : "i64";
    emitCall(atomFunction(A, Ret), Ret, Args);
  }

  /// One atom call with loosely drawn operands: any atom, a variant of any
  /// atom, the parameters' count (or near it) of anything.
  void looseAtomCall() {
    ArrayRef<cute::registry::AtomInfo> Atoms = cute::registry::atoms();
    const cute::registry::AtomInfo &A = Atoms[C.below(Atoms.size())];
    std::vector<std::string> Args;
    ArrayRef<cute::registry::VariantInfo> Vs = cute::registry::variants();
    std::string Variant =
        A.NumVariants && !C.oneIn(8)
            ? Vs[A.FirstVariant + C.below(A.NumVariants)].Name.str()
            : Vs[C.below(Vs.size())].Name.str();
    Args.push_back("ptr " + cstring(Variant));
    unsigned N =
        cute::registry::paramsOf(A).size() + (C.oneIn(6) ? C.below(3) : 0);
    for (unsigned I = 0; I < N && I < 8; ++I)
      Args.push_back(operand());
    emitCall(atomFunction(A, "void"), "void", Args);
  }

  void emitCall(const std::string &Name, const std::string &Ret,
                const std::vector<std::string> &Args) {
    std::string Call = "call " + Ret + " (...) @" + Name + "(";
    for (size_t I = 0; I < Args.size(); ++I)
      Call += (I ? ", " : "") + Args[I];
    Call += ")";
    if (Ret == "void") {
      Body += "  " + Call + "\n";
      return;
    }
    std::string V = emit(Call);
    if (Ret == "ptr")
      Ptrs.push_back(V);
    else if (Ret == "i32")
      Ints.push_back(V);
    else
      Body += "  store " + Ret + " " + V + ", ptr %regs\n";
  }

  std::string module() {
    if (C.oneIn(2)) {
      Care = 4 + C.below(12);
      ArrayRef<cute::registry::TierInfo> Ts = cute::registry::tiers();
      Tier = &Ts[C.below(Ts.size())];
    }
    unsigned Calls = Care > 1 ? 1 + C.below(3) : 1 + C.below(12);
    for (unsigned I = 0; I < Calls && !C.done(); ++I) {
      switch (Care > 1 ? 0 : C.below(6)) {
      case 0:
      case 1:
        atomCall();
        break;
      case 2:
        looseAtomCall();
        break;
      default:
        layoutCall();
      }
    }
    std::string Result;
    if (!Ptrs.empty() && C.oneIn(4))
      Result = "  store ptr " + Ptrs.back() + ", ptr %regs\n";
    if (!Ints.empty())
      Result += "  store i32 " + Ints.back() + ", ptr %regs\n";
    std::string Target = Tier ? Tier->Name.str()
                         : !AtomTiers.empty() && !C.oneIn(4)
                             ? AtomTiers[C.below(AtomTiers.size())]
                             : Tiers[C.below(std::size(Tiers))];
    std::string Features = Care > 1 && C.oneIn(2)
                               ? "+ptx88"
                               : PtxFeatures[C.below(std::size(PtxFeatures))];
    return "target triple = \"nvptx64-nvidia-cuda\"\n"
           "@dyn = external addrspace(3) global [0 x i8], align 16\n"
           "@bar = internal addrspace(3) global i64 undef, align 8\n"
           "@gl = internal addrspace(1) global [256 x i8] zeroinitializer, "
           "align 16\n"
           "@tmap = internal addrspace(1) global [128 x i8] zeroinitializer, "
           "align 64\n"
           "@ctmap = internal addrspace(4) constant [128 x i8] "
           "zeroinitializer, align 64\n" +
           Globals + Decls + "define " + (C.oneIn(2) ? "ptx_kernel " : "") +
           "void @f(i32 %n, i16 %h, i64 %w, i1 %p, ptr addrspace(3) %smem, "
           "ptr addrspace(1) %gmem, ptr %gp, ptr byval([128 x i8]) align 64 "
           "%tm) #0 {\n"
           "  %regs = alloca [64 x i32], align 16\n"
           "  %lp = load ptr, ptr addrspace(1) %gmem\n" +
           Body + Result + "  ret void\n}\n" +
           "attributes #0 = { \"target-cpu\"=\"" + Target +
           "\" \"target-features\"=\"" + Features + "\" }\n";
  }
};

/// Each property has its own trap site, so that libFuzzer's fork mode (one
/// crash per stack) keeps one input per property.
template <int Site>
[[noreturn, gnu::noinline]] void failAt(const std::string &What,
                                        const std::string &IR) {
  fprintf(stderr, "cute-ir-fuzz: %s\n--- module:\n%s\n", What.c_str(),
          IR.c_str());
  fflush(stderr);
  __builtin_trap();
}
#define CUTE_IR_FAIL(What, IR) failAt<__LINE__>(What, IR)

/// Parses \p IR, marks its instructions as the input's, runs \p Before and
/// lowers it, counting errors in \p Errors; null when the generator wrote
/// IR that does not verify (no finding).
std::unique_ptr<Module> lowerText(LLVMContext &Ctx, const std::string &IR,
                                  unsigned &Errors,
                                  function_ref<void(Module &)> Before) {
  Ctx.setDiagnosticHandlerCallBack(
      [](const DiagnosticInfo *DI, void *Count) {
        if (DI->getSeverity() == DS_Error)
          ++*static_cast<unsigned *>(Count);
      },
      &Errors);
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(IR, Err, Ctx);
  if (!M || verifyModule(*M))
    return nullptr;
  cute::fuzz::markInputInstructions(*M);
  Before(*M);
  cute::runCuteLowering(*M, /*TM=*/nullptr);
  return M;
}

std::string printModule(const Module &M) {
  std::string S;
  raw_string_ostream OS(S);
  M.print(OS, nullptr);
  return S;
}

/// The differential check of an atom call's constant wider than W.Bits
/// bits in a module that lowered, to \p Lowered, without an error: lowered
/// again with the constant's low bits only, and with those and the lowest
/// one flipped. A lowering that uses the operand (the flip changes the
/// result) but cannot tell the constant from its low bits narrowed it.
/// Returns the violation or "".
std::string checkNarrowing(const std::string &IR, const std::string &Lowered,
                           const cute::fuzz::WideConstant &W) {
  APInt Low = W.Value.trunc(W.Bits).zext(W.Value.getBitWidth());
  auto Lower = [&](const APInt &V, bool &Failed) {
    LLVMContext Ctx;
    unsigned Errors = 0;
    std::unique_ptr<Module> M = lowerText(Ctx, IR, Errors, [&](Module &M) {
      cute::fuzz::replaceWideConstant(M, W, V);
    });
    Failed = !M || Errors;
    return Failed ? std::string() : printModule(*M);
  };
  bool Failed;
  if (Lower(Low, Failed) != Lowered || Failed)
    return "";
  std::string Flipped = Lower(Low ^ 1, Failed);
  if (!Failed && Flipped == Lowered)
    return ""; // The lowering ignores the operand.
  return formatv("operand #{0} of the atom call (instruction {1}) is {2}, and "
                 "the module lowers as it does with {3}, its low {4} bits",
                 W.Operand, W.Instruction, W.Value, Low, W.Bits)
      .str();
}

/// Counts for CUTE_FUZZ_STATS=1, printed at exit: modules drawn, modules
/// that verify, modules lowered without an error, and among those the
/// ones with atom calls and with a wide constant checked differentially.
struct Stats {
  unsigned long Drawn = 0, Valid = 0, Lowered = 0, WithAtoms = 0, Wide = 0;
  ~Stats() {
    if (getenv("CUTE_FUZZ_STATS"))
      fprintf(stderr,
              "cute-ir-fuzz: %lu drawn, %lu valid, %lu lowered without an "
              "error (%lu with atom calls, %lu with a wide constant)\n",
              Drawn, Valid, Lowered, WithAtoms, Wide);
  }
} Counts;

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static const bool Trace = getenv("CUTE_FUZZ_TRACE") != nullptr;
  Choices C(Data, Size);
  Builder B(C);
  std::string IR = B.module();
  if (Trace)
    fprintf(stderr, "%s\n", IR.c_str());

  LLVMContext Ctx;
  unsigned Errors = 0;
  std::string Unfit;
  std::optional<cute::fuzz::WideConstant> Wide;
  bool Atoms = false;
  std::unique_ptr<Module> M = lowerText(Ctx, IR, Errors, [&](Module &M) {
    Unfit = cute::fuzz::findUnfitConstant(M);
    Wide = cute::fuzz::findWideConstant(M);
    Atoms = any_of(M, [](const Function &F) {
      return F.getName().starts_with("llvm.cute.nvgpu.") && !F.use_empty();
    });
  });
  ++Counts.Drawn;
  Counts.Valid += bool(M);
  if (!M || Errors)
    return 0;
  ++Counts.Lowered;
  Counts.WithAtoms += Atoms;
  Counts.Wide += bool(Wide);
  // Without an error, the module must be whole and free of cute calls.
  std::string Why;
  raw_string_ostream OS(Why);
  if (verifyModule(*M, &OS))
    CUTE_IR_FAIL("the lowered module is broken: " + Why, IR);
  for (Function &F : *M)
    if (cute::isCuteFunction(F) && !F.use_empty())
      CUTE_IR_FAIL(
          "a cute call survived without an error: " + F.getName().str(), IR);
  // The three properties of the atom boundary.
  if (!Unfit.empty())
    CUTE_IR_FAIL(
        "never narrows a constant: lowered without an error, but " + Unfit, IR);
  if (std::string V = cute::fuzz::checkAddressSpaceCasts(*M); !V.empty())
    CUTE_IR_FAIL("never casts across address spaces: " + V, IR);
  if (std::string V = cute::fuzz::checkObjectWrites(*M); !V.empty())
    CUTE_IR_FAIL("never writes a fragment past its size: " + V, IR);
  if (Wide)
    if (std::string V = checkNarrowing(IR, printModule(*M), *Wide); !V.empty())
      CUTE_IR_FAIL("never narrows a constant: " + V, IR);
  return 0;
}
