"""How long the README's test command takes, file by file, and what two idle workers would take.

    python benchmarks/suite.py                         # the README's command (-n 2), measured
    python benchmarks/suite.py --write                 # ... and refresh tests/durations.json
    python benchmarks/suite.py --deep                  # the deep run (DURAK_DEEP=1) instead
    python benchmarks/suite.py -- tests/test_cards.py  # pytest's arguments after ``--``
    python benchmarks/suite.py --report DIR            # print a run measured before (--keep DIR)
    python benchmarks/suite.py --slow 30 ...           # and the 30 slowest tests

Issue 28: the README's test command runs in five minutes or less on an idle 2-core machine. The
machine it is measured on is seldom idle (other engineers run tests on it), so the wall time of a
run says little. Every xdist worker loads this file as a pytest plugin (``PYTEST_PLUGINS``) and
measures each test, setup and teardown included, and adds it to the test's file:

- **CPU**: the worker's own CPU time and that of every process under it (nbval's kernels, a
  tournament's bot processes and pools: ``/proc``, and ``RUSAGE_CHILDREN`` for those that ended);
- **wall** time, and the time the worker and the processes under it spent **waiting for a core**
  (the second field of ``/proc/<pid>/task/<tid>/schedstat``: ready to run, not running). On an
  idle machine that wait is (nearly) zero, so a file's idle time is its wall time less the wait,
  and never less than its CPU time (processes it runs side by side take the other worker's core,
  and their waits add up to more than the wall time). A file that sleeps (a bot that hangs
  until its ``move_time``) costs idle time without CPU: this estimate keeps it.

The report lists each file (its CPU, wall, wait and idle estimate), the sums, the workers' start
(each worker imports and collects the whole suite before its first test), and the estimate for 2
idle workers: the files handed out costliest first (what ``tests/conftest.py``'s scheduler does
with ``tests/durations.json``), each to the worker free first; the browser test files count as
one unit, as they run (``BROWSER_FILES``). The run can never be shorter than the whole CPU time
over 2 cores either, so the larger of the two is the estimate. ``--write`` stores the idle
estimate of each file in ``tests/durations.json`` for the scheduler. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
DURATIONS = ROOT / "tests" / "durations.json"
TICK = os.sysconf("SC_CLK_TCK")
OUT_ENV = "DURAK_SUITE_OUT"
WORKERS = 2
SLOW_S = 2.0  # a test this long (idle seconds) is listed by --slow
BUDGET_S = 300.0  # issue 28: the README's command, on an idle 2-core machine

# -- the measuring, in each pytest process ------------------------------------------------------


def _descendants(pid: int) -> Iterator[int]:
    """Every process under ``pid`` (``/proc/<pid>/task/<tid>/children``, recursively)."""
    stack = [pid]
    while stack:
        p = stack.pop()
        try:
            tids = os.listdir(f"/proc/{p}/task")
        except OSError:
            continue
        for tid in tids:
            try:
                with open(f"/proc/{p}/task/{tid}/children") as f:
                    kids = [int(k) for k in f.read().split()]
            except OSError:
                continue
            for k in kids:
                yield k
                stack.append(k)


def _stat_cpu(pid: int) -> tuple[str, float] | None:
    """A process's start time (its identity with its pid) and its CPU seconds with those of the
    children it has waited for."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    # after the name: state ppid ... utime(12) stime(13) cutime(14) cstime(15) ... starttime(20)
    return fields[19], sum(int(x) for x in fields[11:15]) / TICK


def _waited(pid: int) -> dict[str, float]:
    """Seconds each thread of ``pid`` has spent ready to run but waiting for a core."""
    out: dict[str, float] = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                out[f"{pid}/{tid}"] = int(f.read().split()[1]) / 1e9
        except (OSError, IndexError, ValueError):
            continue
    return out


