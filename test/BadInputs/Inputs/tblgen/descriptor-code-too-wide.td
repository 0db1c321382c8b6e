// ARGS: -gen-descriptors
// ERROR: %s:6:5: error: code 'SW16' = 4 of 'GmmaLayoutType' does not fit the 2-bit field 'GmmaSmem_LayoutType'
include "Cute.td"

// A fifth GMMA layout type: the 2-bit field holds 0 to 3.
def GmmaSW16 : DescriptorCode<GmmaLayoutType, "SW16", 4, "SW16", 0>;
