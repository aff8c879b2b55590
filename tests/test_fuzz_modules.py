"""Fuzzing the public functions of the package's modules beyond ``belote.__all__``.

The helpers a user reaches through a module (``belote.svg.table``, ``belote.notation.parse_round``,
``belote.rounding.round_pair``, ...) keep the promise of the top-level API: called from a valid
template with one argument replaced by junk, only a :class:`~belote.errors.BeloteError` escapes
(a wrong type raises :class:`~belote.errors.ArgumentTypeError`). Every public callable of a
public module is fuzzed here, exported at the top level (``test_fuzz_api.py``), or listed in
:data:`NOT_FUZZED` with the reason.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import belote
import belote.svg as svg
from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    COINCHE,
    BeloteError,
    Card,
    CardSet,
    Contract,
    Seat,
    Tally,
    Trump,
)
from belote.analysis import capot_bonuses, solo_capot_bonuses
from belote.bidding import Double, call_text, contract_problem, points_bids
from belote.coinche_scoring import coinche_lines, contract_value, doubling_factor
from belote.declarations import allows_declarations
from belote.notation import format_round, format_variant, parse_round, parse_variant
from belote.options import Rounding
from belote.records import apply_actions
from belote.records.schema import validate_record
from belote.records.variant import variant_from_json, variant_to_json
from belote.round_score import unannounced_belotes
from belote.rounding import round_pair, round_single
from belote.stats import RunningMean
from belote.tally import validate_deal
from belote.trumps import is_trump, points_row
from test_fuzz_api import (
    FINISHED,
    MATCH,
    PLAYING,
    TALLY,
    Template,
    call_allowing_documented_errors,
    mutations,
    with_generated_junk,
)

HEARTS = Contract(Seat(0), Trump.HEARTS)

TEMPLATES: dict[str, Template] = {
    "belote.svg.card": (
        svg.card,
        (Card.parse("TS"),),
        {"highlight": False, "size": None, "palette": svg.Palette()},
    ),
    "belote.svg.card_name": (svg.card_name, (Card.parse("JH"),), {}),
    "belote.svg.hand": (
        svg.hand,
        (CardSet.parse("JH 9H AS"),),
        {"trump": Trump.HEARTS, "highlight": CardSet.parse("JH"), "size": 200},
    ),
    "belote.svg.held_order": (svg.held_order, (CardSet.parse("AS 7S JH"), Trump.HEARTS), {}),
    "belote.svg.score_sheet": (svg.score_sheet, (MATCH,), {"size": 300}),
    "belote.svg.strength_chart": (
        svg.strength_chart,
        ([("normal vs easy", 63.0, 61.9, 64.1)],),
        {"title": "t", "reference": 50.0, "size": 300},
    ),
    "belote.svg.table": (
        svg.table,
        (PLAYING,),
        {"bottom": Seat(0), "coordinates": True, "highlight": None, "after_trick": None, "size": 300},
    ),
    "belote.svg.trick": (
        svg.trick,
        ([(Seat(0), Card.parse("AS")), (Seat(1), Card.parse("JH"))],),
        {
            "hand": CardSet.parse("7H AH"),
            "trump": Trump.HEARTS,
            "bottom": Seat(0),
            "highlight": (),
            "size": 300,
        },
    ),
    "belote.notation.format_round": (format_round, (PLAYING,), {}),
    "belote.notation.format_variant": (format_variant, (BULGARIAN,), {}),
    "belote.notation.parse_round": (parse_round, (format_round(PLAYING),), {}),
    "belote.notation.parse_variant": (parse_variant, ("classic:undertrump_opponent=free",), {}),
    "belote.records.apply_actions": (
        apply_actions,
        (belote.deal(CLASSIC, dealer=Seat(0), seed=3), [{"seat": 1, "call": "pass"}]),
        {"deal_number": None},
    ),
    "belote.records.schema.validate_record": (validate_record, (belote.to_record(PLAYING),), {}),
    "belote.records.variant.variant_from_json": (
        variant_from_json,
        ({"preset": "classic", "options": {"target": 501}},),
        {"path": "variant"},
    ),
    "belote.records.variant.variant_to_json": (variant_to_json, (CLASSIC,), {}),
    "belote.analysis.capot_bonuses": (capot_bonuses, (CLASSIC, HEARTS), {}),
    "belote.analysis.solo_capot_bonuses": (solo_capot_bonuses, (CLASSIC_501, HEARTS), {}),
    "belote.coinche_scoring.coinche_lines": (
        coinche_lines,
        (
            COINCHE,
            Contract(Seat(0), Trump.HEARTS, bid=90),
            Tally(card_points=(72, 80), tricks=(3, 2, 2, 1), last_trick=Seat(0)),
        ),
        {},
    ),
    "belote.coinche_scoring.contract_value": (
        contract_value,
        (Contract(Seat(0), Trump.HEARTS, bid=110), COINCHE),
        {},
    ),
    "belote.coinche_scoring.doubling_factor": (
        doubling_factor,
        (Contract(Seat(0), Trump.HEARTS, bid=110, multiplier=4), COINCHE),
        {},
    ),
    "belote.rounding.round_pair": (round_pair, (85, 77, Trump.HEARTS, Rounding.GAME_POINTS), {}),
    "belote.rounding.round_single": (round_single, (182, Trump.HEARTS, Rounding.GAME_POINTS), {}),
    "belote.trumps.is_trump": (is_trump, (Card.parse("7H"), Trump.HEARTS), {}),
    "belote.trumps.points_row": (points_row, (Trump.NO_TRUMPS, COINCHE), {}),
    "belote.declarations.allows_declarations": (allows_declarations, (BULGARIAN, Trump.SPADES), {}),
    "belote.bidding.call_text": (call_text, (Double(), BULGARIAN), {}),
    "belote.bidding.points_bids": (points_bids, (COINCHE,), {}),
    "belote.bidding.contract_problem": (contract_problem, (BULGARIAN, HEARTS), {}),
    "belote.tally.validate_deal": (validate_deal, (CLASSIC, HEARTS, TALLY, 0), {}),
    "belote.round_score.unannounced_belotes": (unannounced_belotes, (FINISHED,), {}),
    "belote.stats.RunningMean": (RunningMean, (), {}),
}

NOT_FUZZED_MODULES: dict[str, str] = {
    "belote.agents": "the players' machinery, called by the players on views the library checked",
    "belote.kernel": "ints and masks below the checked API: TypeError or ValueError (test_kernel.py)",
    "belote.cli": "the command line: test_cli.py drives it with bad arguments and files",
    "belote.options": "enums: closed sets, parsed where a variant is built (test_variants.py)",
    "belote.variants": "the option enums again, and OptionDoc, a value option_docs returns",
}

NOT_FUZZED: dict[str, str] = {
    "belote.belotes.belote_allowed": "masks and card numbers for the engine and the kernel's twins",
    "belote.belotes.held_belotes": "masks for the engine and the kernel's twins",
    "belote.belotes.forfeits_belote": "masks and card numbers for the searching players' card values",
    "belote.round.PlayHistory": "a value the round builds (RoundState.history), not built by users",
    "belote.round.RoundSetup": "a value the round builds (RoundState.setup), not built by users",
    "belote.svg.Palette": "an attrs value of colour texts, drawn as given",
    "belote.svg.Svg": "a str subclass",
    "belote.coinche_scoring.CoincheLines": "a value coinche_lines returns",
    "belote.tournament.output.stored_results": "reads a tournament's own output (test_tournament_resume.py)",
}


def _public_callables() -> dict[int, set[str]]:
    """Per public callable outside ``belote.__all__`` (by identity), the names it has in the
    ``__all__`` of the public modules."""
    found: dict[int, set[str]] = {}
    for module_info in pkgutil.walk_packages(belote.__path__, "belote."):
        name = module_info.name
        if any(part.startswith("_") for part in name.split(".")[1:]):
            continue
        module = importlib.import_module(name)
        for attribute in getattr(module, "__all__", ()):
            value = getattr(module, attribute)
            if callable(value) and attribute not in belote.__all__:
                found.setdefault(id(value), set()).add(f"{name}.{attribute}")
    return found


def _listed(name: str) -> bool:
    return name in NOT_FUZZED or any(name.startswith(module + ".") for module in NOT_FUZZED_MODULES)


def test_every_public_callable_of_a_module_is_fuzzed_or_listed() -> None:
    found = _public_callables()
    names = set().union(*found.values())
    uncovered = [
        sorted(aliases)
        for aliases in found.values()
        if not any(name in TEMPLATES or _listed(name) for name in aliases)
    ]
    assert uncovered == []
    assert set(TEMPLATES) <= names
    assert set(NOT_FUZZED) <= names  # nothing listed that is gone


def test_templates_are_valid_calls() -> None:
    for function, args, kwargs in TEMPLATES.values():
        function(*args, **kwargs)  # a template that raises would make the fuzzing below vacuous


@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_junk_arguments_raise_only_the_library_errors(name: str) -> None:
    for args, kwargs in mutations(TEMPLATES[name]):
        call_allowing_documented_errors(TEMPLATES[name][0], *args, **kwargs)


@settings(max_examples=80)
@given(name=st.sampled_from(sorted(TEMPLATES)), data=st.data())
def test_generated_junk_raises_only_the_library_errors(name: str, data: st.DataObject) -> None:
    args, kwargs = with_generated_junk(TEMPLATES[name], data)
    call_allowing_documented_errors(TEMPLATES[name][0], *args, **kwargs)


@pytest.mark.parametrize(
    ("row", "fragment"),
    [
        (("a", 1e300, 0.0, 1e308), "share must be a percentage"),
        (("a", 50.0, -1e308, 60.0), "low must be a percentage"),
        (("a", float("nan"), 40.0, 60.0), "share must be a percentage"),
        (("a", "50", 40.0, 60.0), "share must be a number"),
        (("a", 70.0, 40.0, 60.0), "not inside"),
    ],
)
def test_a_strength_chart_refuses_what_is_not_a_percentage(row: tuple[Any, ...], fragment: str) -> None:
    with pytest.raises(BeloteError, match=fragment):
        svg.strength_chart([row])  # type: ignore[list-item]
    for reference in (1e308, -1.0, float("nan")):
        with pytest.raises(BeloteError, match="reference must be a percentage"):
            svg.strength_chart([("a", 50.0, 40.0, 60.0)], reference=reference)


def test_apply_actions_names_the_malformed_action() -> None:
    start = belote.deal(CLASSIC, dealer=Seat(0), seed=3)
    for actions, fragment in (
        ([{"seat": 1, "call": "pass"}, 5], "action 1 must be an object"),
        ([{"seat": 9, "call": "pass"}], "seat must be a seat 0..3"),
        ([{"seat": "1", "call": "pass"}], "seat must be a Seat or an int"),
        ([{"seat": 1}], "action 0 has neither a call nor a card"),
    ):
        with pytest.raises(belote.ReplayError, match=fragment) as error:
            apply_actions(start, actions)
        assert error.value.index == len(actions) - 1


def test_the_listed_reasons_are_written() -> None:
    for reason in (*NOT_FUZZED.values(), *NOT_FUZZED_MODULES.values()):
        assert len(reason) > 10
    assert all(inspect.ismodule(importlib.import_module(module)) for module in NOT_FUZZED_MODULES)
