"""Exact values of belote.variant and belote._variant_fields that mutation testing (mutmut 3.8)
checks: every default of a :class:`~belote.Variant`, every option read from its text, the bounds
of the number options with their exact refusals, the readers of booleans, whole numbers,
``none`` and contract lists, the name's checks, the refused rounding, ``repr``, ``options`` and
``differences``, and a number given as an int subclass (an ``IntEnum`` member), held as the plain
int it writes. The field definitions (defaults, converters, validators, ``at_least``'s bounds)
and the regexes are built at import, where mutmut 3 cannot switch a mutant on: they were mutated
by hand, and these tests are the ones that kill those mutants."""

from __future__ import annotations

import enum
import typing
from typing import Any

import attrs
import pytest

import belote
from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    COINCHE,
    CONTREE,
    ArgumentTypeError,
    BeloteError,
    Reason,
    Seat,
    Trump,
    Variant,
    VariantError,
)
from belote import trumps as trumps_module
from belote._variant_fields import bool_option, contracts_option, int_option, optional_int_option
from belote.options import (
    Announcements,
    BeloteCardOrder,
    BeloteCredit,
    BeloteOmission,
    BiddingSystem,
    CapotBy,
    CarryWinner,
    CoincheScale,
    ContraRoundOrder,
    DeclarationTie,
    Direction,
    FirstLead,
    LitigeBelote,
    MacCapotBonus,
    MadeScore,
    NoTrumpsScale,
    PartnerMasterTrumped,
    RedealDealer,
    Rounding,
    TargetRule,
    TieRule,
    ToutAtoutScale,
    Undertrump,
)

SUITS = (Trump.CLUBS, Trump.DIAMONDS, Trump.HEARTS, Trump.SPADES)

# Every option of Variant(), in definition order, with its default.
DEFAULTS: dict[str, Any] = {
    "bidding": BiddingSystem.TURNED_CARD,
    "contracts": SUITS,
    "first_lead": FirstLead.ELDEST,
    "direction": Direction.COUNTER_CLOCKWISE,
    "trump_lead_must_overtrump_partner": True,
    "undertrump_opponent": Undertrump.MUST,
    "partner_master_trumped": PartnerMasterTrumped.FREE,
    "tout_atout_partner_exception": False,
    "belote_credit": BeloteCredit.ANNOUNCED,
    "belote_card_order": BeloteCardOrder.ANY,
    "belote_on_discard": True,
    "belote_imprenable": True,
    "belote_omission": BeloteOmission.LOST,
    "announcements": Announcements.OFF,
    "decl_exact_tie": DeclarationTie.NONE,
    "tie_rule": TieRule.LITIGE,
    "litige_belote": LitigeBelote.IN_TOTALS,
    "carry_winner": CarryWinner.NEXT_DEAL_WINNER,
    "redeal_dealer": RedealDealer.NEXT,
    "capot_by": CapotBy.EITHER_TEAM,
    "capot_value": 252,
    "solo_capot_value": None,
    "mac_capot_bonus": MacCapotBonus.REPLACE,
    "no_trumps_doubled": False,
    "nt_valat_doubled": False,
    "contra_round_order": ContraRoundOrder.ROUND_THEN_MULTIPLY,
    "no_trumps_scale": NoTrumpsScale.PLAIN,
    "tout_atout_scale": ToutAtoutScale.TRUMP,
    "contract_must_beat_defence": False,
    "belote_in_contract": True,
    "made_score": MadeScore.POINTS_AND_BID,
    "coinche_scale": CoincheScale.WINNER_TAKES_ALL,
    "surcoinche_multiplier": 4,
    "coinche_ends_auction": False,
    "capot_ends_auction": True,
    "capot_bid_value": 500,
    "capot_bid_fail": 500,
    "generale_value": None,
    "rounding": Rounding.NONE,
    "target": 1000,
    "target_rule": TargetRule.REACH,
    "no_finish_on_capot_belote": True,
    "no_win_on_valat": False,
}

