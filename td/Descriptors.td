//===- Descriptors.td - GMMA and UMMA descriptor words -----*- tablegen -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
//
// The bitfields of the three descriptor words the MMA lowerings pack (the
// Hopper GMMA shared-memory descriptor, the Blackwell UMMA shared-memory
// descriptor and the UMMA instruction descriptor, as CuTe's
// GMMA::GmmaDescriptor, UMMA::SmemDescriptor, UMMA::InstrDescriptor and
// UMMA::InstrDescriptorBlockScaled declare them) and the codes their fields
// hold, with their names. `cute-tblgen -gen-descriptors` checks them (no two
// fields of a word overlap, every field is in its word, every code fits its
// field, no name twice) and writes CuteLLVM/Descriptors/Descriptors.inc:
// the BitField constants and the enum and name tables of
// CuteLLVM/Descriptors/DescriptorRecords.h.
//
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Words and fields
//===----------------------------------------------------------------------===//

/// A descriptor word of Width bits (32 or 64): its fields become the
/// BitField constants of the C++ struct <record name>Fields.
class DescriptorWord<int width, string doc> {
  int Width = width;
  string Doc = doc;
}

/// A field of Word: Width bits from bit Lo, the C++ constant <Name>Field.
/// Form names the layout of the word the field belongs to when the word has
/// several (the instruction descriptor's dense and block-scaled forms):
/// fields of different forms may share bits, a field of no form ("") is in
/// every form and shares its bits with none.
class DescriptorField<DescriptorWord word, string name, int lo, int width,
                      string doc, string form = ""> {
  DescriptorWord Word = word;
  string Name = name;
  int Lo = lo;
  int Width = width;
  string Doc = doc;
  string Form = form;
}

//===----------------------------------------------------------------------===//
// Codes
//===----------------------------------------------------------------------===//

/// The named values of Field. With a CxxName, a C++ `enum class CxxName :
/// uint8_t` of the codes' CxxNames and the name table <CxxName>Codes;
/// without, the table <record name>Codes of uint8_t values. Kinds: the
/// `.kind::` qualifiers of tcgen05.mma under which a format set holds (the
/// sets of one ByKind table name each kind once).
class DescriptorEnum<DescriptorField fld, string cxxName, string doc> {
  DescriptorField Field = fld;
  string CxxName = cxxName;
  string Doc = doc;
  list<string> Kinds = [];
  string ByKind = "";
}

/// The code Value of Enum, named Name (the name the records, attributes and
/// diagnostics spell); CxxName is its enumerator. SwizzleBits: for a layout
/// type, the B of the byte-address Swizzle<B,4,3> of its canonical layouts
/// (-1: none of them).
class DescriptorCode<DescriptorEnum enum, string name, int value,
                     string cxxName = "", int swizzleBits = -1> {
  DescriptorEnum Enum = enum;
  string Name = name;
  int Value = value;
  string CxxName = cxxName;
  int SwizzleBits = swizzleBits;
}

//===----------------------------------------------------------------------===//
// Shared-memory descriptors (GMMA, SM90; UMMA, SM100)
//===----------------------------------------------------------------------===//

def GmmaSmemDescriptor : DescriptorWord<64,
    "CuTe's GMMA::GmmaDescriptor: a Hopper WGMMA's shared-memory operand.">;
def UmmaSmemDescriptor : DescriptorWord<64,
    "CuTe's UMMA::SmemDescriptor: a Blackwell tcgen05.mma's shared-memory "
    "operand.">;

/// What the two shared-memory descriptors share.
multiclass SmemDescriptorFields<DescriptorWord word> {
  def _StartAddress : DescriptorField<word, "StartAddress", 0, 14,
      "The start address >> 4 (shared-memory address bits [4,18)).">;
  def _LeadingByteOffset : DescriptorField<word, "LeadingByteOffset", 16, 14,
      "The leading byte offset >> 4.">;
  def _StrideByteOffset : DescriptorField<word, "StrideByteOffset", 32, 14,
      "The stride byte offset >> 4.">;
  def _BaseOffset : DescriptorField<word, "BaseOffset", 49, 3,
      "The base offset.">;
}

defm GmmaSmem : SmemDescriptorFields<GmmaSmemDescriptor>;
def GmmaSmem_LayoutType : DescriptorField<GmmaSmemDescriptor, "LayoutType",
    62, 2, "The layout type (GmmaLayoutType).">;

