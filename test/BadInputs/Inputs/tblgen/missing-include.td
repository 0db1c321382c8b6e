// ERROR: %s:2:9: error: could not find include file 'NoSuchFile.td'
include "NoSuchFile.td"
