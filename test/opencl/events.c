/* Events and profiling: a CL_QUEUE_PROFILING_ENABLE queue with an event on
 * every command; wait lists between commands; non-blocking writes and
 * reads followed by clWaitForEvents; fill (4- and 16-byte patterns), copy,
 * map/unmap (read, and write-invalidate), buffers made with COPY_HOST_PTR,
 * ALLOC_HOST_PTR and USE_HOST_PTR (the mapped pointer must come from the
 * host pointer), a sub-buffer used as a kernel argument, marker and
 * barrier with wait lists, a user event gating a kernel, an event
 * callback. Then for every event: status CL_COMPLETE, command type, queue
 * and context, and QUEUED <= SUBMIT <= START <= END. */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include "common.h"

#include <stdatomic.h>
#include <time.h>

enum { N = 1 << 16, SUB_N = 1024, K = 3 };

static const char *source =
    "__kernel void combine(__global const int *a, __global const int *b,\n"
    "                      __global int *c, int k) {\n"
    "  size_t i = get_global_id(0);\n"
    "  c[i] = a[i] * k + b[i];\n"
    "}\n"
    "__kernel void negate(__global int *x) {\n"
    "  size_t i = get_global_id(0);\n"
    "  x[i] = -x[i];\n"
    "}\n";

typedef struct {
  cl_event ev;
  cl_command_type type;
  const char *name;
} tracked_t;
static tracked_t events[32];
static int nevents;

static cl_event *track(cl_command_type type, const char *name) {
  REQUIRE(nevents < 32, "too many events");
  events[nevents].type = type;
  events[nevents].name = name;
  return &events[nevents++].ev;
}
static cl_event ev_of(const char *name) {
  for (int i = 0; i < nevents; i++)
    if (strcmp(events[i].name, name) == 0)
      return events[i].ev;
  fail("no event %s", name);
  return NULL;
}

static atomic_int callback_calls;
static void CL_CALLBACK on_complete(cl_event ev, cl_int status, void *data) {
  (void)ev;
  if (status == CL_COMPLETE && data == &callback_calls)
    atomic_fetch_add(&callback_calls, 1);
}

static cl_ulong prof(cl_event ev, cl_profiling_info what) {
  cl_ulong t = 0;
  CHECK(clGetEventProfilingInfo(ev, what, sizeof t, &t, NULL));
  return t;
}

