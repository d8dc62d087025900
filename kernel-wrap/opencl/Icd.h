//===- Icd.h - kernel-wrap's OpenCL platform: objects and helpers -*- C++ -*-=//
//
/// \file
/// The OpenCL objects of the platform an ICD loader (Debian's ocl-icd) sees
/// when it loads libkernel-wrap-opencl.so. Each object starts with the
/// pointer to the dispatch table, as the ICD extension (cl_khr_icd)
/// requires: the loader calls through it. One platform with one CPU device;
/// every command runs when it is enqueued (an in-order queue whose commands
/// are complete when the enqueue returns), kernels on kw::ThreadPool.
//
//===----------------------------------------------------------------------===//

#ifndef KERNELWRAP_OPENCL_ICD_H
#define KERNELWRAP_OPENCL_ICD_H

#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_0_APIS
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_USE_DEPRECATED_OPENCL_2_0_APIS
#include <CL/cl_icd.h>

#include "kernel-wrap/kw_runtime.h"
#include "kernel-wrap/kw_signature.h"
#include <atomic>
#include <cstring>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace kwocl {

extern cl_icd_dispatch Dispatch;

/// What every object but the platform and the device has: the dispatch
/// pointer (first), a tag that tells a live object of this kind from
/// garbage, and a reference count.
template <typename Self, uint32_t Tag> struct Object {
  cl_icd_dispatch *DispatchPtr = &Dispatch;
  uint32_t Magic = Tag;
  std::atomic<cl_uint> Refs{1};
  static bool valid(const Self *O) { return O && O->Magic == Tag; }
  void retain() { ++Refs; }
  /// Drops a reference; the last one deletes the object.
  void release() {
    if (--Refs == 0) {
      Magic = 0;
      delete static_cast<Self *>(this);
    }
  }
};

/// Copies \p Size bytes of \p Src to a clGet*Info result, with the spec's
/// checks (CL_INVALID_VALUE when the caller's room is too small).
cl_int info(const void *Src, size_t Size, size_t Room, void *Dst,
            size_t *SizeRet);
template <typename T>
cl_int info(const T &V, size_t Room, void *Dst, size_t *SizeRet) {
  return info(&V, sizeof(T), Room, Dst, SizeRet);
}
inline cl_int info(const std::string &S, size_t Room, void *Dst,
                   size_t *SizeRet) {
  return info(S.c_str(), S.size() + 1, Room, Dst, SizeRet);
}
template <typename T>
cl_int info(const std::vector<T> &V, size_t Room, void *Dst,
            size_t *SizeRet) {
  return info(V.data(), V.size() * sizeof(T), Room, Dst, SizeRet);
}

/// clRetain*/clRelease*: \p Invalid unless \p O is a live object of its
/// kind.
template <typename T> cl_int retainObject(T *O, cl_int Invalid) {
  if (!T::valid(O))
    return Invalid;
  O->retain();
  return CL_SUCCESS;
}
template <typename T> cl_int releaseObject(T *O, cl_int Invalid) {
  if (!T::valid(O))
    return Invalid;
  O->release();
  return CL_SUCCESS;
}

/// Sets *Err (when given) and returns \p R: the create calls' convention.
template <typename T> T *failWith(cl_int *Err, cl_int Code, T *R = nullptr) {
  if (Err)
    *Err = Code;
  return R;
}

/// Nanoseconds of a monotonic clock: event profiling.
cl_ulong nowNs();

/// The threads that run work groups: KW_THREADS, or every core. Also the
/// device's compute units.
unsigned threadCount();

/// The device's limits, read by the queries and by the launch checks.
constexpr size_t MaxWorkGroupSize = 1024;
static_assert(MaxWorkGroupSize <= KW_MAX_LOCAL_SIZE,
              "work-group functions count work items in 32 bits");
constexpr size_t PreferredMultiple = 16;
constexpr size_t MaxParameterBytes = 4096;

} // namespace kwocl

struct _cl_platform_id {
  cl_icd_dispatch *DispatchPtr = &kwocl::Dispatch;
};

struct _cl_device_id {
  cl_icd_dispatch *DispatchPtr = &kwocl::Dispatch;
};

