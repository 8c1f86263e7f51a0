"""Probability and card knowledge for Durak: exact answers, formulas and fast simulation.

Following the rhythm of Norvig's probability notebook: an exact ``Fraction`` by counting
(``exact``), the formula behind it (``symbolic``), and a simulation that agrees (``simulate``).
``knowledge`` asks the same questions from one seat during a game (R0). ``symbolic`` (sympy)
is imported on first use.

>>> from durak_edu.prob import expected_trumps, p_leads, sim_p_leads
>>> expected_trumps(), expected_trumps(given_turned_trump=False)     # R10
(Fraction(48, 35), Fraction(3, 2))
>>> p_leads(6, 5)                                                     # R1.2, R1.3
Fraction(5, 21)
>>> sim_p_leads(6, 5, n=20_000, rng=1).agrees(p_leads(6, 5))
True
"""

from . import exact, knowledge, simulate
from .exact import (TRUMP_DECKS, UnknownAtStart, expected_trumps, hypergeom_cdf, hypergeom_pmf,
                    lead_distribution, p_at_least_one, p_leads, suit_size, trump_distribution,
                    unknown_at_start)
from .knowledge import (p_can_beat, p_has_trump, p_holds, p_holds_all, unknown_count,
                        unknown_to_everybody)
from .simulate import (Deals, Estimate, Hidden, deals_from_orders, sample_hidden, sim_expected_trumps,
                       sim_hypergeom_cdf, sim_hypergeom_pmf, sim_lead_distribution,
                       sim_p_at_least_one, sim_p_can_beat, sim_p_has_trump, sim_p_holds,
                       sim_p_leads, sim_trump_distribution, simulate_deals)

__all__ = [
    "exact", "knowledge", "simulate", "symbolic",
    # exact
    "hypergeom_pmf", "hypergeom_cdf", "p_at_least_one", "expected_trumps", "trump_distribution",
    "lead_distribution", "p_leads", "unknown_at_start", "UnknownAtStart", "suit_size",
    "TRUMP_DECKS",
    # knowledge
    "unknown_count", "unknown_to_everybody", "p_holds", "p_holds_all", "p_has_trump",
    "p_can_beat",
    # simulate
    "simulate_deals", "deals_from_orders", "Deals", "Estimate", "sample_hidden", "Hidden",
    "sim_hypergeom_pmf", "sim_hypergeom_cdf", "sim_p_at_least_one", "sim_expected_trumps",
    "sim_trump_distribution", "sim_lead_distribution", "sim_p_leads", "sim_p_holds",
    "sim_p_has_trump", "sim_p_can_beat",
]


def __getattr__(name: str) -> object:
    # ``symbolic`` needs sympy (half a second to import): loaded on first use
    if name == "symbolic":
        import importlib
        return importlib.import_module(".symbolic", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
