"""A type-checked tour of the public API: ``mypy --strict`` reads this file in CI (``.ci/run``),
so a signature that loses its precise types breaks the build. It also runs as a test.

The mistaken usages at the end carry ``# type: ignore[code]``: under ``--strict`` mypy reports
an ignore it does not need, so each of them fails the build the day mypy stops catching it;
the test checks that they are refused at run time too."""

from __future__ import annotations

import random

import attrs
import pytest

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
    NotationError,
    Outcome,
    Phase,
    PlayerView,
    RoundState,
    Seat,
    Tally,
    TallyError,
    Team,
    Trump,
    Variant,
    VariantError,
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
    cards: list[Card] = [Card.parse("KH")]
    assert belote.legal_cards("JH 9H AS", cards, trump="hearts", variant=CLASSIC) == allowed
    assert belote.legal_cards(["JH", "9H", "AS"], "KH", trump=Trump.HEARTS, variant=CLASSIC) == allowed
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
    expert = belote.ExpertAgent(seed=2, samples=16)
    budget: float | None = expert.time_budget
    samples: int = expert.samples
    assert (budget, samples) == (None, 16)
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
    typed_round: RoundState = belote.loads_round(text)
    typed_match: Match = belote.loads_match(belote.dumps(game).encode())
    assert typed_round == state
    assert typed_match == game

    hands: list[str] = ["AS KS 9S JH 7D AC TC 8C", "7S 8S TH 9H 8H JD 9D 7C",
                        "QS JS TS AH KH QH 8D 9C", "AD KD QD TD 7H KC QC JC"]  # fmt: skip
    hearts = Contract(Seat(0), Trump.HEARTS)
    built: RoundState = belote.position(CLASSIC, dealer=Seat(3), hands=hands, turned="JH", contract=hearts)
    played_cards: list[Card] = [Card.parse("9S"), Card.parse("8S")]
    sets = [CardSet.parse(hand) for hand in hands]
    built = belote.position(
        CLASSIC, dealer=3, hands=sets, turned=Card.parse("JH"), contract=hearts, plays=played_cards
    )
    seen: PlayerView = belote.seat_view(
        CLASSIC, Seat(2), hand=built.hand(Seat(2)), dealer=3, turned="JH", contract=hearts, plays="9S 8S"
    )
    assert seen == belote.observe(built, Seat(2))
    pairs: list[tuple[Seat | int, Card | str]] = [(Seat(0), "9S"), (1, played_cards[1])]
    assert belote.position(CLASSIC, dealer=3, hands=sets, turned="JH", contract=hearts, plays=pairs) == built
    with pytest.raises(belote.ReplayError) as refused:
        belote.position(CLASSIC, dealer=3, hands=hands, turned="JH", contract=hearts, plays="9S JD")
    index: int | None = refused.value.index
    assert index == 1
    with pytest.raises(belote.PositionError) as impossible:
        belote.position(CLASSIC, dealer=3, hands=hands[:3], contract=hearts)
    assert impossible.value.reason is belote.Reason.MALFORMED_CARDS


def test_typed_pictures() -> None:
    import belote.svg

    state = a_round(CLASSIC, 3)
    picture: belote.svg.Svg = belote.svg.table(state, after_trick=8, palette=belote.svg.FOUR_COLOUR)
    view: str = belote.svg.table(belote.observe(state, Seat(1)), bottom=Seat(1), size=320)
    held: list[Card] = belote.svg.held_order(state.hand(Seat(0)) | CardSet.parse("JH"), Trump.HEARTS)
    assert picture.startswith("<svg")
    assert view.startswith("<svg")
    assert len(held) == 1


def test_mistakes_are_caught_by_mypy_and_refused_at_run_time() -> None:
    with pytest.raises(TallyError, match="card_points"):
        Tally(card_points=(1, 2, 3), tricks=(3, 2, 2, 1), last_trick=Seat(0))  # type: ignore[arg-type]
    with pytest.raises(TallyError, match="tricks"):
        Tally(card_points=(92, 60), tricks="abc", last_trick=Seat(0))  # type: ignore[arg-type]
    with pytest.raises(TallyError, match="last_trick"):
        Tally(card_points=(92, 60), tricks=(3, 2, 2, 1), last_trick=17)  # type: ignore[arg-type]
    with pytest.raises(TallyError, match="card_points"):
        Tally(card_points=[92, 60.0], tricks=(3, 2, 2, 1), last_trick=Seat(0))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="taker must be a Seat"):
        Contract(5, "hearts")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="taker must be a Seat"):
        Contract(1, Trump.HEARTS)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="trump must be a Trump"):
        Contract(Seat(1), 2)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="not a trump mode"):
        Contract(Seat(1), "purple")
    assert Contract(Seat(1), "hearts") == Contract(Seat(1), Trump.HEARTS)
    hard = belote.HardAgent(seed=1)
    with pytest.raises(AttributeError):
        hard.samples = 8  # type: ignore[misc]
    with pytest.raises(VariantError, match="not a whole number"):
        attrs.evolve(CLASSIC, target=None)  # type: ignore[arg-type]
    with pytest.raises(VariantError, match="not a boolean option"):
        attrs.evolve(CLASSIC, belote_on_discard=1)  # type: ignore[arg-type]
    with pytest.raises(VariantError, match="not a BiddingSystem option"):
        Variant(bidding=3)  # type: ignore[arg-type]
    with pytest.raises(VariantError, match="not a list of contracts"):
        Variant(contracts=5)  # type: ignore[arg-type]


