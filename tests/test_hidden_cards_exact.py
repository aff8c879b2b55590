"""Exact facts of belote._hidden_cards that mutation testing (mutmut 3.8) checks: what each seat's
view of one position reveals (the cards known from two declarations of one seat, a declaration
partly played, a void shown by a discard), and the refusal of a view before the contract."""

from __future__ import annotations

import re

import pytest

from belote import CLASSIC, CardSet, Contract, RoundState, Seat, Trump, deal, observe, seat_view
from belote._hidden_cards import Revealed, deal_problem, revealed

# North shows two tierces (AS KS QS, AH KH QH) and East a quarta (QC JC TC 9C) in the first
# trick; North still holds QS and QH, East TC and 9C; South discards JH on East's spade lead.
BULGARIAN_ANNOUNCED = (
    "bulgarian 0 KDAHKHKSQHQSAS7S/THTS8HTD9D7D8CAD/JD8SAC9H7HJH8DKC/JC9CQCTCQD7CJS9S ALL,pass,pass,pass "
    "TS8SJS(QCJCTC9C)AS(ASKSQS,AHKHQH)/9SKS*THJH/QDKDADJD/9HQCAH8H/7HJCKH*"
)


@pytest.mark.parametrize(
    ("seat", "known", "ruled_out", "hidden"),
    [
        (Seat.NORTH, ("QS 7S QH", "", "", "TC 9C"), ("", "", "", ""), "TD 9D 8D 7D AC KC 8C 7C"),
        (Seat.WEST, ("QS QH", "TD 9D 7D 8C", "", "TC 9C"), ("", "", "7S", ""), "7S 8D AC KC 7C"),
        (Seat.SOUTH, ("QS QH", "", "8D AC KC", "TC 9C"), ("", "7S", "", ""), "7S TD 9D 7D 8C 7C"),
        (Seat.EAST, ("QS QH", "", "", "TC 9C 7C"), ("", "7S", "7S", ""), "7S TD 9D 8D 7D AC KC 8C"),
    ],
)
def test_each_seat_sees_the_declared_cards_still_held_and_the_voids(
    seat: Seat, known: tuple[str, ...], ruled_out: tuple[str, ...], hidden: str
) -> None:
    view = observe(RoundState.parse(BULGARIAN_ANNOUNCED), seat)
    facts = revealed(view)
    assert tuple(str(CardSet(mask)) for mask in facts.known) == known
    assert tuple(str(CardSet(mask)) for mask in facts.ruled_out) == ruled_out
    assert str(CardSet(facts.hidden)) == hidden
    assert deal_problem(seat, tuple(view.hand_size(other) for other in Seat), facts) is None


def test_the_taker_is_known_to_hold_the_turned_card() -> None:
    view = seat_view(
        CLASSIC,
        Seat(3),
        hand="AD KD QD TD 7H KC QC JC",
        dealer=Seat(3),
        turned="JH",
        contract=Contract(Seat(0), Trump.HEARTS),
        plays="AS 7S QS",
    )
    facts = revealed(view)
    assert [str(CardSet(mask)) for mask in facts.known] == ["JH", "", "", "7H AD KD QD TD KC QC JC"]
    assert facts.hidden.bit_count() == 32 - 3 - 8 - 1


def test_revealed_refuses_a_view_before_the_contract() -> None:
    message = "revealed reads a view of the card play (a contract)"
    with pytest.raises(ValueError, match=re.escape(message)) as caught:
        revealed(observe(deal(CLASSIC, dealer=Seat(0), seed=1), Seat(1)))
    assert str(caught.value) == message


# West took the turned 7D (diamonds); East announced belote with the KD and still holds the QD.
CLASSIC_BELOTE = (
    "classic 1 8C9H9CJDACQSTD8D/KC9DAS7CTC7D8S9S/7HAHTHJHADQH8HKS/KDJSTSJCQDKH7SQC "
    "pass,pass,pass,D QHKH9HAS/KD*"
)


@pytest.mark.parametrize(
    ("seat", "known", "ruled_out"),
    [
        (Seat.NORTH, ("QS JD TD 8D AC 9C 8C", "7D", "", "QD"), ("", "AH JH TH 8H 7H", "", "")),
        (Seat.WEST, ("", "9S 8S 9D 7D KC TC 7C", "", "QD"), ("", "", "", "")),
        (Seat.SOUTH, ("", "7D", "KS AH JH TH 8H 7H AD", "QD"), ("", "", "", "")),
        (Seat.EAST, ("", "7D", "", "JS TS 7S QD QC JC"), ("", "AH JH TH 8H 7H", "", "")),
    ],
)
def test_the_other_card_of_a_belote_and_the_turned_card_are_known(
    seat: Seat, known: tuple[str, ...], ruled_out: tuple[str, ...]
) -> None:
    view = observe(RoundState.parse(CLASSIC_BELOTE), seat)
    facts = revealed(view)
    assert tuple(str(CardSet(mask)) for mask in facts.known) == known
    assert tuple(str(CardSet(mask)) for mask in facts.ruled_out) == ruled_out
    assert facts.hidden.bit_count() == 32 - 5 - sum(len(cards.split()) for cards in known)
    assert deal_problem(seat, tuple(view.hand_size(other) for other in Seat), facts) is None


