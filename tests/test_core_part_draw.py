"""The drawing house parts on the core (issue 25): R9.5 pustoy (``draw_only_when_empty``),
R9.25 arifmeticheskiy (``progressive_refill``), R9.4 chukotsky (``talon_removed``) and R9.13
otboyny (``every_second_bito_back``), on the core's own invariants (``core_parts``) and their
clauses' literal behaviour."""

from __future__ import annotations

import random
from hashlib import sha512

import pytest

from helpers import sample

from durak_edu import from_position, new_game
from durak_edu.actions import Beat
from durak_edu.cards import RANK_MAJOR_POSITION
from durak_edu.games.core.state import supports

from core_parts import (cards_in_play, core_state, examples, facade, game_or_skip, given_moves,
                        given_positions, ids, new_games, playouts, set_positions, taken_over)

CASES = [
    ("pustoy", {}),
    ("perevodnoy", {"draw_only_when_empty": True, "share_short_talon": True}),
    ("arifmeticheskiy", {}),
    ("arifmeticheskiy", {"draw_only_when_empty": True, "deck": 52}),
    ("podkidnoy", {"progressive_refill": True, "hand_size": 3, "draw_order": "clockwise"}),
    ("chukotsky", {}),
    ("chukotsky", {"deck": 52, "transfer": True}),
    ("otboyny", {}),
    ("otboyny", {"deck": 52, "share_short_talon": True}),
    ("perevodnoy", {"every_second_bito_back": True, "draw_only_when_empty": True}),
    # R9.23 (nevidimy): the trump card face down, in views and in what is known
    ("nevidimy", {}),
    ("nevidimy", {"deck": 24, "share_short_talon": True}),
    ("perevodnoy", {"trump_card_hidden": True, "progressive_refill": True}),
]


@pytest.mark.parametrize("name,options", CASES, ids=ids(CASES))
def test_draw_parts_hold_their_invariants_in_new_games(name, options):
    new_games(name, options)


@examples(100, 15)
@given_positions(CASES)
def test_property_draw_parts_hold_their_invariants_from_set_positions(case, players, seed):
    set_positions(case, players, seed)


@examples(100, 15)
@given_moves(CASES, players=(2, 8))
def test_property_draw_parts_hold_their_invariants_from_any_move(case, players, seed, prefix):
    taken_over(case, players, seed, prefix)


@pytest.mark.parametrize("name,options", sample(CASES, 4), ids=ids(sample(CASES, 4)))
def test_draw_parts_through_the_facade(name, options):
    facade(name, options)


@pytest.mark.parametrize("name,options", sample(CASES, 4), ids=ids(sample(CASES, 4)))
def test_draw_parts_play_out_on_the_core(name, options):
    playouts(name, options)


def test_the_draw_presets_play_on_the_core():
    for name in ("pustoy", "arifmeticheskiy", "chukotsky", "otboyny", "nevidimy"):
        assert supports(game_or_skip(name, 3, 0, {}))


@pytest.mark.parametrize("players", [2, 3])
def test_an_otboyny_bito_is_shuffled_into_the_talon(players):
    # R9.13: every second bito goes back into the talon, shuffled from the game's own seed (the
    # deck order and the bito's number): the same game twice has the same talon after every
    # bito, and no card is lost or duplicated by the shuffle
    reshuffles = 0
    for seed in sample(range(8), 4):
        g, twin = (game_or_skip("otboyny", players, seed, {}) for _ in range(2))
        cards = cards_in_play(g)
        rng = random.Random(seed)
        while not g.is_over:
            assert g.talon == twin.talon and g.talon_size == twin.talon_size
            act = rng.choice(g.legal_actions())
            before = core_state(g).talon
            g.play(act)
            twin.play(act)
            reshuffles += core_state(g).talon != before
            assert cards_in_play(g) == cards
        assert core_state(g).extra["bitos"] == core_state(twin).extra["bitos"] > 0
    assert reshuffles >= 2


def test_the_otboyny_shuffle_is_random_shuffle():
    # R9.13's shuffle is the reference's ``random.Random(key).shuffle``; the part draws it its
    # own way (compiled, no Python frame per card), which must be the same, card for card
    from durak_edu.games.core.house.otboyny import _shuffle
    for size in (0, 1, 2, 3, 7, 8, 9, 16, 17, 30, 36, 52):
        for seed in range(40):
            want, got = list(range(size)), list(range(size))
            random.Random(f"k/{seed}").shuffle(want)
            _shuffle(random.Random(f"k/{seed}"), got)
            assert got == want, (size, seed)


