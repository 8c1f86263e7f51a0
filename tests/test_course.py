"""The course command (``durak-edu lab``) and the README's promise: one command sets up and
opens the whole course, with the course's own notebooks trusted so their pictures show."""

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.sign import NotebookNotary

from durak_edu.course import (COURSE_FOLDERS, FIRST_LESSON, MANIFEST, course_root, lab_command,
                              main, notebook_hash, read_manifest, trust_course)

ROOT = Path(__file__).resolve().parent.parent


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return [line.strip() for block in re.findall(r"```bash\n(.*?)```", text, re.S)
            for line in block.splitlines() if line.strip()]


def test_the_readmes_first_command_sets_up_and_opens_the_course():
    first, tests = readme_commands()[:2]
    assert first.startswith("python3 -m venv .venv && ") and '".[lab]"' in first
    assert first.endswith(".venv/bin/durak-edu lab")
    assert tests.endswith(".venv/bin/python -m pytest")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ".venv/bin/python -m pytest" in ci  # CI runs the README's test command


def test_the_course_command_is_installed_as_a_console_script():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'durak-edu = "durak_edu.course:main"' in text
    out = subprocess.run([sys.executable, "-m", "durak_edu.course", "lab", "--help"],
                         capture_output=True, text=True, check=True).stdout
    assert "--root" in out and "JupyterLab" in out


def copy_course(dest: Path) -> Path:
    for folder in COURSE_FOLDERS:
        shutil.copytree(ROOT / folder, dest / folder)
    return dest


def test_course_root_is_found_from_inside_the_course_and_refused_elsewhere(tmp_path):
    course = copy_course(tmp_path / "course")
    assert course_root(course) == course.resolve()
    assert course_root(course / "exercises") == course.resolve()  # from a folder inside it
    with pytest.raises(ValueError, match="no durak-edu course at .* give --root"):
        course_root(tmp_path)


def test_the_course_command_starts_jupyterlab_at_the_course_root_and_trusts_the_notebooks(
        tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data"))  # a throwaway trust database
    course = copy_course(tmp_path / "course")
    lesson = course / "notebooks" / "02_podkidnoy.ipynb"
    assert not NotebookNotary().check_signature(nbformat.read(lesson, as_version=4))
    assert main(["lab", "--root", str(course), "--dry-run", "--no-browser", "--port=8999"]) == 0
    out = capsys.readouterr().out
    command = out.strip().splitlines()[-1]
    assert "-m jupyterlab" in command
    assert f"--ServerApp.root_dir={course.resolve()}" in command
    assert f"--LabApp.default_url=/lab/tree/{FIRST_LESSON}" in command
    assert "--no-browser --port=8999" in command  # the rest goes on to JupyterLab
    n = sum(1 for f in COURSE_FOLDERS for _ in (course / f).glob("*.ipynb"))
    assert f"({n} notebooks trusted: would sign {n} now, 0 already trusted)" in out


def test_the_course_command_trusts_the_course_notebooks_and_says_how_many(tmp_path, monkeypatch):
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data"))
    course = copy_course(tmp_path / "course")
    n = sum(1 for f in COURSE_FOLDERS for _ in (course / f).glob("*.ipynb"))
    out = run_lab(course, "--dry-run")  # the dry run first: it signs nothing
    assert f"({n} notebooks trusted: would sign {n} now" in out
    assert not trusted(course / "notebooks" / "02_podkidnoy.ipynb")
    report = trust_course(course)
    assert len(report.signed) == n and not report.untrusted
    for folder in COURSE_FOLDERS:
        for path in (course / folder).glob("*.ipynb"):
            assert trusted(path), path
    again = trust_course(course)  # nothing left to sign
    assert not again.signed and len(again.already) == n


def test_the_course_command_says_where_it_looked_when_there_is_no_course(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["lab", "--root", str(tmp_path), "--dry-run"])
    assert "no durak-edu course at" in capsys.readouterr().err


def test_the_authoring_tools_live_beside_the_course_not_in_the_installed_package():
    import importlib.util
    for gone in ("durak_edu.notebook_tools", "durak_edu.exercises.build", "durak_edu.record.curate"):
        assert importlib.util.find_spec(gone) is None, gone
    for tool in ("notebooks", "exercises", "curate"):
        assert (ROOT / "authoring" / f"{tool}.py").is_file()
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'include = ["durak_edu*"]' in text  # authoring/ is not packaged
    assert "nbclient" in text and "nbformat" in text  # what the tools import is declared


def test_the_course_command_lets_jupyterlab_start_as_root_where_the_user_is_root(tmp_path):
    from durak_edu.course import lab_command
    assert lab_command(tmp_path, ["--port=1"], as_root=True)[-2:] == ["--port=1", "--allow-root"]
    assert "--allow-root" not in lab_command(tmp_path, as_root=False)
    assert lab_command(tmp_path, ["--allow-root"], as_root=True).count("--allow-root") == 1


# -- what the course command trusts: only what the course shipped (issue 24 §2) ---------------------

def run_lab(course: Path, *args: str) -> str:
    """``durak-edu lab --root course *args`` in this process; its printed text."""
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["lab", "--root", str(course), *args]) == 0
    return out.getvalue()


