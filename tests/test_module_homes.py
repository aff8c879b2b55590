"""Names that moved to a module of their own stay importable from the module they left.

Each row: the module a name lives in now, the module it left, and the names that moved. The old
import path must give the very same object (not a copy that could drift), and the object must
say it lives in its new home (a class or a function), where the API reference documents it.
"""

from __future__ import annotations

import importlib
import inspect

import pytest

MOVED = [
    ("belote.deal_score", "belote.scoring", ("Breakdown", "DealScore", "Outcome")),
    (
        "belote.records.schema",
        "belote.records",
        ("RECORD_FORMAT", "RECORD_VERSION", "record_schema", "validate_record"),
    ),
    ("belote.records.variant", "belote.records", ("variant_from_json", "variant_to_json")),
    ("belote.records.actions", "belote.records", ("apply_actions",)),
    ("belote.variant", "belote.variants", ("Variant",)),
    ("belote.belotes", "belote.declarations", ("belote_allowed", "held_belotes")),
    ("belote.contracts", "belote.bidding", ("contract_problem", "points_bids")),
    ("belote.tournament.plan", "belote.tournament", ("PlayerSpec",)),
    (
        "belote.agents.call_evaluation",
        "belote.agents.sim_bidding",
        ("CONFIDENCE", "UNSURE_WITHIN", "CallEvaluation", "check_max_samples", "check_samples"),
    ),
    (
        "belote._auction_history",
        "belote._history",
        ("Calls", "check_contract", "resolve_contract", "run_auction", "turned_input"),
    ),
    ("belote._selfplay_settings", "belote.selfplay", ("SETTINGS", "TEMPORARY")),
]


@pytest.mark.parametrize(("home", "old", "names"), MOVED, ids=[row[0] for row in MOVED])
def test_moved_names_are_the_same_objects(home: str, old: str, names: tuple[str, ...]) -> None:
    new_module, old_module = importlib.import_module(home), importlib.import_module(old)
    for name in names:
        assert name in new_module.__all__, name
        assert getattr(old_module, name) is getattr(new_module, name), name
        value = getattr(new_module, name)
        if inspect.isclass(value) or inspect.isfunction(value):
            assert value.__module__ == home, (name, value.__module__)


def test_the_package_exports_the_scores_from_their_home() -> None:
    import belote
    import belote.deal_score

    for name in belote.deal_score.__all__:
        assert getattr(belote, name) is getattr(belote.deal_score, name)
