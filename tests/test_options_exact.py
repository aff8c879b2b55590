"""Exact values of belote.options that mutation testing (mutmut 3.8) checks: every option enum's
members and their texts in order, the spellings ``Option._missing_`` reads (case, spaces around,
``-`` or a space for ``_``) and its refusal, exact message and reason. The members are built at
import and ``_missing_`` is a classmethod, both out of mutmut 3's reach: they were mutated by
hand, and these tests are the ones that kill those mutants."""

from __future__ import annotations

import attrs
import pytest

from belote import CLASSIC, Reason, Variant, VariantError, options
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
    Option,
    PartnerMasterTrumped,
    RedealDealer,
    Rounding,
    TargetRule,
    TieRule,
    ToutAtoutScale,
    Undertrump,
)

# Every option enum and its members' texts, in definition order (the docs' options table, the
# refusal's list and the variant notation read them).
MEMBERS: list[tuple[type[Option], list[str]]] = [
    (Announcements, ["off", "on", "separate"]),
    (BeloteCardOrder, ["any", "king_first"]),
    (BeloteCredit, ["announced", "held"]),
    (BeloteOmission, ["lost", "one_tolerance"]),
    (BiddingSystem, ["turned_card", "auction", "points_auction"]),
    (CapotBy, ["either_team", "takers_only"]),
    (CarryWinner, ["next_deal_winner", "next_taker_if_made"]),
    (CoincheScale, ["winner_takes_all", "bid_multiplied", "whole_score", "fixed"]),
    (ContraRoundOrder, ["round_then_multiply", "multiply_then_round"]),
    (DeclarationTie, ["none", "first_announcer"]),
    (Direction, ["counter_clockwise", "clockwise"]),
    (FirstLead, ["eldest", "dealer"]),
    (LitigeBelote, ["in_totals", "outside"]),
    (MacCapotBonus, ["replace", "add_to_162", "add_to_252"]),
    (MadeScore, ["points_and_bid", "bid_only"]),
    (NoTrumpsScale, ["plain", "ace_19"]),
    (PartnerMasterTrumped, ["free", "no_undertrump", "must_overtrump"]),
    (RedealDealer, ["next", "same", "previous"]),
    (Rounding, ["none", "nearest_10", "nearest_10_6_up", "game_points"]),
    (TargetRule, ["reach", "exceed"]),
    (TieRule, ["litige", "takers_make", "takers_fail", "replay"]),
    (ToutAtoutScale, ["trump", "ffb_2015", "pagat", "converted_258"]),
    (Undertrump, ["must", "free", "forbidden_unless_forced"]),
]
UNDERTRUMP_ALLOWED = "expected one of 'must', 'free', 'forbidden_unless_forced'"
MEMBER_CASES = [
    pytest.param(cls, text, id=f"{cls.__name__}.{text}") for cls, texts in MEMBERS for text in texts
]


def test_the_module_exports_every_option_enum_and_their_base() -> None:
    assert options.__all__ == sorted(["Option", *(cls.__name__ for cls, _ in MEMBERS)])
    for name in options.__all__:
        assert getattr(options, name).__name__ == name


@pytest.mark.parametrize(("cls", "texts"), MEMBERS, ids=[cls.__name__ for cls, _ in MEMBERS])
def test_each_option_enum_has_exactly_these_members(cls: type[Option], texts: list[str]) -> None:
    assert issubclass(cls, Option)
    assert [member.value for member in cls] == texts
    assert [member.name for member in cls] == [text.upper() for text in texts]
    assert [str(member) for member in cls] == texts
    assert [f"{member}" for member in cls] == texts


@pytest.mark.parametrize(("cls", "text"), MEMBER_CASES)
def test_each_member_is_read_from_any_spelling_of_its_text(cls: type[Option], text: str) -> None:
    member = cls(text)
    assert member.value == text
    assert cls(member) is member
    for spelling in (
        text.upper(),
        text.title(),
        f"  {text}\t",
        text.replace("_", "-"),
        text.replace("_", " "),
        f" {text.upper().replace('_', '-')} ",
    ):
        assert cls(spelling) is member, spelling


@pytest.mark.parametrize(
    ("cls", "spelling", "member"),
    [
        (Undertrump, "Forbidden-Unless forced", Undertrump.FORBIDDEN_UNLESS_FORCED),
        (Undertrump, "\nfree\n", Undertrump.FREE),
        (Rounding, "NEAREST-10-6-UP", Rounding.NEAREST_10_6_UP),
        (Rounding, "nearest 10", Rounding.NEAREST_10),
        (ToutAtoutScale, "FFB 2015", ToutAtoutScale.FFB_2015),
        (MacCapotBonus, "add-to-162", MacCapotBonus.ADD_TO_162),
    ],
)
def test_a_member_is_read_with_dashes_spaces_and_case(
    cls: type[Option], spelling: str, member: Option
) -> None:
    assert cls(spelling) is member


@pytest.mark.parametrize(
    ("cls", "value", "message"),
    [
        (
            Undertrump,
            "sometimes",
            "'sometimes' is not a Undertrump option: " + UNDERTRUMP_ALLOWED,
        ),
        (
            Undertrump,
            3,
            "3 is not a Undertrump option: " + UNDERTRUMP_ALLOWED,
        ),
        (
            Undertrump,
            None,
            "None is not a Undertrump option: " + UNDERTRUMP_ALLOWED,
        ),
        (
            Undertrump,
            "MUST!",
            "'MUST!' is not a Undertrump option: " + UNDERTRUMP_ALLOWED,
        ),
        (TargetRule, "", "'' is not a TargetRule option: expected one of 'reach', 'exceed'"),
        (
            TargetRule,
            "reach exceed",
            "'reach exceed' is not a TargetRule option: expected one of 'reach', 'exceed'",
        ),
        (TargetRule, "REACH_", "'REACH_' is not a TargetRule option: expected one of 'reach', 'exceed'"),
        (TargetRule, "re ach", "'re ach' is not a TargetRule option: expected one of 'reach', 'exceed'"),
        (
            TargetRule,
            Undertrump.MUST,
            "<Undertrump.MUST: 'must'> is not a TargetRule option: expected one of 'reach', 'exceed'",
        ),
        (TargetRule, b"reach", "b'reach' is not a TargetRule option: expected one of 'reach', 'exceed'"),
        (
            Rounding,
            "nearest_20",
            "'nearest_20' is not a Rounding option: expected one of 'none', 'nearest_10', 'nearest_10_6_up', "
            "'game_points'",
        ),
    ],
)
def test_a_value_that_is_no_member_is_refused_with_the_members_listed(
    cls: type[Option], value: object, message: str
) -> None:
    with pytest.raises(VariantError) as caught:
        cls(value)  # type: ignore[arg-type]
    assert str(caught.value) == message
    assert caught.value.reason is Reason.BAD_OPTION
    assert isinstance(caught.value, ValueError)


def test_a_variant_option_refuses_a_text_with_the_enums_message() -> None:
    with pytest.raises(VariantError) as caught:
        attrs.evolve(CLASSIC, tie_rule="draw")
    assert str(caught.value) == (
        "'draw' is not a TieRule option: expected one of 'litige', 'takers_make', 'takers_fail', 'replay'"
    )
    assert caught.value.reason is Reason.BAD_OPTION
    assert Variant(tie_rule="Takers-Fail").tie_rule is TieRule.TAKERS_FAIL
