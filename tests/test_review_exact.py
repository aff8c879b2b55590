"""Exact values and refusals of belote.analysis.review that mutation testing (mutmut 3.8) found
untested by the fast rule tests (tests/test_analysis.py, which covers the same ground, is slow and
left out of the mutation run): every field of each card's review at the end of one deal (seat,
points, margin, best cards, hands and table before the card), a trick still in progress (its
seats wrapping past West), the first lead, a capot bonus above the search's ranks read back, a
one-player capot, each seat's losses, the order of the mistakes, the JSON and repr, the threads
handed to the search, a match's played deals, and each refusal with its message and reason.

The positions are near the end of a deal, so each is solved in a few milliseconds; one test
judges the first lead (some 40 ms with the compiled kernel)."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from _doc_deal import HANDS, WHOLE_DEAL
from belote import (
    CLASSIC,
    CLASSIC_501,
    ArgumentTypeError,
    BeloteError,
    Card,
    CardSet,
    Contract,
    Pass,
    PhaseError,
    Reason,
    RoundState,
    Seat,
    Trump,
    Variant,
    analyze,
    analyze_match,
    bid,
    deal,
    legal_bids,
    legal_moves,
    match,
    play,
    position,
    score_round,
)
from belote.analysis import Analysis, PlayReview
from belote.analysis import review as review_module
from belote.analysis.solver import exact_search
from belote.errors import Reason as ErrorReason
from test_analysis import capot_conceded

PLAYS = WHOLE_DEAL.split()


def doc_deal(cards: int = 32, variant: Variant = CLASSIC) -> RoundState:
    """The deal of the module's docstring (North takes in hearts), its first ``cards`` played."""
    return position(
        variant,
        dealer=Seat(3),
        hands=HANDS,
        turned="JH",
        contract=Contract(Seat(0), Trump.HEARTS),
        plays=" ".join(PLAYS[:cards]),
    )


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(card) for card in text.split())


# ---------------------------------------------------------------- every field of each review

# number, seat, card, points, margin, best, best_points, best_margin, hands, table
LAST_TWO_TRICKS = [
    (24, 2, "KH", 0, -74, "KH AH", 0, -74, ("9S AC", "TH 9H", "AH KH", "TD KC"), ""),
    (25, 3, "KC", 74, 74, "KC TD", 74, 74, ("9S AC", "TH 9H", "AH", "TD KC"), "KH"),
    (26, 0, "AC", 0, -74, "AC 9S", 0, -74, ("9S AC", "TH 9H", "AH", "TD"), "KH KC"),
    (27, 1, "9H", 33, -8, "TH", 74, 74, ("9S", "TH 9H", "AH", "TD"), "KH KC AC"),
    (28, 1, "TH", 0, -41, "TH", 0, -41, ("9S", "TH", "AH", "TD"), ""),
    (29, 2, "AH", 41, 41, "AH", 41, 41, ("9S", "", "AH", "TD"), "TH"),
    (30, 3, "TD", 0, -41, "TD", 0, -41, ("9S", "", "", "TD"), "TH AH"),
    (31, 0, "9S", 41, 41, "9S", 41, 41, ("9S", "", "", ""), "TH AH TD"),
]


def test_each_review_of_the_last_two_tricks_holds_the_exact_values_and_position() -> None:
    analysis = analyze(doc_deal(), start=24)
    assert analysis.contract == Contract(Seat(0), Trump.HEARTS)
    got = [
        (
            review.number,
            int(review.seat),
            str(review.card),
            review.points,
            review.margin,
            " ".join(str(card) for card in review.best),
            review.best_points,
            review.best_margin,
            tuple(str(hand) for hand in review.hands),
            " ".join(str(card) for card in review.table),
        )
        for review in analysis
    ]
    assert got == LAST_TWO_TRICKS
    assert all(type(review.seat) is Seat for review in analysis)
    assert all(type(hand) is CardSet for review in analysis for hand in review.hands)
    assert analysis.losses == (0, 41, 0, 0)
    assert analysis.margin_losses == (0, 82, 0, 0)


