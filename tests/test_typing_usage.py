"""A type-checked tour of the public API: ``mypy --strict`` reads this file in CI (``.ci/run``),
so a signature that loses its precise types breaks the build. It also runs as a test."""

from __future__ import annotations

import random

import attrs

import belote
from belote import (
    BULGARIAN,
    CLASSIC,
    Bid,
    Call,
    Card,
    CardSet,
    Contract,
    DealScore,
    Match,
    Outcome,
    Phase,
    PlayerView,
    RoundState,
    Seat,
    Tally,
    Team,
    Trump,
    Variant,
)


def a_round(variant: Variant, seed: int) -> RoundState:
    rng = random.Random(seed)
    state: RoundState = belote.deal(variant, dealer=Seat(0), seed=seed)
    while state.phase is Phase.BIDDING:
        calls: tuple[Call, ...] = belote.legal_bids(state)
        state = belote.bid(state, rng.choice(calls))
    while state.phase is Phase.PLAYING:
        legal: CardSet = belote.legal_moves(state)
        card: Card = rng.choice(list(legal))
        state = belote.play(state, card)
    return state


def test_typed_usage() -> None:
    state = a_round(CLASSIC, 7)
    if state.phase is Phase.FINISHED:
        score: DealScore = belote.score_round(state)
        points: tuple[int, int] = score.points
        assert sum(points) >= 162
        assert isinstance(score.outcome, Outcome)

    hand: CardSet = CardSet.parse("JH 9H AS")
    trick: list[tuple[Seat, Card]] = [(Seat(3), Card.parse("KH"))]
    allowed: CardSet = belote.legal_cards(hand, trick, trump=Trump.HEARTS, variant=CLASSIC)
    assert Card.parse("AS") not in allowed
    winner: Seat = belote.trick_winner([*trick, (Seat(0), Card.parse("JH"))], trump=Trump.HEARTS)
    assert winner == Seat(0)

    tally = Tally(card_points=(92, 60), tricks=(3, 2, 2, 1), last_trick=Seat(0))
    deal_score: DealScore = belote.score_deal(CLASSIC, Contract(Seat(0), Trump.HEARTS), tally)
    assert deal_score.winner is Team.NORTH_SOUTH

    house: Variant = attrs.evolve(CLASSIC, undertrump_opponent="free")
    assert belote.find_variant("belot") is BULGARIAN
    assert house.target == 1000

    game: Match = belote.match(CLASSIC, seed=1)
    view: PlayerView = belote.observe(game.deal(), Seat(1), match=game)
    agent: belote.Agent = belote.make_agent("normal", seed=1)
    call: Call = agent.choose_call(view)
    assert call in view.legal_bids or not view.is_to_act
    assert Bid(Trump.SPADES).trump is Trump.SPADES

    coinche: Variant = belote.find_variant("coinche")
    hundred: Bid = Bid(Trump.HEARTS, 100)
    level: int = hundred.level
    contract = Contract(Seat(0), Trump.HEARTS, bid=100)
    assert level == contract.bid
    coinche_score: DealScore = belote.score_deal(coinche, contract, tally)
    assert coinche_score.points == (200, 60)
    assert belote.deck_points(Trump.NO_TRUMPS, coinche) == 152

    text: str = belote.dumps(state)
    again = belote.loads(text)
    assert again == state
