//===- Queue.cpp - Command queues, events and kernel launches -------------===//
//
/// \file
/// Every command runs when it is enqueued, so a queue is always empty and
/// every event it returns is complete (the spec allows an implementation to
/// finish a command before the enqueue returns). A user event is the one
/// event that can be pending: a command waiting on it blocks the enqueuing
/// thread until another thread sets its status.
//
//===----------------------------------------------------------------------===//

#include "Icd.h"
#include <condition_variable>
#include <mutex>
#include <thread>

_cl_event::~_cl_event() {
  if (Queue)
    Queue->release();
  Ctx->release();
}

namespace kwocl {
namespace {

std::mutex EventMu;
std::condition_variable EventCv;

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

/// The pool kernels run on: this machine's cores (KW_THREADS to choose),
/// one launch at a time.
kw::ThreadPool &pool(std::unique_lock<std::mutex> &Lock) {
  static std::mutex Mu;
  static kw::ThreadPool *Pool = [] {
    unsigned N = std::max(1u, std::thread::hardware_concurrency());
    if (const char *T = getenv("KW_THREADS"))
      if (unsigned V = strtoul(T, nullptr, 10))
        N = V;
    return new kw::ThreadPool(N);
  }();
  Lock = std::unique_lock<std::mutex>(Mu);
  return *Pool;
}

} // namespace

cl_int waitList(cl_uint N, const cl_event *Events) {
  if ((N && !Events) || (!N && Events))
    return CL_INVALID_EVENT_WAIT_LIST;
  for (cl_uint I = 0; I < N; ++I)
    if (!_cl_event::valid(Events[I]))
      return CL_INVALID_EVENT_WAIT_LIST;
  bool Failed = false;
  std::unique_lock<std::mutex> L(EventMu);
  for (cl_uint I = 0; I < N; ++I) {
    EventCv.wait(L, [&] { return Events[I]->Status <= CL_COMPLETE; });
    Failed |= Events[I]->Status < 0;
  }
  return Failed ? CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST : CL_SUCCESS;
}

void completeEvent(cl_command_queue Q, cl_command_type Type, cl_ulong Start,
                   cl_event *Out) {
  if (!Out)
    return;
  auto *E = new _cl_event();
  E->Ctx = Q->Ctx;
  E->Ctx->retain();
  E->Queue = Q;
  Q->retain();
  E->Type = Type;
  E->Queued = E->Submit = E->Start = Start;
  E->End = nowNs();
  E->Status = CL_COMPLETE;
  *Out = E;
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
  if (!_cl_command_queue::valid(Q))
    return CL_INVALID_COMMAND_QUEUE;
  Q->retain();
  return CL_SUCCESS;
}

cl_int CL_API_CALL clReleaseCommandQueue(cl_command_queue Q) {
  if (!_cl_command_queue::valid(Q))
    return CL_INVALID_COMMAND_QUEUE;
  Q->release();
  return CL_SUCCESS;
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
  return _cl_command_queue::valid(Q) ? CL_SUCCESS : CL_INVALID_COMMAND_QUEUE;
}

cl_int CL_API_CALL clFinish(cl_command_queue Q) {
  return _cl_command_queue::valid(Q) ? CL_SUCCESS : CL_INVALID_COMMAND_QUEUE;
}

cl_int CL_API_CALL clEnqueueMarkerWithWaitList(cl_command_queue Q, cl_uint N,
                                               const cl_event *Wait,
                                               cl_event *Ev) {
  if (!_cl_command_queue::valid(Q))
    return CL_INVALID_COMMAND_QUEUE;
  if (cl_int E = waitList(N, Wait))
    return E;
  completeEvent(Q, CL_COMMAND_MARKER, nowNs(), Ev);
  return CL_SUCCESS;
}

cl_int CL_API_CALL clEnqueueBarrierWithWaitList(cl_command_queue Q,
                                                cl_uint N,
                                                const cl_event *Wait,
                                                cl_event *Ev) {
  if (!_cl_command_queue::valid(Q))
    return CL_INVALID_COMMAND_QUEUE;
  if (cl_int E = waitList(N, Wait))
    return E;
  completeEvent(Q, CL_COMMAND_BARRIER, nowNs(), Ev);
  return CL_SUCCESS;
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
  cl_int E = waitList(N, Events);
  return E == CL_INVALID_EVENT_WAIT_LIST ? CL_INVALID_EVENT : E;
}

cl_int CL_API_CALL clWaitForEvents(cl_uint N, const cl_event *Events) {
  if (!N || !Events)
    return CL_INVALID_VALUE;
  cl_int E = waitList(N, Events);
  return E == CL_INVALID_EVENT_WAIT_LIST ? CL_INVALID_EVENT : E;
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
  if (!_cl_event::valid(E))
    return CL_INVALID_EVENT;
  E->retain();
  return CL_SUCCESS;
}

cl_int CL_API_CALL clReleaseEvent(cl_event E) {
  if (!_cl_event::valid(E))
    return CL_INVALID_EVENT;
  E->release();
  return CL_SUCCESS;
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
      if (!Local[D] || Local[D] > MaxWorkGroupSize)
        return CL_INVALID_WORK_ITEM_SIZE;
      if (Global[D] % Local[D])
        return CL_INVALID_WORK_GROUP_SIZE;
      R.Local[D] = Local[D];
      Items *= Local[D];
    }
  }
  if (Items > MaxWorkGroupSize)
    return CL_INVALID_WORK_GROUP_SIZE;
  if (Reqd) {
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

/// The kernel's arguments as the work-group function takes them.
cl_int kernelArgs(cl_kernel K, cl_context Ctx, std::vector<void *> &Ptrs,
                  std::vector<kw::Arg> &Args) {
  size_t N = K->Params.size();
  Ptrs.assign(N, nullptr);
  Args.assign(N, kw::Arg());
  for (size_t I = 0; I < N; ++I) {
    if (!K->Set[I])
      return CL_INVALID_KERNEL_ARGS;
    switch (K->Params[I].K) {
    case KernelParam::Local:
      Args[I].LocalBytes = K->LocalBytes[I];
      break;
    case KernelParam::Buffer: {
      cl_mem M;
      memcpy(&M, K->Values[I].data(), sizeof(M));
      if (M && (!_cl_mem::valid(M) || M->Ctx != Ctx))
        return CL_INVALID_KERNEL_ARGS;
      Ptrs[I] = M ? M->Data : nullptr;
      Args[I].Value = &Ptrs[I];
      break;
    }
    case KernelParam::Value:
      Args[I].Value = K->Values[I].data();
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
  std::vector<void *> Ptrs;
  std::vector<kw::Arg> Args;
  if (cl_int E = kernelArgs(K, Q->Ctx, Ptrs, Args))
    return E;
  kw::NDRange R;
  if (cl_int E = checkRange(Dims, Offset, Global, Local, K->Reqd, R))
    return E;
  if (cl_int E = waitList(NWait, Wait))
    return E;
  cl_ulong T0 = nowNs();
  if (!K->Fn)
    return CL_INVALID_PROGRAM_EXECUTABLE;
  {
    std::unique_lock<std::mutex> Lock;
    pool(Lock).run(K->Fn, Args, R);
  }
  completeEvent(Q, CL_COMMAND_NDRANGE_KERNEL, T0, Ev);
  return CL_SUCCESS;
}

cl_int CL_API_CALL clEnqueueTask(cl_command_queue Q, cl_kernel K,
                                 cl_uint NWait, const cl_event *Wait,
                                 cl_event *Ev) {
  size_t One = 1;
  return kwocl::clEnqueueNDRangeKernel(Q, K, 1, nullptr, &One, &One, NWait, Wait,
                                Ev);
}

} // namespace kwocl