@pytest.mark.parametrize(
    ("start", "losses", "margin_losses", "count"),
    [
        (16, (13, 41, 8, 0), (26, 82, 16, 0), 16),
        (20, (1, 41, 8, 0), (2, 82, 16, 0), 12),
        (31, (0, 0, 0, 0), (0, 0, 0, 0), 1),
    ],
)
def test_losses_per_seat_from_each_start(
    start: int, losses: tuple[int, ...], margin_losses: tuple[int, ...], count: int
) -> None:
    analysis = analyze(doc_deal(), start=start)
    assert [review.number for review in analysis] == list(range(start, 32))
    assert len(analysis.plays) == count
    assert analysis.losses == losses
    assert analysis.margin_losses == margin_losses


def test_a_trick_in_progress_gives_its_cards_the_seats_after_the_leader() -> None:
    """East leads the sixth trick: its second card is North's (seat 3 + 1 wraps to 0)."""
    analysis = analyze(doc_deal(22), start=20)
    got = [
        (review.number, review.seat, str(review.card), review.points, review.margin, review.best)
        for review in analysis
    ]
    assert got == [(20, Seat(3), "QC", 65, 40, cards("QC")), (21, Seat(0), "TC", 24, -42, cards("AC"))]
    assert [str(hand) for hand in analysis.plays[1].hands] == ["9S AC TC", "TH 9H 8H", "AH KH QH", "TD KC"]
    assert analysis.plays[1].table == cards("QC")
    assert analysis.losses == (1, 0, 0, 0)


def test_the_first_lead_is_judged_from_the_seat_that_made_it() -> None:
    """North (seat 0, East dealt) leads; West follows: the leader before any trick is won."""
    analysis = analyze(doc_deal(2), start=0)
    got = [
        (review.number, review.seat, str(review.card), review.points, review.margin, review.best)
        for review in analysis
    ]
    assert got == [(0, Seat(0), "AS", 99, 36, cards("TC AC")), (1, Seat(1), "7S", 63, -36, cards("7S 8S"))]
    assert analysis.losses == (24, 0, 0, 0)


def test_a_round_with_no_card_played_yet_has_no_review() -> None:
    state = doc_deal(0)
    assert analyze(state).plays == ()
    assert analyze(state, start=0) == Analysis(contract=Contract(Seat(0), Trump.HEARTS), plays=())


# ---------------------------------------------------------------- capots


@pytest.mark.parametrize(
    ("capot_value", "capot"),
    [
        (252, 120),  # classic: 30 points in play and the capot's 90
        (20000, 19868),  # a bonus of 19838, above what the search ranks directly: read back
    ],
)
def test_a_conceded_capot_is_valued_with_its_real_bonus(capot_value: int, capot: int) -> None:
    analysis = analyze(capot_conceded(attrs.evolve(CLASSIC, capot_value=capot_value)), start=24)
    got = [
        (review.number, int(review.seat), str(review.card), review.points, review.margin, review.best)
        for review in analysis
    ]
    assert got == [
        (24, 3, "8C", 30, 30, cards("8C")),
        (25, 0, "7C", 0, -capot, cards("9C")),
        (26, 1, "7D", capot, capot, cards("7D 8D")),
        (27, 2, "7S", 0, -capot, cards("7S 8S")),
        (28, 3, "JH", capot, capot, cards("JH")),
        (29, 0, "9C", 0, -capot, cards("9C")),
        (30, 1, "8D", capot, capot, cards("8D")),
        (31, 2, "8S", 0, -capot, cards("8S")),
    ]
    conceded = analysis.plays[1]
    assert (conceded.best_points, conceded.best_margin, conceded.loss, conceded.margin_loss) == (
        0,
        -30,
        0,
        capot - 30,
    )
    assert analysis.losses == (0, 0, 0, 0)
    assert analysis.margin_losses == (capot - 30, 0, 0, 0)
    assert analysis.mistakes() == (conceded,)


