"""The course command: ``durak-edu lab`` opens the whole course in JupyterLab.

JupyterLab serves one folder and everything below it. Started at ``notebooks/`` it cannot reach
``exercises/`` or ``solutions/``, which the lessons send students to; so the command serves the
course root (the folder holding all three) and opens the first lesson in front.

A freshly cloned notebook is *untrusted*: JupyterLab will not show its stored SVG pictures (nor
run its stored JavaScript) until it is run. The command marks trusted, in this user's Jupyter
trust database (what ``jupyter trust`` does), only the notebooks whose content is exactly what
the course shipped: the package carries a manifest of their content hashes
(``durak_edu/data/course_manifest.json``, written by the authors' tools in ``authoring/``). A
notebook that is not in it (a stranger's, the user's own ``Untitled.ipynb``) or that changed
since it shipped is left as it is, and named. The manifest ships *in the package*, not in the
course folder: a folder cannot vouch for itself, so a downloaded "course" with its own manifest
gets nothing trusted. A notebook the student changes stays trusted, because JupyterLab signs what
it saves.

    durak-edu lab                      # the course in the current folder or the checkout
    durak-edu lab --root ~/durak-edu   # a course somewhere else
    durak-edu lab --no-browser --port 8899   # anything else goes on to JupyterLab

>>> lab_command(Path("/home/anna/durak-edu"), as_root=False)[-2:]
['--ServerApp.root_dir=/home/anna/durak-edu', '--LabApp.default_url=/lab/tree/notebooks/00_welcome.ipynb']
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import shlex
import sqlite3
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["COURSE_FOLDERS", "FIRST_LESSON", "MANIFEST", "course_root", "notebook_hash",
           "read_manifest", "course_notebooks", "CourseTrust", "trust_course", "running_course_server",
           "lab_command", "main"]

#: the folders of the course, the lessons first
COURSE_FOLDERS = ("notebooks", "exercises", "solutions")
#: the notebook that opens in front, relative to the course root
FIRST_LESSON = "notebooks/00_welcome.ipynb"
#: what the course shipped: course-relative path → content hash (``notebook_hash``)
MANIFEST = Path(__file__).resolve().parent / "data" / "course_manifest.json"


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


# -- what the course shipped ------------------------------------------------------------------------

def notebook_hash(text: str | bytes) -> str:
    """The SHA-256 of a notebook's content, the same however the same notebook is written out.

    The JSON is read and written again canonically (keys sorted, no spacing), with multi-line
    text joined as nbformat joins it (a source stored as a list of lines or as one string is
    the same source) and without the stored signature, which is not content. So a re-save with
    other key order, indentation or a trailing newline keeps the hash; any change to a cell, an
    output or the notebook's metadata changes it.

    >>> a = '{"cells": [{"cell_type": "markdown", "metadata": {}, "source": ["# A\\\\n", "b"]}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}'
    >>> b = '{"nbformat_minor": 5, "nbformat": 4, "metadata": {},\\n "cells": [{"source": "# A\\\\nb", "metadata": {}, "cell_type": "markdown"}]}\\n'
    >>> notebook_hash(a) == notebook_hash(b), notebook_hash(a) == notebook_hash(a.replace("b", "c"))
    (True, False)
    """
    from nbformat import from_dict
    from nbformat.v4.rwbase import rejoin_lines

    nb = from_dict(json.loads(text))
    if not isinstance(nb, dict) or not isinstance(nb.get("cells", []), list):
        raise ValueError("not a notebook: no list of cells")
    nb.setdefault("cells", [])
    rejoin_lines(nb)
    if isinstance(nb.get("metadata"), dict):
        nb["metadata"].pop("signature", None)
    canonical = json.dumps(nb, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def read_manifest(path: Path = MANIFEST) -> dict[str, str]:
    """Course-relative notebook path → content hash, as the course shipped it."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"{path}: the course manifest is missing from the package; reinstall "
                         "durak-edu (authors: python -m authoring.manifest)") from None
    notebooks = data.get("notebooks") if isinstance(data, dict) else None
    if not isinstance(notebooks, dict):
        raise ValueError(f"{path}: not a course manifest (no 'notebooks' map); authors: "
                         "python -m authoring.manifest")
    return {str(k): str(v) for k, v in notebooks.items()}


