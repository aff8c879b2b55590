"""A match refuses what does not belong to it with an exact message (docs/rules/classic.md C21,
docs/rules/bulgarian.md B15), and its records say what each deal wrote."""

from __future__ import annotations

import random
import re

import attrs
import pytest

from _score_helpers import score
from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    ArgumentTypeError,
    BeloteError,
    Match,
    MatchError,
    Pass,
    Phase,
    PhaseError,
    Reason,
    RoundState,
    Seat,
    Team,
    Trump,
    bid,
    deal,
    legal_bids,
    legal_moves,
    match,
    play,
)

H = Trump.HEARTS


def finish(state: RoundState) -> RoundState:
    while state.phase is Phase.BIDDING:
        state = bid(state, legal_bids(state)[-1])
    while state.phase is Phase.PLAYING:
        state = play(state, next(iter(legal_moves(state))))
    return state


def test_a_finished_match_refuses_more_deals() -> None:
    over = attrs.evolve(match(CLASSIC, seed=1), scores=(950, 0))
    over = over.record(score(CLASSIC, H, (92, 60), (5, 3)))
    assert over.winner is Team(0)
    assert over.is_over
    for action in (over.deal, lambda: over.record(score(CLASSIC, H, (92, 60), (5, 3)))):
        with pytest.raises(MatchError) as caught:
            action()
        assert str(caught.value) == "the match is over: team 0 won"
        assert caught.value.reason is Reason.MATCH_OVER


def test_a_round_of_another_dealer_or_variant() -> None:
    current = match(CLASSIC, seed=3, first_dealer=Seat(1))
    assert not current.is_over
    with pytest.raises(MatchError) as caught:
        current.record(finish(deal(CLASSIC, dealer=Seat(2), seed=3)))
    assert str(caught.value) == (
        "this round was dealt by seat 2 under classic; the match expects seat 1 under classic"
    )
    assert caught.value.reason is Reason.WRONG_ROUND
    with pytest.raises(MatchError) as caught:
        current.record(finish(deal(CLASSIC_501, dealer=Seat(1), seed=3)))
    assert str(caught.value) == (
        "this round was dealt by seat 1 under classic_501; the match expects seat 1 under classic"
    )


def test_an_unfinished_round_message() -> None:
    current = match(CLASSIC, seed=3)
    with pytest.raises(PhaseError) as caught:
        current.record(current.deal())
    assert str(caught.value) == "the round is not over (bidding): finish it before recording it"
    assert caught.value.reason is Reason.ROUND_NOT_FINISHED


def test_a_deal_scored_with_another_carry_message() -> None:
    current = attrs.evolve(match(CLASSIC, seed=1), carry=81)
    with pytest.raises(MatchError) as caught:
        current.record(score(CLASSIC, H, (92, 60), (5, 3)))
    assert str(caught.value) == "the deal was scored with carry 0, the match holds 81: score it with carry=81"
    assert caught.value.reason is Reason.WRONG_ROUND


@pytest.mark.parametrize(
    ("trump", "multiplier", "problem"),
    [
        (Trump.ALL_TRUMPS, 1, "all_trumps is not a contract of classic"),
        (H, 2, "classic bidding reaches a multiplier of 1, not 2"),
    ],
)
def test_a_deal_scored_under_another_variant_message(trump: Trump, multiplier: int, problem: str) -> None:
    """A deal scored by hand under Bulgarian rules does not reach a classic sheet (its game points
    were once added to the classic totals)."""
    points = (152, 96) if trump is Trump.ALL_TRUMPS else (92, 60)
    scored = score(BULGARIAN, trump, points, (5, 3), multiplier=multiplier)
    current = match(CLASSIC, seed=1)
    with pytest.raises(MatchError) as caught:
        current.record(scored)
    assert str(caught.value) == f"the deal was not scored under classic: {problem}"
    assert caught.value.reason is Reason.WRONG_ROUND


