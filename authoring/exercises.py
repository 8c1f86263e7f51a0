"""Generate the exercise notebooks from their worked solutions: ``solutions/`` is the source.

    python -m authoring.exercises            # rewrite exercises/ from solutions/
    python -m authoring.exercises --check    # exit 1, naming the notebooks, if out of date

In a solution notebook each answer sits in a region marked as nbgrader marks it::

    ### BEGIN SOLUTION
    ### HINT: the turned card is in nobody's hand.
    answer = ...the worked solution...
    ### END SOLUTION

The exercise copy replaces every region by its hints (as comments) and a stub that keeps the
target of the region's last assignment, ``answer = ...``, which the checkers read as "not
answered yet". Every output is cleared, so the exercises are stored unexecuted. The copy keeps the
solution's cell ids and its kernel metadata (what JupyterLab writes on opening it, so opening an
exercise leaves it unchanged: ``authoring.notebooks.lab_metadata``) and drops widget state, so the
same solution gives the same bytes.

>>> print(strip_solutions('''x = 1
... ### BEGIN SOLUTION
... ### HINT: count them.
... n = len(cards)
... ### END SOLUTION
... check(n)'''))
x = 1
# Hint: count them.
n = ...  # your answer
check(n)
"""

from __future__ import annotations

import argparse
import ast
import copy
import sys
import textwrap
from pathlib import Path

__all__ = ["BEGIN", "END", "HINT", "BuildError", "strip_solutions", "exercise_notebook",
           "render", "build", "check", "main"]

BEGIN = "### BEGIN SOLUTION"
END = "### END SOLUTION"
HINT = "### HINT:"


class BuildError(ValueError):
    """A solution notebook that cannot be turned into an exercise (the message says where)."""


def _target(body: list[str], where: str) -> str:
    """The target of the last top-level assignment of a solution region."""
    code = textwrap.dedent("\n".join(body))
    try:
        tree = ast.parse(code)
    except SyntaxError as exc:
        raise BuildError(f"{where}: the solution region is not valid Python ({exc.msg}, "
                         f"line {exc.lineno} of the region)") from None
    for node in reversed(tree.body):
        if isinstance(node, ast.FunctionDef):  # the student writes a function: P = ...
            return node.name
        targets = (node.targets if isinstance(node, ast.Assign) else
                   [node.target] if isinstance(node, ast.AnnAssign) else None)
        if targets:
            return " = ".join(ast.get_source_segment(code, t) or ast.unparse(t) for t in targets)
    raise BuildError(f"{where}: a solution region must end by assigning the answer "
                     "(e.g. 'answer = …') or defining a function ('def P(…)'), which the stub "
                     "keeps as 'answer = ...' or 'P = ...'")


def strip_solutions(source: str, where: str = "cell") -> str:
    """``source`` with every solution region replaced by its hints and a stub."""
    out: list[str] = []
    region: list[str] | None = None
    indent = ""
    for number, line in enumerate(source.split("\n"), 1):
        mark = line.strip()
        if mark == BEGIN:
            if region is not None:
                raise BuildError(f"{where}, line {number}: '{BEGIN}' inside another solution region")
            region, indent = [], line[: len(line) - len(line.lstrip())]
        elif mark == END:
            if region is None:
                raise BuildError(f"{where}, line {number}: '{END}' without '{BEGIN}'")
            hints = [r.strip()[len(HINT):].strip() for r in region if r.strip().startswith(HINT)]
            if not hints:
                raise BuildError(f"{where}, line {number}: the solution region has no "
                                 f"'{HINT} …' line for the exercise")
            body = [r for r in region if not r.strip().startswith(HINT)]
            target = _target(body, where)
            out.extend(f"{indent}# Hint: {h}" for h in hints)
            out.append(f"{indent}{target} = ...  # your answer")
            region = None
        elif region is not None:
            region.append(line)
        else:
            out.append(line)
    if region is not None:
        raise BuildError(f"{where}: '{BEGIN}' is never closed by '{END}'")
    return "\n".join(out)


