# -*- Python -*-
#===- Unit/lit.cfg.py - GoogleTest unit tests run by lit -----------------===#
import os

import sys

import lit.formats

sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))
import sanitizers  # noqa: E402

config.name = "CuTe-LLVM-Unit"
config.suffixes = []
config.test_exec_root = config.unittest_dir
config.test_source_root = config.unittest_dir
# Every executable named *Tests under unittests/ is a GoogleTest binary.
config.test_format = lit.formats.GoogleTest(".", "Tests")
sanitizers.configure(config, lit_config)
