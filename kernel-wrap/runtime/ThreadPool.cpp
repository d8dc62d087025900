//===- ThreadPool.cpp - Work groups over persistent threads ---------------===//
//
/// \file
/// Each run hands out runs of consecutive group numbers from an atomic
/// counter (about 32 runs per thread: one counter update per work group
/// made two threads slower than one on saxpy, 16,384 groups of 256 items:
/// the counter's cache line went back and forth between the cores, and
/// the threads' interleaved groups split every page between them); each
/// worker has
/// its own state struct and its own __local argument buffers. Threads get a
/// large stack: the work-group functions keep their per-work-item context
/// arrays there.
//
//===----------------------------------------------------------------------===//

#include "kernel-wrap/kw_runtime.h"
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <pthread.h>
#include <sched.h>

namespace kw {

struct ThreadPool::Job {
  kw_wg_fn Fn;
  const std::vector<Arg> *Args;
  NDRange R;
  uint64_t Groups[3];
  uint64_t Total;
  uint64_t Chunk; ///< groups per counter update
  std::atomic<uint64_t> Next{0};
};

/// One thread's argument vectors and __local buffers. The buffers are
/// aligned to cache lines: the vectorized work-item loops read and write
/// them with full-width (masked) vectors, and a misaligned buffer splits
/// every one of them across two lines (a tree reduction in __local memory
/// ran 7x slower on a pool thread whose buffer malloc had placed 16 bytes
/// off a line).
struct ThreadPool::Scratch {
  struct Buffer {
    struct Free {
      void operator()(char *P) const { free(P); }
    };
    std::unique_ptr<char, Free> P;
    size_t Size = 0;
    void reserve(size_t Bytes) {
      if (Bytes <= Size)
        return;
      Size = (Bytes + 63) / 64 * 64;
      P.reset(static_cast<char *>(aligned_alloc(64, Size)));
      memset(P.get(), 0, Size);
    }
  };
  std::vector<void *> Values;
  std::vector<void *> LocalPtrs;
  std::vector<Buffer> LocalBufs;
};

void *poolEntry(void *P) {
  auto *Pair = static_cast<std::pair<ThreadPool *, unsigned> *>(P);
  ThreadPool *Pool = Pair->first;
  unsigned Id = Pair->second;
  delete Pair;
  Pool->worker(Id);
  return nullptr;
}

/// The stack every thread that runs work groups needs (see the file
/// comment).
constexpr size_t GroupStack = size_t(64) << 20;
static_assert(sizeof(pthread_t) == sizeof(unsigned long), "pthread_t kept as unsigned long");

ThreadPool::ThreadPool(unsigned N) : NumThreads(N ? N : 1) {
  CallerScratch = std::make_unique<Scratch>();
  // The creating thread runs groups too when its stack is as large as the
  // pool threads' (kw-run runs on such a thread); otherwise it only waits.
  Creator = pthread_self();
  pthread_attr_t Self;
  size_t Size = 0;
  if (pthread_getattr_np(Creator, &Self) == 0) {
    pthread_attr_getstacksize(&Self, &Size);
    pthread_attr_destroy(&Self);
  }
  CreatorWorks = Size >= GroupStack;
  pthread_attr_t Attr;
  pthread_attr_init(&Attr);
  pthread_attr_setstacksize(&Attr, GroupStack);
  for (unsigned I = CreatorWorks ? 1 : 0; I < NumThreads; ++I) {
    auto *T = new pthread_t;
    pthread_create(T, &Attr, poolEntry, new std::pair<ThreadPool *, unsigned>(this, I));
    Threads.push_back(T);
  }
  pthread_attr_destroy(&Attr);
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> L(Mu);
    Stop = true;
  }
  Cv.notify_all();
  for (void *T : Threads) {
    pthread_join(*static_cast<pthread_t *>(T), nullptr);
    delete static_cast<pthread_t *>(T);
  }
}

