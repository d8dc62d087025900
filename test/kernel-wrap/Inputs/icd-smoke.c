#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#define CK(x) do { cl_int e_ = (x); if (e_) { printf("%s:%d err %d\n", #x, __LINE__, e_); exit(1);} } while (0)
const char *src = "typedef struct { float s; int n; float4 o; } P;\n"
"__kernel void saxpy(__global float *y, __global const float *x, float a, P p) {\n"
" size_t i = get_global_id(0); y[i] = a * x[i] + y[i] + p.s * p.n + p.o.z; }\n";
typedef struct { cl_float s; cl_int n; cl_float4 o; } P;
int main() {
  cl_platform_id pl; cl_device_id d; cl_int e;
  CK(clGetPlatformIDs(1, &pl, NULL));
  CK(clGetDeviceIDs(pl, CL_DEVICE_TYPE_ALL, 1, &d, NULL));
  cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, &e); CK(e);
  cl_command_queue q = clCreateCommandQueue(c, d, CL_QUEUE_PROFILING_ENABLE, &e); CK(e);
  cl_program p = clCreateProgramWithSource(c, 1, &src, NULL, &e); CK(e);
  e = clBuildProgram(p, 1, &d, "-cl-mad-enable -D FOO=1", NULL, NULL);
  if (e) { char log[10000]; clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL); printf("%s\n", log); return 1; }
  cl_kernel k = clCreateKernel(p, "saxpy", &e); CK(e);
  enum { N = 1000 };
  float x[N], y[N];
  for (int i = 0; i < N; i++) { x[i] = i; y[i] = 1; }
  cl_mem bx = clCreateBuffer(c, CL_MEM_COPY_HOST_PTR | CL_MEM_READ_ONLY, sizeof x, x, &e); CK(e);
  cl_mem by = clCreateBuffer(c, CL_MEM_READ_WRITE, sizeof y, NULL, &e); CK(e);
  CK(clEnqueueWriteBuffer(q, by, CL_TRUE, 0, sizeof y, y, 0, NULL, NULL));
  float a = 2; P pp = {0.5f, 4, {{0, 0, 3, 0}}};
  CK(clSetKernelArg(k, 0, sizeof(cl_mem), &by));
  CK(clSetKernelArg(k, 1, sizeof(cl_mem), &bx));
  CK(clSetKernelArg(k, 2, sizeof(float), &a));
  CK(clSetKernelArg(k, 3, sizeof(P), &pp));
  printf("bad size: %d\n", clSetKernelArg(k, 2, 8, &a));
  size_t g = N; cl_event ev;
  CK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, &ev));
  CK(clWaitForEvents(1, &ev));
  cl_ulong t0, t1; CK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &t0, NULL)); CK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &t1, NULL));
  CK(clEnqueueReadBuffer(q, by, CL_TRUE, 0, sizeof y, y, 0, NULL, NULL));
  int bad = 0; for (int i = 0; i < N; i++) if (y[i] != 2.0f * i + 1 + 2 + 3) bad++;
  printf("bad=%d y[10]=%g time=%llu ns\n", bad, y[10], (unsigned long long)(t1 - t0));
  clReleaseEvent(ev); clReleaseKernel(k); clReleaseProgram(p); clReleaseMemObject(bx); clReleaseMemObject(by); clReleaseCommandQueue(q); clReleaseContext(c);
  return bad != 0;
}
