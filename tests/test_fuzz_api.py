"""Fuzzing the public API: junk arguments and wrong actions raise only documented errors.

Every public callable of ``belote.__all__`` is called from a valid template with one argument
at a time replaced by junk; wrong actions (random cards, calls, seats, announcements) are tried
on reachable rounds of every preset. Only a :class:`~belote.errors.BeloteError` may escape
(a wrong type raises :class:`~belote.errors.ArgumentTypeError`, a ``TypeError`` too), and a
refused action leaves its state as it was.
"""

from __future__ import annotations

import contextlib
import copy
import inspect
import io
import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import belote
from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    DECK,
    ArgumentTypeError,
    BeloteError,
    Bid,
    Card,
    CardSet,
    Contract,
    Declaration,
    Double,
    EasyAgent,
    Match,
    Pass,
    Phase,
    Play,
    Reason,
    Redouble,
    ReplayError,
    RoundState,
    Seat,
    Tally,
    Trump,
    bid,
    deal,
    legal_bids,
    legal_declarations,
    legal_moves,
    play,
)
from belote.notation import format_round
from reachable import random_round

PRESETS = (CLASSIC, CLASSIC_501, BULGARIAN)
QUICK = attrs.evolve(CLASSIC, name="quick", target=1)
"""A variant whose matches end after one scored deal, for the match-playing templates."""


class Junk:
    """An object of no type the library knows."""

    def __repr__(self) -> str:
        return "Junk()"


JUNK: tuple[Any, ...] = (
    None,
    0,
    -1,
    4,
    99,
    2**64,
    -(2**64),
    True,
    1.0,
    1.5,
    float("inf"),
    float("nan"),
    "",
    "x",
    "1",
    "JH",
    b"x",
    [],
    [None],
    (),
    ("x", "y"),
    {},
    {"x": 1},
    Junk(),
    Seat(1),
    Card.parse("JH"),
    CardSet.parse("JH QH"),
    Pass(),
    Trump.HEARTS,
    CLASSIC,
)


def _finished() -> RoundState:
    for seed in range(100):
        state = random_round(CLASSIC, seed)
        if state.phase is Phase.FINISHED:
            return state
    raise AssertionError("no finished round")


BIDDING = deal(CLASSIC, dealer=Seat(0), seed=7)
PLAYING = bid(BIDDING, legal_bids(BIDDING)[-1])
FINISHED = _finished()
AGENTS = [EasyAgent(), EasyAgent(), EasyAgent(), EasyAgent()]
MATCH = belote.match(CLASSIC, seed=1)
TALLY = Tally(card_points=(92, 60), tricks=(3, 2, 2, 1), last_trick=Seat(0))
CONTRACT = Contract(Seat(0), Trump.HEARTS)
TERCA = Declaration(Seat(0), CardSet.parse("9H TH JH"))
HANDS = [
    "AS KS 9S JH 7D AC TC 8C",
    "7S 8S TH 9H 8H JD 9D 7C",
    "QS JS TS AH KH QH 8D 9C",
    "AD KD QD TD 7H KC QC JC",
]

LATE = belote.position(
    CLASSIC,
    dealer=Seat(3),
    hands=HANDS,
    turned="JH",
    contract=CONTRACT,
    plays="AS 7S QS 7H  AD 7D JD 8D  KD JH 9D JS  KS 8S TS QD  AH",
)

Template = tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]