def test_recording_something_else_message() -> None:
    with pytest.raises(BeloteError) as caught:
        match(CLASSIC).record((102, 60))  # type: ignore[arg-type]
    assert str(caught.value) == "cannot record (102, 60): expected a RoundState or a DealScore"


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        (("classic",), {}, "variant must be a Variant, got 'classic'"),
        ((CLASSIC,), {"seed": True}, "seed must be an int or a str, got True"),
        ((CLASSIC,), {"seed": 1.5}, "seed must be an int or a str, got 1.5"),
        ((CLASSIC,), {"first_dealer": 4}, "first_dealer must be a seat 0..3, got 4"),
    ],
)
def test_bad_match_argument_messages(
    args: tuple[object, ...], kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(BeloteError) as caught:
        match(*args, **kwargs)  # type: ignore[arg-type]
    assert str(caught.value) == message
    assert caught.value.reason is Reason.BAD_ARGUMENT


def test_the_first_dealer_from_the_seed_or_given() -> None:
    drawn = Seat(random.Random("5/dealer").randrange(4))
    assert match(CLASSIC, seed=5).first_dealer is drawn
    assert match(CLASSIC, seed=5).dealer is drawn
    assert match(CLASSIC, first_dealer=2).first_dealer is Seat(2)  # type: ignore[arg-type]
    assert match(CLASSIC, seed=5, first_dealer=Seat(3)).dealer is Seat(3)
    assert match(CLASSIC).dealer is Seat(0)


def test_deal_seeds_and_numbers() -> None:
    current = match(BULGARIAN, seed="club")
    assert (current.deal_number, current.deal_seed(), current.deal_seed(7)) == (0, "club/0", "club/7")
    state = current.deal()
    assert state.deck == deal(BULGARIAN, dealer=current.dealer, seed="club/0").deck
    while state.phase is Phase.BIDDING:
        state = bid(state, Pass())
    after = current.record(state)
    assert (after.deal_number, after.deal_seed()) == (1, "club/1")
    assert match(BULGARIAN).deal_seed(3) is None


def test_records_of_played_and_passed_out_deals() -> None:
    current = match(CLASSIC, seed=2)
    played = finish(current.deal())
    after = current.record(played)
    record = after.history[0]
    assert record.score is not None
    assert (record.number, record.dealer, record.round) == (0, current.dealer, played)
    assert record.points == record.score.points == after.scores == record.scores_after
    assert not record.passed_out
    assert record.forgiven_belotes == ()
    passed = after.deal()
    while passed.phase is Phase.BIDDING:
        passed = bid(passed, Pass())
    later = after.record(passed)
    assert later.history[1].points == (0, 0)
    assert later.history[1].passed_out
    assert later.history[1].number == 1
    assert later.scores == after.scores
    assert later.dealer is after.dealer.next


def test_a_team_alone_at_the_target_wins() -> None:
    after = attrs.evolve(match(CLASSIC, seed=1), scores=(100, 900))
    result = after.record(score(CLASSIC, H, (0, 152), (0, 8), last=1))
    assert result.scores == (100, 1152)
    assert result.winner is Team(1)


def test_the_501_target_is_kept_when_nobody_reaches_it() -> None:
    built = Match(variant=CLASSIC_501, seed=None, first_dealer=Seat(0), dealer=Seat(0))
    after = built.record(score(CLASSIC_501, H, (92, 60), (5, 3)))
    assert (after.winner, after.target, after.scores) == (None, 501, (102, 60))


def test_a_deal_scored_by_hand_has_no_round() -> None:
    after = match(CLASSIC, seed=1).record(score(CLASSIC, H, (92, 60), (5, 3)))
    assert after.history[0].round is None
    assert after.history[0].points == (102, 60)


@pytest.mark.parametrize(
    ("number", "error", "message"),
    [
        ("x", ArgumentTypeError, "number must be an int, got 'x'"),
        (True, ArgumentTypeError, "number must be an int, got True"),
        (1.0, ArgumentTypeError, "number must be an int, got 1.0"),
        (-1, BeloteError, "number must be at least 0, got -1"),
    ],
)
def test_deal_seed_refuses_what_is_no_deal_number(
    number: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=f"^{re.escape(message)}$"):
        match(CLASSIC, seed=5).deal_seed(number)  # type: ignore[arg-type]


def test_deal_seed_numbers_the_deals_from_0_as_match_deals_them() -> None:
    game = match(CLASSIC, seed=5)
    assert game.deal_seed(Seat.SOUTH) == "5/2"  # an int enum counts by its value, not its name
    assert game.deal().deck == deal(CLASSIC, dealer=game.dealer, seed=game.deal_seed(0)).deck