def trusted(path: Path) -> bool:
    notary = NotebookNotary()
    try:
        return notary.check_signature(nbformat.read(path, as_version=4))
    finally:
        notary.store.close()


def script_notebook(marker: str) -> dict:
    """A stranger's notebook whose stored output runs JavaScript once trusted."""
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("print('hello')")
    cell.outputs = [nbformat.v4.new_output(
        "display_data", data={"text/html": f"<script>window.{marker} = 1</script>",
                              "text/plain": "<IPython.core.display.HTML object>"})]
    nb.cells = [cell]
    return nb


def test_every_course_notebook_is_in_the_manifest_with_its_current_content():
    """The manifest must follow the notebooks: the authoring tools refresh it when they store one;
    a notebook edited by other means needs ``python -m authoring.manifest``."""
    shipped = read_manifest()
    problems = []
    for folder in COURSE_FOLDERS:
        for path in sorted((ROOT / folder).glob("*.ipynb")):
            rel = f"{folder}/{path.name}"
            if rel not in shipped:
                problems.append(f"{rel}: not in the manifest")
            elif shipped[rel] != notebook_hash(path.read_bytes()):
                problems.append(f"{rel}: changed since the manifest was written")
    gone = [rel for rel in shipped if not (ROOT / rel).is_file()]
    problems += [f"{rel}: in the manifest but not in the course" for rel in gone]
    assert not problems, ("\n".join(problems) + f"\nrefresh {MANIFEST.relative_to(ROOT)} with: "
                          ".venv/bin/python -m authoring.manifest (after checking the changes)")


def test_the_manifest_ships_in_the_package_not_in_the_course_folder():
    """A folder cannot vouch for itself: the hashes come with the installed package."""
    assert MANIFEST.parent == ROOT / "durak_edu" / "data"
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"data/**/*"' in text  # package data: installed with durak_edu
    assert not any((ROOT / folder / MANIFEST.name).exists() for folder in ("", *COURSE_FOLDERS))


def test_a_notebooks_hash_survives_a_resave_but_not_a_change():
    text = (ROOT / "notebooks" / "02_podkidnoy.ipynb").read_text(encoding="utf-8")
    nb = json.loads(text)
    h = notebook_hash(text)
    # what a re-save of the same content may do: key order, indentation, no trailing newline,
    # sources as one string instead of a list of lines, a signature in the metadata
    resaved = json.loads(text)
    for cell in resaved["cells"]:
        cell["source"] = "".join(cell["source"])
    resaved["metadata"]["signature"] = "sha256:0123"
    assert notebook_hash(json.dumps(resaved, sort_keys=True, indent=4)) == h
    assert notebook_hash(json.dumps(nb, separators=(",", ":")).rstrip("\n")) == h
    assert notebook_hash(nbformat.writes(nbformat.reads(text, as_version=4))) == h
    # any change to a cell or an output is a change
    code = next(i for i, c in enumerate(nb["cells"]) if c.get("outputs"))
    for change in (lambda n: n["cells"][0]["source"].append(" "),
                   lambda n: n["cells"][code]["outputs"].pop(),
                   lambda n: n["cells"][code]["outputs"][0].update(
                       data={"text/html": "<script>alert(1)</script>"}),
                   lambda n: n["cells"].pop(),
                   lambda n: n["metadata"].update(widgets={"state": {}})):
        changed = json.loads(text)
        change(changed)
        assert notebook_hash(json.dumps(changed)) != h