# Every option given as text (a value other than its default), and what the variant holds.
FROM_TEXT: list[tuple[str, str, Any]] = [
    ("bidding", " AUCTION ", BiddingSystem.AUCTION),
    ("contracts", "ALL, h none", (Trump.HEARTS, Trump.NO_TRUMPS, Trump.ALL_TRUMPS)),
    ("first_lead", "Dealer", FirstLead.DEALER),
    ("direction", "clockwise", Direction.CLOCKWISE),
    ("trump_lead_must_overtrump_partner", "no", False),
    ("undertrump_opponent", "forbidden-unless-forced", Undertrump.FORBIDDEN_UNLESS_FORCED),
    ("partner_master_trumped", "no undertrump", PartnerMasterTrumped.NO_UNDERTRUMP),
    ("tout_atout_partner_exception", "YES", True),
    ("belote_credit", "held", BeloteCredit.HELD),
    ("belote_card_order", "king_first", BeloteCardOrder.KING_FIRST),
    ("belote_on_discard", "false", False),
    ("belote_imprenable", " False ", False),
    ("belote_omission", "one_tolerance", BeloteOmission.ONE_TOLERANCE),
    ("announcements", "separate", Announcements.SEPARATE),
    ("decl_exact_tie", "first_announcer", DeclarationTie.FIRST_ANNOUNCER),
    ("tie_rule", "takers_make", TieRule.TAKERS_MAKE),
    ("litige_belote", "outside", LitigeBelote.OUTSIDE),
    ("carry_winner", "next_taker_if_made", CarryWinner.NEXT_TAKER_IF_MADE),
    ("redeal_dealer", "same", RedealDealer.SAME),
    ("capot_by", "takers_only", CapotBy.TAKERS_ONLY),
    ("capot_value", "162", 162),
    ("solo_capot_value", " 350 ", 350),
    ("mac_capot_bonus", "add_to_252", MacCapotBonus.ADD_TO_252),
    ("no_trumps_doubled", "true", True),
    ("nt_valat_doubled", "True", True),
    ("contra_round_order", "multiply_then_round", ContraRoundOrder.MULTIPLY_THEN_ROUND),
    ("no_trumps_scale", "ace_19", NoTrumpsScale.ACE_19),
    ("tout_atout_scale", "converted_258", ToutAtoutScale.CONVERTED_258),
    ("contract_must_beat_defence", "yes", True),
    ("belote_in_contract", "no", False),
    ("made_score", "bid_only", MadeScore.BID_ONLY),
    ("coinche_scale", "fixed", CoincheScale.FIXED),
    ("surcoinche_multiplier", "3", 3),
    ("coinche_ends_auction", "true", True),
    ("capot_ends_auction", "false", False),
    ("capot_bid_value", "1", 1),
    ("capot_bid_fail", "410", 410),
    ("generale_value", "162", 162),
    ("rounding", "game_points", Rounding.GAME_POINTS),
    ("target", "0501", 501),
    ("target_rule", "exceed", TargetRule.EXCEED),
    ("no_finish_on_capot_belote", "false", False),
    ("no_win_on_valat", "true", True),
]

# ---------------------------------------------------------------- defaults and texts


def test_a_variant_without_options_holds_every_default() -> None:
    variant = Variant()
    assert variant.name == "custom"
    assert variant.options() == DEFAULTS
    assert list(variant.options()) == list(DEFAULTS)  # definition order, name left out
    for name, value in DEFAULTS.items():
        if isinstance(value, bool) or value is None:
            assert getattr(variant, name) is value, name
        else:
            assert type(getattr(variant, name)) is type(value), name


def test_the_classic_preset_is_the_defaults_named_classic() -> None:
    assert Variant(name="classic") == CLASSIC
    assert CLASSIC.differences(Variant()) == {}
    assert Variant() != CLASSIC  # the name counts in equality


def test_every_option_is_read_from_its_text() -> None:
    assert [name for name, _, _ in FROM_TEXT] == list(DEFAULTS)
    variant = Variant(**{name: text for name, text, _ in FROM_TEXT})
    assert variant.options() == {name: value for name, _, value in FROM_TEXT}
    for name, _, value in FROM_TEXT:
        held = getattr(variant, name)
        assert type(held) is type(value), name
        if isinstance(value, bool):
            assert held is value, name


def _plain(value: Any) -> Any:
    """The JSON-ready value ``differences`` writes: an enum's text, a list of trump codes."""
    if isinstance(value, tuple):
        return [mode.code for mode in value]
    if isinstance(value, (bool, int)) or value is None:
        return value
    return value.value


@pytest.mark.parametrize(("name", "text", "value"), FROM_TEXT, ids=[name for name, _, _ in FROM_TEXT])
def test_each_option_alone_is_read_from_its_text(name: str, text: str, value: Any) -> None:
    variant = attrs.evolve(CLASSIC, **{name: text})
    assert getattr(variant, name) == value
    assert variant.differences(CLASSIC) == {name: _plain(value)}
    assert attrs.evolve(CLASSIC, **{name: getattr(variant, name)}) == variant  # the value itself


