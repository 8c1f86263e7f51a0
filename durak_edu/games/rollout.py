"""Random playouts of attack–defence games at simulation speed (R2, R6).

Bots that search, tournaments and Monte Carlo lessons play thousands of games to the end with
random moves. ``AttackGame`` builds ``Action`` objects, events and undo states for every move;
a playout needs none of that. This kernel plays the same game with plain integers:

* hands are bit sets in *rank-major* order (bit ``4 * (rank - 2) + suit``), so the lowest set bit
  is always the card that ``legal_actions()`` lists first (by rank, then suit) and a rank is one
  nibble;
* a move is chosen by *counting* the legal actions and decoding the chosen index, without
  listing them.

It draws the random index exactly as ``rng.choice(game.legal_actions())`` does for a
``random.Random`` (``getrandbits`` of the count's bit length, drawn again while out of range)
and counts the actions in exactly the order ``legal_actions()`` lists them, so a playout here
is move for move the game the public API would play with the same generator:
``tests/test_rollout.py`` plays both and compares. ``_rollout_c.c`` is a compiled twin of
``_play`` (optional: built where a C compiler is), held to the same test.

It covers the attack–defence rules, transfers included, but not teams or the R4 shapes:
``MODELLED`` lists, option by option, the values the kernels play, and ``supports`` sends any
other game — an option added to ``Rules`` later included — to the public API. The kernels read
the options by name from one configuration (``kernel_config``).
"""

from __future__ import annotations

import dataclasses
from itertools import combinations, islice
from math import comb

from ..cards import RANK_MAJOR_CARDS, RANK_MAJOR_POSITION, to_rank_major, to_suit_major
from .attack import fool_result, next_active
from .base import Result

__all__ = ["MODELLED", "supports", "kernel_config", "rollout"]

ANY = None  # every value the rules accept

#: Every ``Rules`` option, with the values both kernels play (``ANY``: all the valid ones). A game
#: whose options are not all listed here is played out through the public API instead — so an
#: option added to ``Rules`` later can never be silently ignored (tests/test_rollout.py walks the
#: fields).
MODELLED: dict[str, frozenset | None] = {
    # the deal and the deck are done before a playout; the beater masks carry R2.3 and R6
    "deck": ANY, "hand_size": ANY, "min_players": ANY, "max_players": ANY, "trump": ANY,
    "first_lead": ANY, "next_game_lead": ANY,
    "spades_apart": ANY, "spade_turned": ANY, "queen_of_spades_high": ANY,
    # R2
    "attack_shape": frozenset({"rank"}),  # the R4 shapes are played by the API
    "throw_in": ANY, "throw_in_ranks": ANY, "throw_one_at_a_time": ANY,
    "bout_limit": ANY, "first_bout_limit": ANY,
    "partial_take": frozenset({False}),  # R4 B is played by the API
    "taker_keeps_turn": ANY, "draw_order": ANY, "share_short_talon": ANY, "draws": ANY,
    "repetition_draw": ANY, "epaulettes_need_plain_six": ANY,
    # R3
    "transfer": ANY, "transfer_in_first_bout": ANY, "transfer_with_trump_on_table": ANY,
    "transfer_by_last_card": ANY, "proezdnoy": ANY, "transfer_after_beating": ANY,
    "transfer_beat_only_new": ANY, "refusal": ANY,
    # R5 is played by the API
    "teams": frozenset({False}),
}


#: id(rules) -> (rules, modelled?): a playout asks for every game, so the answer is kept per
#: Rules object (identity, not equality: hashing 33 fields costs more than the check)
_MODELLED_BY_RULES: dict[int, tuple] = {}
#: (id(rules), trump, deck size) -> (rules, kernel_config)
_CONFIGS: dict[tuple, tuple] = {}


def _remembered(cache: dict, key, rules, make):
    hit = cache.get(key)
    if hit is not None and hit[0] is rules:
        return hit[1]
    if len(cache) > 512:
        cache.clear()
    value = make()
    cache[key] = (rules, value)
    return value


def _modelled(rules) -> bool:
    def check() -> bool:
        for f in dataclasses.fields(rules):
            allowed = MODELLED.get(f.name, False)
            if allowed is False or allowed is not ANY and getattr(rules, f.name) not in allowed:
                return False
        return True
    return _remembered(_MODELLED_BY_RULES, id(rules), rules, check)


def supports(game) -> bool:
    """Can the kernels play ``game`` out? Only if every option it uses is in ``MODELLED``; every
    other game falls back to the public API."""
    return game.family == "attack" and _modelled(game.rules)


