//===- ThreadPoolTest.cpp - kw::ThreadPool runs every group once -----------===//

#include "kernel-wrap/kw_runtime.h"
#include "gtest/gtest.h"
#include <atomic>
#include <pthread.h>
#include <vector>

namespace {

// A "work-group function" that counts the groups it is given, by linear id,
// and how many ran on the thread that called run().
std::vector<std::atomic<unsigned>> *Seen;
pthread_t Caller;
std::atomic<unsigned> OnCaller;

void countGroup(void **Args, const kw_wg_state *S) {
  uint64_t Id = S->group_id[0] +
                S->num_groups[0] * (S->group_id[1] +
                                    S->num_groups[1] * S->group_id[2]);
  (*Seen)[Id].fetch_add(1);
  if (pthread_equal(pthread_self(), Caller))
    OnCaller.fetch_add(1);
  // The argument the runner passes through, untouched.
  ASSERT_EQ(*static_cast<int *>(Args[0]), 42);
}

// Every group of many back-to-back runs (the spinning threads pick each up)
// exactly once, with Threads threads, from the calling thread; returns how
// many group runs the calling thread did itself.
unsigned runMany(unsigned Threads) {
  kw::ThreadPool Pool(Threads);
  int Value = 42;
  std::vector<kw::Arg> Args(1);
  Args[0].Value = &Value;
  kw::NDRange R;
  R.Dims = 3;
  R.Global[0] = 64;
  R.Global[1] = 6;
  R.Global[2] = 5;
  R.Local[0] = 8;
  R.Local[1] = 3;
  R.Local[2] = 1;
  const unsigned Groups = 8 * 2 * 5;
  std::vector<std::atomic<unsigned>> Count(Groups);
  Seen = &Count;
  Caller = pthread_self();
  OnCaller = 0;
  for (unsigned Run = 1; Run <= 200; ++Run) {
    Pool.run(countGroup, Args, R);
    for (unsigned G = 0; G < Groups; ++G)
      EXPECT_EQ(Count[G].load(), Run) << "group " << G << ", run " << Run;
  }
  return OnCaller;
}

// The main thread (8 MiB stack): it waits, the pool threads run the groups.
TEST(ThreadPool, CallerWithSmallStackWaits) {
  EXPECT_EQ(runMany(1), 0u);
  EXPECT_EQ(runMany(2), 0u);
  EXPECT_EQ(runMany(3), 0u);
}

// A 64 MiB-stack thread (as kw-run's): it runs groups beside Threads - 1
// pool threads (none for one thread).
TEST(ThreadPool, CallerWithLargeStackWorks) {
  pthread_attr_t Attr;
  pthread_attr_init(&Attr);
  pthread_attr_setstacksize(&Attr, size_t(64) << 20);
  pthread_t T;
  ASSERT_EQ(pthread_create(
                &T, &Attr,
                [](void *) -> void * {
                  // Alone, the caller runs all 200 x 80 groups.
                  EXPECT_EQ(runMany(1), 200u * 80u);
                  runMany(2);
                  runMany(3);
                  return nullptr;
                },
                nullptr),
            0);
  pthread_join(T, nullptr);
  pthread_attr_destroy(&Attr);
}

} // namespace