defm UmmaSmem : SmemDescriptorFields<UmmaSmemDescriptor>;
def UmmaSmem_Version : DescriptorField<UmmaSmemDescriptor, "Version", 46, 2,
    "The descriptor version: 1 on Blackwell.">;
def UmmaSmem_LboMode : DescriptorField<UmmaSmemDescriptor, "LboMode", 52, 1,
    "The leading-byte-offset mode.">;
def UmmaSmem_LayoutType : DescriptorField<UmmaSmemDescriptor, "LayoutType",
    61, 3, "The layout type (UmmaLayoutType).">;

def GmmaLayoutType : DescriptorEnum<GmmaSmem_LayoutType, "GmmaLayoutType",
    "The GMMA descriptor's layout-type field (bits 62-63).">;
def GmmaInterleave : DescriptorCode<GmmaLayoutType, "INTERLEAVE", 0,
                                    "Interleave", 0>;
def GmmaSW128 : DescriptorCode<GmmaLayoutType, "SW128", 1, "SW128", 3>;
def GmmaSW64  : DescriptorCode<GmmaLayoutType, "SW64", 2, "SW64", 2>;
def GmmaSW32  : DescriptorCode<GmmaLayoutType, "SW32", 3, "SW32", 1>;

def UmmaLayoutType : DescriptorEnum<UmmaSmem_LayoutType, "UmmaLayoutType",
    "The SM100 descriptor's layout-type field (bits 61-63).">;
def UmmaSwizzleNone : DescriptorCode<UmmaLayoutType, "SWIZZLE_NONE", 0,
                                     "SwizzleNone", 0>;
// Swizzle<2,5,2>, MN-major only: no GMMA layout.
def UmmaSwizzle128BBase32B : DescriptorCode<UmmaLayoutType,
    "SWIZZLE_128B_BASE32B", 1, "Swizzle128BBase32B">;
def UmmaSwizzle128B : DescriptorCode<UmmaLayoutType, "SWIZZLE_128B", 2,
                                     "Swizzle128B", 3>;
def UmmaSwizzle64B : DescriptorCode<UmmaLayoutType, "SWIZZLE_64B", 4,
                                    "Swizzle64B", 2>;
def UmmaSwizzle32B : DescriptorCode<UmmaLayoutType, "SWIZZLE_32B", 6,
                                    "Swizzle32B", 1>;

//===----------------------------------------------------------------------===//
// UMMA instruction descriptor (SM100)
//===----------------------------------------------------------------------===//

def UmmaInstrDescriptor : DescriptorWord<32,
    "CuTe's UMMA::InstrDescriptor and, where they differ, "
    "InstrDescriptorBlockScaled: the tcgen05.mma instruction descriptor.">;

// The fields of both forms.
def UmmaInstr_SparseId2 : DescriptorField<UmmaInstrDescriptor, "SparseId2",
    0, 2, "The sparsity selector.">;
def UmmaInstr_SparseFlag : DescriptorField<UmmaInstrDescriptor, "SparseFlag",
    2, 1, "Sparse (1) or dense (0).">;
def UmmaInstr_AFormat : DescriptorField<UmmaInstrDescriptor, "AFormat", 7, 3,
    "The A format (the format sets below).">;
def UmmaInstr_BFormat : DescriptorField<UmmaInstrDescriptor, "BFormat", 10, 3,
    "The B format (the format sets below).">;
def UmmaInstr_ANegate : DescriptorField<UmmaInstrDescriptor, "ANegate", 13, 1,
    "Negate A.">;
def UmmaInstr_BNegate : DescriptorField<UmmaInstrDescriptor, "BNegate", 14, 1,
    "Negate B.">;
def UmmaInstr_AMajor : DescriptorField<UmmaInstrDescriptor, "AMajor", 15, 1,
    "The major of A (GmmaMajor).">;
def UmmaInstr_BMajor : DescriptorField<UmmaInstrDescriptor, "BMajor", 16, 1,
    "The major of B (GmmaMajor).">;
def UmmaInstr_NDim : DescriptorField<UmmaInstrDescriptor, "NDim", 17, 6,
    "N >> 3.">;
def UmmaInstr_MDim : DescriptorField<UmmaInstrDescriptor, "MDim", 24, 5,
    "M >> 4.">;