def test_the_course_command_trusts_no_strangers_notebook_and_names_each_it_left(
        tmp_path, monkeypatch):
    """A stranger's notebook with a script in exercises/, the user's own Untitled.ipynb, a
    lesson changed since it shipped and a file that is no notebook stay untrusted, each named
    with the reason; every other course notebook is trusted."""
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data"))
    course = copy_course(tmp_path / "course")
    nbformat.write(script_notebook("evil"), course / "exercises" / "evil.ipynb")
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")]),
                   course / "notebooks" / "Untitled.ipynb")
    lesson = course / "notebooks" / "02_podkidnoy.ipynb"
    nb = nbformat.read(lesson, as_version=4)
    nb.cells[0].source += "\nA sentence added by someone."
    nbformat.write(nb, lesson)
    (course / "solutions" / "broken.ipynb").write_text("{not json", encoding="utf-8")
    out = run_lab(course, "--no-browser", "--dry-run")
    report = trust_course(course)
    assert report.untrusted == {
        "notebooks/02_podkidnoy.ipynb": "changed since it shipped",
        "notebooks/Untitled.ipynb": "not a course notebook (not in the manifest)",
        "exercises/evil.ipynb": "not a course notebook (not in the manifest)",
        "solutions/broken.ipynb": report.untrusted["solutions/broken.ipynb"]}
    assert report.untrusted["solutions/broken.ipynb"].startswith("not readable as a notebook")
    for rel, why in report.untrusted.items():
        assert f"  {rel}: {why}" in out  # the dry run said the same
        if (course / rel).exists() and rel != "solutions/broken.ipynb":
            assert not trusted(course / rel), rel
    n = len(read_manifest())
    assert len(report.signed) == n - 1  # every shipped notebook but the changed lesson
    assert trusted(course / "notebooks" / "03_perevodnoy.ipynb")
    assert "left untrusted (4;" in run_lab(course, "--dry-run")


def tree_digest(*folders: Path) -> dict[str, str]:
    """Every file under ``folders`` → the SHA-256 of its bytes."""
    import hashlib
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest()
            for folder in folders if folder.exists()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_dry_run_changes_nothing_and_prints_a_command_to_paste(tmp_path, monkeypatch):
    import shlex
    data = tmp_path / "data"
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(data))
    course = copy_course(tmp_path / "a course with spaces")
    run_lab(course, "--dry-run")
    assert not data.exists()  # no trust database, no secret written
    trust_course(course, dry_run=False)  # a real run: the database exists now
    lesson = course / "notebooks" / "02_podkidnoy.ipynb"
    nb = nbformat.read(lesson, as_version=4)
    nb.cells[0].source += " "
    nbformat.write(nb, lesson)
    before = tree_digest(course, data)
    out = run_lab(course, "--dry-run", "--port", "8899", "--ServerApp.ip=127.0.0.1")
    assert tree_digest(course, data) == before
    assert "notebooks/02_podkidnoy.ipynb: changed since it shipped" in out
    pasted = shlex.split(out.strip().splitlines()[-1])
    assert pasted == lab_command(course.resolve(), ["--port", "8899", "--ServerApp.ip=127.0.0.1"])
    assert f"--ServerApp.root_dir={course.resolve()}" in pasted


def test_lab_help_says_other_options_go_on_to_jupyterlab_with_an_example():
    out = subprocess.run([sys.executable, "-m", "durak_edu.course", "lab", "--help"],
                         capture_output=True, text=True, check=True).stdout
    text = " ".join(out.split())
    assert "Any option this command does not know goes on to JupyterLab unchanged" in text
    assert "durak-edu lab --no-browser --port 8899" in out
    assert "--dry-run" in out and "change nothing" in text


