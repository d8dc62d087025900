/* Ping-pong buffers: a 2D Jacobi stencil for STEPS steps. The kernel stages
 * a tile plus a one-cell halo in __local memory (sized at run time with
 * clSetKernelArg(..., bytes, NULL)) behind a barrier; the host swaps the
 * two buffer arguments with clSetKernelArg every step. Every update is
 * 0.25f * (((up + down) + left) + right): correctly rounded adds and an
 * exact multiply, so the result is bit-exact on any conforming device and
 * is compared bit for bit with the CPU. */
#include "common.h"

enum { W = 256, H = 192, STEPS = 60 };

static const char *source =
    "__kernel void jacobi(__global const float *in, __global float *out,\n"
    "                     int w, int h, __local float *tile) {\n"
    "  int x = get_global_id(0), y = get_global_id(1);\n"
    "  int lx = get_local_id(0), ly = get_local_id(1);\n"
    "  int tw = get_local_size(0) + 2, th = get_local_size(1) + 2;\n"
    "  int inside = x < w && y < h;\n"
    "  /* own cell, then the halo by the edge work-items */\n"
    "  if (inside) tile[(ly + 1) * tw + lx + 1] = in[y * w + x];\n"
    "  if (lx == 0 && x > 0 && inside)\n"
    "    tile[(ly + 1) * tw] = in[y * w + x - 1];\n"
    "  if (lx == tw - 3 && x + 1 < w && inside)\n"
    "    tile[(ly + 1) * tw + tw - 1] = in[y * w + x + 1];\n"
    "  if (ly == 0 && y > 0 && inside)\n"
    "    tile[lx + 1] = in[(y - 1) * w + x];\n"
    "  if (ly == th - 3 && y + 1 < h && inside)\n"
    "    tile[(th - 1) * tw + lx + 1] = in[(y + 1) * w + x];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  if (!inside) return;\n"
    "  float c = tile[(ly + 1) * tw + lx + 1];\n"
    "  if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {\n"
    "    out[y * w + x] = c; /* fixed boundary */\n"
    "    return;\n"
    "  }\n"
    "  float up = tile[ly * tw + lx + 1], down = tile[(ly + 2) * tw + lx + 1];\n"
    "  float left = tile[(ly + 1) * tw + lx], right = tile[(ly + 1) * tw + lx + 2];\n"
    "  out[y * w + x] = 0.25f * (((up + down) + left) + right);\n"
    "}\n";

static void cpu_step(const float *in, float *out) {
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      if (x == 0 || y == 0 || x == W - 1 || y == H - 1) {
        out[y * W + x] = in[y * W + x];
        continue;
      }
      float up = in[(y - 1) * W + x], down = in[(y + 1) * W + x];
      float left = in[y * W + x - 1], right = in[y * W + x + 1];
      out[y * W + x] = 0.25f * (((up + down) + left) + right);
    }
}

int main(void) {
  env_t env;
  env_init(&env, "jacobi", 0);
  size_t bytes = (size_t)W * H * sizeof(float);
  float *grid = malloc(bytes), *ref = malloc(bytes), *tmp = malloc(bytes);
  rng_seed(777);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      float v = (float)rng_below(256) / 256.0f;
      if (y == 0)
        v = 1.0f;
      else if (y == H - 1)
        v = 0.25f;
      else if (x == 0 || x == W - 1)
        v = 0.5f;
      grid[y * W + x] = v;
    }
  memcpy(ref, grid, bytes);
  for (int s = 0; s < STEPS; s++) {
    cpu_step(ref, tmp);
    float *t = ref;
    ref = tmp;
    tmp = t;
  }

  cl_program prog = build_program(&env, source, "");
  cl_kernel k;
  CLNEW(k, clCreateKernel(prog, "jacobi", &err_));
  /* 16x16 tiles if the kernel allows 256 work-items, else smaller. */
  size_t wg = kernel_wg_size(&env, k), ts = 16;
  while (ts * ts > wg && ts > 1)
    ts /= 2;
  size_t local[2] = {ts, ts}, global[2] = {W, H};
  printf("note: tile %zux%zu\n", ts, ts);

  cl_mem a, b;
  CLNEW(a, clCreateBuffer(env.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                          bytes, grid, &err_));
  CLNEW(b, clCreateBuffer(env.context, CL_MEM_READ_WRITE, bytes, NULL, &err_));
  cl_int w = W, h = H;
  CHECK(clSetKernelArg(k, 2, sizeof w, &w));
  CHECK(clSetKernelArg(k, 3, sizeof h, &h));
  CHECK(clSetKernelArg(k, 4, (ts + 2) * (ts + 2) * sizeof(float), NULL));
  for (int s = 0; s < STEPS; s++) {
    CHECK(clSetKernelArg(k, 0, sizeof(cl_mem), &a));
    CHECK(clSetKernelArg(k, 1, sizeof(cl_mem), &b));
    CHECK(clEnqueueNDRangeKernel(env.queue, k, 2, NULL, global, local, 0, NULL,
                                 NULL));
    cl_mem t = a;
    a = b;
    b = t;
  }
  CHECK(clEnqueueReadBuffer(env.queue, a, CL_TRUE, 0, bytes, grid, 0, NULL,
                            NULL));
  double total = 0;
  for (int i = 0; i < W * H; i++) {
    if (memcmp(&grid[i], &ref[i], sizeof(float)) != 0)
      fail("cell (%d,%d): %a, expected %a", i % W, i / W, (double)grid[i],
           (double)ref[i]);
    total += ref[i];
  }
  printf("sum jacobi.steps %d\n", STEPS);
  printf("sum jacobi.bits_hash %016" PRIx64 "\n", fnv1a(grid, bytes));
  printf("sum jacobi.total %.6f\n", total);
  printf("sum jacobi.center %a\n", (double)grid[(H / 2) * W + W / 2]);

  CHECK(clReleaseMemObject(a));
  CHECK(clReleaseMemObject(b));
  CHECK(clReleaseKernel(k));
  CHECK(clReleaseProgram(prog));
  env_release(&env);
  free(grid); free(ref); free(tmp);
  printf("PASS jacobi\n");
  return 0;
}