struct _cl_context : kwocl::Object<_cl_context, 0x6b77c001> {
  std::vector<cl_context_properties> Props;
  void(CL_CALLBACK *Notify)(const char *, const void *, size_t,
                            void *) = nullptr;
  void *NotifyData = nullptr;
};

struct _cl_command_queue : kwocl::Object<_cl_command_queue, 0x6b77c002> {
  cl_context Ctx = nullptr;
  cl_command_queue_properties Props = 0;
  /// A command waiting for an event that is not complete yet, and every
  /// command behind it (Queue.cpp; guarded by its mutex).
  struct Command {
    std::function<void()> Body;
    std::vector<cl_event> Wait; ///< Retained.
    cl_event Event;             ///< Retained for the queue.
  };
  std::deque<Command> Pending;
  bool Draining = false; ///< A thread is running Pending's front.
  ~_cl_command_queue() { Ctx->release(); }
};

struct _cl_mem : kwocl::Object<_cl_mem, 0x6b77c003> {
  cl_context Ctx = nullptr;
  cl_mem_flags Flags = 0;
  size_t Size = 0;
  char *Data = nullptr;     ///< What kernels and copies read and write.
  void *HostPtr = nullptr;  ///< The host pointer given at creation.
  bool Owned = false;       ///< Data was allocated here.
  cl_mem Parent = nullptr;  ///< For a sub-buffer.
  size_t Origin = 0;
  std::atomic<cl_uint> Maps{0};
  std::vector<std::pair<void(CL_CALLBACK *)(cl_mem, void *), void *>>
      Destructors;
  ~_cl_mem();
};

using KernelParam = kw::KernelParam;

struct _cl_program : kwocl::Object<_cl_program, 0x6b77c004> {
  cl_context Ctx = nullptr;
  std::string Source;
  std::string Options;
  std::string Log;
  std::string SoPath; ///< The built shared object (the binary).
  cl_build_status Status = CL_BUILD_NONE;
  cl_program_binary_type BinaryType = CL_PROGRAM_BINARY_TYPE_NONE;
  std::shared_ptr<kw::Program> Built;
  std::vector<std::string> Kernels;
  std::atomic<cl_uint> AttachedKernels{0};
  std::string Dir;      ///< A directory of its own (objects, headers).
  std::string ObjectBc; ///< A compiled object or library: its bitcode.
  ~_cl_program();
};

struct _cl_kernel : kwocl::Object<_cl_kernel, 0x6b77c005> {
  cl_program Prog = nullptr;
  std::string Name;
  kw_wg_fn Fn = nullptr;
  const uint64_t *Reqd = nullptr; ///< reqd_work_group_size, if any.
  std::vector<KernelParam> Params;
  /// Per parameter: the value's bytes (a buffer's cl_mem, a value), or for
  /// a __local one its size; Set says which were given.
  std::vector<std::vector<char>> Values;
  std::vector<size_t> LocalBytes;
  std::vector<bool> Set;
  ~_cl_kernel() {
    --Prog->AttachedKernels;
    Prog->release();
  }
};

struct _cl_event : kwocl::Object<_cl_event, 0x6b77c006> {
  cl_context Ctx = nullptr;
  cl_command_queue Queue = nullptr; ///< Null for a user event.
  cl_command_type Type = 0;
  std::atomic<cl_int> Status{CL_QUEUED};
  cl_ulong Queued = 0, Submit = 0, Start = 0, End = 0;
  std::vector<std::pair<void(CL_CALLBACK *)(cl_event, cl_int, void *),
                        void *>>
      Callbacks;
  ~_cl_event();
};