class Meter:
    """CPU, wall and core-waiting time of this process and everything under it, so far.

    A process that starts and ends within one test (an isolated bot's) leaves no trace of its
    waiting in ``/proc`` once it is gone, so a thread reads the waits under this process every
    ``every`` seconds while a test runs (about 1 % of a core)."""

    def __init__(self, every: float = 0.05) -> None:
        self.pid = os.getpid()
        self.waits: dict[str, float] = {}  # the last reading of every thread seen, dead ones kept
        self.lock = threading.Lock()
        self.running = threading.Event()
        threading.Thread(target=self._watch, args=(every,), daemon=True,
                         name="durak-suite-meter").start()

    def _watch(self, every: float) -> None:
        while True:
            self.running.wait()
            time.sleep(every)
            self._descendants_cpu()

    def _descendants_cpu(self) -> float:
        cpu, seen = 0.0, {}
        for pid in _descendants(self.pid):
            stat = _stat_cpu(pid)
            if stat is not None:
                cpu += stat[1]
                seen.update({f"{stat[0]}:{k}": v for k, v in _waited(pid).items()})
        with self.lock:
            self.waits.update(seen)
        return cpu

    def read(self) -> tuple[float, float, float]:
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = time.process_time() + usage.ru_utime + usage.ru_stime  # the ended children
        cpu += self._descendants_cpu()
        with self.lock:
            self.waits.update(_waited(self.pid))
            return time.perf_counter(), cpu, sum(self.waits.values())


class Plugin:
    """Loaded in every worker (``PYTEST_PLUGINS=suite``): each test's time, added to its file."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.meter = Meter()
        self.start_wall = time.perf_counter()
        self.first: tuple[float, float] | None = None  # wall and CPU before the first test
        self.files: dict[str, dict[str, float]] = {}
        self.slow: dict[str, dict[str, float]] = {}  # the tests that take SLOW_S or more

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: Any, nextitem: Any) -> Iterator[None]:
        wall0, cpu0, wait0 = self.meter.read()
        if self.first is None:
            self.first = (wall0 - self.start_wall, cpu0)
        self.meter.running.set()
        yield
        self.meter.running.clear()
        wall1, cpu1, wait1 = self.meter.read()
        f = self.files.setdefault(item.nodeid.split("::", 1)[0],
                                  {"tests": 0, "cpu": 0.0, "wall": 0.0, "wait": 0.0})
        f["tests"] += 1
        # a process under this one that ends without being waited for by one under it (the
        # browser's, at the end) takes its CPU time out of the sum: never less than nothing
        f["cpu"] += max(0.0, cpu1 - cpu0)
        f["wall"] += wall1 - wall0
        f["wait"] += wait1 - wait0
        one = {"cpu": max(0.0, cpu1 - cpu0), "wall": wall1 - wall0, "wait": wait1 - wait0}
        if idle_seconds(one) >= SLOW_S:
            self.slow[item.nodeid] = one

    def pytest_sessionfinish(self, session: Any) -> None:
        name = os.environ.get("PYTEST_XDIST_WORKER", "main")
        wall, cpu, _ = self.meter.read()
        start = self.first or (wall - self.start_wall, cpu)
        (self.out / f"{name}.json").write_text(json.dumps({
            "worker": name, "start_wall": start[0], "start_cpu": start[1],
            "wall": wall - self.start_wall, "files": self.files,
            "slow": self.slow}))


def pytest_configure(config: Any) -> None:
    out = os.environ.get(OUT_ENV)
    if out:
        config.pluginmanager.register(Plugin(Path(out)), "durak-suite-meter")


# -- the report ---------------------------------------------------------------------------------


def idle_seconds(f: dict[str, float]) -> float:
    """A file's time on an idle machine, beside a busy second worker: its wall time less the
    time spent waiting for a core, at least its CPU time (processes it runs side by side take
    the other worker's core) and at most its wall time."""
    return max(0.0, min(f["wall"], max(f["wall"] - f["wait"], f["cpu"])))


def units(costs: dict[str, float]) -> dict[str, float]:
    """The scheduler's units: one a file, the browser test files one together."""
    browser = _browser_files()
    out: dict[str, float] = {}
    for path, cost in costs.items():
        key = "the browser tests" if browser.search(path) else path
        out[key] = out.get(key, 0.0) + cost
    return out


def _browser_files() -> re.Pattern[str]:
    sys.path.insert(0, str(ROOT / "tests"))
    try:
        from browser.lab import BROWSER_FILES  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(ROOT / "tests"))
    return BROWSER_FILES  # type: ignore[no-any-return]


