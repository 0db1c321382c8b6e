// ARGS: -gen-descriptors
// ERROR: %s:7:5: error: descriptor field 'GmmaSmem_Swizzle' (bits [60,63)) overlaps field 'GmmaSmem_LayoutType' (bits [62,64)) of word 'GmmaSmemDescriptor'
// ERROR: note: previous definition here
include "Cute.td"

// A field laid over the GMMA descriptor's layout type.
def GmmaSmem_Swizzle : DescriptorField<GmmaSmemDescriptor, "Swizzle", 60, 3,
    "Overlaps the layout type.">;
