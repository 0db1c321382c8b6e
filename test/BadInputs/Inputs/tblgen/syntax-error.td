// ERROR: %s:2:9: error: expected name for ClassID
include "Cute.td"
def x : {
