//===- cute-atoms.cpp - Inspect the CuTe atom registry ----------*- C++ -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Dumps the generated atom registry:
///   cute-atoms --json                 every tier and atom with its variants
///   cute-atoms --tier sm_90a          what that target may use
///   cute-atoms --atom NAME            one atom (`atom.` optional), variant
///                                     or variant family (SM90_TMA_LOAD)
///   cute-atoms --atom NAME --tier T   the gating verdict for one atom
///   cute-atoms --diagnostics          every diagnostic, verbatim
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Registry/AtomRegistry.h"
#include "CuteLLVM/Support/ToolOutput.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace cute::registry;

static cl::OptionCategory Category("cute-atoms options");

static cl::opt<bool> DumpJson("json", cl::desc("Dump the whole registry"),
                              cl::cat(Category));
static cl::opt<std::string> TierName("tier",
                                     cl::desc("List what a target may use"),
                                     cl::value_desc("tier"), cl::cat(Category));
static cl::opt<std::string>
    AtomName("atom", cl::desc("Show one atom (mnemonic) or variant"),
             cl::value_desc("name"), cl::cat(Category));
static cl::opt<bool>
    DumpDiags("diagnostics",
              cl::desc("Dump every diagnostic (td/Diagnostics.td)"),
              cl::cat(Category));

namespace {

/// Writes the names of the bits set in \p Mask as the JSON array of
/// attribute \p Key.
void writeNames(json::OStream &J, StringRef Key, uint64_t Mask,
                ArrayRef<NamedInfo> Table) {
  J.attributeArray(Key, [&] {
    for (auto [I, Entry] : llvm::enumerate(Table))
      if (Mask & (uint64_t(1) << I))
        J.value(Entry.Name);
  });
}

void writeResidency(json::OStream &J, StringRef Key, uint32_t Mask) {
  writeNames(J, Key, Mask, residencies());
}

void writeOptional(json::OStream &J, StringRef Key, StringRef Value) {
  if (!Value.empty())
    J.attribute(Key, Value);
}

StringRef typeName(int8_t T) {
  return T < 0 ? StringRef() : StringRef(elementTypes()[T].Name);
}

/// Names of the tiers whose atoms \p T may use: itself, its ancestors and
/// families.
void writeAncestors(json::OStream &J, const TierInfo &T) {
  J.attributeArray("ancestors", [&] {
    for (const TierInfo &U : tiers())
      if (T.Ancestors & (uint64_t(1) << indexOf(U)))
        J.value(U.Name);
  });
}

void writeTier(json::OStream &J, const TierInfo &T) {
  J.object([&] {
    J.attribute("name", T.Name);
    if (T.Parent >= 0)
      J.attribute("parent", tiers()[T.Parent].Name);
    else
      J.attribute("parent", nullptr);
    if (T.Family >= 0)
      J.attribute("family", tiers()[T.Family].Name);
    J.attribute("arch", T.Arch);
    J.attribute("ptx",
                formatv("{0}.{1}", T.PtxVersion / 10, T.PtxVersion % 10).str());
    writeNames(J, "features", T.Features, features());
    writeNames(J, "own_features", T.OwnFeatures, features());
    writeAncestors(J, T);
    // The variants the tier may use (atom and variant gating), the count a
    // front end that calls each of them matches.
    J.attribute("num_variants", llvm::count_if(variants(), [&](auto &V) {
                  return isAvailable(V, T);
                }));
  });
}

//===----------------------------------------------------------------------===//
// Call signatures (docs/atom-lowering.md, "The call signature")
//===----------------------------------------------------------------------===//

/// An argument's name and its C and LLVM IR types.
void writeArgTypes(json::OStream &J, const CallArgInfo &A) {
  J.attribute("name", A.Name);
  J.attribute("ctype", A.CType);
  J.attribute("ir_type", A.IRType);
}

/// One argument of a call: its types, how it is passed and its legal values.
void writeArg(json::OStream &J, const CallArgInfo &A) {
  writeArgTypes(J, A);
  J.attribute("pass", enumEntry(ArgPassingNames, A.Passing).AltName);
  switch (A.Passing) {
  case ArgPassing::Unused:
  case ArgPassing::Trailing:
    return;
  case ArgPassing::Registers:
    J.attribute("access", A.Writes ? "write" : "read");
    J.attribute("reg_type", A.RegType);
    J.attribute("count", A.Count);
    writeOptional(J, "count_arg", A.CountArg);
    J.attribute("reg_bytes", A.Bytes / A.Count);
    J.attribute("bytes", A.Bytes);
    return;
  case ArgPassing::Memory:
    J.attribute("space", A.Space);
    J.attribute("object", A.Object);
    if (A.Bytes)
      J.attribute("bytes", A.Bytes);
    J.attribute("align", A.Align);
    return;
  case ArgPassing::Value:
  case ArgPassing::Immediate:
    writeOptional(J, "role", A.Role);
    writeOptional(J, "of", A.Of);
    if (A.Min == A.Max) {
      J.attributeArray("values", [&] { J.value(A.Min); });
    } else if (A.Min < A.Max) {
      J.attributeObject("range", [&] {
        J.attribute("min", A.Min);
        J.attribute("max", A.Max);
        J.attribute("step", A.Step);
        if (A.Pow2)
          J.attribute("power_of_two", true);
      });
    }
    return;
  }
}

/// A call signature: the arguments after the variant name in call order,
/// the trailing operand groups of a variadic atom, and the result.
void writeSignature(json::OStream &J, const CallSignatureInfo &S) {
  J.object([&] {
    J.attributeArray("args", [&] {
      for (const CallArgInfo &A : argsOf(S))
        if (A.Passing != ArgPassing::Trailing)
          J.object([&] { writeArg(J, A); });
    });
    J.attributeArray("trailing", [&] {
      for (const CallArgInfo &A : argsOf(S))
        if (A.Passing == ArgPassing::Trailing)
          J.object([&] {
            writeArgTypes(J, A);
            J.attribute("count", A.Count);
            writeOptional(J, "of", A.Of);
          });
    });
    J.attributeObject("result", [&] {
      J.attribute("ctype", S.Result);
      J.attribute("ir_type", S.ResultIRType);
    });
  });
}

/// The distinct call signatures of \p Vs in first-use order, and each
/// variant's index among them.
struct AtomSignatures {
  SmallVector<const CallSignatureInfo *, 8> Distinct;
  DenseMap<const VariantInfo *, unsigned> IndexOf;

