"""Exact readings of belote.agents.reading that mutation testing (mutmut 3.8) found untested by
the fast tests (tests/test_reading.py plays whole deals and is left out of the mutation run):
the evidence of a hand-built view (what each seat saw, its side), the misplays counted per seat
(a forced card, the limit, the memo, the compiled count for the normal heuristics), the deals
kept and their weights (the beliefs, the evidence, the auction and the generator's choice
replaced by stand-ins), the sampler of one decision and the checks of the settings."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import cast

import pytest

import belote.agents.reading as reading
from _player_helpers import HANDS, late_view, number
from belote import CLASSIC, BeloteError, CardSet, Contract, PlayerView, Reason, Seat, Trump, seat_view
from belote.agents.auction_reading import AuctionEvidence
from belote.agents.inference import Beliefs
from belote.agents.reading import (
    MISPLAY_WEIGHT,
    READING_DRAWS,
    PlayEvidence,
    SeenPlay,
    check_reading,
    count_misplays,
    play_evidence,
    read_sample,
)
from belote.agents.sim import compiled_kernel, normal_policy

FULL = (1 << 32) - 1
TRUE_HANDS = (HANDS[0], HANDS[1], HANDS[2], HANDS[3])


def mask(text: str) -> int:
    return CardSet.parse(text).mask


def test_the_settings() -> None:
    assert (MISPLAY_WEIGHT, READING_DRAWS, reading._GIVE_UP) == (0.02, 32, 2)


def test_the_evidence_of_a_view() -> None:
    # South's view of North's hearts (tests/_player_helpers.py): West, East, North and West
    # again played the first trick's cards after South's ace... its own cards are no evidence
    evidence = play_evidence(late_view())
    assert (evidence.mode, evidence.variant) == (Trump.HEARTS, CLASSIC)
    assert len(evidence.plays) == 14
    first, second, third = evidence.plays[:3]
    assert first == SeenPlay(1, number("AS"), (), 0, mask("AS 7H AD JD 9C"), False)
    assert second == SeenPlay(
        3, number("7C"), (number("AS"), number("7S")), mask("AS 7S"), mask("8H AC 8C 7C"), False
    )
    assert third == SeenPlay(
        0,
        number("QS"),
        (number("AS"), number("7S"), number("7C")),
        mask("AS 7S 7C"),
        mask("QS AH JH 9H KD"),
        True,
    )
    # the second trick starts empty, with the first one's cards gone
    assert evidence.plays[3] == SeenPlay(1, number("9C"), (), mask("AS QS 7S 7C"), mask("7H AD JD 9C"), False)
    assert evidence.plays[-1] == SeenPlay(
        1,
        number("JD"),
        (number("AH"),),
        mask("AS QS 8S 7S AH JH 9H 8H 7H AD KD 8D 7D AC 9C 8C 7C"),
        mask("JD"),
        False,
    )
    assert [len(plays) for plays in evidence.plays_by_seat] == [5, 5, 0, 4]
    assert all(seen.seat == seat for seat, plays in enumerate(evidence.plays_by_seat) for seen in plays)


def test_the_attack_is_the_takers_side() -> None:
    # West takes: West and East attack
    view = seat_view(
        CLASSIC,
        Seat(0),
        hand="8S 9S TS 7D 8D 9D TD",
        dealer=Seat(0),
        turned="JH",
        contract=Contract(Seat(1), Trump.HEARTS),
        plays="AC 8C KC 7S",
    )
    evidence = play_evidence(view)
    assert [(seen.seat, seen.attacking) for seen in evidence.plays] == [(1, True), (2, False), (3, True)]
    assert [CardSet(seen.later) for seen in evidence.plays] == [
        CardSet.parse(card) for card in ("AC", "8C", "KC")
    ]


def test_no_evidence_before_the_contract() -> None:
    view = seat_view(CLASSIC, Seat(1), hand="7S 8S 9S TS 7D", dealer=Seat(0), turned="JH")
    with pytest.raises(BeloteError, match=r"^no contract yet: nothing has been played$") as info:
        play_evidence(view)
    assert info.value.reason is Reason.WRONG_PHASE


def test_misplays_per_seat_limit_and_memo() -> None:
    evidence = play_evidence(late_view())
    # the normal heuristics would not have made 4 of North's plays, 1 of West's, 3 of East's
    counts = [
        count_misplays(plays, TRUE_HANDS[seat], Trump.HEARTS, CLASSIC, normal_policy)
        for seat, plays in enumerate(evidence.plays_by_seat)
    ]
    assert counts == [4, 1, 0, 3]
    assert evidence.misplays(TRUE_HANDS) == 8
    # counting stops once past the limit, after a whole seat
    assert [evidence.misplays(TRUE_HANDS, limit=limit) for limit in range(9)] == [4, 4, 4, 4, 5, 8, 8, 8, 8]
    memo: dict[tuple[int, int], int] = {}
    assert evidence.misplays(TRUE_HANDS, memo=memo) == 8
    assert memo == {(0, TRUE_HANDS[0]): 4, (1, TRUE_HANDS[1]): 1, (3, TRUE_HANDS[3]): 3}
    # a remembered count is taken as it is
    memo[(0, TRUE_HANDS[0])] = 10
    assert evidence.misplays(TRUE_HANDS, memo=memo) == 14


def test_the_normal_heuristics_are_counted_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    if compiled_kernel() is None:
        pytest.skip("the compiled kernel is not built")
    evidence = play_evidence(late_view())
    # one count a seat that played (South, the viewer, played none to read)
    assert [counter is None for counter in evidence.counters] == [False, False, True, False]

    def refused(*args: object) -> int:
        raise AssertionError("counted in Python")

    monkeypatch.setattr(reading, "count_misplays", refused)
    assert evidence.misplays(TRUE_HANDS) == 8


def test_another_policy_is_asked_in_python() -> None:
    evidence = play_evidence(late_view())
    asked: list[int] = []

    def never(hand: int, legal: int, trick: Sequence[int], mode: int, unseen: int, attacking: bool) -> int:
        asked.append(legal)
        return -1

    # every card chosen among several is a misplay to it: 12 of the 14 plays
    assert evidence.misplays(TRUE_HANDS, policy=never) == len(asked) == 12


def test_count_misplays_asks_the_policy_what_the_seat_saw() -> None:
    asked: list[tuple[object, ...]] = []

    def lowest(hand: int, legal: int, trick: Sequence[int], mode: int, unseen: int, attacking: bool) -> int:
        asked.append((hand, legal, tuple(trick), mode, unseen, attacking))
        return (legal & -legal).bit_length() - 1

    plays = [
        # a lead from 7C 9D 7S 8S AD: the policy would have led 7C
        SeenPlay(1, number("7S"), (), mask("8D"), mask("7S 7C 8S 9D"), True),
        # the only club (7C, card number 0) and the only spade: forced, counted for nothing
        SeenPlay(1, number("7C"), (number("AC"),), mask("8D 7S AC"), mask("7C 8S 9D"), True),
        SeenPlay(1, number("8S"), (number("QS"),), mask("8D 7S AC 7C QS"), mask("8S 9D"), True),
        # 9D led from 9D AD: as the policy would
        SeenPlay(1, number("9D"), (), mask("8D 7S AC 7C QS 8S"), mask("9D"), False),
    ]
    assert count_misplays(plays, mask("AD"), Trump.HEARTS, CLASSIC, lowest) == 1
    # the unseen cards: all but the hand then and the cards gone (the seven of clubs among them)
    led = SeenPlay(2, number("8S"), (), mask("AD"), mask("8S"), False)
    assert count_misplays([led], mask("9S"), Trump.HEARTS, CLASSIC, lowest) == 0
    assert asked[-1] == (mask("8S 9S"), mask("8S 9S"), (), Trump.HEARTS, FULL & ~mask("8S 9S AD"), False)
    assert asked[:2] == [
        (
            mask("7S 7C 8S 9D AD"),
            mask("7S 7C 8S 9D AD"),
            (),
            Trump.HEARTS,
            FULL & ~mask("7S 7C 8S 9D AD 8D"),
            True,
        ),
        (mask("9D AD"), mask("9D AD"), (), Trump.HEARTS, FULL & ~mask("9D AD 8D 7S AC 7C QS 8S"), False),
    ]


Deal = tuple[int, int, int, int]


class DealsInTurn:
    """Draws the deals ``(0, 0, 0, 0)``, ``(1, 0, 0, 0)``, ... in turn."""

    def __init__(self) -> None:
        self.drawn = 0

    def sample(self, rng: random.Random) -> Deal:
        self.drawn += 1
        return (self.drawn - 1, 0, 0, 0)


class Evidence:
    """Misplays ``counts[deal]`` for deal number ``deal``; keeps the limits and memos asked."""

    def __init__(self, counts: Sequence[int]) -> None:
        self.plays = (None,) if counts else ()
        self.counts = counts
        self.asked: list[tuple[int, object]] = []

    def misplays(self, hands: Deal, limit: int = 32, memo: object = None) -> int:
        self.asked.append((limit, memo))
        return self.counts[hands[0]]


class Choice:
    """A generator's ``choices``: keeps the deals and weights offered and picks the deal at ``pick``."""

    def __init__(self, pick: int = 0) -> None:
        self.pick = pick
        self.offered: list[tuple[list[Deal], list[float]]] = []

    def choices(self, population: Sequence[Deal], weights: Sequence[float]) -> list[Deal]:
        self.offered.append((list(population), list(weights)))
        return [population[self.pick]]


