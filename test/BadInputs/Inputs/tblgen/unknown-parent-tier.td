// ERROR: %s:4:27: error: tier 'sm_126' has unknown parent tier 'sm_777'
include "Cute.td"

def sm_126 : SmTier<126, "sm_777", 90>;