def kernel_config(game) -> dict[str, int]:
    """The options the kernels read, by name (both kernels read this one dictionary).

    The limits are capped at the deck's size: no bout can hold more attack cards than there are
    cards, and the compiled kernel counts in machine integers (``bout_limit=2**31`` is valid).
    The dictionary is shared by every game with the same rules: read it, never change it.
    """
    r = game.rules
    most = len(game.deck_order)
    return _remembered(_CONFIGS, (id(r), game.trump, most), r, lambda: {
        "hand_size": min(r.hand_size, most),
        "first_bout_limit": min(r.first_bout_limit, most),
        "bout_limit": min(r.bout_limit, most),
        "throw_in": _THROW_IN.index(r.throw_in),
        "throw_in_ranks_table": r.throw_in_ranks == "table",
        "throw_one_at_a_time": r.throw_one_at_a_time,
        "share_short_talon": r.share_short_talon,
        "repetition_draw": r.repetition_draw,
        "draws": r.draws,
        "taker_keeps_turn": r.taker_keeps_turn,
        "draw_clockwise": r.draw_order == "clockwise",
        "transfer": r.transfer,
        "transfer_in_first_bout": r.transfer_in_first_bout,
        "transfer_with_trump_on_table": r.transfer_with_trump_on_table,
        "transfer_by_last_card": r.transfer_by_last_card,
        "proezdnoy": r.proezdnoy,
        "transfer_after_beating": r.transfer_after_beating,
        "transfer_beat_only_new": r.transfer_beat_only_new,
        "refusal": r.refusal,
        "trump_suit": -1 if game.trump is None else int(game.trump),
    })


_POS = RANK_MAJOR_POSITION  # Card.index -> rank-major position
_CARD = RANK_MAJOR_CARDS  # rank-major position -> Card


def _nth_bit(m: int, j: int) -> int:
    """The ``j``-th lowest set bit of ``m`` (0-based), as a one-bit mask."""
    for _ in range(j):
        m &= m - 1
    return m & -m


def _bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low)
        m ^= low
    return out


def _nth_combination(items: list[int], k: int, j: int) -> tuple[int, ...]:
    """The ``j``-th ``k``-subset of ``items`` in ``itertools.combinations`` order."""
    return next(islice(combinations(items, k), j, None))


def _nth_subset(cards: list[int], room: int, j: int) -> tuple[int, ...]:
    """The ``j``-th non-empty subset of ``cards`` of at most ``room`` cards, smallest first: the
    order ``legal_actions()`` lists throw-ins."""
    for k in range(1, room + 1):
        c = comb(len(cards), k)
        if j < c:
            return _nth_combination(cards, k, j)
        j -= c
    raise AssertionError("subset index out of range")  # pragma: no cover


_M1 = int("01" * 26, 2)
_M2 = int("0011" * 13, 2)
_M4 = int("0001" * 13, 2)
#: _SUBSETS[n][k]: non-empty subsets of at most k of n cards
_SUBSETS = [[sum(comb(n, i) for i in range(1, k + 1)) for k in range(n + 1)] for n in range(53)]
#: _MULTI[c][most]: attacks of two to ``most`` cards from a rank held ``c`` times
_MULTI = [[sum(comb(c, k) for k in range(2, most + 1)) for most in range(5)] for c in range(5)]


def _nth_group(h: int, multi: list[int], most: int, j: int) -> list[int]:
    """The ``j``-th attack of several cards of one rank, by size, then rank, then suits: the
    order ``legal_actions()`` lists them (``multi``: one bit per rank held twice or more)."""
    for k in range(2, most + 1):
        for b in multi:
            shift = b.bit_length() - 1
            cards = _bits(h >> shift & 0xF)
            c = comb(len(cards), k)
            if j < c:
                return [x << shift for x in _nth_combination(cards, k, j)]
            j -= c
    raise AssertionError("attack index out of range")  # pragma: no cover


_BEATERS: dict[int, tuple[dict, list[int]]] = {}


def _beaters(game) -> list[int]:
    """The game's beater masks (R2.3, R6) by rank-major position, cached per rule set."""
    cached = _BEATERS.get(id(game._beaters))
    if cached is None or cached[0] is not game._beaters:
        table = [0] * 52
        for index, m in game._beaters.items():
            table[_POS[index]] = to_rank_major(m)
        cached = _BEATERS[id(game._beaters)] = (game._beaters, table)
    return cached[1]


