"""The regression record of the attack family's games (issue 25): ``tests/data/agreement.json``
holds, for seeded random games, a digest of every move's legal-move list and chosen move, one of
every event's words, and the result; ``tests/test_agreement_fixture.py`` plays the same games on
the core and names the first move and aspect that differ.

It is the record of an agreement: the games were first recorded from the old engine, which the
core replaced, and the core played every one of them move for move (same lists in the same order,
same refusals, events, views, results and records) before the old engine was deleted. The
exceptions were the R9.4 (chukotsky) ``from_position`` positions with a talon, which the old
engine took and the core refuses: the record re-made from the core draws other positions there.

The games: every preset of the attack family (``FAMILIES["attack"].presets``, the gallery
included, but ``NOT_RECORDED``'s, new since the record was made) at every table size from 2 to 8
it allows, ``SEEDS`` seeds each (``seed`` deals the deck, ``policy(players, seed)`` picks the
moves), and for every preset ``POSITIONS`` ``from_position`` positions drawn from a seed (their
inputs are stored, so they do not depend on how they were drawn).

Format 2 (``FORMAT``) adds the close look of ``agreement_walk.walk`` (views of every seat,
refusals of sampled illegal actions, undo, ``redeal_hidden``, history-free playouts, the record,
every move taken back; a digest of each, and one character a position): at the positions above,
at every option set the core's part test modules swept on top of the presets (``cases``: their
``CASES`` lists, gathered once with ``--collect`` and kept in the fixture from then on, at
``CASE_SIZES`` seats), and at a few series deals with ``dealer=``/``lead=`` (``DEALS``).

How the regression record is re-made when a rule change is intended (a rule mended, the words of
an event reworded, a preset added): from the core,

    python tests/make_agreement.py            # writes tests/data/agreement.json

then ``git diff tests/data/agreement.json`` shows which games changed (one game a line); the
commit says which rule changed and why those games changed with it. A change that is not meant
to change the games must leave the file as it is.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from agreement_walk import FIELDS

HERE = Path(__file__).resolve().parent
FIXTURE = HERE / "data" / "agreement.json"
#: the fixture's format: 1 the games' digests; 2 with ``agreement_walk``'s close look
FORMAT = 2
#: the table sizes each option case is walked at (those its deck seats), one seed each
CASE_SIZES = (2, 3, 5, 8)
#: series deals walked: (preset, players, seed, dealer, lead)
DEALS = [("podkidnoy", 4, 1, 2, None), ("podkidnoy", 3, 2, 1, 0), ("perevodnoy", 5, 3, 4, 2),
         ("perevodnoy", 2, 4, 1, None), ("krugovoy", 4, 5, 3, 1),
         ("podkidnoy_teams", 4, 6, 1, None),
         ("podkidnoy_teams", 6, 7, 5, 2), ("pribaltiysky", 3, 8, 2, None),
         ("magadansky", 4, 9, 3, 3), ("dvukhkozyrny", 3, 10, 1, 2)]
#: seeds per table (the quick test plays the first; ``DURAK_DEEP=1`` all of them)
SEEDS = 3
#: a game the random policy has not finished in this many moves is recorded as unfinished
MOST_PLIES = 3000
#: ``from_position`` positions drawn for each preset, from the first seeds that give one (of
#: ``POSITION_SEEDS``: a seed whose position the rules refuse is passed over)
POSITIONS = 4
POSITION_SEEDS = 80
#: hex digits kept of each sha256 (64 bits: a chance difference is never missed)
DIGITS = 16


#: presets the fixture does not hold, and why (a preset added after the last re-record: the
#: re-record that adds it says so; issue 27's six were added on 7 December 2026)
NOT_RECORDED: dict[str, str] = {}


def presets() -> list[str]:
    """The attack family's presets the fixture holds (every one but ``NOT_RECORDED``)."""
    from durak_edu.rules import FAMILIES
    return [name for name in FAMILIES["attack"].presets if name not in NOT_RECORDED]


def policy(players: int, seed: int) -> random.Random:
    """The seeded random policy: the generator whose ``choice`` picks each move."""
    return random.Random(1000 * players + seed)


def tables() -> Iterator[tuple[str, int]]:
    """Every attack-family preset and table size (2 to 8) its rules allow (``check_players``),
    in registration order."""
    from durak_edu.rules import FAMILIES
    for name in presets():
        v = FAMILIES["attack"].presets[name]
        for players in range(2, 9):
            try:
                v.rules.check_players(players)
            except ValueError:
                continue  # too few cards for the deal, or R5's teams
            yield name, players


