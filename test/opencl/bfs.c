/* BFS, Rodinia style: a random directed graph (deterministic), two
 * kernels per level, and a host loop that reads back a "frontier not
 * empty" flag until it stays clear. The kernels are loaded at run time
 * from INPUTS/bfs.cl (argv[1]). Checked against a CPU BFS. */
#include "common.h"

enum { NODES = 200000, UNREACHABLE_TAIL = 5000, MAX_DEGREE = 6 };

typedef struct {
  cl_int start;
  cl_int count;
} node_t;

int main(int argc, char **argv) {
  env_t env;
  env_init(&env, "bfs", 0);
  const char *inputs = argc > 1 ? argv[1] : "Inputs";
  char path[4096];
  snprintf(path, sizeof path, "%s/bfs.cl", inputs);
  char *src = load_file(path);

  /* Graph: every node has 0..MAX_DEGREE out-edges to nodes below
   * NODES - UNREACHABLE_TAIL, so the tail is never reached from node 0. */
  rng_seed(12345);
  node_t *nodes = malloc(NODES * sizeof *nodes);
  cl_int *edges = malloc((size_t)NODES * MAX_DEGREE * sizeof *edges);
  cl_int nedges = 0;
  for (int v = 0; v < NODES; v++) {
    int deg = (int)rng_below(MAX_DEGREE + 1);
    /* Few edges, so the search takes many levels. */
    if (rng_below(4) != 0)
      deg = deg > 1 ? 1 : deg;
    nodes[v].start = nedges;
    nodes[v].count = deg;
    for (int e = 0; e < deg; e++)
      edges[nedges++] = (cl_int)rng_below(NODES - UNREACHABLE_TAIL);
  }
  const cl_int source = 0;

  /* CPU reference: queue-based BFS. */
  cl_int *ref = malloc(NODES * sizeof *ref);
  cl_int *queue = malloc(NODES * sizeof *queue);
  for (int v = 0; v < NODES; v++)
    ref[v] = -1;
  int head = 0, tail = 0;
  ref[source] = 0;
  queue[tail++] = source;
  while (head < tail) {
    int v = queue[head++];
    for (int e = nodes[v].start; e < nodes[v].start + nodes[v].count; e++)
      if (ref[edges[e]] < 0) {
        ref[edges[e]] = ref[v] + 1;
        queue[tail++] = edges[e];
      }
  }

  /* Device data. */
  cl_char *frontier = calloc(NODES, 1), *visited = calloc(NODES, 1);
  cl_int *cost = malloc(NODES * sizeof *cost);
  for (int v = 0; v < NODES; v++)
    cost[v] = -1;
  frontier[source] = 1;
  visited[source] = 1;
  cost[source] = 0;

  cl_context ctx = env.context;
  cl_mem d_nodes, d_edges, d_frontier, d_next, d_visited, d_cost, d_flag;
  CLNEW(d_nodes, clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                NODES * sizeof *nodes, nodes, &err_));
  CLNEW(d_edges, clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                (size_t)nedges * sizeof *edges, edges, &err_));
  CLNEW(d_frontier, clCreateBuffer(ctx, CL_MEM_READ_WRITE, NODES, NULL, &err_));
  CLNEW(d_next, clCreateBuffer(ctx, CL_MEM_READ_WRITE, NODES, NULL, &err_));
  CLNEW(d_visited, clCreateBuffer(ctx, CL_MEM_READ_WRITE, NODES, NULL, &err_));
  CLNEW(d_cost, clCreateBuffer(ctx, CL_MEM_READ_WRITE, NODES * sizeof *cost,
                               NULL, &err_));
  CLNEW(d_flag, clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(cl_int), NULL,
                               &err_));
  cl_command_queue q = env.queue;
  cl_char zero8 = 0;
  CHECK(clEnqueueWriteBuffer(q, d_frontier, CL_TRUE, 0, NODES, frontier, 0,
                             NULL, NULL));
  CHECK(clEnqueueFillBuffer(q, d_next, &zero8, 1, 0, NODES, 0, NULL, NULL));
  CHECK(clEnqueueWriteBuffer(q, d_visited, CL_TRUE, 0, NODES, visited, 0,
                             NULL, NULL));
  CHECK(clEnqueueWriteBuffer(q, d_cost, CL_TRUE, 0, NODES * sizeof *cost,
                             cost, 0, NULL, NULL));

  cl_program prog = build_program(&env, src, "");
  cl_kernel k1, k2;
  CLNEW(k1, clCreateKernel(prog, "bfs_expand", &err_));
  CLNEW(k2, clCreateKernel(prog, "bfs_commit", &err_));
  cl_int n = NODES;
  CHECK(clSetKernelArg(k1, 0, sizeof(cl_mem), &d_nodes));
  CHECK(clSetKernelArg(k1, 1, sizeof(cl_mem), &d_edges));
  CHECK(clSetKernelArg(k1, 2, sizeof(cl_mem), &d_frontier));
  CHECK(clSetKernelArg(k1, 3, sizeof(cl_mem), &d_next));
  CHECK(clSetKernelArg(k1, 4, sizeof(cl_mem), &d_visited));
  CHECK(clSetKernelArg(k1, 5, sizeof(cl_mem), &d_cost));
  CHECK(clSetKernelArg(k1, 6, sizeof(cl_int), &n));
  CHECK(clSetKernelArg(k2, 0, sizeof(cl_mem), &d_frontier));
  CHECK(clSetKernelArg(k2, 1, sizeof(cl_mem), &d_next));
  CHECK(clSetKernelArg(k2, 2, sizeof(cl_mem), &d_visited));
  CHECK(clSetKernelArg(k2, 3, sizeof(cl_mem), &d_flag));
  CHECK(clSetKernelArg(k2, 4, sizeof(cl_int), &n));

  /* Rodinia: a fixed work-group size, the global size rounded up to it. */
  size_t local = kernel_wg_size(&env, k1);
  size_t l2 = kernel_wg_size(&env, k2);
  if (l2 < local)
    local = l2;
  local = pow2_floor(local < 256 ? local : 256);
  size_t global = round_up(NODES, local);
  printf("note: local size %zu, global size %zu\n", local, global);

  int levels = 0;
  cl_int flag;
  do {
    flag = 0;
    CHECK(clEnqueueWriteBuffer(q, d_flag, CL_FALSE, 0, sizeof flag, &flag, 0,
                               NULL, NULL));
    CHECK(clEnqueueNDRangeKernel(q, k1, 1, NULL, &global, &local, 0, NULL,
                                 NULL));
    CHECK(clEnqueueNDRangeKernel(q, k2, 1, NULL, &global, &local, 0, NULL,
                                 NULL));
    CHECK(clEnqueueReadBuffer(q, d_flag, CL_TRUE, 0, sizeof flag, &flag, 0,
                              NULL, NULL));
    levels++;
    REQUIRE(levels <= NODES + 1, "BFS did not terminate");
  } while (flag);
  CHECK(clEnqueueReadBuffer(q, d_cost, CL_TRUE, 0, NODES * sizeof *cost, cost,
                            0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(q, d_visited, CL_TRUE, 0, NODES, visited, 0, NULL,
                            NULL));

  int reached = 0, depth = 0;
  int64_t cost_sum = 0;
  for (int v = 0; v < NODES; v++) {
    if (cost[v] != ref[v])
      fail("node %d: cost %d, expected %d", v, cost[v], ref[v]);
    if ((visited[v] != 0) != (ref[v] >= 0))
      fail("node %d: visited %d, expected %d", v, visited[v], ref[v] >= 0);
    if (ref[v] >= 0) {
      reached++;
      cost_sum += ref[v];
      if (ref[v] > depth)
        depth = ref[v];
    }
  }
  /* The loop runs once per level plus the final empty one. */
  REQUIRE(levels == depth + 1, "host loop ran %d times, expected %d", levels,
          depth + 1);
  REQUIRE(reached < NODES - UNREACHABLE_TAIL, "tail reached");
  printf("sum bfs.edges %d\n", nedges);
  printf("sum bfs.levels %d\n", levels);
  printf("sum bfs.reached %d\n", reached);
  printf("sum bfs.cost_sum %" PRId64 "\n", cost_sum);
  printf("sum bfs.cost_hash %016" PRIx64 "\n",
         fnv1a(cost, NODES * sizeof *cost));

  clReleaseKernel(k1);
  clReleaseKernel(k2);
  clReleaseProgram(prog);
  cl_mem all[] = {d_nodes, d_edges, d_frontier, d_next, d_visited, d_cost,
                  d_flag};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
    CHECK(clReleaseMemObject(all[i]));
  env_release(&env);
  free(src); free(nodes); free(edges); free(ref); free(queue);
  free(frontier); free(visited); free(cost);
  printf("PASS bfs\n");
  return 0;
}