def test_variant_fields_take_their_values_and_text() -> None:
    """A variant's fields are typed as they convert: a member or its text, a number or its text."""
    from belote.options import BiddingSystem, Undertrump

    house = attrs.evolve(CLASSIC, target="501", bidding="auction", undertrump_opponent=Undertrump.FREE)
    assert (house.target, house.bidding) == (501, BiddingSystem.AUCTION)
    assert house.undertrump_opponent is Undertrump.FREE
    texts = Variant(contracts="S H", solo_capot_value="none", belote_on_discard="yes")
    assert (texts.contracts, texts.solo_capot_value, texts.belote_on_discard) == (
        (Trump.HEARTS, Trump.SPADES),
        None,
        True,
    )
    assert Variant(contracts=[Trump.ALL_TRUMPS, "NT"]).contracts == (Trump.NO_TRUMPS, Trump.ALL_TRUMPS)
    assert BiddingSystem("Points auction") is BiddingSystem.POINTS_AUCTION


def test_user_code_of_the_typing_audit() -> None:
    """What realistic user code writes, typed as it runs: a list of the library's players is a
    list of agents, seats and trumps given as ints and text where the functions take them, the
    ``Call`` alias usable at run time (``isinstance``, type hints), the kernel's search rules."""
    import typing

    from belote import Pass, deal, observe, play_round
    from belote.agents import Agent
    from belote.kernel import Rules, rule_values
    from belote.trumps import card_points, deck_points, strength

    agents = [belote.NormalAgent(seed=1), belote.EasyAgent(seed=2)] * 2
    mixed: list[Agent] = agents
    assert play_round(CLASSIC, mixed, seed=3, dealer=Seat(0)).phase in (Phase.FINISHED, Phase.PASSED_OUT)
    state = deal(CLASSIC, dealer=0, seed=1)
    view = observe(state, 1)
    assert (view.seat, view.hand_size(3), len(state.hand(2))) == (Seat(1), 5, 5)
    assert belote.bid(state, Pass(), seat=1).to_act is Seat(2)
    assert belote.match(CLASSIC, first_dealer=2).deal().dealer is Seat(2)
    jack = Card.parse("JH")
    assert (strength(jack, "H"), card_points(jack, "hearts"), deck_points("ALL")) == (7, 20, 248)
    call: Call | None = Pass()
    assert isinstance(call, Call)
    assert typing.get_type_hints(PlayerView)["legal_bids"] == tuple[Call, ...]
    rules: Rules = rule_values(BULGARIAN)
    assert rules == (1, 1, 0, 0, 0, 0)


def _orders_what_has_no_order(view: PlayerView, contracts: list[Contract]) -> None:
    """Never called: mypy must refuse each line (attrs gives these classes no order), as the
    run refuses them (see the test below)."""
    sorted(view.legal_cards)  # type: ignore[type-var]
    max(contracts)  # type: ignore[type-var]
    assert Card.parse("AS") < Card.parse("KS")  # type: ignore[operator]


def test_the_values_have_no_order_at_run_time() -> None:
    with pytest.raises(TypeError, match="'<' not supported"):
        assert Card.parse("AS") < Card.parse("KS")  # type: ignore[operator]
    with pytest.raises(TypeError, match="not supported between instances of 'Contract'"):
        max([Contract(Seat(0), Trump.HEARTS), Contract(Seat(1), Trump.SPADES)])  # type: ignore[type-var]


def test_public_annotations_resolve_at_run_time() -> None:
    """Every function and class the public modules export (and their public methods) has type
    hints that ``typing.get_type_hints`` resolves: a documentation tool, a runtime type checker
    or a user's dispatch on hints reads them so. ``card_points`` named a ``Variant`` its module
    could not import."""
    import importlib
    import inspect
    import pkgutil
    import typing

    modules = [belote] + [
        importlib.import_module(info.name)
        for info in pkgutil.walk_packages(belote.__path__, "belote.")
        if not any(part.startswith("_") for part in info.name.split("."))
    ]
    unresolved = []
    for module in modules:
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if not (inspect.isfunction(value) or inspect.isclass(value)):
                continue
            owners = [value]
            if inspect.isclass(value):
                methods = vars(value).items()
                owners += [
                    method
                    for key, method in methods
                    if inspect.isfunction(method) and not key.startswith("_")
                ]
            for owner in owners:
                try:
                    typing.get_type_hints(owner)
                except Exception as error:  # any failure is the finding
                    unresolved.append(f"{module.__name__}.{owner.__qualname__}: {error!r}")
    assert len(modules) > 20
    assert unresolved == []
