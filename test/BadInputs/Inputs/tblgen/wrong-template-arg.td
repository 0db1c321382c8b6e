// ERROR: %s:4:21: error: Value specified for template argument 'SmTier:arch' is of type string; expected type int: "x"
include "Cute.td"

def sm_999 : SmTier<"x", "sm_90", 80>;
