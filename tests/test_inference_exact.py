"""Exact beliefs of belote.agents.inference that mutation testing (mutmut 3.8) found untested by
the fast tests (tests/test_inference.py plays whole deals and is left out of the mutation run):
the known and excluded cards, voids and fitted probabilities of hand-built views (the 25 rounds
of fitting, a probability clipped at 1, a seat with no card left), the beliefs before the
contract, and how a sample is dealt (the cards' order, 30 quick deals then the exhaustive one,
each step of both on a scripted generator)."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest

import belote.agents.inference as inference
from _player_helpers import late_view
from belote import (
    CLASSIC,
    COINCHE,
    BeloteError,
    Card,
    CardSet,
    Contract,
    Phase,
    Reason,
    Seat,
    Suit,
    Trump,
    seat_view,
)
from belote.agents.inference import Beliefs, NoDealFitsError, infer

FULL = (1 << 32) - 1
HEARTS_BY_SOUTH = Contract(Seat(2), Trump.HEARTS)
# South takes the turned ten of spades in hearts; after six tricks North holds QS TD, West AH,
# South (the taker) TS JH and East AS AD. West and South have shown no diamond, North and East
# no heart, and no club is left.
SIX_TRICKS = "7H 8H KH QH 9D JD 8D 7D 7C QC 8C JC 9S 7S KS 8S QD KD TH 9H 9C KC TC AC"


def mask(text: str) -> int:
    return CardSet.parse(text).mask


def index(text: str) -> int:
    return mask(text).bit_length() - 1


def east_view() -> Beliefs:
    """East's beliefs in the seventh trick, which West led with the jack of spades."""
    return infer(
        seat_view(
            CLASSIC,
            Seat(3),
            hand="AS AD",
            dealer=Seat(0),
            turned="TS",
            contract=HEARTS_BY_SOUTH,
            plays=SIX_TRICKS + " JS",
        )
    )


def test_known_excluded_and_voids() -> None:
    beliefs = east_view()
    assert beliefs.seat is Seat.EAST
    assert beliefs.hand_sizes == (2, 1, 2, 2)
    assert beliefs.known_masks == (0, 0, mask("TS"), mask("AS AD"))
    assert beliefs.known(Seat.SOUTH) == CardSet.parse("TS")
    # every card not hidden, and each seat's voids: North and East in hearts and clubs, West
    # and South in diamonds and clubs; the hidden cards are QS TD AH JH
    hidden = mask("QS TD AH JH")
    voids = (mask("AH JH"), mask("TD"), mask("TD"), FULL & ~mask("AS AD"))
    assert beliefs.excluded_masks == tuple(
        FULL & ~(hidden | beliefs.known_masks[seat]) | voids[seat] for seat in Seat
    )
    assert beliefs.excluded(Seat.WEST) == CardSet(FULL & ~mask("QS AH JH"))
    assert beliefs.voids(Seat.NORTH) == {Suit.CLUBS, Suit.HEARTS}
    assert beliefs.voids(Seat.WEST) == {Suit.CLUBS, Suit.DIAMONDS}
    assert beliefs.voids(Seat.EAST) == {Suit.CLUBS, Suit.HEARTS}


def test_the_probabilities_after_25_rounds_of_fitting() -> None:
    # North must hold TD and one more card; the fit has not settled after its 25 rounds (the
    # spade queen sums to 1.02): the values those rounds give, North's ten of diamonds clipped
    # at 1 (the fit gives it 1.02)
    beliefs = east_view()
    nonzero = [
        {
            str(card): beliefs.probability(seat, card)
            for card in CardSet(FULL)
            if beliefs.probability(seat, card)
        }
        for seat in Seat
    ]
    assert nonzero == [
        {"QS": 0.978015715000711, "TD": 1.0},
        {"QS": 0.02105837822236248, "AH": 0.4894708108888188, "JH": 0.4894708108888188},
        {"QS": 0.02105837822236248, "TS": 1.0, "AH": 0.4894708108888188, "JH": 0.4894708108888188},
        {"AS": 1.0, "AD": 1.0},
    ]
    assert all(len(row) == 32 for row in beliefs.probabilities)
    assert len(beliefs.probabilities) == 4


