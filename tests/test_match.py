"""Matches (rules C21, M1, B15): random full matches with random legal play, the target rules,
the dealer rotation, the carry across deals, and the errors."""

from __future__ import annotations

import random

import attrs
import pytest

from _score_helpers import score
from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    Bid,
    Double,
    Match,
    Pass,
    Phase,
    Redouble,
    RoundState,
    Seat,
    Team,
    Trump,
    Variant,
    bid,
    deal,
    legal_bids,
    legal_declarations,
    legal_moves,
    match,
    play,
    score_round,
)
from belote.errors import BeloteError, MatchError, PhaseError, Reason
from belote.scoring import DealScore
from belote.variants import TargetRule

H = Trump.HEARTS
MAX_DEALS = 400


def random_round(state: RoundState, rng: random.Random) -> RoundState:
    """Play ``state`` to its end with random legal calls, cards and declarations."""
    bid_rate = 0.5 if state.variant.bidding.value == "auction" else 0.3
    while state.phase is Phase.BIDDING:
        calls = legal_bids(state)
        bids = [call for call in calls if isinstance(call, Bid)]
        doubles = [call for call in calls if isinstance(call, (Double, Redouble))]
        # pass often so that auctions end and some deals are thrown in; contra now and then
        roll = rng.random()
        if doubles and roll < 0.08:
            state = bid(state, rng.choice(doubles))
        elif bids and roll < bid_rate:
            state = bid(state, rng.choice(bids))
        else:
            state = bid(state, Pass() if Pass() in calls else rng.choice(calls))
    while state.phase is Phase.PLAYING:
        options = legal_declarations(state)
        shown = rng.choice(options) if options and rng.random() < 0.8 else ()
        card = rng.choice(sorted(legal_moves(state), key=lambda c: c.index))
        state = play(state, card, declarations=shown)
    return state


def random_match(variant: Variant, seed: int) -> tuple[Match, list[Match]]:
    """A whole match with random play, and every intermediate state."""
    rng = random.Random(seed)
    current = match(variant, seed=seed)
    states = [current]
    while current.winner is None:
        assert len(current.history) < MAX_DEALS, "the match does not end"
        current = current.record(random_round(current.deal(), rng))
        states.append(current)
    return current, states


CASES = [(variant, seed) for variant in (CLASSIC, CLASSIC_501, BULGARIAN) for seed in (1, 2, 3, 4, 5)]
CASES += [(CLASSIC, 10)]  # a litige (the 501 game has none: its ties fail the contract)


@pytest.mark.parametrize(("variant", "seed"), CASES, ids=[f"{v.name}-{s}" for v, s in CASES])
def test_random_match(variant: Variant, seed: int) -> None:
    final, states = random_match(variant, seed)
    winner = final.winner
    assert winner is not None
    assert final.is_over
    exceed = variant.target_rule is TargetRule.EXCEED
    assert final.scores[winner] > final.target if exceed else final.scores[winner] >= final.target
    assert final.target >= variant.target
    assert final.scores[winner] > final.scores[winner.other] or final.scores[winner.other] < final.target
    # every deal's points add up to the final scores, deal by deal
    assert tuple(sum(record.points[team] for record in final.history) for team in Team) == final.scores
    running = (0, 0)
    carry = 0
    dealer = final.first_dealer
    redeal_step = {"next": 1, "same": 0, "previous": -1}[variant.redeal_dealer.value]
    for number, (record, before) in enumerate(zip(final.history, states, strict=False)):
        assert record.number == number
        assert record.dealer == dealer  # the dealer rotates (redeal_dealer after a thrown-in deal)
        dealer = dealer.offset(redeal_step if record.passed_out else 1)
        assert before.dealer == record.dealer
        assert before.carry == carry
        assert before.winner is None
        running = (running[0] + record.points[0], running[1] + record.points[1])
        assert record.scores_after == running
        assert record.round is not None
        if record.passed_out:
            assert record.round.phase is Phase.PASSED_OUT
            assert record.points == (0, 0)
        else:
            assert record.score is not None
            assert record.score == score_round(record.round, carry)
            carry = record.score.carry
    assert final.carry == carry
    assert final.dealer == dealer
    assert len(states) == len(final.history) + 1


def test_random_matches_are_reproducible() -> None:
    first, _ = random_match(BULGARIAN, 11)
    again, _ = random_match(BULGARIAN, 11)
    assert first.history == again.history
    assert first.scores == again.scores
    other, _ = random_match(BULGARIAN, 12)
    assert [record.round.deck for record in other.history if record.round] != [
        record.round.deck for record in first.history if record.round
    ]


def test_passed_out_deals_advance_the_dealer() -> None:
    current = match(CLASSIC, seed=4, first_dealer=Seat(2))
    current = attrs.evolve(current, carry=81, scores=(100, 200))
    state = current.deal()
    assert state.dealer is Seat(2)
    while state.phase is Phase.BIDDING:
        state = bid(state, Pass())
    assert state.phase is Phase.PASSED_OUT
    after = current.record(state)
    assert after.dealer is Seat(3)
    assert (after.scores, after.carry, after.winner) == ((100, 200), 81, None)
    assert after.history[-1].passed_out
    assert after.history[-1].dealer is Seat(2)
    assert after.deal_number == 1
    assert after.deal().dealer is Seat(3)


