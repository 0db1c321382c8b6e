// RUN: cute-tblgen -gen-descriptors -I %cute_td %s | FileCheck %s
// RUN: not cute-tblgen -gen-descriptors -I %cute_td -DWIDTH %s 2>&1 | FileCheck --check-prefix=WIDTH %s
// RUN: not cute-tblgen -gen-descriptors -I %cute_td -DZERO %s 2>&1 | FileCheck --check-prefix=ZERO %s
// RUN: not cute-tblgen -gen-descriptors -I %cute_td -DPAST %s 2>&1 | FileCheck --check-prefix=PAST %s
// RUN: not cute-tblgen -gen-descriptors -I %cute_td -DOVERLAP %s 2>&1 | FileCheck --check-prefix=OVERLAP %s
// RUN: not cute-tblgen -gen-descriptors -I %cute_td -DFORM %s 2>&1 | FileCheck --check-prefix=FORM %s
// RUN: not cute-tblgen -gen-descriptors -I %cute_td -DDUPFIELD %s 2>&1 | FileCheck --check-prefix=DUPFIELD %s
// RUN: not cute-tblgen -gen-descriptors -I %cute_td -DWIDE %s 2>&1 | FileCheck --check-prefix=WIDE %s
// RUN: not cute-tblgen -gen-descriptors -I %cute_td -DNEGATIVE %s 2>&1 | FileCheck --check-prefix=NEGATIVE %s
// RUN: not cute-tblgen -gen-descriptors -I %cute_td -DDUPCODE %s 2>&1 | FileCheck --check-prefix=DUPCODE %s
// RUN: not cute-tblgen -gen-descriptors -I %cute_td -DDUPVALUE %s 2>&1 | FileCheck --check-prefix=DUPVALUE %s
// RUN: not cute-tblgen -gen-descriptors -I %cute_td -DDUPCXX %s 2>&1 | FileCheck --check-prefix=DUPCXX %s
// RUN: not cute-tblgen -gen-descriptors -I %cute_td -DNOCXX %s 2>&1 | FileCheck --check-prefix=NOCXX %s
// RUN: not cute-tblgen -gen-descriptors -I %cute_td -DDUPENUM %s 2>&1 | FileCheck --check-prefix=DUPENUM %s
// RUN: not cute-tblgen -gen-descriptors -I %cute_td -DDUPKIND %s 2>&1 | FileCheck --check-prefix=DUPKIND %s

// The -gen-descriptors backend: the records of td/Descriptors.td (whose
// generated fields are checked here against the PTX ISA's bit positions, as
// CuTe's GmmaDescriptor, SmemDescriptor and InstrDescriptor[BlockScaled]
// declare them) and a test word; each -D adds one bad record, rejected with
// an error at that record.

include "Descriptors.td"

// The real words, bit for bit.
// CHECK-LABEL: enum class GmmaLayoutType : uint8_t {
// CHECK-NEXT:   Interleave = 0, // INTERLEAVE
// CHECK-NEXT:   SW128 = 1, // SW128
// CHECK-NEXT:   SW64 = 2, // SW64
// CHECK-NEXT:   SW32 = 3, // SW32
// CHECK-LABEL: enum class UmmaLayoutType : uint8_t {
// CHECK-NEXT:   SwizzleNone = 0, // SWIZZLE_NONE
// CHECK-NEXT:   Swizzle128BBase32B = 1, // SWIZZLE_128B_BASE32B
// CHECK-NEXT:   Swizzle128B = 2, // SWIZZLE_128B
// CHECK-NEXT:   Swizzle64B = 4, // SWIZZLE_64B
// CHECK-NEXT:   Swizzle32B = 6, // SWIZZLE_32B
// CHECK-LABEL: enum class GmmaMajor : uint8_t {
// CHECK-NEXT:   K = 0, // K
// CHECK-NEXT:   MN = 1, // MN
// CHECK-LABEL: enum class TestEnum : uint8_t {
// CHECK-NEXT:   One = 1, // ONE
// CHECK-NEXT:   Three = 3, // THREE
// CHECK-NEXT: };

