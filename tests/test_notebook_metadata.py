"""Every stored course notebook carries the kernel metadata JupyterLab writes when it opens one
(issue 28), so opening a lesson, running nothing and closing it leaves ``git status`` clean. The
browser test (``test_browser_clean.py``) checks the bytes in JupyterLab itself; this checks every
notebook of the course, quickly."""

import json
import shutil
from pathlib import Path

import pytest

from authoring.notebooks import lab_metadata, store_metadata

ROOT = Path(__file__).resolve().parent.parent
COURSE = sorted(p for folder in ("notebooks", "solutions", "exercises")
                for p in (ROOT / folder).glob("*.ipynb"))


def metadata(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))["metadata"]


@pytest.mark.parametrize("path", COURSE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_course_notebook_carries_the_metadata_jupyterlab_writes(path):
    stored, lab = metadata(path), lab_metadata()
    assert stored.get("kernelspec") == lab["kernelspec"], \
        f"{path.name}: store it with python -m authoring.notebooks --metadata-only"
    # the one field that is the machine's: JupyterLab writes the kernel's Python version
    lab["language_info"]["version"] = stored.get("language_info", {}).get("version")
    assert stored.get("language_info") == lab["language_info"], \
        f"{path.name}: store it with python -m authoring.notebooks --metadata-only"


def test_the_course_is_stored_by_one_python():
    versions = {metadata(p)["language_info"]["version"] for p in COURSE}
    assert len(COURSE) >= 50 and len(versions) == 1, versions


def test_storing_the_metadata_changes_nothing_else_and_twice_writes_the_same_bytes(tmp_path):
    path = tmp_path / "lesson.ipynb"
    shutil.copy(ROOT / "notebooks" / "02_podkidnoy.ipynb", path)
    nb = json.loads(path.read_text(encoding="utf-8"))
    nb["metadata"]["kernelspec"]["display_name"] = "Python 3"      # as Jupyter 6 wrote it
    nb["metadata"]["language_info"] = {"name": "python"}            # as nbformat writes it
    path.write_text(json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
                    encoding="utf-8")
    assert store_metadata(path)
    after = json.loads(path.read_text(encoding="utf-8"))
    assert after["metadata"] == lab_metadata()
    assert {k: v for k, v in after.items() if k != "metadata"} == \
        {k: v for k, v in nb.items() if k != "metadata"}
    first = path.read_bytes()
    assert not store_metadata(path) and path.read_bytes() == first
