"""What a :class:`~belote.tally.Tally` and :func:`~belote.tally.validate_deal` refuse, with the
exact message and reason a score keeper's program shows: the tally's own fields, then the facts
that no real deal of the variant can produce."""

from __future__ import annotations

from typing import Any

import pytest

from _score_helpers import decl
from belote import (
    BULGARIAN,
    CLASSIC,
    ArgumentTypeError,
    Contract,
    Reason,
    Seat,
    Tally,
    TallyError,
    Trump,
)
from belote.tally import validate_deal


def _tally(**fields: Any) -> Tally:
    values: dict[str, Any] = {"card_points": (92, 60), "tricks": (3, 2, 2, 1), "last_trick": Seat(0)}
    values.update(fields)
    return Tally(**values)


def test_card_points_and_tricks_may_come_as_lists_and_are_kept_as_tuples() -> None:
    assert _tally(card_points=[92, 60]).card_points == (92, 60)
    assert _tally(tricks=[3, 1, 2, 2]).tricks == (3, 1, 2, 2)
    assert _tally(tricks=[8, 0, 0, 0]).tricks == (8, 0, 0, 0)
    assert _tally(tricks=(8, 0, 0, 0)).tricks == (8, 0, 0, 0)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"tricks": (3, 2, 2, 1, 0)},
            "tricks must be four whole numbers >= 0, one per seat, got (3, 2, 2, 1, 0)",
        ),
        (
            {"tricks": (3.0, 2, 2, 1)},
            "tricks must be four whole numbers >= 0, one per seat, got (3.0, 2, 2, 1)",
        ),
        (
            {"tricks": (9, -1, 0, 0)},
            "tricks must be four whole numbers >= 0, one per seat, got (9, -1, 0, 0)",
        ),
        (
            {"tricks": [3, 2, True, 1]},
            "tricks must be four whole numbers >= 0, one per seat, got [3, 2, True, 1]",
        ),
        ({"belotes": "0"}, "belotes must be a sequence of seats, got '0'"),
        ({"belotes": (7,)}, "belotes must be seats 0..3, got (7,)"),
        ({"declarations": 5}, "declarations must be a sequence of Declaration, got 5"),
    ],
)
def test_a_tally_refuses_malformed_fields(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(TallyError) as refused:
        _tally(**fields)
    assert (str(refused.value), refused.value.reason) == (message, Reason.BAD_TALLY)


HEARTS = Contract(Seat(0), Trump.HEARTS)


@pytest.mark.parametrize(
    ("variant", "contract", "tally", "message", "reason"),
    [
        (CLASSIC, "H", _tally(), "contract must be a Contract, got 'H'", Reason.BAD_CONTRACT),
        (CLASSIC, HEARTS, (92, 60), "tally must be a Tally, got (92, 60)", Reason.BAD_TALLY),
        (
            CLASSIC,
            Contract(Seat(0), Trump.ALL_TRUMPS),
            _tally(),
            "all_trumps is not a contract of classic",
            Reason.BAD_CONTRACT,
        ),
        (
            CLASSIC,
            Contract(Seat(0), Trump.HEARTS, multiplier=2),
            _tally(),
            "classic bidding reaches a multiplier of 1, not 2",
            Reason.BAD_CONTRACT,
        ),
        (
            CLASSIC,
            HEARTS,
            _tally(card_points=(92, 61)),
            "card points (92, 61) must be >= 0 and sum to 152 in a hearts contract (without the last trick)",
            Reason.BAD_TALLY,
        ),
        (
            CLASSIC,
            HEARTS,
            _tally(belotes=(Seat(0), Seat(1))),
            "2 belotes announced, at most 1 possible in hearts",
            Reason.BAD_TALLY,
        ),
        (
            BULGARIAN,
            Contract(Seat(0), Trump.NO_TRUMPS),
            _tally(card_points=(60, 60), declarations=(decl(0, "7C 8C 9C"),)),
            "no declarations are possible here (bulgarian, no_trumps)",
            Reason.BAD_TALLY,
        ),
        (  # the third shares a card with the first, not with the second
            BULGARIAN,
            HEARTS,
            _tally(
                declarations=(
                    decl(0, "7C 8C 9C"),
                    decl(0, "JD QD KD"),
                    decl(2, "9C TC JC"),
                )
            ),
            "terca JC TC 9C (20) shares cards with another declaration",
            Reason.BAD_TALLY,
        ),
        (  # North's belote is the KH and QH, which West's four kings include
            BULGARIAN,
            HEARTS,
            _tally(belotes=(Seat(0),), declarations=(decl(1, "KS KH KD KC"),)),
            "the belote of team 0 needs the king and queen of trumps, which the other team declared",
            Reason.BAD_TALLY,
        ),
        (  # in all trumps, two belotes for North, but West's queens leave it no suit
            BULGARIAN,
            Contract(Seat(0), Trump.ALL_TRUMPS),
            _tally(
                card_points=(150, 98),
                belotes=(Seat(0), Seat(0)),
                declarations=(decl(1, "QS QH QD QC"), decl(3, "9C TC JC")),
            ),
            "the belotes (team 0, team 0) need the king and queen of one suit each, and the other "
            "team declared too many of them",
            Reason.BAD_TALLY,
        ),
        (  # two belotes for North-South need two suits: East-West's sequences leave only clubs
            BULGARIAN,
            Contract(Seat(0), Trump.ALL_TRUMPS),
            _tally(
                card_points=(150, 98),
                belotes=(Seat(0), Seat(2)),
                declarations=(decl(1, "KS QS JS"), decl(1, "KH QH JH"), decl(3, "KD QD JD")),
            ),
            "the belotes (team 0, team 0) need the king and queen of one suit each, and the other "
            "team declared too many of them",
            Reason.BAD_TALLY,
        ),
    ],
)
def test_validate_deal_refuses_what_no_deal_produces(
    variant: Any, contract: Any, tally: Any, message: str, reason: Reason
) -> None:
    with pytest.raises(TallyError) as refused:
        validate_deal(variant, contract, tally, 0)
    assert (str(refused.value), refused.value.reason) == (message, reason)


def test_validate_deal_refuses_a_variant_that_is_not_one_by_name() -> None:
    with pytest.raises(ArgumentTypeError, match=r"^variant must be a Variant, got 'classic'$"):
        validate_deal("classic", HEARTS, _tally(), 0)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("contract", "belotes", "declarations"),
    [
        (HEARTS, (Seat(0),), (decl(0, "KS KH KD KC"),)),  # the belote's own seat shows its king
        (HEARTS, (Seat(0),), (decl(2, "KH QH JH"),)),  # a belote given by its team (from_totals)
        (  # one belote for North-South: clubs is free of East-West's sequences
            Contract(Seat(0), Trump.ALL_TRUMPS),
            (Seat(0),),
            (decl(1, "KS QS JS"), decl(1, "KH QH JH"), decl(3, "KD QD JD")),
        ),
        (HEARTS, (Seat(0),), (decl(1, "KS QS JS"),)),  # another seat's king and queen of spades
        (Contract(Seat(0), Trump.ALL_TRUMPS), (Seat(0), Seat(2)), (decl(1, "KS QS JS"),)),  # 3 suits left
    ],
)
def test_belotes_and_declarations_that_one_deal_can_hold_are_accepted(
    contract: Contract, belotes: tuple[Seat, ...], declarations: tuple[Any, ...]
) -> None:
    points = (150, 98) if contract.trump is Trump.ALL_TRUMPS else (92, 60)
    validate_deal(
        BULGARIAN, contract, _tally(card_points=points, belotes=belotes, declarations=declarations), 0
    )