def read(
    counts: Sequence[int], rng: Choice, draws: int = 6, weight: float = 0.5, **kwargs: object
) -> tuple[Deal, DealsInTurn, Evidence]:
    """``read_sample`` of the deals drawn in turn with misplays ``counts`` (by deal number)."""
    beliefs, evidence = DealsInTurn(), Evidence(counts)
    chosen = cast(random.Random, rng)
    deal = read_sample(cast(Beliefs, beliefs), cast(PlayEvidence, evidence), chosen, draws, weight, **kwargs)  # type: ignore[arg-type]
    return deal, beliefs, evidence


def test_deals_kept_and_weighed_by_their_misplays() -> None:
    rng, memo = Choice(pick=2), {(0, 0): 0}
    deal, beliefs, evidence = read([5, 1, 4, 2, 1, 3], rng, memo=memo)
    # each deal's limit is 2 past the fewest so far; 4 is dropped then, 5 kept before the 1
    assert evidence.asked == [((1 << 30) + 2, memo), (7, memo), (3, memo), (3, memo), (3, memo), (3, memo)]
    assert rng.offered == [
        (
            [(0, 0, 0, 0), (1, 0, 0, 0), (3, 0, 0, 0), (4, 0, 0, 0), (5, 0, 0, 0)],
            [0.5**4, 1.0, 0.5, 1.0, 0.25],
        )
    ]
    assert deal == (3, 0, 0, 0)
    assert beliefs.drawn == 6


