"""The combinations of options the core does not play are refused (issue 25).

The core is the attack family's one engine; what it does not play (a house part's ``covers``
false, R5 with some options, the 72-card games' limits: ``core/unplayed.py``) ``new_game``
refuses before anything is dealt, with a ``ValueError`` naming the variant, the options that
clash and the clause — and so do ``from_position``, ``from_hands`` and a record's replay. Every
option of ``Rules`` is named in ``state.COVERED``, so none is ever silently ignored. The list is
docs/architecture.md's "Combinations the core does not play".
"""

from __future__ import annotations

import dataclasses
import json
import random
import re

import pytest

from durak_edu import from_hands, from_position, new_game
from durak_edu.games.core import state, unplayed
from durak_edu.games.core.state import COVERED, MAX_SEATS, covered, supports
from durak_edu.games.wide import core_wide
from durak_edu.record import GameRecord, RecordError
from durak_edu.rules import FAMILIES, VARIANTS, Rules, with_options

#: (variant, players, options, the clause refused, the options named as clashing)
REFUSED = [
    ("nevidimy", 2, {"every_second_bito_back": True}, "R9.23", ["every_second_bito_back=True"]),
    ("podkidnoy_teams", 4, {"transfer": True, "refusal": True}, "R5", ["refusal=True"]),
    ("podkidnoy_teams", 4, {"throw_in": "neighbours"}, "R5", ["throw_in='neighbours'"]),
    ("podkidnoy_teams", 4, {"attack_shape": "pair_only"}, "R5", ["attack_shape='pair_only'"]),
    ("podkidnoy_teams", 4, {"hand_loses_at": 20}, "R9.21", ["teams=True"]),
    ("jokers_by_colour", 2, {"transfer": True}, "R9.22", ["transfer=True"]),
    ("podkidnoy", 2, {"attack_with_highest": True, "attack_shape": "three"}, "R9.6",
     ["attack_shape='three'"]),
    ("dvukhkozyrny", 4, {"teams": True}, "R9.35", ["teams=True"]),
    ("podkidnoy", 2, {"second_trump": True, "bito_swaps_trump": True}, "R9.24",
     ["bito_swaps_trump=True"]),
    ("magadansky", 2, {"scoring": "ochkovy"}, "R9.37", ["scoring='ochkovy'"]),
    ("bolshoy", 2, {"attack_shape": "pairs"}, "R4", ["attack_shape='pairs'"]),
    ("bolshoy", 2, {"trump_card_hidden": True}, "R9.23", ["deck=72"]),
]
IDS = [f"{v}-{c}-{'-'.join(o)}" for v, _, o, c, _ in REFUSED]


@pytest.mark.parametrize("variant,players,options,clause,clash", REFUSED, ids=IDS)
def test_new_game_refuses_a_combination_the_core_does_not_play(variant, players, options,
                                                               clause, clash):
    with pytest.raises(ValueError) as caught:
        new_game(variant, players=players, seed=1, **options)
    words = str(caught.value)
    assert words.startswith(f"{variant} with "), words  # the variant
    assert re.search(rf"(^|: ){re.escape(clause)} \(", words), words  # the clause
    for option in clash:  # the options that clash, as the user gives them
        assert option in words.split(" is not played:")[1], words
    assert "Combinations the core does not play" in words  # where the list is
    # the rules themselves stand (Rules takes the options, the table is seated): the core's
    # refusal, not a broken rule set
    rules = with_options(VARIANTS[variant].rules, options)
    rules.check_players(players)
    assert not core_of(rules)[0].covered(rules)


@pytest.mark.parametrize("variant,players,options,clause,clash", REFUSED[:4], ids=IDS[:4])
def test_positions_hands_and_records_are_refused_in_the_same_words(variant, players, options,
                                                                   clause, clash):
    with pytest.raises(ValueError) as by_new_game:
        new_game(variant, players=players, seed=1, **options)
    # the preset's own deal (without the options) gives the hands to ask with
    hands = [" ".join(map(str, h)) for h in new_game(variant, players=players, seed=1).hands]
    with pytest.raises(ValueError) as by_position:
        from_position(variant, [h.split()[:2] for h in hands], trump="H", **options)
    with pytest.raises(ValueError) as with_its_trump:  # (a position names its trump)
        new_game(variant, players=players, seed=1, trump="fixed:H", **options)
    assert str(by_position.value) == f"position: {with_its_trump.value}"
    with pytest.raises(ValueError) as by_hands:
        from_hands(variant, hands, **options)
    assert str(by_hands.value) == str(by_new_game.value)
    # a record of these options (written by hand, or by a version that played them) does not
    # load: RecordError, in new_game's words
    stored = json.loads(GameRecord.from_game(new_game(variant, players=players, seed=1)).to_json())
    stored["options"] = options
    with pytest.raises(RecordError) as by_record:
        GameRecord.from_json(json.dumps(stored))
    assert str(by_new_game.value) in str(by_record.value)


def core_of(rules):
    """The core that would play ``rules``: ``state`` and ``unplayed`` of the compiled core, or of
    its wide copy for two decks (R9.21, R9.29: ``new_game`` asks it)."""
    if rules.deck == 72:
        return core_wide("state"), core_wide("unplayed")
    return state, unplayed


def reasons(rules, players):
    return core_of(rules)[1].reasons(rules, players)


def test_every_preset_is_played_at_every_table_it_allows():
    for name in FAMILIES["attack"].presets:
        rules = VARIANTS[name].rules
        for players in rules.table_sizes():
            if players <= MAX_SEATS:
                assert not reasons(rules, players), (name, players)


def _random_rules(rng: random.Random) -> Rules:
    """A preset with two or three options changed to values ``COVERED`` lists (any that stand)."""
    base = VARIANTS[rng.choice(sorted(FAMILIES["attack"].presets))].rules
    choices = {name: sorted(values, key=repr) for name, values in COVERED.items()
               if values is not None}
    choices["throw_in"] = ["all", "neighbours", "attacker", "none"]
    choices["transfer"] = choices["refusal"] = choices["teams"] = [False, True]
    while True:
        names = rng.sample(sorted(choices), rng.randint(2, 3))
        try:
            return with_options(base, {n: rng.choice(choices[n]) for n in names})
        except ValueError:
            continue  # values that do not stand together (a joker reading without jokers, ...)


def test_a_refusal_has_words_exactly_when_the_core_does_not_play():
    # core/unplayed.py names a reason for every combination state.covered refuses, and none for
    # one it plays: so new_game refuses exactly what the core does not play
    rng = random.Random(25)
    refused = 0
    for _ in range(400):
        rules = _random_rules(rng)
        why = reasons(rules, 4)
        assert bool(why) == (not core_of(rules)[0].covered(rules)), (rules, why)
        refused += bool(why)
    assert refused >= 10  # the walk meets refusals, not only games


def test_every_rules_option_is_named_in_covered():
    # an option added to Rules later must be listed (with the values the core plays), never
    # silently played or ignored
    names = {f.name for f in dataclasses.fields(Rules)}
    assert names == set(COVERED), names ^ set(COVERED)


def test_an_option_added_to_rules_later_is_not_played():
    @dataclasses.dataclass(frozen=True)
    class Later(Rules):
        swap_with_talon: bool = False  # an option the core does not know

    g = new_game("podkidnoy", seed=3)
    assert supports(g)
    g.rules = Later()
    assert not supports(g) and not covered(Later())