# ---------------------------------------------------------------- the bounds of the numbers


@pytest.mark.parametrize(
    ("name", "lowest", "message"),
    [
        ("capot_value", 162, "capot_value must be at least 162, got 161"),
        ("solo_capot_value", 162, "solo_capot_value must be at least 162 or None, got 161"),
        ("generale_value", 162, "generale_value must be at least 162 or None, got 161"),
        ("capot_bid_value", 1, "capot_bid_value must be at least 1, got 0"),
        ("capot_bid_fail", 1, "capot_bid_fail must be at least 1, got 0"),
        ("target", 1, "target must be at least 1, got 0"),
    ],
)
def test_a_number_option_takes_its_lowest_value_and_refuses_one_less(
    name: str, lowest: int, message: str
) -> None:
    at: dict[str, Any] = {name: lowest}
    below: dict[str, Any] = {name: lowest - 1}
    assert getattr(attrs.evolve(CLASSIC, **at), name) == lowest
    assert getattr(attrs.evolve(CLASSIC, **{name: str(lowest)}), name) == lowest
    with pytest.raises(VariantError) as caught:
        attrs.evolve(CLASSIC, **below)
    assert str(caught.value) == message
    assert caught.value.reason is Reason.BAD_OPTION
    with pytest.raises(VariantError) as caught:
        Variant(**{name: str(lowest - 1)})
    assert str(caught.value) == message


@pytest.mark.parametrize("name", ["solo_capot_value", "generale_value"])
@pytest.mark.parametrize("text", [None, "none", "NONE", " None ", "", "  "])
def test_an_optional_capot_takes_none(name: str, text: str | None) -> None:
    none: dict[str, Any] = {name: text}
    large: dict[str, Any] = {name: 10**6}
    assert getattr(attrs.evolve(CLASSIC_501, **none), name) is None
    assert getattr(attrs.evolve(CLASSIC, **large), name) == 10**6


@pytest.mark.parametrize(("value", "accepted"), [(2, False), (3, True), ("3", True), (4, True), (5, False)])
def test_a_surcoinche_multiplies_by_3_or_4(value: int | str, accepted: bool) -> None:
    if accepted:
        assert attrs.evolve(COINCHE, surcoinche_multiplier=value).surcoinche_multiplier == int(value)
        return
    with pytest.raises(VariantError) as caught:
        attrs.evolve(COINCHE, surcoinche_multiplier=value)
    assert str(caught.value) == f"surcoinche_multiplier must be 3 or 4, got {value}"
    assert caught.value.reason is Reason.BAD_OPTION


# ---------------------------------------------------------------- the readers of text


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (True, True),
        (False, False),
        ("true", True),
        ("false", False),
        ("yes", True),
        ("no", False),
        (" TRUE ", True),
        ("No", False),
        ("\tYes\n", True),
        (" false", False),
    ],
)
def test_a_boolean_option_reads(value: bool | str, expected: bool) -> None:
    assert bool_option(value) is expected
    assert attrs.evolve(CLASSIC, no_win_on_valat=value).no_win_on_valat is expected


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("maybe", "'maybe' is not a boolean option: expected true or false"),
        ("", "'' is not a boolean option: expected true or false"),
        ("t", "'t' is not a boolean option: expected true or false"),
        ("truex", "'truex' is not a boolean option: expected true or false"),
        (1, "1 is not a boolean option: expected true or false"),
        (0, "0 is not a boolean option: expected true or false"),
        (None, "None is not a boolean option: expected true or false"),
    ],
)
def test_a_boolean_option_refuses(value: object, message: str) -> None:
    with pytest.raises(VariantError) as caught:
        attrs.evolve(CLASSIC, belote_imprenable=value)  # type: ignore[arg-type]
    assert str(caught.value) == message
    assert caught.value.reason is Reason.BAD_OPTION