# -- the playout -------------------------------------------------------------------------------------

def rollout(game, rng) -> Result:
    """Play ``game`` (an ``AttackGame`` that ``supports``) to its end with uniformly random legal
    moves drawn from ``rng`` (a ``random.Random``), changing it in place; return the result.

    The game must keep no history (``clone(history=False)``): no events are written. The moves
    are played by the compiled speed-up ``_rollout_c`` where it was built, else in Python; both
    play exactly the same moves.
    """
    s = game._s
    if s.result is not None:
        return s.result
    n = game.players
    talon = [_POS[c.index] for c in game.talon]
    trump_pos = (_POS[game.trump_card.index]
                 if game.trump_card is not None and talon and game.talon[-1] is game.trump_card
                 else -1)
    config = kernel_config(game)
    table = [[_POS[a.index], -1 if d is None else _POS[d.index]] for a, d in s.table]
    run = 0  # R2.5: the seats (bits) that have passed since the table last changed
    for p in s.pass_run:
        run |= 1 << p
    seen = {(tuple(to_rank_major(m) for m in k[0]),) + k[1:]: v for k, v in s.seen.items()}
    play = _c_play if _c_play is not None and n <= 8 else _play
    (hands, known, tp, discarded, out, bout, attacker, defender, end) = play(
        n, [to_rank_major(m) for m in s.hands], [to_rank_major(m) for m in s.known], talon,
        s.talon_pos, len(s.discard), trump_pos, _beaters(game), config, s.out, s.bout,
        s.attacker, s.defender, s.to_act, table, s.n_attack, s.taking, run, s.phase == "open",
        seen, rng.getrandbits, game.REPETITIONS, s.settled, sum(1 << p for p in s.shown),
        s.refused, s.opener)
    if end is None:
        result = Result.repetition(out, game.names)
    else:
        durak, took_last, final_attack = end
        result = fool_result(game, None if durak < 0 else durak, out, took_last,
                             [_CARD[a] for a in final_attack])

    # write the end position back into the game's state
    s.hands = [to_suit_major(m) for m in hands]
    s.known = [to_suit_major(m) for m in known]
    s.talon_pos = tp
    s.table = []
    s.discard = s.discard + [_CARD[x] for x in discarded]
    s.attacker = s.att_player = attacker
    s.defender = s.def_player = defender
    s.taking = False
    s.pass_run = frozenset()
    s.to_act = None
    s.phase = "over"
    s.bout = bout
    s.out = out
    s.n_attack = 0
    s.open_passes = 0
    s.result = result
    # (the repetition counts are left as they were: the game is over, nothing follows)
    game._legal_cache = None
    return result


_THROW_IN = ("all", "neighbours", "attacker", "none")
_BOUT_OVER = -2  # to_act after a refusal: the bout ends at once (R3.4)

try:  # the optional compiled twin of _play (built from _rollout_c.c where a C compiler is)
    from ._rollout_c import play as _c_play
except ImportError:  # pragma: no cover - depends on the installation
    _c_play = None


