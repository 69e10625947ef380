"""Timing in alternating pairs, the one way the bench scripts compare two things.

On a loaded machine two medians taken one after the other measure the load as much as
the code: a run of the baseline first and the command later may land in a quiet and a
busy minute. Here the two are run in pairs, one right after the other, the order
swapped every pair, and the ratio is the median of the pairs' own ratios (each pair saw
about the same load). Cold commands are run in fresh interpreters, as a user runs them.

* :func:`pairs` times two callables (in-process) or two commands (cold) that way;
  :func:`rounds` does the same for several, each round in a rotating order.
* :func:`compiled` byte-compiles the package first: an installed package has its
  bytecode (``pip`` writes it), and a checkout run with ``PYTHONDONTWRITEBYTECODE``
  would otherwise compile every module on every cold run.
* :func:`peak_rss` runs a command and returns its peak memory: the kernel's max RSS of
  that process (``resource`` usage from ``os.wait4``), spawned by a small interpreter
  of its own (a process started by this one would count this one's memory: Linux keeps
  the largest RSS of a process across ``exec``).
* :func:`instructions` counts the instructions a command runs under callgrind: slow, but
  the same on a busy machine as on a quiet one.
* :func:`load` is the load average, printed with the numbers.

Run ``python bench/timing.py`` to see the bare interpreter beside
``import click, yaml, json``.
"""

from __future__ import annotations

import compileall
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
BASELINE = (PYTHON, "-c", "import click, yaml, json")
"""The cold baseline: the interpreter and the libraries every command needs."""

Target = Callable[[], object] | Sequence[str]
"""A callable run in-process, or a command (argument list) run as a fresh process."""


@dataclass(frozen=True)
class Timed:
    """The seconds of each run of each target, run in alternating order."""

    names: tuple[str, ...]
    seconds: tuple[tuple[float, ...], ...]

    def median(self, index: int = 0) -> float:
        return statistics.median(self.seconds[index])

    def ratio(self, index: int = 1, base: int = 0) -> float:
        """The median over the rounds of target ``index``'s time / ``base``'s time."""
        return statistics.median(a / b for a, b in zip(self.seconds[index], self.seconds[base],
                                                       strict=True))

    def ms(self, index: int = 0) -> str:
        return f"{self.median(index) * 1e3:.2f} ms"


def _runner(target: Target, cwd: Path, env: dict[str, str] | None) -> Callable[[], object]:
    if callable(target):
        return target
    command = list(target)

    def run() -> object:
        done = subprocess.run(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
        if done.returncode not in (0, 1):
            raise RuntimeError(f"{' '.join(command)} exited {done.returncode}: "
                               f"{done.stderr.decode(errors='replace')[-500:]}")
        return done

    return run


def rounds(targets: dict[str, Target], count: int, *, warmup: int = 1, cwd: Path = ROOT,
           env: dict[str, str] | None = None) -> Timed:
    """Run every target once per round, ``count`` rounds, the order rotating each round
    (A B C, B C A, C A B...), after ``warmup`` untimed rounds."""
    names = tuple(targets)
    calls = [_runner(targets[name], cwd, env) for name in names]
    times: list[list[float]] = [[] for _ in names]
    for round_number in range(warmup + count):
        shift = round_number % len(calls)
        for index in [*range(shift, len(calls)), *range(shift)]:
            start = time.perf_counter()
            calls[index]()
            elapsed = time.perf_counter() - start
            if round_number >= warmup:
                times[index].append(elapsed)
    return Timed(names, tuple(tuple(t) for t in times))


def pairs(base: Target, other: Target, count: int, *, warmup: int = 1, cwd: Path = ROOT,
          env: dict[str, str] | None = None) -> Timed:
    """``count`` pairs of the baseline and the other target, the order swapped each pair:
    ``Timed.ratio()`` is the other's time over the baseline's, the median of the pairs."""
    return rounds({"base": base, "other": other}, count, warmup=warmup, cwd=cwd, env=env)


def compiled(root: Path = ROOT) -> None:
    """Byte-compile the package, as installing it does (quietly; once is enough)."""
    compileall.compile_dir(str(root / "homestaging"), quiet=1, workers=1)


def command(*args: str) -> list[str]:
    """``python -m homestaging ARGS``."""
    return [PYTHON, "-m", "homestaging", *args]


_SPAWN = """
import os, sys
quiet = [(os.POSIX_SPAWN_OPEN, fd, os.devnull, os.O_RDWR, 0) for fd in (0, 1, 2)]
pid = os.posix_spawnp(sys.argv[1], sys.argv[1:], os.environ, file_actions=quiet)
_, status, usage = os.wait4(pid, 0)
print(os.waitstatus_to_exitcode(status), usage.ru_maxrss)
"""


def peak_rss(argv: Sequence[str], *, cwd: Path = ROOT) -> int:
    """The peak resident memory of a command's process, in bytes."""
    done = subprocess.run([PYTHON, "-c", _SPAWN, *argv], cwd=cwd, capture_output=True,
                          text=True, check=True)
    code, kilobytes = map(int, done.stdout.split())
    if code not in (0, 1):
        raise RuntimeError(f"{' '.join(argv)} exited {code}")
    return kilobytes * 1024  # ru_maxrss is in kilobytes on Linux


def instructions(argv: Sequence[str], *, cwd: Path = ROOT,
                 env: dict[str, str] | None = None) -> int:
    """The instructions a command runs (callgrind's ``Ir``, all of its process): a count
    that the machine's load does not change, unlike its time. Needs ``valgrind``."""
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/out", *argv],
            cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE, text=True, check=False)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode not in (0, 1) or found is None:
        raise RuntimeError(f"{' '.join(argv)} under callgrind: {done.stderr[-500:]}")
    return int(found.group(1))


def load() -> str:
    """``load average 0.42`` (over the last minute), or '' where unknown."""
    try:
        return f"load average {os.getloadavg()[0]:.2f}"
    except OSError:
        return ""


def verdict(value: float, target: float) -> str:
    return "ok" if value <= target else "OVER"


if __name__ == "__main__":
    compiled()
    found = rounds({"python -c pass": [PYTHON, "-c", "pass"],
                    "import click, yaml, json": list(BASELINE)}, 20)
    for index, name in enumerate(found.names):
        print(f"{name:<28} {found.median(index) * 1e3:6.1f} ms")
    print(load())