// The API entry points, defined in Platform.cpp, Memory.cpp, Program.cpp and
// Queue.cpp with the API's own names inside this namespace.
#define KW_IMPLEMENTED(X)                                                      \
  X(clGetPlatformIDs) X(clGetPlatformInfo) X(clGetDeviceIDs)                   \
  X(clGetDeviceInfo) X(clRetainDevice) X(clReleaseDevice)                      \
  X(clCreateSubDevices) X(clCreateContext) X(clCreateContextFromType)          \
  X(clRetainContext) X(clReleaseContext) X(clGetContextInfo)                   \
  X(clCreateCommandQueue) X(clCreateCommandQueueWithProperties)                \
  X(clRetainCommandQueue) X(clReleaseCommandQueue)                             \
  X(clGetCommandQueueInfo) X(clSetCommandQueueProperty) X(clFlush)             \
  X(clFinish) X(clCreateBuffer) X(clCreateSubBuffer) X(clRetainMemObject)      \
  X(clReleaseMemObject) X(clSetMemObjectDestructorCallback)                    \
  X(clGetMemObjectInfo) X(clEnqueueReadBuffer) X(clEnqueueWriteBuffer)         \
  X(clEnqueueCopyBuffer) X(clEnqueueFillBuffer) X(clEnqueueReadBufferRect)     \
  X(clEnqueueWriteBufferRect) X(clEnqueueCopyBufferRect)                       \
  X(clEnqueueMapBuffer) X(clEnqueueUnmapMemObject)                             \
  X(clEnqueueMigrateMemObjects) X(clCreateProgramWithSource)                   \
  X(clCreateProgramWithBinary) X(clRetainProgram) X(clReleaseProgram)          \
  X(clBuildProgram) X(clCompileProgram) X(clLinkProgram) X(clUnloadCompiler)   \
  X(clUnloadPlatformCompiler) X(clGetProgramInfo) X(clGetProgramBuildInfo)     \
  X(clCreateKernel) X(clCreateKernelsInProgram) X(clRetainKernel)              \
  X(clReleaseKernel) X(clSetKernelArg) X(clGetKernelInfo)                      \
  X(clGetKernelArgInfo) X(clGetKernelWorkGroupInfo)                            \
  X(clEnqueueMarkerWithWaitList) X(clEnqueueBarrierWithWaitList)               \
  X(clEnqueueMarker) X(clEnqueueBarrier) X(clEnqueueWaitForEvents)             \
  X(clWaitForEvents) X(clGetEventInfo) X(clGetEventProfilingInfo)              \
  X(clRetainEvent) X(clReleaseEvent) X(clCreateUserEvent)                      \
  X(clSetUserEventStatus) X(clSetEventCallback) X(clEnqueueNDRangeKernel)      \
  X(clEnqueueTask)

#define KW_DECLARE(Name) std::remove_pointer_t<cl_api_##Name> Name;
namespace kwocl {
KW_IMPLEMENTED(KW_DECLARE)
extern _cl_platform_id ThePlatform;
extern _cl_device_id TheDevice;
// Program building, shared by Program.cpp and Link.cpp.
std::string readAll(const std::string &Path);
bool writeAll(const std::string &Path, const std::string &Bytes);
std::string makeTempDir();
void removeTree(const std::string &Dir);
/// Compiler options (clBuildProgram's, clCompileProgram's) as kernel-wrap's
/// compile options; false and the first unknown one in \p Bad otherwise.
bool parseOptions(const char *Options, kw::CompileOptions &CO,
                  std::string &Bad);
/// The compiler's messages of a failed step, without our command line.
std::string buildLog(const std::string &Err);
/// Loads the shared object \p So as \p P's executable.
bool loadBuilt(cl_program P, const std::string &So, std::string &Err);
cl_int checkProgramDevices(cl_uint N, const cl_device_id *Devices);
/// Enqueues \p Body as a command of \p Type on \p Q after the wait list
/// (checked: CL_INVALID_EVENT_WAIT_LIST): it runs now unless an event it
/// waits for, or a command before it, is pending; with \p Blocking the call
/// returns when it has run. Its event goes to \p Ev when wanted.
cl_int enqueue(cl_command_queue Q, cl_command_type Type, cl_uint NWait,
               const cl_event *Wait, cl_event *Ev, bool Blocking,
               std::function<void()> Body);
/// Whether \p D is our device (CL_INVALID_DEVICE otherwise).
inline bool isDevice(cl_device_id D) { return D == &TheDevice; }
} // namespace kwocl

#endif // KERNELWRAP_OPENCL_ICD_H