def _play(n, hands, known, talon, tp, n_discard, trump_pos, beaters, config, out, bout,
          attacker, defender, to_act, table, n_attack, taking, run, opening, seen, getrandbits,
          repetitions, settled, shown, refused, opener):
    """The playout itself, on rank-major positions (the Python twin of ``_rollout_c.play``).

    ``config`` is ``kernel_config(game)``; ``opener`` the seat that opened this bout (R3.1).
    Returns ``(hands, known, talon_pos, discarded, out, bout, attacker, defender, end)``:
    ``discarded`` the positions sent to the discard pile, in order; ``end`` is ``None`` for a
    draw by repetition, else ``(durak or -1, took_last, final attack positions)``.
    """
    hand_size = config["hand_size"]
    first_limit, later_limit = config["first_bout_limit"], config["bout_limit"]
    rank_of_defence = config["throw_in_ranks_table"]
    one_at_a_time = config["throw_one_at_a_time"]
    share_short = config["share_short_talon"]
    repetition, draws = config["repetition_draw"], config["draws"]
    keeps_turn = config["taker_keeps_turn"]
    clockwise, throw_in = config["draw_clockwise"], config["throw_in"]
    transfer, only_new = config["transfer"], config["transfer_beat_only_new"]
    tlen = len(talon)
    discard = []
    unbeaten = [a for a, d in table[settled:] if d < 0]
    ranks = 0
    for a, d in table:
        ranks |= 0xF << (a & ~3)
        if d >= 0 and rank_of_defence:
            ranks |= 0xF << (d & ~3)
    seating = _Seating(_THROW_IN[throw_in], clockwise, n)
    bout_seats, next_seat = seating.bout, seating.next
    order, drawers = bout_seats(attacker, defender, out)

    while True:
        limit = first_limit if bout == 0 else later_limit
        if opening:
            # R2.2: one card or several of one rank, at most the limit (R2.6)
            h = hands[attacker]
            most = min(4, limit, hands[defender].bit_count())
            singles = count = h.bit_count()
            multi = ()
            if most > 1:
                x = (h & _M1) + ((h >> 1) & _M1)
                x = (x & _M2) + ((x >> 2) & _M2)  # each nibble: how many cards of that rank
                x = ((x >> 1) | (x >> 2)) & _M4  # one bit per rank held two or more times
                if x:
                    multi = _bits(x)
                    for b in multi:
                        count += _MULTI[(h >> (b.bit_length() - 1) & 0xF).bit_count()][most]
            if not count:  # rng.choice([]) fails too: never loop for ever
                raise RuntimeError("playout: no legal action to choose from")
            k = count.bit_length()
            j = getrandbits(k)
            while j >= count:
                j = getrandbits(k)
            played = [_nth_bit(h, j)] if j < singles else _nth_group(h, multi, most, j - singles)
            m = 0
            for b in played:
                m |= b
                pos = b.bit_length() - 1
                table.append([pos, -1])
                unbeaten.append(pos)
                ranks |= 0xF << (pos & ~3)
            n_attack = len(played)
            seat = attacker
            opening = False
            to_act = defender
        elif to_act == defender and not taking:
            # R2.3: beat one unbeaten card; R3: transfer (perevodnoy); R2.7: take. Listed so.
            h = hands[defender]
            count = 1
            for a in unbeaten:
                count += (h & beaters[a]).bit_count()
            beats = count - 1
            if transfer:
                same, sizes, show, target, back = _transfers(
                    h, unbeaten, table, hands, defender, attacker, out, n, bout, n_attack, limit,
                    tp == tlen, shown, refused, config, opener)
                for k in sizes:
                    count += comb(len(same), k)
                count += show > 0
            k = count.bit_length()
            j = getrandbits(k)
            while j >= count:
                j = getrandbits(k)
            seat, m = defender, 0
            if j < beats:
                for a in unbeaten:
                    options = h & beaters[a]
                    c = options.bit_count()
                    if j < c:
                        m = _nth_bit(options, j)
                        pos = m.bit_length() - 1
                        for pair in table:
                            if pair[0] == a:
                                pair[1] = pos
                                break
                        unbeaten.remove(a)
                        if rank_of_defence:
                            ranks |= 0xF << (pos & ~3)
                        break
                    j -= c
                if unbeaten:
                    to_act = defender
                else:
                    run = 0
                    to_act = attacker  # R2.5: the round starts again with the main attacker
            elif j == count - 1:
                taking = True
                run = 0
                to_act = attacker
            else:
                # R3.1: add cards of the attacking rank (or show its trump, R3.4) and pass the
                # attack on; R3.3: the transferring player becomes the main attacker
                j -= beats
                for k in sizes:
                    c = comb(len(same), k)
                    if j < c:
                        combo = _nth_combination(same, k, j)
                        if only_new:
                            unbeaten = []  # R3.4 (perevodnoy 3): the old cards need no beating
                            settled = len(table)
                        for b in combo:
                            m |= b
                            pos = b.bit_length() - 1
                            table.append([pos, -1])
                            unbeaten.append(pos)
                        n_attack += k
                        break
                    j -= c
                else:
                    shown |= 1 << defender
                    known[defender] |= show
                attacker, defender = defender, target
                run = 0
                if back >= 0:  # R3.4 refusal: the cards go back to the player who went out
                    refused = True
                    defender = back
                    taking = True
                    to_act = _BOUT_OVER
                else:
                    to_act = defender
                order, drawers = bout_seats(attacker, defender, out)
        else:
            # R2.4: a thrower throws in cards of ranks on the table, or passes
            seat = to_act
            room = min(limit - n_attack, hands[defender].bit_count() - len(unbeaten))
            if one_at_a_time and seat != attacker:
                room = min(room, 1)
            cards = _bits(hands[seat] & ranks)
            room = min(room, len(cards))
            count = _SUBSETS[len(cards)][room] if room > 0 else 0  # and one pass
            k = (count + 1).bit_length()
            j = getrandbits(k)
            while j > count:
                j = getrandbits(k)
            m = 0
            if j == count:  # pass
                run |= 1 << seat
                to_act = order[(order.index(seat) + 1) % len(order)] if seat in order else -1
            else:
                for b in _nth_subset(cards, room, j):
                    m |= b
                    pos = b.bit_length() - 1
                    table.append([pos, -1])
                    unbeaten.append(pos)
                n_attack += m.bit_count()
                run = 0
                to_act = seat if taking else defender
        if m:  # the cards leave the hand; R2.10: with the talon empty, an empty hand is out
            hands[seat] &= ~m
            known[seat] &= ~m
            if not hands[seat] and tp == tlen and seat not in out:
                if to_act == seat:
                    # R2.5: out by a throw-in while the defender takes: priority goes on to the
                    # next thrower after him in the order
                    to_act = order[(order.index(seat) + 1) % len(order)]
                out = out + (seat,)
                order, drawers = bout_seats(attacker, defender, out)
        if to_act == defender and not taking:
            continue
        if to_act != _BOUT_OVER:
            # R2.5: priority goes round the throwers from ``to_act``; one who has passed since
            # the table last changed, or has nothing to throw, is skipped
            room = min(limit - n_attack, hands[defender].bit_count() - len(unbeaten))
            nxt = -1
            if room > 0 and order:
                k = len(order)
                i0 = order.index(to_act) if to_act in order else 0
                for i in range(k):
                    p = order[(i0 + i) % k]
                    if not run >> p & 1:
                        if hands[p] & ranks:
                            nxt = p
                            break
                        run |= 1 << p
            to_act = nxt
            if nxt >= 0:
                continue

        # -- the bout is over (R2.7, R2.8) ------------------------------------------------------
        took = taking
        m = 0
        for a, d in table:
            m |= 1 << a
            if d >= 0:
                m |= 1 << d
        if took:
            hands[defender] |= m
            known[defender] |= m  # R0: picked-up cards are public
            if defender in out:  # R3.4 refusal: the player who had gone out is back in
                out = tuple(p for p in out if p != defender)
        else:
            discard.extend([x for pair in table for x in pair if x >= 0])
        # R2.9: draw up to hand_size, attacker first, then clockwise, the defender last
        if tp < tlen:
            if share_short and sum(max(0, hand_size - hands[p].bit_count())
                                   for p in drawers) > tlen - tp:
                needs = [max(0, hand_size - hands[p].bit_count()) for p in drawers]
                while tp < tlen and any(needs):
                    for i, p in enumerate(drawers):
                        if tp < tlen and needs[i]:
                            hands[p] |= 1 << talon[tp]
                            tp += 1
                            needs[i] -= 1
            else:
                for p in drawers:
                    k = min(hand_size - hands[p].bit_count(), tlen - tp)
                    for _ in range(k):
                        hands[p] |= 1 << talon[tp]
                        tp += 1
            if tp == tlen:
                for p in drawers:
                    if trump_pos >= 0 and hands[p] >> trump_pos & 1:
                        known[p] |= 1 << trump_pos  # R0: the turned trump was seen by all
        if tp == tlen:
            for p in drawers:  # R2.10: with the talon empty, an empty hand is out
                if not hands[p] and p not in out:
                    out = out + (p,)
            # R2.11: the game ends when at most one player holds cards
            holders = [p for p in range(n) if hands[p]]
            if len(holders) <= 1:
                durak = holders[0] if holders else (-1 if draws else defender)
                end = (durak, took and durak == defender, [a for a, _ in table])
                break
        table, unbeaten, ranks, n_attack, taking, run = [], [], 0, 0, False, 0
        settled = shown = 0
        refused = False
        bout += 1
        if took and not keeps_turn or not took and defender in out:
            nxt = next_seat(defender, out)
        else:
            nxt = defender
        if repetition:
            key = (tuple(hands), nxt, tp, n_discard + len(discard), out)
            seen[key] = seen.get(key, 0) + 1
            if seen[key] >= repetitions:
                end = None
                break
        attacker = opener = nxt
        defender = next_seat(nxt, out)
        order, drawers = bout_seats(attacker, defender, out)
        opening = True
        to_act = attacker

    return hands, known, tp, discard, out, bout, attacker, defender, end