@pytest.mark.parametrize(
    ("value", "number"),
    [
        (501, 501),
        (-12, -12),
        (0, 0),
        (" -12 ", -12),
        ("0252", 252),
        ("7", 7),
        ("-0", 0),
        pytest.param(10**600, 10**600, id="10**600"),
    ],
)
def test_a_whole_number_option_reads(value: int | str, number: int) -> None:
    read = int_option(value)
    assert read == number
    assert type(read) is int
    assert optional_int_option(value) == number


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("--5", "'--5' is not a whole number"),
        ("+5", "'+5' is not a whole number"),
        ("1_000", "'1_000' is not a whole number"),
        ("5.0", "'5.0' is not a whole number"),
        ("5 5", "'5 5' is not a whole number"),
        ("-", "'-' is not a whole number"),
        ("x5", "'x5' is not a whole number"),
        ("5x", "'5x' is not a whole number"),
        ("٣", "'٣' is not a whole number"),
        (True, "True is not a whole number"),
        (5.0, "5.0 is not a whole number"),
        ("x" * 50, "'" + "x" * 36 + "..." + " is not a whole number"),
        ("9" * 5000, "'" + "9" * 36 + "..." + " is not a whole number: too many digits"),
        pytest.param(
            10**5000, "a whole number of 16610 bits has too many digits to be written", id="10**5000"
        ),
        pytest.param(
            -(10**5000), "a whole number of 16610 bits has too many digits to be written", id="-10**5000"
        ),
    ],
)
def test_a_whole_number_option_refuses(value: object, message: str) -> None:
    with pytest.raises(VariantError) as caught:
        attrs.evolve(CLASSIC, target=value)  # type: ignore[arg-type]
    assert str(caught.value) == message
    assert caught.value.reason is Reason.BAD_OPTION
    with pytest.raises(VariantError) as caught:
        attrs.evolve(CLASSIC, solo_capot_value=value)  # type: ignore[arg-type]
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("value", "contracts"),
    [
        (Trump.HEARTS, (Trump.HEARTS,)),
        (Trump.ALL_TRUMPS, (Trump.ALL_TRUMPS,)),
        ("S", (Trump.SPADES,)),
        ("S,H", (Trump.HEARTS, Trump.SPADES)),
        ("S, H", (Trump.HEARTS, Trump.SPADES)),
        (" all  nt ", (Trump.NO_TRUMPS, Trump.ALL_TRUMPS)),
        ("C,D,,H", (Trump.CLUBS, Trump.DIAMONDS, Trump.HEARTS)),
        (["S", Trump.CLUBS, "s"], (Trump.CLUBS, Trump.SPADES)),
        (frozenset({"ALL", "H"}), (Trump.HEARTS, Trump.ALL_TRUMPS)),
        (tuple(reversed(Trump)), tuple(Trump)),
    ],
)
def test_the_contracts_are_read_sorted_without_repeats(value: Any, contracts: tuple[Trump, ...]) -> None:
    read = contracts_option(value)
    assert read == contracts
    assert type(read) is tuple


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ((), "contracts must name at least one trump mode"),
        ("", "contracts must name at least one trump mode"),
        (" , ", "contracts must name at least one trump mode"),
        ([], "contracts must name at least one trump mode"),
        (5, "5 is not a list of contracts"),
        (None, "None is not a list of contracts"),
        (
            "XX",
            "bad contract in ['XX']: 'XX' is not a trump mode: expected a suit (S H D C), NONE or ALL",
        ),
        (
            ("H", "bogus"),
            "bad contract in ('H', 'bogus'): 'bogus' is not a trump mode: "
            "expected a suit (S H D C), NONE or ALL",
        ),
        (["H", 3], "bad contract in ['H', 3]: 3 is not a trump mode"),
    ],
)
def test_the_contracts_refusals(value: object, message: str) -> None:
    with pytest.raises(VariantError) as caught:
        attrs.evolve(CLASSIC, contracts=value)  # type: ignore[arg-type]
    assert str(caught.value) == message
    assert caught.value.reason is Reason.BAD_OPTION


# ---------------------------------------------------------------- the name