def test_a_tally_of_standard_totals_in_a_variant_of_other_card_values_says_to_pass_the_variant() -> None:
    """A coinche keeper that builds ``Tally.from_totals`` without ``variant=`` (130 in no
    trumps, the standard sum) is told so; a sum that is neither gets the plain message."""
    from belote import COINCHE, Team

    no_trumps = Contract(Seat(1), Trump.NO_TRUMPS, bid=80)
    standard = Tally.from_totals((60, 70), trump="no trumps", last_trick=Team(1))
    with pytest.raises(TallyError) as refused:
        validate_deal(COINCHE, no_trumps, standard, 0)
    assert str(refused.value) == (
        "card points (60, 60) must be >= 0 and sum to 152 in a no_trumps contract (without the last "
        "trick); that is the standard sum, not coinche's: build the tally with variant="
    )
    validate_deal(
        COINCHE, no_trumps, Tally.from_totals((60, 102), trump="NT", last_trick=Team(1), variant=COINCHE), 0
    )
    odd = Tally(card_points=(60, 61), tricks=(2, 2, 2, 2), last_trick=Seat(1))
    with pytest.raises(TallyError, match=r"contract \(without the last trick\)$"):
        validate_deal(COINCHE, no_trumps, odd, 0)


def test_numbers_given_as_an_int_subclass_are_held_as_plain_ints() -> None:
    # an IntEnum member is a whole number: taken, and kept as the number it stands for, so that
    # the tally's repr and what scoring reads are those of the numbers
    tally = Tally(card_points=(Seat.EAST, 149), tricks=[Seat.EAST, 2, 2, Seat.WEST], last_trick=Seat(0))
    assert tally.card_points == (3, 149)
    assert tally.tricks == (3, 2, 2, 1)
    assert {type(value) for value in (*tally.card_points, *tally.tricks)} == {int}
    assert repr(tally) == "Tally(card_points=(3, 149), tricks=(3, 2, 2, 1), last_trick=Seat.NORTH)"