  explicit AtomSignatures(ArrayRef<VariantInfo> Vs) {
    DenseMap<uint32_t, unsigned> ByArgs;
    for (const VariantInfo &V : Vs) {
      const CallSignatureInfo &S = callSignatureOf(V);
      auto [It, New] = ByArgs.try_emplace(S.FirstArg, Distinct.size());
      if (New)
        Distinct.push_back(&S);
      IndexOf[&V] = It->second;
    }
  }

  void write(json::OStream &J) const {
    J.attributeArray("signatures", [&] {
      for (const CallSignatureInfo *S : Distinct)
        writeSignature(J, *S);
    });
  }
};

void writeVariantFields(json::OStream &J, const AtomInfo &A,
                        const VariantInfo &V, unsigned Signature) {
  J.attribute("name", V.Name);
  writeOptional(J, "param", V.Param);
  J.attribute("ptx", V.Ptx);
  if (A.Class == AtomClass::Mma) {
    J.attributeArray("shape_mnk", [&] {
      J.value(V.M);
      J.value(V.N);
      J.value(V.K);
    });
    J.attribute("d_type", typeName(V.TypeD));
    J.attribute("a_type", typeName(V.TypeA));
    J.attribute("b_type", typeName(V.TypeB));
    J.attribute("c_type", typeName(V.TypeC));
    if (V.Ctas != 1)
      J.attribute("ctas", V.Ctas);
    writeOptional(J, "mode", V.Mode);
    writeOptional(J, "major_a", V.MajorA);
    writeOptional(J, "major_b", V.MajorB);
    writeOptional(J, "kind", V.Kind);
    if (V.Sparse)
      J.attribute("sparse", true);
    if (V.ScaleType >= 0) {
      J.attribute("scale_type", typeName(V.ScaleType));
      J.attribute("scale_vec", V.ScaleVec);
    }
  }
  if (V.Features) {
    writeNames(J, "features", V.Features, features());
  }
  if (V.MinPtx)
    J.attribute("min_ptx",
                formatv("{0}.{1}", V.MinPtx / 10, V.MinPtx % 10).str());
  if (StringRef F = familyOf(V); !F.empty())
    J.attribute("family", F);
  writeOptional(J, "thr_id", layoutText(V.ThrID));
  writeOptional(J, "no_layout_reason", V.NoLayoutReason);
  static const char *MmaKeys[] = {"layout_a_tv", "layout_b_tv", "layout_c_tv"};
  static const char *CopyKeys[] = {"src_layout", "dst_layout", "ref_layout"};
  for (unsigned I = 0; I != 3; ++I)
    writeOptional(J, A.Class == AtomClass::Mma ? MmaKeys[I] : CopyKeys[I],
                  layoutText(V.Layouts[I]));
  if (A.Class == AtomClass::Copy) {
    if (V.ValueBits)
      J.attribute("value_bits", V.ValueBits);
    writeOptional(J, "natural_shape", V.NaturalShape);
    writeOptional(J, "element_width", V.ElementWidth);
    writeOptional(J, "fragment", V.Fragment);
    writeOptional(J, "lowering_target", V.LoweringTarget);
    writeOptional(J, "val_id", layoutText(V.ValID));
  }
  const SelectorInfo &S = selectorOf(V);
  J.attributeObject("selector", [&] {
    switch (S.Kind) {
    case SelectorKind::Intrinsic:
      J.attribute("kind", "intrinsic");
      J.attribute("intrinsic", S.IntrinsicName);
      break;
    case SelectorKind::InlinePtx:
      J.attribute("kind", "inline_ptx");
      J.attribute("template", S.Template);
      break;
    case SelectorKind::None:
      J.attribute("kind", "routine");
      break;
    }
  });
  // What follows the parameters in a call of this variant.
  if (A.Variadic)
    J.attribute("trailing_operands", trailingOperandsOf(V));
  // Its call: an index into its atom's `signatures`.
  J.attribute("signature", Signature);
  // The PTX operands and the atom parameter each binds to.
  ArrayRef<PtxOperandInfo> Ops = operandsOf(V);
  if (Ops.empty())
    return;
  static const char *KindNames[] = {"regs",   "reg",  "imm",   "shared",
                                    "global", "tmem", "tensor"};
  J.attributeArray("operands", [&] {
    for (const PtxOperandInfo &Op : Ops)
      J.object([&] {
        J.attribute("name", Op.Name);
        J.attribute("kind", KindNames[unsigned(Op.Kind)]);
        writeOptional(J, "type", Op.Type);
        if (Op.Count)
          J.attribute("count", Op.Count);
        writeOptional(J, "value", Op.Value);
        if (Op.Param >= 0)
          J.attribute("param", paramsOf(A)[Op.Param].Name);
        if (Op.Max < Op.Min)
          return;
        auto Range = [&] {
          J.attribute("min", Op.Min);
          J.attribute("max", Op.Max);
          J.attribute("step", Op.Step);
          if (Op.Pow2)
            J.attribute("power_of_two", true);
        };
        // A cluster shared-memory operand's range bounds the CTA rank its
        // value names, not the address.
        if (Op.Kind == PtxOperandKind::Shared && !StringRef(Op.Value).empty())
          J.attributeObject("rank_range", Range);
        else
          Range();
      });
  });
}

void writeAtom(json::OStream &J, const AtomInfo &A, bool WithVariants) {
  J.object([&] {
    J.attribute("mnemonic", A.Mnemonic);
    J.attribute("class", enumEntry(AtomClassNames, A.Class).Name.lower());
    J.attribute("min_tier", A.MinTier < 0 ? "all" : tiers()[A.MinTier].Name);
    writeNames(J, "features", A.Features, features());
    writeNames(J, "interfaces", A.Interfaces, interfaces());
    J.attributeObject("residency", [&] {
      J.attribute("contract", A.Contract);
      if (A.Class == AtomClass::Mma) {
        writeResidency(J, "a", A.AResidency);
        writeResidency(J, "b", A.BResidency);
        writeResidency(J, "d", A.DResidency);
      } else if (A.Class == AtomClass::Copy) {
        writeResidency(J, "src", A.SrcResidency);
        writeResidency(J, "dst", A.DstResidency);
      }
    });
    if (A.Class == AtomClass::Mma) {
      J.attribute("sparse", A.Sparse);
      J.attribute("block_scale", A.BlockScale);
    }
    if (A.Class == AtomClass::Copy) {
      J.attribute("async", implements(A, InterfaceID::AsyncCopyAtom));
      J.attribute("uses_tma_descriptor", A.UsesTmaDescriptor);
      J.attribute("supports_prefetch",
                  implements(A, InterfaceID::PrefetchAtom));
      J.attribute("non_exec", A.NonExec);
      writeOptional(J, "descriptor_kind", A.DescriptorKind);
      writeOptional(J, "natural_shape", A.NaturalShape);
      writeOptional(J, "element_width", A.ElementWidth);
      writeOptional(J, "fragment", A.Fragment);
      writeOptional(J, "lowering_target", A.LoweringTarget);
    }
    J.attribute("lowering", loweringKinds()[unsigned(A.Lowering)].Name);
    J.attribute("intrinsic", formatv("llvm.cute.nvgpu.{0}",
                                     StringRef(A.Mnemonic).starts_with("atom.")
                                         ? StringRef(A.Mnemonic).drop_front(5)
                                         : StringRef(A.Mnemonic))
                                 .str());
    J.attributeArray("params", [&] {
      for (const AtomParamInfo &P : paramsOf(A))
        J.object([&] {
          J.attribute("name", P.Name);
          J.attribute("ctype", P.CType);
        });
    });
    // The call's full signature: the parameters above, then (variadic) the
    // trailing operands each variant counts, and the result.
    J.attribute("result", A.Result);
    J.attribute("variadic", A.Variadic);
    writeOptional(J, "trailing_operands", A.TrailingOperands);
    J.attribute("summary", A.Summary);
    J.attribute("num_variants", A.NumVariants);
    writeOptional(J, "no_variant_reason", A.NoVariantReason);
    if (!WithVariants)
      return;
    ArrayRef<VariantInfo> Vs = variants().slice(A.FirstVariant, A.NumVariants);
    AtomSignatures Sigs(Vs);
    J.attributeArray("variants", [&] {
      for (const VariantInfo &V : Vs)
        J.object([&] { writeVariantFields(J, A, V, Sigs.IndexOf.lookup(&V)); });
    });
    Sigs.write(J);
  });
}

/// A variant family: its name, its atom and its members with the trailing
/// operand count that picks each.
void writeFamily(json::OStream &J, StringRef Name,
                 ArrayRef<const VariantInfo *> Members) {
  J.object([&] {
    J.attribute("name", Name);
    J.attribute("atom", atoms()[Members.front()->Atom].Mnemonic);
    J.attributeArray("members", [&] {
      for (const VariantInfo *V : Members)
        J.object([&] {
          J.attribute("variant", V->Name);
          J.attribute("trailing_operands", trailingOperandsOf(*V));
        });
    });
  });
}

int dumpAll(json::OStream &J) {
  J.object([&] {
    J.attributeArray("tiers", [&] {
      for (const TierInfo &T : tiers())
        writeTier(J, T);
    });
    J.attributeArray("atoms", [&] {
      for (const AtomInfo &A : atoms())
        writeAtom(J, A, /*WithVariants=*/true);
    });
    // CuTe's rank-generic names: the call's trailing operand count picks
    // the member.
    StringMap<SmallVector<const VariantInfo *, 8>> Families;
    std::vector<StringRef> Order;
    for (const VariantInfo &V : variants())
      if (StringRef F = familyOf(V); !F.empty()) {
        auto [It, New] = Families.try_emplace(F);
        if (New)
          Order.push_back(F);
        It->second.push_back(&V);
      }
    J.attributeArray("families", [&] {
      for (StringRef F : Order)
        writeFamily(J, F, Families[F]);
    });
  });
  return 0;
}

int dumpTier(json::OStream &J, const TierInfo &T) {
  J.object([&] {
    J.attributeBegin("tier");
    writeTier(J, T);
    J.attributeEnd();
    J.attributeArray("atoms", [&] {
      for (uint16_t I : atomsAvailableOn(T))
        J.object([&] {
          const AtomInfo &A = atoms()[I];
          J.attribute("mnemonic", A.Mnemonic);
          J.attribute("num_variants", A.NumVariants);
          // Variants gated off by their own features.
          J.attributeArray("rejected_variants", [&] {
            for (const VariantInfo &V :
                 variants().slice(A.FirstVariant, A.NumVariants))
              if (!isAvailable(V, T))
                J.value(V.Name);
          });
        });
    });
    J.attributeArray("rejected", [&] {
      for (const AtomInfo &A : atoms())
        if (auto Why = checkAvailable(A, T))
          J.object([&] {
            J.attribute("mnemonic", A.Mnemonic);
            J.attribute("diagnostic", *Why);
          });
    });
  });
  return 0;
}

int dumpDiagnostics(json::OStream &J) {
  J.array([&] {
    for (const DiagnosticInfo &D : diagnostics())
      J.object([&] {
        J.attribute("name", D.Name);
        J.attribute("text", D.Text);
      });
  });
  return 0;
}

int fail(const Twine &Msg) {
  WithColor::error(errs(), "cute-atoms") << Msg << "\n";
  return 1;
}

} // namespace

