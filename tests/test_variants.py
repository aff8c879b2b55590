"""Variant options, presets, find_variant and option_docs (the options page of the docs)."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    COINCHE,
    CONTREE,
    PRESETS,
    BeloteError,
    NotationError,
    Reason,
    Trump,
    Variant,
    VariantError,
    find_variant,
)
from belote.variants import (
    Announcements,
    BiddingSystem,
    FirstLead,
    Option,
    PartnerMasterTrumped,
    Rounding,
    TargetRule,
    Undertrump,
    option_docs,
)

FIELDS = [field for field in attrs.fields(Variant) if field.name != "name"]
ENUM_FIELDS = [
    field for field in FIELDS if isinstance(field.default, enum.Enum) and not isinstance(field.default, int)
]
BOOL_FIELDS = [field for field in FIELDS if isinstance(field.default, bool)]
ENUM_CASES = [
    pytest.param(field.name, member, id=f"{field.name}={member.value}")
    for field in ENUM_FIELDS
    for member in type(field.default)  # type: ignore[union-attr]
]

# The options table of the docs, as (option, values): every value must be accepted as a string.
OPTIONS_TABLE = {
    "first_lead": ["eldest", "dealer"],
    "direction": ["counter_clockwise", "clockwise"],
    "trump_lead_must_overtrump_partner": ["true", "false"],
    "undertrump_opponent": ["must", "free", "forbidden_unless_forced"],
    "partner_master_trumped": ["free", "no_undertrump", "must_overtrump"],
    "tout_atout_partner_exception": ["false", "true"],
    "tie_rule": ["litige", "takers_make", "takers_fail", "replay"],
    "litige_belote": ["in_totals", "outside"],
    "capot_by": ["either_team", "takers_only"],
    "belote_card_order": ["any", "king_first"],
    "belote_imprenable": ["true", "false"],
    "belote_on_discard": ["true", "false"],
    "no_finish_on_capot_belote": ["true", "false"],
    "contra_round_order": ["round_then_multiply", "multiply_then_round"],
    "nt_valat_doubled": ["false", "true"],
    "announcements": ["off", "on"],
    "capot_value": ["252", "250", "162"],
}


def test_enum_and_bool_fields_found() -> None:
    # guards the parametrization below against an empty selection
    assert len(ENUM_FIELDS) >= 15
    assert {field.name for field in BOOL_FIELDS} >= {
        "trump_lead_must_overtrump_partner",
        "tout_atout_partner_exception",
        "belote_imprenable",
        "belote_on_discard",
        "no_trumps_doubled",
        "nt_valat_doubled",
        "no_finish_on_capot_belote",
        "no_win_on_valat",
    }


@pytest.mark.parametrize(("name", "member"), ENUM_CASES)
def test_every_enum_option_accepts_member_and_string(name: str, member: Option) -> None:
    by_member = attrs.evolve(CLASSIC, **{name: member})  # type: ignore[arg-type]
    assert getattr(by_member, name) is member
    assert isinstance(member.value, str)
    for spelling in (member.value, member.value.upper(), member.value.replace("_", "-"), f" {member.value} "):
        variant = attrs.evolve(CLASSIC, **{name: spelling})
        assert getattr(variant, name) is member, spelling
    assert Variant(**{name: member.value}) == Variant(**{name: member})


@pytest.mark.parametrize(("name", "values"), sorted(OPTIONS_TABLE.items()))
def test_rules_section_7_values(name: str, values: list[str]) -> None:
    seen = set()
    for value in values:
        variant = attrs.evolve(CLASSIC, **{name: value})
        option = getattr(variant, name)
        plain = option.value if isinstance(option, enum.Enum) and not isinstance(option, int) else option
        assert str(plain).lower() == value
        seen.add(plain)
    assert len(seen) == len(values)


@pytest.mark.parametrize("field", BOOL_FIELDS, ids=lambda f: f.name)
def test_bool_options(field: Any) -> None:
    name = field.name
    for value, expected in [(True, True), (False, False), ("true", True), ("FALSE", False), ("yes", True)]:
        changes: dict[str, Any] = {name: value}
        assert getattr(attrs.evolve(CLASSIC, **changes), name) is expected
    with pytest.raises(VariantError) as caught:
        attrs.evolve(CLASSIC, **{name: "maybe"})
    assert "true or false" in str(caught.value)
    assert caught.value.reason is Reason.BAD_OPTION


def test_evolve_classic_undertrump_free() -> None:
    house = attrs.evolve(CLASSIC, undertrump_opponent="free")
    assert house.undertrump_opponent is Undertrump.FREE
    assert CLASSIC.undertrump_opponent is Undertrump.MUST  # presets are values
    assert house.differences(CLASSIC) == {"undertrump_opponent": "free"}


@pytest.mark.parametrize(("name", "member"), ENUM_CASES[:1] + ENUM_CASES[-1:])
def test_bad_enum_value_names_the_allowed_values(name: str, member: Option) -> None:
    with pytest.raises(VariantError) as caught:
        attrs.evolve(CLASSIC, **{name: "no_such_value"})
    assert isinstance(caught.value, ValueError)
    assert caught.value.reason is Reason.BAD_OPTION
    message = str(caught.value)
    assert "'no_such_value'" in message
    for allowed in type(member):
        assert repr(allowed.value) in message


@pytest.mark.parametrize("field", ENUM_FIELDS, ids=lambda f: f.name)
def test_every_enum_option_refuses_junk(field: Any) -> None:
    with pytest.raises(VariantError) as caught:
        attrs.evolve(CLASSIC, **{field.name: "junk"})
    assert all(repr(member.value) in str(caught.value) for member in type(field.default))
    with pytest.raises(VariantError):
        attrs.evolve(CLASSIC, **{field.name: 3})  # type: ignore[arg-type]


def test_undertrump_bad_value_message() -> None:
    with pytest.raises(VariantError, match="'must', 'free', 'forbidden_unless_forced'"):
        attrs.evolve(CLASSIC, undertrump_opponent="sometimes")


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"target": "abc"}, "whole number"),
        ({"target": 0}, "at least 1"),
        ({"target": True}, "whole number"),
        ({"capot_value": 100}, "at least 162"),
        ({"solo_capot_value": 100}, "at least 162"),
        ({"contracts": ()}, "at least one"),
        ({"contracts": "XX"}, "bad contract"),
        ({"contracts": 5}, "not a list"),
    ],
)
def test_bad_numbers_and_contracts(changes: dict[str, Any], fragment: str) -> None:
    with pytest.raises(VariantError, match=fragment) as caught:
        attrs.evolve(CLASSIC, **changes)
    assert caught.value.reason is Reason.BAD_OPTION


@pytest.mark.parametrize("bidding", list(BiddingSystem))
@pytest.mark.parametrize("rounding", list(Rounding))
def test_rounding_refused_only_where_the_sheet_cannot_write_it(
    bidding: BiddingSystem, rounding: Rounding
) -> None:
    # coinche writes the bid in card points beside the rounded trick points (rule K8): game points
    # (a tenth) would write a made 90 as 6 + 100; every other pair is a sheet in one unit
    refused = bidding is BiddingSystem.POINTS_AUCTION and rounding is Rounding.GAME_POINTS
    builders: list[tuple[Callable[[], Variant], type[BeloteError]]] = [
        (lambda: Variant(bidding=bidding, rounding=rounding), VariantError),
        (lambda: attrs.evolve(CLASSIC, bidding=bidding.value, rounding=rounding.value), VariantError),
        (lambda: Variant.parse(f"classic:bidding={bidding.value},rounding={rounding.value}"), NotationError),
    ]
    for make, error in builders:
        if not refused:
            variant = make()
            assert (variant.bidding, variant.rounding) == (bidding, rounding)
            continue
        with pytest.raises(
            error, match="rounding=game_points cannot be written with bidding=points_auction"
        ) as caught:
            make()
        assert caught.value.reason is Reason.BAD_OPTION
        assert "choose none, nearest_10 or nearest_10_6_up" in str(caught.value)


def test_numbers_and_contracts_from_text() -> None:
    variant = attrs.evolve(CLASSIC, target="501", solo_capot_value="350", contracts="H S all")
    assert variant.target == 501
    assert variant.solo_capot_value == 350
    assert variant.contracts == (Trump.HEARTS, Trump.SPADES, Trump.ALL_TRUMPS)
    assert attrs.evolve(variant, solo_capot_value="none").solo_capot_value is None
    assert attrs.evolve(CLASSIC, contracts=tuple(Trump)).contracts == tuple(Trump)
    # order and duplicates do not matter
    assert attrs.evolve(CLASSIC, contracts=["S", "H", "H"]).contracts == (Trump.HEARTS, Trump.SPADES)


@pytest.mark.parametrize(
    "text", ["--5", "--500", "-+5", "²", "٣", "+5", "1_000", "5.0", "0x10", "", " ", "-", "- 5", "5 5"]
)
@pytest.mark.parametrize("field", ["target", "capot_value", "solo_capot_value", "surcoinche_multiplier"])
def test_a_number_option_takes_one_minus_and_ascii_digits_only(field: str, text: str) -> None:
    # "--5" and "²" passed the old check (lstrip("-").isdigit()) and int() raised a bare ValueError
    if field == "solo_capot_value" and not text.strip():
        assert attrs.evolve(CLASSIC, solo_capot_value=text).solo_capot_value is None  # "": no value
        return
    with pytest.raises(VariantError, match="is not a whole number") as caught:
        attrs.evolve(CLASSIC, **{field: text})
    assert caught.value.reason is Reason.BAD_OPTION


def test_a_number_option_reads_spaces_around_and_a_single_minus() -> None:
    assert attrs.evolve(CLASSIC, target=" 501 ").target == 501
    assert attrs.evolve(CLASSIC, capot_value="0252").capot_value == 252
    with pytest.raises(VariantError, match="at least 1, got -5"):
        attrs.evolve(CLASSIC, target="-5")  # a whole number, refused by the option's own check


def test_a_number_option_too_long_to_write_is_a_variant_error() -> None:
    # the interpreter converts at most sys.get_int_max_str_digits() digits (4300 by default)
    with pytest.raises(VariantError, match="too many digits"):
        attrs.evolve(CLASSIC, target="9" * 5000)
    with pytest.raises(VariantError, match="too many digits to be written"):
        attrs.evolve(CLASSIC, target=10**5000)
    assert attrs.evolve(CLASSIC, target="9" * 600).target == int("9" * 600)


def test_variant_name_must_be_text() -> None:
    with pytest.raises(VariantError, match="name must be a str") as caught:
        Variant(name=3)  # type: ignore[arg-type]
    assert caught.value.reason is Reason.BAD_OPTION
    assert Variant(name="house").name == "house"


def test_variant_is_keyword_only_and_frozen() -> None:
    with pytest.raises(TypeError):
        Variant("classic")  # type: ignore[call-arg]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        CLASSIC.target = 3  # type: ignore[misc]


# ---------------------------------------------------------------- presets


def test_classic_preset() -> None:
    assert CLASSIC.name == "classic"
    assert CLASSIC.bidding is BiddingSystem.TURNED_CARD
    assert CLASSIC.contracts == (Trump.CLUBS, Trump.DIAMONDS, Trump.HEARTS, Trump.SPADES)
    assert CLASSIC.first_lead is FirstLead.ELDEST
    assert CLASSIC.trump_lead_must_overtrump_partner is True
    assert CLASSIC.undertrump_opponent is Undertrump.MUST
    assert CLASSIC.partner_master_trumped is PartnerMasterTrumped.FREE
    assert CLASSIC.tout_atout_partner_exception is False
    assert CLASSIC.announcements is Announcements.OFF
    assert CLASSIC.belote_imprenable is True
    assert CLASSIC.capot_value == 252
    assert CLASSIC.solo_capot_value is None
    assert CLASSIC.rounding is Rounding.NONE
    assert CLASSIC.target == 1000


def test_classic_501_preset() -> None:
    assert CLASSIC_501.name == "classic_501"
    assert CLASSIC_501.first_lead is FirstLead.DEALER
    assert CLASSIC_501.target == 501
    assert CLASSIC_501.target_rule is TargetRule.EXCEED
    assert CLASSIC_501.solo_capot_value == 350
    assert CLASSIC_501.capot_value == 252
    # otherwise classic rules
    assert set(CLASSIC_501.differences(CLASSIC)) == {
        "first_lead",
        "target",
        "target_rule",
        "solo_capot_value",
        "belote_credit",
        "tie_rule",
        "redeal_dealer",
    }


def test_bulgarian_preset() -> None:
    assert BULGARIAN.name == "bulgarian"
    assert BULGARIAN.bidding is BiddingSystem.AUCTION
    assert BULGARIAN.contracts == tuple(Trump)
    assert BULGARIAN.first_lead is FirstLead.ELDEST
    assert BULGARIAN.trump_lead_must_overtrump_partner is True
    assert BULGARIAN.undertrump_opponent is Undertrump.FREE
    assert BULGARIAN.partner_master_trumped is PartnerMasterTrumped.FREE
    assert BULGARIAN.tout_atout_partner_exception is False
    assert BULGARIAN.announcements is Announcements.SEPARATE
    assert BULGARIAN.belote_imprenable is False
    assert BULGARIAN.belote_on_discard is False  # B10; coinche (K4) and the default: True
    assert BULGARIAN.no_trumps_doubled is True
    assert BULGARIAN.rounding is Rounding.GAME_POINTS
    assert BULGARIAN.target == 151
    assert BULGARIAN.capot_value == 252  # 162 + valat 90
    assert BULGARIAN.no_win_on_valat is True


def test_presets_table() -> None:
    assert PRESETS == {
        "classic": CLASSIC,
        "classic_501": CLASSIC_501,
        "bulgarian": BULGARIAN,
        "coinche": COINCHE,
        "contree": CONTREE,
    }


# ---------------------------------------------------------------- find_variant


@pytest.mark.parametrize(
    ("name", "preset"),
    [
        ("classic", CLASSIC),
        ("belote", CLASSIC),
        ("Classic", CLASSIC),
        (" BELOTE ", CLASSIC),
        ("501", CLASSIC_501),
        ("mac", CLASSIC_501),
        ("MAC", CLASSIC_501),
        ("classic_501", CLASSIC_501),
        ("classic-501", CLASSIC_501),
        ("Classic 501", CLASSIC_501),
        ("Multiplayer Belote Classic", CLASSIC_501),
        ("bulgarian", BULGARIAN),
        ("belot", BULGARIAN),
        ("Bulgarian-Belot", BULGARIAN),
        ("BELOT", BULGARIAN),
    ],
)
def test_find_variant_aliases(name: str, preset: Variant) -> None:
    assert find_variant(name) is preset


@pytest.mark.parametrize("name", ["", "coinch", "belotte", "classic501x", "bulgaria"])
def test_find_variant_unknown(name: str) -> None:
    with pytest.raises(VariantError) as caught:
        find_variant(name)
    assert caught.value.reason is Reason.UNKNOWN_VARIANT
    assert repr(name) in str(caught.value)
    assert "classic" in str(caught.value)  # lists the known names


def test_find_variant_non_text() -> None:
    with pytest.raises(VariantError) as caught:
        find_variant(42)  # type: ignore[arg-type]
    assert caught.value.reason is Reason.UNKNOWN_VARIANT


# ---------------------------------------------------------------- option_docs


def test_option_docs_one_entry_per_field() -> None:
    docs = option_docs()
    assert [doc.name for doc in docs] == [field.name for field in FIELDS]
    for doc in docs:
        assert doc.doc.strip(), doc.name
        assert "\n" not in doc.doc


def test_option_docs_values() -> None:
    by_name = {doc.name: doc for doc in option_docs()}
    for field in ENUM_FIELDS:
        assert by_name[field.name].values == tuple(member.value for member in type(field.default))  # type: ignore[union-attr]
    for field in BOOL_FIELDS:
        assert by_name[field.name].values == ("true", "false")
    assert by_name["target"].values == ()
    assert by_name["partner_master_trumped"].values == ("free", "no_undertrump", "must_overtrump")