def test_a_seat_with_no_card_left_holds_nothing() -> None:
    # the last trick: East led its last card; South sees TD and AH for North and West, one each
    # (West shows no diamond)
    beliefs = infer(
        seat_view(
            CLASSIC,
            Seat(2),
            hand="JH",
            dealer=Seat(0),
            turned="TS",
            contract=HEARTS_BY_SOUTH,
            plays=SIX_TRICKS + " JS TS AS QS AD",
        )
    )
    assert beliefs.hand_sizes == (1, 1, 1, 0)
    assert beliefs.probabilities[Seat.EAST] == (0.0,) * 32
    assert beliefs.probability(Seat.NORTH, Card.parse("TD")) == 1.0
    assert beliefs.probability(Seat.WEST, Card.parse("AH")) == 1.0
    assert sum(map(sum, beliefs.probabilities)) == 3.0


def test_voids_force_a_hand() -> None:
    beliefs = infer(late_view())  # South's view of North's hearts (tests/_player_helpers.py)
    assert beliefs.known_masks == (0, 0, mask("9S TS 9D TD"), 0)
    assert beliefs.hand_sizes == (3, 3, 4, 4)
    # West must hold its three cards: JS KS QD, North's hearts are likelier North's
    assert {str(card) for card in CardSet(FULL) if beliefs.probability(Seat.WEST, card) == 1.0} == {
        "KS",
        "QD",
        "JS",
    }
    assert beliefs.probability(Seat.NORTH, Card.parse("KH")) == pytest.approx(0.9553, abs=1e-4)


def test_before_the_contract() -> None:
    view = seat_view(CLASSIC, Seat(1), hand="7S 8S 9S TS 7D", dealer=Seat(0), turned="JH")
    beliefs = infer(view)
    mine, turned = mask("7S 8S 9S TS 7D"), mask("JH")
    hidden = FULL & ~(mine | turned)
    assert beliefs.seat is Seat.WEST
    assert beliefs.hand_sizes == (5, 5, 5, 5)
    assert beliefs.known_masks == (0, mine, 0, 0)
    # nobody holds the turned card yet
    assert beliefs.excluded_masks == (mine | turned, FULL & ~mine, mine | turned, mine | turned)
    for seat in Seat:
        expected = [float(mine >> card & 1) for card in range(32)]
        if seat != Seat.WEST:
            expected = [5 / 26 if hidden >> card & 1 else 0.0 for card in range(32)]
        assert beliefs.probabilities[seat] == tuple(expected)


def test_before_the_contract_without_a_turned_card() -> None:
    # coinche: the eight cards dealt, no turned card: the other 24 a third each
    view = seat_view(COINCHE, Seat(0), hand="AS KS QS JS AH KH QH JH", dealer=Seat(3))
    beliefs = infer(view)
    mine = mask("AS KS QS JS AH KH QH JH")
    assert beliefs.hand_sizes == (8, 8, 8, 8)
    assert beliefs.excluded_masks == (FULL & ~mine, mine, mine, mine)
    assert beliefs.probabilities[1] == tuple(0.0 if mine >> card & 1 else 1 / 3 for card in range(32))


def test_a_passed_out_deal_knows_the_own_hand_only() -> None:
    bidding = seat_view(CLASSIC, Seat(1), hand="7S 8S 9S TS 7D", dealer=Seat(0), turned="JH")
    passed = seat_view(
        CLASSIC, Seat(1), hand="7S 8S 9S TS 7D", dealer=Seat(0), turned="JH", auction=["pass"] * 8
    )
    assert passed.phase is Phase.PASSED_OUT
    assert passed.contract is None
    assert infer(passed) == infer(bidding)


class Scripted(random.Random):
    """A generator whose ``random()`` gives ``values`` in turn, and whose shuffle reverses."""

    def __new__(cls, *args: object, **kwargs: object) -> Scripted:
        # Python 3.10's random.Random seeds a subclass from the arguments given: not these
        return super().__new__(cls)

    def __init__(self, values: Iterable[float] = ()) -> None:
        super().__init__(0)
        self.values = list(values)
        self.draws = 0

    def random(self) -> float:
        self.draws += 1
        return self.values.pop(0) if self.values else 0.5

    def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
        x.reverse()


