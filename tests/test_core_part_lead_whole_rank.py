"""R9.45 (``lead_whole_rank``): besppodkidny's forced group — a lead of a rank holds every card of
it the opener holds, as many as R2.6 allows — as a part of the core
(core/house/lead_whole_rank.py): legal lists, refusals with clause and words, transfers left
alone, the option's validation, whole games checked at every opening, and the compiled
playout."""

from __future__ import annotations

import itertools
import random

import pytest

from core_options import on_core, playout_agrees, record_round_trip, whole_game
from helpers import endgame, refused, texts

from durak_edu import IllegalAction, new_game
from durak_edu.actions import Attack


def attacks(g) -> list[str]:
    return [a for a in texts(g.legal_actions()) if a.startswith("attack")]


def test_r9_45_a_rank_held_three_times_is_led_whole():
    g = on_core(endgame("besppodkidny", ["7♠ 7♥ 7♣ 9♦ K♠", "6♦ 8♦ 10♦ J♦ Q♦ A♦"], trump="H",
                        lead_whole_rank=True))
    assert attacks(g) == ["attack 9♦", "attack K♠", "attack 7♠ 7♣ 7♥"]
    words = refused(g, "attack 7♠ 7♥", "R9.45")
    assert "holds 7♠ 7♣ 7♥: a lead of 7s must be every 7 he holds" in words
    assert words.endswith("this lead holds 2")
    refused(g, "attack 7♣", "R9.45")
    refused(g, "attack 7♠ 9♦", "R2.2")  # two ranks: R2.2 says so, not the forced group
    g.play("attack 7♠ 7♥ 7♣")
    assert len(g.table) == 3


def test_r9_45_the_bout_limit_caps_the_group():
    g = on_core(endgame("besppodkidny", ["7♠ 7♥ 7♣ 9♦", "6♦ 8♦"], trump="H",
                        lead_whole_rank=True))
    assert attacks(g) == ["attack 9♦", "attack 7♠ 7♣", "attack 7♠ 7♥", "attack 7♣ 7♥"]
    assert "or as many as this bout allows (2)" in refused(g, "attack 7♥", "R9.45")
    refused(g, "attack 7♠ 7♥ 7♣", "R2.6")


def test_r9_45_another_parts_moves_still_follow_the_forced_leads():
    # R9.26's exchange is listed after the core's moves (a menu the part narrows inside)
    g = on_core(endgame("trump_six_swap", ["7♠ 7♥ 6♥ 9♦", "6♦ 8♦ 10♦ J♦"], trump_card="A♥",
                        talon="K♠ Q♠", lead_whole_rank=True))
    assert texts(g.legal_actions()) == ["attack 6♥", "attack 9♦", "attack 7♠ 7♥",
                                        "exchange 6♥"]


def test_r9_45_without_the_option_any_part_of_the_group_may_lead():
    g = endgame("besppodkidny", ["7♠ 7♥ 9♦", "6♦ 8♦ 10♦"], trump="H")
    assert "attack 7♠" in attacks(g) and "attack 7♠ 7♥" in attacks(g)


def test_r9_45_transfers_are_not_forced():
    g = on_core(endgame("besppodkidny", ["8♦ 9♣", "8♠ 8♣ K♦ Q♣", "6♠ 7♠ J♠ A♠ 10♣"],
                        trump="H", lead_whole_rank=True))
    g.play("attack 8♦")
    listed = [a for a in texts(g.legal_actions()) if a.startswith("transfer")]
    assert "transfer 8♠" in listed and "transfer 8♠ 8♣" in listed


def test_r9_45_the_option_refuses_other_attack_shapes_and_two_decks():
    with pytest.raises(ValueError, match=r"lead_whole_rank=True .*\(R9\.45\); "
                                         r"attack_shape='pairs'"):
        new_game("s_par", lead_whole_rank=True)
    with pytest.raises(ValueError, match=r"lead_whole_rank=True \(R9\.45\) is not played with "
                                         r"two decks"):
        new_game("bolshoy", lead_whole_rank=True)
    # a set the core does not play (R5 with throw-ins by neighbours) is refused whole, naming
    # the clash, never played without the rule
    with pytest.raises(ValueError, match=r"lead_whole_rank=True is not played: R5 .*"
                                         r"throw_in='neighbours'"):
        new_game("podkidnoy_teams", players=4, lead_whole_rank=True, throw_in="neighbours")


def check_opening(g) -> int:
    """At an opening: each rank's listed leads are all of one size, ``min(held, most)``, and
    every smaller lead of that rank is refused under R9.45. The openings checked (0 or 1)."""
    listed = [a for a in g.legal_actions() if isinstance(a, Attack)]
    if not listed or len(listed) != len(g.legal_actions()):
        return 0
    most = max(len(a.cards) for a in listed)
    hand = [c for c in g.hands[g.to_act] if not c.is_joker]
    for rank, group in itertools.groupby(sorted(hand, key=lambda c: c.rank), lambda c: c.rank):
        held = list(group)
        sizes = {len(a.cards) for a in listed if a.cards[0].rank == rank}
        assert len(sizes) == 1, (rank, sizes)
        size = sizes.pop()
        assert size == len(held) or size == most < len(held), (held, size, most)
        for k in range(1, size):
            with pytest.raises(IllegalAction, match=r"^R9\.45: "):
                g.check(Attack(tuple(held[:k])))
    return 1


@pytest.mark.parametrize("players,seed,options", [
    (2, 1, {}), (3, 2, {}), (4, 3, {"deck": 52}), (2, 4, {"throw_in": "all"})])
def test_r9_45_whole_games_end_and_every_opening_is_forced(players, seed, options):
    g = on_core(new_game("besppodkidny", players=players, seed=seed, lead_whole_rank=True,
                         **options))
    rng = random.Random(seed)
    openings = 0
    while g.to_act is not None:
        openings += check_opening(g)
        g.play(rng.choice(g.legal_actions()))
    assert openings >= 3 and g.result is not None
    again = on_core(new_game("besppodkidny", players=players, seed=seed, lead_whole_rank=True,
                             **options))
    assert whole_game(again, seed) > 0  # every listed move accepted, the unlisted refused


@pytest.mark.parametrize("name,players,seed,options", [
    ("besppodkidny", 2, 5, {}), ("besppodkidny", 4, 6, {}), ("podkidnoy", 3, 7, {}),
    ("trump_six_swap", 2, 8, {}), ("two_joker", 3, 9, {})])
def test_r9_45_the_compiled_playout_plays_the_api_game(name, players, seed, options):
    playout_agrees(name, players, seed, lead_whole_rank=True, **options)


def test_the_parts_copies_of_the_core_s_numbers_are_the_core_s():
    # the part names the core's move kinds by number (the core imports the parts)
    from durak_edu.games.core import moves
    from durak_edu.games.core.house import lead_whole_rank
    assert lead_whole_rank._ATTACK == moves.ATTACK and lead_whole_rank._SHIFT == moves.SHIFT
    assert moves.extended(moves.Menu(moves.ATTACK), [1]).kind == lead_whole_rank._WITH


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12)])
def test_r9_45_a_record_keeps_the_option_and_replays(players, seed):
    record_round_trip("besppodkidny", players, seed, lead_whole_rank=True)