def collection_order(unit: str) -> tuple[int, str]:
    """Where pytest collects a unit: by ``testpaths`` (pyproject.toml), then by path."""
    found = re.search(r"^testpaths = \[(.*)\]", (ROOT / "pyproject.toml").read_text(), re.M)
    paths = re.findall(r'"([^"]+)"', found.group(1)) if found else []  # tomllib is 3.11's
    if unit == "the browser tests":
        unit = "tests/test_browser.py"
    top = unit.split("/", 1)[0]
    return (paths.index(top) if top in paths else len(paths), unit)


def makespan(costs: dict[str, float], start: float, workers: int = WORKERS,
             costliest: bool = True) -> tuple[float, list[list[str]]]:
    """The units handed out costliest first (or in collection order, as xdist's ``--dist
    loadfile`` does), each to the worker free first: when the last worker finishes, and each
    worker's units."""
    free = [start] * workers
    plan: list[list[str]] = [[] for _ in range(workers)]
    order = (sorted(costs.items(), key=lambda kv: -kv[1]) if costliest
             else sorted(costs.items(), key=lambda kv: collection_order(kv[0])))
    for unit, cost in order:
        w = free.index(min(free))
        free[w] += cost
        plan[w].append(unit)
    return max(free), plan


def report_slow(runs: list[dict[str, Any]], top: int) -> None:
    """The slowest tests (``SLOW_S`` idle seconds or more), slowest first."""
    slow = {k: v for r in runs for k, v in r.get("slow", {}).items()}
    print(f"\n{'the slowest tests':<78} {'CPU s':>7} {'wall s':>7} {'idle s':>7}")
    for nodeid in sorted(slow, key=lambda k: -idle_seconds(slow[k]))[:top]:
        t = slow[nodeid]
        print(f"{nodeid[-78:]:<78} {t['cpu']:>7.1f} {t['wall']:>7.1f} {idle_seconds(t):>7.1f}")
    print()


def report(runs: list[dict[str, Any]], top: int = 25) -> dict[str, float]:
    """Print the per-file table and the estimate; return each file's idle seconds."""
    files: dict[str, dict[str, float]] = {}
    for run in runs:
        for path, f in run["files"].items():
            files[path] = f
    idle = {path: idle_seconds(f) for path, f in files.items()}
    total = {k: sum(f[k] for f in files.values()) for k in ("tests", "cpu", "wall", "wait")}
    workers = [r for r in runs if r["worker"] != "main"] or runs
    start_cpu = max(r["start_cpu"] for r in workers)
    print(f"{'file':<52} {'tests':>5} {'CPU s':>7} {'wall s':>7} {'wait s':>7} {'idle s':>7}")
    for path in sorted(files, key=lambda p: -idle[p])[:top]:
        f = files[path]
        print(f"{path[:52]:<52} {f['tests']:>5.0f} {f['cpu']:>7.1f} {f['wall']:>7.1f} "
              f"{f['wait']:>7.1f} {idle[path]:>7.1f}")
    if len(files) > top:
        rest = sorted(files, key=lambda p: -idle[p])[top:]
        print(f"{f'... {len(rest)} more files':<52} {sum(files[p]['tests'] for p in rest):>5.0f} "
              f"{sum(files[p]['cpu'] for p in rest):>7.1f} "
              f"{sum(files[p]['wall'] for p in rest):>7.1f} "
              f"{sum(files[p]['wait'] for p in rest):>7.1f} {sum(idle[p] for p in rest):>7.1f}")
    print(f"{'all ' + str(len(files)) + ' files':<52} {total['tests']:>5.0f} {total['cpu']:>7.1f} "
          f"{total['wall']:>7.1f} {total['wait']:>7.1f} {sum(idle.values()):>7.1f}")
    span, plan = makespan(units(idle), start_cpu)
    floor = start_cpu + (total["cpu"]) / WORKERS
    print(f"\nworkers' start (import and collection, CPU s): "
          + ", ".join(f"{r['worker']} {r['start_cpu']:.1f}" for r in workers))
    for w, names in enumerate(plan):
        longest = max(names, key=lambda n: units(idle)[n]) if names else "-"
        print(f"  worker {w}: {len(names)} units, {sum(units(idle)[n] for n in names):.1f} s "
              f"(longest: {longest})")
    in_order, _ = makespan(units(idle), start_cpu, costliest=False)
    print(f"the same files in collection order (xdist's --dist loadfile): {in_order:.0f} s; "
          f"costliest first takes {span / in_order:.3f} of that")
    estimate = max(span, floor)
    print(f"2 idle workers, costliest first: {span:.0f} s; all CPU over 2 cores: {floor:.0f} s; "
          f"estimate {estimate:.0f} s = {estimate // 60:.0f} min {estimate % 60:02.0f} s "
          f"(budget {BUDGET_S:.0f} s)")
    print(f"this run's wall time: " + ", ".join(f"{r['worker']} {r['wall']:.0f} s" for r in runs))
    return idle


