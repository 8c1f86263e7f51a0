"""How a game shows itself (issue 14): the few ``Game`` methods the drawing layer and the widgets
ask instead of branching on family names, answered by every family; and a scan of ``draw/`` and
``widgets/`` that keeps them free of ``.family`` comparisons and ``getattr(game, …)`` probes."""

import ast
import random
from pathlib import Path

import pytest

from durak_edu import VARIANTS, Attack, Beat, Play, Suit, ThrowIn, cards, new_game
from helpers import game, play_all

ROOT = Path(__file__).resolve().parent.parent / "durak_edu"


def walk_game(name, seed, steps=400):
    """Every position of a seeded random game (the first ``steps`` of them)."""
    g = new_game(name, players=min(VARIANTS[name].rules.table_sizes()), seed=seed)
    rng = random.Random(seed)
    yield g
    while not g.is_over and len(g.actions) < steps:
        g.play(rng.choice(g.legal_actions()))
        yield g


# -- the static faces ------------------------------------------------------------------------------

@pytest.mark.parametrize("name, shape, trump, discard, word, controls", [
    ("podkidnoy", "pairs", True, True, "out", ("take", "pass", "several")),
    ("perevodnoy", "pairs", True, True, "out", ("take", "pass", "several", "transfer")),
    ("japanese_circle", "pile", True, True, "out", ("take",)),
    ("navalenny", "pile", True, True, "out", ("take",)),
    ("japanese_maumau", "stack", False, False, "won", ("pass", "draw", "call")),
])
def test_each_family_says_how_its_table_looks_and_which_buttons_it_offers(
        name, shape, trump, discard, word, controls):
    g = new_game(name, seed=1)
    assert g.table_shape == shape
    assert g.shows_trump is trump and g.has_discard is discard
    assert g.winner_word == word
    assert g.controls == controls


def test_every_variant_answers_every_face():
    for name in VARIANTS:
        g = new_game(name, players=min(VARIANTS[name].rules.table_sizes()), seed=2)
        assert g.table_shape in ("pairs", "pile", "stack")
        assert isinstance(g.shows_trump, bool) and isinstance(g.has_discard, bool)
        assert g.winner_word in ("out", "won")
        assert set(g.controls) <= {"take", "pass", "several", "transfer", "draw", "call"}
        assert all(isinstance(g.role(p), str) for p in range(g.players))
        assert isinstance(g.targets(), list) and isinstance(g.is_taking, bool)
        g.called_suit  # noqa: B018 - answers without raising


# -- targets, taking, roles, calls, through whole games --------------------------------------------

@pytest.mark.parametrize("name", ["podkidnoy", "perevodnoy", "prostoy", "japanese_spades"])
@pytest.mark.parametrize("seed", [1, 2])
def test_attack_targets_are_the_unbeaten_attack_cards_and_taking_is_the_declared_take(name, seed):
    saw_taking = False
    for g in walk_game(name, seed):
        assert g.targets() == [a for a, d in g.table if d is None]
        assert g.is_taking is g.taking
        saw_taking |= g.is_taking
        assert g.called_suit is None
        assert [g.role(p) for p in range(g.players)] == [
            type(g).role(g, p) for p in range(g.players)]
    assert saw_taking or name != "podkidnoy"


@pytest.mark.parametrize("name", ["japanese_circle", "navalenny", "navalenny_modern"])
@pytest.mark.parametrize("seed", [1, 2])
def test_circle_targets_are_the_top_card_while_it_waits_to_be_beaten(name, seed):
    for g in walk_game(name, seed):
        assert g.targets() == ([g.top] if g.phase == "beat" else [])
        assert all(a.target in g.targets() for a in g.legal_actions() if isinstance(a, Beat))
        assert g.is_taking is False and g.called_suit is None
        if not g.is_over:
            assert g.role(g.to_act) in ("leads", "beats")


@pytest.mark.parametrize("name", ["japanese_maumau", "maumau_english", "maumau_crocodile"])
@pytest.mark.parametrize("seed", [1, 2])
def test_maumau_has_no_targets_no_take_no_roles_and_tells_the_called_suit(name, seed):
    for g in walk_game(name, seed):
        assert g.targets() == [] and g.is_taking is False
        assert g.called_suit == g.called
        assert all(g.role(p) == "" for p in range(g.players))


def test_maumau_called_suit_is_the_queens_call():
    g = game("japanese_maumau", ["9♠ 8♦ 7♣ J♥ K♥", "Q♥ 10♦ K♣ 8♥ 6♣", "8♣ 9♦ 10♥ Q♣ A♥"],
             lead=0)
    g.play("play 9♠")
    assert g.called_suit is None
    g.play(Play("Q♥", call="D"))
    assert g.called_suit == Suit.DIAMONDS


# -- the move a click means ------------------------------------------------------------------------

def test_attack_move_for_a_click_attacks_throws_in_or_beats():
    g = game("podkidnoy", ["6♠ 7♠ 8♣ 9♦ 10♥ J♣", "7♦ 8♠ 9♠ 10♣ Q♥ K♦"], turned="6♥")
    att, dfn = g.attacker, g.defender
    mine = g.hands[att][0]
    assert g.move_for(att, mine) == Attack((mine,))
    first = g.legal_actions()[0]
    g.play(first)
    card = g.hands[dfn][0]
    (target,) = g.targets()
    assert g.move_for(dfn, card) == Beat(target, card)
    assert g.move_for(dfn, card, target) == Beat(target, card)
    assert g.move_for(dfn, card, cards("A♠")[0]) == Beat(target, card)  # not on the table
    other = g.hands[att][0]
    assert g.move_for(att, other) == ThrowIn((other,))