def test_the_default_draws_and_weight() -> None:
    rng = Choice()
    beliefs, evidence = DealsInTurn(), Evidence([1, 0] * 16)
    read_sample(cast(Beliefs, beliefs), cast(PlayEvidence, evidence), cast(random.Random, rng))
    assert beliefs.drawn == 32
    assert rng.offered[0][1] == [0.02, 1.0] * 16


def test_one_draw_or_nothing_to_read_is_the_first_deal() -> None:
    deal, beliefs, evidence = read([3], Choice(), draws=1)
    assert (deal, beliefs.drawn, evidence.asked) == ((0, 0, 0, 0), 1, [])
    deal, beliefs, evidence = read([], Choice(), draws=5)
    assert (deal, beliefs.drawn, evidence.asked) == ((0, 0, 0, 0), 1, [])


class Auction:
    """Misses ``misses[deal]`` for deal number ``deal``; keeps what it was asked."""

    def __init__(self, misses: Sequence[int]) -> None:
        self.misses_of = misses
        self.asked: list[tuple[int, object, object]] = []

    def misses(self, hands: Deal, rng: random.Random, memo: object = None) -> int:
        self.asked.append((hands[0], rng, memo))
        return self.misses_of[hands[0]]


def test_the_auction_weighs_the_deals_kept() -> None:
    rng, memo, auction_memo = Choice(pick=1), {(1, 1): 1}, {(2, 2): 2}
    auction = Auction([9, 0, 1, 2])
    deal, _, evidence = read(
        [5, 1, 3, 2],
        rng,
        draws=4,
        weight=0.1,
        memo=memo,
        auction=cast(AuctionEvidence, auction),
        auction_weight=0.5,
        auction_memo=auction_memo,
    )
    # the first deal, kept before the fewest fell to 1, is dropped unread
    assert rng.offered[0][1] == [0.0, 1.0, 0.1**2 * 0.5, 0.1 * 0.5**2]
    assert auction.asked == [(1, rng, auction_memo), (2, rng, auction_memo), (3, rng, auction_memo)]
    assert deal == (1, 0, 0, 0)
    assert evidence.asked[0] == ((1 << 30) + 2, memo)


