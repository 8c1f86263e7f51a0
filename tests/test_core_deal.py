"""The deal on the core (issue 25, ``core/deal.py``) against the reference's (``AttackGame``).

R1.1 (one card at a time from the player after the dealer), R1.2 (the turned trump, R6's spade
put back), R1.3 (who leads) and the house rules' deal clauses as the parts' ``deal``/``dealt``
hooks (R9.3, R9.4, R9.13, R9.17–R9.19, R9.23, R9.26, R9.27, R9.28, R9.31, R9.38, R9.40). For
every preset the core plays and the deal options, 2–8 players, many seeds and deck orders:

* the core's own deal is the reference's: the same state, slot for slot (hands, what is known,
  talon, trump card's place, first bout, the house rules' slots, the shared ``Config``), and
  the same trump, cards put back, events, redeals, dealt size;
* a game the core dealt then plays the reference's game move for move through the public API
  (the same lists, events and positions) and writes the same record.
"""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import DEEP

from durak_edu import IllegalAction, from_hands, from_position, new_game
from durak_edu.cards import deck
from durak_edu.games.core.deal import deal
from durak_edu.games.core.game import CoreGame
from durak_edu.games.core.hooks import NAMES as HOOK_NAMES
from durak_edu.games.core.hooks import Hooks
from durak_edu.games.core.state import CONFIG_FIELDS, Config, CoreState, supports
from durak_edu.games.new import seeded_deck
from durak_edu.games.setup import deal_order
from durak_edu.rules import VARIANTS, with_options
from reference import AttackGame, reference_engine, reference_game, take_over, core_game_of

#: every preset of the attack family the compiled core plays (bolshoy and dvoynoy, 72 cards,
#: are its wide copy's: tests/test_core_wide.py deals them; docs/architecture.md)
PRESETS = [(name, {}) for name, v in VARIANTS.items() if v.family == "attack"
           and supports(reference_game(name, players=max(2, v.rules.min_players), seed=0))]

#: the deal's options on other presets, each clause at least once
OPTIONS = [
    ("podkidnoy", {"deck": 52}),
    ("podkidnoy", {"deck": 24}),
    ("podkidnoy", {"reserve": True, "reserve_size": 2}),          # R9.40
    ("perevodnoy", {"trump_card_hidden": True}),                  # R9.23
    ("podkidnoy", {"talon_removed": True, "deck": 52}),           # R9.4
    ("perevodnoy", {"deal_all": True}),                           # R9.3
    ("podkidnoy", {"redeal_five_of_a_suit": True, "deck": 52}),   # R9.27, often
    ("podkidnoy", {"ace_put_back": True, "deck": 24}),            # R9.31, often
    ("japanese_spades", {"ace_put_back": True, "spade_turned": "reshuffle"}),  # R6 and R9.31
    ("podkidnoy", {"trump": "fixed:H"}),
    ("podkidnoy", {"trump": "none"}),
    ("podkidnoy", {"first_lead": "left_of_dealer"}),
    ("perevodnoy", {"first_lead": "nine_of_diamonds"}),           # R9.16's lead
    ("jokers_by_colour", {"first_lead": "lowest_trump"}),         # R9.33: two trump suits
    ("podkidnoy", {"every_second_bito_back": True}),              # R9.13's key
    ("podkidnoy", {"trump_six_exchange": True, "defender_draws": True}),  # R9.26, R9.17
    ("podkidnoy", {"scoring": "pogonny"}),                        # R9.28
    ("krestovy", {"deck": 52}),                                   # R9.38 with 8 players
    ("potayny", {"reserve": True}),                               # R9.24 and R9.40's words
    ("potayny", {"spades_apart": True, "spade_turned": "reshuffle"}),  # R9.24 after R6
]

CASES = PRESETS + OPTIONS


def ids(cases):
    return [f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'preset'}" for n, o in cases]


#: every field of ``CoreState`` (compiled, a ``cdef class`` has no ``__slots__`` to walk)
STATE_FIELDS = ("n", "cfg", "hands", "known", "talon", "tp", "trump_pos", "discard", "ta", "td",
                "settled", "n_attack", "attacker", "defender", "opener", "to_act", "opening",
                "taking", "refused", "run", "shown", "outm", "out", "bout", "seen", "end",
                "extra", "nub", "ranks")


