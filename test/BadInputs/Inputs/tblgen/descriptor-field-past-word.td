// ARGS: -gen-descriptors
// ERROR: %s:6:5: error: descriptor field 'UmmaInstr_MaxShift' spans bits [31,33), past the 32-bit word 'UmmaInstrDescriptor'
include "Cute.td"

// A field that does not fit the 32-bit instruction descriptor.
def UmmaInstr_MaxShift : DescriptorField<UmmaInstrDescriptor, "MaxShift", 31,
    2, "Past the word.", "WarpSpecialized">;
