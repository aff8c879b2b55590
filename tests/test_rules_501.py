"""The 501 game's own rules, one test per sentence of the "Multiplayer Belote Classic" description.

Belote is credited to the player holding the trump king and queen (``belote_credit="held"``),
a tie fails the contract (``tie_rule="takers_fail"``) with belote kept by its owners, and after
a thrown-in deal the player to the left of the dealer deals (``redeal_dealer="previous"``).
"""

from __future__ import annotations

import attrs
import pytest

from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    Card,
    Contract,
    DeclarationError,
    Outcome,
    Pass,
    Phase,
    RoundState,
    Seat,
    Tally,
    Team,
    Trump,
    bid,
    deal,
    legal_bids,
    legal_moves,
    make_agent,
    match,
    observe,
    play,
    play_match,
    round_tally,
    score_deal,
    score_round,
)
from belote.records import replay, to_record
from belote.round import unannounced_belotes
from belote.variants import BeloteCredit, RedealDealer, TieRule
from reachable import random_round

SPADES_BY_1 = Contract(Seat(1), Trump.SPADES)  # the takers are team 1


def _played(variant: object, seed: int) -> tuple[RoundState, RoundState]:
    """The state when the play starts (full hands) and the finished round, declining every belote."""
    state = deal(variant, dealer=Seat(seed & 3), seed=seed)  # type: ignore[arg-type]
    while state.phase is Phase.BIDDING:
        state = bid(state, legal_bids(state)[-1])
    start = state
    while state.phase is Phase.PLAYING:
        state = play(state, min(legal_moves(state), key=lambda card: card.index), belote=False)
    return start, state


def _holders(start: RoundState) -> tuple[Seat, ...]:
    """The seats dealt the K and Q of a belote suit, read from the full hands."""
    assert start.trump is not None
    suits = (
        range(4)
        if start.trump is Trump.ALL_TRUMPS
        else ()
        if start.trump is Trump.NO_TRUMPS
        else (start.trump,)
    )
    return tuple(
        seat
        for seat in Seat
        for suit in suits
        if {Card.parse(f"K{'CDHS'[suit]}"), Card.parse(f"Q{'CDHS'[suit]}")} <= set(start.hand(seat))
    )


def test_classic_501_reads_the_three_options() -> None:
    assert CLASSIC_501.belote_credit is BeloteCredit.HELD
    assert CLASSIC_501.tie_rule is TieRule.TAKERS_FAIL
    assert CLASSIC_501.redeal_dealer is RedealDealer.PREVIOUS
    assert CLASSIC.belote_credit is BeloteCredit.ANNOUNCED
    assert CLASSIC.redeal_dealer is RedealDealer.NEXT


# "If a player owns the queen and the king of trump, he is entitled to an additional 20 points."


def test_a_player_owning_the_trump_queen_and_king_gets_20_points_without_announcing() -> None:
    credited = 0
    for seed in range(60):
        start, final = _played(CLASSIC_501, seed)
        if final.phase is not Phase.FINISHED:
            continue
        holders = _holders(start)
        assert final.belotes == ()  # nothing was announced
        assert round_tally(final).belotes == holders
        belote = score_round(final).breakdown.belote
        assert belote == tuple(20 * sum(seat.team == team for seat in holders) for team in Team)
        # under the announced rule the same declined belote is lost
        _, classic = _played(attrs.evolve(CLASSIC_501, belote_credit="announced"), seed)
        assert score_round(classic).breakdown.belote == (0, 0)
        credited += bool(holders)
    assert credited >= 3


def test_under_ownership_every_belote_of_all_trumps_is_credited() -> None:
    held = attrs.evolve(BULGARIAN, belote_credit="held")
    found = 0
    for seed in range(80):
        start, final = _played(held, seed)
        if final.phase is Phase.FINISHED:
            assert round_tally(final).belotes == _holders(start)
            found += len(_holders(start)) > 1
    assert found >= 1


def test_under_ownership_belote_is_not_announced() -> None:
    state = deal(CLASSIC_501, dealer=Seat(0), seed=1)
    while state.phase is Phase.BIDDING:
        state = bid(state, legal_bids(state)[-1])
    card = next(iter(legal_moves(state)))
    with pytest.raises(DeclarationError, match="belote is not announced in classic_501"):
        play(state, card, belote=True)
    after = play(state, card)  # belote=None: nothing to announce, nothing recorded
    assert after.belotes == ()
    assert observe(after, Seat(1)).belotes == ()  # opponents learn nothing from a held belote


@pytest.mark.parametrize("seed", range(12))
def test_held_belotes_survive_records_and_are_never_unannounced(seed: int) -> None:
    state = random_round(CLASSIC_501, seed)
    again = replay(to_record(state))
    assert isinstance(again, RoundState)
    assert again.history == state.history
    if state.phase is Phase.FINISHED:
        assert unannounced_belotes(state) == ()
        assert score_round(again) == score_round(state)