def fields(value: object) -> object:
    """A ``Config`` as its fields (inside tuples too: R9.35's per seat), its ``Hooks`` as the
    parts at each hook point, anything else as is."""
    if isinstance(value, Config):
        return tuple(fields(getattr(value, name)) for name in CONFIG_FIELDS)
    if isinstance(value, Hooks):
        return tuple(getattr(value, name) for name in HOOK_NAMES)
    if isinstance(value, tuple):
        return tuple(fields(v) for v in value)
    return value


def state(c: CoreState) -> tuple[object, ...]:
    """Every slot of a core state, the ``Config``'s fields too (the house slots' Configs)."""
    return tuple(fields(c.cfg) if name == "cfg" else
                 {k: fields(v) for k, v in c.extra.items()} if name == "extra" else
                 getattr(c, name) for name in STATE_FIELDS)


def reference(name, options, players, seed, order, dealer=None, lead=None, names=None):
    """The reference's game, or ``None`` where the deck is too small or the core does not play
    the options (``supports``)."""
    try:
        with reference_engine():  # (whatever new_game's default engine is)
            if order is None:
                g = new_game(name, players=players, seed=seed, dealer=dealer, lead=lead,
                             names=names, **options)
            else:
                g = new_game(name, players=players, deck_order=order, dealer=dealer, lead=lead,
                             names=names, **options)
    except ValueError:
        return None
    return g if supports(g) else None


def dealt_by_the_core(ref: AttackGame) -> CoreGame:
    """The same game, dealt by the core from the same deck order (the seed's, ``new.py``'s)."""
    assert isinstance(ref, AttackGame) and not isinstance(ref, CoreGame)  # the reference's
    return CoreGame.dealt(ref.variant, ref.rules, ref.players, ref.deck_order, names=ref.names,
                          seed=ref.seed, dealer=ref.dealer, lead=ref.lead)


def assert_same_deal(core: CoreGame, ref: AttackGame) -> None:
    assert state(core._s.core) == state(take_over(ref))
    if not ref.seat_trumps:  # the same rules share one Config (R9.35: one per seat)
        assert core._s.core.cfg is take_over(ref).cfg
    assert core.hands == ref.hands and core.talon == ref.talon
    assert (core.trump, core.trump_card, core.reshuffled) == (ref.trump, ref.trump_card,
                                                              ref.reshuffled)
    assert core.history == ref.history  # the deal's words, R9.27's redeals first
    assert (core.deal_size, core.removed) == (ref.deal_size, ref.removed)
    assert (core.redeals, core.dealt_order) == (ref.redeals, ref.dealt_order)
    assert (core.to_act, core.attacker, core.defender) == (ref.to_act, ref.attacker,
                                                           ref.defender)
    assert core._beaters == ref._beaters
    for p in range(ref.players):
        assert core.view(p) == ref.view(p)


def play_side_by_side(core: CoreGame, ref: AttackGame, rng: random.Random,
                      record: bool = True) -> int:
    """Both to the end with the same random moves, through the public API."""
    moves = 0
    while not ref.is_over:
        listed = ref.legal_actions()
        assert core.legal_actions() == listed
        if not listed:  # a krestovy position: hands refill to the dealt size, 0 (R9.38)
            assert ref.variant == "krestovy" and ref.position_set
            return moves
        act = rng.choice(listed)
        assert core.play(act) == ref.play(act)
        assert (core.hands, core.table, core.discard, core.talon_size, core.to_act) == (
            ref.hands, ref.table, ref.discard, ref.talon_size, ref.to_act)
        moves += 1
    assert core.is_over and core.result == ref.result
    assert core.history == ref.history
    if record:
        assert core.record().to_json() == ref.record().to_json()
    return moves


