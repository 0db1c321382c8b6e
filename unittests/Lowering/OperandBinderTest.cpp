//===- OperandBinderTest.cpp - The atom lowering's operand binder ---------===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// OperandBinder (lib/Lowering/OperandBinder.h) on atom calls parsed from IR:
/// it hands every PTX operand of a variant, in statement order, to the hook
/// of its kind with the call's argument; it stops at the first hook that
/// fails; it says what a register operand's registers are to the call; it
/// holds the parameters no operand uses to 0 or null, proves a memory
/// operand's address space, fits scalars to the record's range, and states
/// the types an intrinsic takes for the operands.
///
//===----------------------------------------------------------------------===//

#include "OperandBinder.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/NVPTXAddrSpace.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <memory>
#include <string>
#include <vector>

using namespace llvm;
using namespace cute;
using namespace cute::registry;

namespace {

/// A module of one function, `k`, whose calls the tests bind, and the
/// diagnostics reported on them.
class OperandBinderTest : public testing::Test {
protected:
  OperandBinderTest() {
    Ctx.setDiagnosticHandlerCallBack(
        [](const llvm::DiagnosticInfo *DI, void *Errors) {
          std::string S;
          raw_string_ostream OS(S);
          DiagnosticPrinterRawOStream DP(OS);
          DI->print(DP);
          static_cast<std::vector<std::string> *>(Errors)->push_back(S);
        },
        &Errors);
  }

  /// The call in \p Body (the body of `k(ptr %p, ptr addrspace(1) %g, ptr
  /// addrspace(3) %s, i32 %n)`, with `@smem`, a 256-byte __shared__ array).
  CallInst &parse(StringRef Decl, StringRef Body) {
    std::string IR = (Twine("@v = constant [1 x i8] zeroinitializer\n"
                            "@smem = addrspace(3) global [256 x i8] undef\n") +
                      Decl +
                      "\ndefine void @k(ptr %p, ptr addrspace(1) %g, "
                      "ptr addrspace(3) %s, i32 %n) {\n" +
                      Body + "\n  ret void\n}\n")
                         .str();
    SMDiagnostic Err;
    Modules.push_back(parseAssemblyString(IR, Err, Ctx));
    EXPECT_TRUE(Modules.back()) << Err.getMessage().str();
    for (Instruction &I : instructions(*Modules.back()->getFunction("k")))
      if (auto *CI = dyn_cast<CallInst>(&I))
        return *CI;
    llvm_unreachable("no call");
  }

  static const VariantInfo &variant(StringRef Name) {
    const VariantInfo *V = lookupVariant(Name);
    EXPECT_NE(V, nullptr) << Name.str();
    return *V;
  }
  static const PtxOperandInfo &operand(const VariantInfo &V, StringRef Name) {
    ArrayRef<PtxOperandInfo> Ops = operandsOf(V);
    const PtxOperandInfo *It = find_if(Ops, [&](const PtxOperandInfo &Op) {
      return StringRef(Op.Name) == Name;
    });
    EXPECT_NE(It, Ops.end()) << Name.str();
    return *It;
  }
  /// True when exactly one diagnostic was reported and it contains \p Text.
  bool reported(StringRef Text) const {
    return Errors.size() == 1 && StringRef(Errors[0]).contains(Text);
  }

  LLVMContext Ctx;
  std::vector<std::unique_ptr<Module>> Modules;
  std::vector<std::string> Errors;
};

/// Records every hook the binder calls: `<hook> <operand> <argument>`.
class RecordingSink : public OperandSink {
public:
  std::vector<std::string> Calls;
  /// The hook that fails, if any.
  std::string FailIn;

