// ERROR: %s:4:41: error: Variable not defined: 'NoSuchFeature'
include "Cute.td"

def sm_127 : SmTier<127, "sm_120", 90, [NoSuchFeature]>;