TEMPLATES: dict[str, Template] = {
    "Bid": (Bid, (Trump.HEARTS,), {}),
    "CardSet": (CardSet, (3,), {}),
    "Contract": (Contract, (Seat(0), Trump.HEARTS), {}),
    "Declaration": (Declaration, (Seat(0), CardSet.parse("9H TH JH")), {}),
    "EasyAgent": (EasyAgent, (1,), {}),
    "HardAgent": (belote.HardAgent, (1,), {"samples": 2, "time_budget": None}),
    "ExpertAgent": (belote.ExpertAgent, (1,), {"samples": 2, "time_budget": None, "solve_from": 32}),
    "Match": (Match, (CLASSIC, None, Seat(0), Seat(0)), {"scores": (0, 0), "carry": 0, "target": 5}),
    "NormalAgent": (belote.NormalAgent, (1,), {}),
    "Play": (Play, (Card.parse("JH"),), {"belote": True, "declarations": ()}),
    "ReplayError": (ReplayError, ("detail",), {"index": 0, "seat": Seat(1), "deal": 2}),
    "Tally": (Tally, ((92, 60), (3, 2, 2, 1), Seat(0)), {"belotes": (), "declarations": ()}),
    "Variant": (belote.Variant, (), {"name": "house", "target": 501, "tie_rule": "litige"}),
    "analyze": (belote.analyze, (PLAYING,), {"start": 0}),
    "analyze_match": (belote.analyze_match, (MATCH,), {"start": 0}),
    "solve": (belote.solve, (LATE,), {}),
    "agent_step": (belote.agent_step, (BIDDING, AGENTS), {"match": None}),
    "bid": (bid, (BIDDING, Pass()), {"seat": BIDDING.to_act}),
    "card_points": (belote.card_points, (Card.parse("JH"), Trump.HEARTS), {}),
    "counted_declarations": (
        belote.counted_declarations,
        ((TERCA,),),
        {"trump": Trump.HEARTS, "variant": CLASSIC_501},
    ),
    "deal": (deal, (CLASSIC,), {"dealer": Seat(2), "seed": 3}),
    "deck_points": (belote.deck_points, (Trump.HEARTS,), {}),
    "declaration_options": (belote.declaration_options, (CardSet.parse("9H TH JH"), Seat(0)), {}),
    "dumps": (belote.dumps, (PLAYING,), {}),
    "find_variant": (belote.find_variant, ("classic",), {}),
    "finish_round": (belote.finish_round, (PLAYING, AGENTS), {"match": None}),
    "legal_bids": (legal_bids, (BIDDING,), {}),
    "legal_cards": (
        belote.legal_cards,
        (CardSet.parse("7H AH KD"), [(Seat(0), Card.parse("AS"))]),
        {"trump": Trump.HEARTS, "variant": CLASSIC},
    ),
    "legal_declarations": (legal_declarations, (PLAYING,), {}),
    "legal_moves": (legal_moves, (PLAYING,), {}),
    "loads": (belote.loads, (belote.dumps(PLAYING),), {}),
    "loads_round": (belote.loads_round, (belote.dumps(PLAYING),), {}),
    "loads_match": (belote.loads_match, (belote.dumps(MATCH),), {}),
    "make_agent": (belote.make_agent, ("easy",), {"seed": 1}),
    "match": (belote.match, (CLASSIC,), {"seed": 1, "first_dealer": Seat(1)}),
    "observe": (belote.observe, (PLAYING, Seat(1)), {"match": MATCH}),
    "option_docs": (belote.option_docs, (), {}),
    "parse_call": (belote.parse_call, ("pass",), {}),
    "play": (
        play,
        (PLAYING, next(iter(legal_moves(PLAYING)))),
        {"seat": PLAYING.to_act, "belote": None, "declarations": ()},
    ),
    "play_match": (belote.play_match, (QUICK, AGENTS), {"seed": 1, "first_dealer": Seat(0)}),
    "play_round": (belote.play_round, (CLASSIC, AGENTS), {"seed": 1, "dealer": Seat(0)}),
    "record_schema": (belote.record_schema, (), {}),
    "replay": (belote.replay, (belote.to_record(PLAYING),), {}),
    "round_tally": (belote.round_tally, (FINISHED,), {}),
    "score_deal": (belote.score_deal, (CLASSIC, CONTRACT, TALLY), {"carry": 0}),
    "score_round": (belote.score_round, (FINISHED,), {"carry": 0}),
    "strength": (belote.strength, (Card.parse("JH"), Trump.HEARTS), {}),
    "to_record": (belote.to_record, (PLAYING,), {}),
    "position": (
        belote.position,
        (CLASSIC,),
        {"dealer": Seat(3), "hands": HANDS, "turned": "JH", "contract": CONTRACT, "plays": "9S 8S"},
    ),
    "seat_view": (
        belote.seat_view,
        (CLASSIC, Seat(2)),
        {"hand": HANDS[2], "dealer": Seat(3), "turned": "JH", "contract": CONTRACT, "plays": "9S 8S"},
    ),
    "wilson": (belote.wilson, (5, 10), {}),
    "trick_winner": (belote.trick_winner, ([(Seat(0), Card.parse("AS"))],), {"trump": Trump.HEARTS}),
}

