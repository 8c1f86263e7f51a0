"""The README's test command shares the files out costliest first (issue 28): the scheduler in
``tests/conftest.py``, driven here as xdist drives it, by two simulated workers whose tests take
the time the cost table says."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

import conftest


class Node:
    """A simulated xdist worker: it runs the tests it is sent one at a time, and (as a real
    worker does) holds its last one until it knows the next or is shut down."""

    def __init__(self, name: str) -> None:
        self.gateway = SimpleNamespace(id=name)
        self.queue: list[int] = []
        self.shutting_down = False
        self.clock = 0.0
        self.ran: list[int] = []

    def send_runtest_some(self, indices):
        self.queue += indices

    def shutdown(self):
        self.shutting_down = True


def run(files: dict[str, int], costs: dict[str, float], monkeypatch, tmp_path):
    """Each file's tests (``files``: path → number of tests), its cost shared evenly among
    them; returns each worker's files in the order run and when each worker finished."""
    table = tmp_path / "durations.json"
    table.write_text(json.dumps({"files": costs}))
    monkeypatch.setattr(conftest, "DURATIONS", table)
    config = SimpleNamespace(getvalue=lambda name: {"dist": "loadfile", "tx": ["2*popen"],
                                                    "numprocesses": 2}.get(name),
                             option=SimpleNamespace(loadscopereorder=True))
    sched = conftest.pytest_xdist_make_scheduler(config, None)
    collection = [f"{path}::test_{i}" for path, n in files.items() for i in range(n)]
    nodes = [Node("gw0"), Node("gw1")]
    for node in nodes:
        sched.add_node(node)
    for node in nodes:
        sched.add_node_collection(node, collection)
    sched.schedule()
    cost = {path: costs.get(path, 1.0) / n for path, n in files.items()}
    def took(index):
        return cost[collection[index].split("::")[0]]

    while any(node.queue for node in nodes):
        busy = [n for n in nodes if n.queue]
        # a worker starts a test only when it knows the next one or that there is none
        assert all(len(n.queue) > 1 or n.shutting_down for n in busy), "a worker waits forever"
        node = min(busy, key=lambda n: n.clock + took(n.queue[0]))  # the next test to finish
        index = node.queue.pop(0)
        node.clock += took(index)
        node.ran.append(index)
        sched.mark_test_complete(node, index)
    assert sorted(i for n in nodes for i in n.ran) == list(range(len(collection)))
    order = [list(dict.fromkeys(collection[i].split("::")[0] for i in n.ran)) for n in nodes]
    return order, [n.clock for n in nodes]


def test_the_costliest_files_go_first_and_the_workers_finish_together(monkeypatch, tmp_path):
    # in collection order (what --dist loadfile did) the 100 s file, collected last, would start
    # last, at 80 s at the earliest, and end the run alone
    files = {"notebooks/a.ipynb": 10, "tests/test_b.py": 10, "tests/test_c.py": 10,
             "tests/test_d.py": 10, "tests/test_e.py": 10}
    costs = {"notebooks/a.ipynb": 30.0, "tests/test_b.py": 60.0, "tests/test_c.py": 20.0,
             "tests/test_d.py": 50.0, "tests/test_e.py": 100.0}
    order, clocks = run(files, costs, monkeypatch, tmp_path)
    firsts = {o[0] for o in order}
    assert firsts == {"tests/test_e.py", "tests/test_b.py"}
    assert order == [["tests/test_e.py", "notebooks/a.ipynb"],
                     ["tests/test_b.py", "tests/test_d.py", "tests/test_c.py"]]
    assert clocks == [130.0, 130.0]  # the best split there is


