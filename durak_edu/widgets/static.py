"""The static picture a widget leaves in a notebook, for GitHub and nbconvert — given once.

How a widget's output is built: IPython asks ipywidgets for its bundle (the live view,
``application/vnd.jupyter.widget-view+json``, and ``text/plain``) and then adds what the widget's
``_repr_svg_`` returns (``image/svg+xml``). A live front end shows the view; a static renderer,
which has no widget state (``notebook_tools.clean`` strips it), shows the SVG. So one output is one
picture either way.

Lessons often show the static picture first — ``display(SVG(w.to_svg()))`` — and then the widget.
The widget's fallback then repeats the picture just shown, and a static view shows it twice.
``fallback(svg)`` returns ``None`` (no fallback) when ``svg`` is the picture this kernel displayed
last, so the static view keeps one picture and the live view, as always, only the widget. It
is decided in the kernel, so a re-run gives the same outputs (nbval compares them) and cleaning
needs no special case. ``durak_edu.widgets`` starts watching when it is imported; outside IPython
nothing is watched and the fallback is always given.
"""

from __future__ import annotations

from xml.dom import minidom

__all__ = ["fallback", "last_picture", "watch"]

_SVG = "image/svg+xml"
_state: dict = {"last": None}


def _normal(svg: str) -> str:
    """The SVG as IPython's ``SVG`` object stores it (re-serialised by minidom)."""
    try:
        found = minidom.parseString(svg).getElementsByTagName("svg")
    except Exception:  # not XML: compare as it is
        return svg
    return found[0].toxml() if found else svg


def watch() -> bool:
    """Watch the bundles IPython formats (``display(...)`` and cell results) for pictures."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython is a dependency of ipywidgets
        return False
    shell = get_ipython()
    fmt = getattr(shell, "display_formatter", None)
    if fmt is None:
        return False
    if getattr(fmt, "_durak_observed", False):
        return True
    original = fmt.format

    def format(obj, include=None, exclude=None):
        data, metadata = original(obj, include=include, exclude=exclude)
        if _SVG in data:
            _state["last"] = _normal(data[_SVG])
        return data, metadata

    fmt.format = format
    fmt._durak_observed = True
    return True


def last_picture() -> str | None:
    """The last SVG this kernel displayed (normalised), or ``None``."""
    return _state["last"]


def fallback(svg: str) -> str | None:
    """What a widget's ``_repr_svg_`` returns: ``svg``, unless it is the picture just shown."""
    if watch() and _state["last"] is not None and _normal(svg) == _state["last"]:
        return None
    return svg