def _event(e: Any) -> str:
    return (f"{e.kind}|{e.seat}|{' '.join(map(str, e.cards))}|{int(e.private)}|{e.action}|"
            f"{e.text}")


def play(g: Any, rng: random.Random) -> list[Any]:
    """Play ``g`` to its end with ``rng.choice`` over its legal moves; return ``[moves digest,
    events digest, plies, result]``: the digest of each position's seat to act, legal-move list
    (as text, in order) and chosen move; the digest of every event's kind, seat, cards and
    words (the deal's included) and the result's fields; the number of moves; the result in
    words (``"unfinished"`` after ``MOST_PLIES``)."""
    moves, events = hashlib.sha256(), hashlib.sha256()
    seen = 0
    plies = 0
    while True:
        history = g.history
        events.update("".join(_event(e) + "\n" for e in history[seen:]).encode())
        seen = len(history)
        if g.is_over or plies >= MOST_PLIES:
            break
        listed = g.legal_actions()
        if not listed:
            raise ValueError(f"seat {g.to_act} has no legal move after {plies} moves and the "
                             "game is not over")
        act = rng.choice(listed)
        moves.update(f"{g.to_act}:{' / '.join(map(str, listed))} > {act}\n".encode())
        g.play(act)
        plies += 1
    result = g.result
    events.update(repr(result).encode())
    return [moves.hexdigest()[:DIGITS], events.hexdigest()[:DIGITS], plies,
            "unfinished" if result is None else str(result)]


def new_game_case(name: str, players: int, seed: int) -> Any:
    """The game of a new-game case (``new_game`` with its preset, seats and seed)."""
    from durak_edu import new_game
    return new_game(name, players=players, seed=seed)


def draw_position(name: str, seed: int) -> dict[str, Any] | None:
    """A ``from_position`` position's inputs drawn from ``seed``: 2 to 6 seats, random hands
    (the talon's seats never empty-handed), talon, trump card or suit, attacker; ``None`` where
    the rules refuse what was drawn."""
    from durak_edu import new_game
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    try:
        dealt = new_game(name, players=players, seed=0)
    except ValueError:
        return None
    deck = list(dealt.deck_order)
    rng.shuffle(deck)
    # R9.38 (krestovy): the attack phase starts with the deck drawn, so no talon (from_position
    # accepts one there, and then nobody draws from it: the game stalls)
    phase = getattr(dealt.rules, "one_higher_phase", False)
    talon_size = 0 if phase else rng.choice((0, 0, 1, 3, 8))
    sizes = [rng.randint(1 if talon_size else 0, 7) for _ in range(players)]
    hands, i = [], 0
    for k in sizes:
        hands.append(" ".join(map(str, deck[i:i + k])))
        i += k
    talon = " ".join(map(str, deck[i:i + talon_size]))
    i += talon_size
    trump_card = str(deck[i]) if talon_size and rng.random() < 0.7 and i < len(deck) else None
    case = {"preset": name, "seed": seed, "hands": hands, "talon": talon,
            "trump_card": trump_card, "trump": None if trump_card else rng.choice("SCDH"),
            "attacker": rng.randrange(players), "first_bout": rng.random() < 0.2}
    try:
        position_game(case)
    except ValueError:
        return None
    return case


def position_game(case: dict[str, Any]) -> Any:
    """The game of a stored position case (``from_position`` with its inputs)."""
    from durak_edu import from_position
    extra = {} if case["trump"] is None else {"trump": case["trump"]}
    return from_position(case["preset"], case["hands"], talon=case["talon"],
                         trump_card=case["trump_card"], attacker=case["attacker"],
                         first_bout=case["first_bout"], **extra)


def collect_cases() -> list[dict[str, Any]]:
    """The option sets of the core's test modules (every module-level list of ``(preset,
    options)`` pairs in ``tests/test_core_*.py``), once each, in the order first met."""
    import importlib
    from durak_edu.rules import VARIANTS
    found: dict[str, dict[str, Any]] = {}
    for path in sorted(HERE.glob("test_core_*.py")):
        module = importlib.import_module(path.stem)
        for value in vars(module).values():
            if not (isinstance(value, list) and value and all(
                    isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str)
                    and isinstance(x[1], dict) for x in value)):
                continue
            for name, options in value:
                if name in VARIANTS and name not in NOT_RECORDED:
                    key = json.dumps([name, options], sort_keys=True)
                    found.setdefault(key, {"preset": name, "options": json.loads(key)[1]})
    return list(found.values())


