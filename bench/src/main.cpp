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
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#ifndef VC_HAVE_OURS
#define VC_HAVE_OURS 1
#endif

using FLoop = void (*)(const float *, const float *, float *, int);
using ILoop = void (*)(const int *, const int *, int *, int);

// Loop objects: LPREFIX = L_<config>_ (see run.sh).
#define VC_DECLARE_LOOPS(cfg)                                                  \
  extern "C" void L_##cfg##_straight(const float *, const float *, float *,  \
                                     int);                                     \
  extern "C" void L_##cfg##_ifelse(const float *, const float *, float *,    \
                                   int);                                       \
  extern "C" void L_##cfg##_saxpy(const float *, const float *, float *, int); \
  extern "C" void L_##cfg##_imix(const int *, const int *, int *, int);       \
  extern "C" void L_##cfg##_mandel(const float *, const float *, float *,    \
                                   int);                                       \
  extern "C" void L_##cfg##_aos3(const float *, const float *, float *, int); \
  extern "C" void L_##cfg##_heavy(const float *, const float *, float *, int); \
  extern "C" void L_##cfg##_nbody(const float *, const float *, float *, int);

VC_DECLARE_LOOPS(ref)
VC_DECLARE_LOOPS(gcc_v3)
VC_DECLARE_LOOPS(gcc_v4)
VC_DECLARE_LOOPS(inl)
VC_DECLARE_LOOPS(plain)
#if VC_HAVE_OURS
VC_DECLARE_LOOPS(ours_v3)
VC_DECLARE_LOOPS(ours_v4)
VC_DECLARE_LOOPS(ours_clang)
VC_DECLARE_LOOPS(ours_inl)
#endif

namespace {

struct Config {
  const char *name;  // key used in benchmark names and by report.py
  FLoop straight, ifelse, saxpy;
  ILoop imix;
  FLoop mandel;
  FLoop aos3;
  FLoop heavy;
  FLoop nbody;
  bool avx512;       // built for x86-64-v4: runs only on AVX-512 CPUs
};

#define VC_CONFIG_ISA(cfg, avx512)                                             \
  Config { #cfg, L_##cfg##_straight, L_##cfg##_ifelse, L_##cfg##_saxpy,       \
           L_##cfg##_imix, L_##cfg##_mandel, L_##cfg##_aos3,                    \
           L_##cfg##_heavy, L_##cfg##_nbody, avx512 }
#define VC_CONFIG(cfg) VC_CONFIG_ISA(cfg, false)

const Config kRef = VC_CONFIG(ref);
const Config kConfigs[] = {
#if VC_HAVE_OURS
    VC_CONFIG(ours_v3),
#endif
    VC_CONFIG(gcc_v3),
    VC_CONFIG(inl),
    VC_CONFIG(plain),
#if VC_HAVE_OURS
    VC_CONFIG_ISA(ours_v4, true),
#endif
    VC_CONFIG_ISA(gcc_v4, true),
#if VC_HAVE_OURS
    VC_CONFIG(ours_clang),
    VC_CONFIG(ours_inl),
#endif
};

const char *const kKernels[] = {"straight", "ifelse", "saxpy", "imix",
                                "mandel", "aos3", "heavy", "nbody"};
constexpr int kNumKernels = sizeof(kKernels) / sizeof(kKernels[0]);

// Input buffers, 64-byte aligned, large enough for every size.
struct Buffers {
  size_t n = 0;
  float *fa = nullptr, *fb = nullptr, *fout = nullptr, *fref = nullptr;
  int *ia = nullptr, *ib = nullptr, *iout = nullptr, *iref = nullptr;
  float *ma = nullptr, *mb = nullptr; // Mandelbrot: a 256-pixel-wide image
  float *ha = nullptr;                 // heavy: signs in runs of 32
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
  g.fa = alloc<float>(3 * n); // aos3 reads 3 floats per element
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
  // The rest of fa: more AoS coordinates for aos3.
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

void print(float x) { std::fprintf(stderr, "%a (%.9g)", x, x); }
void print(int x) { std::fprintf(stderr, "%d", x); }

// Runs `loop` and the reference on the same slices; returns the number of
// mismatching elements and prints the first few.
template <typename T, typename Loop>
size_t check_one(const char *cfg, const char *kernel, Loop loop, Loop ref,
                 const T *a, const T *b, T *out, T *expect, size_t off,
                 size_t n) {
  for (size_t i = 0; i < n; ++i)
    out[off + i] = expect[off + i] = T(0x5a);
  ref(a + off, b + off, expect + off, static_cast<int>(n));
  loop(a + off, b + off, out + off, static_cast<int>(n));
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) {
    if (same(out[off + i], expect[off + i]))
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
  switch (k) {
  case 0:
    return fn(c.straight, kRef.straight, g.fa, g.fb, g.fout, g.fref);
  case 1:
    return fn(c.ifelse, kRef.ifelse, g.fa, g.fb, g.fout, g.fref);
  case 2:
    return fn(c.saxpy, kRef.saxpy, g.fa, g.fb, g.fout, g.fref);
  case 3:
    return fn(c.imix, kRef.imix, g.ia, g.ib, g.iout, g.iref);
  case 4:
    return fn(c.mandel, kRef.mandel, g.ma, g.mb, g.fout, g.fref);
  case 5:
    return fn(c.aos3, kRef.aos3, g.fa, g.fb, g.fout, g.fref);
  case 6:
    return fn(c.heavy, kRef.heavy, g.ha, g.fb, g.fout, g.fref);
  default:
    return fn(c.nbody, kRef.nbody, g.fa, g.fb, g.fout, g.fref);
  }
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
               total_bad ? "FAILED" : "all outputs equal the scalar reference",
               checked, kNumKernels);

  // 2. Timing.
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return total_bad ? 1 : 0;
}
