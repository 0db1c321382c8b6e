// ERROR: %s:4:9: error: Couldn't find class 'NoSuchClass'
include "Cute.td"

def x : NoSuchClass<1>;
