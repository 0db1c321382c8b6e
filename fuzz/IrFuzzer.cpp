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
/// on any tier. The cute pipeline must either report an error through the
/// LLVMContext, or leave a module that verifies and has no cute call left;
/// it must never crash, assert or trip a sanitizer.
///
/// CUTE_FUZZ_TRACE=1 prints each module before it is lowered (for triage;
/// a crashing module becomes a lit test as it is).
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/OpTable.h"
#include "CuteLLVM/Lowering/Intrinsics.h"
#include "CuteLLVM/Lowering/Passes.h"
#include "CuteLLVM/Registry/AtomRegistry.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>
#include <map>
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

struct Builder {
  explicit Builder(Choices &C) : C(C) {}
  Choices &C;
  std::string Globals, Decls, Body;
  std::map<std::string, std::string> Declared; // name -> return type
  std::vector<std::string> Ptrs, Ints;         // SSA values in scope
  unsigned NextValue = 0, NextGlobal = 0;

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

  std::string intOperand() {
    switch (C.below(4)) {
    case 0:
      if (!Ints.empty())
        return "i32 " + Ints[C.below(Ints.size())];
      [[fallthrough]];
    case 1:
      return "i32 " + std::to_string(int(C.below(70)) - 2);
    case 2:
      return "i64 " + std::to_string(int64_t(C.next()) << C.below(40));
    default:
      return "i32 %n";
    }
  }

  std::string ptrOperand() {
    switch (C.below(6)) {
    case 0:
    case 1:
      if (!Ptrs.empty())
        return "ptr " + Ptrs[C.below(Ptrs.size())];
      [[fallthrough]];
    case 2:
      return "ptr " + cstring(Notation[C.below(std::size(Notation))]);
    case 3:
      return "ptr " + cstring(AttrTexts[C.below(std::size(AttrTexts))]);
    case 4:
      return "ptr addrspace(3) %smem";
    default:
      return C.oneIn(2) ? "ptr %regs" : "ptr addrspace(1) %gmem";
    }
  }

  std::string operand() {
    return C.oneIn(3) ? intOperand() : ptrOperand();
  }

  void declare(const std::string &Name, const std::string &Ret) {
    if (Declared.emplace(Name, Ret).second)
      Decls += "declare " + Ret + " @" + Name + "(...)\n";
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
      Args.push_back("ptr " + cstring(AttrTexts[C.below(std::size(AttrTexts))]));
    emitCall(Name, Ret, Args);
  }

  /// One atom call: a variant of the atom (or of another atom), its
  /// parameters as drawn operands.
  void atomCall() {
    ArrayRef<cute::registry::AtomInfo> Atoms = cute::registry::atoms();
    const cute::registry::AtomInfo &A = Atoms[C.below(Atoms.size())];
    StringRef M(A.Mnemonic.c_str());
    M.consume_front("atom.");
    std::string Name = ("llvm.cute.nvgpu." + M).str();
    declare(Name, "void");
    std::vector<std::string> Args;
    ArrayRef<cute::registry::VariantInfo> Vs = cute::registry::variants();
    std::string Variant =
        A.NumVariants && !C.oneIn(8)
            ? Vs[A.FirstVariant + C.below(A.NumVariants)].Name.str()
            : Vs[C.below(Vs.size())].Name.str();
    Args.push_back("ptr " + cstring(Variant));
    unsigned N = cute::registry::paramsOf(A).size() + (C.oneIn(6) ? C.below(3) : 0);
    for (unsigned I = 0; I < N && I < 8; ++I)
      Args.push_back(operand());
    emitCall(Name, "void", Args);
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
    std::string V = fresh();
    Body += "  " + V + " = " + Call + "\n";
    (Ret == "ptr" ? Ptrs : Ints).push_back(V);
  }

  std::string module() {
    unsigned Calls = 1 + C.below(12);
    for (unsigned I = 0; I < Calls && !C.done(); ++I) {
      if (C.oneIn(3))
        atomCall();
      else
        layoutCall();
    }
    std::string Result;
    if (!Ptrs.empty() && C.oneIn(4))
      Result = "  store ptr " + Ptrs.back() + ", ptr %regs\n";
    if (!Ints.empty())
      Result += "  store i32 " + Ints.back() + ", ptr %regs\n";
    return "target triple = \"nvptx64-nvidia-cuda\"\n" + Globals + Decls +
           "define void @f(i32 %n, ptr addrspace(3) %smem, "
           "ptr addrspace(1) %gmem) #0 {\n"
           "  %regs = alloca [64 x i32]\n" +
           Body + Result + "  ret void\n}\n" +
           "attributes #0 = { \"target-cpu\"=\"" +
           Tiers[C.below(std::size(Tiers))] + "\" }\n";
  }
};

[[noreturn]] void fail(const std::string &What, const std::string &IR) {
  fprintf(stderr, "cute-ir-fuzz: %s\n--- module:\n%s\n", What.c_str(),
          IR.c_str());
  fflush(stderr);
  __builtin_trap();
}

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
  Ctx.setDiagnosticHandlerCallBack(
      [](const DiagnosticInfo *DI, void *Count) {
        if (DI->getSeverity() == DS_Error)
          ++*static_cast<unsigned *>(Count);
      },
      &Errors);
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(IR, Err, Ctx);
  // The generator writes valid IR; a module it gets wrong is no finding.
  if (!M || verifyModule(*M))
    return 0;
  cute::runCuteLowering(*M, /*TM=*/nullptr);
  if (Errors)
    return 0;
  // Without an error, the module must be whole and free of cute calls.
  std::string Why;
  raw_string_ostream OS(Why);
  if (verifyModule(*M, &OS))
    fail("the lowered module is broken: " + Why, IR);
  for (Function &F : *M)
    if (cute::isCuteFunction(F) && !F.use_empty())
      fail("a cute call survived without an error: " + F.getName().str(),
           IR);
  return 0;
}