NOT_FUZZED = {
    # values, not callables
    "BULGARIAN", "CLASSIC", "CLASSIC_501", "COINCHE", "CONTREE", "DECK", "LEVELS", "PRESETS", "__version__",
    # protocols and aliases (no constructor of their own)
    "Agent", "Call",
    # plain enums: their constructors and lookups are made consistent separately
    "DeclarationKind", "Outcome", "Phase", "Rank", "Reason", "Suit", "Team", "Trump", "Seat",
    # Card's converters are the enums' (Rank, Suit)
    "Card",
    # calls without fields
    "Pass", "Double", "Redouble", "Contra", "Recontra", "Coinche", "Surcoinche",
    # runners that play whole games and write files: their argument checks are tested with
    # the tournament and self-play tests; readers of files raise OSError for a missing file
    "tournament", "selfplay", "read_records", "training_pairs", "Seating",
    # results built by the library (no checks of their own fields)
    "GameResult", "TournamentSummary",
    "Breakdown", "DealRecord", "DealScore", "PlayerView", "RoundState", "Trick",
    "Analysis", "CardValue", "PlayReview", "Solution",
}  # fmt: skip


def _is_error_class(value: object) -> bool:
    return isinstance(value, type) and issubclass(value, Exception) and value is not ReplayError


def test_every_public_callable_is_fuzzed_or_listed() -> None:
    names = {name for name in belote.__all__ if not _is_error_class(getattr(belote, name))}
    assert names - NOT_FUZZED == set(TEMPLATES)


def test_templates_are_valid_calls() -> None:
    for function, args, kwargs in TEMPLATES.values():
        function(*args, **kwargs)  # a template that raises would make the fuzzing below vacuous


def mutations(template: Template) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    """The template's arguments with one of them replaced by each junk value."""
    _, args, kwargs = template
    found = []
    for position in range(len(args)):
        for junk in JUNK:
            found.append(((*args[:position], junk, *args[position + 1 :]), dict(kwargs)))
    for key in kwargs:
        for junk in JUNK:
            found.append((args, {**kwargs, key: junk}))
    return found


def call_allowing_documented_errors(function: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    with contextlib.suppress(BeloteError):
        function(*args, **kwargs)
    # anything else (a bare TypeError, AttributeError, IndexError, MemoryError, ...) fails the test


@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_junk_arguments_raise_only_documented_errors(name: str) -> None:
    function = TEMPLATES[name][0]
    for args, kwargs in mutations(TEMPLATES[name]):
        call_allowing_documented_errors(function, *args, **kwargs)


JUNK_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4) | st.sampled_from(JUNK),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=6,
)
"""Hypothesis junk: any JSON-like value, the fixed junk, and containers of them."""


def with_generated_junk(template: Template, data: st.DataObject) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """The template's arguments with one of them (drawn) replaced by drawn junk."""
    _, args, kwargs = template
    slots = [*range(len(args)), *kwargs]
    if not slots:
        return args, kwargs
    slot = data.draw(st.sampled_from(slots))
    junk = data.draw(JUNK_VALUES)
    if isinstance(slot, int):
        return (*args[:slot], junk, *args[slot + 1 :]), kwargs
    return args, {**kwargs, slot: junk}


@settings(max_examples=60)
@given(
    name=st.sampled_from(sorted(TEMPLATES)),
    data=st.data(),
)
def test_generated_junk_raises_only_documented_errors(name: str, data: st.DataObject) -> None:
    """Hypothesis junk in one argument of a template."""
    args, kwargs = with_generated_junk(TEMPLATES[name], data)
    call_allowing_documented_errors(TEMPLATES[name][0], *args, **kwargs)


# --- wrong actions on reachable rounds --------------------------------------------------------

SEATS: tuple[Any, ...] = (None, *Seat, 0, 1, 2, 3, 4, -1, "1", 1.0, True, 2**64, float("inf"))
CALLS: tuple[Any, ...] = (
    Pass(),
    Double(),
    Redouble(),
    *(Bid(mode) for mode in Trump),
    "pass",
    None,
    Card.parse("JH"),
)


def _check_refusal_changes_nothing(state: RoundState, action: Callable[[], RoundState]) -> None:
    before = copy.deepcopy(state)
    text = format_round(state)
    try:
        after = action()
    except (BeloteError, TypeError):
        assert state == before
        assert format_round(state) == text
        _next_legal_action_works(state)
        return
    assert isinstance(after, RoundState)
    assert state == before  # the input state is never changed, even by an accepted action


def _next_legal_action_works(state: RoundState) -> None:
    if state.phase is Phase.BIDDING:
        assert bid(state, legal_bids(state)[0]).auction[:-1] == state.auction
    elif state.phase is Phase.PLAYING:
        card = next(iter(legal_moves(state)))
        assert card not in play(state, card).hand(state.to_act)  # type: ignore[arg-type]


