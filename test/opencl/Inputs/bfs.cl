/* Breadth-first search, one level per pair of launches (the layout of
 * Rodinia's OpenCL BFS: node = (first edge, edge count), char masks). */
typedef struct {
  int start;
  int count;
} node_t;

__kernel void bfs_expand(__global const node_t *nodes,
                         __global const int *edges,
                         __global char *frontier,
                         __global char *next,
                         __global const char *visited,
                         __global int *cost,
                         int n) {
  int v = get_global_id(0);
  if (v >= n || !frontier[v])
    return;
  frontier[v] = 0;
  node_t node = nodes[v];
  for (int e = node.start; e < node.start + node.count; e++) {
    int w = edges[e];
    if (!visited[w]) {
      /* Several frontier nodes may write w: all write the same level. */
      cost[w] = cost[v] + 1;
      next[w] = 1;
    }
  }
}

__kernel void bfs_commit(__global char *frontier,
                         __global char *next,
                         __global char *visited,
                         __global int *not_empty,
                         int n) {
  int v = get_global_id(0);
  if (v >= n || !next[v])
    return;
  frontier[v] = 1;
  visited[v] = 1;
  *not_empty = 1;
  next[v] = 0;
}
