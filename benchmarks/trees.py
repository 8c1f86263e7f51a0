"""The other commit a benchmark compares with: checked out, built once, cached by commit.

``engine.py --against REV`` measures the package of another commit beside the working tree's.
``prepared(sha, cache)`` gives that commit's tree, ready to import: the commit is checked out
into a temporary ``git worktree`` (never the user's checkout), built there with this interpreter
(``python setup.py build_ext --inplace``, its build requirements, Cython and setuptools,
installed by pip into the cache once, never into the interpreter's environment), its package
copied to the cache (``~/.cache/durak-edu-bench/<sha>-<cpython-3XX>``, under
``$XDG_CACHE_HOME`` if set, or ``--cache DIR``) and the worktree removed. A second run finds the
copy and builds nothing. ``build_it=False`` (``--no-build``) builds and caches nothing: the
plain checkout, its sources as plain Python, removed when the run ends.

The measuring code never comes from there: each measurement runs in a subprocess whose
``sys.path`` puts the tree first (``measure.py``), so only ``durak_edu`` differs between the
sides.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]  # the working tree this script belongs to
DEFAULT_AGAINST = "216326f"  # issue 25: the last commit before this wave (both engines in it)
COMPILED_SUFFIXES = (".so", ".pyd")
FALLBACK_REQUIRES = ("setuptools>=77", "Cython>=3.1")  # pyproject.toml's, where tomllib is not


class TreeError(SystemExit):
    """A commit that cannot be checked out or built: the message says which and why."""


def git(*args: str) -> str:
    """``git -C ROOT args``' output, or a ``TreeError`` with git's own message."""
    try:
        done = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True)
    except FileNotFoundError:
        raise TreeError("--against needs git on the PATH (or run with --self)") from None
    if done.returncode:
        raise TreeError(f"git {' '.join(args)}: {done.stderr.strip() or 'failed'}")
    return done.stdout.strip()


def resolve(rev: str) -> tuple[str, str]:
    """``rev``'s full sha and its one-line description (``216326f tests/...``)."""
    try:
        sha = git("rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}") if rev else ""
    except TreeError:  # --quiet: git says nothing, so the message is ours
        sha = ""
    if not sha:
        raise TreeError(f"--against {rev!r}: not a commit of {ROOT}")
    return sha, git("log", "-1", "--format=%h %s", sha)


def cache_dir(given: str | None) -> Path:
    """Where built trees are kept: ``given``, else ``$XDG_CACHE_HOME`` or ``~/.cache``."""
    if given:
        return Path(given).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "durak-edu-bench"


def compiled_modules(tree: Path) -> list[str]:
    """The compiled extension modules under ``tree/durak_edu`` (relative paths)."""
    return sorted(str(p.relative_to(tree)) for p in (tree / "durak_edu").rglob("*")
                  if p.name.endswith(COMPILED_SUFFIXES))


@contextmanager
def checkout(sha: str) -> Iterator[Path]:
    """``sha`` checked out (detached) into a temporary worktree, removed on the way out."""
    tmp = Path(tempfile.mkdtemp(prefix="durak-edu-bench-"))
    tree = tmp / "tree"
    try:
        git("worktree", "add", "--detach", "--quiet", str(tree), sha)
        yield tree
    finally:
        if tree.exists():
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                           capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)
        subprocess.run(["git", "-C", str(ROOT), "worktree", "prune"], capture_output=True)


def build_requires(tree: Path) -> list[str]:
    """The checkout's ``[build-system] requires`` (Cython and the setuptools it was built with)."""
    if sys.version_info < (3, 11):  # no tomllib: the requirements of issue 25's time
        return list(FALLBACK_REQUIRES)
    import tomllib

    with open(tree / "pyproject.toml", "rb") as f:
        requires = tomllib.load(f).get("build-system", {}).get("requires")
    return list(requires or FALLBACK_REQUIRES)


def build_tools(requires: list[str], cache: Path) -> Path:
    """A folder holding ``requires``, installed once by pip (``--target``) into the cache: the
    interpreter's own environment is never changed, and may lack them (no Cython, an older
    setuptools), since ``pip install -e .`` builds in an isolated environment of its own."""
    key = zlib.crc32(" ".join(sorted(requires)).encode())
    tools = cache / f"build-tools-{sys.implementation.cache_tag}-{key:08x}"
    if (tools / "COMPLETE").exists():
        return tools
    cache.mkdir(parents=True, exist_ok=True)
    partial = Path(tempfile.mkdtemp(prefix="build-tools-", dir=cache))
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--target",
                           str(partial), *requires], capture_output=True, text=True)
    if done.returncode:
        shutil.rmtree(partial, ignore_errors=True)
        raise TreeError(f"installing the build requirements {' '.join(requires)} failed:\n"
                        + "\n".join(done.stderr.strip().splitlines()[-8:]))
    (partial / "COMPLETE").write_text(" ".join(requires) + "\n")
    shutil.rmtree(tools, ignore_errors=True)
    os.replace(partial, tools)
    return tools


def build(tree: Path, sha: str, cache: Path) -> None:
    """``setup.py build_ext --inplace`` in ``tree`` with this interpreter and the checkout's
    build requirements; a failure, or a build that compiled nothing (no C compiler), stops the
    run with the build's last lines."""
    tools = build_tools(build_requires(tree), cache)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DURAK_EDU_PURE")}
    env["PYTHONPATH"] = str(tools)
    done = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=tree,
                          env=env, capture_output=True, text=True)
    if done.returncode or not compiled_modules(tree):
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
        why = f"exit status {done.returncode}" if done.returncode else "no compiled module"
        raise TreeError(f"building {sha[:12]} failed ({why}):\n{tail}")


@contextmanager
def prepared(sha: str, cache: Path, *, build_it: bool = True,
             say: Callable[[str], None] = print) -> Iterator[Path]:
    """The tree of ``sha`` to import from: the built copy in ``cache`` (made on first use), or
    with ``build_it=False`` a plain checkout for the length of the block."""
    if not build_it:
        with checkout(sha) as tree:
            yield tree
        return
    final = cache / f"{sha}-{sys.implementation.cache_tag}"
    if not (final / "durak_edu").is_dir() or not compiled_modules(final):
        say(f"building {sha[:12]} once (a few minutes of CPU), kept in {final}")
        cache.mkdir(parents=True, exist_ok=True)
        with checkout(sha) as tree:
            build(tree, sha, cache)
            keep(tree, final)
    yield final


def keep(tree: Path, final: Path) -> None:
    """Copy the built package of ``tree`` (all a measuring process imports) to ``final``, whole
    or not at all: a second run trusts what it finds there. Cython's ``.c`` files stay behind."""
    partial = Path(tempfile.mkdtemp(prefix=f"{final.name[:12]}-", dir=final.parent))
    try:
        shutil.copytree(tree / "durak_edu", partial / "durak_edu", symlinks=True,
                        ignore=shutil.ignore_patterns("__pycache__", "*.c"))
        shutil.rmtree(final, ignore_errors=True)
        os.replace(partial, final)
    finally:
        shutil.rmtree(partial, ignore_errors=True)