def test_the_seed_fixes_the_first_dealer_and_the_deals() -> None:
    assert match(CLASSIC, seed=5).first_dealer == match(CLASSIC, seed=5).first_dealer
    assert {match(CLASSIC, seed=seed).first_dealer for seed in range(40)} == set(Seat)
    assert match(CLASSIC).first_dealer is Seat(0)
    assert match(CLASSIC).deal_seed() is None
    assert match(CLASSIC, seed="x", first_dealer=Seat(3)).dealer is Seat(3)
    m = match(BULGARIAN, seed=9)
    assert m.deal().deck == m.deal().deck == deal(BULGARIAN, dealer=m.dealer, seed=m.deal_seed()).deck
    assert m.deal_seed() == "9/0"
    assert m.target == 151


# --- target rules -----------------------------------------------------------------------------


def at(variant: Variant, scores: tuple[int, int], **fields: object) -> Match:
    return attrs.evolve(match(variant, seed=1), scores=scores, **fields)


def made(points: tuple[int, int], *, variant: Variant = CLASSIC, carry: int = 0) -> DealScore:
    """A made classic hearts deal by team 0 worth ``points`` (the two sum to 162)."""
    result = score(variant, H, (points[0] - 10, points[1]), (5, 3), carry=carry)
    assert result.points == (points[0] + carry, points[1])
    return result


@pytest.mark.parametrize(
    ("rule", "before", "winner"),
    [
        ("reach", (399, 0), Team(0)),  # 399 + 102 = 501: reached
        ("exceed", (399, 0), None),  # 501 is not more than 501
        ("exceed", (400, 0), Team(0)),
    ],
)
def test_reach_or_exceed(rule: str, before: tuple[int, int], winner: Team | None) -> None:
    variant = attrs.evolve(CLASSIC, target=501, target_rule=rule)
    after = at(variant, before).record(made((102, 60)))
    assert after.winner == winner
    assert after.scores == (before[0] + 102, 60)


def test_the_501_game_needs_more_than_501() -> None:
    assert at(CLASSIC_501, (399, 0)).record(made((102, 60), variant=CLASSIC_501)).winner is None
    assert at(CLASSIC_501, (400, 0)).record(made((102, 60), variant=CLASSIC_501)).winner is Team(0)


def test_both_over_the_target() -> None:
    higher_loser = at(CLASSIC, (905, 960)).record(made((102, 60)))
    assert higher_loser.scores == (1007, 1020)
    assert higher_loser.winner is Team(1)
    equal = at(CLASSIC, (898, 940)).record(made((102, 60)))
    assert equal.scores == (1000, 1000)
    assert equal.winner is None  # play on
    decided = equal.record(made((102, 60)))
    assert decided.winner is Team(0)


def _capot_with_belote() -> DealScore:
    """Team 0 capot; team 1 (capot) announced belote: 252 - 20."""
    result = score(CLASSIC, H, (152, 0), (8, 0), belotes=(1,))
    assert result.points == (252, 20)
    return result


@pytest.mark.parametrize(("option", "winner"), [(True, None), (False, Team(1))])
def test_no_finish_on_capot_belote(option: bool, winner: Team | None) -> None:
    variant = attrs.evolve(CLASSIC, no_finish_on_capot_belote=option)
    after = at(variant, (600, 990)).record(_capot_with_belote())
    assert after.scores == (852, 1010)
    assert after.winner == winner


def test_the_capot_team_wins_above_a_belote_that_cannot_finish() -> None:
    """Team 1, capot, passes the target on its belote alone (990 + 20) and team 0 reaches it with
    the capot (750 + 252): team 1 has not reached it on that deal, so team 0 wins, below it."""
    after = at(CLASSIC, (750, 990)).record(_capot_with_belote())
    assert after.scores == (1002, 1010)
    assert after.winner is Team(0)


def test_the_capot_team_still_wins_on_its_capot() -> None:
    after = at(CLASSIC, (800, 990)).record(_capot_with_belote())
    assert after.scores == (1052, 1010)
    assert after.winner is Team(0)


def test_no_win_on_valat() -> None:
    valat = score(BULGARIAN, Trump.SPADES, (152, 0), (8, 0))
    assert valat.points == (25, 0)
    after = at(BULGARIAN, (140, 100)).record(valat)
    assert after.scores == (165, 100)
    assert after.winner is None
    assert after.target == 166  # the barrier is lifted to the leader's score + 1
    still = after.record(score(BULGARIAN, Trump.SPADES, (0, 152), (1, 7), last=1))
    assert still.scores == (165, 116)
    assert (still.winner, still.target) == (None, 166)
    won = after.record(score(BULGARIAN, Trump.SPADES, (96, 56), (5, 3)))
    assert won.scores == (175, 106)
    assert won.winner is Team(0)