#: the longest seed the compiled generator takes, in 32-bit words (otboyny._KEY_WORDS, a C
#: constant once compiled: not importable)
_KEY_WORDS = 128
#: keys of every kind: the part's own (a deck order of 24, 36 or 52 cards and a bito's number),
#: and the edges of CPython's seeding: empty, leading zero bytes (not part of the integer), not
#: ASCII, of 4k bytes and of 4k + 1, the longest the compiled generator takes and one byte more
_EDGE_KEYS = ["", "\0", "\0\0x", "ü/4", "x" * 300, "k" * 445, "k" * 448, "k" * 449, "y" * 600]


def _keys(rng: random.Random, count: int) -> list[str]:
    return _EDGE_KEYS + [" ".join(map(str, rng.sample(range(52), rng.choice((24, 36, 52)))))
                         + f"/{rng.randrange(2, 60, 2)}" for _ in range(count)]


def test_the_otboyny_keyed_shuffle_is_random_random_of_the_key_shuffled():
    # R9.13: the shuffle the part makes (compiled: on its own Mersenne Twister) is the
    # reference's random.Random(key).shuffle, card for card, over many keys and pool sizes (700:
    # more than a turn of 624 words drawn, so the twist runs past its lazy first words and again);
    # each shuffle seeds the key it is told comes next too, and the next shuffle of that key
    # takes it from there, of any other key seeds afresh
    from durak_edu.games.core.house.otboyny import keyed_shuffle
    rng = random.Random(13)
    keys = _keys(rng, 300)
    for key, ahead in zip(keys, keys[1:] + keys[:1]):
        for size in (0, 1, 2, rng.randrange(3, 60), 700 if rng.random() < 0.1 else 9):
            want, got = list(range(size)), list(range(size))
            random.Random(key).shuffle(want)
            keyed_shuffle(key, got, rng.choice((ahead, key, "")))
            assert got == want, (key, size)


