//===- OpTable.cpp - The llvm.cute.* ops from their records ---------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/OpTable.h"
#include "CuteLLVM/Layout/Operations.h"
#include "CuteLLVM/Support/Diagnostics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cute {

namespace {
#define GET_OP_TABLE
#include "CuteLLVM/Layout/CuteOps.inc"

Error attrError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}
} // namespace

ArrayRef<CuteOpInfo> allOps() { return OpTable; }

const CuteOpInfo &opInfo(CuteOp Op) {
  assert(OpTable[unsigned(Op)].Id == Op && "op table out of order");
  return OpTable[unsigned(Op)];
}

const CuteOpInfo *lookupOp(StringRef Name) {
  auto It = llvm::lower_bound(OpTable, Name, [](const CuteOpInfo &E,
                                                StringRef N) {
    return E.Name < N;
  });
  return It != std::end(OpTable) && It->Name == Name ? &*It : nullptr;
}

const CuteOpInfo *lookupLibraryOp(StringRef LibName) {
  auto It = llvm::lower_bound(LibraryOps, LibName, [](CuteOp Op, StringRef N) {
    return opInfo(Op).LibName < N;
  });
  return It != std::end(LibraryOps) && opInfo(*It).LibName == LibName
             ? &opInfo(*It)
             : nullptr;
}

StringRef stageName(CuteStage S) { return StageNames[unsigned(S)]; }
StringRef stagePass(CuteStage S) { return StagePasses[unsigned(S)]; }
StringRef passName(CutePass P) { return PassNames[unsigned(P)]; }
StringRef groupName(CuteGroup G) { return GroupNames[unsigned(G)]; }

Expected<OpAttrs> parseOpAttrs(const CuteOpInfo &Op, StringRef Text) {
  OpAttrs A;
  SmallVector<StringRef, 4> Items;
  Text.split(Items, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef Item : Items) {
    StringRef Key = Item.split('=').first.trim();
    StringRef Val = Item.split('=').second;
    const OpAttrInfo *Info = llvm::find_if(
        Op.Attrs, [&](const OpAttrInfo &I) { return I.Key == Key; });
    if (Info == Op.Attrs.end()) {
      if (Key.empty())
        return attrError(
            diag(DiagID::MalformedAttributeExpects, Op.Name, Item));
      if (Op.Attrs.empty())
        return attrError(diag(DiagID::UnknownAttributeTakes, Key, Op.Name));
      SmallVector<StringRef, 8> Keys;
      for (const OpAttrInfo &I : Op.Attrs)
        Keys.push_back(I.Key);
      return attrError(diag(DiagID::UnknownAttributeExpected, Key, Op.Name,
                            join(Keys, ", ")));
    }
    if (Info->Kind == OpAttrKind::Flag) {
      if (Item.contains('='))
        return attrError(diag(DiagID::AttributeFlagTakes, Key, Op.Name, Item));
      A.Strict |= Key == "strict";
      continue;
    }
    if (Val.empty())
      return attrError(diag(DiagID::MalformedAttributeExpects, Op.Name, Item));
    auto Mistyped = [&] {
      return attrError(
          diag(DiagID::AttributeExpects, Key, Op.Name, Info->TypeName, Val));
    };
    switch (Info->Kind) {
    case OpAttrKind::Int:
    case OpAttrKind::IntList: {
      SmallVector<StringRef, 4> Parts;
      Val.split(Parts, ',');
      if (Info->Kind == OpAttrKind::Int && Parts.size() != 1)
        return Mistyped();
      std::vector<int64_t> Ints;
      for (StringRef P : Parts) {
        int64_t N;
        if (P.trim().getAsInteger(10, N))
          return Mistyped();
        Ints.push_back(N);
      }
      A.Ints[Key.str()] = std::move(Ints);
      break;
    }
    case OpAttrKind::Enum:
      if (!llvm::is_contained(Info->Values, Val)) {
        SmallVector<std::string, 4> Spelled;
        for (StringRef V : Info->Values)
          Spelled.push_back(formatv("\"{0}={1}\"", Key, V));
        std::string Last = Spelled.pop_back_val();
        std::string Choices =
            Spelled.empty() ? Last : join(Spelled, ", ") + " or " + Last;
        return attrError(
            diag(DiagID::OpAttributesNotChoice, Op.Name, Text, Choices));
      }
      [[fallthrough]];
    case OpAttrKind::String:
    case OpAttrKind::LayoutString:
    case OpAttrKind::TileString:
      A.Strings[Key.str()] = Val.str();
      break;
    case OpAttrKind::Flag:
      llvm_unreachable("flags are handled above");
    }
  }
  return A;
}

} // namespace cute
