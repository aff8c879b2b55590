"""Exact results of belote.agents.normal and belote.agents.easy that mutation testing (mutmut 3.8)
found untested by the fast tests (tests/test_agents.py and the other agent files play whole deals
and are left out of the mutation run): the facts the normal heuristics read from a view (the
hand, the legal cards, the trick, the mode, the unseen cards and the attacking side), the easy
player's lowest card (by strength, then a trump last, then the card number), the seed, the
checks of both players, and what their calls and cards ask of the bidding rules and the
heuristics, each replaced by a spy."""

from __future__ import annotations

import pytest

import belote.agents.easy as easy
import belote.agents.normal as normal
from belote import (
    BULGARIAN,
    CLASSIC,
    ArgumentTypeError,
    CardSet,
    Contract,
    EasyAgent,
    NormalAgent,
    PhaseError,
    PlayerView,
    Seat,
    Trump,
    seat_view,
)
from belote.agents.base import Play
from belote.agents.normal import view_facts
from belote.bidding import Call, Pass
from belote.cards import DECK
from belote.declarations import Declaration

FULL = (1 << 32) - 1


def mask(text: str) -> int:
    return CardSet.parse(text).mask


def number(text: str) -> int:
    return mask(text).bit_length() - 1


def playing(
    hand: str, trump: Trump, *, seat: int = 1, taker: int = 0, plays: str = "", dealer: int = 3
) -> PlayerView:
    """The Bulgarian view of ``seat``, ``taker`` holding the contract in ``trump``."""
    return seat_view(
        BULGARIAN,
        Seat(seat),
        hand=hand,
        dealer=Seat(dealer),
        contract=Contract(Seat(taker), trump),
        plays=plays,
    )


def bidding() -> PlayerView:
    return seat_view(CLASSIC, Seat(0), hand="JH 9H 7H 8S 7S", dealer=Seat(3), turned="AH")


LATE_PLAYS = "7S 8S 9S TS  7C 8C 9C TC  KS"
# the eldest (seat 0) leads the spades, won by seat 3's ten; seat 3 leads the clubs, won by
# seat 2's ten; seat 2 leads the king of spades


# ---------------------------------------------------------------- the normal player's facts


def test_the_facts_of_a_defender_on_a_trick() -> None:
    hand = "KH QH 7D 8D 9D TD JD AD"
    facts = view_facts(playing(hand, Trump.HEARTS, plays="AS"))
    assert facts == (mask(hand), mask("KH QH"), [number("AS")], 2, FULL & ~mask(hand + " AS"), False)


def test_the_facts_of_an_attacker_on_the_lead() -> None:
    hand = "KH QH 7D 8D 9D TD JD AD"
    facts = view_facts(playing(hand, Trump.ALL_TRUMPS, seat=0, taker=2, dealer=3))
    assert facts == (mask(hand), mask(hand), [], 5, FULL & ~mask(hand), True)


def test_the_facts_read_the_cards_played_before() -> None:
    hand = "AH KH QH 7D 8D JD"  # seat 3, after two tricks
    seen = playing(hand, Trump.NO_TRUMPS, seat=3, taker=3, plays=LATE_PLAYS)
    played = mask("7S 8S 9S TS 7C 8C 9C TC KS")
    facts = view_facts(seen)
    assert facts == (mask(hand), mask(hand), [number("KS")], 4, FULL & ~(mask(hand) | played), True)
    assert facts[4] == mask("JS QS AS JC QC KC AC 9D TD QD KD AD 7H 8H 9H TH JH")


def test_only_a_seat_to_play_has_facts() -> None:
    with pytest.raises(PhaseError, match=r"^no card to choose: the seat is not to play$"):
        view_facts(bidding())
    with pytest.raises(ArgumentTypeError, match=r"^view must be a PlayerView, got None$"):
        view_facts(None)  # type: ignore[arg-type]


# ---------------------------------------------------------------- the seed


@pytest.mark.parametrize("agent", [NormalAgent, EasyAgent])
def test_the_seed(agent: type[NormalAgent | EasyAgent]) -> None:
    player = agent(Seat(3))  # an int subclass, kept as a plain int
    assert (player.seed, type(player.seed)) == (3, int)
    assert repr(player) == f"{agent.__name__}(seed=3)"
    assert repr(agent()) == f"{agent.__name__}(seed=0)"
    assert agent(seed=-7).seed == -7
    with pytest.raises(AttributeError):
        player.seed = 5  # type: ignore[misc]
    with pytest.raises(ArgumentTypeError, match=r"^seed must be an int, got '1'$"):
        agent("1")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"^seed must be an int, got True$"):
        agent(True)


# ---------------------------------------------------------------- the calls