def test_the_auction_alone_is_read() -> None:
    rng = Choice(pick=1)
    deal, beliefs, evidence = read([], rng, draws=3, auction=cast(AuctionEvidence, Auction([2, 0, 1])))
    assert evidence.asked == []
    assert beliefs.drawn == 3
    assert rng.offered[0][1] == [0.2**2, 1.0, 0.2]  # the default auction weight
    assert deal == (1, 0, 0, 0)


def test_the_sampler_of_one_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Beliefs, PlayEvidence, random.Random, int, dict[str, object]]] = []

    def spy(
        beliefs: Beliefs, evidence: PlayEvidence, rng: random.Random, draws: int, **kwargs: object
    ) -> Deal:
        calls.append((beliefs, evidence, rng, draws, kwargs))
        return (1, 2, 3, 4)

    monkeypatch.setattr(reading, "read_sample", spy)
    view = late_view()
    sample: Callable[[random.Random], Deal] = reading.deal_sampler(view, draws=5)
    rng = random.Random(1)
    assert sample(rng) == (1, 2, 3, 4)
    assert sample(rng) == (1, 2, 3, 4)
    (beliefs, evidence, given, draws, kwargs), again = calls
    assert beliefs.known_masks[2] == view.hand.mask
    assert evidence == play_evidence(view)
    assert (given, draws, list(kwargs)) == (rng, 5, ["memo"])
    assert kwargs["memo"] == {}
    assert again[4]["memo"] is kwargs["memo"]
    assert again[0] is beliefs
    assert again[1] is evidence
    # read from the auction too: one memo each, kept between the deals
    calls.clear()
    auctioned = reading.deal_sampler(bidding_then_play_view(), auction_weight=0.3)
    auctioned(rng)
    auctioned(rng)
    (beliefs, evidence, given, draws, kwargs), again = calls
    assert beliefs.seat == Seat.WEST
    assert evidence == play_evidence(bidding_then_play_view())
    assert given is rng
    assert draws == READING_DRAWS
    assert sorted(kwargs) == ["auction", "auction_memo", "auction_weight", "memo"]
    assert kwargs["auction_weight"] == 0.3
    assert isinstance(kwargs["auction"], AuctionEvidence)
    assert kwargs["memo"] == {}
    assert kwargs["auction_memo"] == {}
    assert kwargs["memo"] is not kwargs["auction_memo"]
    assert again[4]["memo"] is kwargs["memo"]
    assert again[4]["auction_memo"] is kwargs["auction_memo"]