def test_a_one_player_capot_of_the_501_game_is_followed_trick_by_trick() -> None:
    """North took every trick; South's AD takes the fifth trick and leaves a team capot (175)
    where staying under keeps North's own (273)."""
    hands = [
        "JH 9H AH TH KH QH KD AS",
        "7H 8H 7S 8S 9S 8D 9D JC",
        "AD TD 7D QD KS QS JS TS",
        "JD AC TC KC QC 9C 8C 7C",
    ]
    plays = "JH 7H KS 7C  9H 8H QS 8C  AH 7S JS 9C  TH 8S TS QC  KD 8D AD"
    state = position(
        CLASSIC_501,
        dealer=Seat(0),
        hands=hands,
        turned="JH",
        contract=Contract(Seat(0), Trump.HEARTS),
        plays=plays,
    )
    got = [
        (review.number, int(review.seat), str(review.card), review.points, review.margin, review.best)
        for review in analyze(state, start=16)
    ]
    assert got == [
        (16, 0, "KD", 273, 273, cards("KD QH KH AS")),
        (17, 1, "8D", 0, -273, cards("8D 9D")),
        (18, 2, "AD", 175, 175, cards("7D QD")),
    ]
    assert analyze(state, start=18).plays[0].best_points == 273


# ---------------------------------------------------------------- the review and analysis objects


def made_review(number: int, seat: int, loss: int, margin_loss: int) -> PlayReview:
    return PlayReview(
        number=number,
        seat=Seat(seat),
        card=Card.parse("AS"),
        points=40 - loss,
        margin=10 - margin_loss,
        best=cards("KS") if margin_loss else cards("AS"),
        best_points=40,
        best_margin=10,
        hands=(CardSet.parse("AS KS"), CardSet.parse("7H"), CardSet(0), CardSet.parse("8D 9D")),
        table=cards("7S 8S"),
    )


@pytest.mark.parametrize(
    ("number", "trick"),
    [(0, 1), (3, 1), (4, 2), (7, 2), (27, 7), (28, 8), (31, 8)],
)
def test_the_trick_of_a_card_number(number: int, trick: int) -> None:
    assert made_review(number, 0, 0, 0).trick == trick


def test_a_review_writes_every_field_to_json_and_keeps_its_repr_short() -> None:
    review = made_review(13, 2, 5, 7)
    assert (review.loss, review.margin_loss, review.is_best) == (5, 7, False)
    assert review.to_json() == {
        "number": 13,
        "trick": 4,
        "seat": 2,
        "card": "AS",
        "points": 35,
        "margin": 3,
        "best": ["KS"],
        "best_points": 40,
        "best_margin": 10,
        "loss": 5,
        "margin_loss": 7,
        "hands": ["AS KS", "7H", "", "9D 8D"],
        "table": ["7S", "8S"],
    }
    assert repr(review) == (
        "PlayReview(number=13, seat=Seat.SOUTH, card=Card.parse('AS'), points=35, margin=3,"
        " best=(Card.parse('KS'),), best_points=40, best_margin=10)"
    )
    assert made_review(0, 0, 0, 0).is_best
    assert not made_review(0, 0, 0, -1).is_best  # a margin above the best's is no best card


def test_an_analysis_sums_per_seat_and_writes_itself() -> None:
    plays = (made_review(0, 0, 1, 2), made_review(1, 1, 10, 20), made_review(4, 0, 100, 200))
    analysis = Analysis(contract=Contract(Seat(1), Trump.HEARTS, multiplier=2, bid=100), plays=plays)
    assert analysis.losses == (101, 10, 0, 0)
    assert analysis.margin_losses == (202, 20, 0, 0)
    assert list(analysis) == list(plays)
    assert repr(analysis) == (
        "Analysis(contract=Contract(Seat.WEST, Trump.HEARTS, multiplier=2, bid=100), cards=3,"
        " losses=(101, 10, 0, 0))"
    )
    assert analysis.to_json() == {
        "contract": {"taker": 1, "trump": "H", "multiplier": 2, "bid": 100},
        "taker": 1,
        "losses": [101, 10, 0, 0],
        "margin_losses": [202, 20, 0, 0],
        "plays": [review.to_json() for review in plays],
    }
    empty = Analysis(contract=None, plays=())
    assert empty.to_json() == {
        "contract": None,
        "taker": None,
        "losses": [0] * 4,
        "margin_losses": [0] * 4,
        "plays": [],
    }
    assert repr(empty) == "Analysis(contract=None, cards=0, losses=(0, 0, 0, 0))"


