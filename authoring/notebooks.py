"""Execute lesson notebooks reproducibly and store them clean, for GitHub and nbval.

    python -m authoring.notebooks notebooks/*.ipynb solutions/*.ipynb

Each notebook is run top to bottom in a fresh kernel from its own folder, then cleaned: no
execution timings, no saved widget state (GitHub cannot render it and it changes every run), and
widget outputs keep only their text and SVG fallbacks. Run twice, it writes the same bytes.

The notebook's kernel metadata is what JupyterLab writes when it opens it (``lab_metadata``), so
that opening a lesson and saving it leaves ``git status`` clean. ``--metadata-only`` stores just
that, running nothing:

    python -m authoring.notebooks --metadata-only notebooks/*.ipynb
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"

__all__ = ["clean", "execute", "lab_metadata", "main", "store_metadata"]


def lab_metadata() -> dict:
    """The metadata JupyterLab 4 writes into a notebook it opens with the ``python3`` kernel:
    the kernelspec's names and the kernel's ``language_info`` (ipykernel's, with this Python's
    version — JupyterLab writes the version of the kernel it started)."""
    from ipykernel.ipkernel import IPythonKernel
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    try:
        spec = KernelSpecManager().get_kernel_spec("python3")
        display, language = spec.display_name, spec.language
    except NoSuchKernel:  # ipykernel's own spec, which JupyterLab then offers
        from ipykernel.kernelspec import get_kernel_dict
        display, language = get_kernel_dict()["display_name"], get_kernel_dict()["language"]
    return {"kernelspec": {"display_name": display, "language": language, "name": "python3"},
            "language_info": dict(IPythonKernel.language_info)}


def _set_lab_metadata(nb) -> None:
    import nbformat

    for key, value in lab_metadata().items():
        nb.metadata[key] = nbformat.from_dict(value)


def clean(nb) -> None:
    """Strip what changes between runs or breaks static renderers, in place; set the metadata
    JupyterLab writes (``lab_metadata``)."""
    nb.metadata.pop("widgets", None)
    _set_lab_metadata(nb)
    count = 0
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        cell.metadata.pop("collapsed", None)
        cell.metadata.pop("scrolled", None)
        if cell.cell_type != "code":
            continue
        if cell.get("outputs"):
            count += 1
            cell.execution_count = count
        else:
            cell.execution_count = None
        cell.outputs = _merge_streams(cell.get("outputs", []))
        for out in cell.outputs:
            if "execution_count" in out:
                out["execution_count"] = cell.execution_count
            data = out.get("data")
            if data and WIDGET_MIME in data:
                del data[WIDGET_MIME]
                if not data:
                    data["text/plain"] = "(a widget: run the notebook to use it)"


def _merge_streams(outputs: list) -> list:
    """One output per run of printed text: a busy kernel splits a print at random."""
    merged: list = []
    for out in outputs:
        prev = merged[-1] if merged else None
        if (out.get("output_type") == "stream" and prev is not None
                and prev.get("output_type") == "stream" and prev.get("name") == out.get("name")):
            prev["text"] = "".join(prev["text"]) + "".join(out["text"])
        else:
            merged.append(out)
    return merged


def execute(path: str | Path, timeout: int = 300) -> None:
    """Run one notebook in a fresh kernel, clean it, and write it back."""
    import nbformat
    from nbclient import NotebookClient

    os.environ["DURAK_EDU_PROGRESS"] = "0"  # no progress bars: their timings change every run
    path = Path(path)
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", record_timing=False,
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    clean(nb)
    nbformat.write(nb, path)
    from .manifest import record
    record(path)  # the course command trusts only what the manifest lists (durak_edu.course)


def store_metadata(path: str | Path) -> bool:
    """Give a stored notebook the metadata JupyterLab writes, changing nothing else; ``True`` if
    its bytes changed."""
    import nbformat

    path = Path(path)
    before = path.read_bytes()
    nb = nbformat.read(path, as_version=4)
    _set_lab_metadata(nb)
    text = nbformat.writes(nb)
    text = text if text.endswith("\n") else text + "\n"
    if text.encode("utf-8") == before:
        return False
    path.write_text(text, encoding="utf-8")
    return True


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Execute and clean notebooks in place.")
    ap.add_argument("paths", nargs="+", type=Path)
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--metadata-only", action="store_true",
                    help="only set the kernel metadata JupyterLab writes; run nothing")
    args = ap.parse_args(argv)
    for p in args.paths:
        if args.metadata_only:
            print(f"{'stored' if store_metadata(p) else 'unchanged'} {p}", file=sys.stderr)
            continue
        print(f"running {p}", file=sys.stderr)
        execute(p, args.timeout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