def exercise_notebook(nb, name: str = "notebook"):
    """The exercise version of a solution notebook (a new notebook; ``nb`` is not changed)."""
    import nbformat

    ex = copy.deepcopy(nb)
    # the solution's kernel metadata (JupyterLab's, issue 28), without its widget state
    ex.metadata = nbformat.from_dict({k: v for k, v in nb.metadata.items() if k != "widgets"})
    regions = 0
    for i, cell in enumerate(ex.cells):
        where = f"{name}, cell {i}"
        for key in ("execution", "collapsed", "scrolled"):
            cell.metadata.pop(key, None)
        if cell.cell_type == "code":
            if BEGIN in cell.source:
                regions += cell.source.count(BEGIN)
                cell.source = strip_solutions(cell.source, where)
            elif END in cell.source:
                strip_solutions(cell.source, where)  # raises: an END without BEGIN
            cell.outputs = []
            cell.execution_count = None
        elif BEGIN in cell.source or END in cell.source:
            raise BuildError(f"{where}: solution regions belong in code cells")
    if not regions:
        raise BuildError(f"{name}: no '{BEGIN}' region: nothing for the student to do")
    return ex


def render(solution: Path) -> str:
    """The text of the exercise notebook generated from ``solution``."""
    import nbformat

    nb = nbformat.read(solution, as_version=4)
    ex = exercise_notebook(nb, str(solution))
    nbformat.validate(ex)
    text = nbformat.writes(ex, version=4)
    return text if text.endswith("\n") else text + "\n"


def _pairs(solutions: Path, exercises: Path) -> list[tuple[Path, Path]]:
    if not solutions.is_dir():
        raise BuildError(f"no solutions folder at {solutions} (run from the project's root, or "
                         "give --solutions)")
    return [(s, exercises / s.name) for s in sorted(solutions.glob("*.ipynb"))]


def build(solutions: Path = Path("solutions"), exercises: Path = Path("exercises")) -> list[Path]:
    """Write every exercise notebook; return those whose text changed."""
    exercises.mkdir(parents=True, exist_ok=True)
    changed = []
    for sol, ex in _pairs(solutions, exercises):
        text = render(sol)
        if not ex.exists() or ex.read_text(encoding="utf-8") != text:
            ex.write_text(text, encoding="utf-8")
            changed.append(ex)
    from .manifest import record
    record(*changed)  # the course command trusts only what the manifest lists (durak_edu.course)
    return changed


def check(solutions: Path = Path("solutions"), exercises: Path = Path("exercises")) -> list[str]:
    """What is out of date: one line per exercise notebook that differs from what its solution
    generates, is missing, or has no solution. Empty when in sync."""
    problems = []
    pairs = _pairs(solutions, exercises)
    for sol, ex in pairs:
        if not ex.exists():
            problems.append(f"{ex}: missing (generated from {sol})")
        elif ex.read_text(encoding="utf-8") != render(sol):
            problems.append(f"{ex}: out of date with {sol}")
    known = {ex.name for _, ex in pairs}
    for ex in sorted(exercises.glob("*.ipynb")) if exercises.is_dir() else []:
        if ex.name not in known:
            problems.append(f"{ex}: has no solution in {solutions}")
    return problems


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m authoring.exercises",
                                 description="Generate exercises/ from solutions/.")
    ap.add_argument("--check", action="store_true",
                    help="change nothing; exit 1 and name the notebooks that are out of date")
    ap.add_argument("--solutions", type=Path, default=Path("solutions"))
    ap.add_argument("--exercises", type=Path, default=Path("exercises"))
    args = ap.parse_args(argv)
    try:
        if args.check:
            problems = check(args.solutions, args.exercises)
            for p in problems:
                print(p, file=sys.stderr)
            if problems:
                print("regenerate with: python -m authoring.exercises", file=sys.stderr)
                return 1
            print(f"{args.exercises} is in sync with {args.solutions}", file=sys.stderr)
            return 0
        for path in build(args.solutions, args.exercises):
            print(f"wrote {path}", file=sys.stderr)
    except BuildError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