MISTAKES = Analysis(
    contract=None,
    plays=(
        made_review(0, 0, 0, 0),
        made_review(1, 1, 10, 20),
        made_review(2, 2, 0, 90),
        made_review(3, 3, 45, 90),
        made_review(5, 1, 10, 20),
        made_review(6, 2, 30, 20),
    ),
)


@pytest.mark.parametrize(
    ("count", "numbers"),
    [(0, []), (1, [3]), (2, [3, 2]), (4, [3, 2, 6, 1]), (5, [3, 2, 6, 1, 5]), (9, [3, 2, 6, 1, 5])],
)
def test_mistakes_by_margin_then_points_then_number(count: int, numbers: list[int]) -> None:
    assert [review.number for review in MISTAKES.mistakes(count)] == numbers


def test_mistakes_default_to_five() -> None:
    assert [review.number for review in MISTAKES.mistakes()] == [3, 2, 6, 1, 5]
    more = Analysis(contract=None, plays=(*MISTAKES.plays, made_review(7, 3, 1, 1)))
    assert [review.number for review in more.mistakes()] == [3, 2, 6, 1, 5]


@pytest.mark.parametrize(
    ("count", "error", "message"),
    [
        ("2", ArgumentTypeError, "count must be an int, got '2'"),
        (True, ArgumentTypeError, "count must be an int, got True"),
        (2.0, ArgumentTypeError, "count must be an int, got 2.0"),
        (-1, BeloteError, "count must be at least 0, got -1"),
    ],
)
def test_mistakes_refuse_a_bad_count(count: Any, error: type[BeloteError], message: str) -> None:
    with pytest.raises(error) as caught:
        MISTAKES.mistakes(count)
    assert type(caught.value) is error
    assert str(caught.value) == message
    assert caught.value.reason is Reason.BAD_ARGUMENT


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"start": -1}, BeloteError, "start must be a card number 0..31, got -1"),
        ({"start": 32}, BeloteError, "start must be a card number 0..31, got 32"),
        ({"start": 1.0}, ArgumentTypeError, "start must be an int, got 1.0"),
        ({"start": False}, ArgumentTypeError, "start must be an int, got False"),
        ({"threads": 0}, BeloteError, "threads must be an int >= 1 or None, got 0"),
        ({"threads": "2"}, ArgumentTypeError, "threads must be an int >= 1 or None, got '2'"),
    ],
)
def test_analyze_and_analyze_match_refuse_bad_arguments(
    arguments: dict[str, Any], error: type[BeloteError], message: str
) -> None:
    for call in (
        lambda: analyze(doc_deal(), **arguments),
        lambda: analyze_match(match(CLASSIC, seed=1), **arguments),  # no deal played: checked anyway
    ):
        with pytest.raises(error) as caught:
            call()
        assert type(caught.value) is error
        assert str(caught.value) == message
        assert caught.value.reason is ErrorReason.BAD_ARGUMENT


def test_analyze_refuses_what_is_not_a_round_state() -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        analyze("round")  # type: ignore[arg-type]
    assert str(caught.value) == "state must be a RoundState, got 'round'"
    with pytest.raises(ArgumentTypeError) as other:
        analyze_match(doc_deal())  # type: ignore[arg-type]
    assert str(other.value).startswith("game must be a Match, got ")


def passed_out() -> RoundState:
    state = deal(CLASSIC, dealer=Seat(0), seed=3)
    while state.to_act is not None and Pass() in legal_bids(state):
        state = bid(state, Pass())
    return state


@pytest.mark.parametrize(
    ("state", "phase"),
    [(deal(CLASSIC, dealer=Seat(0), seed=3), "bidding"), (passed_out(), "passed out")],
)
def test_analyze_refuses_a_round_with_no_card_play(state: RoundState, phase: str) -> None:
    with pytest.raises(PhaseError) as caught:
        analyze(state)
    assert str(caught.value) == f"cannot analyze a round in the {phase} phase: it has no card play"
    assert caught.value.reason is Reason.WRONG_PHASE


# ---------------------------------------------------------------- the search's threads and a match