def test_the_otboyny_generator_seeds_and_draws_as_cpython_s():
    # the compiled shuffle's generator (``_seed``, ``_seed_ahead``, ``_draw_shuffle``), run as
    # it is in this process (compiled, or its source as plain Python with DURAK_EDU_PURE=1): the
    # seed's integer as random.seed(str) makes it (the bytes and their SHA-512, big-endian); the
    # key seeded ahead with it is the same generator as seeded alone
    from durak_edu.games.core.house.otboyny import _draw_shuffle, _seed, _seed_ahead
    rng = random.Random(14)
    keys = _keys(rng, 100)
    seeded = 0
    for key, ahead in zip(keys, keys[3:] + keys[:3]):
        s, a = (b + sha512(b).digest() for b in (key.encode(), ahead.encode()))
        # CPython 3.11's random.seed(str, version=2): the integer of the bytes and their digest
        assert random.Random(key).getstate() == random.Random(int.from_bytes(s, "big")).getstate()
        # (leading zero bytes add nothing to the integer)
        fits = all((len(x.lstrip(b"\0")) + 3) // 4 <= _KEY_WORDS for x in (s, a))
        assert _seed(s, a) == fits, key
        if not fits:
            continue
        seeded += 1
        for size in (2, 30, 700):
            if size == 700 or seeded % 3 == 0:  # (each size from a fresh seeding)
                for x, seed_it in ((s, lambda: _seed(s, a)), (a, _seed_ahead)):
                    seed_it()
                    want, got = list(range(size)), list(range(size))
                    random.Random(int.from_bytes(x, "big")).shuffle(want)
                    _draw_shuffle(got)
                    assert got == want, (key, ahead, size)
    assert seeded > 90


def test_otboyny_talons_are_the_reference_s_shuffles_in_many_games():
    # R9.13, the reference's talon: after every second bito the talon's rest and the table's
    # cards (each attack card, then its beater) in random.Random("<deck order>/<bito>")'s
    # shuffle, the face-up trump card left at the bottom; many games, every table size, 52
    # cards too, so a stored otboyny record replays as it did
    reshuffles = 0
    for players in range(2, 7):
        for seed in range(4 if players < 4 else 2):
            options = {"deck": 52} if seed % 2 else {}
            g = game_or_skip("otboyny", players, seed, options)
            if g is None:
                continue
            c = core_state(g)
            key = c.extra["otboyny_key"]
            rng = random.Random(seed)
            while not g.is_over:
                c = core_state(g)
                bitos, rest, table = c.extra["bitos"], c.talon[c.tp:], list(zip(c.ta, c.td))
                act = rng.choice(g.legal_actions())
                if isinstance(act, Beat):  # (a beat may end the bout: the table with it)
                    table = [(a, RANK_MAJOR_POSITION[act.card.index]
                              if a == RANK_MAJOR_POSITION[act.target.index] else d)
                             for a, d in table]
                g.play(act)
                after = core_state(g)
                if after.extra["bitos"] == bitos + 1 and after.extra["bitos"] % 2 == 0 and rest:
                    bottom = rest[-1:] if rest[-1] == c.trump_pos else []
                    pool = rest[:len(rest) - len(bottom)] + [x for a, d in table
                                                             for x in (a, d) if x >= 0]
                    random.Random(f"{key}/{bitos + 1}").shuffle(pool)
                    assert after.talon[c.tp:] == pool + bottom
                    reshuffles += 1
    assert reshuffles > 20


def test_the_otboyny_generator_is_random_random_of_the_key():
    # the part reseeds one generator the way random.Random(key) seeds a new one
    from durak_edu.games.core.house.otboyny import seeded
    for key in ("", "k/1", "0 5 17 33/2", "ü/4", "x" * 300):
        want = random.Random(key)
        got = seeded(key)
        assert got.getstate() == want.getstate(), key
        assert [got.getrandbits(k) for k in range(1, 40)] == [want.getrandbits(k)
                                                               for k in range(1, 40)]


def test_a_pustoy_hand_draws_only_when_empty():
    # R9.5: seat 0 plays his only card and draws up to six; seat 1, holding cards, draws none
    hands = ["7H", "6H KS AS"]
    talon = "6C 7C 8C 9C 10C JC QC 8S"
    g = from_position("pustoy", hands, talon=talon, trump_card="9S")
    g.play("attack 7♥")
    g.play("take")
    assert [len(h) for h in g.hands] == [6, 4] and g.talon_size == 3


def test_an_arifmeticheskiy_hand_grows_by_one_a_bout():
    # R9.25: dealt one card each; after bout b (0, 1, ...) every hand refills to b + 2 while
    # the talon lasts
    core = game_or_skip("arifmeticheskiy", 2, 3, {})
    assert [len(h) for h in core.hands] == [1, 1]
    rng = random.Random(3)
    refills = 0
    while not core.is_over:
        bout = core.bout_number
        core.play(rng.choice(core.legal_actions()))
        if not core.is_over and core.bout_number != bout and core.talon_size:
            assert min(len(h) for h in core.hands) >= bout + 2
            refills += 1
    assert refills >= 3


def test_a_chukotsky_view_counts_the_cards_put_away_as_unknown():
    # R9.4: 36 - 12 dealt = 24 put away, the trump card among them shown: 23 unknown outside
    # the hands, and seat 0 cannot name seat 1's hand
    core = game_or_skip("chukotsky", 2, 5, {})
    v = core.view(0)
    assert v.talon_size == 0 and v.unknown_in_talon == 23 and not v.known[1]
    assert core.trump_card not in v.unknown and len(v.unknown) == 23 + 6


def test_the_nevidimy_trump_card_is_unseen_till_one_card_is_left():
    # R9.23: trump_card None in every view and the card one of the talon's unknown cards; the
    # drawing that leaves one card turns it up, in R9.23's words
    hands = ["7H 8D 9D 10D JD AD", "6H KS 6D 7D 8H 9H"]
    core = from_position("nevidimy", hands, talon="6C 7C", trump_card="QS", attacker=0)
    v = core.view(0)
    assert v.trump_card is None and v.unknown_in_talon == 3
    assert "Q♠" in map(str, v.unknown) and v.in_talon == ()
    core.play("attack 7♥")
    core.play("take")  # seat 0 draws one: two left, the trump card still face down
    assert core.view(1).trump_card is None and core.talon_size == 2
    assert core.history[-1].text == "seat 0 draws 1"
    core.play("attack 8♦")
    core.play("beat 8♦ K♠")  # bito; seat 0 draws one: one card left, the trump card shown
    assert core.history[-1].text.endswith("the trump card Q♠ is turned face up (R9.23)")
    assert str(core.view(1).trump_card) == "Q♠" and str(core.view(0).trump_card) == "Q♠"


def test_a_nevidimy_trump_card_drawn_unseen_stays_unknown():
    # R9.23: the drawing that empties the talon in one go takes it face down: nobody but its
    # holder knows where it went, and no view ever shows it
    hands = ["7H 8C 9C", "6H KS", "10H JH"]
    core = from_position("nevidimy", hands, talon="6C", trump_card="QS", attacker=0)
    core.play("attack 7♥")
    core.play("beat 7♥ K♠")  # bito; seat 0 draws both cards, the trump card unseen
    assert core.talon_size == 0 and "Q♠" not in core.history[-1].text
    assert "Q♠" in map(str, core.hands[0])
    for seat in (1, 2):
        v = core.view(seat)
        assert v.trump_card is None
        assert "Q♠" in map(str, v.unknown) and "Q♠" not in map(str, v.known[0])


def test_nevidimy_with_otboyny_is_refused():
    # a bito shuffled back (R9.13) takes the face-down card into the talon's middle: the core
    # does not play that yet, and says so rather than play it differently
    with pytest.raises(ValueError, match="is not played: R9.23"):
        new_game("otboyny", players=3, seed=0, trump_card_hidden=True)
    assert supports(game_or_skip("otboyny", 3, 0, {}))
