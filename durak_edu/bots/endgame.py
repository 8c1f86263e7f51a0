"""A fast exact endgame search on the engine's integer core (issue 29, issue 24 §3b).

The same question as ``solve``'s reference search (``solve._Search``: every position of a
two-player ending with the talon empty, searched to the end), asked of the core's compact state
(``durak_edu.games.core``: ``moves``, ``apply``, ``CoreState.copy``) instead of
``Game.clone().play()``, with

* alpha–beta over the three values −1, 0, 1 (for the seat ``me``), so a null window
  (``lo, lo + 1``) asks "at least ``lo + 1``?" and most lines are cut;
* a transposition table of bounds (``[lower, upper, best move]``) keyed by everything that
  decides the future: both hands, the table as two masks (its cards, and the attack cards still
  unbeaten: which card lies on which decides nothing), the roles, who acts, who passed, whether
  it is the first bout (R2.6, R3.4), who is out, and the repetition counts that can still come
  back (R2.11: those with the present discard pile, as ``position_key`` keeps them);
* last time's best move searched first, before any other child is made (it mostly cuts
  again); then every other child looked up before any is searched: one the table already
  knows to cut ends the node at once (an enhanced transposition cut-off), and the rest are
  tried by what the table knows of them — the highest floor first — else more cards shed
  first, trumps kept (on the benchmark's 12-card endings this halves the positions searched),
  and among cards alike a card whose rank the mover holds alone laid or thrown in first, a
  beat on which the attacker can throw nothing in (R2.4) first, the pass after the plain
  throw-ins and before a trump's (``solver.order``: on 16-card deals about half the
  positions; not where cards go to and fro, R2.7 and R2.11, where they lengthen the lines);
* twin cards tried once (``solver.twins``): where a card's next card in play of its suit is
  in the same hand and swapping their ranks changes nothing (R2.3, R2.4), the higher one's
  moves are left out, and ``solve`` and the coach ask one question for a first move and its
  twin (``Search.repeats``) (on 16-card deals about 8 % fewer positions);
* the ranks closed up (``solver_key.canonical``): ranks no card in play (hands and table) holds
  are taken out, so endings that differ only in what went to the discard pile share an entry
  (a sixth fewer positions on the 16-card endings where a bout is to open; in the middle of a
  bout too, with the plain suits sorted, 8 % fewer again), the key one integer;
* the ranks in a canonical order (``solver_key._rank_order``): two ranks with no card of one suit
  can be swapped (R2.3 compares cards of a suit, R2.4 asks only whether ranks are equal), so
  the key takes the least order of the columns the suits allow, the plain suits sorted first
  by their own cards (on the 16-card deals 3, 13 and 22 of ``benchmarks/coach.py`` 14 to 24 %
  fewer positions); and the seats swapped with their roles (two players: nothing else tells
  them apart): the key has the seat to act as seat 0 and the table keeps each entry's bounds
  for the seat to act (7 % fewer again);
* forced moves played through (``Search._advance``): a position with one legal move takes no
  entry (on ten 16-card deals a quarter fewer positions and less time where solved);
* a verdict without search (``solver.unbeatable``): at a bout to open, or one being taken, an
  attacker none of whose cards the defender's (with the table's, if taken) can beat wins — he
  leads them one by one, plain cards first and trumps last, each suit upwards, and each is
  taken (R2.3, R2.7) (on four of the 16-card deals 5 % fewer positions);
* the one-card game (``solver.order``): where R2.2's attack shape and throw-ins hold and nothing is
  transferred, the attacker lays one card at a time — a set laid at once is never better than
  the same cards one by one (of ten 16-card deals, 8 solved within 1,000,000 positions, not 6).

Where it does not pay to keep a repetition count in the key, it is left out: with two players,
no transfer and the taker not keeping the turn, no position counted with the present pile can
come back (R2.11). Where R3.4 makes the table's order count (``transfer_beat_only_new``, the
refusal) the key keeps the table's lists instead of its masks.

Tried on ten 16-card deals and left out (7 December 2026): a history heuristic (moves that
were best before tried first) searched 2 to 100 times more positions — the static order above
is right at 93 % of the nodes a side wins; cards the other hand cannot beat tried first won on
some deals and lost fivefold on others; without the transposition cut-off, 17 % more
positions and 28 % more time. The proofs of those deals need 5,000 to well over 1,000,000
positions. Again on eight of the 16-card deals (the same day, issue 29): the statically first
child searched before the others are looked up (the cut-off only after it failed) gave 45 %
more positions for the same time; children ordered by the fewest replies first, 2.5 to 6 times
more; the take before a beat with a trump, 2 to 6 times more (several passed 3,000,000); the
pass before every throw-in, 2 to 5 times more; a lone card the other hand cannot beat in its
suit laid first (or last), and a beat whose rank the defender holds again tried last, won on
some deals and lost up to sevenfold on others; the transposition cut-off skipped where a bout
opens or everything is beaten, 3 % fewer instructions but 10 to 15 % more positions.
Again on the 16-card deals 3, 13, 21, 22 and 23 of ``benchmarks/coach.py`` (the same day, issue
29), where most positions go to the questions about each first move, not the root's value (deal
21: 33,000 of 1,910,000), and most hold 5 to 9 cards in the hands: the children of the first
four plies searched with a budget of positions (1,000, then four times more) so the cheapest
refutation is found first — the proofs the beats needed, once skipped, were needed by the other
questions: at the first ply of each question 0 to 4 % fewer, at four plies deal 21 2.3M
positions instead of 1.9M, the root's proof of deal 13 550,000 instead of 300,000; the move
that cut last at the same ply tried first (killer moves) on deal 13 2.9 to 3.2 times the
positions; the first moves' questions asked in another order (reversed, the static order,
shuffled) within 10 %. Two other equivalences, counted on deal 13's table (about 9 and
6 %), are kept since (``solver_key.canonical``, the same day): ranks with no suit in common
reordered and the seats swapped (above): the full solve of deals 3, 13 and 22 in 886,779,
493,409 and 822,169 positions instead of 1,145,656, 624,541 and 1,180,787, the CPU 0.81 times
(the key costs more a node: its share of the time about 7 % instead of 3 %). The best move an
entry keeps is an index into the moves of the position that stored it, so a position it was
joined with may find another move there (as with the suits sorted): measured, it decides
nothing (deal 13: a node searches 2.39 children with the ranks as they are, 2.42 reordered;
last time's best move is tried at 0.2 % of the nodes). Tried with them and left out: a bout
being taken keyed by how many attack cards are unbeaten, not which (R2.6 counts them, R2.7
takes every card): 0.3 % fewer positions on those deals, not worth a longer key; the search
for the least order of the ranks skipped where they have one order only (each rank shares a
suit with the next): such positions are rare, the test cost more than it saved (the key's
share of the time 8 % instead of 7 %).
Proof-number search instead of the null windows (df-pn with the 1 + epsilon
trick, a table of proof and disproof numbers and of the bounds earlier questions proved, on
this search's own positions, moves, order, twins, verdict and keys; the same day, issue 29),
counted the same way (distinct keys stored) and both as plain Python, on the deals 3, 13, 22
and 21: the root's value in 0.63, 0.59, 1.64 and 1.94 times the alpha–beta's positions, the
questions about the first moves in 0.92, 5.0, 1.56 and over 1.5 times (deal 21 stopped at
2,770,000 positions with three of nine answered: the first took 1,740,000, not 464,000; with
every position's numbers started at 1 and 1 instead of the mover's count of moves, deal 13
passed 2,000,000), and each position about twice the time: not worth compiling. The
experiment (a df-pn module and its exactness tests) is not kept: nothing would call it.

The order, again (issue 29, 7 December 2026, branch h-solver8, not merged), counted as the
positions ``solve`` stores (the value and every best first move) on the 40 deals of
``benchmarks/coach.py --sixteen``: 11,340,297 in all; deals 3, 13, 21, 23, 38: 886,779,
493,409, 1,248,274, 942,740, 1,053,545. Among lone plain cards still alike, the one with fewer
cards of its suit below it in play first (R2.3 compares within a suit): 11,183,037 (-1.4 %;
deals 3 and 23 -3.6 and -4.9 %, 21 +4.6 %, deal 2 113,114 to 201,173), CPU within the noise
(``--sixteen``: 37, 36, 35, 35 within 2 s against 35, 37, 36, 37 alternating; the median deal
slower): not merged. Worse: those ties the other way round (24.3 M); a history heuristic
(by the move's kind and card, bumped by the cards left squared at a cut-off) breaking the
ties (16.1 M) or as the first key (one deal past 20 M); the take ordered by what the node must
prove, a draw or a win (42.6 M to 92.4 M); the take first at each question's root (11.6 M:
deal 3's refutation of ``attack Q♠`` is the take, 440,000 positions tried late, but deal 13's
of ``attack A♣`` is a trump's beat, and the take first costs 380,000 there). And a new node's
first move (``order``'s) searched before its other children are made and looked up, as last
time's best move is: 40 % more positions (the children the table knows to cut, tried first,
find the cut-offs), 20 % more a second: worse, and no better limited to endings of 6 or 9
cards.

The body of the search is ``durak_edu.games.core.solver`` (``Search``): one source compiled by
Cython with C types like the core's hot modules (``setup.py``), or run as plain Python where
nothing is compiled; this module is its face for ``solve`` and the coach. Its table's entries
are single integers (bounds and best move) and the cyclic garbage collector is off while it
searches (it makes no cycles; before, the collector walking a table of a million lists took a
third of the time). On 16-card deals, compiled, about 2.2 times the positions a second of the
plain search, and 1.5 times that again without the collector's walks. Compiled, the table of
keys closed up (``canonical``: two 64-bit words) is a C table (``solver.Table``, ``cmemo.pxd``:
no Python int per position), and a node's children are played on states reused from a row per
depth (``CoreState.copy_into``) instead of new ones: together about 1.25 times the positions
a second again (7 December 2026). A count of the legal moves skipped where there are surely
two gained nothing measurable.

Cheaper positions, the same ones searched in the same order (issue 29, 7 December 2026, deals
22 and 3 of ``benchmarks/coach.py``: 1,180,787 and 1,145,656 positions before and after each
step; CPU seconds compiled, the minimum of 4 to 8 runs alternating with the step before, on
the shared machine at a load of 3 to 8, where single runs vary by 20 %):

* a node's moves, the order of those tried and its children's masks, key words and sort keys
  are words of one scratch array (``cscratch.pxd``, plain twin ``scratch.py``: a frame a node,
  its children's frames below it), sorted in place; the moves come from the core's
  ``menu``/``count_menu``/``nth_of_menu`` (``moves``' order) — no list, tuple or Python int a
  node: 4.50 and 4.92 s against 2.77 and 3.02 s on deal 22 (single runs);
* where R2.11's counts decide nothing (``counts_matter`` false), the search's states count
  positions as a playout does (the core's ``lean``: no Python key a bout's end) and its copy
  of the root has no discard pile (read only for that count): 2.93 and 2.77 s to 2.42 and
  2.54 s;
* each child's table slot fetched (``memo_fetch``) while the next child is made, its look-up
  one child later: perf had put nearly all of ``Table.find``'s 17 % of the CPU on the first
  load of the slot in the transposition cut-off's look-ups: 2.21 and 2.23 s to 1.83 and
  1.90 s (every child made first and all looked up after: 2.19 and 1.96 s against 2.04 and
  1.80 s, not kept; an earlier prefetch here had shown nothing in single runs);
* a child's menu made once by ``_advance`` and handed to its search (it was made three
  times: counted, for a forced move, and listed): 2.68 and 2.37 s to 2.45 and 2.24 s;
* ``_advance`` and ``_made`` return a C int (a C pair declared ``except *`` cost an error
  check a call) and a node's row of states is made once: 2.77 and 2.75 s to 2.59 and 2.58 s.

Together, in 3 alternating runs at a load of 7 to 8 (the minimum): deals 22, 3, 13 and 23 in
4.83, 5.25, 2.71 and 6.23 s before, 2.68, 2.40, 1.18 and 2.57 s after (about 2.15 times the
positions a second). What is left of a position's cost is mostly the core's: copying the state
(``copy_into``, its pile's list), ``apply``'s bout end and ``_give_priority`` (tuples), the
menus (a ``Menu`` and its targets' tuples), the table's look-ups that still miss and the
kernel's zeroing of the table's new pages as it doubles (about 5 %). So the table now starts
at the size the ending is likely to need (``solver.table_slots``: from its cards and the limit,
at most 2,097,152 slots): deals 3 and 23 (886,779 and 942,740 positions) in three alternating
runs 1.91/2.25, 2.46/2.31, 2.05/2.15 s before and 1.73/1.94, 2.01/1.84, 2.03/2.32 s after
(about a tenth less; the 40 deals' median moved within the noise, 0.23-0.26 s either way).

Values are exact, so ``solve`` and the coach give the same answers as the reference search; the
agreement tests (``tests/test_solve_fast.py``) hold them to it.

>>> from durak_edu import from_position
>>> g = from_position("podkidnoy", ["7♠ A♥", "8♠"], trump="H")
>>> s = Endgame(g, limit=1_000)
>>> s.value(s.root, -1, 1), [s.exact(s.child(m)) for m in s.root_moves()]
(1, [-1, 1])
"""

from __future__ import annotations

from typing import TypeGuard

from ..games.core.game import AttackGame
from ..games.core.solver import LimitReached, Node, Search

__all__ = ["Endgame", "Node", "fits", "LimitReached"]


def fits(game: object) -> TypeGuard[AttackGame]:
    """Can the fast search take ``game``? A game the compiled core plays (``AttackGame``: the wide
    copy's 72-card games are another class, and any other family another engine), with the
    repetition draw on (R2.11: without it a position can come back for ever, and the reference
    search is the one that says so) and no house-rule part (R9) with slots of its own.
    Everything else goes to the reference search."""
    if not isinstance(game, AttackGame):
        return False
    c = game._s.core.cfg
    # R4 D's passes and R5's seats are slots of the state (st.extra) the table's key leaves out
    return (bool(game.rules.repetition_draw) and not c.parts and c.shape != "pair_only"
            and not c.teams)


class Endgame(Search):
    """An exact search of one ending from the side of the seat to act at its root (``me``),
    sharing one table between every question asked of it (the root, then each first move).

    ``limit`` caps the positions the table holds; meeting one more raises ``LimitReached``."""

    def __init__(self, game: AttackGame, limit: int):
        super().__init__(game._s.core, limit)
