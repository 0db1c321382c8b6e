#===- sanitizers.py - lit settings of a sanitizer build ------------------===#
#
# Part of CuTe-LLVM.
#
# A build configured with -DCUTE_SANITIZE=ON (utils/sanitize.sh) records the
# shared ASan runtime in its lit site configuration. Every report aborts the
# process (abort_on_error), so that `not tool` does not count a sanitizer
# report as an expected error, and leaks are reported by our own tools.
#
#===----------------------------------------------------------------------===#
import os


def configure(config, lit_config):
    """Sets the sanitizer options in config.environment. Returns the
    environment assignments (`LD_PRELOAD=... ASAN_OPTIONS=...`) that stock
    LLVM tools need to load the instrumented plugin, or "" in an ordinary
    build."""
    runtime = getattr(config, "cute_asan_runtime", "")
    if not runtime:
        return ""
    if not os.path.exists(runtime):
        lit_config.fatal("ASan runtime not found: %s" % runtime)
    config.available_features.add("sanitizers")
    common = "abort_on_error=1:print_stacktrace=1:halt_on_error=1"
    config.environment["ASAN_OPTIONS"] = common + ":detect_leaks=1"
    config.environment["UBSAN_OPTIONS"] = common + ":report_error_type=1"
    symbolizer = os.path.join(config.llvm_tools_dir_for_sanitizers,
                              "llvm-symbolizer")
    if os.path.exists(symbolizer):
        config.environment["ASAN_SYMBOLIZER_PATH"] = symbolizer
    # Stock tools: the runtime preloaded; LLVM itself does not free
    # everything at exit, so leaks are not reported there.
    return "LD_PRELOAD=%s ASAN_OPTIONS=%s:detect_leaks=0" % (runtime, common)
