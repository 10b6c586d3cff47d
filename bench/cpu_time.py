"""Run a command and report the processor time of it and of every process it started, however deep.

``/usr/bin/time`` misses Chromium: Playwright's driver starts it and does not always wait for it, so its time is
never added to the command's. Here this process becomes the "subreaper" of everything the command starts
(Linux ``PR_SET_CHILD_SUBREAPER``): an orphaned process is handed to it, not to init, and it waits for every
one, so the time of all of them is counted. On a shared machine the wall time depends on the others' load;
the processor time much less, so compare that (the load average is printed with it).

    python bench/cpu_time.py make test
"""

from __future__ import annotations

import ctypes
import os
import resource
import subprocess
import sys
import time

PR_SET_CHILD_SUBREAPER = 36


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: python bench/cpu_time.py COMMAND [ARGUMENT ...]", file=sys.stderr)
        return 2
    if sys.platform != "linux" or ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1) != 0:
        print("bench/cpu_time.py: needs Linux (PR_SET_CHILD_SUBREAPER)", file=sys.stderr)
        return 2
    load = os.getloadavg()
    start = time.monotonic()
    status = subprocess.call(argv)
    wall = time.monotonic() - start
    while True:  # wait for the orphans handed to this process too, so that their time is counted
        try:
            os.wait()
        except ChildProcessError:
            break
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    after = os.getloadavg()
    print(
        f"cpu_time: {' '.join(argv)}: exit {status}, {wall:.0f} s wall, {used.ru_utime + used.ru_stime:.0f} s of "
        f"processor time ({used.ru_utime:.0f} user, {used.ru_stime:.0f} system) on {os.cpu_count()} cores; "
        f"load average {load[0]:.1f} before, {after[0]:.1f} after",
        file=sys.stderr,
    )
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
