# lit configuration for the vecclone plugin.
#
# Substitutions keep plugin paths out of RUN lines:
#   %opt        opt-22 with the plugin loaded (add -passes=...)
#   %clang      clang-22 with the plugin loaded (C sources, -fopenmp-simd)
#   %clang-noplugin  plain clang-22, for comparisons
#   %gcc        gcc 12, the ABI peer
#   %python     the Python that runs lit (for test generators)
#   %FileCheck, %not (plain FileCheck/not also work)
import os
import lit.formats

config.name = "VecClone"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".c", ".cpp", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in", "unit"]

tools = config.llvm_tools_dir
config.environment["PATH"] = os.pathsep.join([tools, config.environment.get("PATH", "")])
# `lit --param plugin=PATH` runs the tests against another build of the
# plugin (a new test must fail on the build before its fix).
plugin = lit_config.params.get("plugin", config.plugin)
# Verify mode: every variant's lane loop is planned and a cut that makes
# other loops or BOSCC regions than the plan said fails the compile
# (`--param verify_plan=0` turns it off, e.g. for a plugin without it).
verify = lit_config.params.get("verify_plan", "1") != "0"
opt_verify = " -vplan-ext-verify-plan" if verify else ""
clang_verify = " -mllvm -vplan-ext-verify-plan" if verify else ""
# The plan's model of the loop vectorizer is checked too (a lane loop the
# plan priced as vector code and the vectorizer declines fails the compile;
# `--param verify_vectorizer=0` turns it off).
if verify and lit_config.params.get("verify_vectorizer", "1") != "0":
    opt_verify += " -vplan-ext-verify-vectorizer"
    clang_verify += " -mllvm -vplan-ext-verify-vectorizer"
config.substitutions.append(("%opt", f"{tools}/opt -load-pass-plugin={plugin}{opt_verify}"))
config.substitutions.append(("%clang-noplugin", f"{tools}/clang"))
config.substitutions.append(("%clangxx", f"{tools}/clang++ -fpass-plugin={plugin}{clang_verify}"))
config.substitutions.append(("%clang", f"{tools}/clang -fpass-plugin={plugin}{clang_verify}"))
config.substitutions.append(("%gxx", config.gcc.replace("gcc", "g++")))
config.substitutions.append(("%gcc", config.gcc))
config.substitutions.append(("%python", "/usr/bin/python3"))
config.substitutions.append(("%plugin", plugin))
config.substitutions.append(("%llvm_tools", tools))
# The clang front-end plugin built beside the pass plugin (clang -fplugin=).
frontend = os.path.join(os.path.dirname(plugin), "VecCloneFrontend.so")
config.substitutions.append(("%frontend", frontend))
# First: %clangxx would otherwise match its prefix.
config.substitutions.insert(0, ("%clangxx-fe", f"{tools}/clang++ -fplugin={frontend}"))
config.substitutions.append(("%srcroot", config.source_root))

# Runtime tests execute AVX-512 code; mark what this CPU can run.
try:
    with open("/proc/cpuinfo") as f:
        flags = f.read()
    for feat in ("avx", "avx2", "avx512f", "avx512ifma"):
        if f" {feat} " in flags or f" {feat}\n" in flags:
            config.available_features.add(f"cpu-{feat}")
except OSError:
    pass

config.substitutions.append(("%unittests", config.unit_test_binary))

# Opt-in slow tests (REQUIRES: slow): `lit --param slow=1 ...` or
# VECCLONE_SLOW_TESTS=1. creduce (Debian package) for the fuzz tools' tests.
if lit_config.params.get("slow") or os.environ.get("VECCLONE_SLOW_TESTS"):
    config.available_features.add("slow")
import shutil  # noqa: E402
if shutil.which("creduce"):
    config.available_features.add("creduce")

# OpenCL platforms for host programs: ours (the .icd file the build writes)
# and pocl's; `OCL_ICD_VENDORS=%kw_icd prog` shows the loader only ours.
# Programs our platform builds are cached in the build tree, not in $HOME.
kw_icd = os.path.join(os.path.dirname(os.path.dirname(plugin)), "icd", "kernel-wrap.icd")
pocl_icd = "/etc/OpenCL/vendors/pocl.icd"
config.substitutions.append(("%kw_icd", kw_icd))
config.substitutions.append(("%pocl_icd", pocl_icd))
config.environment["KW_CACHE_DIR"] = os.path.join(config.test_exec_root, "kw-cache")
if os.path.exists(kw_icd) and os.path.exists("/usr/include/CL/cl.h"):
    config.available_features.add("kw-icd")
if os.path.exists(pocl_icd):
    config.available_features.add("pocl")
if shutil.which("clinfo"):
    config.available_features.add("clinfo")

# AArch64 (test/aarch64/): clang-22 for aarch64-linux-gnu finds the cross
# gcc's libraries by itself (a --sysroot breaks the link); qemu-user runs
# the binaries; gcc 12's aarch64 clones are the ABI peer. Without the
# Debian packages (scripts/setup-deps.sh installs them) the tests report
# UNSUPPORTED: "aarch64-cross".
#   %clang-aarch64   clang-22 --target=aarch64-linux-gnu with the plugin
#   %clang-aarch64-noplugin, %gcc-aarch64, %objdump-aarch64
#   %run-aarch64     qemu-aarch64 with the cross sysroot
a64_gcc = shutil.which("aarch64-linux-gnu-gcc")
a64_qemu = shutil.which("qemu-aarch64")
a64_objdump = shutil.which("aarch64-linux-gnu-objdump")
a64_sysroot = "/usr/aarch64-linux-gnu"
config.substitutions.insert(0, ("%clang-aarch64-noplugin",
    f"{tools}/clang --target=aarch64-linux-gnu"))
config.substitutions.insert(1, ("%clang-aarch64",
    f"{tools}/clang --target=aarch64-linux-gnu -fpass-plugin={plugin}{clang_verify}"))
# Before %gcc, which would match its prefix.
config.substitutions.insert(0, ("%gcc-aarch64", a64_gcc or "aarch64-linux-gnu-gcc"))
config.substitutions.append(("%objdump-aarch64", a64_objdump or "aarch64-linux-gnu-objdump"))
config.substitutions.append(("%run-aarch64",
    f"{a64_qemu or 'qemu-aarch64'} -L {a64_sysroot}"))
if a64_gcc and a64_qemu and a64_objdump and os.path.isdir(a64_sysroot):
    config.available_features.add("aarch64-cross")
