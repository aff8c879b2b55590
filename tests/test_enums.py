"""Every public enum prints its rules name and refuses a non-member the same way, on every
supported Python (CI runs this file on 3.10 and 3.13 too)."""

from __future__ import annotations

import enum
import importlib
import pkgutil

import pytest

import belote
from belote import (
    BeloteError,
    DeclarationKind,
    NotationError,
    Outcome,
    Phase,
    Rank,
    Reason,
    Seat,
    Suit,
    Team,
    Trump,
    VariantError,
)
from belote.options import Option, Undertrump


def public_enums() -> list[type[enum.Enum]]:
    """Every enum class named in the ``__all__`` of ``belote`` or of a public submodule."""
    modules = [belote] + [
        importlib.import_module(info.name)
        for info in pkgutil.walk_packages(belote.__path__, "belote.")
        if not any(part.startswith("_") for part in info.name.split("."))
    ]
    found: dict[str, type[enum.Enum]] = {}
    for module in modules:
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if isinstance(value, type) and issubclass(value, enum.Enum) and list(value):
                found[value.__qualname__] = value
    return sorted(found.values(), key=lambda cls: cls.__name__)


ENUMS = public_enums()


def test_the_public_enums_are_all_found() -> None:
    names = {cls.__name__ for cls in ENUMS}
    assert {"Suit", "Rank", "Trump", "Seat", "Team", "Phase", "Outcome", "Reason", "DeclarationKind"} <= names
    assert {"Undertrump", "BiddingSystem", "TargetRule", "Rounding"} <= names
    assert len(names) >= 25


@pytest.mark.parametrize(
    ("member", "text"),
    [
        (Suit.HEARTS, "hearts"),
        (Rank.TEN, "ten"),
        (Trump.HEARTS, "hearts"),
        (Trump.NO_TRUMPS, "no_trumps"),
        (Trump.ALL_TRUMPS, "all_trumps"),
        (Seat.WEST, "west"),
        (Team.EAST_WEST, "east_west"),
        (Phase.PASSED_OUT, "passed_out"),
        (Outcome.DEFENDERS_CAPOT, "defenders_capot"),
        (Reason.MUST_FOLLOW_SUIT, "must_follow_suit"),
        (DeclarationKind.CARRE, "carre"),
        (Undertrump.FORBIDDEN_UNLESS_FORCED, "forbidden_unless_forced"),
    ],
)
def test_documented_spellings(member: enum.Enum, text: str) -> None:
    assert str(member) == text
    assert f"{member}" == text
    assert format(member) == text
    assert "{}".format(member) == text  # noqa: UP032 - the str.format path on purpose
    assert f"[{member:^20}]" == f"[{text:^20}]"


@pytest.mark.parametrize("cls", ENUMS, ids=lambda cls: cls.__name__)
def test_every_member_prints_its_lower_case_name(cls: type[enum.Enum]) -> None:
    for member in cls:
        assert str(member) == member.name.lower()
        assert f"{member}" == member.name.lower()
        assert f"{member!s:>30}" == f"{member.name.lower():>30}"
        assert repr(member).startswith(f"<{cls.__name__}.{member.name}: ")
        if isinstance(member, int):
            assert f"{member:d}" == str(int(member))
            assert f"{member:02d}" == f"{int(member):02d}"
        else:
            # option values, phases, outcomes...: the value is the printed name
            assert member.value == str(member) or not isinstance(member.value, str)


def _not_a_member(cls: type[enum.Enum]) -> object:
    return 99 if isinstance(next(iter(cls)).value, int) else "no such value"


@pytest.mark.parametrize("cls", ENUMS, ids=lambda cls: cls.__name__)
def test_every_enum_refuses_a_non_member_with_the_valid_values(cls: type[enum.Enum]) -> None:
    bad = _not_a_member(cls)
    # option enums are the variant's: they raise VariantError, everything else NotationError
    expected = VariantError if issubclass(cls, Option) else NotationError
    with pytest.raises(expected) as caught:
        cls(bad)
    error = caught.value
    assert isinstance(error, BeloteError)
    assert isinstance(error, ValueError)
    message = str(error)
    assert repr(bad) in message
    for member in cls:
        assert repr(member.value) in message


@pytest.mark.parametrize(
    "make",
    [
        lambda: belote.Card(9, 0),  # type: ignore[arg-type]
        lambda: belote.Card(0, 9),  # type: ignore[arg-type]
        lambda: Suit(9),
        lambda: Rank(9),
        lambda: Phase("x"),
        lambda: Team(2),
        lambda: Seat(9),
        lambda: Trump(9),
        lambda: Seat("north"),
    ],
)
def test_the_constructors_all_raise_notation_error(make: object) -> None:
    with pytest.raises(NotationError, match="expected one of"):
        make()  # type: ignore[operator]


def test_members_still_convert_from_their_values() -> None:
    assert Suit(2) is Suit.HEARTS
    assert Seat(3) is Seat.EAST
    assert Phase("playing") is Phase.PLAYING
    assert Trump("hearts") is Trump.HEARTS
    assert Undertrump("FREE") is Undertrump.FREE