def case_game(case: dict[str, Any]) -> Any:
    """The game of a stored option case or deal (``new_game`` with its inputs)."""
    from durak_edu import new_game
    extra = {k: case[k] for k in ("dealer", "lead") if k in case}
    return new_game(case["preset"], players=case["players"], seed=case["seed"], **extra,
                    **case["options"])


def walk_case(case: dict[str, Any]) -> list[Any]:
    """``agreement_walk.walk`` of a stored case's game, its generators from its seats and
    seed."""
    from agreement_walk import checks_rng, walk
    g = position_game(case) if "hands" in case else case_game(case)
    players = len(case["hands"]) if "hands" in case else case["players"]
    return walk(g, policy(players, case["seed"]), checks_rng(players, case["seed"]))


def case_tables(option_cases: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Each option case at each of ``CASE_SIZES`` its deck seats (the seed: the seats)."""
    for oc in option_cases:
        for players in CASE_SIZES:
            case = {**oc, "players": players, "seed": players}
            try:
                case_game(case)
            except ValueError:
                continue  # too few cards for the table, or R5's teams
            yield case


def record(option_cases: list[dict[str, Any]]) -> dict[str, Any]:
    """Every case played on the core, as the fixture holds it."""
    games: dict[str, list[list[Any]]] = {}
    positions: list[dict[str, Any]] = []
    option_tables: list[dict[str, Any]] = []
    deals: list[dict[str, Any]] = []
    for name, players in tables():
        games[f"{name}/{players}"] = [play(new_game_case(name, players, seed),
                                           policy(players, seed)) for seed in range(SEEDS)]
    for name in presets():
        drawn = (draw_position(name, seed) for seed in range(POSITION_SEEDS))
        cases = list(itertools.islice((c for c in drawn if c is not None), POSITIONS))
        assert len(cases) == POSITIONS, f"{name}: too few positions the rules accept"
        for case in cases:
            case["game"] = play(position_game(case), policy(len(case["hands"]), case["seed"]))
            case["walk"] = walk_case(case)
        positions += cases
    for case in case_tables(option_cases):
        option_tables.append({**case, "walk": walk_case(case)})
    for name, players, seed, dealer, lead in DEALS:
        case = {"preset": name, "options": {}, "players": players, "seed": seed,
                "dealer": dealer, "lead": lead}
        deals.append({**case, "walk": walk_case(case)})
    return {"about": ABOUT, "format": FORMAT, "seeds": SEEDS, "most_plies": MOST_PLIES,
            "game": ["moves digest", "events digest", "plies", "result"],
            "walk": list(FIELDS), "games": games, "positions": positions, "cases": option_tables,
            "deals": deals}


LISTS = ("positions", "cases", "deals")
#: what the file is, written at its head
ABOUT = ("issue 25: the regression record of the attack family's games, digests of seeded random "
         "games; first recorded from the old engine, which the core then agreed with move for "
         "move, re-made from the core since; made by tests/make_agreement.py, checked by "
         "tests/test_agreement_fixture.py")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=FIXTURE)
    parser.add_argument("--collect", action="store_true",
                        help="gather the option cases from tests/test_core_*.py again (else: "
                             "the fixture's own)")
    args = parser.parse_args(argv)
    if args.collect or not FIXTURE.exists() or "cases" not in json.loads(FIXTURE.read_text()):
        option_cases = collect_cases()
    else:
        kept = json.loads(FIXTURE.read_text(encoding="utf-8"))["cases"]
        option_cases = list({json.dumps([c["preset"], c["options"]], sort_keys=True):
                             {"preset": c["preset"], "options": c["options"]}
                             for c in kept}.values())
    data = record(option_cases)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    # one game a line: small, and a diff shows which games changed
    lines = [f'  "{k}": {json.dumps(v, ensure_ascii=False)}' for k, v in data.items()
             if k not in ("games",) + LISTS]
    lines.append('  "games": {\n' + ",\n".join(
        f"    {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}"
        for k, v in data["games"].items()) + "\n  }")
    for key in LISTS:
        lines.append(f'  "{key}": [\n' + ",\n".join(
            f"    {json.dumps(p, ensure_ascii=False)}" for p in data[key]) + "\n  ]")
    args.out.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")
    print(f"{args.out}: {len(data['games'])} tables x {SEEDS} seeds, "
          f"{len(data['positions'])} positions, {len(data['cases'])} option tables, "
          f"{len(data['deals'])} deals, {args.out.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