@settings(max_examples=120)
@given(
    variant=st.sampled_from(PRESETS),
    seed=st.integers(0, 10_000),
    stop=st.integers(0, 40),
    data=st.data(),
)
def test_wrong_actions_raise_documented_errors_and_change_nothing(
    variant: belote.Variant, seed: int, stop: int, data: st.DataObject
) -> None:
    state = random_round(variant, seed, stop)
    seat = data.draw(st.sampled_from(SEATS))
    kind = data.draw(st.sampled_from(("bid", "play", "step", "view")))
    if kind == "bid":
        call = data.draw(st.sampled_from(CALLS))
        _check_refusal_changes_nothing(state, lambda: bid(state, call, seat=seat))
    elif kind == "play":
        card: Any = data.draw(st.sampled_from((*DECK, "JH", "10♥", "XZ", None, 7)))
        announce = data.draw(st.sampled_from((None, True, False, 0, "yes")))
        options = [d for seat_ in Seat for option in _options_of(state, seat_) for d in option]
        shown: Any = data.draw(
            st.sampled_from(((), "x", 5, [None], (TERCA,)))
            | st.lists(st.sampled_from(options), max_size=3).map(tuple)
            if options
            else st.sampled_from(((), "x", 5, [None], (TERCA,)))
        )
        _check_refusal_changes_nothing(
            state, lambda: play(state, card, seat=seat, belote=announce, declarations=shown)
        )
    elif kind == "step":
        _check_refusal_changes_nothing(state, lambda: belote.agent_step(state, AGENTS))
    else:
        try:
            view = belote.observe(state, seat)
        except (BeloteError, TypeError):
            assert seat is None or seat.__class__ is not Seat
        else:
            assert view.seat == seat
            assert view.hand == state.hand(view.seat)


def _options_of(state: RoundState, seat: Seat) -> tuple[tuple[Declaration, ...], ...]:
    return belote.declaration_options(state.hand(seat), seat)


# --- the cases found by fuzzing, as a table ---------------------------------------------------

ROUND_FUNCTIONS: tuple[Callable[..., Any], ...] = (
    legal_moves,
    legal_bids,
    legal_declarations,
    belote.round_tally,
    belote.score_round,
    lambda state: bid(state, Pass()),
    lambda state: play(state, "JH"),
    lambda state: belote.agent_step(state, AGENTS),
    lambda state: belote.finish_round(state, AGENTS),
    lambda state: belote.observe(state, Seat(0)),
)


@pytest.mark.parametrize("function", ROUND_FUNCTIONS)
@pytest.mark.parametrize("value", [None, 0, "state", BIDDING.setup, belote.observe(PLAYING, Seat(1))])
def test_round_functions_refuse_a_non_state(function: Callable[..., Any], value: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="state must be a RoundState") as error:
        function(value)
    assert isinstance(error.value, TypeError)
    assert error.value.reason is Reason.BAD_ARGUMENT


def _bid_as(seat: Any) -> RoundState:
    return bid(BIDDING, Pass(), seat=seat)


def _play_as(seat: Any) -> RoundState:
    return play(PLAYING, next(iter(legal_moves(PLAYING))), seat=seat)


def _observe_as(seat: Any) -> object:
    return belote.observe(BIDDING, seat)


def _options_as(seat: Any) -> object:
    return belote.declaration_options(CardSet(), seat)


def _deal_as(seat: Any) -> object:
    return deal(CLASSIC, dealer=seat)


def _match_as(seat: Any) -> object:
    return belote.match(CLASSIC, first_dealer=seat)


def _replay_error_as(seat: Any) -> object:
    return ReplayError("x", index=0, seat=seat)


SEAT_TAKERS = (_bid_as, _play_as, _observe_as, _options_as, _deal_as, _match_as, _replay_error_as)


