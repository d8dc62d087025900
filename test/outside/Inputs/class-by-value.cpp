// Issue 19 item 8: a class with a user-provided copy constructor and
// destructor passed by value as `uniform` to a noinline function that
// changes its copy. The caller passes the address of its one temporary;
// every lane used to change that one object (lane l saw the increments of
// lanes 0..l-1). Each lane now works on a copy of its own.
struct Q {
  int V;
  Q(int X) : V(X) {}
  Q(const Q &O) : V(O.V) {}
  ~Q() {}
};
#pragma omp declare simd uniform(q)
__attribute__((noinline)) int g(int i, Q q) {
  q.V++;
  return i + q.V;
}
