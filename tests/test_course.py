"""The course command (``durak-edu lab``) and the README's promise: one command sets up and
opens the whole course, with the course's own notebooks trusted so their pictures show."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.sign import NotebookNotary

from durak_edu.course import COURSE_FOLDERS, FIRST_LESSON, course_root, main

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
    notary = NotebookNotary()
    for folder in COURSE_FOLDERS:
        for path in (course / folder).glob("*.ipynb"):
            assert notary.check_signature(nbformat.read(path, as_version=4)), path
    n = sum(1 for f in COURSE_FOLDERS for _ in (course / f).glob("*.ipynb"))
    assert f"({n} notebooks trusted)" in out


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