@pytest.mark.parametrize("taker", SEAT_TAKERS)
@pytest.mark.parametrize(
    ("seat", "error", "fragment"),
    [
        ("x", ArgumentTypeError, "must be a Seat or an int 0..3, got 'x'"),
        ("1", ArgumentTypeError, "must be a Seat or an int 0..3, got '1'"),
        (1.0, ArgumentTypeError, "must be a Seat or an int 0..3, got 1.0"),
        (float("inf"), ArgumentTypeError, "got inf"),
        (True, ArgumentTypeError, "got True"),
        ([1], ArgumentTypeError, "got [1]"),
        (4, BeloteError, "must be a seat 0..3, got 4"),
        (-1, BeloteError, "must be a seat 0..3, got -1"),
        (2**64, BeloteError, f"must be a seat 0..3, got {2**64}"),
    ],
)
def test_seat_arguments(
    taker: Callable[[Any], object], seat: Any, error: type[Exception], fragment: str
) -> None:
    with pytest.raises(error) as raised:
        taker(seat)
    assert fragment in str(raised.value)
    assert isinstance(raised.value, BeloteError)
    assert raised.value.reason is Reason.BAD_ARGUMENT


def test_seat_as_int_is_accepted_and_checked_against_the_turn() -> None:
    to_act = BIDDING.to_act
    assert to_act is not None
    assert bid(BIDDING, Pass(), seat=int(to_act)) == bid(BIDDING, Pass())
    with pytest.raises(
        belote.OutOfTurnError, match=f"seat {int(to_act.next)} cannot bid: it is seat {int(to_act)}'s"
    ):
        bid(BIDDING, Pass(), seat=int(to_act.next))


BAD_CALLS: list[tuple[Callable[[], object], type[Exception], str]] = [
    (lambda: belote.observe(PLAYING, Seat(0), match="x"), ArgumentTypeError, "match must be a Match"),
    (lambda: belote.play_round(0, AGENTS, match=MATCH), ArgumentTypeError, "variant must be a Variant"),
    (lambda: belote.play_round(CLASSIC, AGENTS, match="m"), ArgumentTypeError, "match must be a Match"),
    (lambda: belote.play_match(CLASSIC, "pass"), ArgumentTypeError, "agents must be a sequence"),
    (lambda: belote.play_match(CLASSIC, [1, 2, 3, 4]), ArgumentTypeError, "agents must be four Agent"),
    (lambda: belote.play_match(CLASSIC, None), ArgumentTypeError, "agents must be a sequence"),
    (lambda: belote.agent_step(BIDDING, AGENTS, match=5), ArgumentTypeError, "match must be a Match"),
    (lambda: belote.finish_round(BIDDING, AGENTS, match=5), ArgumentTypeError, "match must be a Match"),
    (lambda: belote.finish_round(BIDDING, AGENTS[:3]), BeloteError, "give four agents"),
    (lambda: belote.finish_round(BIDDING, "abcd"), ArgumentTypeError, "agents must be a sequence"),
    (lambda: belote.score_deal("classic", CONTRACT, TALLY), ArgumentTypeError, "variant must be a Variant"),
    (
        lambda: belote.counted_declarations((TERCA,), trump=Trump.HEARTS, variant=None),
        ArgumentTypeError,
        "variant must be a Variant",
    ),
    (
        lambda: belote.counted_declarations((TERCA,), trump=None, variant=CLASSIC),
        ArgumentTypeError,
        "trump must be a Trump",
    ),
    (
        lambda: belote.counted_declarations(None, trump=Trump.HEARTS, variant=CLASSIC),
        ArgumentTypeError,
        "declarations must be an iterable of Declaration",
    ),
    (
        lambda: belote.counted_declarations(["x"], trump=Trump.HEARTS, variant=CLASSIC),
        ArgumentTypeError,
        "declarations must be an iterable of Declaration",
    ),
    (lambda: belote.declaration_options("9H TH JH", Seat(0)), ArgumentTypeError, "hand must be a CardSet"),
    (lambda: belote.declaration_options(None, Seat(0)), ArgumentTypeError, "hand must be a CardSet"),
    (lambda: belote.declaration_options([7], Seat(0)), belote.NotationError, "7 is not a Card"),
    (lambda: belote.card_points(7, Trump.HEARTS), ArgumentTypeError, "card must be a Card, got 7"),
    (lambda: belote.card_points(Card.parse("JH"), 2**64), belote.NotationError, "is not a valid Trump"),
    (lambda: belote.card_points(Card.parse("JH"), None), ArgumentTypeError, "trump must be a Trump"),
    (lambda: belote.strength(Card.parse("JH"), 99), belote.NotationError, "99 is not a valid Trump"),
    (lambda: belote.strength(Card.parse("JH"), -1), belote.NotationError, "-1 is not a valid Trump"),
    (lambda: belote.strength(Card.parse("JH"), True), ArgumentTypeError, "got True"),
    (lambda: belote.deck_points(7), belote.NotationError, "7 is not a valid Trump"),
    (lambda: belote.deck_points(1.5), ArgumentTypeError, "trump must be a Trump"),
    # a mapping is sliceable-by-key on Python 3.12+ (hashable slices): a KeyError escaped there
    (lambda: belote.trick_winner({0: "AS"}, trump=Trump.HEARTS), ArgumentTypeError, "trick must be a list"),
    (lambda: Match("x", None, Seat(0), Seat(0)), ArgumentTypeError, "variant must be a Variant, got 'x'"),
    (lambda: Match(CLASSIC, 1.5, Seat(0), Seat(0)), ArgumentTypeError, "seed must be an int, a str or None"),
    (lambda: Match(CLASSIC, None, "0", Seat(0)), ArgumentTypeError, "first_dealer must be a Seat"),
    (lambda: Match(CLASSIC, None, Seat(0), 9), BeloteError, "dealer must be a seat 0..3, got 9"),
    (
        lambda: Match(CLASSIC, None, 0, 0, scores=(0,)),
        ArgumentTypeError,
        "scores must be a tuple of two ints",
    ),
    (lambda: Match(CLASSIC, None, 0, 0, carry=-1), BeloteError, "carry must be at least 0"),
    (lambda: Match(CLASSIC, None, 0, 0, target=None), ArgumentTypeError, "target must be an int"),
    (lambda: Match(CLASSIC, None, 0, 0, history=[1]), ArgumentTypeError, "history must be a tuple"),
    (lambda: Match(CLASSIC, None, 0, 0, winner=0), ArgumentTypeError, "winner must be a Team or None"),
    (lambda: Match(CLASSIC, None, 0, 0, tolerance_used=(0, 0)), ArgumentTypeError, "two bools"),
    (lambda: ReplayError("x", index="0", seat=None), ArgumentTypeError, "index must be an int or None"),
    (lambda: ReplayError("x", index=0, seat=None, deal=1.0), ArgumentTypeError, "deal must be an int"),
    (lambda: ReplayError("x", index=0, seat=None, reason="r"), ArgumentTypeError, "reason must be a Reason"),
    (
        lambda: play(PLAYING, next(iter(legal_moves(PLAYING))), belote=0),
        ArgumentTypeError,
        "belote must be None",
    ),
    (
        lambda: play(PLAYING, next(iter(legal_moves(PLAYING))), declarations=5),
        ArgumentTypeError,
        "declarations must be a sequence of Declaration",
    ),
]