/// The tool; main() checks that its output was written.
static int toolMain(int argc, char **argv) {
  cl::HideUnrelatedOptions(Category);
  cl::ParseCommandLineOptions(argc, argv, "CuTe-LLVM atom registry\n");

  json::OStream J(outs(), /*IndentSize=*/2);
  const TierInfo *Tier = nullptr;
  if (!TierName.empty() && !(Tier = lookupTier(TierName)))
    return fail(diag(DiagID::AtomUnknownTarget, TierName));

  int RC = 0;
  if (!AtomName.empty()) {
    const AtomInfo *A = lookupAtom(AtomName);
    const VariantInfo *V = A ? nullptr : lookupVariant(AtomName);
    // A family name (CuTe's rank-generic SM90_TMA_LOAD): its members, or
    // with --tier those the tier may use.
    if (!A && !V) {
      SmallVector<const VariantInfo *, 8> Members = lookupFamily(AtomName);
      if (Members.empty())
        return fail(diag(DiagID::AtomUnknownMnemonic, AtomName));
      if (Tier) {
        SmallVector<const VariantInfo *, 8> Usable;
        for (const VariantInfo *M : Members)
          if (!checkAvailable(*M, *Tier))
            Usable.push_back(M);
        if (Usable.empty())
          return fail(*checkAvailable(*Members.front(), *Tier));
        outs() << "ok: family '" << AtomName << "' has " << Usable.size()
               << " of its " << Members.size() << " members on "
               << Tier->Name << "\n";
        return 0;
      }
      writeFamily(J, AtomName, Members);
      outs() << "\n";
      return 0;
    }
    const AtomInfo &Owner = A ? *A : atoms()[V->Atom];
    if (Tier) {
      if (auto Why =
              V ? checkAvailable(*V, *Tier) : checkAvailable(Owner, *Tier))
        return fail(*Why);
      if (V)
        outs() << "ok: '" << V->Name << "' of '" << Owner.Mnemonic
               << "' is available on " << Tier->Name << " (PTX ISA "
               << ptxVersionFor(*V, *Tier) / 10 << '.'
               << ptxVersionFor(*V, *Tier) % 10 << ")\n";
      else
        outs() << "ok: '" << Owner.Mnemonic << "' is available on "
               << Tier->Name << "\n";
      return 0;
    }
    if (A) {
      writeAtom(J, *A, /*WithVariants=*/true);
    } else {
      J.object([&] {
        J.attribute("atom", Owner.Mnemonic);
        writeVariantFields(J, Owner, *V, /*Signature=*/0);
        J.attributeArray("signatures",
                         [&] { writeSignature(J, callSignatureOf(*V)); });
      });
    }
  } else if (Tier) {
    RC = dumpTier(J, *Tier);
  } else if (DumpDiags) {
    RC = dumpDiagnostics(J);
  } else if (DumpJson) {
    RC = dumpAll(J);
  } else {
    return fail(diag(DiagID::NothingDoGiveJson));
  }
  outs() << "\n";
  return RC;
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  return cute::exitStatus(toolMain(argc, argv), "cute-atoms");
}