def course_notebooks(root: Path) -> Iterator[tuple[str, Path]]:
    """``(course-relative path, path)`` of every notebook in the course folders."""
    for folder in COURSE_FOLDERS:
        for path in sorted((root / folder).glob("*.ipynb")):
            yield f"{folder}/{path.name}", path


# -- trust ------------------------------------------------------------------------------------------

@dataclass
class CourseTrust:
    """What ``trust_course`` did: course-relative paths signed now, those already trusted, and
    those left untrusted with the reason."""

    signed: list[str] = field(default_factory=list)
    already: list[str] = field(default_factory=list)
    untrusted: dict[str, str] = field(default_factory=dict)

    @property
    def trusted(self) -> int:
        return len(self.signed) + len(self.already)


class _ReadOnlyStore:
    """Jupyter's trust database, only read (for ``--dry-run``): nbformat's own store creates the
    file and writes a "last seen" time at every look-up."""

    def __init__(self, db_file: str):
        self.db_file = db_file

    def check_signature(self, digest: str, algorithm: str) -> bool:
        if not os.path.isfile(self.db_file):
            return False
        db = sqlite3.connect(f"{Path(self.db_file).as_uri()}?mode=ro", uri=True)
        try:
            row = db.execute("SELECT id FROM nbsignatures WHERE algorithm = ? AND signature = ?",
                             (algorithm, digest)).fetchone()
        except sqlite3.DatabaseError:
            return False
        finally:
            db.close()
        return row is not None

    def store_signature(self, digest: str, algorithm: str) -> None:  # pragma: no cover
        raise RuntimeError("a dry run signs nothing")

    def close(self) -> None:
        pass


def _notary(dry_run: bool) -> Any:
    from jupyter_core.paths import jupyter_data_dir
    from nbformat.sign import NotebookNotary

    data_dir = jupyter_data_dir()
    if not dry_run:
        os.makedirs(data_dir, exist_ok=True)  # where the secret and the database go
        return NotebookNotary(data_dir=data_dir)
    db_file = str(Path(data_dir) / "nbsignatures.db")
    secret_file = Path(data_dir) / "notebook_secret"
    # no secret yet: nothing was ever signed; a made-up one keeps the default from writing one
    secret = secret_file.read_bytes() if secret_file.is_file() else b"-- no secret yet --"
    return NotebookNotary(data_dir=data_dir, db_file=db_file, secret=secret,
                          store_factory=lambda: _ReadOnlyStore(db_file))


def trust_course(root: Path, *, dry_run: bool = False,
                 manifest: Path = MANIFEST) -> CourseTrust:
    """Mark trusted the course notebooks under ``root`` whose content is what the course
    shipped (``read_manifest``); leave every other notebook as it is, saying why.

    With ``dry_run`` nothing is written: ``signed`` lists what would be signed."""
    import nbformat

    shipped = read_manifest(manifest)
    report = CourseTrust()
    notary = _notary(dry_run)
    try:
        for rel, path in course_notebooks(root):
            try:
                text = path.read_text(encoding="utf-8")
                nb = nbformat.reads(text, as_version=4)
                content = notebook_hash(text)
            except Exception as exc:  # any file at all may sit there: it stays untrusted
                report.untrusted[rel] = (f"not readable as a notebook "
                                         f"({type(exc).__name__}: {str(exc)[:120]})")
                continue
            if notary.check_signature(nb):
                report.already.append(rel)
            elif rel not in shipped:
                report.untrusted[rel] = "not a course notebook (not in the manifest)"
            elif shipped[rel] != content:
                report.untrusted[rel] = "changed since it shipped"
            else:
                if not dry_run:
                    notary.sign(nb)
                report.signed.append(rel)
    finally:
        notary.store.close()
    return report


# -- the server -------------------------------------------------------------------------------------

