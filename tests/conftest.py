import functools
import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from browser.lab import BROWSER_FILES, chromium, course_lab  # noqa: F401 - session fixtures
from helpers import DEEP, sample

# Seeded profiles, so a run is repeatable: "ci" (the default) keeps the quick run inside its time
# budget on 2 cores; DURAK_DEEP=1 (the deep run, what .ci/run runs) uses "deep"; "dev" and "long"
# dig deeper still, by hand:
#   python -m pytest tests --hypothesis-profile=long
settings.register_profile("ci", max_examples=10, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("deep", max_examples=100, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=300, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=3000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
# progress bars are off in every run: the root conftest.py

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "deep" if DEEP else "ci")
settings.load_profile(PROFILE)


def pytest_configure(config):
    config.addinivalue_line("markers", "deep: repeats what the quick run samples (more seeds, "
                            "every preset); runs only with DURAK_DEEP=1")


#: the one exercise notebook nbval runs in the quick run (the deep run runs them all): every
#: exercise is its solution with each answer region turned into hints and a stub
#: (``authoring.exercises``), so its other cells are the solution's, which nbval runs in
#: solutions/; tests/test_exercises.py checks that the stored exercises are exactly what the
#: generator makes of the solutions, and that every checker answers the stub "not answered
#: yet". This one runs a generated exercise end to end, as a student opens it.
EXERCISE_SAMPLE = "exercises/01_which_card_beats.ipynb"


#: the real-browser files the quick run keeps: the widgets drawn, stepped and clicked in
#: JupyterLab, and the review's curve (issue 29); the deep run adds the course's first hour, the
#: untrusted notebook, the layouts, the drill and the coach's overlay (each of those files
#: costs as much CPU as these, JupyterLab and Chromium included)
BROWSER_SAMPLE = ("tests/test_browser.py", "tests/test_browser_review.py")


@functools.lru_cache(maxsize=None)  # (asked for each of the solutions' cells: listed once)
def _solution_sample(root: Path) -> list[str]:
    """The solution notebooks nbval runs in the quick run: six spread evenly over the course
    (``helpers.sample``), so a quick run still runs solutions from its start, middle and end;
    the deep run runs them all."""
    every = sorted(p.relative_to(root).as_posix() for p in (root / "solutions").glob("*.ipynb"))
    return sample(every, 6, deep=False)  # (the quick run's sample, asked in either run)


def _deep_only(item) -> bool:
    if "deep" in item.keywords:
        return True
    path = Path(str(item.fspath)).resolve()
    root = Path(str(item.config.rootpath)).resolve()
    try:
        rel = path.relative_to(root).as_posix()
    except ValueError:
        return False
    if BROWSER_FILES.search(rel):
        return rel not in BROWSER_SAMPLE
    if rel.startswith("solutions/") and rel.endswith(".ipynb"):
        return rel not in _solution_sample(Path(str(item.config.rootpath)))
    return (rel.startswith("exercises/") and rel.endswith(".ipynb")
            and rel != EXERCISE_SAMPLE)


def pytest_collection_modifyitems(config, items):
    if DEEP:
        return
    skip = pytest.mark.skip(reason="the deep run's: DURAK_DEEP=1 python -m pytest")
    for item in items:
        if _deep_only(item):
            item.add_marker(skip)


def pytest_report_header(config):
    return (f"deep run (DURAK_DEEP=1): every seed and preset, hypothesis profile {PROFILE!r}"
            if DEEP else f"quick run: a sample of seeds and presets, hypothesis profile "
            f"{PROFILE!r} (DURAK_DEEP=1 runs them all)")


@pytest.fixture
def sent(monkeypatch):
    """Every comm message the widgets send (no kernel here: the comms are ``DummyComm``)."""
    import comm
    log: list = []

    def publish(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        log.append((msg_type, data, buffers))

    monkeypatch.setattr(comm.DummyComm, "publish_msg", publish)
    return log


#: each test file's seconds on an idle 2-core machine (``python benchmarks/suite.py --write``)
DURATIONS = Path(__file__).with_name("durations.json")


def unit_costs(scopes: dict[str, int]) -> dict[str, float]:
    """The cost of each unit of work (``scope``: its number of tests) from ``durations.json``:
    the sum of its files' seconds; a file not in the table costs its tests times the table's
    mean seconds a test (the table is refreshed now and then, the files change every day)."""
    try:
        table = json.loads(DURATIONS.read_text())["files"]
    except (OSError, ValueError, KeyError):
        table = {}
    known = [(table[s], n) for s, n in scopes.items() if s in table]
    per_test = sum(c for c, _ in known) / max(1, sum(n for _, n in known)) if known else 0.1
    return {s: float(table[s]) if s in table else per_test * n for s, n in scopes.items()}


def pytest_xdist_make_scheduler(config, log):
    """``--dist loadfile`` (each file on one worker), the costliest file first, to whichever
    worker is free first, so the workers finish together (a long file handed out last would
    run alone at the end); the browser test files are one unit: they share one JupyterLab and
    one Chromium (``tests/browser/lab.py``), started once on the worker that runs them."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling  # type: ignore[import-untyped]

    class CostliestFirst(LoadFileScheduling):
        costs: dict[str, float] | None = None

        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return "the browser tests" if BROWSER_FILES.search(path) else path

        def _cost(self, scope: str) -> float:
            if self.costs is None:
                scopes: dict[str, int] = {}
                for nodeid in self.collection or ():
                    path = nodeid.split("::", 1)[0]
                    scopes[path] = scopes.get(path, 0) + 1
                files = unit_costs(scopes)
                self.costs = {}
                for path, cost in files.items():
                    unit = self._split_scope(path)
                    self.costs[unit] = self.costs.get(unit, 0.0) + cost
            return self.costs.get(scope, 0.0)

        def _assign_work_unit(self, node) -> None:
            for scope in sorted(self.workqueue, key=self._cost, reverse=True):
                self.workqueue.move_to_end(scope)  # the costliest comes out first
            super()._assign_work_unit(node)

        def _reschedule(self, node) -> None:
            # xdist hands a worker its next unit when two tests of its current one are left;
            # here only when it holds its last test (it runs a test once it knows the next, so
            # it never waits idle): a long last test no longer takes the next long file with it
            if (not node.shutting_down and self.workqueue
                    and self._pending_of(self.assigned_work[node]) > 1):
                return
            super()._reschedule(node)

    return CostliestFirst(config, log)