// CHECK-LABEL: struct GmmaSmemDescriptorFields {
// CHECK-NEXT:   using Field = BitField<uint64_t>;
// CHECK:        static constexpr Field StartAddressField{0, 14};
// CHECK:        static constexpr Field LeadingByteOffsetField{16, 14};
// CHECK:        static constexpr Field StrideByteOffsetField{32, 14};
// CHECK:        static constexpr Field BaseOffsetField{49, 3};
// CHECK:        static constexpr Field LayoutTypeField{62, 2};
// CHECK-NEXT: };
// CHECK-LABEL: struct UmmaSmemDescriptorFields {
// CHECK-NEXT:   using Field = BitField<uint64_t>;
// CHECK:        static constexpr Field StartAddressField{0, 14};
// CHECK:        static constexpr Field LeadingByteOffsetField{16, 14};
// CHECK:        static constexpr Field StrideByteOffsetField{32, 14};
// CHECK:        static constexpr Field BaseOffsetField{49, 3};
// CHECK:        static constexpr Field VersionField{46, 2};
// CHECK:        static constexpr Field LboModeField{52, 1};
// CHECK:        static constexpr Field LayoutTypeField{61, 3};
// CHECK-NEXT: };
// CHECK-LABEL: struct UmmaInstrDescriptorFields {
// CHECK-NEXT:   using Field = BitField<uint32_t>;
// CHECK:        static constexpr Field SparseId2Field{0, 2};
// CHECK:        static constexpr Field SparseFlagField{2, 1};
// CHECK:        static constexpr Field AFormatField{7, 3};
// CHECK:        static constexpr Field BFormatField{10, 3};
// CHECK:        static constexpr Field ANegateField{13, 1};
// CHECK:        static constexpr Field BNegateField{14, 1};
// CHECK:        static constexpr Field AMajorField{15, 1};
// CHECK:        static constexpr Field BMajorField{16, 1};
// CHECK:        static constexpr Field NDimField{17, 6};
// CHECK:        static constexpr Field MDimField{24, 5};
// CHECK:        static constexpr Field SaturateField{3, 1};
// CHECK:        static constexpr Field CFormatField{4, 2};
// CHECK:        static constexpr Field BSfIdField{4, 2};
// CHECK:        static constexpr Field ScaleFormatField{23, 1};
// CHECK:        static constexpr Field ASfIdField{29, 2};
// CHECK-NEXT: };

// The test word: fields of different forms share bits.
// CHECK-LABEL: /// A test word.
// CHECK-NEXT: struct TestWordFields {
// CHECK-NEXT:   using Field = BitField<uint32_t>;
// CHECK-NEXT:   /// Field A. Bits [0,4).
// CHECK-NEXT:   static constexpr Field AField{0, 4};
// CHECK-NEXT:   /// Field B, form X. Bits [4,8).
// CHECK-NEXT:   static constexpr Field BField{4, 4};
// CHECK-NEXT:   /// Field C, form Y. Bits [4,6).
// CHECK-NEXT:   static constexpr Field CField{4, 2};
// CHECK-NEXT: };

// The code tables: the UMMA format sets, by kind.
// CHECK-LABEL: inline constexpr FieldCode<uint8_t> UmmaMXF8F6F4FormatCodes[] = {
// CHECK-NEXT:     {"E4M3", 0, -1},
// CHECK-NEXT:     {"E5M2", 1, -1},
// CHECK-NEXT:     {"E2M3", 3, -1},
// CHECK-NEXT:     {"E3M2", 4, -1},
// CHECK-NEXT:     {"E2M1", 5, -1},
// CHECK-LABEL: inline constexpr FieldCode<TestEnum> TestEnumCodes[] = {
// CHECK-NEXT:     {"ONE", TestEnum::One, -1},
// CHECK-NEXT:     {"THREE", TestEnum::Three, 2},
// CHECK-LABEL: inline constexpr FieldCode<uint8_t> TestSetCodes[] = {
// CHECK-NEXT:     {"X", 15, -1},
// CHECK-LABEL: inline constexpr KindCodes TestByKind[] = {
// CHECK-NEXT:     {"k1", TestSetCodes},
// CHECK-NEXT:     {"k2", TestSetCodes},
// CHECK-LABEL: inline constexpr KindCodes UmmaFormatByKind[] = {
// CHECK-NEXT:     {"f16", UmmaF16F32FormatCodes},
// CHECK-NEXT:     {"tf32", UmmaF16F32FormatCodes},
// CHECK-NEXT:     {"i8", UmmaS8FormatCodes},
// CHECK-NEXT:     {"f8f6f4", UmmaMXF8F6F4FormatCodes},
// CHECK-NEXT:     {"mxf8f6f4", UmmaMXF8F6F4FormatCodes},
// CHECK-NEXT:     {"mxf4", UmmaMXF4FormatCodes},
// CHECK-NEXT:     {"mxf4nvf4", UmmaMXF4FormatCodes},
// CHECK-NEXT: };

def TestWord : DescriptorWord<32, "A test word.">;
def Test_A : DescriptorField<TestWord, "A", 0, 4, "Field A.">;
def Test_B : DescriptorField<TestWord, "B", 4, 4, "Field B, form X.", "X">;
def Test_C : DescriptorField<TestWord, "C", 4, 2, "Field C, form Y.", "Y">;