def running_course_server(root: Path) -> dict[str, Any] | None:
    """The running Jupyter server whose root is ``root`` (its runtime file's information), or
    ``None``. Each server writes ``jpserver-<pid>.json`` in Jupyter's runtime folder (what
    ``jupyter server list`` reads); a file whose process is gone is skipped, and left alone.

    Read here rather than by ``jupyter_server.serverapp.list_running_servers``: importing that
    costs most of a second before JupyterLab even starts, and it deletes the stale files (a
    dry run writes nothing)."""
    from jupyter_core.paths import jupyter_runtime_dir
    from jupyter_server.utils import check_pid  # (signal 0 would be Ctrl-C on Windows)

    want = root.resolve()
    for path in sorted(Path(jupyter_runtime_dir()).glob("jpserver-*.json")):
        try:
            info = json.loads(path.read_text(encoding="utf-8"))
            pid = int(info["pid"])
            served = info.get("root_dir") or info.get("notebook_dir")
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            continue  # being written, or not a server's file
        if served and Path(served).resolve() == want and check_pid(pid):
            return dict(info)
    return None


def _server_url(info: dict[str, Any]) -> str:
    url = str(info.get("url", "")).rstrip("/")
    token = info.get("token")
    return f"{url}/lab/tree/{FIRST_LESSON}" + (f"?token={token}" if token else "")


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


def _report(root: Path, trust: CourseTrust, dry_run: bool) -> list[str]:
    signed = f"{'would sign' if dry_run else 'signed'} {len(trust.signed)} now"
    lines = [f"durak-edu: the course at {root} ({trust.trusted} notebooks trusted: {signed}, "
             f"{len(trust.already)} already trusted)"]
    if trust.untrusted:
        lines.append(f"durak-edu: left untrusted ({len(trust.untrusted)}; their stored pictures "
                     "and scripts do not show until you run them):")
        lines += [f"  {rel}: {why}" for rel, why in trust.untrusted.items()]
    return lines


_EPILOG = """\
Any option this command does not know goes on to JupyterLab unchanged, for example:
  durak-edu lab --no-browser --port 8899
  durak-edu lab --ServerApp.ip=0.0.0.0

Only the notebooks whose content is what the course shipped are marked trusted (a manifest of
their hashes comes with the package); any other notebook is left as it is and named.
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="durak-edu", description="Open the durak-edu course in JupyterLab.")
    sub = parser.add_subparsers(dest="command", required=True)
    lab = sub.add_parser(
        "lab", help="open the lessons, exercises and solutions in JupyterLab; other options go "
                    "on to JupyterLab",
        description="Serve the course folder in JupyterLab with the first lesson in front, "
                    "after marking the course's own notebooks trusted.",
        epilog=_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    lab.add_argument("--root", help="the course folder (default: here, or the checkout)")
    lab.add_argument("--dry-run", action="store_true",
                     help="change nothing: say what would be trusted and print the JupyterLab "
                          "command, without starting it")
    args, extra = parser.parse_known_args(argv)
    missing = [name for name in ("nbformat", "jupyter_server", "jupyterlab")
               if importlib.util.find_spec(name) is None]
    if missing:
        parser.error(f"{', '.join(missing)} not installed: the course command needs JupyterLab "
                     "(pip install -e \".[lab]\" in the course folder)")
    try:
        root = course_root(args.root)
        trust = trust_course(root, dry_run=args.dry_run)
    except ValueError as exc:
        parser.error(str(exc))
    print("\n".join(_report(root, trust, args.dry_run)), flush=True)
    server = running_course_server(root)
    if server is not None:
        print(f"durak-edu: JupyterLab already serves this course (process {server.get('pid')}); "
              f"open it at\n  {_server_url(server)}\n(to start another, stop that one first: "
              f"jupyter server stop {server.get('port')})", flush=True)
        if not args.dry_run:
            return 0
    command = lab_command(root, extra)
    if args.dry_run:
        print(shlex.join(command))
        return 0
    os.chdir(root)
    os.execv(command[0], command)  # JupyterLab takes over this process (Ctrl-C stops it)
    return 0  # pragma: no cover


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
