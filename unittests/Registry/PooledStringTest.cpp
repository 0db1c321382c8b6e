//===- PooledStringTest.cpp - The registry's pooled strings ---------------===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The registry tables hold strings as offsets into string pools
/// (PooledString). These tests read every string of every table through
/// each spelling the tables' users write (C string, StringRef, formatv,
/// raw_ostream, Twine, std::string, JSON, comparisons) and check that the
/// name indexes find every atom and variant by its own name.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Registry/AtomRegistry.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstring>
#include <map>

using namespace llvm;
using namespace cute::registry;

namespace {

/// Every spelling of \p S agrees with its C string.
void expectSpellings(PooledString S) {
  const char *C = S;
  StringRef Ref = S;
  ASSERT_NE(C, nullptr);
  EXPECT_EQ(Ref, StringRef(C));
  EXPECT_EQ(Ref.size(), std::strlen(C));
  EXPECT_EQ(S.size(), Ref.size());
  EXPECT_EQ(S.empty(), *S == '\0');
  EXPECT_EQ(bool(S), !S.empty());
  EXPECT_EQ(S ? 1 : 0, *C ? 1 : 0);
  EXPECT_EQ(S.str(), std::string(C));
  EXPECT_TRUE(S == Ref && Ref == S && S == C && C == S && S == S);
  EXPECT_FALSE(S != Ref || Ref != S || S != C || C != S || S != S);
  EXPECT_EQ(formatv("<{0}>", S).str(), ("<" + Ref + ">").str());
  EXPECT_EQ(("<" + S + ">").str(), ("<" + Ref + ">").str());
  EXPECT_EQ((Twine(1) + S).str(), ("1" + Ref).str());
  EXPECT_EQ(std::string("<") + S, "<" + Ref.str());
  std::string Assigned;
  Assigned = S;
  EXPECT_EQ(Assigned, Ref);
  std::string Streamed;
  raw_string_ostream(Streamed) << S;
  EXPECT_EQ(Streamed, Ref);
  EXPECT_EQ(json::Value(S), json::Value(Ref));
}

TEST(PooledStringTest, EveryTableString) {
  for (const TierInfo &T : tiers())
    expectSpellings(T.Name);
  for (ArrayRef<NamedInfo> Table :
       {interfaces(), features(), residencies(), loweringKinds()})
    for (const NamedInfo &N : Table) {
      expectSpellings(N.Name);
      expectSpellings(N.Doc);
    }
  for (const ElementTypeInfo &E : elementTypes()) {
    expectSpellings(E.Name);
    expectSpellings(E.LLVMType);
    expectSpellings(E.Ptx);
  }
  for (const AtomInfo &A : atoms()) {
    for (PooledString S : {A.Mnemonic, A.DefName, A.Contract, A.Summary,
                           A.DescriptorKind, A.NaturalShape, A.ElementWidth,
                           A.Fragment, A.LoweringTarget, A.NoVariantReason})
      expectSpellings(S);
    for (const AtomParamInfo &P : paramsOf(A)) {
      expectSpellings(P.CType);
      expectSpellings(P.Name);
    }
  }
  for (const VariantInfo &V : variants()) {
    for (PooledString S :
         {V.Name, V.Param, V.Ptx, V.Mode, V.Kind, V.NaturalShape,
          V.ElementWidth, V.Fragment, V.LoweringTarget, V.NoLayoutReason})
      expectSpellings(S);
    const SelectorInfo &Sel = selectorOf(V);
    expectSpellings(Sel.IntrinsicName);
    expectSpellings(Sel.Template);
    for (const PtxOperandInfo &Op : operandsOf(V)) {
      expectSpellings(Op.Name);
      expectSpellings(Op.Type);
      expectSpellings(Op.Value);
    }
    const CallSignatureInfo &Sig = callSignatureOf(V);
    expectSpellings(Sig.Result);
    expectSpellings(Sig.ResultIRType);
    for (const CallArgInfo &A : argsOf(Sig))
      for (PooledString S : {A.Name, A.CType, A.IRType, A.RegType, A.CountArg,
                             A.Space, A.Object, A.Role, A.Of})
        expectSpellings(S);
  }
  for (const DiagnosticInfo &D : diagnostics()) {
    expectSpellings(D.Name);
    expectSpellings(D.Text);
  }
}

TEST(PooledStringTest, SelectorStrings) {
  // An intrinsic selector names its intrinsic; an inline-PTX selector has a
  // template; the other string is empty (the pointer tables held nullptr).
  for (const VariantInfo &V : variants()) {
    const SelectorInfo &S = selectorOf(V);
    EXPECT_EQ(S.Kind == SelectorKind::Intrinsic, !S.IntrinsicName.empty())
        << V.Name;
    EXPECT_EQ(S.Kind == SelectorKind::InlinePtx, !S.Template.empty()) << V.Name;
    if (S.Kind == SelectorKind::Intrinsic)
      EXPECT_TRUE(StringRef(S.IntrinsicName).starts_with("llvm.nvvm."))
          << V.Name;
  }
}

TEST(PooledStringTest, NameIndexesFindEveryEntry) {
  StringSet<> Names;
  for (const VariantInfo &V : variants()) {
    EXPECT_EQ(lookupVariant(V.Name), &V) << V.Name;
    EXPECT_TRUE(Names.insert(V.Name).second) << "duplicate " << V.Name;
    // A name one character longer or shorter is no variant of the table
    // unless the table has it.
    std::string Longer = V.Name.str() + "?";
    EXPECT_EQ(lookupVariant(Longer), nullptr) << Longer;
  }
  for (const AtomInfo &A : atoms()) {
    EXPECT_EQ(lookupAtom(A.Mnemonic), &A) << A.Mnemonic;
    StringRef M = A.Mnemonic;
    if (M.consume_front("atom."))
      EXPECT_EQ(lookupAtom(M), &A) << A.Mnemonic;
  }
  for (const TierInfo &T : tiers())
    EXPECT_EQ(lookupTier(T.Name), &T) << T.Name;
  EXPECT_EQ(lookupVariant(""), nullptr);
  EXPECT_EQ(lookupAtom(""), nullptr);
}

TEST(PooledStringTest, StringsLiveInTheirPools) {
  // Equal strings of one pool share their offset (one copy per pool).
  StringMap<uint32_t> Seen;
  for (const VariantInfo &V : variants())
    for (PooledString S : {V.Name, V.Ptx, V.Param, V.Mode}) {
      auto [It, Inserted] = Seen.try_emplace(S, S.Id);
      EXPECT_EQ(It->second, S.Id) << S;
    }
  // The empty string is offset 0 of the registry's pool.
  EXPECT_EQ(StringRef(PooledString{0}), "");
}

TEST(PooledStringTest, LayoutsAreWords) {
  // Every variant with TV layouts has all of them and its ThrID; each is
  // read from its words, and (MMA and copy atoms) the thread mode of each TV
  // layout has as many threads as ThrID. Equal layouts share their words.
  std::map<std::string, uint32_t> Seen;
  unsigned WithLayouts = 0;
  for (const VariantInfo &V : variants()) {
    AtomClass Class = atoms()[V.Atom].Class;
    if (Class != AtomClass::Mma && Class != AtomClass::Copy) {
      for (PooledLayout L : V.Layouts)
        EXPECT_TRUE(L.empty()) << V.Name;
      continue;
    }
    bool Has = V.NoLayoutReason.empty();
    for (PooledLayout L : V.Layouts)
      EXPECT_EQ(L.empty(), !Has) << V.Name;
    if (!Has)
      continue;
    EXPECT_FALSE(V.ThrID.empty()) << V.Name;
    ++WithLayouts;
    cute::Layout Thr = layoutOf(V.ThrID);
    for (PooledLayout L :
         {V.ThrID, V.Layouts[0], V.Layouts[1], V.Layouts[2], V.ValID}) {
      if (L.empty())
        continue;
      cute::Layout TV = layoutOf(L);
      auto [It, Inserted] = Seen.try_emplace(TV.str(), L.Offset);
      EXPECT_EQ(It->second, L.Offset) << V.Name << ": " << TV.str();
      EXPECT_EQ(layoutText(L), TV.str());
    }
    for (PooledLayout L : V.Layouts) {
      cute::Layout TV = layoutOf(L);
      ASSERT_GE(cute::rank(TV.Shape), 1u) << V.Name;
      cute::Int Threads = cute::product(cute::mode(TV.Shape, 0));
      if (Threads.isStatic() && cute::size(Thr).isStatic())
        EXPECT_EQ(Threads.value(), cute::size(Thr).value())
            << V.Name << ": " << TV.str() << " beside ThrID " << Thr.str();
    }
  }
  EXPECT_GT(WithLayouts, 100u);
  EXPECT_EQ(layoutText(PooledLayout{0}), "");
}

} // namespace
