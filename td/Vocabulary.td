//===- Vocabulary.td - Element types, residencies, interfaces -*- tablegen -*-//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
//
// The words atom records are written in: element types, operand residencies,
// the cute_nvgpu atom interfaces of the atom registry and the lowering kinds
// of the atom-lowering stage.
//
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

def F64   : ElementType<"F64",   64, "double",   "f64">;
def F32   : ElementType<"F32",   32, "float",    "f32">;
def TF32  : ElementType<"TF32",  32, "i32",      "tf32">;
def F16   : ElementType<"F16",   16, "half",     "f16">;
def BF16  : ElementType<"BF16",  16, "bfloat",   "bf16">;
def S32   : ElementType<"S32",   32, "i32",      "s32">;
def S16   : ElementType<"S16",   16, "i16",      "s16">;
def S8    : ElementType<"S8",     8, "i8",       "s8">;
def U8    : ElementType<"U8",     8, "i8",       "u8">;
def S4    : ElementType<"S4",     4, "i8",       "s4">;
def U4    : ElementType<"U4",     4, "i8",       "u4">;
/// A single bit (CuTe's uint1b_t): the A and B of the bit-wise mma.sync.
def U1    : ElementType<"U1",     1, "i8",       "b1">;
def E4M3  : ElementType<"E4M3",   8, "i8",       "e4m3">;
def E5M2  : ElementType<"E5M2",   8, "i8",       "e5m2">;
def E3M2  : ElementType<"E3M2",   6, "i8",       "e3m2">;
def E2M3  : ElementType<"E2M3",   6, "i8",       "e2m3">;
def E2M1  : ElementType<"E2M1",   4, "i8",       "e2m1">;
def UE8M0 : ElementType<"UE8M0",  8, "i8",       "ue8m0">;
def UE4M3 : ElementType<"UE4M3",  8, "i8",       "ue4m3">;
// Complex F64 (real, imaginary) and CuTe's Gauss accumulator (t0, t1, t2:
// re = t0 - t1, im = t2 - t0 - t1), each part one f64 register.
def C64   : ElementType<"C64",  128, "double",   "f64">;
def GC64  : ElementType<"GC64", 192, "double",   "f64">;

/// The `.kind::f8f6f4` inputs, FP4, FP6 and FP8, in CuTe's order.
defvar F8F6F4Inputs = [E2M1, E3M2, E2M3, E4M3, E5M2];

/// Every (A, B) pair of \p inputs, for each accumulator (C = D) in \p accs,
/// accumulator outermost.
class MmaTypePairs<list<ElementType> accs, list<ElementType> inputs> {
  list<MmaTypes> ret =
    !foldl([]<MmaTypes>, accs, acc, d,
      !listconcat(acc, !foldl([]<MmaTypes>, inputs, acc2, a,
        !listconcat(acc2, !foreach(b, inputs, MmaTypes<d, a, b, d>)))));
}

//===----------------------------------------------------------------------===//
// Residencies
//===----------------------------------------------------------------------===//

def rmem           : Residency<"rmem">;
def smem           : Residency<"smem">;
def gmem           : Residency<"gmem">;
def tmem           : Residency<"tmem">;
def smem_desc_view : Residency<"smem_desc_view">;
def tma_desc       : Residency<"tma_desc">;

//===----------------------------------------------------------------------===//
// Atom interfaces (the registry model and the atom TypeID registry)
//===----------------------------------------------------------------------===//

def MmaAtom            : AtomInterface<"MMA shape, operand and accumulator types, atom class, verifier hooks">;
def CopyAtom           : AtomInterface<"copy shape, value type, memory spaces, vector width, legality">;
def PrefetchAtom       : AtomInterface<"descriptor, prefetch tile and cache-hint behaviour">;
def TmaAtom            : AtomInterface<"descriptor-driven TMA traffic">;
def AsyncCopyAtom      : AtomInterface<"asynchronous copy with explicit completion">;
def SparseMetadataAtom : AtomInterface<"structured-sparsity metadata operand">;
def BlockScaleAtom     : AtomInterface<"block scale-factor operands">;
def TmemAtom           : AtomInterface<"tensor-memory accumulator or operand">;
def SmemDescriptorAtom : AtomInterface<"shared-memory descriptor operands">;
def DescriptorType     : AtomInterface<"hardware descriptor state as typed IR">;
def SyncAtom           : AtomInterface<"barrier, fence, election, cluster and register-allocation operations the kernel places between atoms">;

//===----------------------------------------------------------------------===//
// Lowering kinds: one C++ routine each in the atom-lowering stage
//===----------------------------------------------------------------------===//

def UniversalFmaLowering  : LoweringKind<"scalar fma in LLVM IR">;
def UniversalCopyLowering : LoweringKind<"scalar load/store of matching width">;
def MmaSyncLowering       : LoweringKind<"warp-wide mma.sync through its NVVM intrinsic">;
def WgmmaLowering         : LoweringKind<"one warpgroup wgmma.mma_async as inline PTX, accumulators tied in place">;
def InlinePtxLowering     : LoweringKind<"one PTX statement as inline asm, its registers loaded from and stored to the atom's operands">;
def UmmaLowering          : LoweringKind<"tcgen05.mma with SMEM/TMEM descriptors and an instruction descriptor">;
def MatrixLoadLowering    : LoweringKind<"ldmatrix through its NVVM intrinsic">;
def MatrixStoreLowering   : LoweringKind<"stmatrix through its NVVM intrinsic">;
def CpAsyncLowering       : LoweringKind<"cp.async through its NVVM intrinsic">;
def TmaLowering           : LoweringKind<"cp.async.bulk.tensor family through its NVVM intrinsics">;
def NonExecTmaLowering    : LoweringKind<"none: must be bound to an mbarrier and cache state first">;
def TmemCopyLowering      : LoweringKind<"tcgen05.ld / tcgen05.st / tcgen05.cp through their NVVM intrinsics",
                                        ["Direction"]>;
def DescriptorLowering    : LoweringKind<"descriptor bitfields computed in IR">;
def WgmmaSyncLowering     : LoweringKind<"wgmma.fence / commit_group / wait_group through their NVVM intrinsics, and the register fence of a fragment">;
def SyncLowering          : LoweringKind<"one NVVM intrinsic call, its result (if any) the call's">;
def MbarrierWaitLowering  : LoweringKind<"mbarrier.try_wait in a loop until the phase completes">;
def TmemAllocLowering     : LoweringKind<"tcgen05.alloc once per function and handle, the address read back (retrieve_tmem_ptr)">;