@pytest.mark.parametrize("name", ["x", " house ", "café au lait", "a/b c=d", "\u00a0x", "\U0001f0a1"])
def test_a_name_of_one_line_of_text_is_kept_as_given(name: str) -> None:
    assert Variant(name=name).name == name
    assert attrs.evolve(BULGARIAN, name=name).name == name


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (3, "name must be a str, got 3"),
        (None, "name must be a str, got None"),
        (b"classic", "name must be a str, got b'classic'"),
        ("", "name must hold more than spaces, got ''"),
        (" \t ", "name must hold more than spaces, got ' \\t '"),
        ("\u3000", "name must hold more than spaces, got '\\u3000'"),
        ("a\nb", "name must be one line of text, no control character or lone surrogate, got 'a\\nb'"),
        ("a\x00", "name must be one line of text, no control character or lone surrogate, got 'a\\x00'"),
        ("a\x1f", "name must be one line of text, no control character or lone surrogate, got 'a\\x1f'"),
        ("a\x7f", "name must be one line of text, no control character or lone surrogate, got 'a\\x7f'"),
        ("a\x9f", "name must be one line of text, no control character or lone surrogate, got 'a\\x9f'"),
        ("a\ud800", "name must be one line of text, no control character or lone surrogate, got 'a\\ud800'"),
        ("a\udfff", "name must be one line of text, no control character or lone surrogate, got 'a\\udfff'"),
        ("a\ufffe", "name must be one line of text, no control character or lone surrogate, got 'a\\ufffe'"),
        ("a\uffff", "name must be one line of text, no control character or lone surrogate, got 'a\\uffff'"),
    ],
)
def test_a_name_refusals(name: object, message: str) -> None:
    with pytest.raises(VariantError) as caught:
        Variant(name=name)  # type: ignore[arg-type]
    assert str(caught.value) == message
    assert caught.value.reason is Reason.BAD_OPTION


@pytest.mark.parametrize("name", ["a\x20", "a\xa0", "a\ud7ff", "a\ue000", "a\ufffd", "a\U00010000", "\x7e"])
def test_the_characters_next_to_the_refused_ranges_are_text(name: str) -> None:
    assert Variant(name=name).name == name


# ---------------------------------------------------------------- options that cannot be played together


@pytest.mark.parametrize("base", [CLASSIC, BULGARIAN, COINCHE])
def test_game_points_are_refused_with_the_points_auction(base: Variant) -> None:
    with pytest.raises(VariantError) as caught:
        attrs.evolve(base, bidding=BiddingSystem.POINTS_AUCTION, rounding=Rounding.GAME_POINTS)
    assert str(caught.value) == (
        "rounding=game_points cannot be written with bidding=points_auction: the bids are written in "
        "card points beside the rounded trick points; choose none, nearest_10 or nearest_10_6_up"
    )
    assert caught.value.reason is Reason.BAD_OPTION
    assert type(caught.value) is VariantError


@pytest.mark.parametrize("rounding", [Rounding.NONE, Rounding.NEAREST_10, Rounding.NEAREST_10_6_UP])
def test_the_points_auction_writes_every_other_rounding(rounding: Rounding) -> None:
    assert attrs.evolve(COINCHE, rounding=rounding).rounding is rounding


@pytest.mark.parametrize("bidding", [BiddingSystem.TURNED_CARD, BiddingSystem.AUCTION])
def test_game_points_are_written_with_the_other_biddings(bidding: BiddingSystem) -> None:
    variant = Variant(bidding=bidding, rounding=Rounding.GAME_POINTS)
    assert (variant.bidding, variant.rounding) == (bidding, Rounding.GAME_POINTS)


# ---------------------------------------------------------------- repr, parse, options, differences


@pytest.mark.parametrize(
    ("variant", "text"),
    [
        (CLASSIC, "Variant.parse('classic')"),
        (CLASSIC_501, "Variant.parse('classic_501')"),
        (CONTREE, "Variant.parse('contree')"),
        (attrs.evolve(BULGARIAN, target=101), "Variant.parse('bulgarian:target=101')"),
        (Variant(), "Variant.parse('classic:name=custom')"),
    ],
)
def test_repr_is_the_parse_call_that_builds_the_variant(variant: Variant, text: str) -> None:
    assert repr(variant) == text
    assert eval(text, {"Variant": Variant}) == variant  # the repr's promise
    assert Variant.parse(text[len("Variant.parse('") : -2]) == variant


def test_parse_reads_a_preset_with_options() -> None:
    assert Variant.parse("classic:target=501") == attrs.evolve(CLASSIC, target=501)
    assert Variant.parse("coinche") == COINCHE


