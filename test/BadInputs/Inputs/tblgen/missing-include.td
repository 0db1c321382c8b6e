// ERROR: %s:1:9: error: could not find include file 'NoSuchFile.td'
include "NoSuchFile.td"