PROPERTY = settings(max_examples=300 if DEEP else 60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(case=st.sampled_from(CASES), players=st.integers(2, 8), seed=st.integers(0, 2**64),
       given_order=st.booleans())
def test_property_the_core_deals_the_reference_deal(case, players, seed, given_order):
    # R1, R9: from a seed (new_game's shuffle) or from a deck order given (deck_order=)
    name, options = case
    order = None
    if given_order:
        rules = with_options(VARIANTS[name].rules, dict(options))
        order = seeded_deck(rules, seed)  # any order new_game accepts (R9.11: aces first)
    ref = reference(name, options, players, seed, order)
    if ref is None:
        return
    assert_same_deal(dealt_by_the_core(ref), ref)


@pytest.mark.parametrize("name,options", CASES, ids=ids(CASES))
def test_every_table_size_is_dealt_as_the_reference_deals_it(name, options):
    dealt = 0
    for players in range(2, 9):
        for seed in range(3 if DEEP else 1):
            ref = reference(name, options, players, 1000 + seed, None)
            if ref is not None:
                assert_same_deal(dealt_by_the_core(ref), ref)
                dealt += 1
    assert dealt >= 1


@PROPERTY
@given(case=st.sampled_from(CASES), players=st.integers(2, 8), seed=st.integers(0, 2**32),
       dealer=st.integers(0, 7), lead=st.one_of(st.none(), st.integers(0, 7)))
def test_property_a_dealer_and_a_lead_of_a_series_are_dealt_as_the_reference(
        case, players, seed, dealer, lead):
    # R1.1: the deal starts after the dealer; R1.3: a series' lead opens the first bout
    name, options = case
    names = [f"P{i}" for i in range(players)]
    ref = reference(name, options, players, seed, None, dealer % players,
                    None if lead is None else lead % players, names)
    if ref is None:
        return
    assert_same_deal(dealt_by_the_core(ref), ref)


@settings(max_examples=60 if DEEP else 12, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), players=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_property_a_game_the_core_dealt_plays_as_the_reference(case, players, seed):
    name, options = case
    ref = reference(name, options, players, seed, None)
    if ref is None:
        return
    core = dealt_by_the_core(ref)
    play_side_by_side(core, ref, random.Random(seed))


@pytest.mark.parametrize("name", ["podkidnoy", "perevodnoy", "s_prikupom", "krestovy",
                                  "s_peresdachey", "chukotsky", "nevidimy", "otboyny"])
def test_a_dealt_game_plays_and_records_as_the_reference(name):
    for players in (2, 3, 5):
        ref = reference(name, {}, players, players, None)
        if ref is not None:
            assert play_side_by_side(dealt_by_the_core(ref), ref, random.Random(players)) > 0


def test_a_five_card_suit_is_dealt_again_as_the_reference_deals_it():
    # R9.27: seat 0 is dealt five spades, so the deal is shown, shuffled and dealt again
    order = deal_order(["6S 7S 8S 9S 10S 6C", "6D 7D 8D 9C 10C JC"], turned="6H")
    ref = reference_game("s_peresdachey", deck_order=order)
    core = dealt_by_the_core(ref)
    assert ref.redeals and core.redeals == ref.redeals and core.redeals[0] == tuple(order)
    assert core.history[0].kind == "redeal" and core.history == ref.history
    assert core.hands == ref.hands and set(core.hands[0]) != set(order[0:12:2])


def test_a_turned_ace_goes_back_as_the_reference_puts_it_back():
    # R9.31: an ace turned for trump goes into the talon's middle, seen by all, then the next
    order = deal_order(["6S 7S 8S 9S 10S JS", "6C 7C 8C 9C 10C JC"], turned="AH", talon="AD 7H")
    ref = reference_game("ace_not_trump", deck_order=order)
    core = dealt_by_the_core(ref)
    assert [str(c) for c in core.reshuffled] == ["A♥", "A♦"] == [str(c) for c in ref.reshuffled]
    assert str(core.trump_card) == "7♥" and core.talon[-1] == core.trump_card
    assert core.history == ref.history and core.talon == ref.talon


def test_the_whole_deck_dealt_shows_the_dealers_last_card():
    # R1.2: six players with 36 cards: the dealer's last card sets the trump and he keeps it
    ref = reference_game("podkidnoy", players=6, seed=5)
    core = dealt_by_the_core(ref)
    assert core.talon_size == 0 and core.trump_card in core.hands[5]
    assert core.view(0).known[5] == (core.trump_card,)
    assert_same_deal(core, ref)


def test_the_core_refuses_to_deal_what_it_does_not_play():
    # 72 cards (R9.21, R9.29) are not the compiled core's (wide.py's); the words say so
    for name in ("bolshoy", "dvoynoy"):
        rules = VARIANTS[name].rules
        with pytest.raises(ValueError, match="the core does not deal"):
            deal(name, rules, 2, seeded_deck(rules, 1))
    rules = VARIANTS["podkidnoy"].rules
    with pytest.raises(ValueError, match="36-card deck"):
        deal("podkidnoy", rules, 2, deck(52))


def test_a_dealt_game_refuses_and_undoes_as_the_reference():
    ref = reference_game("perevodnoy", players=3, seed=11)
    core = dealt_by_the_core(ref)
    for g in (ref, core):
        with pytest.raises(IllegalAction):
            g.play("take")  # R2.2: the bout is to be opened, nobody takes yet
    first = ref.legal_actions()[0]
    assert core.play(first) == ref.play(first)
    assert core.undo() == ref.undo() == first
    assert core.history == ref.history and core.to_act == ref.to_act


def position_args(rng: random.Random, name: str, players: int, options: dict):
    """Random hands, talon, trump card or suit, attacker for ``from_position`` (as
    ``test_core_agreement.random_position`` draws them)."""
    try:
        with reference_engine():
            game = new_game(name, players=players, seed=0, **options)
    except ValueError:
        return None
    cards = list(game.deck_order)
    # R9.38: the attack–defence phase has no talon (the core refuses one; the reference took
    # it and stalled, nobody drawing from it)
    no_talon = getattr(game.rules, "one_higher_phase", False)
    rng.shuffle(cards)
    hands, i = [], 0
    for k in [rng.randint(0, 7) for _ in range(players)]:
        hands.append(" ".join(map(str, cards[i:i + k])))
        i += k
    talon = cards[i:i + rng.choice((0, 0, 1, 3, 8))]
    if no_talon:
        talon = []
    i += len(talon)
    trump_card = str(cards[i]) if talon and rng.random() < 0.7 and i < len(cards) else None
    extra = {} if trump_card or "trump" in options else {"trump": rng.choice("SCDH")}
    return dict(hands=hands, talon=" ".join(map(str, talon)), trump_card=trump_card,
                attacker=rng.randrange(players), first_bout=rng.random() < 0.2, **extra,
                **options)


def both_positions(name, args):
    """``from_position`` on the reference and on the core (``None``: refused by both, with the
    same words)."""
    refused = []
    games = []
    for which in ("reference", "core"):
        try:
            with reference_engine() if which == "reference" else contextlib.nullcontext():
                games.append(from_position(name, **args))
        except ValueError as exc:
            refused.append(str(exc))
    if refused:
        assert len(refused) == 2 and refused[0] == refused[1]  # the same words
        return None
    ref, core = games
    assert isinstance(ref, AttackGame) and isinstance(core, CoreGame)
    return ref, core


@PROPERTY
@given(case=st.sampled_from(CASES), players=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_property_a_position_is_set_up_on_the_core_as_on_the_reference(case, players, seed):
    # setup.from_position: the hands, talon and trump given, the rest discarded (R0); settled
    # as play leaves it (R2.10, R2.8, R2.11); refused in the same words where play cannot reach
    name, options = case
    rng = random.Random(seed)
    args = position_args(rng, name, players, options)
    if args is None:
        return
    pair = both_positions(name, args)
    if pair is None:
        return
    ref, core = pair
    mine, theirs = core._s.core, take_over(ref)
    if ref.is_over:  # R2.11 at once: the core's end, the reference's Result (taken over)
        assert core.result == ref.result and mine.end is not None
        mine, theirs = mine.copy(), theirs.copy()
        mine.end, theirs.extra = None, {k: v for k, v in theirs.extra.items() if k != "result"}
    assert state(mine) == state(theirs)
    assert core.history == ref.history and core.position_set and ref.position_set
    assert (core.trump, core.trump_card, core.talon) == (ref.trump, ref.trump_card, ref.talon)
    taken_over = core_game_of(ref)
    for p in range(ref.players):
        assert core.view(p) == taken_over.view(p)
        # R9.4: the reference's position keeps the deal's cards put away (``removed``), some of
        # them now in hands or the discard, and its view counts them unknown (the core's slot
        # is the same; only the reference's own view reads it so): not compared
        if not ref.rules.talon_removed:
            assert core.view(p) == ref.view(p)
    play_side_by_side(core, ref, rng, record=False)


def test_from_hands_deals_on_the_core_as_on_the_reference():
    hands = ["7♠ Q♠ 7♣ J♣ 9♦ 8♥", "9♠ 10♣ A♣ 7♦ K♦ 10♥"]
    with reference_engine():
        ref = from_hands("podkidnoy", hands, turned="6♥")
    core = from_hands("podkidnoy", hands, turned="6♥")
    assert isinstance(core, CoreGame) and isinstance(ref, AttackGame)
    assert_same_deal(core, ref)
    assert play_side_by_side(core, ref, random.Random(3)) > 0


def test_a_position_the_core_cannot_reach_is_refused_in_the_reference_words():
    with pytest.raises(ValueError, match=r"holds no cards while the talon holds 2.*\(R2.9\)"):
        from_position("podkidnoy", ["6♠", ""], talon="7♠ 8♠", trump="H")
    with pytest.raises(ValueError, match=r"nothing left to play \(R2.11\)"):
        from_position("podkidnoy", ["", ""], trump="H")
    with pytest.raises(ValueError, match="6♠ is given twice"):
        from_position("podkidnoy", ["6♠", "6♠"], trump="H")
    over = from_position("podkidnoy", ["6♠ 7♠", ""], trump="H")
    assert isinstance(over, CoreGame) and over.is_over and over.result.durak == 0  # R2.11
    assert over.history[-1].kind == "game_over"


def both_games(name, options, players, seed):
    """The same new game on the reference and on the core (``None``: not the core's)."""
    ref = reference(name, options, players, seed, None)
    if ref is None:
        return None
    core = new_game(name, players=players, seed=seed, **options)
    assert isinstance(core, CoreGame)
    return ref, core


@settings(max_examples=120 if DEEP else 25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), players=st.integers(2, 6), seed=st.integers(0, 2**32),
       moves=st.integers(0, 40), seat=st.integers(0, 5))
def test_property_a_sealed_copy_is_the_references(case, players, seed, moves, seat):
    # R0: a bot's world (redeal_hidden, SeatGame) deals every unseen card again; the core's copy
    # draws the same random numbers in the same order, so it is the reference's card for card
    pair = both_games(*case, players, seed)
    if pair is None:
        return
    ref, core = pair
    rng = random.Random(seed)
    for _ in range(moves):
        if ref.is_over:
            return
        act = rng.choice(ref.legal_actions())
        ref.play(act)
        core.play(act)
    if ref.is_over:
        return
    seat %= players
    a, b = ref.redeal_hidden(seat, seed), core.redeal_hidden(seat, seed)
    assert a.hands == b.hands and a.talon == b.talon and a.deck_order == b.deck_order
    assert a.legal_actions() == b.legal_actions()
    assert [a.view(p) for p in range(players)] == [b.view(p) for p in range(players)]
    assert a.playout(seed) == b.playout(seed)


@pytest.mark.parametrize("name,options", CASES[::6], ids=ids(CASES[::6]))
def test_the_text_picture_and_the_public_surface_are_the_references(name, options):
    for players in (2, 3):
        pair = both_games(name, options, players, players)
        if pair is None:
            continue
        ref, core = pair
        rng = random.Random(players)
        while True:
            assert str(core) == str(ref)
            for attr in ("trump_suits", "points", "reserves", "removed", "secret", "deal_size",
                         "position_set"):
                assert getattr(core, attr) == getattr(ref, attr), attr
            assert [core.refill_to(p) for p in range(players)] == [
                ref.refill_to(p) for p in range(players)]
            if ref.is_over:
                break
            act = rng.choice(ref.legal_actions())
            ref.play(act)
            core.play(act)
