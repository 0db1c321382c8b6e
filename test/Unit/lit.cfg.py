# -*- Python -*-
#===- Unit/lit.cfg.py - GoogleTest unit tests run by lit -----------------===#
import os

import lit.formats

config.name = "CuTe-LLVM-Unit"
config.suffixes = []
config.test_exec_root = config.unittest_dir
config.test_source_root = config.unittest_dir
# Every executable named *Tests under unittests/ is a GoogleTest binary.
config.test_format = lit.formats.GoogleTest(".", "Tests")
