"""Scoring properties over random valid tallies (Hypothesis): what a deal is worth in total,
what belote adds, and where held points go."""

from __future__ import annotations

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from belote import BULGARIAN, CLASSIC, CLASSIC_501, Seat, Team, Trump, Variant
from belote.bidding import Contract
from belote.rounding import round_single
from belote.scoring import DealScore, Outcome, Tally, score_deal
from belote.trumps import deck_points
from belote.variants import Rounding

PROPERTY = settings(max_examples=150, deadline=None)
SUITS = (Trump.CLUBS, Trump.DIAMONDS, Trump.HEARTS, Trump.SPADES)


@st.composite
def tallies(draw: st.DrawFn, trump: Trump, *, capot: bool | None = False) -> Tally:
    """A valid tally: tricks per seat summing to 8, a last-trick seat that won a trick, card
    points summing to the deck's and none for a team without tricks. ``capot``: ``False`` never
    a sweep, ``True`` always one, ``None`` either."""
    total = deck_points(trump)
    if capot:
        team = draw(st.sampled_from(Team))
        first = draw(st.integers(0, 8))
        tricks = [0, 0, 0, 0]
        tricks[team], tricks[team + 2] = first, 8 - first
    else:
        cuts = sorted(draw(st.lists(st.integers(0, 8), min_size=3, max_size=3)))
        tricks = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 8 - cuts[2]]
        if capot is False and (tricks[0] + tricks[2] in (0, 8)):
            tricks = [4, 1, 2, 1] if tricks[0] + tricks[2] == 8 else [1, 3, 0, 4]
    team0 = tricks[0] + tricks[2]
    if team0 == 0:
        points = 0
    elif team0 == 8:
        points = total
    else:
        points = draw(st.integers(0, total))
    last = draw(st.sampled_from([seat for seat in Seat if tricks[seat]]))
    return Tally(card_points=(points, total - points), tricks=tuple(tricks), last_trick=last)


def _sheet_change(result: DealScore, carry: int) -> int:
    """Points written this deal plus the change of the held points."""
    return sum(result.points) + result.carry - carry


@PROPERTY
@given(
    trump=st.sampled_from(SUITS),
    data=st.data(),
    taker=st.sampled_from(Seat),
    carry=st.integers(0, 400),
    variant=st.sampled_from([CLASSIC, CLASSIC_501, attrs.evolve(CLASSIC, tie_rule="takers_make")]),
)
def test_classic_deal_is_worth_162(
    trump: Trump, data: st.DataObject, taker: Seat, carry: int, variant: Variant
) -> None:
    tally = data.draw(tallies(trump))
    result = score_deal(variant, Contract(taker, trump), tally, carry)
    assert result.outcome in (Outcome.MADE, Outcome.FAILED, Outcome.LITIGE)
    assert _sheet_change(result, carry) == 162
    assert min(result.points) >= 0
    b = result.breakdown
    assert sum(b.totals) == 162
    if result.outcome is Outcome.MADE:
        if variant.tie_rule.value == "takers_make":
            assert b.totals[taker.team] >= b.totals[taker.team.other]
        else:
            assert b.totals[taker.team] > b.totals[taker.team.other]
            assert result.points[taker.team] >= 82 + carry


@PROPERTY
@given(
    data=st.data(),
    taker=st.sampled_from(Seat),
    owner=st.sampled_from(Seat),
    capot=st.sampled_from([False, None]),
)
def test_belote_adds_exactly_20_to_its_owner(
    data: st.DataObject, taker: Seat, owner: Seat, capot: bool | None
) -> None:
    tally = data.draw(tallies(Trump.HEARTS, capot=capot))
    with_belote = attrs.evolve(tally, belotes=(owner,))
    for variant in (CLASSIC, attrs.evolve(CLASSIC, litige_belote="outside"), CLASSIC_501):
        plain = score_deal(variant, Contract(taker, Trump.HEARTS), tally)
        more = score_deal(variant, Contract(taker, Trump.HEARTS), with_belote)
        if plain.outcome is more.outcome:
            gained = [more.points[team] - plain.points[team] for team in Team]
            assert gained[owner.team] == 20
            assert gained[owner.team.other] == 0
            assert more.carry == plain.carry
        else:
            # belote decides the contract only when it counts in the totals
            assert variant.litige_belote.value == "in_totals"
            assert more.breakdown.totals[owner.team] == plain.breakdown.totals[owner.team] + 20