@pytest.mark.parametrize(("call", "error", "fragment"), BAD_CALLS)
def test_bad_inputs(call: Callable[[], object], error: type[Exception], fragment: str) -> None:
    with pytest.raises(error) as raised:
        call()
    assert fragment in str(raised.value)
    assert isinstance(raised.value, BeloteError)


def test_int_seats_and_modes_are_accepted() -> None:
    assert Match(CLASSIC, None, 0, 3).dealer is Seat(3)
    assert belote.card_points(Card.parse("JH"), 2) == belote.card_points(Card.parse("JH"), "hearts") == 20
    assert belote.deck_points(Trump.ALL_TRUMPS) == 248
    assert str(belote.declaration_options([Card.parse(c) for c in ("9H", "TH", "JH")], 1)[0][0]) == (
        "terca JH TH 9H (20)"
    )
    error = ReplayError("x", index=0, seat=2, deal=1)
    assert error.seat is Seat(2)
    assert str(error) == "deal 2, action 0, seat 2: x [record_mismatch]"  # deal index 1: the second deal


def test_a_round_through_every_public_step_is_unchanged_by_the_checks() -> None:
    rng = random.Random(5)
    state = deal(BULGARIAN, dealer=Seat(1), seed=5)
    while state.phase is Phase.BIDDING:
        state = bid(state, rng.choice(legal_bids(state)), seat=state.to_act)
    while state.phase is Phase.PLAYING:
        assert state.to_act is not None
        state = play(state, rng.choice(list(legal_moves(state))), seat=int(state.to_act), belote=None)
    assert state.phase in (Phase.FINISHED, Phase.PASSED_OUT)


# --- methods of the public values -------------------------------------------------------------

VIEW = belote.observe(PLAYING, PLAYING.to_act)  # type: ignore[arg-type]


def _game_result_json() -> dict[str, Any]:
    """One game of a tournament as its output file writes it."""
    written = io.StringIO()
    belote.tournament(("easy", "easy"), games=1, deals=True, output=written)
    data: dict[str, Any] = json.loads(written.getvalue().splitlines()[0])
    return data