// The dense kinds' fields (InstrDescriptor).
def UmmaInstr_Saturate : DescriptorField<UmmaInstrDescriptor, "Saturate", 3, 1,
    "Saturate (dense kinds).", "Dense">;
def UmmaInstr_CFormat : DescriptorField<UmmaInstrDescriptor, "CFormat", 4, 2,
    "The C format (dense kinds).", "Dense">;

// The block-scaled kinds' fields (InstrDescriptorBlockScaled).
def UmmaInstr_BSfId : DescriptorField<UmmaInstrDescriptor, "BSfId", 4, 2,
    "The B scale-factor id (block-scaled kinds).", "BlockScaled">;
def UmmaInstr_ScaleFormat : DescriptorField<UmmaInstrDescriptor,
    "ScaleFormat", 23, 1, "The scale format (block-scaled kinds).",
    "BlockScaled">;
def UmmaInstr_ASfId : DescriptorField<UmmaInstrDescriptor, "ASfId", 29, 2,
    "The A scale-factor id (block-scaled kinds).", "BlockScaled">;

def GmmaMajor : DescriptorEnum<UmmaInstr_AMajor, "GmmaMajor",
    "Which mode of the tile is contiguous: K (the reduction mode, mode 1) or "
    "MN (mode 0); the A and B major bits of the UMMA instruction "
    "descriptor.">;
def GmmaMajorK  : DescriptorCode<GmmaMajor, "K", 0, "K">;
def GmmaMajorMN : DescriptorCode<GmmaMajor, "MN", 1, "MN">;

// CuTe's to_UMMAFormat: the A and B format codes of an element type (the
// registry's CuTe name) under each kind.
let ByKind = "UmmaFormatByKind" in {
let Kinds = ["f16", "tf32"] in
def UmmaF16F32Format : DescriptorEnum<UmmaInstr_AFormat, "",
    "CuTe's UMMA::F16F32Format (.kind::f16 and .kind::tf32).">;
let Kinds = ["i8"] in
def UmmaS8Format : DescriptorEnum<UmmaInstr_AFormat, "",
    "CuTe's UMMA::S8Format (.kind::i8).">;
let Kinds = ["f8f6f4", "mxf8f6f4"] in
def UmmaMXF8F6F4Format : DescriptorEnum<UmmaInstr_AFormat, "",
    "CuTe's UMMA::MXF8F6F4Format (.kind::f8f6f4 and .kind::mxf8f6f4; E2M1 "
    "unpacked in bytes).">;
let Kinds = ["mxf4", "mxf4nvf4"] in
def UmmaMXF4Format : DescriptorEnum<UmmaInstr_AFormat, "",
    "CuTe's UMMA::MXF4Format (.kind::mxf4 and .kind::mxf4nvf4).">;
}

def : DescriptorCode<UmmaF16F32Format, "F16", 0>;
def : DescriptorCode<UmmaF16F32Format, "BF16", 1>;
def : DescriptorCode<UmmaF16F32Format, "TF32", 2>;

def : DescriptorCode<UmmaS8Format, "U8", 0>;
def : DescriptorCode<UmmaS8Format, "S8", 1>;

def : DescriptorCode<UmmaMXF8F6F4Format, "E4M3", 0>;
def : DescriptorCode<UmmaMXF8F6F4Format, "E5M2", 1>;
def : DescriptorCode<UmmaMXF8F6F4Format, "E2M3", 3>;
def : DescriptorCode<UmmaMXF8F6F4Format, "E3M2", 4>;
def : DescriptorCode<UmmaMXF8F6F4Format, "E2M1", 5>;

def : DescriptorCode<UmmaMXF4Format, "E2M1", 1>;

def UmmaCFormat : DescriptorEnum<UmmaInstr_CFormat, "",
    "CuTe's to_CFormat: the accumulator type of the dense kinds.">;
def : DescriptorCode<UmmaCFormat, "F16", 0>;
def : DescriptorCode<UmmaCFormat, "F32", 1>;
def : DescriptorCode<UmmaCFormat, "S32", 2>;

def UmmaScaleFormat : DescriptorEnum<UmmaInstr_ScaleFormat, "",
    "CuTe's to_ScaleFormat: the scale-factor type of the block-scaled "
    "kinds.">;
def : DescriptorCode<UmmaScaleFormat, "UE4M3", 0>;
def : DescriptorCode<UmmaScaleFormat, "UE8M0", 1>;