@PROPERTY
@given(
    data=st.data(),
    taker=st.sampled_from(Seat),
    second_taker=st.sampled_from(Seat),
    trump=st.sampled_from(SUITS),
)
def test_litige_then_a_decided_deal_pays_the_carry_to_its_winner(
    data: st.DataObject, taker: Seat, second_taker: Seat, trump: Trump
) -> None:
    tricks = data.draw(st.sampled_from([(4, 0, 0, 4), (2, 2, 2, 2), (1, 3, 3, 1), (5, 1, 0, 2)]))
    takers = taker.team
    last = data.draw(st.sampled_from([seat for seat in Seat if tricks[seat]]))
    # a tie: the takers' total (with the last trick if theirs) equals the defenders'
    bonus = [0, 0]
    bonus[last.team] = 10
    takers_points = 81 - bonus[takers]
    card_points = [0, 0]
    card_points[takers], card_points[takers.other] = takers_points, 152 - takers_points
    tie = Tally(card_points=tuple(card_points), tricks=tricks, last_trick=last)
    litige = score_deal(CLASSIC, Contract(taker, trump), tie)
    assert litige.outcome is Outcome.LITIGE
    assert litige.carry == 81
    assert litige.points[takers] == 0
    assert litige.points[takers.other] == 81
    tally = data.draw(tallies(trump))
    alone = score_deal(CLASSIC, Contract(second_taker, trump), tally)
    after = score_deal(CLASSIC, Contract(second_taker, trump), tally, litige.carry)
    if alone.outcome is Outcome.LITIGE:
        assert after.points == alone.points
        assert after.carry == 81 + 81
    else:
        assert alone.winner is not None
        assert after.winner is alone.winner
        assert after.points[alone.winner] == alone.points[alone.winner] + 81
        assert after.points[alone.winner.other] == alone.points[alone.winner.other]
        assert after.carry == 0


def _bulgarian_expected(trump: Trump, multiplier: int, variant: Variant) -> int:
    """Game points of a deal without declarations, belot or valat (rules B13, B14)."""
    whole = 260 if trump is Trump.NO_TRUMPS else deck_points(trump) + 10
    if multiplier == 1 or variant.contra_round_order.value == "round_then_multiply":
        return round_single(whole, trump, Rounding.GAME_POINTS) * multiplier
    return round_single(whole * multiplier, trump, Rounding.GAME_POINTS)


@PROPERTY
@given(
    trump=st.sampled_from(tuple(Trump)),
    data=st.data(),
    taker=st.sampled_from(Seat),
    multiplier=st.sampled_from([1, 1, 2, 4]),
    carry=st.integers(0, 60),
    order=st.sampled_from(["round_then_multiply", "multiply_then_round"]),
)
def test_bulgarian_deal_is_worth_16_or_26(
    trump: Trump, data: st.DataObject, taker: Seat, multiplier: int, carry: int, order: str
) -> None:
    variant = attrs.evolve(BULGARIAN, contra_round_order=order)
    tally = data.draw(tallies(trump))
    result = score_deal(variant, Contract(taker, trump, multiplier), tally, carry)
    expected = _bulgarian_expected(trump, multiplier, variant)
    if multiplier == 1 or order == "round_then_multiply":
        assert expected == (16 if trump.is_suit else 26) * multiplier
    assert _sheet_change(result, carry) == expected
    if multiplier > 1 and result.winner is not None:
        assert result.points[result.winner.other] == 0  # the winner takes everything
        assert result.points[result.winner] == expected + carry


@PROPERTY
@given(
    trump=st.sampled_from(tuple(Trump)),
    data=st.data(),
    taker=st.sampled_from(Seat),
    carry=st.integers(0, 400),
    variant=st.sampled_from([CLASSIC, CLASSIC_501, BULGARIAN, attrs.evolve(CLASSIC, capot_by="takers_only")]),
)
def test_breakdown_explains_the_points(
    trump: Trump, data: st.DataObject, taker: Seat, carry: int, variant: Variant
) -> None:
    if trump not in variant.contracts:
        trump = Trump.SPADES
    tally = data.draw(tallies(trump, capot=None))
    belote_suits = {Trump.NO_TRUMPS: 0, Trump.ALL_TRUMPS: 4}.get(trump, 1)
    belotes = data.draw(st.lists(st.sampled_from(Seat), max_size=belote_suits))
    tally = attrs.evolve(tally, belotes=tuple(belotes))
    result = score_deal(variant, Contract(taker, trump), tally, carry)
    b = result.breakdown
    for team in Team:
        assert b.totals[team] == (
            (b.card_points[team] + b.last_trick[team]) * b.no_trumps_factor
            + b.capot_bonus[team]
            + b.belote[team]
            + b.declarations[team]
        )
    assert b.belote == (20 * sum(s.team == 0 for s in belotes), 20 * sum(s.team == 1 for s in belotes))
    assert (result.capot is not None) == (8 in (tally.team_tricks(Team(0)), tally.team_tricks(Team(1))))
    if variant.rounding is Rounding.NONE:
        assert (b.rounded, b.held_rounded) == (None, None)
        assert tuple(w + c for w, c in zip(b.written_raw, b.carry_paid, strict=True)) == result.points
        assert result.carry == carry - sum(b.carry_paid) + b.held
    else:
        assert b.rounded is not None
        assert b.held_rounded is not None
        assert tuple(r + c for r, c in zip(b.rounded, b.carry_paid, strict=True)) == result.points
        assert result.carry == carry - sum(b.carry_paid) + b.held_rounded
        assert f"rounded {b.rounded[0]} - {b.rounded[1]}" in b.lines()
    assert min(result.points) >= 0
    assert result.carry >= 0
    assert sum(b.carry_paid) in (0, carry)
    lines = b.lines()
    assert f"totals {b.totals[0]} - {b.totals[1]}" in lines
