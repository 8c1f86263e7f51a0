"""The course command: ``durak-edu lab`` opens the whole course in JupyterLab.

JupyterLab serves one folder and everything below it. Started at ``notebooks/`` it cannot reach
``exercises/`` or ``solutions/``, which the lessons send students to; so the command serves the
course root (the folder holding all three) and opens the first lesson in front.

A freshly cloned notebook is *untrusted*: JupyterLab will not show its stored SVG pictures until
it is run. The course's own notebooks are the authors' work, so the command marks them trusted
in this user's Jupyter trust database (what ``jupyter trust`` does) before it starts the server;
a notebook the student changes stays trusted, because JupyterLab signs what it saves.

    durak-edu lab                      # the course in the current folder or the checkout
    durak-edu lab --root ~/durak-edu   # a course somewhere else
    durak-edu lab --no-browser --port 8899   # anything else goes on to JupyterLab

>>> lab_command(Path("/home/anna/durak-edu"), as_root=False)[-2:]
['--ServerApp.root_dir=/home/anna/durak-edu', '--LabApp.default_url=/lab/tree/notebooks/00_welcome.ipynb']
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

__all__ = ["COURSE_FOLDERS", "FIRST_LESSON", "course_root", "trust_course", "lab_command", "main"]

#: the folders of the course, the lessons first
COURSE_FOLDERS = ("notebooks", "exercises", "solutions")
#: the notebook that opens in front, relative to the course root
FIRST_LESSON = "notebooks/00_welcome.ipynb"


def _is_course(folder: Path) -> bool:
    return (folder / FIRST_LESSON).is_file()


def course_root(start: Path | str | None = None) -> Path:
    """The course root: ``start`` (default: the current folder) or a folder above it that holds
    ``notebooks/00_welcome.ipynb``, else the checkout this package was installed from."""
    here = Path(start or os.getcwd()).resolve()
    for folder in (here, *here.parents):
        if _is_course(folder):
            return folder
    checkout = Path(__file__).resolve().parent.parent
    if start is None and _is_course(checkout):
        return checkout
    raise ValueError(f"no durak-edu course at {here} or above it (looked for {FIRST_LESSON}); "
                     "run the command inside the course folder, or give --root")


def trust_course(root: Path) -> int:
    """Mark every notebook of the course trusted (Jupyter's trust database); return how many."""
    import nbformat
    from nbformat.sign import NotebookNotary

    notary = NotebookNotary()
    count = 0
    for folder in COURSE_FOLDERS:
        for path in sorted((root / folder).glob("*.ipynb")):
            nb = nbformat.read(path, as_version=4)
            if not notary.check_signature(nb):
                notary.sign(nb)
            count += 1
    return count


def lab_command(root: Path, extra: Sequence[str] = (), as_root: bool | None = None) -> list[str]:
    """The JupyterLab command line that serves ``root`` with the first lesson in front.

    JupyterLab refuses to start as root unless told ``--allow-root``; the course machines (a
    container, a classroom image) often run as root, so the command says it for the user there.
    """
    if as_root is None:
        as_root = hasattr(os, "geteuid") and os.geteuid() == 0
    extra = list(extra)
    if as_root and "--allow-root" not in extra:
        extra.append("--allow-root")
    return [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={root}",
            f"--LabApp.default_url=/lab/tree/{FIRST_LESSON}", *extra]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="durak-edu", description="Open the durak-edu course in JupyterLab.")
    sub = parser.add_subparsers(dest="command", required=True)
    lab = sub.add_parser("lab", help="open the lessons, exercises and solutions in JupyterLab; "
                                     "other options go on to JupyterLab")
    lab.add_argument("--root", help="the course folder (default: here, or the checkout)")
    lab.add_argument("--dry-run", action="store_true",
                     help="trust the notebooks and print the JupyterLab command, without "
                          "starting it")
    args, extra = parser.parse_known_args(argv)
    try:
        root = course_root(args.root)
    except ValueError as exc:
        parser.error(str(exc))
    count = trust_course(root)
    command = lab_command(root, extra)
    print(f"durak-edu: the course at {root} ({count} notebooks trusted)", flush=True)
    if args.dry_run:
        print(" ".join(command))
        return 0
    os.chdir(root)
    os.execv(command[0], command)  # JupyterLab takes over this process (Ctrl-C stops it)
    return 0  # pragma: no cover


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