def test_agents_play_the_501_game_without_announcing() -> None:
    agents = [make_agent(level, seed=4) for level in ("normal", "easy", "normal", "easy")]
    final = play_match(CLASSIC_501, agents, seed=4)
    assert final.winner is not None
    assert all(record.round is None or record.round.belotes == () for record in final.history)
    assert any(record.score is not None and any(record.score.breakdown.belote) for record in final.history)


# "The bonus points from belote-rebelote are in every case given to the owners."


@pytest.mark.parametrize(
    ("totals", "last", "belote", "outcome", "points"),
    [
        ((60, 102), Team(1), Team(0), Outcome.MADE, (80, 102)),  # defenders' belote, takers made
        ((102, 60), Team(0), Team(1), Outcome.FAILED, (162, 20)),  # takers' belote, takers failed
        ((91, 71), Team(0), Team(1), Outcome.FAILED, (162, 20)),  # 91-91 with belote: a tie fails
        ((162, 0), None, Team(1), Outcome.DEFENDERS_CAPOT, (252, 20)),  # takers capot
        ((0, 162), None, Team(0), Outcome.CAPOT, (20, 252)),  # defenders capot
    ],
)
def test_belote_points_are_given_to_the_owners_in_every_case(
    totals: tuple[int, int], last: Team | None, belote: Team, outcome: Outcome, points: tuple[int, int]
) -> None:
    capot = None if last is not None else Team(0 if totals[0] else 1)
    tally = Tally.from_totals(totals, trump="spades", last_trick=last, capot=capot, belotes=[belote])
    score = score_deal(CLASSIC_501, SPADES_BY_1, tally)
    assert (score.outcome, score.points, score.carry) == (outcome, points, 0)


# "If the team that choses the trump did not score more points than the other team, then all their
# points are given to the other team except the bonus points from belote."


def test_takers_not_scoring_more_than_the_defenders_give_them_all_their_points() -> None:
    tied = Tally.from_totals((81, 81), trump="spades", last_trick=Team(0))
    score = score_deal(CLASSIC_501, SPADES_BY_1, tied, carry=0)
    assert (score.outcome, score.points, score.carry, score.winner) == (Outcome.FAILED, (162, 0), 0, Team(0))
    classic = score_deal(CLASSIC, SPADES_BY_1, tied)  # the same deal is a litige in classic belote
    assert (classic.outcome, classic.carry) == (Outcome.LITIGE, 81)
    with_belote = Tally.from_totals((91, 71), trump="spades", last_trick=Team(1), belotes=[Team(1)])
    assert score_deal(CLASSIC_501, SPADES_BY_1, with_belote).points == (162, 20)
    more = Tally.from_totals((80, 82), trump="spades", last_trick=Team(1))
    assert score_deal(CLASSIC_501, SPADES_BY_1, more).outcome is Outcome.MADE


# "At the start of the game, a player is randomly selected to become dealer, while the player at
# the right of the dealer will become dealer for the next round" and "the player at the right side
# of the dealer can chooses": play goes to the dealer's right, seat numbers follow it.


def _passed_out(state: RoundState) -> RoundState:
    while state.phase is Phase.BIDDING:
        state = bid(state, Pass())
    assert state.phase is Phase.PASSED_OUT
    return state


def test_the_player_at_the_right_of_the_dealer_speaks_first_and_deals_next() -> None:
    sheet = match(CLASSIC_501, first_dealer=Seat(2))
    state = sheet.deal()
    assert state.to_act is Seat(2).next  # the player at the dealer's right speaks first
    while state.phase is Phase.BIDDING:
        state = bid(state, legal_bids(state)[-1])
    while state.phase is Phase.PLAYING:
        state = play(state, next(iter(legal_moves(state))))
    assert sheet.record(state).dealer is Seat(3)


# "If all players pass for the second round then the game is forfeit and the player to the left of
# first dealer will become dealer and redistribute the cards for the next game."


def test_after_a_thrown_in_deal_the_player_to_the_left_of_the_dealer_deals() -> None:
    sheet = match(CLASSIC_501, first_dealer=Seat(2))
    after = sheet.record(_passed_out(sheet.deal()))
    assert after.dealer is Seat(1)  # to the dealer's left: the seat before it in play order
    assert after.history[-1].passed_out
    assert after.record(_passed_out(after.deal())).dealer is Seat(0)


@pytest.mark.parametrize(("rule", "dealer"), [("next", Seat(3)), ("same", Seat(2)), ("previous", Seat(1))])
def test_redeal_dealer_names_who_deals_after_a_thrown_in_deal(rule: str, dealer: Seat) -> None:
    variant = attrs.evolve(CLASSIC, redeal_dealer=rule)
    sheet = match(variant, first_dealer=Seat(2), seed=5)
    after = sheet.record(_passed_out(sheet.deal()))
    assert after.dealer is dealer
    assert after.scores == (0, 0)
    assert after.deal().dealer is dealer
