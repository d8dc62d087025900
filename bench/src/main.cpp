// vecclone benchmark driver (Google Benchmark).
//
// Every comparator is a caller loop `out[i] = f(a[i], b[i])` under
// `#pragma omp simd`, built by run.sh into its own object with its own name
// prefix (see caller.c). Before anything is timed, each loop's output is
// compared bit for bit with the scalar reference (ref_*, gcc -O0); a loop
// that gives a wrong answer is reported, not timed, and the run fails.
//
// Flags (besides Google Benchmark's own):
//   --smoke        one iteration of each benchmark at a tiny size (the
//                  correctness checks still run at full size first)
//   --sizes=A,B    element counts to time (default 4096,65536)
#include <benchmark/benchmark.h>

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#ifndef VC_HAVE_OURS
#define VC_HAVE_OURS 1
#endif

using FLoop = void (*)(const float *, const float *, float *, int);
using ILoop = void (*)(const int *, const int *, int *, int);

// The kernels, in table order: X(cfg, name, type) with type F (float
// arrays) or I (int arrays). The last two are builds of earlier bodies at
// other flags: bsfast (bscholes, -ffast-math: caller_fm.c) and aos3e (aos3,
// math-errno on: caller_errno.c).
#define VC_KERNELS(X, cfg)                                                     \
  X(cfg, straight, F) X(cfg, ifelse, F) X(cfg, saxpy, F) X(cfg, imix, I)       \
  X(cfg, mandel, F) X(cfg, aos3, F) X(cfg, heavy, F) X(cfg, nbody, F)          \
  X(cfg, bscholes, F) X(cfg, ray, F) X(cfg, noise, F) X(cfg, cond, F)          \
  X(cfg, logger, F) X(cfg, bsfast, F) X(cfg, aos3e, F)

#define VC_TYPE_F float
#define VC_TYPE_I int
#define VC_DECLARE_ONE(cfg, k, T)                                              \
  extern "C" void L_##cfg##_##k(const VC_TYPE_##T *, const VC_TYPE_##T *,     \
                                VC_TYPE_##T *, int);
// Loop objects: LPREFIX = L_<config>_ (see run.sh).
#define VC_DECLARE_LOOPS(cfg) VC_KERNELS(VC_DECLARE_ONE, cfg)

// Configurations: <kind>_v<level>, the callers built for -march=x86-64-v2,
// v3 or v4 (see run.sh for what each kind is).
#define VC_ALL_CONFIGS(X)                                                      \
  X(ours_v2, false) X(gcc_v2, false) X(plain_v2, false) X(inl_v2, false)       \
  X(oursclang_v2, false)                                                       \
  X(ours_v3, false) X(gcc_v3, false) X(plain_v3, false) X(inl_v3, false)       \
  X(oursclang_v3, false) X(oursinl_v3, false) X(oursni_v3, false)             \
  X(ours_v4, true) X(gcc_v4, true) X(plain_v4, true) X(inl_v4, true)           \
  X(oursclang_v4, true)
// Without the plugin: the configurations that need none of our code.
#define VC_PLAIN_CONFIGS(X)                                                    \
  X(gcc_v2, false) X(plain_v2, false) X(inl_v2, false)                         \
  X(gcc_v3, false) X(plain_v3, false) X(inl_v3, false)                         \
  X(gcc_v4, true) X(plain_v4, true) X(inl_v4, true)
#if VC_HAVE_OURS
#define VC_CONFIGS VC_ALL_CONFIGS
#else
#define VC_CONFIGS VC_PLAIN_CONFIGS
#endif

#define VC_DECLARE_CFG(cfg, avx512) VC_DECLARE_LOOPS(cfg)
VC_DECLARE_LOOPS(ref)
VC_CONFIGS(VC_DECLARE_CFG)