def test_the_browser_files_stay_on_one_worker_and_count_as_one(monkeypatch, tmp_path):
    files = {"tests/test_browser.py": 3, "tests/test_browser_drill.py": 3,
             "tests/test_x.py": 4, "tests/test_y.py": 4}
    costs = {"tests/test_browser.py": 40.0, "tests/test_browser_drill.py": 40.0,
             "tests/test_x.py": 70.0, "tests/test_y.py": 20.0}
    order, clocks = run(files, costs, monkeypatch, tmp_path)
    (browser,) = [o for o in order if "tests/test_browser.py" in o]
    assert browser[:2] == ["tests/test_browser.py", "tests/test_browser_drill.py"]
    assert sorted(clocks) == pytest.approx([80.0, 90.0])  # the browser files (80 s) first


def test_a_file_missing_from_the_table_costs_its_tests_at_the_tables_mean(monkeypatch, tmp_path):
    table = tmp_path / "durations.json"
    table.write_text(json.dumps({"files": {"tests/test_a.py": 10.0, "tests/test_b.py": 30.0}}))
    monkeypatch.setattr(conftest, "DURATIONS", table)
    costs = conftest.unit_costs({"tests/test_a.py": 10, "tests/test_b.py": 10,
                                 "tests/test_new.py": 5})
    assert costs == {"tests/test_a.py": 10.0, "tests/test_b.py": 30.0, "tests/test_new.py": 10.0}
    table.write_text("not json")  # a broken table: every test costs the same, nothing fails
    assert conftest.unit_costs({"tests/test_a.py": 2, "tests/test_new.py": 4}) == pytest.approx(
        {"tests/test_a.py": 0.2, "tests/test_new.py": 0.4})


def test_the_stored_table_names_files_that_exist():
    """``tests/durations.json`` (``python benchmarks/suite.py --write``) is the order of every
    run: a table of renamed files would leave the scheduler guessing."""
    root = conftest.DURATIONS.parent.parent
    files = json.loads(conftest.DURATIONS.read_text())["files"]
    assert len(files) > 100
    missing = [path for path in files if not (root / path).exists()]
    assert len(missing) <= len(files) // 10, missing


def test_the_quick_run_runs_one_exercise_notebook_and_the_deep_run_all(monkeypatch):
    """nbval's cells of exercises/ other than ``EXERCISE_SAMPLE``, of the solutions outside the
    sample, the browser files outside ``BROWSER_SAMPLE`` and the ``deep`` tests are skipped in
    the quick run, with the flag that runs them; the lessons, the sampled solutions and browser
    files and the other tests run; with DURAK_DEEP=1 nothing is skipped."""
    root = conftest.Path(conftest.__file__).resolve().parents[1]

    def item(path, *keywords):
        marks = []
        return SimpleNamespace(fspath=root / path, keywords=set(keywords),
                               config=SimpleNamespace(rootpath=root), marks=marks,
                               add_marker=marks.append)

    solutions = sorted((root / "solutions").glob("*.ipynb"))
    first, twelfth = (str(solutions[0].relative_to(root)),
                      "solutions/12_write_your_own_bot.ipynb")
    items = [item(conftest.EXERCISE_SAMPLE), item("exercises/12_write_your_own_bot.ipynb"),
             item(first), item(twelfth), item("notebooks/15_styles_of_play.ipynb"),
             item("tests/test_cards.py"), item("tests/test_exercises.py", "deep"),
             item("tests/test_browser.py"), item("tests/test_browser_course.py")]
    assert (root / conftest.EXERCISE_SAMPLE).is_file() and (root / twelfth).is_file()
    assert first in conftest._solution_sample(root) and len(conftest._solution_sample(root)) == 6
    for deep in (False, True):
        for it in items:
            it.marks.clear()
        monkeypatch.setattr(conftest, "DEEP", deep)
        conftest.pytest_collection_modifyitems(None, items)
        skipped = [str(it.fspath.relative_to(root)) for it in items if it.marks]
        assert skipped == ([] if deep else ["exercises/12_write_your_own_bot.ipynb", twelfth,
                                            "tests/test_exercises.py",
                                            "tests/test_browser_course.py"])
        assert all("DURAK_DEEP=1" in m.kwargs["reason"] for it in items for m in it.marks)