def test_no_win_on_valat_holds_back_the_other_team_too() -> None:
    """The library's reading of B15: no game ends on a deal with a valat, whichever team reaches
    151 on it. Team 1 makes the valat; team 0 gets there on its carré of nines alone."""
    from belote import CardSet, Contract, Declaration, Tally, score_deal

    tally = Tally(
        card_points=(0, 152),
        tricks=(0, 4, 0, 4),
        last_trick=Seat(1),
        declarations=[Declaration(Seat(0), CardSet.parse("9C 9D 9H 9S"))],
    )
    deal_score = score_deal(BULGARIAN, Contract(Seat(1), Trump.SPADES), tally)
    assert deal_score.capot is Team(1)
    after = at(BULGARIAN, (148, 100)).record(deal_score)
    assert after.scores == (163, 125)
    assert (after.winner, after.target) == (None, 164)


def test_a_valat_below_the_target_changes_nothing() -> None:
    after = at(BULGARIAN, (10, 100)).record(score(BULGARIAN, Trump.SPADES, (152, 0), (8, 0)))
    assert (after.scores, after.target, after.winner) == ((35, 100), 151, None)


def test_carry_is_kept_and_paid_across_deals() -> None:
    tie = score(CLASSIC, H, (71, 81), last=0)
    after = at(CLASSIC, (0, 0)).record(tie)
    assert (after.scores, after.carry) == ((0, 81), 81)
    paid = after.record(made((102, 60), carry=81))
    assert (paid.scores, paid.carry) == ((183, 141), 0)


# --- errors ---------------------------------------------------------------------------------------


def test_recording_after_the_match_is_over() -> None:
    over = at(CLASSIC, (950, 0)).record(made((102, 60)))
    assert over.winner is Team(0)
    with pytest.raises(MatchError) as error:
        over.record(made((102, 60)))
    assert error.value.reason is Reason.MATCH_OVER
    with pytest.raises(MatchError):
        over.deal()


def test_a_round_dealt_by_the_wrong_dealer_or_variant() -> None:
    current = match(CLASSIC, seed=3, first_dealer=Seat(1))
    finished = random_round(deal(CLASSIC, dealer=Seat(2), seed=3), random.Random(0))
    with pytest.raises(MatchError) as error:
        current.record(finished)
    assert error.value.reason is Reason.WRONG_ROUND
    other = random_round(deal(CLASSIC_501, dealer=Seat(1), seed=3), random.Random(0))
    with pytest.raises(MatchError):
        current.record(other)


def test_an_unfinished_round() -> None:
    current = match(CLASSIC, seed=3)
    state = current.deal()
    with pytest.raises(PhaseError) as error:
        current.record(state)
    assert error.value.reason is Reason.ROUND_NOT_FINISHED


def test_a_deal_scored_with_another_carry() -> None:
    current = at(CLASSIC, (0, 0), carry=81)
    with pytest.raises(MatchError) as error:
        current.record(made((102, 60)))
    assert error.value.reason is Reason.WRONG_ROUND
    assert current.record(made((102, 60), carry=81)).scores == (183, 60)


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [
        (("classic",), {}),
        ((CLASSIC,), {"seed": True}),
        ((CLASSIC,), {"seed": 1.5}),
        ((CLASSIC,), {"first_dealer": 4}),
    ],
)
def test_bad_match_arguments(args: tuple[object, ...], kwargs: dict[str, object]) -> None:
    with pytest.raises(BeloteError) as error:
        match(*args, **kwargs)  # type: ignore[arg-type]
    assert error.value.reason is Reason.BAD_ARGUMENT


def test_recording_something_else() -> None:
    with pytest.raises(BeloteError):
        match(CLASSIC).record((102, 60))  # type: ignore[arg-type]


def test_the_random_matches_meet_every_kind_of_deal() -> None:
    """Guards the random tests above: they do cross passed-out deals, litiges, capots, contras,
    declarations and a lifted Bulgarian target."""
    kinds: set[str] = set()
    for variant, seed in CASES:
        final, _ = random_match(variant, seed)
        kinds |= {
            "passed" if r.passed_out else r.score.outcome.value
            for r in final.history
            if r.score or r.passed_out
        }
        kinds |= {"contra" for r in final.history if r.score and r.score.contract.multiplier > 1}
        kinds |= {"declarations" for r in final.history if r.round and r.round.declarations}
        kinds |= {"lifted"} if final.target > variant.target else set()
    assert kinds >= {
        "passed",
        "made",
        "failed",
        "litige",
        "capot",
        "defenders_capot",
        "contra",
        "declarations",
        "lifted",
    }


def test_a_match_built_by_hand_starts_at_the_variants_target() -> None:
    built = Match(variant=CLASSIC_501, seed=None, first_dealer=Seat(1), dealer=Seat(1))
    assert built.target == 501
    assert built.record(made((102, 60), variant=CLASSIC_501)).winner is None