/// Spins for a short while (200 us) until \p Done holds. A thread that
/// blocks on a condition variable takes tens of microseconds to wake on a
/// virtual machine, which is most of a small NDRange (saxpy: 0.4-0.8 ms):
/// runs that follow each other (a benchmark's repetitions, a host's loop of
/// launches) start and finish without that wake-up; after the spin the
/// thread blocks as before.
template <typename Pred> static void spinBriefly(Pred Done) {
  auto End = std::chrono::steady_clock::now() + std::chrono::microseconds(200);
  while (!Done()) {
    for (int I = 0; I < 64; ++I)
      __builtin_ia32_pause();
    if (std::chrono::steady_clock::now() > End)
      return;
    // A thread the spinners keep from its core (the OpenCL host thread
    // woken by the end of a launch, with every core's worker spinning)
    // gets it now.
    sched_yield();
  }
}

void ThreadPool::worker(unsigned) {
  uint64_t Seen = 0;
  Scratch S;
  for (;;) {
    Job *J;
    spinBriefly([&] { return Stop || Generation != Seen; });
    {
      std::unique_lock<std::mutex> L(Mu);
      Cv.wait(L, [&] { return Stop || Generation != Seen; });
      if (Stop)
        return;
      Seen = Generation;
      J = Current;
    }
    execute(*J, S);
    {
      std::lock_guard<std::mutex> L(Mu);
      if (--Busy == 0)
        DoneCv.notify_all();
    }
  }
}

void ThreadPool::execute(Job &J, Scratch &Sc) {
  const std::vector<Arg> &Args = *J.Args;
  Sc.Values.assign(Args.size(), nullptr);
  Sc.LocalPtrs.resize(Args.size());
  Sc.LocalBufs.resize(Args.size());
  for (size_t I = 0; I < Args.size(); ++I) {
    if (!Args[I].LocalBytes) {
      Sc.Values[I] = Args[I].Value;
      continue;
    }
    Sc.LocalBufs[I].reserve(Args[I].LocalBytes);
    Sc.LocalPtrs[I] = Sc.LocalBufs[I].P.get();
    Sc.Values[I] = &Sc.LocalPtrs[I];
  }
  kw_wg_state S;
  memset(&S, 0, sizeof S);
  S.work_dim = J.R.Dims;
  for (unsigned D = 0; D < 3; ++D) {
    S.global_size[D] = J.R.Global[D];
    S.local_size[D] = J.R.Local[D];
    S.num_groups[D] = J.Groups[D];
    S.global_offset[D] = J.R.Offset[D];
  }
  for (uint64_t G0; (G0 = J.Next.fetch_add(J.Chunk)) < J.Total;)
    for (uint64_t G = G0, E = std::min(G0 + J.Chunk, J.Total); G < E; ++G) {
      S.group_id[0] = G % J.Groups[0];
      S.group_id[1] = (G / J.Groups[0]) % J.Groups[1];
      S.group_id[2] = G / (J.Groups[0] * J.Groups[1]);
      J.Fn(Sc.Values.data(), &S);
    }
}

double ThreadPool::run(kw_wg_fn Fn, const std::vector<Arg> &Args,
                       const NDRange &R) {
  Job J;
  J.Fn = Fn;
  J.Args = &Args;
  J.R = R;
  J.Total = 1;
  for (unsigned D = 0; D < 3; ++D) {
    J.Groups[D] = R.Global[D] / R.Local[D];
    J.Total *= J.Groups[D];
  }
  // Runs small enough to balance groups of uneven cost (Mandelbrot's rows).
  J.Chunk = std::max<uint64_t>(1, J.Total / (uint64_t(NumThreads) * 32));
  auto T0 = std::chrono::steady_clock::now();
  bool CallerWorks = CreatorWorks && pthread_equal(pthread_self(), Creator);
  {
    std::lock_guard<std::mutex> L(Mu);
    Current = &J;
    Busy = unsigned(Threads.size());
    ++Generation;
  }
  Cv.notify_all();
  // The caller works too if it can; then it waits for the pool threads'
  // last groups (spinning first: it has a core of its own then).
  if (CallerWorks) {
    execute(J, *CallerScratch);
    spinBriefly([&] { return Busy == 0; });
  }
  {
    std::unique_lock<std::mutex> L(Mu);
    DoneCv.wait(L, [&] { return Busy == 0; });
    Current = nullptr;
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
      .count();
}

} // namespace kw
