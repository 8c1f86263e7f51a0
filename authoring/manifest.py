"""The course manifest: the content hash of every notebook the course ships.

    python -m authoring.manifest            # rebuild it from the notebooks on disk
    python -m authoring.manifest --check    # exit 1, naming the notebooks, if out of date

``durak-edu lab`` marks a notebook trusted only when its content hash is the one recorded here
(``durak_edu.course.notebook_hash``), so the manifest must follow every stored notebook:
``authoring.notebooks`` and ``authoring.exercises`` refresh its entry whenever they store one
(``record``), and this command rebuilds it whole (after a merge, or a notebook edited by hand).

It lives in the package (``durak_edu/data/course_manifest.json``, package data), not in the
course folder, because a folder cannot vouch for itself: what is trusted is what was installed.
One notebook per line, sorted, so that a change reads as a one-line diff.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from durak_edu.course import COURSE_FOLDERS, MANIFEST, course_notebooks, notebook_hash

__all__ = ["ROOT", "build", "check", "record", "write", "main"]

#: the course root the authors' tools work on (this checkout)
ROOT = Path(__file__).resolve().parent.parent


def _write(entries: dict[str, str], manifest: Path) -> None:
    data = {"about": "content hashes of the notebooks the course ships "
                     "(durak_edu.course.notebook_hash); rebuild: python -m authoring.manifest",
            "notebooks": dict(sorted(entries.items()))}
    manifest.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _read(manifest: Path) -> dict[str, str]:
    if not manifest.exists():
        return {}
    return dict(json.loads(manifest.read_text(encoding="utf-8")).get("notebooks", {}))


def build(root: Path = ROOT) -> dict[str, str]:
    """Course-relative path → content hash for every notebook of the course at ``root``."""
    return {rel: notebook_hash(path.read_bytes()) for rel, path in course_notebooks(root)}


def write(root: Path = ROOT, manifest: Path = MANIFEST) -> dict[str, str]:
    """Rebuild the manifest from the notebooks on disk; return it."""
    entries = build(root)
    _write(entries, manifest)
    return entries


def record(*paths: Path, root: Path = ROOT, manifest: Path = MANIFEST) -> list[str]:
    """Refresh the entries of ``paths`` (notebooks just stored). Paths outside the course
    folders of ``root`` (a test's scratch notebook) are not the course's and are skipped.
    Returns the course-relative paths recorded."""
    entries = _read(manifest)
    done = []
    for path in paths:
        try:
            rel = Path(path).resolve().relative_to(root.resolve())
        except ValueError:
            continue
        if len(rel.parts) != 2 or rel.parts[0] not in COURSE_FOLDERS or rel.suffix != ".ipynb":
            continue
        key = rel.as_posix()
        entries[key] = notebook_hash(Path(path).read_bytes())
        done.append(key)
    if done:
        _write(entries, manifest)
    return done


def check(root: Path = ROOT, manifest: Path = MANIFEST) -> list[str]:
    """One line per notebook whose hash is missing from the manifest or differs from it, and
    per entry whose notebook is gone. Empty when in sync."""
    shipped, now = _read(manifest), build(root)
    problems = [f"{rel}: not in the manifest" for rel in now if rel not in shipped]
    problems += [f"{rel}: changed since the manifest was written" for rel in now
                 if rel in shipped and shipped[rel] != now[rel]]
    problems += [f"{rel}: in the manifest but not in the course" for rel in shipped
                 if rel not in now]
    return sorted(problems)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m authoring.manifest",
                                 description="Rebuild the course manifest (notebook hashes).")
    ap.add_argument("--check", action="store_true",
                    help="change nothing; exit 1 and name the notebooks that are out of date")
    args = ap.parse_args(argv)
    if args.check:
        problems = check()
        for p in problems:
            print(p, file=sys.stderr)
        if problems:
            print("rebuild with: python -m authoring.manifest", file=sys.stderr)
            return 1
        print(f"{MANIFEST.relative_to(ROOT)} is in sync with the course", file=sys.stderr)
        return 0
    entries = write()
    print(f"wrote {MANIFEST.relative_to(ROOT)}: {len(entries)} notebooks", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
