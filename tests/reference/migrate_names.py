"""Rewrite a test module from the names the reference had in the package to ``reference``'s
(issue 25, wave 3): a one-off aid for merging test branches written before the move.

    python tests/reference/migrate_names.py tests/test_core_part_x.py ...

``from durak_edu.games.attack import AttackGame`` -> ``from reference import AttackGame``;
``_engine("reference")`` -> ``reference_engine()``; ``with _engine("auto"):`` and
``with _engine("core"):`` blocks lose the ``with`` (the core is the only engine);
``_reference_game`` -> ``reference_game``; ``from_game(g)`` (``core.state``'s) -> ``take_over(g)``;
``CoreGame.from_game``/``WideGame.from_game``/``engine.from_game`` -> ``core_game_of``;
``Context.of`` -> ``context_of``; and the ``from reference import ...`` line they need. What it
cannot decide (``_engine(which)`` with a variable) it names on stderr. ``GameRecord.from_game``
is left alone. Delete this file once the wave is merged.
"""

from __future__ import annotations

import pathlib
import re
import sys

NAMES = ("AttackGame", "reference_engine", "reference_game", "take_over", "core_game_of",
         "context_of")


def _drop_with(text: str, header: str) -> str:
    """Remove each ``with`` line whose stripped text is ``header``; dedent its block by 4."""
    lines, out, i = text.split("\n"), [], 0
    while i < len(lines):
        line = lines[i]
        if line.strip() != header:
            out.append(line)
            i += 1
            continue
        indent = len(line) - len(line.lstrip())
        i += 1
        while i < len(lines) and (not lines[i].strip()
                                  or len(lines[i]) - len(lines[i].lstrip()) > indent):
            out.append(lines[i][4:] if lines[i].strip() else lines[i])
            i += 1
    return "\n".join(out)


#: an old name imported from the package -> the name ``reference`` gives it
_RENAMED = {"AttackGame": "AttackGame", "_engine": "reference_engine",
            "_reference_game": "reference_game", "from_game": "take_over"}


def _trim_imports(text: str, module: str, old: tuple[str, ...], need: set[str]) -> str:
    """Drop the names ``old`` from every ``from module import ...`` line (top-level or inside a
    function), and the line if nothing is left; each dropped name's new one goes to ``need``."""
    def fix(m: re.Match[str]) -> str:
        names = [n.strip() for n in m.group(2).split(",")]
        need.update(_RENAMED[n] for n in names if n in old)
        keep = [n for n in names if n not in old]
        return f"{m.group(1)}from {module} import {', '.join(keep)}\n" if keep else ""
    return re.sub(rf"^([ \t]*)from {re.escape(module)} import ([^\n(]+)\n", fix, text, flags=re.M)


def migrate(text: str) -> tuple[str, set[str]]:
    """``text`` with the old names replaced, and the names it now imports from ``reference``."""
    need: set[str] = set()
    text = _trim_imports(text, "durak_edu.games.attack", ("AttackGame",), need)
    text = text.replace("from durak_edu.games.attack import", "from reference.attack import")
    text = _trim_imports(text, "durak_edu.games.new", ("_engine", "_reference_game"), need)
    text = _trim_imports(text, "durak_edu.games.core.state", ("from_game",), need)
    text = text.replace('_engine("reference")', "reference_engine()")
    for which in ("auto", "core"):
        text = _drop_with(text, f'with _engine("{which}"):')
    text = text.replace("_reference_game", "reference_game")
    for old, new in (("CoreGame.from_game(", "core_game_of("),
                     ("WideGame.from_game(", "core_game_of("),
                     ("engine.from_game(", "core_game_of("), ("W.state.from_game(", "take_over("),
                     ("core.state.from_game(", "take_over("),
                     ("core.refuse.Context.of(", "context_of("), ("Context.of(", "context_of(")):
        if old in text:
            text = text.replace(old, new)
            need.add(new[:-1])
    if re.search(r"(?<![.\w])from_game\(", text):
        text = re.sub(r"(?<![.\w])from_game\(", "take_over(", text)
        need.add("take_over")
    if not need:
        return text, need
    have = re.search(r"^from reference import ([^\n(]+)$", text, re.M)
    if have:  # one import line: the names it had and those now needed
        names = {n.strip() for n in have.group(1).split(",")} | need
        line = f"from reference import {', '.join(n for n in NAMES if n in names)}"
        text = text[:have.start()] + line + text[have.end():]
    else:
        lines = text.split("\n")
        first_party = r"(from durak_edu|import durak_edu|from core_parts|from helpers)"
        last = max((i for i, line in enumerate(lines) if re.match(first_party, line)),
                   default=max(i for i, line in enumerate(lines)
                               if re.match(r"(from|import) \w", line)))
        while "(" in lines[last] and ")" not in lines[last]:
            last += 1
        lines.insert(last + 1, f"from reference import {', '.join(n for n in NAMES if n in need)}")
        text = "\n".join(lines)
    return text, need


def main(paths: list[str]) -> None:
    for path in paths:
        p = pathlib.Path(path)
        old = p.read_text(encoding="utf-8")
        new, need = migrate(old)
        if new != old:
            p.write_text(new, encoding="utf-8")
            print(f"{path}: {', '.join(sorted(need)) or 'rewritten'}")
        for n, line in enumerate(new.split("\n"), 1):
            if re.search(r"(?<![\w])_engine\(", line):
                print(f"{path}:{n}: decide by hand: {line.strip()}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
