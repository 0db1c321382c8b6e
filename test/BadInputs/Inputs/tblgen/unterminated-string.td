// ERROR: %s:3:21: error: end of line in string literal
include "Cute.td"
def x { string s = "abc; }