def _transfers(h, unbeaten, table, hands, defender, attacker, out, n, bout, n_attack, limit,
               talon_empty, shown, refused, config, opener):
    """R3: the transfers the defender may make now, as ``(same, sizes, show, target, back)``:
    the defender's cards of the attacking rank, how many of them may be added, the trump that
    may be shown instead (a one-bit mask, 0: none), the next defender, and the seat a refusal
    gives the cards back to (-1: no refusal). Mirrors ``AttackGame._diagnose_transfer``."""
    first_transfer = config["transfer_in_first_bout"]
    trump_on_table = config["transfer_with_trump_on_table"]
    by_last_card, proezdnoy = config["transfer_by_last_card"], config["proezdnoy"]
    after_beating, only_new = config["transfer_after_beating"], config["transfer_beat_only_new"]
    refusal, trump_suit = config["refusal"], config["trump_suit"]
    none = ((), (), 0, -1, -1)
    rank = unbeaten[0] & ~3 if unbeaten else -1
    if rank < 0 or any(a & ~3 != rank for a in unbeaten):
        return none  # R3.1: the cards to beat must be of one rank
    if bout == 0 and not first_transfer:
        return none  # R3.4: not in the first bout
    if not after_beating and any(d >= 0 for _, d in table):
        return none  # R3.2: only before beating
    if (not trump_on_table and trump_suit >= 0
            and any(x >= 0 and x & 3 == trump_suit for pair in table for x in pair)):
        return none  # R3.4: no transfer with a trump on the table
    same = _bits(h & (0xF << rank))
    if not same:
        return none
    target = next_active(defender, n, out)
    back = (attacker if refusal and not refused and attacker in out and n - len(out) == 1
            and target == defender and all(d < 0 for _, d in table) else -1)
    if back < 0 and opener in out and next_active(
            defender, n, tuple(p for p in out if p != opener)) == opener:
        return none  # R3.1: the opener went out; the transfer would come back round
    held = hands[target].bit_count()
    sizes = []
    for k in range(1, len(same) + 1):
        if n_attack + k > limit:
            break  # R3.2: the bout limit (R2.6)
        if not by_last_card and talon_empty and k == h.bit_count():
            continue  # R3.4: no going out by transferring the last cards
        if back >= 0 or (target != defender and held >= (k if only_new else len(unbeaten) + k)):
            sizes.append(k)
    show = 0
    if proezdnoy and trump_suit >= 0 and not shown >> defender & 1 and back < 0 \
            and target != defender and n_attack <= limit \
            and held >= (1 if only_new else len(unbeaten)):
        for b in same:
            if (b.bit_length() - 1) & 3 == trump_suit:
                show = b
    return same, sizes, show, target, back