def record_threads(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The ``threads`` of each search the analysis runs, from now on."""
    seen: list[Any] = []

    def recording() -> Any:
        inner = exact_search()

        def run(*args: Any, **kwargs: Any) -> Any:
            seen.append(kwargs["threads"])
            return inner(*args, **kwargs)

        return run

    monkeypatch.setattr("belote.analysis.review.exact_search", recording)
    return seen


def test_the_threads_reach_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = record_threads(monkeypatch)
    analyze(doc_deal(), start=30, threads=3)
    analyze(doc_deal(), start=31)
    assert seen == [3, 3, None]


def finished_round(game: Any, seed: int) -> RoundState:
    """The match's next deal, bid (the first seat that may take does) and played out with the
    first legal card each time."""
    state: RoundState = game.deal()
    while state.phase.value == "bidding":
        calls = legal_bids(state)
        takes = [call for call in calls if call != Pass()]
        state = bid(state, takes[seed % len(takes)] if takes else Pass())
    while state.phase.value == "playing":
        state = play(state, min(legal_moves(state), key=lambda card: card.index))
    return state


def test_analyze_match_judges_each_played_deal_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    game = match(CLASSIC, seed=2)
    first = finished_round(game, 0)
    game = game.record(first)
    game = game.record(passed_out_of(game))
    second = finished_round(game, 1)
    game = game.record(second)
    assert [entry.round is not None for entry in game.history] == [True, True, True]
    analyses = analyze_match(game, start=28)
    assert analyses == (analyze(first, start=28), analyze(second, start=28))
    assert [len(analysis.plays) for analysis in analyses] == [4, 4]
    seen = record_threads(monkeypatch)
    analyze_match(game, start=31, threads=2)
    assert seen == [2, 2]


def test_analyze_match_leaves_out_a_deal_recorded_from_its_score_alone() -> None:
    game = match(CLASSIC, seed=2)
    game = game.record(score_round(finished_round(game, 0)))  # scored by hand: no card play kept
    second = finished_round(game, 1)
    game = game.record(second)
    assert [entry.round is None for entry in game.history] == [True, False]
    assert analyze_match(game, start=28) == (analyze(second, start=28),)


def passed_out_of(game: Any) -> RoundState:
    state: RoundState = game.deal()
    while state.phase.value == "bidding":
        state = bid(state, Pass())
    return state


def test_reviews_and_analyses_are_not_ordered_and_the_module_exports_its_api() -> None:
    """Both classes are frozen without ordering: the order of mistakes is mistakes()'s own."""
    first, second = made_review(0, 0, 0, 0), made_review(1, 1, 10, 20)
    with pytest.raises(TypeError):
        _ = first < second  # type: ignore[operator]
    with pytest.raises(TypeError):
        _ = Analysis(contract=None, plays=()) < Analysis(contract=None, plays=())  # type: ignore[operator]
    assert review_module.__all__ == ["Analysis", "PlayReview", "analyze", "analyze_match"]


# ---------------------------------------------------------------- the tricks each seat has won

SOLO_HANDS = [
    "JH 9H AH TH KH QH KD AS",
    "7H 8H 7S 8S 9S 8D 9D JC",
    "AD TD 7D QD KS QS JS TS",
    "JD AC TC KC QC 9C 8C 7C",
]
SOLO_PLAYS = (
    "JH 7H KS 7C  9H 8H QS 8C  AH 7S JS 9C  TH 8S TS QC  KD 8D AD JD  7D TC QH 9D  KH JC TD KC  AS 9S QD AC"
)


def test_a_team_capot_open_after_the_partner_took_a_trick() -> None:
    """North took four tricks, South the fifth: East and West have none, so North and South's
    capot (90) is still in every value."""
    state = position(
        CLASSIC,
        dealer=Seat(3),
        hands=SOLO_HANDS,
        turned="JH",
        contract=Contract(Seat(0), Trump.HEARTS),
        plays=SOLO_PLAYS,
    )
    got = [
        (review.number, str(review.card), review.points, review.margin, review.best)
        for review in analyze(state, start=20)
    ]
    assert got == [
        (20, "7D", 158, 158, cards("7D TD QD")),
        (21, "TC", 0, -158, cards("TC KC AC")),
        (22, "QH", 158, 158, cards("QH KH")),
        (23, "9D", 0, -158, cards("9D")),
        (24, "KH", 145, 145, cards("KH AS")),
        (25, "JC", 0, -145, cards("JC 9S")),
        (26, "TD", 145, 145, cards("TD QD")),
        (27, "KC", 0, -145, cards("KC AC")),
        (28, "AS", 125, 125, cards("AS")),
        (29, "9S", 0, -125, cards("9S")),
        (30, "QD", 125, 125, cards("QD")),
        (31, "AC", 0, -125, cards("AC")),
    ]


def test_the_tricks_of_each_seat_reach_the_search_in_the_501_game() -> None:
    hands = [
        "TC JC QC KC AC 9S 9C 7C",
        "7H 9D TD JD QD KD 7D 8D",
        "AD TS JS QS KS AS 7S 8S",
        "9H AH TH KH QH 8H JH 8C",
    ]
    plays = (
        "9H TC 7H AD  AH JC 9D TS  TH QC TD JS  QH 7C KD QS  KH 9C 7D 7S  8C KC QD AS"
        "  AC JD 8S 8H  JH 9S 8D KS"
    )
    state = position(
        CLASSIC_501,
        dealer=Seat(3),
        hands=hands,
        turned="JH",
        contract=Contract(Seat(3), Trump.HEARTS),
        plays=plays,
    )
    got = [
        (review.number, int(review.seat), str(review.card), review.points, review.margin, review.best)
        for review in analyze(state, start=12)
    ]
    assert got == [
        (12, 3, "QH", 57, 35, cards("8C 8H JH QH KH")),
        (13, 0, "7C", 22, -35, cards("7C 9C KC 9S")),
        (14, 1, "KD", 57, 35, cards("7D 8D JD QD KD")),
        (15, 2, "QS", 22, -35, cards("7S 8S QS KS")),
        (16, 3, "KH", 47, 25, cards("8C 8H JH KH")),
        (17, 0, "9C", 22, -25, cards("9C KC 9S")),
        (18, 1, "7D", 47, 25, cards("7D 8D JD QD")),
        (19, 2, "7S", 22, -25, cards("7S 8S KS")),
        (20, 3, "8C", 43, 21, cards("8C 8H JH")),
        (21, 0, "KC", 15, -35, cards("AC")),
        (22, 1, "QD", 47, 29, cards("8D")),
        (23, 2, "AS", 18, -29, cards("AS")),
        (24, 0, "AC", 0, -47, cards("AC 9S")),
        (25, 1, "JD", 47, 47, cards("8D JD")),
        (26, 2, "8S", 0, -47, cards("8S KS")),
        (27, 3, "8H", 47, 47, cards("8H JH")),
        (28, 3, "JH", 34, 34, cards("JH")),
        (29, 0, "9S", 0, -34, cards("9S")),
        (30, 1, "8D", 34, 34, cards("8D")),
        (31, 2, "KS", 0, -34, cards("KS")),
    ]


def test_the_positions_of_one_deal_share_one_transposition_table(monkeypatch: pytest.MonkeyPatch) -> None:
    tables: list[Any] = []

    def recording() -> Any:
        inner = exact_search()

        def run(*args: Any, **kwargs: Any) -> Any:
            tables.append(args[7])
            return inner(*args, **kwargs)

        return run

    monkeypatch.setattr("belote.analysis.review.exact_search", recording)
    analyze(doc_deal(), start=28)
    assert len(tables) == 4
    assert all(type(table) is dict and table is tables[0] for table in tables)


def test_analyze_match_judges_from_the_first_card_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    game = match(CLASSIC, seed=2)
    game = game.record(finished_round(game, 0))
    seen: list[Any] = []

    def recording(state: RoundState, **keywords: Any) -> Analysis:
        seen.append(keywords)
        return Analysis(contract=None, plays=())

    monkeypatch.setattr("belote.analysis.review.analyze", recording)
    analyze_match(game)
    assert seen == [{"start": 0, "threads": None}]
    with pytest.raises(ArgumentTypeError) as caught:
        analyze_match("game")  # type: ignore[arg-type]
    assert str(caught.value) == "game must be a Match, got 'game'"