def TestEnum : DescriptorEnum<Test_C, "TestEnum", "A test enum.">;
def TestOne : DescriptorCode<TestEnum, "ONE", 1, "One">;
def TestThree : DescriptorCode<TestEnum, "THREE", 3, "Three", 2>;

let Kinds = ["k1", "k2"], ByKind = "TestByKind" in
def TestSet : DescriptorEnum<Test_A, "", "A test format set.">;
def : DescriptorCode<TestSet, "X", 15>;

#ifdef WIDTH
// WIDTH: descriptors.td:[[@LINE+1]]:5: error: descriptor word 'BadWord' is 48 bits wide, not 32 or 64
def BadWord : DescriptorWord<48, "">;
#endif

#ifdef ZERO
// ZERO: descriptors.td:[[@LINE+1]]:5: error: descriptor field 'Test_Zero' has width 0: a field has 1 or more bits
def Test_Zero : DescriptorField<TestWord, "Zero", 8, 0, "">;
#endif

#ifdef PAST
// PAST: descriptors.td:[[@LINE+1]]:5: error: descriptor field 'Test_Past' spans bits [30,34), past the 32-bit word 'TestWord'
def Test_Past : DescriptorField<TestWord, "Past", 30, 4, "">;
#endif

#ifdef OVERLAP
// OVERLAP: descriptors.td:[[@LINE+2]]:5: error: descriptor field 'Test_Overlap' (bits [3,5)) overlaps field 'Test_A' (bits [0,4)) of word 'TestWord'
// OVERLAP: descriptors.td:{{[0-9]+}}:5: note: previous definition here
def Test_Overlap : DescriptorField<TestWord, "Overlap", 3, 2, "">;
#endif

#ifdef FORM
// A field of a form shares no bit with another field of that form.
// FORM: descriptors.td:[[@LINE+1]]:5: error: descriptor field 'Test_SameForm' (bits [7,9)) overlaps field 'Test_B' (bits [4,8)) of word 'TestWord'
def Test_SameForm : DescriptorField<TestWord, "SameForm", 7, 2, "", "X">;
#endif

#ifdef DUPFIELD
// DUPFIELD: descriptors.td:[[@LINE+1]]:5: error: descriptor word 'TestWord' has two fields named 'A'
def Test_A2 : DescriptorField<TestWord, "A", 20, 2, "">;
#endif

#ifdef WIDE
// WIDE: descriptors.td:[[@LINE+1]]:5: error: code 'FOUR' = 4 of 'TestEnum' does not fit the 2-bit field 'Test_C'
def TestFour : DescriptorCode<TestEnum, "FOUR", 4, "Four">;
#endif

#ifdef NEGATIVE
// NEGATIVE: descriptors.td:[[@LINE+1]]:5: error: code 'MINUS' = -1 of 'TestEnum' does not fit the 2-bit field 'Test_C'
def TestMinus : DescriptorCode<TestEnum, "MINUS", -1, "Minus">;
#endif

#ifdef DUPCODE
// DUPCODE: descriptors.td:[[@LINE+1]]:5: error: 'TestEnum' has two codes named 'ONE'
def TestOneAgain : DescriptorCode<TestEnum, "ONE", 2, "OneAgain">;
#endif

#ifdef DUPVALUE
// DUPVALUE: descriptors.td:[[@LINE+1]]:5: error: 'TestEnum' gives the value 3 to both 'THREE' and 'TRES'
def TestTres : DescriptorCode<TestEnum, "TRES", 3, "Tres">;
#endif

#ifdef DUPCXX
// DUPCXX: descriptors.td:[[@LINE+1]]:5: error: 'TestEnum' has two codes named 'One'
def TestUno : DescriptorCode<TestEnum, "UNO", 0, "One">;
#endif

#ifdef NOCXX
// NOCXX: descriptors.td:[[@LINE+1]]:5: error: code 'ZERO' of enum 'TestEnum' has no C++ name (CxxName)
def TestZero : DescriptorCode<TestEnum, "ZERO", 0>;
#endif

#ifdef DUPENUM
// DUPENUM: descriptors.td:[[@LINE+1]]:5: error: descriptor enum 'TestEnum' is defined twice
def TestEnumAgain : DescriptorEnum<Test_A, "TestEnum", "">;
#endif

#ifdef DUPKIND
// DUPKIND: descriptors.td:[[@LINE+2]]:5: error: kind 'k2' is in two format sets of 'TestByKind'
let Kinds = ["k2"], ByKind = "TestByKind" in
def TestSet2 : DescriptorEnum<Test_A, "", "">;
#endif