def test_greedy_deals_in_proportion_to_the_room() -> None:
    rng = Scripted([0.9, 1 / 3, 0.0])
    # 5 can go to seat 0 only; 6 anywhere, its draw (1/3 of 3 places) just past seat 0's room
    # lands on seat 1; 7 then has room with seat 2 only
    hands = inference._greedy([5, 6, 7], {5: [0], 6: [0, 1, 2], 7: [1, 2]}, [2, 1, 1], rng)
    assert hands == [1 << 5, 1 << 6, 1 << 7]
    assert rng.draws == 3  # one draw a card, a forced one too
    assert inference._greedy([3], {3: [0, 1]}, [1, 1, 0], Scripted([0.9])) == [0, 8, 0]
    # a seat without room is never drawn
    assert inference._greedy([3], {3: [0, 1]}, [1, 0, 0], Scripted([0.99])) == [8, 0, 0]
    assert inference._greedy([3], {3: [0, 1]}, [0, 1, 0], Scripted([0.0])) == [0, 8, 0]


def test_greedy_fails_when_a_card_finds_no_room() -> None:
    assert inference._greedy([3], {3: [2]}, [1, 0, 0], Scripted()) is None
    assert inference._greedy([3], {3: [0, 1]}, [0, 0, 1], Scripted()) is None
    assert inference._greedy([3, 4], {3: [0, 1], 4: [0]}, [1, 1, 0], Scripted([0.0])) is None


def test_search_backtracks() -> None:
    # the shuffle reverses: 5 tried on the second seat first
    assert inference._search([5, 6], {5: [0, 1], 6: [0, 1]}, [1, 1, 0], Scripted()) == [1 << 6, 1 << 5, 0]
    # with the order kept: 5 first goes to seat 0, 6 then finds no room and 5 moves on
    keep = Scripted()
    keep.shuffle = lambda x: None  # type: ignore[method-assign]
    assert inference._search([5, 6, 7], {5: [0, 1], 6: [0], 7: [0, 2]}, [1, 1, 1], keep) == [
        1 << 6,
        1 << 5,
        1 << 7,
    ]
    # 5 and 6 on seat 0 leave 7 no room: two steps back, seat 0's two places are free again
    assert inference._search([5, 6, 7], {5: [0, 1], 6: [0], 7: [0]}, [2, 1, 0], keep) == [
        1 << 6 | 1 << 7,
        1 << 5,
        0,
    ]


def test_search_refuses_when_nothing_fits() -> None:
    with pytest.raises(
        NoDealFitsError, match=r"^inconsistent beliefs: no deal fits what was observed$"
    ) as info:
        inference._search([0, 1], {0: [0], 1: [0]}, [1, 1, 0], Scripted())
    assert info.value.reason is Reason.BAD_ARGUMENT
    assert isinstance(info.value, BeloteError)


def test_sample_deals_the_fewest_choices_first(monkeypatch: pytest.MonkeyPatch) -> None:
    beliefs = infer(late_view())
    seen: list[list[int]] = []

    def greedy(cards: list[int], allowed: object, need: list[int], rng: random.Random) -> list[int]:
        seen.append(list(cards))
        assert need == [3, 3, 4]
        return [mask("KH QH TH"), mask("JS KS QD"), mask("TC JC QC KC")]

    monkeypatch.setattr(inference, "_greedy", greedy)
    # the draws order cards with as many choices: here in reverse
    rng = Scripted([1 - card / 32 for card in range(32)])
    hands = beliefs.sample(rng)
    clubs, two = [index(text) for text in ("TC", "JC", "QC", "KC")], ["QD", "TH", "QH", "KH", "JS", "KS"]
    assert seen == [list(reversed(clubs)) + [index(text) for text in reversed(two)]]
    assert hands == (mask("KH QH TH"), mask("JS KS QD"), mask("9S TS 9D TD"), mask("TC JC QC KC"))


def test_sample_tries_30_quick_deals_then_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    beliefs = infer(late_view())
    calls: list[str] = []

    def greedy(cards: list[int], allowed: dict[int, list[int]], need: list[int], rng: random.Random) -> None:
        calls.append("greedy")

    def search(
        cards: list[int], allowed: dict[int, list[int]], need: list[int], rng: random.Random
    ) -> list[int]:
        calls.append("search")
        assert rng is given
        assert sorted(cards) == sorted(allowed)
        assert need == [3, 3, 4]
        assert allowed[index("QD")] == [0, 1]
        assert allowed[index("TC")] == [2]
        return [mask("KH QH TH"), mask("JS KS QD"), mask("TC JC QC KC")]

    monkeypatch.setattr(inference, "_greedy", greedy)
    monkeypatch.setattr(inference, "_search", search)
    given = random.Random(1)
    hands = beliefs.sample(given)
    assert calls == ["greedy"] * 30 + ["search"]
    assert hands == (mask("KH QH TH"), mask("JS KS QD"), mask("9S TS 9D TD"), mask("TC JC QC KC"))


