//===- Queue.cpp - Command queues, events and kernel launches -------------===//
//
/// \file
/// A command runs when it is enqueued unless it must wait: for an event
/// that is not complete (a user event, or a command waiting for one) or for
/// the commands before it in its queue. Those wait in the queue's Pending
/// list, in order, and run on the thread that completes what they wait for
/// (clSetUserEventStatus) or that waits for them (clFinish,
/// clWaitForEvents, a blocking command). So most events are complete when
/// the enqueue returns (the spec allows it), and a host that gates commands
/// with a user event and sets it later from the same thread works.
//===----------------------------------------------------------------------===//

#include "Icd.h"
#include <algorithm>
#include <condition_variable>
#include <mutex>

_cl_event::~_cl_event() {
  if (Queue)
    Queue->release();
  Ctx->release();
}

namespace kwocl {
namespace {

std::mutex EventMu;
std::condition_variable EventCv;
/// Queues with pending commands, each retained while it is here.
std::vector<cl_command_queue> Waiting;

/// Sets \p E's status and runs the callbacks registered for it.
void setStatus(cl_event E, cl_int Status) {
  std::vector<std::pair<void(CL_CALLBACK *)(cl_event, cl_int, void *),
                        void *>>
      Run;
  {
    std::lock_guard<std::mutex> L(EventMu);
    E->Status = Status;
    Run.swap(E->Callbacks);
  }
  EventCv.notify_all();
  for (auto &[Fn, Data] : Run)
    Fn(E, Status, Data);
}

bool done(cl_event E) { return E->Status <= CL_COMPLETE; }

bool ready(const _cl_command_queue::Command &C) {
  for (cl_event E : C.Wait)
    if (!done(E))
      return false;
  return true;
}

/// Runs command \p C (its wait list complete): the body unless an event it
/// waited for failed, then its event's status and times.
void runCommand(_cl_command_queue::Command &C) {
  bool Failed = false;
  for (cl_event E : C.Wait)
    Failed |= E->Status < 0;
  cl_event Ev = C.Event;
  Ev->Submit = Ev->Start = nowNs();
  if (!Failed)
    C.Body();
  Ev->End = nowNs();
  setStatus(Ev, Failed ? CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
                       : CL_COMPLETE);
  for (cl_event E : C.Wait)
    E->release();
  Ev->release();
}

/// Runs the commands at the front of \p Q that can run; true if one ran.
bool drain(cl_command_queue Q) {
  std::unique_lock<std::mutex> L(EventMu);
  if (Q->Draining)
    return false;
  Q->Draining = true;
  bool Ran = false;
  while (!Q->Pending.empty() && ready(Q->Pending.front())) {
    _cl_command_queue::Command C = std::move(Q->Pending.front());
    Q->Pending.pop_front();
    L.unlock();
    runCommand(C);
    Ran = true;
    L.lock();
  }
  Q->Draining = false;
  L.unlock();
  EventCv.notify_all();
  return Ran;
}

/// Runs whatever can run in every queue, until nothing more can (a command
/// of one queue may wait for an event of another).
void progress() {
  for (bool Ran = true; Ran;) {
    std::vector<cl_command_queue> Qs;
    {
      std::lock_guard<std::mutex> L(EventMu);
      Qs = Waiting;
      for (cl_command_queue Q : Qs)
        Q->retain();
    }
    Ran = false;
    for (cl_command_queue Q : Qs)
      Ran |= drain(Q);
    std::lock_guard<std::mutex> L(EventMu);
    for (auto It = Waiting.begin(); It != Waiting.end();)
      if ((*It)->Pending.empty() && !(*It)->Draining) {
        (*It)->release();
        It = Waiting.erase(It);
      } else {
        ++It;
      }
    for (cl_command_queue Q : Qs)
      Q->release();
  }
}

/// Waits until \p Done holds, running what can run meanwhile.
template <typename Pred> void waitUntil(Pred Done) {
  progress();
  std::unique_lock<std::mutex> L(EventMu);
  EventCv.wait(L, Done);
}

/// The pool kernels run on (threadCount()), one launch at a time.
kw::ThreadPool &pool(std::unique_lock<std::mutex> &Lock) {
  static std::mutex Mu;
  static kw::ThreadPool *Pool = new kw::ThreadPool(threadCount());
  Lock = std::unique_lock<std::mutex>(Mu);
  return *Pool;
}

cl_int checkWaitList(cl_uint N, const cl_event *Events) {
  if ((N && !Events) || (!N && Events))
    return CL_INVALID_EVENT_WAIT_LIST;
  for (cl_uint I = 0; I < N; ++I)
    if (!_cl_event::valid(Events[I]))
      return CL_INVALID_EVENT_WAIT_LIST;
  return CL_SUCCESS;
}

} // namespace

cl_int enqueue(cl_command_queue Q, cl_command_type Type, cl_uint NWait,
               const cl_event *Wait, cl_event *Ev, bool Blocking,
               std::function<void()> Body) {
  if (cl_int E = checkWaitList(NWait, Wait))
    return E;
  auto *E = new _cl_event();
  E->Ctx = Q->Ctx;
  E->Ctx->retain();
  E->Queue = Q;
  Q->retain();
  E->Type = Type;
  E->Queued = nowNs();
  E->retain(); // the command's reference; the caller's is the first
  _cl_command_queue::Command C{std::move(Body),
                               std::vector<cl_event>(Wait, Wait + NWait), E};
  for (cl_event W : C.Wait)
    W->retain();
  bool Now;
  {
    std::lock_guard<std::mutex> L(EventMu);
    Now = Q->Pending.empty() && !Q->Draining && ready(C);
    // Draining also while this thread runs the command at once: another
    // thread's command for the queue waits behind it.
    Q->Draining |= Now;
    if (!Now) {
      if (Q->Pending.empty() &&
          std::find(Waiting.begin(), Waiting.end(), Q) == Waiting.end()) {
        Q->retain();
        Waiting.push_back(Q);
      }
      Q->Pending.push_back(std::move(C));
    }
  }
  if (Now) {
    runCommand(C);
    {
      std::lock_guard<std::mutex> L(EventMu);
      Q->Draining = false;
    }
    EventCv.notify_all();
    progress();
  } else if (Blocking)
    waitUntil([&] { return done(E); });
  cl_int Result = Blocking && E->Status < 0
                      ? CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
                      : CL_SUCCESS;
  if (Ev)
    *Ev = E;
  else
    E->release();
  return Result;
}

namespace {

cl_command_queue makeQueue(cl_context C, cl_device_id D,
                           cl_command_queue_properties Props, cl_int *Err) {
  if (!_cl_context::valid(C))
    return failWith<_cl_command_queue>(Err, CL_INVALID_CONTEXT);
  if (!isDevice(D))
    return failWith<_cl_command_queue>(Err, CL_INVALID_DEVICE);
  if (Props & ~cl_command_queue_properties(
                  CL_QUEUE_PROFILING_ENABLE |
                  CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE))
    return failWith<_cl_command_queue>(Err, CL_INVALID_QUEUE_PROPERTIES);
  auto *Q = new _cl_command_queue();
  Q->Ctx = C;
  C->retain();
  Q->Props = Props;
  return failWith(Err, CL_SUCCESS, Q);
}

} // namespace

cl_command_queue CL_API_CALL clCreateCommandQueue(
    cl_context C, cl_device_id D, cl_command_queue_properties Props,
    cl_int *Err) {
  return makeQueue(C, D, Props, Err);
}

cl_command_queue CL_API_CALL clCreateCommandQueueWithProperties(
    cl_context C, cl_device_id D, const cl_queue_properties *Props,
    cl_int *Err) {
  cl_command_queue_properties Flags = 0;
  for (const cl_queue_properties *P = Props; P && *P; P += 2) {
    if (P[0] != CL_QUEUE_PROPERTIES)
      return failWith<_cl_command_queue>(Err, CL_INVALID_VALUE);
    Flags = P[1];
  }
  return makeQueue(C, D, Flags, Err);
}

cl_int CL_API_CALL clRetainCommandQueue(cl_command_queue Q) {
  return retainObject(Q, CL_INVALID_COMMAND_QUEUE);
}

cl_int CL_API_CALL clReleaseCommandQueue(cl_command_queue Q) {
  return releaseObject(Q, CL_INVALID_COMMAND_QUEUE);
}

cl_int CL_API_CALL clGetCommandQueueInfo(cl_command_queue Q,
                                         cl_command_queue_info Param,
                                         size_t Room, void *Dst,
                                         size_t *Ret) {
  if (!_cl_command_queue::valid(Q))
    return CL_INVALID_COMMAND_QUEUE;
  switch (Param) {
  case CL_QUEUE_CONTEXT: return info(Q->Ctx, Room, Dst, Ret);
  case CL_QUEUE_DEVICE: return info(&TheDevice, Room, Dst, Ret);
  case CL_QUEUE_REFERENCE_COUNT: return info(cl_uint(Q->Refs), Room, Dst, Ret);
  case CL_QUEUE_PROPERTIES: return info(Q->Props, Room, Dst, Ret);
  default: return CL_INVALID_VALUE;
  }
}

cl_int CL_API_CALL clSetCommandQueueProperty(cl_command_queue Q,
                                             cl_command_queue_properties,
                                             cl_bool,
                                             cl_command_queue_properties *) {
  return _cl_command_queue::valid(Q) ? CL_INVALID_OPERATION
                                     : CL_INVALID_COMMAND_QUEUE;
}

cl_int CL_API_CALL clFlush(cl_command_queue Q) {
  if (!_cl_command_queue::valid(Q))
    return CL_INVALID_COMMAND_QUEUE;
  progress();
  return CL_SUCCESS;
}

cl_int CL_API_CALL clFinish(cl_command_queue Q) {
  if (!_cl_command_queue::valid(Q))
    return CL_INVALID_COMMAND_QUEUE;
  waitUntil([&] { return Q->Pending.empty() && !Q->Draining; });
  return CL_SUCCESS;
}

// In-order: a marker or barrier without a wait list follows every
// command before it because it queues behind them.
cl_int CL_API_CALL clEnqueueMarkerWithWaitList(cl_command_queue Q, cl_uint N,
                                               const cl_event *Wait,
                                               cl_event *Ev) {
  if (!_cl_command_queue::valid(Q))
    return CL_INVALID_COMMAND_QUEUE;
  return enqueue(Q, CL_COMMAND_MARKER, N, Wait, Ev, false, [] {});
}

cl_int CL_API_CALL clEnqueueBarrierWithWaitList(cl_command_queue Q,
                                                cl_uint N,
                                                const cl_event *Wait,
                                                cl_event *Ev) {
  if (!_cl_command_queue::valid(Q))
    return CL_INVALID_COMMAND_QUEUE;
  return enqueue(Q, CL_COMMAND_BARRIER, N, Wait, Ev, false, [] {});
}

cl_int CL_API_CALL clEnqueueMarker(cl_command_queue Q, cl_event *Ev) {
  if (!Ev)
    return CL_INVALID_VALUE;
  return kwocl::clEnqueueMarkerWithWaitList(Q, 0, nullptr, Ev);
}

cl_int CL_API_CALL clEnqueueBarrier(cl_command_queue Q) {
  return kwocl::clEnqueueBarrierWithWaitList(Q, 0, nullptr, nullptr);
}

cl_int CL_API_CALL clEnqueueWaitForEvents(cl_command_queue Q, cl_uint N,
                                          const cl_event *Events) {
  if (!_cl_command_queue::valid(Q))
    return CL_INVALID_COMMAND_QUEUE;
  if (!N || !Events)
    return CL_INVALID_VALUE;
  if (checkWaitList(N, Events))
    return CL_INVALID_EVENT;
  return enqueue(Q, CL_COMMAND_BARRIER, N, Events, nullptr, false, [] {});
}

cl_int CL_API_CALL clWaitForEvents(cl_uint N, const cl_event *Events) {
  if (!N || !Events)
    return CL_INVALID_VALUE;
  if (checkWaitList(N, Events))
    return CL_INVALID_EVENT;
  bool Failed = false;
  waitUntil([&] {
    for (cl_uint I = 0; I < N; ++I)
      if (!done(Events[I]))
        return false;
    return true;
  });
  for (cl_uint I = 0; I < N; ++I)
    Failed |= Events[I]->Status < 0;
  return Failed ? CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST : CL_SUCCESS;
}

cl_int CL_API_CALL clGetEventInfo(cl_event E, cl_event_info Param,
                                  size_t Room, void *Dst, size_t *Ret) {
  if (!_cl_event::valid(E))
    return CL_INVALID_EVENT;
  switch (Param) {
  case CL_EVENT_COMMAND_QUEUE: return info(E->Queue, Room, Dst, Ret);
  case CL_EVENT_CONTEXT: return info(E->Ctx, Room, Dst, Ret);
  case CL_EVENT_COMMAND_TYPE: return info(E->Type, Room, Dst, Ret);
  case CL_EVENT_COMMAND_EXECUTION_STATUS:
    return info(cl_int(E->Status), Room, Dst, Ret);
  case CL_EVENT_REFERENCE_COUNT: return info(cl_uint(E->Refs), Room, Dst, Ret);
  default: return CL_INVALID_VALUE;
  }
}

cl_int CL_API_CALL clGetEventProfilingInfo(cl_event E,
                                           cl_profiling_info Param,
                                           size_t Room, void *Dst,
                                           size_t *Ret) {
  if (!_cl_event::valid(E))
    return CL_INVALID_EVENT;
  if (!E->Queue || !(E->Queue->Props & CL_QUEUE_PROFILING_ENABLE) ||
      E->Status != CL_COMPLETE)
    return CL_PROFILING_INFO_NOT_AVAILABLE;
  switch (Param) {
  case CL_PROFILING_COMMAND_QUEUED: return info(E->Queued, Room, Dst, Ret);
  case CL_PROFILING_COMMAND_SUBMIT: return info(E->Submit, Room, Dst, Ret);
  case CL_PROFILING_COMMAND_START: return info(E->Start, Room, Dst, Ret);
  case CL_PROFILING_COMMAND_END:
  case CL_PROFILING_COMMAND_COMPLETE: return info(E->End, Room, Dst, Ret);
  default: return CL_INVALID_VALUE;
  }
}

cl_int CL_API_CALL clRetainEvent(cl_event E) {
  return retainObject(E, CL_INVALID_EVENT);
}

cl_int CL_API_CALL clReleaseEvent(cl_event E) {
  return releaseObject(E, CL_INVALID_EVENT);
}

cl_event CL_API_CALL clCreateUserEvent(cl_context C, cl_int *Err) {
  if (!_cl_context::valid(C))
    return failWith<_cl_event>(Err, CL_INVALID_CONTEXT);
  auto *E = new _cl_event();
  E->Ctx = C;
  C->retain();
  E->Type = CL_COMMAND_USER;
  E->Status = CL_SUBMITTED;
  return failWith(Err, CL_SUCCESS, E);
}

cl_int CL_API_CALL clSetUserEventStatus(cl_event E, cl_int Status) {
  if (!_cl_event::valid(E) || E->Type != CL_COMMAND_USER)
    return CL_INVALID_EVENT;
  if (Status > CL_COMPLETE)
    return CL_INVALID_VALUE;
  if (E->Status <= CL_COMPLETE)
    return CL_INVALID_OPERATION;
  setStatus(E, Status);
  progress();
  return CL_SUCCESS;
}

cl_int CL_API_CALL clSetEventCallback(
    cl_event E, cl_int Type, void(CL_CALLBACK *Fn)(cl_event, cl_int, void *),
    void *Data) {
  if (!_cl_event::valid(E))
    return CL_INVALID_EVENT;
  if (!Fn || (Type != CL_COMPLETE && Type != CL_SUBMITTED &&
              Type != CL_RUNNING))
    return CL_INVALID_VALUE;
  {
    std::lock_guard<std::mutex> L(EventMu);
    // Only a user event is ever pending; its callbacks run when it is set.
    if (E->Status > CL_COMPLETE) {
      E->Callbacks.push_back({Fn, Data});
      return CL_SUCCESS;
    }
  }
  Fn(E, E->Status, Data);
  return CL_SUCCESS;
}

namespace {

/// The launch checks of clEnqueueNDRangeKernel (OpenCL 1.2: a local size
/// must divide the global size) and the group size chosen for a NULL one.
cl_int checkRange(cl_uint Dims, const size_t *Offset, const size_t *Global,
                  const size_t *Local, const uint64_t *Reqd, kw::NDRange &R) {
  if (Dims < 1 || Dims > 3)
    return CL_INVALID_WORK_DIMENSION;
  if (!Global)
    return CL_INVALID_GLOBAL_WORK_SIZE;
  R.Dims = Dims;
  size_t Items = 1;
  for (cl_uint D = 0; D < Dims; ++D) {
    if (!Global[D])
      return CL_INVALID_GLOBAL_WORK_SIZE;
    if (Offset && Global[D] + Offset[D] < Global[D])
      return CL_INVALID_GLOBAL_OFFSET;
    R.Global[D] = Global[D];
    R.Offset[D] = Offset ? Offset[D] : 0;
    if (Local) {
      if (!Local[D] || Global[D] % Local[D])
        return CL_INVALID_WORK_GROUP_SIZE;
      R.Local[D] = Local[D];
      Items *= Local[D];
    }
  }
  // The group's total first: both errors apply to one dimension over the
  // limit, and the spec lists this one first.
  if (Items > MaxWorkGroupSize)
    return CL_INVALID_WORK_GROUP_SIZE;
  for (cl_uint D = 0; D < Dims && Local; ++D)
    if (Local[D] > MaxWorkGroupSize)
      return CL_INVALID_WORK_ITEM_SIZE;
  if (Reqd) {
    // OpenCL 1.2: a kernel with reqd_work_group_size needs its local size
    // given.
    if (!Local)
      return CL_INVALID_WORK_GROUP_SIZE;
    // The work-group function was compiled for exactly these groups.
    for (cl_uint D = 0; D < 3; ++D) {
      size_t G = D < Dims ? Global[D] : 1;
      if ((Local && D < Dims && Local[D] != Reqd[D]) || G % Reqd[D])
        return CL_INVALID_WORK_GROUP_SIZE;
      R.Local[D] = Reqd[D];
    }
  } else if (!Local) {
    // The largest divisor of the first dimension up to 256 items, which
    // keeps whole vectors when the size has the factors; other dimensions
    // one item wide.
    for (size_t L = std::min<size_t>(Global[0], 256); L >= 1; --L)
      if (Global[0] % L == 0) {
        R.Local[0] = L;
        break;
      }
  }
  for (cl_uint D = 0; D < 3; ++D)
    if (D >= Dims)
      R.Global[D] = R.Local[D] = 1;
  return CL_SUCCESS;
}

/// A launch's arguments as the work-group function takes them, copied
/// when it is enqueued (later clSetKernelArg calls do not change it).
/// It holds the kernel (its program's code) and the buffers until it ran.
struct Launch {
  cl_kernel Kernel = nullptr;
  std::vector<cl_mem> Mems;
  std::vector<std::vector<char>> Values;
  std::vector<void *> Ptrs;
  std::vector<kw::Arg> Args;
  ~Launch() {
    for (cl_mem M : Mems)
      M->release();
    if (Kernel)
      Kernel->release();
  }
};

cl_int snapshotArgs(cl_kernel K, cl_context Ctx, Launch &L) {
  size_t N = K->Params.size();
  K->retain();
  L.Kernel = K;
  L.Values = K->Values;
  L.Ptrs.assign(N, nullptr);
  L.Args.assign(N, kw::Arg());
  for (size_t I = 0; I < N; ++I) {
    if (!K->Set[I])
      return CL_INVALID_KERNEL_ARGS;
    switch (K->Params[I].K) {
    case KernelParam::Local:
      L.Args[I].LocalBytes = K->LocalBytes[I];
      break;
    case KernelParam::Buffer: {
      cl_mem M;
      memcpy(&M, L.Values[I].data(), sizeof(M));
      if (M && (!_cl_mem::valid(M) || M->Ctx != Ctx))
        return CL_INVALID_KERNEL_ARGS;
      if (M) {
        M->retain();
        L.Mems.push_back(M);
      }
      L.Ptrs[I] = M ? M->Data : nullptr;
      L.Args[I].Value = &L.Ptrs[I];
      break;
    }
    case KernelParam::Value:
      L.Args[I].Value = L.Values[I].data();
      break;
    }
  }
  return CL_SUCCESS;
}

} // namespace

cl_int CL_API_CALL clEnqueueNDRangeKernel(cl_command_queue Q, cl_kernel K,
                                          cl_uint Dims, const size_t *Offset,
                                          const size_t *Global,
                                          const size_t *Local, cl_uint NWait,
                                          const cl_event *Wait, cl_event *Ev) {
  if (!_cl_command_queue::valid(Q))
    return CL_INVALID_COMMAND_QUEUE;
  if (!_cl_kernel::valid(K))
    return CL_INVALID_KERNEL;
  if (K->Prog->Ctx != Q->Ctx)
    return CL_INVALID_CONTEXT;
  if (!K->Fn)
    return CL_INVALID_PROGRAM_EXECUTABLE;
  auto L = std::make_shared<Launch>();
  if (cl_int E = snapshotArgs(K, Q->Ctx, *L))
    return E;
  kw::NDRange R;
  if (cl_int E = checkRange(Dims, Offset, Global, Local, K->Reqd, R))
    return E;
  kw_wg_fn Fn = K->Fn;
  return enqueue(Q, CL_COMMAND_NDRANGE_KERNEL, NWait, Wait, Ev, false, [=] {
    std::unique_lock<std::mutex> Lock;
    pool(Lock).run(Fn, L->Args, R);
  });
}

cl_int CL_API_CALL clEnqueueTask(cl_command_queue Q, cl_kernel K,
                                 cl_uint NWait, const cl_event *Wait,
                                 cl_event *Ev) {
  size_t One = 1;
  return kwocl::clEnqueueNDRangeKernel(Q, K, 1, nullptr, &One, &One, NWait, Wait,
                                Ev);
}

} // namespace kwocl