def test_a_second_start_offers_the_server_that_already_serves_the_course(tmp_path):
    """A real first server (the course command); the second start says so and gives its URL
    instead of starting another on the next port."""
    pytest.importorskip("jupyterlab")
    from browser.lab import lab_server
    base = tmp_path / "lab"
    base.mkdir()
    course = copy_course(tmp_path / "course")
    first = [sys.executable, "-m", "durak_edu.course", "lab", "--root", str(course)]
    with lab_server(base, course, first) as server:
        env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(base / "runtime"),
                   JUPYTER_DATA_DIR=str(base / "data"), JUPYTER_CONFIG_DIR=str(base / "config"))
        second = subprocess.run(first + ["--no-browser"], env=env, capture_output=True,
                                text=True, timeout=120, cwd=tmp_path)
        assert second.returncode == 0, second.stderr
        assert "JupyterLab already serves this course" in second.stdout
        port = server["url"].rsplit(":", 1)[1]
        assert (f"{server['url']}/lab/tree/{FIRST_LESSON}?token={server['token']}"
                in second.stdout.replace("localhost", "127.0.0.1"))
        assert f"jupyter server stop {port}" in second.stdout
        assert len(list((base / "runtime").glob("jpserver-*.json"))) == 1  # no second server
        # another course folder is not this one: its command would start a server
        other = copy_course(tmp_path / "other")
        dry = subprocess.run(first[:-1] + [str(other), "--dry-run"], env=env,
                             capture_output=True, text=True, timeout=120)
        assert "already serves" not in dry.stdout and "-m jupyterlab" in dry.stdout


def test_the_authoring_tools_refresh_the_manifest_entry_of_what_they_store(tmp_path):
    """``record`` (called by authoring.notebooks and authoring.exercises after they write a
    notebook) refreshes that notebook's hash, and leaves a scratch notebook outside the course
    folders out; ``check`` names what is out of date."""
    from authoring import manifest
    course = copy_course(tmp_path / "course")
    listing = tmp_path / "manifest.json"
    manifest.write(course, listing)
    assert manifest.check(course, listing) == []
    lesson = course / "notebooks" / "02_podkidnoy.ipynb"
    nb = nbformat.read(lesson, as_version=4)
    nb.cells[0].source += " "
    nbformat.write(nb, lesson)
    scratch = tmp_path / "scratch.ipynb"
    nbformat.write(nb, scratch)
    assert manifest.check(course, listing) == [
        "notebooks/02_podkidnoy.ipynb: changed since the manifest was written"]
    assert manifest.record(lesson, scratch, root=course, manifest=listing) == [
        "notebooks/02_podkidnoy.ipynb"]
    assert manifest.check(course, listing) == []
    assert read_manifest(listing)["notebooks/02_podkidnoy.ipynb"] == notebook_hash(
        lesson.read_bytes())
    for hook in ("authoring/notebooks.py", "authoring/exercises.py"):
        assert "record(" in (ROOT / hook).read_text(encoding="utf-8"), hook


def test_without_jupyterlab_the_course_command_says_what_to_install(monkeypatch, capsys):
    import importlib.util
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "jupyter_server" else real(name, *a))
    with pytest.raises(SystemExit):
        main(["lab", "--dry-run"])
    err = capsys.readouterr().err
    assert ('jupyter_server not installed: the course command needs JupyterLab '
            '(pip install -e ".[lab]"') in err


def test_only_a_live_server_of_this_course_counts_and_stale_files_are_left_alone(
        tmp_path, monkeypatch):
    from durak_edu.course import running_course_server
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(runtime))
    course = copy_course(tmp_path / "course")
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    dead = int(gone.stdout)  # a process that has ended
    stale = runtime / f"jpserver-{dead}.json"
    stale.write_text(json.dumps({"pid": dead, "root_dir": str(course), "url": "http://x:1/"}))
    (runtime / "jpserver-torn.json").write_text("{half written")
    assert running_course_server(course) is None and stale.exists()
    live = runtime / f"jpserver-{os.getpid()}.json"
    live.write_text(json.dumps({"pid": os.getpid(), "root_dir": str(tmp_path / "other"),
                                "url": "http://127.0.0.1:1/"}))
    assert running_course_server(course) is None  # a server of another folder
    live.write_text(json.dumps({"pid": os.getpid(), "root_dir": str(course) + "/",
                                "url": "http://127.0.0.1:1/", "token": "t", "port": 1}))
    assert running_course_server(course)["url"] == "http://127.0.0.1:1/"