def write(idle: dict[str, float]) -> None:
    DURATIONS.write_text(json.dumps({
        "about": "each test file's cost in seconds, as benchmarks/suite.py estimates it (python "
                 "benchmarks/suite.py --write; on a busy machine CPU seconds read high, so only "
                 "the ratios count): tests/conftest.py hands the files to the xdist workers "
                 "costliest first",
        "files": {p: round(s, 1) for p, s in sorted(idle.items())}}, indent=1) + "\n")
    print(f"wrote {DURATIONS.relative_to(ROOT)}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", action="store_true", help="refresh tests/durations.json")
    ap.add_argument("--deep", action="store_true", help="measure the deep run (DURAK_DEEP=1)")
    ap.add_argument("--keep", metavar="DIR", help="keep the measurements in DIR")
    ap.add_argument("--report", metavar="DIR", help="report measurements kept before")
    ap.add_argument("--top", type=int, default=25, help="files listed (default 25)")
    ap.add_argument("--slow", type=int, default=0, metavar="N",
                    help=f"list the N slowest tests ({SLOW_S:.0f} s or more)")
    ap.add_argument("pytest_args", nargs="*", help="after --: pytest's arguments")
    args = ap.parse_args(argv)
    if args.report:
        out = Path(args.report)
    else:
        out = Path(args.keep or tempfile.mkdtemp(prefix="durak-suite-"))
        out.mkdir(parents=True, exist_ok=True)
        for old in out.glob("*.json"):
            old.unlink()
        env = dict(os.environ, **{OUT_ENV: str(out), "PYTEST_PLUGINS": "suite"})
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "benchmarks"),
                                                          env.get("PYTHONPATH")]))
        if args.deep:
            env["DURAK_DEEP"] = "1"
        else:
            env.pop("DURAK_DEEP", None)
        cmd = [sys.executable, "-m", "pytest", "-n", str(WORKERS), "-q", *args.pytest_args]
        with open("/proc/loadavg") as f:
            print("load average before:", f.read().split()[:3], "·", " ".join(cmd[1:]))
        began = time.perf_counter()
        code = subprocess.call(cmd, cwd=ROOT, env=env)
        with open("/proc/loadavg") as f:
            print(f"pytest exited {code} after {time.perf_counter() - began:.0f} s of wall time; "
                  f"load average after:", f.read().split()[:3])
    runs = [json.loads(p.read_text()) for p in sorted(out.glob("*.json"))]
    if not runs:
        print(f"no measurements in {out}", file=sys.stderr)
        return 1
    if args.slow:
        report_slow(runs, args.slow)
    idle = report(runs, args.top)
    if args.write:
        write(idle)
    return 0


if __name__ == "__main__":
    sys.exit(main())