class _Seating:
    """Who throws in (R2.5) and who draws (R2.9) for a bout, cached per (attacker, out)."""

    def __init__(self, throw_in: str, clockwise: bool, n: int):
        self.throw_in, self.clockwise, self.n = throw_in, clockwise, n
        self._bouts: dict = {}

    def next(self, seat: int, out: tuple) -> int:
        return next_active(seat, self.n, out)

    def bout(self, attacker: int, defender: int, out: tuple) -> tuple[list[int], list[int]]:
        key = (attacker, defender, out)
        found = self._bouts.get(key)
        if found is None:
            found = self._bouts[key] = (self._throwers(attacker, defender, out),
                                        self._drawers(attacker, defender, out))
        return found

    def _throwers(self, attacker: int, defender: int, out: tuple) -> list[int]:
        """R2.5: the main attacker, then the others clockwise from the defender's left."""
        n = self.n
        if self.throw_in == "none":
            return []
        order = [attacker] if attacker not in out else []
        if self.throw_in == "attacker":
            return order
        allowed = None
        if self.throw_in == "neighbours":
            allowed = {next_active(defender, n, out), next_active(defender, n, out, step=-1)}
            order = [p for p in order if p in allowed]
        for k in range(1, n):
            p = (defender + k) % n
            if p not in out and p != defender and p != attacker and (allowed is None or p in allowed):
                order.append(p)
        return order

    def _drawers(self, attacker: int, defender: int, out: tuple) -> list[int]:
        """R2.9: the main attacker, the others clockwise from the defender's left, the defender."""
        n = self.n
        if self.clockwise:
            seats = [(attacker + k) % n for k in range(n)]
        else:
            seats = ([attacker] + [(defender + k) % n for k in range(1, n)
                                   if (defender + k) % n not in (attacker, defender)] + [defender])
        return [p for p in seats if p not in out]
