# -*- Python -*-
#===- lit.cfg.py - CuTe-LLVM lit configuration ---------------------------===#
import os
import sys

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "CuTe-LLVM"
sys.path.insert(0, os.path.dirname(__file__))
import sanitizers  # noqa: E402
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".ll", ".td", ".test", ".cu", ".json"]
config.excludes = ["Inputs", "Unit", "GPU", "sanitizers.py", "__pycache__", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.cute_obj_root, "test")

llvm_config.use_default_substitutions()
config.substitutions.append(("%cute_src", config.cute_src_root))
config.substitutions.append(("%cute_obj", config.cute_obj_root))
config.substitutions.append(("%python", config.python_executable))

# Every tool must exist: a missing one is an error, never a silently
# skipped test.
cute_tools = ["cute-layout", "cute-tblgen", "cute-min-tblgen", "cute-atoms",
              "cute-opt"]
for name in cute_tools:
    if not os.path.exists(os.path.join(config.cute_tools_dir, name)):
        lit_config.fatal("CuTe-LLVM tool '%s' not found in %s" % (name, config.cute_tools_dir))
llvm_config.add_tool_substitutions(cute_tools, [config.cute_tools_dir])
llvm_config.add_tool_substitutions(["FileCheck", "not", "count", "split-file",
                                    "llvm-readelf", "llvm-tblgen"],
                                   [config.llvm_tools_dir])
# The tools that load the pass plugin. In a sanitizer build (CUTE_SANITIZE,
# utils/sanitize.sh) the plugin is instrumented and the stock tools are not:
# they run with the ASan runtime preloaded.
sanitizer_env = sanitizers.configure(config, lit_config)
plugin_hosts = ["opt", "llc", "lli", "clang"]
if sanitizer_env:
    llvm_config.add_tool_substitutions(
        [ToolSubst(name, command="env " + sanitizer_env + " " +
                   os.path.join(config.llvm_tools_dir, name))
         for name in plugin_hosts], [config.llvm_tools_dir])
else:
    llvm_config.add_tool_substitutions(plugin_hosts, [config.llvm_tools_dir])

# The pass plugin, for stock opt/llc/clang; the clang wrapper.
cute_plugin = os.path.join(config.cute_obj_root, "lib", "CuteLLVM.so")
if not os.path.exists(cute_plugin):
    lit_config.fatal("CuTe-LLVM pass plugin not found: %s" % cute_plugin)
config.substitutions.append(("%cute_plugin", cute_plugin))
config.substitutions.append(("%loadcute", "-load-pass-plugin=" + cute_plugin))
for name in ["cute-clang", "cute-clang++"]:
    if not os.path.exists(os.path.join(config.cute_tools_dir, name)):
        lit_config.fatal("CuTe-LLVM tool '%s' not found" % name)
config.substitutions.append((r"%cute-clang\+\+", os.path.join(config.cute_tools_dir, "cute-clang++")))
config.substitutions.append(("%cute-clang", os.path.join(config.cute_tools_dir, "cute-clang")))
# CUDA headers for the CUDA C++ tests (clang needs the CUDA installation).
if os.path.exists("/usr/local/cuda/include/cuda.h"):
    config.available_features.add("cuda")
# A device every write to fails on ("no space left"): the tools' output
# errors.
if os.path.exists("/dev/full"):
    config.available_features.add("dev-full")
# A device without end: inputs that must be bounded.
if os.path.exists("/dev/zero"):
    config.available_features.add("dev-zero")
# cute-clang's precompiled CUDA headers for the command lines of the tests
# that <build>/pch lacks: in the build tree, not the user's cache.
config.environment["CUTE_PCH_CACHE"] = os.path.join(config.cute_obj_root, "test", "pch-cache")
# Prepended to the inherited PATH: the wrappers (cute-clang) need bash.
llvm_config.with_environment("PATH", config.cute_tools_dir, append_path=True)

# The atom registry: the records (td/) and LLVM's own .td files for tests
# that run cute-tblgen, and ptxas (when installed) for the PTX checks.
config.substitutions.append(("%cute_td", os.path.join(config.cute_src_root, "td")))
config.substitutions.append(
    ("%llvm_include", os.path.join(os.path.dirname(config.llvm_tools_dir), "include")))
import shutil
ptxas = shutil.which("ptxas") or (
    "/usr/local/cuda/bin/ptxas" if os.path.exists("/usr/local/cuda/bin/ptxas") else None)
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