def test_attack_move_for_aims_at_the_chosen_unbeaten_card():
    g = game("podkidnoy", ["6♠ 6♣ 8♣ 9♦ 10♥ J♣", "7♦ 8♠ 9♠ 10♣ Q♥ K♦"], turned="6♥")
    g.play("attack 6♠ 6♣")
    a, b = g.targets()
    c = g.hands[g.defender][0]
    assert g.move_for(g.defender, c, b) == Beat(b, c)
    assert g.move_for(g.defender, c) == Beat(a, c)


def test_circle_move_for_a_click_leads_or_beats_the_top_card():
    g = new_game("japanese_circle", players=4, deck_order=cards(
        "6♠ 7♣ 8♠ 6♥ 10♣ 9♣ 7♠ 7♥ Q♣ J♣ 6♣ 8♥ A♣ K♣ 8♣ 9♥ 9♠ 6♦ 10♠ 10♥ "
        "J♠ 7♦ Q♠ J♥ K♠ 8♦ A♠ Q♥ 9♦ 10♦ J♦ K♥ Q♦ K♦ A♦ A♥"))
    c = cards("10♣")[0]
    assert g.move_for(0, c) == Attack((c,))
    g.play("attack 10♣")
    j = cards("J♣")[0]
    assert g.targets() == [c]
    assert g.move_for(1, j) == Beat(c, j)
    g.play("beat 10♣ J♣")
    assert g.targets() == [j]  # R7.3: the next player beats the new top card


def test_maumau_move_for_a_click_plays_the_card():
    g = new_game("japanese_maumau", seed=3)
    c = g.hands[g.to_act][0]
    assert g.move_for(g.to_act, c) == Play(c)


# -- draw/ and widgets/ ask the game, they do not branch on its family -----------------------------

def _root_name(node):
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def _is_game(node) -> bool:
    """``game``, ``g``, ``self.game`` or anything reached from them (``g.rules``)."""
    if isinstance(node, ast.Name):
        return node.id in ("game", "g")
    if isinstance(node, ast.Attribute):
        return node.attr == "game" or _is_game(node.value)
    return False


def family_branches(source: str) -> list[str]:
    """Each ``… .family ==/!=/in …`` comparison and ``getattr``/``hasattr`` probe of a game."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(isinstance(s, ast.Attribute) and s.attr == "family" for s in sides) or any(
                    isinstance(s, ast.Name) and s.id in ("family", "fam") for s in sides):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "hasattr") and node.args
                and _is_game(node.args[0])):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def test_the_scan_catches_family_branches_and_game_probes():
    bad = ('if game.family == "shedding": pass\n'
           'x = self.game.family != "attack"\n'
           'fam = g.family\nif fam in ("attack",): pass\n'
           'getattr(game, "taking", False)\n'
           'getattr(g.rules, "transfer", False)\n'
           'hasattr(self.game, "called")\n')
    assert len(family_branches(bad)) == 6
    fine = ('getattr(it, "layer", 1)\ngetattr(a, "show", False)\n'
            'info = {"family": game.family}\nif game.table_shape == "pairs": pass\n')
    assert family_branches(fine) == []


@pytest.mark.parametrize("path", sorted(p.relative_to(ROOT).as_posix()
                                        for d in ("draw", "widgets")
                                        for p in (ROOT / d).glob("*.py")))
def test_draw_and_widgets_never_branch_on_the_family(path):
    found = family_branches((ROOT / path).read_text(encoding="utf-8"))
    assert not found, f"{path} branches on the game's family; ask a Game method instead: {found}"


# -- a new family needs no edit in draw/ or widgets/ -----------------------------------------------

@pytest.mark.parametrize("name, players", [("podkidnoy", 3), ("perevodnoy", 3),
                                           ("japanese_circle", 4), ("navalenny", 3),
                                           ("japanese_maumau", 3)])
def test_a_game_under_a_new_family_name_draws_and_plays_alike(name, players):
    from durak_edu.draw.svg import game_svg
    from durak_edu.widgets import PlayWidget
    for g in walk_game(name, 5, steps=60):
        renamed = g.clone()
        renamed.family = "gallery"   # what draw/ and widgets/ never look at
        assert game_svg(renamed) == game_svg(g)
    g.playout(5)   # and once it is over: "won" / "out" beside the seats
    renamed = g.clone()
    renamed.family = "gallery"
    assert g.is_over and game_svg(renamed) == game_svg(g)
    p, q = PlayWidget(name, players, seed=5), PlayWidget(name, players, seed=5)
    q.game.family = "gallery"
    q._refresh()
    assert [b.description if hasattr(b, "description") else b.value for b in q._buttons.children] \
        == [b.description if hasattr(b, "description") else b.value for b in p._buttons.children]
    assert [b.disabled for b in q._buttons.children if hasattr(b, "disabled")] == \
        [b.disabled for b in p._buttons.children if hasattr(b, "disabled")]
