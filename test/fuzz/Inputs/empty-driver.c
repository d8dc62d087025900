/* emulate_e.py input: a driver with nothing to call. */
int main(void) { return 0; }
