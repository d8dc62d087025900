//===- kw_runtime.h - Compile and run OpenCL kernels on the host -*- C++ -*-===//
//
/// \file
/// The small C++ API under kw-run and kw-vecz: compile a .cl file (or an IR
/// file) with the kernel-wrap pass into a shared object, load it, and run an
/// NDRange of work groups over a thread pool.
///
///   kw::CompileOptions CO;                 // CO.NoVec for the reference
///   auto P = kw::Program::compile("k.cl", CO, Err);
///   kw_wg_fn F = P->kernel("saxpy");
///   kw::ThreadPool Pool(4);
///   Pool.run(F, Args, Range);               // Args: one kw::Arg per param
//
//===----------------------------------------------------------------------===//

#ifndef KERNELWRAP_KW_RUNTIME_H
#define KERNELWRAP_KW_RUNTIME_H

#include "kernel-wrap/kw_abi.h"
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace kw {

struct CompileOptions {
  bool NoVec = false;       ///< Work-item loops stay scalar (the reference).
  unsigned VF = 0;          ///< 0: the vectorizer's choice.
  bool Lockstep = false;    ///< Divergent loops in rounds (experimental).
  int Dim = -1;             ///< Vectorization dimension; -1: by cost.
  std::string March = "native";
  std::string ClStd = "CL1.2";
  std::string Kernel;       ///< Only this kernel (empty: all).
  std::string TempDir;      ///< Keep the intermediate files here.
  std::vector<std::string> ClangArgs; ///< Extra clang args (-D...).
};

/// \p S as one word of a POSIX shell command line.
std::string shellQuote(const std::string &S);

/// The tools the compilation runs, from the environment (KW_CLANG, KW_OPT,
/// KW_PLUGIN) or the build's defaults.
std::string clangPath();
std::string optPath();
std::string pluginPath();

/// The front end alone: OpenCL C \p Src to bitcode \p Out (kernel-wrap
/// has not run; clCompileProgram's objects).
bool compileToBitcode(const std::string &Src, const CompileOptions &O,
                      const std::string &Out, std::string &Err);
/// llvm-link of \p Inputs into \p Out (clLinkProgram).
bool linkBitcode(const std::vector<std::string> &Inputs,
                 const std::string &Out, std::string &Err);

/// The optimized IR of \p Src (.cl, .ll or .bc) as text, after kernel-wrap
/// and the -O3 pipeline (or only kernel-wrap when \p WrapOnly).
bool compileToIR(const std::string &Src, const CompileOptions &O,
                 bool WrapOnly, std::string &IR, std::string &Err);

class Program {
public:
  /// Compiles \p Src (.cl, .ll or .bc) into a shared object and loads it.
  static std::unique_ptr<Program> compile(const std::string &Src,
                                          const CompileOptions &O,
                                          std::string &Err,
                                          const std::string &SoOut = "");
  /// Loads a shared object made by compile().
  static std::unique_ptr<Program> load(const std::string &So,
                                       std::string &Err);
  ~Program();
  /// The work-group function of \p Kernel, or null.
  kw_wg_fn kernel(const std::string &Kernel) const;
  /// The parameter list of \p Kernel (kw_abi.h's KW_SIG_PREFIX), or null.
  const char *signature(const std::string &Kernel) const;
  /// The reqd_work_group_size of \p Kernel (KW_REQD_PREFIX), or null.
  const uint64_t *requiredSize(const std::string &Kernel) const;
  /// The names of the program's kernels (KW_KERNELS_SYMBOL).
  std::vector<std::string> kernelNames() const;
  double CompileSeconds = 0;

private:
  void *Handle = nullptr;
};

/// One kernel argument: a pointer to its value, or a __local buffer size
/// (each thread gets its own buffer).
struct Arg {
  void *Value = nullptr;
  size_t LocalBytes = 0;
};

struct NDRange {
  unsigned Dims = 1;
  uint64_t Global[3] = {1, 1, 1};
  uint64_t Local[3] = {1, 1, 1};
  uint64_t Offset[3] = {0, 0, 0};
  /// Empty when the sizes are valid (local divides global, all non-zero).
  std::string check() const;
};

/// Persistent worker threads; run() hands out work groups dynamically. When
/// the thread that creates the pool has a stack as large as the pool
/// threads' (64 MiB: work-group functions keep per-item context arrays on
/// the stack) and calls run() itself, it is one of the \p Threads and runs
/// groups beside Threads - 1 pool threads (kw-run runs on such a thread);
/// otherwise the pool has \p Threads threads and the caller waits.
class ThreadPool {
public:
  explicit ThreadPool(unsigned Threads);
  ~ThreadPool();
  /// Runs all work groups of \p R; returns the wall time in seconds.
  double run(kw_wg_fn Fn, const std::vector<Arg> &Args, const NDRange &R);
  unsigned size() const { return NumThreads; }

private:
  struct Job;
  struct Scratch;
  void worker(unsigned Id);
  void execute(Job &J, Scratch &S);
  std::unique_ptr<Scratch> CallerScratch;
  unsigned long Creator = 0; // pthread_t
  bool CreatorWorks = false;
  unsigned NumThreads;
  std::vector<void *> Threads; // pthread_t, opaque here
  std::mutex Mu;
  std::condition_variable Cv, DoneCv;
  Job *Current = nullptr;
  // Written under Mu; atomic so that waiting threads can spin on them
  // before they block (see ThreadPool.cpp).
  std::atomic<uint64_t> Generation{0};
  std::atomic<unsigned> Busy{0};
  std::atomic<bool> Stop{false};
  friend void *poolEntry(void *);
};

} // namespace kw

#endif // KERNELWRAP_KW_RUNTIME_H
