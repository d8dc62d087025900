#!/usr/bin/env python3
"""Name and signature checks for the ABI matrix (see gen_abi_matrix.py).

  check_names.py gcc-names OBJ OUT
      write the _ZGV names OBJ (gcc's callee.o) defines, one a line, to OUT.
  check_names.py clang-names LLFILE OUT
      write the "_ZGV..." attribute strings of clang's IR to OUT.
  check_names.py same A B
      the two name lists are identical (prints the differences).
  check_names.py defined --names LIST [--names LIST ...] OBJ...
      every name of every LIST is a defined global text symbol (T) in every
      OBJ; prints the missing ones per object.
  check_names.py sigs DUMP EXPECTED
      the clone signatures in gcc's -fdump-tree-optimized DUMP equal the
      ones the generator assumed (EXPECTED = gcc-sigs.txt).
"""
import os
import re
import shutil
import subprocess
import sys


def nm_text_symbols(obj):
    nm = shutil.which("llvm-nm") or shutil.which("nm")
    out = subprocess.run([nm, obj], check=True, capture_output=True, text=True).stdout
    syms = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] == "T":
            syms.add(parts[2])
    return syms


def read_list(path):
    with open(path) as fh:
        return [l.strip() for l in fh if l.strip()]


def write_list(path, names):
    with open(path, "w") as fh:
        fh.write("".join(n + "\n" for n in sorted(set(names))))


def main(argv):
    cmd = argv[1]
    if cmd == "gcc-names":
        names = [s for s in nm_text_symbols(argv[2]) if s.startswith("_ZGV")]
        write_list(argv[3], names)
        print("%d gcc names" % len(set(names)))
        return 0 if names else 1
    if cmd == "clang-names":
        with open(argv[2]) as fh:
            names = re.findall(r'"(_ZGV[a-zA-Z0-9_]+)"', fh.read())
        write_list(argv[3], names)
        print("%d clang-promised names" % len(set(names)))
        return 0 if names else 1
    if cmd == "same":
        a, b = set(read_list(argv[2])), set(read_list(argv[3]))
        for n in sorted(a - b):
            print("only in %s: %s" % (argv[2], n))
        for n in sorted(b - a):
            print("only in %s: %s" % (argv[3], n))
        print("same: %s" % ("yes" if a == b else "NO"))
        return 0 if a == b else 1
    if cmd == "defined":
        lists, objs, i = [], [], 2
        while i < len(argv):
            if argv[i] == "--names":
                lists.append((argv[i + 1], read_list(argv[i + 1])))
                i += 2
            else:
                objs.append(argv[i])
                i += 1
        bad = 0
        for obj in objs:
            syms = nm_text_symbols(obj)
            for lname, names in lists:
                missing = [n for n in names if n not in syms]
                for n in missing:
                    print("MISSING in %s (from %s): %s" % (os.path.basename(obj), os.path.basename(lname), n))
                bad += len(missing)
                print("%s: %d/%d names of %s defined" % (os.path.basename(obj), len(names) - len(missing), len(names), os.path.basename(lname)))
        print("missing names: %d" % bad)
        return 0 if bad == 0 else 1
    if cmd == "sigs":
        with open(argv[2]) as fh:
            dump = fh.read()
        # ";; Function f.simdclone.0 (_ZGVbN4v_f, ...)" then, a few lines on,
        # "<ret> f.simdclone.0 (<type> <name>, ...)"
        clone = {}
        for m in re.finditer(r"^;; Function (\S+) \((_ZGV\w+),", dump, re.M):
            clone[m.group(1)] = m.group(2)
        got = set()
        for m in re.finditer(r"^([^;\s].*?) (\S+) \((.*)\)$", dump, re.M):
            if m.group(2) not in clone or not clone[m.group(2)].startswith("_ZGV"):
                continue
            params = [p.strip().rsplit(" ", 1)[0] for p in m.group(3).split(",")] if m.group(3) else []
            params = [p[:-1].rstrip() + " *" if p.endswith("*") else p for p in params]
            got.add("%s %s (%s)" % (m.group(1), clone[m.group(2)], ", ".join(params)))
        exp = set(read_list(argv[3]))
        for s in sorted(exp - got):
            print("assumed, not in gcc's dump: %s" % s)
        for s in sorted(got - exp):
            print("in gcc's dump, not assumed: %s" % s)
        print("signatures: %d, same: %s" % (len(got), "yes" if got == exp else "NO"))
        return 0 if got == exp else 1
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