// The logger of the `logger` kernel and the permutation table of `noise`
// (declared in kernels.h). The log is a ring; the correctness check reads
// it from the start, so it is sized to hold one whole check run.
static float *g_log = nullptr;
static size_t g_log_mask = 0;
static size_t g_nlog = 0;
extern "C" __attribute__((noinline)) void vc_log(float v) {
  g_log[g_nlog & g_log_mask] = v;
  ++g_nlog;
}
extern "C" const int vc_perm[512] = {
// (167 i + 13) mod 256 is a permutation of 0..255 (167 is odd); the
// kernel hashes the entries further.
#define VC_PE(i) (167 * (i) + 13) % 256
#define VC_P4(i) VC_PE(i), VC_PE(i + 1), VC_PE(i + 2), VC_PE(i + 3)
#define VC_P16(i) VC_P4(i), VC_P4(i + 4), VC_P4(i + 8), VC_P4(i + 12)
#define VC_P64(i) VC_P16(i), VC_P16(i + 16), VC_P16(i + 32), VC_P16(i + 48)
#define VC_P256 VC_P64(0), VC_P64(64), VC_P64(128), VC_P64(192)
    VC_P256, VC_P256};

namespace {

struct Loop {
  FLoop f; // float kernels
  ILoop i; // int kernels
};
#define VC_LOOP_F(cfg, k) Loop{L_##cfg##_##k, nullptr},
#define VC_LOOP_I(cfg, k) Loop{nullptr, L_##cfg##_##k},
#define VC_LOOP(cfg, k, T) VC_LOOP_##T(cfg, k)
#define VC_NAME(cfg, k, T) #k,
#define VC_COUNT(cfg, k, T) +1

constexpr int kNumKernels = 0 VC_KERNELS(VC_COUNT, _);
const char *const kKernels[] = {VC_KERNELS(VC_NAME, _)};

struct Config {
  const char *name;  // key used in benchmark names and by report.py
  Loop loops[kNumKernels];
  bool avx512;       // built for x86-64-v4: runs only on AVX-512 CPUs
};

#define VC_CONFIG(cfg, avx512)                                                 \
  Config { #cfg, {VC_KERNELS(VC_LOOP, cfg)}, avx512 }
#define VC_CONFIG_ITEM(cfg, avx512) VC_CONFIG(cfg, avx512),
const Config kRef = VC_CONFIG(ref, false);
const Config kConfigs[] = {VC_CONFIGS(VC_CONFIG_ITEM)};

// Input buffers, 64-byte aligned, large enough for every size.
struct Buffers {
  size_t n = 0;
  float *fa = nullptr, *fb = nullptr, *fout = nullptr, *fref = nullptr;
  int *ia = nullptr, *ib = nullptr, *iout = nullptr, *iref = nullptr;
  float *ma = nullptr, *mb = nullptr; // Mandelbrot: a 256-pixel-wide image
  float *ha = nullptr;                 // heavy: signs in runs of 32
  float *sa = nullptr, *sb = nullptr; // bscholes: spot and strike prices
  float *na = nullptr, *nb = nullptr; // noise: coordinates in [-64, 64)
};
Buffers g;

template <typename T> T *alloc(size_t n) {
  void *p = std::aligned_alloc(64, ((n * sizeof(T) + 63) / 64) * 64 + 64);
  if (!p) {
    std::perror("aligned_alloc");
    std::exit(2);
  }
  return static_cast<T *>(p);
}

uint32_t lcg(uint64_t &s) {
  s = s * 6364136223846793005ull + 1442695040888963407ull;
  return static_cast<uint32_t>(s >> 32);
}

void fill(size_t n) {
  g.n = n;
  g.fa = alloc<float>(3 * n); // aos3, aos3e read 3 floats per element
  g.fb = alloc<float>(n);
  g.fout = alloc<float>(n);
  g.fref = alloc<float>(n);
  g.ia = alloc<int>(n);
  g.ib = alloc<int>(n);
  g.iout = alloc<int>(n);
  g.iref = alloc<int>(n);
  g.ma = alloc<float>(n);
  g.mb = alloc<float>(n);
  g.ha = alloc<float>(n);
  g.sa = alloc<float>(n);
  g.sb = alloc<float>(n);
  g.na = alloc<float>(n);
  g.nb = alloc<float>(n);
  size_t cap = 1;
  while (cap < n)
    cap *= 2;
  g_log = alloc<float>(cap);
  g_log_mask = cap - 1;
  // Pixels in row-major order, c in [-2.2, 0.8] x [-1.5, 1.5] (the kernel
  // maps (x, y) to c = (0.6x - 0.5) + 0.4y i), as an image loop would call it.
  for (size_t i = 0; i < n; ++i) {
    size_t col = i % 256, row = (i / 256) % 256;
    float cr = -2.2f + 3.0f * static_cast<float>(col) / 256.0f;
    float ci = -1.5f + 3.0f * static_cast<float>(row) / 256.0f;
    g.ma[i] = (cr + 0.5f) / 0.6f;
    g.mb[i] = ci / 0.4f;
  }
  uint64_t s = 0x5eed;
  // Values that stress both sides of the branch and the edges of IEEE
  // arithmetic (signed zeros, a denormal, overflow of x*x to infinity).
  const float special[] = {0.0f, -0.0f, 1e-40f, -1e-40f, 1e30f, -1e30f,
                           1.0f, -1.0f, 3.4e38f, 1e-20f};
  for (size_t i = 0; i < n; ++i) {
    float u = (lcg(s) >> 8) * (1.0f / 16777216.0f);  // [0, 1)
    float v = (lcg(s) >> 8) * (1.0f / 16777216.0f);
    g.fa[i] = 8.0f * u - 4.0f;
    g.fb[i] = 8.0f * v - 4.0f;
    if (i % 61 == 7)
      g.fa[i] = special[(i / 61) % 10];
    if (i % 67 == 11)
      g.fb[i] = special[(i / 67 + 3) % 10];
    g.ia[i] = static_cast<int>(lcg(s));
    g.ib[i] = static_cast<int>(lcg(s));
    if (i % 53 == 5)
      g.ia[i] = (i & 1) ? 0 : static_cast<int>(0x80000000u);
  }
  // heavy: |fa| with the sign flipping every 32 elements (and NaN/-0 from
  // fa's specials kept), so whole vectors take one side of its branch.
  for (size_t i = 0; i < n; ++i)
    g.ha[i] = ((i / 32) & 1) ? -std::fabs(g.fa[i]) : std::fabs(g.fa[i]);
  // bscholes: spot and strike in [50, 150) (deep in and out of the money);
  // noise: coordinates in [-64, 64), so (int)floorf is always defined.
  for (size_t i = 0; i < n; ++i) {
    g.sa[i] = 50.0f + 100.0f * ((lcg(s) >> 8) * (1.0f / 16777216.0f));
    g.sb[i] = 50.0f + 100.0f * ((lcg(s) >> 8) * (1.0f / 16777216.0f));
    g.na[i] = 128.0f * ((lcg(s) >> 8) * (1.0f / 16777216.0f)) - 64.0f;
    g.nb[i] = 128.0f * ((lcg(s) >> 8) * (1.0f / 16777216.0f)) - 64.0f;
  }
  // The rest of fa: more AoS coordinates for aos3 and aos3e.
  for (size_t i = n; i < 3 * n; ++i)
    g.fa[i] = 8.0f * ((lcg(s) >> 8) * (1.0f / 16777216.0f)) - 4.0f;
}

// Bitwise equality; any NaN equals any NaN (the payload of a NaN produced
// from NaN inputs depends on operand order, which the ABI leaves open).
bool same(float x, float y) {
  if (std::isnan(x) && std::isnan(y))
    return true;
  uint32_t bx, by;
  std::memcpy(&bx, &x, 4);
  std::memcpy(&by, &y, 4);
  return bx == by;
}
bool same(int x, int y) { return x == y; }

// The fast-math kernel (bsfast) may differ from the exact reference by
// libmvec's 4 ulp per call and fast-math's reassociation: relative 1e-4 of
// the price, or 1e-4 absolute for prices below 1.
bool close(float x, float y) {
  if (std::isnan(x) || std::isnan(y))
    return std::isnan(x) && std::isnan(y);
  return std::fabs(x - y) <= 1e-4f * std::fmax(1.0f, std::fabs(y));
}
bool close(int x, int y) { return x == y; }

void print(float x) { std::fprintf(stderr, "%a (%.9g)", x, x); }
void print(int x) { std::fprintf(stderr, "%d", x); }

// Runs `loop` and the reference on the same slices; returns the number of
// mismatching elements and prints the first few. The logger calls (kernel
// `logger`) count too: the loop must log the same values in the same order
// as the reference.
template <typename T, typename Loop>
size_t check_one(const char *cfg, const char *kernel, Loop loop, Loop ref,
                 const T *a, const T *b, T *out, T *expect, size_t off,
                 size_t n) {
  for (size_t i = 0; i < n; ++i)
    out[off + i] = expect[off + i] = T(0x5a);
  g_nlog = 0;
  ref(a + off, b + off, expect + off, static_cast<int>(n));
  std::vector<float> ref_log(g_log, g_log + g_nlog);
  g_nlog = 0;
  loop(a + off, b + off, out + off, static_cast<int>(n));
  const bool tolerant = !std::strcmp(kernel, "bsfast");
  size_t bad = 0;
  if (g_nlog != ref_log.size() ||
      !std::equal(ref_log.begin(), ref_log.end(), g_log,
                  [](float x, float y) { return same(x, y); })) {
    std::fprintf(stderr,
                 "WRONG %s/%s n=%zu offset=%zu: %zu logger calls, the "
                 "reference makes %zu (or in another order)\n",
                 kernel, cfg, n, off, g_nlog, ref_log.size());
    ++bad;
  }
  for (size_t i = 0; i < n; ++i) {
    if (tolerant ? close(out[off + i], expect[off + i])
                 : same(out[off + i], expect[off + i]))
      continue;
    if (bad < 5) {
      std::fprintf(stderr, "WRONG %s/%s n=%zu offset=%zu i=%zu: got ", kernel,
                   cfg, n, off, i);
      print(out[off + i]);
      std::fprintf(stderr, " want ");
      print(expect[off + i]);
      std::fprintf(stderr, "  (a=");
      print(a[off + i]);
      std::fprintf(stderr, " b=");
      print(b[off + i]);
      std::fprintf(stderr, ")\n");
    }
    ++bad;
  }
  return bad;
}

// Checks one loop at several sizes and alignments: the full buffer, sizes
// that leave vector and scalar remainders, and a start one element past the
// alignment (exercises the callers' peeling and epilogue paths).
template <typename T, typename Loop>
size_t check(const char *cfg, const char *kernel, Loop loop, Loop ref,
             const T *a, const T *b, T *out, T *expect) {
  const size_t n = g.n;
  const size_t sizes[] = {n, 4096 + 13, 1000 + 7, 37, 15, 8, 1, 0};
  size_t bad = 0;
  for (size_t sz : sizes) {
    if (sz + 1 > n)
      continue;
    bad += check_one(cfg, kernel, loop, ref, a, b, out, expect, 0, sz);
    bad += check_one(cfg, kernel, loop, ref, a, b, out, expect, 1, sz);
  }
  bad += check_one(cfg, kernel, loop, ref, a, b, out, expect, 0, n);
  return bad;
}

// Hands kernel k's loop in configuration c, its reference loop and the
// arrays it reads and writes to fn: the one place that decides which inputs
// a kernel gets, for the check and for the timing alike.
template <typename Fn> auto with_kernel(const Config &c, int k, Fn &&fn) {
  const Loop &l = c.loops[k], &r = kRef.loops[k];
  if (l.i)
    return fn(l.i, r.i, g.ia, g.ib, g.iout, g.iref);
  const float *a = g.fa, *b = g.fb;
  const std::string name = kKernels[k];
  if (name == "mandel")
    a = g.ma, b = g.mb;
  else if (name == "heavy")
    a = g.ha;
  else if (name == "bscholes" || name == "bsfast")
    a = g.sa, b = g.sb;
  else if (name == "noise")
    a = g.na, b = g.nb;
  return fn(l.f, r.f, a, b, g.fout, g.fref);
}

size_t check_kernel(const Config &c, int k) {
  return with_kernel(c, k, [&](auto loop, auto ref, auto *a, auto *b,
                               auto *out, auto *expect) {
    return check(c.name, kKernels[k], loop, ref, a, b, out, expect);
  });
}

template <typename T, typename Loop>
void bench_loop(benchmark::State &state, Loop loop, const T *a, const T *b,
                T *out) {
  const int n = static_cast<int>(state.range(0));
  for (auto _ : state) {
    loop(a, b, out, n);
    benchmark::DoNotOptimize(out);
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * n);
  // Seconds per element (shown as ns); report.py recomputes it from the
  // JSON's real_time as well.
  state.counters["per_elem"] = benchmark::Counter(
      static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate |
                                  benchmark::Counter::kInvert);
}

std::vector<long> parse_sizes(const char *s) {
  std::vector<long> out;
  while (*s) {
    char *end;
    long v = std::strtol(s, &end, 10);
    if (end == s || v <= 0) {
      std::fprintf(stderr, "bad --sizes\n");
      std::exit(2);
    }
    out.push_back(v);
    s = *end == ',' ? end + 1 : end;
  }
  return out;
}

} // namespace

int main(int argc, char **argv) {
  bool smoke = false;
  std::vector<long> sizes = {4096, 65536};
  std::vector<char *> args;
  for (int i = 0; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--smoke"))
      smoke = true;
    else if (!std::strncmp(argv[i], "--sizes=", 8))
      sizes = parse_sizes(argv[i] + 8);
    else
      args.push_back(argv[i]);
  }
  if (smoke)
    sizes = {64};
  long maxn = 65536;
  for (long s : sizes)
    maxn = s > maxn ? s : maxn;
  fill(static_cast<size_t>(maxn) + 64);

  int nargs = static_cast<int>(args.size());
  benchmark::Initialize(&nargs, args.data());
  if (benchmark::ReportUnrecognizedArguments(nargs, args.data()))
    return 2;

  // 1. Correctness, at full size whatever --smoke says.
  size_t total_bad = 0;
  // The v4 loops would fault on a CPU without AVX-512: say so, skip them.
  const bool cpu_avx512 = __builtin_cpu_supports("avx512f");
  size_t checked = 0;
  for (const Config &c : kConfigs) {
    if (c.avx512 && !cpu_avx512) {
      std::fprintf(stderr, "skipped: %s (this CPU lacks AVX-512)\n", c.name);
      benchmark::AddCustomContext(std::string("skipped/") + c.name,
                                  "CPU lacks AVX-512");
      continue;
    }
    ++checked;
    for (int k = 0; k < kNumKernels; ++k) {
      size_t bad = check_kernel(c, k);
      std::string key = std::string("check/") + kKernels[k] + "/" + c.name;
      benchmark::AddCustomContext(key, bad ? "WRONG" : "ok");
      if (bad) {
        std::fprintf(stderr, "WRONG: %s/%s: %zu elements differ from the "
                     "scalar reference; not timed\n", kKernels[k], c.name, bad);
        total_bad += bad;
        continue;
      }
      for (long n : sizes) {
        std::string name = std::string(kKernels[k]) + "/" + c.name;
        benchmark::internal::Benchmark *b = with_kernel(
            c, k, [&](auto loop, auto, auto *a, auto *bb, auto *out, auto *) {
              using T = std::remove_pointer_t<decltype(out)>;
              return benchmark::RegisterBenchmark(
                  name.c_str(), bench_loop<T, decltype(loop)>, loop,
                  static_cast<const T *>(a), static_cast<const T *>(bb), out);
            });
        b->Arg(n);
        if (smoke)
          b->Iterations(1);
      }
    }
  }
  benchmark::AddCustomContext("vecclone.smoke", smoke ? "1" : "0");
  benchmark::AddCustomContext("vecclone.have_ours", VC_HAVE_OURS ? "1" : "0");
  std::fprintf(stderr, "correctness: %s (%zu configurations x %d kernels)\n",
               total_bad ? "FAILED"
                         : "all outputs equal the scalar reference (bsfast: "
                           "within its tolerance)",
               checked, kNumKernels);

  // 2. Timing.
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return total_bad ? 1 : 0;
}