  bool registers(const PtxOperandInfo &Op, Value *Arg) override {
    return record("registers", Op, Arg);
  }
  bool immediate(const PtxOperandInfo &Op, Value *Arg) override {
    return record("immediate", Op, Arg);
  }
  bool shared(const PtxOperandInfo &Op, Value *Arg) override {
    return record("shared", Op, Arg);
  }
  bool global(const PtxOperandInfo &Op, Value *Arg) override {
    return record("global", Op, Arg);
  }
  bool tmem(const PtxOperandInfo &Op, Value *Arg) override {
    return record("tmem", Op, Arg);
  }
  bool tensor(const PtxOperandInfo &Op, Value *Arg) override {
    return record("tensor", Op, Arg);
  }
  bool unsupported(const PtxOperandInfo &Op) override {
    return record("unsupported", Op, nullptr);
  }

private:
  bool record(StringRef Hook, const PtxOperandInfo &Op, Value *Arg) {
    Calls.push_back(
        (Hook + " " + Op.Name.c_str() + " " + (Arg ? Arg->getName() : "-"))
            .str());
    return Hook != FailIn;
  }
};

/// Takes registers only; every other kind is unsupported.
class RegistersOnlySink : public RecordingSink {
public:
  bool immediate(const PtxOperandInfo &Op, Value *) override {
    return unsupported(Op);
  }
  bool shared(const PtxOperandInfo &Op, Value *) override {
    return unsupported(Op);
  }
  bool tensor(const PtxOperandInfo &Op, Value *) override {
    return unsupported(Op);
  }
};

constexpr StringLiteral TmaDecl =
    "declare void @llvm.cute.nvgpu.tma_load(ptr, ptr, ptr, ptr, ...)";

TEST_F(OperandBinderTest, HandsEachOperandToTheHookOfItsKindInOrder) {
  CallInst &CI = parse(TmaDecl, "  call void (ptr, ptr, ptr, ptr, ...) "
                                "@llvm.cute.nvgpu.tma_load(ptr @v, ptr %p, "
                                "ptr %p, ptr %p, i32 %n)");
  IRBuilder<> B(&CI);
  OperandBinder Binder(CI, variant("SM90_TMA_LOAD_1D"), B);
  RecordingSink Sink;
  EXPECT_TRUE(Binder.bind(Sink));
  EXPECT_EQ(Sink.Calls,
            (std::vector<std::string>{"tensor tmap p", "shared smem p",
                                      "shared mbar p"}));

  // The mbarrier of an mbarrier_arrive, and its state: a register of no
  // parameter.
  CallInst &Arrive =
      parse("declare i64 @llvm.cute.nvgpu.mbarrier_arrive(ptr, ptr, i32)",
            "  %r = call i64 @llvm.cute.nvgpu.mbarrier_arrive(ptr @v, ptr %p, "
            "i32 %n)");
  IRBuilder<> AB(&Arrive);
  OperandBinder ArriveBinder(Arrive, variant("SM90_MBARRIER_ARRIVE_EXPECT_TX"),
                             AB);
  RecordingSink ArriveSink;
  EXPECT_TRUE(ArriveBinder.bind(ArriveSink));
  EXPECT_EQ(ArriveSink.Calls,
            (std::vector<std::string>{"registers state -", "shared bar p",
                                      "registers bytes n"}));
  EXPECT_TRUE(Errors.empty());
}

TEST_F(OperandBinderTest, StopsAtTheFirstHookThatFails) {
  CallInst &CI = parse(TmaDecl, "  call void (ptr, ptr, ptr, ptr, ...) "
                                "@llvm.cute.nvgpu.tma_load(ptr @v, ptr %p, "
                                "ptr %p, ptr %p, i32 %n)");
  IRBuilder<> B(&CI);
  OperandBinder Binder(CI, variant("SM90_TMA_LOAD_1D"), B);
  RecordingSink Sink;
  Sink.FailIn = "shared";
  EXPECT_FALSE(Binder.bind(Sink));
  EXPECT_EQ(Sink.Calls,
            (std::vector<std::string>{"tensor tmap p", "shared smem p"}));
  // A kind the sink takes none of is unsupported, and so is the end.
  RegistersOnlySink Only;
  Only.FailIn = "unsupported";
  EXPECT_FALSE(Binder.bind(Only));
  EXPECT_EQ(Only.Calls, (std::vector<std::string>{"unsupported tmap -"}));
}

TEST_F(OperandBinderTest, SaysWhatRegistersAreToTheCall) {
  CallInst &CI =
      parse("declare void @llvm.cute.nvgpu.sm80.mma(ptr, ptr, ptr, ptr, ptr)",
            "  call void @llvm.cute.nvgpu.sm80.mma(ptr @v, ptr %p, ptr %p, "
            "ptr %p, ptr %p)");
  IRBuilder<> B(&CI);
  const VariantInfo &Mma = variant("SM80_16x8x8_F32F16F16F32_TN");
  OperandBinder Binder(CI, Mma, B);
  EXPECT_EQ(Binder.roleOf(operand(Mma, "d")), RegisterRole::Result);
  EXPECT_EQ(Binder.roleOf(operand(Mma, "a")), RegisterRole::Fragment);
  EXPECT_EQ(Binder.roleOf(operand(Mma, "c")), RegisterRole::Fragment);
  EXPECT_EQ(OperandBinder::registerCount(operand(Mma, "d")), 4u);

  // The state an arrive returns binds to no parameter; the bytes are the
  // call's scalar.
  CallInst &Arrive =
      parse("declare i64 @llvm.cute.nvgpu.mbarrier_arrive(ptr, ptr, i32)",
            "  %r = call i64 @llvm.cute.nvgpu.mbarrier_arrive(ptr @v, ptr %p, "
            "i32 %n)");
  IRBuilder<> AB(&Arrive);
  const VariantInfo &ExpectTx = variant("SM90_MBARRIER_ARRIVE_EXPECT_TX");
  OperandBinder ArriveBinder(Arrive, ExpectTx, AB);
  EXPECT_EQ(ArriveBinder.roleOf(operand(ExpectTx, "state")),
            RegisterRole::Unbound);
  EXPECT_EQ(ArriveBinder.roleOf(operand(ExpectTx, "bytes")),
            RegisterRole::Scalar);
  // A cluster arrive counts 1: the record's value.
  CallInst &Cluster = parse(
      "declare void @llvm.cute.nvgpu.mbarrier_arrive_cluster(ptr, ptr, i32)",
      "  call void @llvm.cute.nvgpu.mbarrier_arrive_cluster(ptr @v, ptr %p, "
      "i32 %n)");
  IRBuilder<> CB(&Cluster);
  const VariantInfo &ToCta = variant("SM90_MBARRIER_ARRIVE_CLUSTER");
  const PtxOperandInfo &Count = operand(ToCta, "count");
  EXPECT_EQ(OperandBinder(Cluster, ToCta, CB).roleOf(Count),
            RegisterRole::Constant);
  EXPECT_EQ(OperandBinder::recordValue(Count, CB.getInt32Ty()), CB.getInt32(1));
}

TEST_F(OperandBinderTest, HoldsUnusedParametersToZeroOrNull) {
  // A prefetch uses neither the shared memory nor the mbarrier.
  CallInst &CI = parse(TmaDecl, "  call void (ptr, ptr, ptr, ptr, ...) "
                                "@llvm.cute.nvgpu.tma_load(ptr @v, ptr null, "
                                "ptr %p, ptr null, i32 %n)");
  IRBuilder<> B(&CI);
  EXPECT_TRUE(OperandBinder(CI, variant("SM90_TMA_LOAD_PREFETCH_1D"), B)
                  .checkUnusedParams());
  CI.setArgOperand(1, CI.getArgOperand(2));
  EXPECT_FALSE(OperandBinder(CI, variant("SM90_TMA_LOAD_PREFETCH_1D"), B)
                   .checkUnusedParams());
  EXPECT_TRUE(reported("variant 'SM90_TMA_LOAD_PREFETCH_1D': operand 'smem' "
                       "is not used by this variant and must be null"));

  // A plain arrive has no byte count; the cluster's CTA rank is named by
  // the mbarrier operand, not bound.
  CallInst &Arrive =
      parse("declare i64 @llvm.cute.nvgpu.mbarrier_arrive(ptr, ptr, i32)",
            "  %r = call i64 @llvm.cute.nvgpu.mbarrier_arrive(ptr @v, ptr %p, "
            "i32 4)");
  IRBuilder<> AB(&Arrive);
  Errors.clear();
  EXPECT_FALSE(OperandBinder(Arrive, variant("SM80_MBARRIER_ARRIVE"), AB)
                   .checkUnusedParams());
  EXPECT_TRUE(reported("operand 'bytes' is not used by this variant and must "
                       "be 0"));
  CallInst &Cluster = parse(
      "declare void @llvm.cute.nvgpu.mbarrier_arrive_cluster(ptr, ptr, i32)",
      "  call void @llvm.cute.nvgpu.mbarrier_arrive_cluster(ptr @v, ptr %p, "
      "i32 4)");
  IRBuilder<> CB(&Cluster);
  Errors.clear();
  EXPECT_TRUE(
      OperandBinder(Cluster, variant("SM90_MBARRIER_ARRIVE_CLUSTER"), CB)
          .checkUnusedParams());
  EXPECT_TRUE(Errors.empty());
}

TEST_F(OperandBinderTest, ProvesAndCastsAddresses) {
  CallInst &CI =
      parse("declare void @llvm.cute.nvgpu.simt_async_copy(ptr, ptr, ptr)",
            "  %gen = addrspacecast ptr addrspace(3) @smem to ptr\n"
            "  call void @llvm.cute.nvgpu.simt_async_copy(ptr @v, ptr %gen, "
            "ptr %p)");
  IRBuilder<> B(&CI);
  const VariantInfo &V = variant("SM80_CP_ASYNC_CACHEALWAYS<uint32_t>");
  OperandBinder Binder(CI, V, B);
  // A generic pointer to a __shared__ array, in the shared window.
  Value *Dst = Binder.address(operand(V, "dst"), CI.getArgOperand(1),
                              NVPTXAS::ADDRESS_SPACE_SHARED);
  ASSERT_NE(Dst, nullptr);
  EXPECT_EQ(Dst->getType()->getPointerAddressSpace(),
            unsigned(NVPTXAS::ADDRESS_SPACE_SHARED));
  // A global pointer is no shared address; nor is an integer an address.
  Function &K = *CI.getFunction();
  EXPECT_EQ(Binder.address(operand(V, "dst"), K.getArg(1),
                           NVPTXAS::ADDRESS_SPACE_SHARED),
            nullptr);
  EXPECT_TRUE(reported("operand 'dst' points to global memory (address space "
                       "1), but the instruction accesses shared memory "
                       "(address space 3)"));
  Errors.clear();
  EXPECT_EQ(Binder.address(operand(V, "dst"), K.getArg(3),
                           NVPTXAS::ADDRESS_SPACE_SHARED),
            nullptr);
  EXPECT_TRUE(reported("operand 'dst' needs a pointer parameter of the atom"));
}

TEST_F(OperandBinderTest, FitsScalarsToTheirRegisters) {
  CallInst &CI =
      parse("declare i64 @llvm.cute.nvgpu.mbarrier_arrive(ptr, ptr, i32)",
            "  %r = call i64 @llvm.cute.nvgpu.mbarrier_arrive(ptr @v, ptr %p, "
            "i32 %n)");
  IRBuilder<> B(&CI);
  const VariantInfo &V = variant("SM90_MBARRIER_ARRIVE_EXPECT_TX");
  OperandBinder Binder(CI, V, B);
  const PtxOperandInfo &Bytes = operand(V, "bytes");
  // A run-time value of the register's width is itself; a constant outside
  // the record's range (the bytes a transaction may count) is an error,
  // never truncated.
  EXPECT_EQ(Binder.scalar(Bytes, CI.getArgOperand(2), B.getInt32Ty()),
            CI.getArgOperand(2));
  EXPECT_EQ(Binder.scalar(Bytes, B.getInt64(1ULL << 40), B.getInt32Ty()),
            nullptr);
  EXPECT_TRUE(reported("operand 'bytes' must be in [0, 1048575], not "
                       "1099511627776"));
  // A float is no register of an integer operand: no value, no error.
  Errors.clear();
  EXPECT_EQ(Binder.scalar(Bytes, ConstantFP::get(B.getFloatTy(), 1.0),
                          B.getInt32Ty()),
            nullptr);
  EXPECT_TRUE(Errors.empty());
}

TEST_F(OperandBinderTest, StatesTheTypesAnIntrinsicTakes) {
  SmallVector<Type *, 8> Params, Results;
  ASSERT_TRUE(OperandBinder::intrinsicTypes(
      variant("SM80_16x8x8_F32F16F16F32_TN"), Ctx, Params, Results));
  // D's four f32 registers are returned; A's two, B's one b32 and C's four
  // f32 ones are taken.
  Type *F32 = Type::getFloatTy(Ctx), *I32 = Type::getInt32Ty(Ctx);
  EXPECT_EQ(Results, (SmallVector<Type *, 8>(4, F32)));
  EXPECT_EQ(Params,
            (SmallVector<Type *, 8>{I32, I32, I32, F32, F32, F32, F32}));
  // Memory operands as pointers into their address spaces.
  Params.clear();
  Results.clear();
  ASSERT_TRUE(OperandBinder::intrinsicTypes(
      variant("SM80_CP_ASYNC_CACHEALWAYS<uint32_t>"), Ctx, Params, Results));
  EXPECT_EQ(Params, (SmallVector<Type *, 8>{
                        PointerType::get(Ctx, NVPTXAS::ADDRESS_SPACE_SHARED),
                        PointerType::get(Ctx, NVPTXAS::ADDRESS_SPACE_GLOBAL)}));
  EXPECT_TRUE(Results.empty());
  // A TMA tensor is no operand of an intrinsic the binder types.
  EXPECT_FALSE(OperandBinder::intrinsicTypes(variant("SM90_TMA_LOAD_1D"), Ctx,
                                             Params, Results));
}

} // namespace