METHOD_TEMPLATES: dict[str, Template] = {
    "RoundState.hand": (PLAYING.hand, (Seat(1),), {}),
    "CardSet.add": (CardSet.parse("JH").add, (Card.parse("QH"),), {}),
    "CardSet.remove": (CardSet.parse("JH").remove, (Card.parse("JH"),), {}),
    "Variant.differences": (BULGARIAN.differences, (CLASSIC,), {}),
    "Match.record": (MATCH.record, (belote.play_round(CLASSIC, AGENTS, match=MATCH),), {}),
    "EasyAgent.choose_call": (EasyAgent().choose_call, (belote.observe(BIDDING, BIDDING.to_act),), {}),  # type: ignore[arg-type]
    "EasyAgent.choose_play": (EasyAgent().choose_play, (VIEW,), {}),
    "NormalAgent.choose_call": (
        belote.NormalAgent().choose_call,
        (belote.observe(BIDDING, BIDDING.to_act),),  # type: ignore[arg-type]
        {},
    ),
    "NormalAgent.choose_play": (belote.NormalAgent().choose_play, (VIEW,), {}),
    "HardAgent.choose_play": (belote.HardAgent(samples=2).choose_play, (VIEW,), {}),
    "HardAgent.beliefs": (belote.HardAgent(samples=2).beliefs, (VIEW,), {}),
    "HardAgent.evaluate": (belote.HardAgent(samples=2).evaluate, (VIEW,), {}),
    "ExpertAgent.choose_play": (belote.ExpertAgent(samples=2).choose_play, (VIEW,), {}),
    "ExpertAgent.evaluate": (belote.ExpertAgent(samples=1).evaluate, (VIEW,), {}),
    "ExpertAgent.solves_bidding": (belote.ExpertAgent(samples=1).solves_bidding, (CLASSIC,), {}),
    "HardAgent.evaluate_calls": (
        belote.HardAgent(samples=2).evaluate_calls,
        (belote.observe(BIDDING, BIDDING.to_act),),  # type: ignore[arg-type]
        {},
    ),
    "Seat.offset": (Seat(1).offset, (3,), {}),
    "Suit.parse": (belote.Suit.parse, ("H",), {}),
    "Trump.parse": (Trump.parse, ("hearts",), {}),
    "Trump.of_suit": (Trump.of_suit, (belote.Suit.HEARTS,), {}),
    "Seating.sides": (belote.Seating.DUPLICATE.sides, (3,), {}),
    "Card.from_index": (Card.from_index, (3,), {}),
    "Card.parse": (Card.parse, ("JH",), {}),
    "CardSet.parse": (CardSet.parse, ("JH QH",), {}),
    "CardSet.of_suit": (CardSet.of_suit, (belote.Suit.HEARTS,), {}),
    "CardSet.suit": (CardSet.parse("JH AS").suit, (belote.Suit.HEARTS,), {}),
    "CardSet.isdisjoint": (CardSet.parse("JH").isdisjoint, (CardSet.parse("QH"),), {}),
    "Variant.parse": (belote.Variant.parse, ("classic:target=501",), {}),
    "RoundState.parse": (RoundState.parse, (format_round(PLAYING),), {}),
    "Match.deal_seed": (MATCH.deal_seed, (1,), {}),
    "PlayerView.hand_size": (VIEW.hand_size, (Seat(1),), {}),
    "Analysis.mistakes": (belote.analyze(FINISHED).mistakes, (3,), {}),
    "Solution.value": (belote.solve(LATE).value, (next(iter(legal_moves(LATE))),), {}),
    "GameResult.from_json": (belote.GameResult.from_json, (_game_result_json(),), {}),
    "HardAgent.choose_call": (
        belote.HardAgent(samples=2).choose_call,
        (belote.observe(BIDDING, BIDDING.to_act),),  # type: ignore[arg-type]
        {},
    ),
    "ExpertAgent.choose_call": (
        belote.ExpertAgent(samples=1, bid_samples=2).choose_call,
        (belote.observe(BIDDING, BIDDING.to_act),),  # type: ignore[arg-type]
        {},
    ),
    "ExpertAgent.evaluate_calls": (
        belote.ExpertAgent(samples=1, bid_samples=2).evaluate_calls,
        (belote.observe(BIDDING, BIDDING.to_act),),  # type: ignore[arg-type]
        {},
    ),
    "CardSet.of": (CardSet.of, ([Card.parse("JH")],), {}),
    "Tally.team_tricks": (TALLY.team_tricks, (belote.Team(1),), {}),
    "Tally.from_totals": (
        Tally.from_totals,
        ((102, 60),),
        {"trump": "hearts", "last_trick": belote.Team(0), "capot": None, "belotes": (), "variant": None},
    ),
}