def test_sample_stops_at_the_first_quick_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    beliefs = infer(late_view())
    calls: list[int] = []
    deals = [None, [mask("KH QH TH"), mask("JS KS QD"), mask("TC JC QC KC")]]

    def greedy(cards: list[int], allowed: object, need: object, rng: random.Random) -> list[int] | None:
        calls.append(1)
        return deals[len(calls) - 1]

    monkeypatch.setattr(inference, "_greedy", greedy)
    assert beliefs.sample(random.Random(1))[Seat.EAST] == mask("TC JC QC KC")
    assert len(calls) == 2


def test_a_real_sample() -> None:
    hands = infer(late_view()).sample(random.Random(3))
    assert hands[Seat.SOUTH] == mask("9S TS 9D TD")
    assert hands[Seat.EAST] == mask("TC JC QC KC")
    assert hands[Seat.WEST] == mask("JS KS QD")
    assert hands[Seat.NORTH] == mask("KH QH TH")


def test_samples_fit_the_view() -> None:
    # East's view: South holds the turned ten; North TD and one of QS AH JH, West one of those
    beliefs = east_view()
    unplayed = mask("QS TD AH JH TS AS AD")
    for seed in range(10):
        north, west, south, east = beliefs.sample(random.Random(seed))
        assert (east, south & mask("TS"), north & mask("TD")) == (mask("AS AD"), mask("TS"), mask("TD"))
        assert [hand.bit_count() for hand in (north, west, south, east)] == [2, 1, 2, 2]
        assert north | west | south | east == unplayed
        assert not west & mask("TD")


NOTHING = tuple((0.0,) * 32 for _ in range(4))


def test_beliefs_no_deal_fits_are_refused() -> None:
    # the diamond seven may be nowhere: 23 hidden cards for 24 places
    nowhere = Beliefs(Seat(0), (8, 8, 8, 8), (0xFF, 0, 0, 0), (0, 1 << 8, 1 << 8, 1 << 8), NOTHING)
    with pytest.raises(NoDealFitsError, match=r"^inconsistent beliefs: cannot deal the hidden cards$"):
        nowhere.sample(random.Random(1))
    # or 24 hidden cards for 23 places
    short = Beliefs(Seat(0), (8, 7, 8, 8), (0xFF, 0, 0, 0), (0, 0, 0, 0), NOTHING)
    with pytest.raises(NoDealFitsError, match=r"^inconsistent beliefs: cannot deal the hidden cards$"):
        short.sample(random.Random(1))
    # the diamonds and the seven of hearts only West may hold: 9 cards for its 8
    ruled_out = 0xFF00 | 1 << 16
    crowded = Beliefs(Seat(0), (8, 8, 8, 8), (0xFF, 0, 0, 0), (0, 0, ruled_out, ruled_out), NOTHING)
    with pytest.raises(NoDealFitsError) as info:
        crowded.sample(random.Random(1))
    assert str(info.value) == (
        "inconsistent beliefs: no deal fits: 9 hidden cards can only be in seat 1's hand, which holds 8"
    )
    assert info.value.reason is Reason.BAD_ARGUMENT


def test_beliefs_are_frozen_and_unordered() -> None:
    beliefs = east_view()
    with pytest.raises(AttributeError):
        beliefs.seat = Seat.NORTH  # type: ignore[misc]
    with pytest.raises(TypeError):
        assert beliefs < beliefs  # type: ignore[operator]
    assert beliefs == east_view()


def test_a_sample_before_the_first_card() -> None:
    # nothing played: every card but South's is hidden (the seven of clubs, card 0, among them),
    # West, the taker, holds the turned jack
    view = seat_view(
        CLASSIC,
        Seat(2),
        hand="7D 8D 9D TD 7S 8S 9S TS",
        dealer=Seat(0),
        turned="JH",
        contract=Contract(Seat(1), Trump.HEARTS),
    )
    for seed in range(5):
        hands = infer(view).sample(random.Random(seed))
        assert [hand.bit_count() for hand in hands] == [8, 8, 8, 8]
        assert hands[0] | hands[1] | hands[2] | hands[3] == FULL
        assert hands[1] & mask("JH")
        assert hands[2] == mask("7D 8D 9D TD 7S 8S 9S TS")