# East announces belote with the QD (diamonds, North took the turned TD): the KD is known.
QUEEN_FIRST = (
    "classic 0 9S8HQHKC9HTDAS7S/TCACQSTSAHKS8DJD/JHTHQC9CKHAD7H7D/7C9DKDJC8S8CQDJS pass,pass,pass,D "
    "TC9CJCKC/KS7DJS7S/7HQD*"
)
# South took the turned TD (clubs) and announces belote with the QC: it holds the TD and the KC.
TAKER_BELOTE = (
    "classic 0 9SKDQH9CTHJHAD7C/AHJCKSTSJDTCACKH/8C8SQCASKCTDQD8H/QS9HJS7D9D7S8D7H "
    "pass,pass,pass,pass,pass,C KH8H9HTH/ADJDQD7D/7CAC8C7S/KSASQS9S/QC*"
)


@pytest.mark.parametrize(
    ("text", "seat", "known", "ruled_out"),
    [
        (QUEEN_FIRST, Seat.NORTH, ("AS 9S QH 9H 8H TD", "", "", "KD"), ("", "", "QS TS 8S", "AH KH JH TH")),
        (
            QUEEN_FIRST,
            Seat.WEST,
            ("TD", "QS TS AH JD 8D AC", "", "KD"),
            ("", "", "AS 9S 8S", "KH QH JH TH 9H 8H"),
        ),
        (QUEEN_FIRST, Seat.SOUTH, ("TD", "", "KH JH TH AD QC", "KD"), ("", "", "", "AH QH 9H 8H")),
        (QUEEN_FIRST, Seat.EAST, ("TD", "", "", "8S KD 9D 8C 7C"), ("", "", "AS QS TS 9S", "")),
        (TAKER_BELOTE, Seat.NORTH, ("QH JH KD 9C", "", "TD KC", ""), ("", "", "JC", "JC TC")),
        (TAKER_BELOTE, Seat.WEST, ("", "TS AH JC TC", "TD KC", ""), ("", "", "9C", "9C")),
        (TAKER_BELOTE, Seat.SOUTH, ("", "", "8S TD KC", ""), ("", "", "", "JC TC 9C")),
        (TAKER_BELOTE, Seat.EAST, ("", "", "TD KC", "JS 7H 9D 8D"), ("", "", "JC 9C", "")),
    ],
)
def test_a_belote_announced_with_either_card_reveals_the_other(
    text: str, seat: Seat, known: tuple[str, ...], ruled_out: tuple[str, ...]
) -> None:
    facts = revealed(observe(RoundState.parse(text), seat))
    assert tuple(str(CardSet(mask)) for mask in facts.known) == known
    assert tuple(str(CardSet(mask)) for mask in facts.ruled_out) == ruled_out


@pytest.mark.parametrize(
    ("me", "sizes", "facts", "problem"),
    [
        (
            Seat(0),
            (2, 1, 0, 0),
            Revealed(known=(3, 0, 0, 0), ruled_out=(0, 4, 4, 4), hidden=4),
            "1 hidden card can be in no hand",
        ),
        (
            Seat(0),
            (0, 1, 1, 0),
            Revealed(known=(0, 0, 0, 0), ruled_out=(0, 12, 12, 12), hidden=12),
            "2 hidden cards can be in no hand",
        ),
        (
            Seat(0),
            (0, 1, 1, 1),
            Revealed(known=(0, 0, 0, 0), ruled_out=(0, 0, 0, 7), hidden=7),
            "3 hidden cards can only be in seats 1 and 2, which hold 2",
        ),
        (
            Seat(2),
            (1, 1, 0, 1),
            Revealed(known=(0, 0, 0, 0), ruled_out=(7, 0, 0, 0), hidden=7),
            "3 hidden cards can only be in seats 1 and 3, which hold 2",
        ),
        (
            Seat(2),
            (1, 1, 0, 1),
            Revealed(known=(0, 0, 0, 0), ruled_out=(0, 6, 0, 6), hidden=7),
            "2 hidden cards can only be in seat 0's hand, which holds 1",
        ),
        (Seat(2), (1, 1, 0, 1), Revealed(known=(0, 0, 0, 0), ruled_out=(0, 4, 0, 2), hidden=7), None),
    ],
)
def test_deal_problem_names_the_cards_no_group_of_seats_can_take(
    me: Seat, sizes: tuple[int, ...], facts: Revealed, problem: str | None
) -> None:
    assert deal_problem(me, sizes, facts) == problem