METHODS_NOT_FUZZED = {
    "Agent.choose_call": "the protocol: each level's own method is fuzzed",
    "Agent.choose_play": "the protocol: each level's own method is fuzzed",
}


def _public_methods() -> set[str]:
    """``Class.method`` for the methods of the top-level classes that take an argument."""
    found = set()
    for name in belote.__all__:
        value = getattr(belote, name)
        if not inspect.isclass(value):
            continue
        own = {key for klass in value.__mro__ if klass.__module__.startswith("belote") for key in vars(klass)}
        for method_name in sorted(own):  # not dir(): an enum's hides its methods
            method = getattr(value, method_name)
            if method_name.startswith("_") or not (inspect.isfunction(method) or inspect.ismethod(method)):
                continue
            parameters = [p for p in inspect.signature(method).parameters if p not in ("self", "cls")]
            if parameters:
                found.add(f"{name}.{method_name}")
    return found


def test_every_public_method_with_arguments_is_fuzzed_or_listed() -> None:
    assert _public_methods() - set(METHODS_NOT_FUZZED) == set(METHOD_TEMPLATES)


@pytest.mark.parametrize("name", sorted(METHOD_TEMPLATES))
def test_junk_arguments_of_methods_raise_only_documented_errors(name: str) -> None:
    function = METHOD_TEMPLATES[name][0]
    function(*METHOD_TEMPLATES[name][1], **METHOD_TEMPLATES[name][2])  # the template itself is a valid call
    for args, kwargs in mutations(METHOD_TEMPLATES[name]):
        call_allowing_documented_errors(function, *args, **kwargs)


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: PLAYING.hand(7), "seat must be a seat 0..3, got 7"),
        (lambda: PLAYING.hand(-1), "seat must be a seat 0..3, got -1"),
        (lambda: PLAYING.hand("1"), "seat must be a Seat or an int 0..3, got '1'"),
        (lambda: CardSet().add(0), "card must be a Card, got 0"),
        (lambda: CardSet().remove("JH"), "card must be a Card, got 'JH'"),
        (lambda: CLASSIC.differences("classic"), "base must be a Variant, got 'classic'"),
        (lambda: EasyAgent().choose_call(BIDDING), "view must be a PlayerView, got "),
        (lambda: EasyAgent().choose_play(None), "view must be a PlayerView, got None"),
        (lambda: belote.NormalAgent().choose_call("x"), "view must be a PlayerView, got 'x'"),
        (lambda: belote.NormalAgent().choose_play(PLAYING), "view must be a PlayerView"),
        (lambda: belote.HardAgent().choose_call(0), "view must be a PlayerView, got 0"),
        (lambda: belote.HardAgent().choose_play(0), "view must be a PlayerView, got 0"),
        (lambda: belote.HardAgent().beliefs(0), "view must be a PlayerView, got 0"),
        (lambda: belote.HardAgent().evaluate(0), "view must be a PlayerView, got 0"),
        (lambda: belote.ExpertAgent().choose_call(0), "view must be a PlayerView, got 0"),
        (lambda: belote.ExpertAgent().choose_play(0), "view must be a PlayerView, got 0"),
        (lambda: belote.ExpertAgent().evaluate(0), "view must be a PlayerView, got 0"),
        (lambda: belote.ExpertAgent().solves_bidding("classic"), "variant must be a Variant, got 'classic'"),
        (lambda: Seat(0).offset(1.5), "steps must be an int, got 1.5"),
        (lambda: Seat(0).offset(True), "steps must be an int, got True"),
        (lambda: CardSet.of(5), "cards must be an iterable of Card, got 5"),
        (lambda: belote.Suit.parse(2), "2 is not a suit: expected a text"),
        (lambda: TALLY.team_tricks(2), "team must be 0 or 1, got 2"),
        (lambda: TALLY.team_tricks("0"), "team must be a Team or an int 0..1, got '0'"),
    ],
)
def test_bad_method_arguments(call: Callable[[], object], fragment: str) -> None:
    with pytest.raises(BeloteError) as raised:
        call()
    assert fragment in str(raised.value)
    assert raised.value.reason is Reason.BAD_ARGUMENT
