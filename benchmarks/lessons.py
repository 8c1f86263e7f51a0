"""How long each course notebook takes, cell by cell, and whether its long cells show a bar.

    python benchmarks/lessons.py                      # lessons and solutions
    python benchmarks/lessons.py notebooks/15_styles_of_play.ipynb --json out.json

Issue 26: every lesson runs in 60 s or less on a quiet 2-core machine, and every cell longer
than 5 s shows a progress bar (``durak_edu.progress``), so a student never waits without a sign
of life. Each notebook is run top to bottom in a fresh kernel from its own folder, as nbval runs
it, one at a time, with progress bars switched on; nothing is written back.

For each cell it measures the wall time and the CPU time of the kernel and of the processes it
waited for (``/proc``: a tournament's bot processes and workers included). On a busy machine
the wall time says little; the CPU time is close to what a quiet machine's wall time would be
(for work on one core), so both are printed, with the load average at the start and the end.
A cell "shows a bar" when one of its outputs is a tqdm bar (``[00:03<…``, the text tqdm gives a
notebook bar's widget). Figures are printed, nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TextIO

ROOT = Path(__file__).resolve().parents[1]
LESSON_LIMIT_S = 60.0   # issue 26: a lesson, on a quiet machine
CELL_LIMIT_S = 5.0      # issue 26: longer than this, a cell shows a progress bar
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
# what tqdm's notebook bar reads as text: "12/200 [00:03<00:10, 5.2/s]" or "40it [00:02, …]"
BAR_TEXT = re.compile(r"\[\d+:\d\d(?::\d\d)?(?:<|,|\])")


@dataclass
class CellTime:
    index: int          # the cell's index in the notebook (markdown cells counted)
    number: int         # its number among the code cells, from 1
    wall: float
    cpu: float
    bar: bool
    source: str         # the first line of its code


@dataclass
class NotebookTime:
    path: str
    wall: float = 0.0
    cpu: float = 0.0
    error: str | None = None
    cells: list[CellTime] = field(default_factory=list)


def _cpu_seconds(pid: int) -> float:
    """CPU time of ``pid`` and of the children it has waited for (user + system)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    # fields after the name: state is [0]; utime, stime, cutime, cstime are 14-17 of stat(5)
    ticks = sum(int(x) for x in fields[11:15])
    return ticks / os.sysconf("SC_CLK_TCK")


def shows_bar(outputs: list[Any]) -> bool:
    """Whether one of a cell's outputs is a tqdm progress bar (its widget's text form)."""
    for out in outputs:
        data = out.get("data") or {}
        text = data.get("text/plain", "")
        text = "".join(text) if isinstance(text, list) else text
        if WIDGET_MIME in data and BAR_TEXT.search(text):
            return True
        if out.get("output_type") == "stream" and BAR_TEXT.search("".join(out.get("text", ""))):
            return True   # a text bar (no widgets in the kernel)
    return False


def time_notebook(path: Path, timeout: int = 1200) -> NotebookTime:
    """Run ``path`` in a fresh kernel (bars on) and time each code cell."""
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    nb: Any = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    result = NotebookTime(str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path))
    marks: dict[int, tuple[float, float]] = {}
    numbers = {i: n for n, i in enumerate(
        (i for i, c in enumerate(nb.cells) if c.cell_type == "code"), start=1)}

    def pid() -> int:
        number: int = client.km.provisioner.process.pid  # type: ignore[union-attr]
        return number

    def started(cell: Any, cell_index: int, **_: Any) -> None:
        marks[cell_index] = (time.perf_counter(), _cpu_seconds(pid()))

    # on_cell_executed, not on_cell_complete: nbclient calls on_cell_complete as soon as the
    # request is sent (before the cell has run and before its new outputs arrive)
    def done(cell: Any, cell_index: int, **_: Any) -> None:
        if cell_index not in marks or cell.cell_type != "code":
            return
        wall0, cpu0 = marks[cell_index]
        first = next((line for line in cell.source.splitlines() if line.strip()), "")
        result.cells.append(CellTime(cell_index, numbers[cell_index],
                                     time.perf_counter() - wall0, _cpu_seconds(pid()) - cpu0,
                                     shows_bar(cell.get("outputs", [])), first[:70]))

    env_before = os.environ.get("DURAK_EDU_PROGRESS")
    os.environ["DURAK_EDU_PROGRESS"] = "1"   # the kernel inherits it: bars as a student sees
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}},
                            on_cell_execute=started, on_cell_executed=done)
    t0 = time.perf_counter()
    try:
        client.execute()
    except CellExecutionError as exc:
        result.error = str(exc).strip().splitlines()[-1][:200]
    finally:
        if env_before is None:
            os.environ.pop("DURAK_EDU_PROGRESS", None)
        else:
            os.environ["DURAK_EDU_PROGRESS"] = env_before
    result.wall = time.perf_counter() - t0
    result.cpu = sum(c.cpu for c in result.cells)
    return result


def report(times: list[NotebookTime], out: TextIO = sys.stdout) -> None:
    """The per-notebook lines, then the cells over the limit and whether they show a bar."""
    print(f"{'notebook':44} {'wall s':>7} {'cpu s':>7}  cells > {CELL_LIMIT_S:g} s "
          "(wall/cpu, bar?)", file=out)
    for t in times:
        long = [c for c in t.cells if max(c.wall, c.cpu) > CELL_LIMIT_S]
        flag = " OVER" if t.path.startswith("notebooks/") and t.cpu > LESSON_LIMIT_S else ""
        cells = ", ".join(f"c{c.number} {c.wall:.0f}/{c.cpu:.0f}{'' if c.bar else ' NO BAR'}"
                          for c in long)
        print(f"{t.path:44} {t.wall:7.1f} {t.cpu:7.1f}{flag}  {cells}"
              + (f"  ERROR {t.error}" if t.error else ""), file=out)
    missing = [(t.path, c) for t in times for c in t.cells
               if max(c.wall, c.cpu) > CELL_LIMIT_S and not c.bar]
    print(f"\ncells over {CELL_LIMIT_S:g} s (wall or cpu) without a progress bar: {len(missing)}",
          file=out)
    for path, c in missing:
        print(f"  {path} c{c.number} (cell {c.index}): wall {c.wall:.1f} s, cpu {c.cpu:.1f} s"
              f"  {c.source}", file=out)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path,
                        help="notebooks (default: notebooks/ and solutions/)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    paths = [p.resolve() for p in args.paths] or sorted(
        p for folder in ("notebooks", "solutions") for p in (ROOT / folder).glob("*.ipynb"))
    print(f"load average at the start: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
    times = []
    for path in paths:
        times.append(time_notebook(path))
        print(f"  {times[-1].path}: {times[-1].wall:.1f} s wall, {times[-1].cpu:.1f} s cpu",
              file=sys.stderr, flush=True)
    print(f"load average at the end: {os.getloadavg()[0]:.2f}\n")
    report(times)
    if args.json:
        args.json.write_text(json.dumps([asdict(t) for t in times], indent=1))


if __name__ == "__main__":
    main()