int main(void) {
  env_t env;
  env_init(&env, "events", CL_QUEUE_PROFILING_ENABLE);
  cl_context ctx = env.context;
  cl_command_queue q = env.queue;
  cl_program prog = build_program(&env, source, "");
  cl_kernel combine, negate;
  CLNEW(combine, clCreateKernel(prog, "combine", &err_));
  CLNEW(negate, clCreateKernel(prog, "negate", &err_));

  cl_int *h_a = malloc(N * 4), *h_a2 = malloc(N / 2 * 4), *h_c = malloc(N * 4);
  cl_int *want = malloc(N * 4), *out_b = malloc(N * 4), *out_c = malloc(N * 4),
         *out_d = malloc(N * 4), *out_s = malloc(SUB_N * 4);
  for (int i = 0; i < N; i++) {
    h_a[i] = i * 7 - 1000;
    h_c[i] = -1;
  }
  for (int i = 0; i < N / 2; i++)
    h_a2[i] = (i ^ 0x55) - 77;

  cl_mem A, B, C, D, S, E;
  CLNEW(A, clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, N * 4,
                          h_a, &err_));
  memset(h_a, 0, N * 4); /* COPY_HOST_PTR: the buffer owns a copy */
  CLNEW(B, clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR,
                          N * 4, NULL, &err_));
  CLNEW(C, clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, N * 4,
                          h_c, &err_));
  CLNEW(D, clCreateBuffer(ctx, CL_MEM_READ_WRITE, N * 4, NULL, &err_));
  CLNEW(E, clCreateBuffer(ctx, CL_MEM_READ_WRITE, N * 4, NULL, &err_));

  /* Sub-buffer of D at an origin aligned to CL_DEVICE_MEM_BASE_ADDR_ALIGN. */
  cl_uint align_bits = 0;
  CHECK(clGetDeviceInfo(env.device, CL_DEVICE_MEM_BASE_ADDR_ALIGN,
                        sizeof align_bits, &align_bits, NULL));
  size_t align = align_bits / 8 < 4 ? 4 : align_bits / 8;
  size_t origin = 3 * align; /* bytes */
  REQUIRE(origin % 4 == 0 && origin / 4 + SUB_N <= N, "odd alignment %zu",
          align);
  cl_buffer_region region = {origin, SUB_N * 4};
  CLNEW(S, clCreateSubBuffer(D, CL_MEM_READ_WRITE,
                             CL_BUFFER_CREATE_TYPE_REGION, &region, &err_));
  cl_mem assoc = NULL;
  size_t off = 0;
  CHECK(clGetMemObjectInfo(S, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof assoc,
                           &assoc, NULL));
  CHECK(clGetMemObjectInfo(S, CL_MEM_OFFSET, sizeof off, &off, NULL));
  REQUIRE(assoc == D && off == origin, "sub-buffer info: parent %p offset %zu",
          (void *)assoc, off);

  /* Commands with dependencies. */
  size_t global = N, sub_global = SUB_N;
  cl_int pat4 = 7;
  cl_int pat16[4] = {1, 2, 3, 4};
  cl_int k = K;
  CHECK(clEnqueueWriteBuffer(q, A, CL_FALSE, N / 2 * 4, N / 2 * 4, h_a2, 0,
                             NULL, track(CL_COMMAND_WRITE_BUFFER, "write")));
  CHECK(clEnqueueFillBuffer(q, B, &pat4, 4, 0, N * 4, 0, NULL,
                            track(CL_COMMAND_FILL_BUFFER, "fill4")));
  cl_event wl_fill[] = {ev_of("fill4")};
  CHECK(clEnqueueFillBuffer(q, B, pat16, 16, 64, 256, 1, wl_fill,
                            track(CL_COMMAND_FILL_BUFFER, "fill16")));
  CHECK(clSetKernelArg(combine, 0, sizeof A, &A));
  CHECK(clSetKernelArg(combine, 1, sizeof B, &B));
  CHECK(clSetKernelArg(combine, 2, sizeof C, &C));
  CHECK(clSetKernelArg(combine, 3, sizeof k, &k));
  cl_event wl_kernel[] = {ev_of("write"), ev_of("fill16")};
  CHECK(clEnqueueNDRangeKernel(q, combine, 1, NULL, &global, NULL, 2,
                               wl_kernel,
                               track(CL_COMMAND_NDRANGE_KERNEL, "combine")));
  cl_event wl_copy[] = {ev_of("combine")};
  CHECK(clEnqueueCopyBuffer(q, C, D, 0, 0, N * 4, 1, wl_copy,
                            track(CL_COMMAND_COPY_BUFFER, "copy")));
  CHECK(clSetKernelArg(negate, 0, sizeof S, &S));
  cl_event wl_neg[] = {ev_of("copy")};
  CHECK(clEnqueueNDRangeKernel(q, negate, 1, NULL, &sub_global, NULL, 1,
                               wl_neg,
                               track(CL_COMMAND_NDRANGE_KERNEL, "negate_sub")));

  /* Expected contents. */
  for (int i = 0; i < N; i++) {
    int a = i < N / 2 ? i * 7 - 1000 : h_a2[i - N / 2];
    int b = (i >= 16 && i < 16 + 64) ? pat16[i % 4] : pat4;
    want[i] = a * K + b;
  }

  /* Non-blocking map of D after the negation; check, unmap. */
  cl_event wl_map[] = {ev_of("negate_sub")};
  cl_int err;
  cl_int *md = clEnqueueMapBuffer(q, D, CL_FALSE, CL_MAP_READ, 0, N * 4, 1,
                                  wl_map, track(CL_COMMAND_MAP_BUFFER, "map_d"),
                                  &err);
  CHECK(err);
  CHECK(clWaitForEvents(1, (cl_event[]){ev_of("map_d")}));
  for (int i = 0; i < N; i++) {
    int sub = i >= (int)(origin / 4) && i < (int)(origin / 4) + SUB_N;
    int w = sub ? -want[i] : want[i];
    if (md[i] != w)
      fail("mapped D[%d] = %d, expected %d", i, md[i], w);
  }
  CHECK(clEnqueueUnmapMemObject(q, D, md, 0, NULL,
                                track(CL_COMMAND_UNMAP_MEM_OBJECT, "unmap_d")));

  /* USE_HOST_PTR: the mapped pointer is derived from h_c and h_c holds the
   * latest bits of the mapped region once the map completes. */
  size_t moff = 256 * 4;
  cl_int *mc = clEnqueueMapBuffer(q, C, CL_TRUE, CL_MAP_READ, moff, 1024 * 4,
                                  0, NULL,
                                  track(CL_COMMAND_MAP_BUFFER, "map_c"), &err);
  CHECK(err);
  if (mc != h_c + 256)
    fail("map of a USE_HOST_PTR buffer returned %p, expected host_ptr+%zu "
         "= %p", (void *)mc, moff, (void *)(h_c + 256));
  for (int i = 256; i < 256 + 1024; i++)
    if (h_c[i] != want[i])
      fail("host_ptr of C [%d] = %d after map, expected %d", i, h_c[i],
           want[i]);
  CHECK(clEnqueueUnmapMemObject(q, C, mc, 0, NULL,
                                track(CL_COMMAND_UNMAP_MEM_OBJECT, "unmap_c")));

  /* Write through a CL_MAP_WRITE_INVALIDATE_REGION map of D's first 16. */
  cl_int *mw = clEnqueueMapBuffer(q, D, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION,
                                  0, 16 * 4, 0, NULL,
                                  track(CL_COMMAND_MAP_BUFFER, "map_w"), &err);
  CHECK(err);
  for (int i = 0; i < 16; i++)
    mw[i] = 1000 + i;
  CHECK(clEnqueueUnmapMemObject(q, D, mw, 0, NULL,
                                track(CL_COMMAND_UNMAP_MEM_OBJECT, "unmap_w")));

  /* Non-blocking reads, then one clWaitForEvents on all of them. */
  CHECK(clEnqueueReadBuffer(q, B, CL_FALSE, 0, N * 4, out_b, 0, NULL,
                            track(CL_COMMAND_READ_BUFFER, "read_b")));
  CHECK(clEnqueueReadBuffer(q, C, CL_FALSE, 0, N * 4, out_c, 0, NULL,
                            track(CL_COMMAND_READ_BUFFER, "read_c")));
  CHECK(clEnqueueReadBuffer(q, D, CL_FALSE, 0, N * 4, out_d, 0, NULL,
                            track(CL_COMMAND_READ_BUFFER, "read_d")));
  CHECK(clEnqueueReadBuffer(q, S, CL_FALSE, 0, SUB_N * 4, out_s, 0, NULL,
                            track(CL_COMMAND_READ_BUFFER, "read_s")));
  cl_event reads[] = {ev_of("read_b"), ev_of("read_c"), ev_of("read_d"),
                      ev_of("read_s")};
  CHECK(clEnqueueMarkerWithWaitList(q, 4, reads,
                                    track(CL_COMMAND_MARKER, "marker")));
  CHECK(clEnqueueBarrierWithWaitList(q, 0, NULL,
                                     track(CL_COMMAND_BARRIER, "barrier")));
  CHECK(clWaitForEvents(4, reads));

  for (int i = 0; i < N; i++) {
    int b = (i >= 16 && i < 16 + 64) ? pat16[i % 4] : pat4;
    int sub = i >= (int)(origin / 4) && i < (int)(origin / 4) + SUB_N;
    int d = i < 16 ? 1000 + i : sub ? -want[i] : want[i];
    if (out_b[i] != b)
      fail("B[%d] = %d, expected %d", i, out_b[i], b);
    if (out_c[i] != want[i])
      fail("C[%d] = %d, expected %d", i, out_c[i], want[i]);
    if (out_d[i] != d)
      fail("D[%d] = %d, expected %d", i, out_d[i], d);
    if (sub && out_s[i - origin / 4] != d)
      fail("sub-buffer [%zu] = %d, expected %d", i - origin / 4,
           out_s[i - origin / 4], d);
  }

  /* A user event gates a kernel: it cannot complete before the user
   * event does. No blocking call on q until the user event is set. */
  cl_event user;
  CLNEW(user, clCreateUserEvent(ctx, &err_));
  CHECK(clEnqueueFillBuffer(q, E, &pat4, 4, 0, N * 4, 0, NULL,
                            track(CL_COMMAND_FILL_BUFFER, "fill_e")));
  CHECK(clSetKernelArg(negate, 0, sizeof E, &E));
  CHECK(clEnqueueNDRangeKernel(q, negate, 1, NULL, &global, NULL, 1, &user,
                               track(CL_COMMAND_NDRANGE_KERNEL, "gated")));
  CHECK(clFlush(q));
  cl_int st = 0;
  CHECK(clGetEventInfo(ev_of("gated"), CL_EVENT_COMMAND_EXECUTION_STATUS,
                       sizeof st, &st, NULL));
  REQUIRE(st == CL_QUEUED || st == CL_SUBMITTED,
          "gated kernel has status %d before its user event completed", st);
  CHECK(clGetEventInfo(user, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st,
                       &st, NULL));
  REQUIRE(st == CL_SUBMITTED, "new user event status %d, expected "
          "CL_SUBMITTED", st);
  CHECK(clSetUserEventStatus(user, CL_COMPLETE));
  CHECK(clWaitForEvents(1, (cl_event[]){ev_of("gated")}));
  CHECK(clEnqueueReadBuffer(q, E, CL_TRUE, 0, N * 4, out_b, 0, NULL,
                            track(CL_COMMAND_READ_BUFFER, "read_e")));
  for (int i = 0; i < N; i++)
    REQUIRE(out_b[i] == -pat4, "E[%d] = %d after the gated negate", i,
            out_b[i]);

  /* A callback on an already complete event still runs (maybe later, on
   * another thread). */
  CHECK(clSetEventCallback(ev_of("combine"), CL_COMPLETE, on_complete,
                           &callback_calls));
  CHECK(clFinish(q));
  for (int waited = 0; atomic_load(&callback_calls) == 0 && waited < 2000;
       waited++)
    nanosleep(&(struct timespec){0, 1000000}, NULL);
  REQUIRE(atomic_load(&callback_calls) == 1, "event callback ran %d times",
          atomic_load(&callback_calls));

  /* Every event: complete, right type/queue/context, ordered timestamps. */
  for (int i = 0; i < nevents; i++) {
    cl_event ev = events[i].ev;
    cl_int status;
    cl_command_type type;
    cl_command_queue eq;
    cl_context ec;
    CHECK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status,
                         &status, NULL));
    CHECK(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof type, &type, NULL));
    CHECK(clGetEventInfo(ev, CL_EVENT_COMMAND_QUEUE, sizeof eq, &eq, NULL));
    CHECK(clGetEventInfo(ev, CL_EVENT_CONTEXT, sizeof ec, &ec, NULL));
    REQUIRE(status == CL_COMPLETE, "%s: status %d", events[i].name, status);
    REQUIRE(type == events[i].type, "%s: command type 0x%x, expected 0x%x",
            events[i].name, type, events[i].type);
    REQUIRE(eq == q && ec == ctx, "%s: wrong queue or context",
            events[i].name);
    cl_ulong tq = prof(ev, CL_PROFILING_COMMAND_QUEUED);
    cl_ulong ts = prof(ev, CL_PROFILING_COMMAND_SUBMIT);
    cl_ulong t0 = prof(ev, CL_PROFILING_COMMAND_START);
    cl_ulong t1 = prof(ev, CL_PROFILING_COMMAND_END);
    if (!(tq <= ts && ts <= t0 && t0 <= t1))
      fail("%s: profiling times out of order: queued %" PRIu64
           " submit %" PRIu64 " start %" PRIu64 " end %" PRIu64,
           events[i].name, tq, ts, t0, t1);
  }
  /* A command starts only after the commands in its wait list ended. */
  static const char *deps[][2] = {{"combine", "write"}, {"combine", "fill16"},
                                  {"fill16", "fill4"},  {"copy", "combine"},
                                  {"negate_sub", "copy"}, {"map_d", "negate_sub"}};
  for (size_t i = 0; i < sizeof deps / sizeof deps[0]; i++) {
    cl_ulong start = prof(ev_of(deps[i][0]), CL_PROFILING_COMMAND_START);
    cl_ulong end = prof(ev_of(deps[i][1]), CL_PROFILING_COMMAND_END);
    if (start < end)
      fail("%s started at %" PRIu64 " before %s (in its wait list) ended at %"
           PRIu64, deps[i][0], start, deps[i][1], end);
  }
  /* User events have no profiling information. */
  cl_ulong t;
  cl_int perr = clGetEventProfilingInfo(user, CL_PROFILING_COMMAND_QUEUED,
                                        sizeof t, &t, NULL);
  if (perr != CL_PROFILING_INFO_NOT_AVAILABLE)
    fail("profiling info of a user event: %s, expected "
         "CL_PROFILING_INFO_NOT_AVAILABLE", cl_err_name(perr));
  cl_command_type ut;
  CHECK(clGetEventInfo(user, CL_EVENT_COMMAND_TYPE, sizeof ut, &ut, NULL));
  REQUIRE(ut == CL_COMMAND_USER, "user event type 0x%x", ut);

  printf("sum events.count %d\n", nevents);
  printf("sum events.b %016" PRIx64 "\n", fnv1a(out_b, N * 4));
  printf("sum events.c %016" PRIx64 "\n", fnv1a(out_c, N * 4));
  printf("sum events.d %016" PRIx64 "\n", fnv1a(out_d, N * 4));

  for (int i = 0; i < nevents; i++)
    CHECK(clReleaseEvent(events[i].ev));
  CHECK(clReleaseEvent(user));
  cl_mem mems[] = {S, A, B, C, D, E};
  for (size_t i = 0; i < 6; i++)
    CHECK(clReleaseMemObject(mems[i]));
  CHECK(clReleaseKernel(combine));
  CHECK(clReleaseKernel(negate));
  CHECK(clReleaseProgram(prog));
  env_release(&env);
  free(h_a); free(h_a2); free(h_c); free(want); free(out_b); free(out_c);
  free(out_d); free(out_s);
  printf("PASS events\n");
  return 0;
}