@pytest.mark.parametrize(
    ("variant", "base", "differences"),
    [
        (CLASSIC, CLASSIC, {}),
        (Variant(name="other"), CLASSIC, {}),  # the name is no option
        (
            CLASSIC_501,
            CLASSIC,
            {
                "first_lead": "dealer",
                "belote_credit": "held",
                "tie_rule": "takers_fail",
                "redeal_dealer": "previous",
                "solo_capot_value": 350,
                "target": 501,
                "target_rule": "exceed",
            },
        ),
        (
            CLASSIC,
            CLASSIC_501,
            {
                "first_lead": "eldest",
                "belote_credit": "announced",
                "tie_rule": "litige",
                "redeal_dealer": "next",
                "solo_capot_value": None,
                "target": 1000,
                "target_rule": "reach",
            },
        ),
        (
            BULGARIAN,
            CLASSIC,
            {
                "bidding": "auction",
                "contracts": ["C", "D", "H", "S", "NONE", "ALL"],
                "undertrump_opponent": "free",
                "belote_on_discard": False,
                "belote_imprenable": False,
                "announcements": "separate",
                "no_trumps_doubled": True,
                "rounding": "game_points",
                "target": 151,
                "no_finish_on_capot_belote": False,
                "no_win_on_valat": True,
            },
        ),
        (
            CONTREE,
            COINCHE,
            {
                "announcements": "off",
                "belote_imprenable": False,
                "capot_value": 252,
                "tout_atout_scale": "converted_258",
            },
        ),
        (attrs.evolve(CLASSIC, contracts="NT"), CLASSIC, {"contracts": ["NONE"]}),
    ],
)
def test_differences_are_plain_values(variant: Variant, base: Variant, differences: dict[str, Any]) -> None:
    found = variant.differences(base)
    assert found == differences
    assert list(found) == [name for name in DEFAULTS if name in differences]  # definition order
    for name, value in found.items():
        assert type(value) is type(differences[name]), name


@pytest.mark.parametrize(
    ("base", "message"),
    [
        ("classic", "base must be a Variant, got 'classic'"),
        (None, "base must be a Variant, got None"),
        ({}, "base must be a Variant, got {}"),
    ],
)
def test_differences_refuse_what_is_not_a_variant(base: object, message: str) -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        CLASSIC.differences(base)  # type: ignore[arg-type]
    assert str(caught.value) == message
    assert caught.value.reason is Reason.BAD_ARGUMENT
    assert isinstance(caught.value, BeloteError)


def test_options_are_every_field_but_the_name_in_definition_order() -> None:
    options = BULGARIAN.options()
    assert list(options) == list(DEFAULTS)
    assert options["contracts"] == tuple(Trump)
    assert options["target"] == 151
    assert options["bidding"] is BiddingSystem.AUCTION
    assert "name" not in options


# ---------------------------------------------------------------- the class


def test_a_variant_is_a_frozen_keyword_only_value_without_order() -> None:
    with pytest.raises(TypeError):
        Variant("classic")  # type: ignore[call-arg]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        CLASSIC.target = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        _ = CLASSIC < BULGARIAN  # type: ignore[operator]
    assert hash(Variant(name="classic")) == hash(CLASSIC)
    assert {CLASSIC, Variant(name="classic"), BULGARIAN} == {CLASSIC, BULGARIAN}
    assert attrs.evolve(CLASSIC, target=501) != CLASSIC


def test_the_variant_module_exports_variant_and_binds_it_for_the_trumps_hints() -> None:
    import belote.variant as variant_module

    assert variant_module.__all__ == ["Variant"]
    assert belote.Variant is Variant
    assert trumps_module.__dict__["Variant"] is Variant
    assert typing.get_type_hints(trumps_module.card_points)["variant"] == Variant | None


# ---------------------------------------------------------------- a number given as an int subclass


class _Points(enum.IntEnum):
    THREE = 3
    CAPOT = 350


@pytest.mark.parametrize(
    ("name", "value", "text"),
    [
        ("target", _Points.CAPOT, "classic:target=350"),
        ("solo_capot_value", _Points.CAPOT, "classic:solo_capot_value=350"),
        ("surcoinche_multiplier", _Points.THREE, "classic:surcoinche_multiplier=3"),
        ("target", Seat.EAST, "classic:target=3"),
    ],
)
def test_a_number_option_given_an_int_subclass_holds_a_plain_int(name: str, value: int, text: str) -> None:
    # an IntEnum member was kept as given: repr wrote "target=east", which does not parse back
    changes: dict[str, Any] = {name: value}
    variant = attrs.evolve(CLASSIC, **changes)
    held = getattr(variant, name)
    assert type(held) is int
    assert held == int(value)
    assert repr(variant) == f"Variant.parse({text!r})"
    assert Variant.parse(text) == variant
    assert variant.differences(CLASSIC) == {name: int(value)}
