// ERROR: %s:3:9: error: expected name for ClassID
include "Cute.td"
def x : {
