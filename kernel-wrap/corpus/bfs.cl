// One step of a breadth-first search (frontier expansion): each node of
// the frontier visits its neighbours (a CSR row of 0-24 entries) and marks
// the unvisited ones for the next frontier. Every write to a neighbour
// stores the same value, so the answer does not depend on the order.
__kernel void bfs(__global const int *rowptr, __global const int *cols,
                  __global const uchar *frontier,
                  __global const uchar *visited, __global uchar *next,
                  __global int *cost, int level, int n) {
  int v = get_global_id(0);
  if (v >= n || !frontier[v])
    return;
  for (int j = rowptr[v]; j < rowptr[v + 1]; j++) {
    int w = cols[j];
    if (!visited[w]) {
      cost[w] = level + 1;
      next[w] = 1;
    }
  }
}