def bidding_then_play_view() -> PlayerView:
    """West's view after North took the turned jack in hearts and led the ace of spades."""
    return seat_view(
        CLASSIC, Seat(1), hand="7S 8S 9S TS 7D 8D 9D TD", dealer=Seat(3), turned="JH", auction="H", plays="AS"
    )


@pytest.mark.parametrize("draws", [0, -1, True, 1.0, "2", None])
def test_bad_draws_are_refused(draws: object) -> None:
    with pytest.raises(BeloteError, match=r"^reading must be a whole number of draws >= 1, got ") as info:
        check_reading(draws)
    assert str(info.value).endswith(f"got {draws!r}")
    assert info.value.reason is Reason.BAD_ARGUMENT


@pytest.mark.parametrize("weight", [-0.01, 1.01, 2, True, "0.5", None])
def test_bad_weights_are_refused(weight: object) -> None:
    with pytest.raises(BeloteError, match=r"^the misplay weight must be from 0 to 1, got ") as info:
        check_reading(1, weight)
    assert str(info.value).endswith(f"got {weight!r}")
    assert info.value.reason is Reason.BAD_ARGUMENT


@pytest.mark.parametrize(("draws", "weight"), [(1, 0), (2, 1), (1, 0.0), (1, 1.0), (64, 0.5)])
def test_good_settings_pass(draws: int, weight: float) -> None:
    check_reading(draws, weight)
    check_reading(draws)


def test_without_the_compiled_kernel_the_count_is_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reading, "compiled_kernel", lambda: None)
    evidence = play_evidence(late_view())
    assert evidence.counters == (None, None, None, None)
    assert evidence.misplays(TRUE_HANDS) == 8


def test_evidence_is_frozen_and_compared_by_its_plays() -> None:
    evidence = play_evidence(late_view())
    # the per-seat plays and counters are derived: neither given, shown nor compared
    assert evidence == play_evidence(late_view())
    assert "plays_by_seat" not in repr(evidence)
    assert "counters" not in repr(evidence)
    with pytest.raises(TypeError):
        PlayEvidence(plays=(), mode=0, variant=CLASSIC, plays_by_seat=())  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        PlayEvidence(plays=(), mode=0, variant=CLASSIC, counters=())  # type: ignore[call-arg]
    with pytest.raises(AttributeError):
        evidence.plays[0].card = 0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        evidence.mode = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        assert evidence.plays[0] < evidence.plays[1]  # type: ignore[operator]
    with pytest.raises(TypeError):
        assert evidence < evidence  # type: ignore[operator]


def test_the_sampler_reads_the_auction_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    kwargs_seen: list[list[str]] = []

    def spy(
        beliefs: Beliefs, evidence: PlayEvidence, rng: random.Random, draws: int, **kwargs: object
    ) -> Deal:
        kwargs_seen.append(sorted(kwargs))
        return (1, 2, 3, 4)

    def unread(view: PlayerView) -> None:
        raise AssertionError("the auction read")

    monkeypatch.setattr(reading, "read_sample", spy)
    with monkeypatch.context() as patched:
        patched.setattr(reading, "auction_evidence", unread)
        reading.deal_sampler(bidding_then_play_view())(random.Random(1))
    # a contract given without its auction: no call to read, the plain reading
    reading.deal_sampler(late_view(), auction_weight=0.3)(random.Random(1))
    assert kwargs_seen == [["memo"], ["memo"]]
    with pytest.raises(
        BeloteError, match=r"^auction_weight must be None or a number above 0 and at most 1, got 0$"
    ):
        reading.deal_sampler(late_view(), auction_weight=0)
    with pytest.raises(BeloteError, match=r"^reading must be a whole number of draws >= 1, got 0$"):
        reading.deal_sampler(late_view(), draws=0)


def test_read_sample_checks_the_weight() -> None:
    with pytest.raises(BeloteError, match=r"^the misplay weight must be from 0 to 1, got 2$"):
        read([1], Choice(), weight=2)
    with pytest.raises(BeloteError, match=r"^reading must be a whole number of draws >= 1, got 0$"):
        read([1], Choice(), draws=0)