@pytest.mark.parametrize(
    ("agent", "module", "name"), [(NormalAgent, normal, "normal_bid"), (EasyAgent, easy, "easy_call")]
)
def test_the_call_is_the_bidding_rules(
    monkeypatch: pytest.MonkeyPatch, agent: type[NormalAgent | EasyAgent], module: object, name: str
) -> None:
    asked: list[PlayerView] = []
    chosen = Pass()

    def rule(view: PlayerView) -> Call:
        asked.append(view)
        return chosen

    monkeypatch.setattr(module, name, rule)
    seen = bidding()
    assert agent(seed=4).choose_call(seen) is chosen
    assert asked == [seen]
    with pytest.raises(PhaseError, match=r"^no call to choose: the seat is not to bid$"):
        agent().choose_call(playing("KH QH 7D 8D 9D TD JD AD", Trump.HEARTS, plays="AS"))
    with pytest.raises(ArgumentTypeError, match=r"^view must be a PlayerView, got None$"):
        agent().choose_call(None)  # type: ignore[arg-type]
    assert asked == [seen]


def test_the_calls_of_real_hands() -> None:
    seen = seat_view(CLASSIC, Seat(0), hand="JH 9H AS 7C 8D", dealer=Seat(3), turned="AH")
    assert str(NormalAgent().choose_call(seen)) == "H"
    assert str(EasyAgent().choose_call(seen)) == "H"  # the turned ace is the third trump
    weak = seat_view(CLASSIC, Seat(0), hand="JH 8H AS 7C 8D", dealer=Seat(3), turned="AH")
    assert str(EasyAgent().choose_call(weak)) == "pass"  # no nine


# ---------------------------------------------------------------- the cards


def test_the_normal_card_is_the_heuristics_with_the_announcements(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[object, ...]] = []

    def choose_card(*facts: object) -> int:
        asked.append(facts)
        return number("JD")

    monkeypatch.setattr(normal, "choose_card", choose_card)
    seen = playing("KH QH 7D 8D 9D TD JD AD", Trump.ALL_TRUMPS, seat=0, taker=2, dealer=3)
    play = NormalAgent().choose_play(seen)
    sequence = Declaration(Seat(0), CardSet.parse("JD TD 9D 8D 7D"))
    assert play == Play(DECK[number("JD")], belote=True, declarations=(sequence,))
    assert asked == [view_facts(seen)]


@pytest.mark.parametrize("agent", [NormalAgent, EasyAgent])
def test_only_a_seat_to_play_chooses_a_card(agent: type[NormalAgent | EasyAgent]) -> None:
    with pytest.raises(PhaseError, match=r"^no card to choose: the seat is not to play$"):
        agent().choose_play(bidding())
    with pytest.raises(ArgumentTypeError, match=r"^view must be a PlayerView, got None$"):
        agent().choose_play(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hand", "trump", "card"),
    [
        # the lowest strength, then a plain card before a trump, then the lowest number
        ("7H 8S 7S 9C AC AD TD KD", Trump.HEARTS, "7S"),
        ("7H 8S 7S 7C AC AD TD KD", Trump.HEARTS, "7C"),
        ("8H 8S 9S AC AD TD KD QD", Trump.HEARTS, "8S"),
        ("8C 8S 9S AH AD TD KD QD", Trump.CLUBS, "8S"),
        ("7C 8S 9S AH AD TD KD QD", Trump.CLUBS, "7C"),  # strength first
        ("7D 7C AS TS KS AH TH KH", Trump.HEARTS, "7C"),
        ("7D 7S AS TS KS AH TH KH", Trump.HEARTS, "7D"),
        # a plain jack (strength 3, 2 points) before the king of trumps (3, 4 points)
        ("KH JS AS TS AD TD AC TC", Trump.HEARTS, "JS"),
        ("KS JH AH TH AD TD AC TC", Trump.SPADES, "JH"),
        # the trump order in all trumps, the plain order in no trumps
        ("JS 9S AS 8D JC 9C JH 9H", Trump.ALL_TRUMPS, "8D"),
        ("JS 9S AS JC 9C JH 9H AH", Trump.ALL_TRUMPS, "AH"),
        ("AS TS KS AC TC AD TD AH", Trump.NO_TRUMPS, "KS"),
        ("JS 9S AS TS KS AC TC AD", Trump.NO_TRUMPS, "9S"),
        ("JD 9D AD QD AS TS AC TC", Trump.DIAMONDS, "QD"),
    ],
)
def test_the_easy_card_is_the_lowest(hand: str, trump: Trump, card: str) -> None:
    seen = playing(hand, trump, seat=0, taker=0)  # seat 0 leads
    assert str(EasyAgent().choose_play(seen).card) == card


def test_the_easy_card_is_the_lowest_legal_one() -> None:
    seen = playing("KH QH 7D 8D 9D TD JD AD", Trump.HEARTS, plays="AS")  # trumps the ace
    assert str(EasyAgent().choose_play(seen).card) == "QH"


def test_the_easy_card_carries_the_announcements() -> None:
    seen = playing("KH QH 7D 8D 9D TD JD AD", Trump.HEARTS, seat=0, taker=2, dealer=3)
    sequence = Declaration(Seat(0), CardSet.parse("JD TD 9D 8D 7D"))
    assert EasyAgent().choose_play(seen) == Play(DECK[number("7D")], belote=True, declarations=(sequence,))


def test_the_names_of_the_modules() -> None:
    assert normal.__all__ == ["NormalAgent", "view_facts"]
    assert easy.__all__ == ["EasyAgent"]
