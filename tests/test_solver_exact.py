"""Exact values and refusals of belote.analysis.solver that mutation testing (mutmut 3.8) found
untested by the fast rule tests (tests/test_analysis.py and tests/test_kernel_solver.py, which
cover the same ground, are slow and left out of the mutation run): the arguments the solver hands
to the search (the hands, the trick, its leader, the mode, the tricks won per seat, the capot
bonuses, the threads), each card's value read back with a capot bonus above the search's ranks
(a card on the table counting in the points still in play), the capot bonuses of each contract
kind, a :class:`Solution` built by hand (its best cards, points, margin, lookup and repr), and
each refusal with its message and reason.

The positions are near the end of a deal: each is solved in a few milliseconds.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import belote.kernel
from _doc_deal import HANDS, WHOLE_DEAL
from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    COINCHE,
    CONTREE,
    ArgumentTypeError,
    BeloteError,
    Card,
    Contract,
    PhaseError,
    Reason,
    RoundState,
    Seat,
    Trump,
    Variant,
    deal,
    position,
)
from belote.analysis.solver import (
    CardValue,
    Solution,
    capot_bonuses,
    check_solver_threads,
    check_solver_time_limit,
    contract_bonuses,
    exact_search,
    exact_value,
    points_in_play,
    solo_capot_bonuses,
    solve,
)
from belote.cards import CardSet
from belote.notation import parse_variant
from belote.options import MadeScore

PLAYS = "AS 7S QS 7H  AD 7D JD 8D  KD JH 9D JS  KS 8S TS QD  AH"
"""Its first 17 cards: East, East, North and South won the first four tricks; South leads the fifth."""


def doc_deal(plays: str = PLAYS) -> RoundState:
    return position(
        CLASSIC,
        dealer=Seat(3),
        hands=HANDS,
        turned="JH",
        contract=Contract(Seat(0), Trump.HEARTS),
        plays=plays,
    )


TRUMPS_HANDS = [
    "JH 9H AH TH AS AD AC 7H",
    "7S 8S 9S 7D 8D 9D 7C 8C",
    "TS KS QS TD KD QD TC KC",
    "JS JD JC QC 9C QH 8H KH",
]
"""North holds five trumps and three aces: every line but one keeps North's capot open."""


def trumps_deal(variant: Variant, plays: str) -> RoundState:
    """North takes in hearts and leads first (the dealer's seat in the 501 game, East in classic)."""
    dealer = Seat(0) if variant.solo_capot_value is not None else Seat(3)
    return position(
        variant,
        dealer=dealer,
        hands=TRUMPS_HANDS,
        turned="7H",
        contract=Contract(Seat(0), Trump.HEARTS),
        plays=plays,
    )


def values(state: RoundState) -> list[tuple[str, int, int]]:
    return [(str(value.card), value.points, value.margin) for value in solve(state)]


# ---------------------------------------------------------------- what the search is given


def test_the_search_is_given_the_position_the_tricks_won_per_seat_and_the_threads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """South leads the fifth trick's AH; East (seat 3) is to play: the trick's leader is South,
    East has won two tricks, North and South one each; the classic capot is 90 for either
    team and for one player alone; the solver gives the search no table of its own."""
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    search = belote.kernel.solve_cards

    def spy(*arguments: Any, **keywords: Any) -> Any:
        calls.append((arguments, keywords))
        return search(*arguments, **keywords)

    monkeypatch.setattr(belote.kernel, "solve_cards", spy)
    state = doc_deal()
    solution = solve(state, threads=2)
    masks = tuple(
        CardSet.parse(text).mask for text in ("9S AC TC 8C", "TH 9H 8H 7C", "KH QH 9C", "TD KC QC JC")
    )
    assert calls == [
        (
            (masks, (Card.parse("AH").index,), 2, 2, (1, 0, 0, 0, 0, 0), (1, 0, 1, 2), (90, 90), None),
            {"solo_bonus": (90, 90, 90, 90), "threads": 2, "time_limit": None},
        )
    ]
    assert state.hand_masks == masks
    assert (solution.seat, solution.best, solution.points, solution.margin) == (
        Seat(3),
        (Card.parse("KC"), Card.parse("TD")),
        62,
        32,
    )


def test_the_search_is_given_the_one_player_capot_apart_and_the_default_threads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The 501 game scores a one-player capot apart (188 against 90); North leads the third trick
    (no card on the table: the leader is the seat to act), having won the first two."""
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    search = belote.kernel.solve_cards

    def spy(*arguments: Any, **keywords: Any) -> Any:
        calls.append((arguments, keywords))
        return search(*arguments, **keywords)

    monkeypatch.setattr(belote.kernel, "solve_cards", spy)
    solve(trumps_deal(CLASSIC_501, "JH 7S KS QH  9H 8S QS 8H"))
    ((arguments, keywords),) = calls
    assert arguments[1:] == ((), 0, 2, (1, 0, 0, 0, 0, 0), (2, 0, 0, 0), (90, 90), None)
    assert keywords == {"solo_bonus": (188, 188, 188, 188), "threads": None, "time_limit": None}


def test_exact_search_and_exact_value_are_the_kernels_in_use(monkeypatch: pytest.MonkeyPatch) -> None:
    assert exact_search() is belote.kernel.solve_cards
    assert exact_value() is belote.kernel.solve_value

    def search(*arguments: Any, **keywords: Any) -> Any:
        raise AssertionError

    monkeypatch.setattr(belote.kernel, "solve_cards", search)
    monkeypatch.setattr(belote.kernel, "solve_value", search)
    assert exact_search() is search
    assert exact_value() is search


# ---------------------------------------------------------------- values


def test_the_values_of_a_position_in_card_order() -> None:
    assert values(doc_deal()) == [("JC", 60, 28), ("QC", 61, 30), ("KC", 62, 32), ("TD", 62, 32)]


@pytest.mark.parametrize(
    ("variant", "solo"),
    [
        ("classic_501", 306),
        ("classic_501:capot_value=5000,solo_capot_value=7000", 6956),  # inside the search's range
        ("classic_501:capot_value=20000,solo_capot_value=30000", 29956),  # ranks read back
    ],
)
def test_a_one_player_capot_is_valued_with_its_real_bonus(variant: str, solo: int) -> None:
    """North has taken the first two tricks alone and leads: every card but the 7H (which West's
    partner East takes with the KH) keeps North's own capot; with a card on the table (West to
    follow North's AH), the capot conceded is the same, the AH counted in the points in play. The
    capot is the 118 points still in play and the one-player bonus: 188, or what a one-player
    capot of 7000 or 30000 adds to the deal's 162."""
    rules = parse_variant(variant)
    third = trumps_deal(rules, "JH 7S KS QH  9H 8S QS 8H")
    assert values(third) == [
        ("AC", solo, solo),
        ("AD", solo, solo),
        ("7H", 111, 104),
        ("TH", solo, solo),
        ("AH", solo, solo),
        ("AS", solo, solo),
    ]
    assert solve(third).best == tuple(Card.parse(card) for card in ("AC", "AD", "TH", "AH", "AS"))
    followed = trumps_deal(rules, "JH 7S KS QH  9H 8S QS 8H  AH")
    assert values(followed) == [(card, 0, -solo) for card in ("7C", "8C", "7D", "8D", "9D", "9S")]
    last = trumps_deal(rules, "JH 7S KS QH  9H 8S QS 8H  AH 9S TS")
    assert values(last) == [("KH", 0, -solo)]


@pytest.mark.parametrize(
    ("variant", "capot"),
    [("classic", 225), ("classic:capot_value=5000", 4973), ("classic:capot_value=20000", 19973)],
)
def test_a_team_capot_is_valued_with_its_real_bonus(variant: str, capot: int) -> None:
    """Where no one-player capot is scored apart, North's capot is the team's: the 135 points still
    in play after the first trick and the bonus (90, or what a capot worth 5000 or 20000 adds to
    the 162 of the deal), read back above the search's range as inside it."""
    rules = parse_variant(variant)
    assert values(trumps_deal(rules, "JH 7S KS QH")) == [
        ("AC", capot, capot),
        ("AD", capot, capot),
        ("7H", 128, 121),
        ("9H", capot, capot),
        ("TH", capot, capot),
        ("AH", capot, capot),
        ("AS", capot, capot),
    ]
    assert values(trumps_deal(rules, "JH 7S KS QH  9H 8S QS")) == [("8H", 0, -capot), ("KH", 0, -capot)]


def test_points_in_play_count_the_cards_and_the_last_trick() -> None:
    assert points_in_play(CLASSIC, int(Trump.HEARTS), CardSet.parse("JH 9H AS").mask) == 20 + 14 + 11 + 10
    assert points_in_play(CLASSIC, int(Trump.SPADES), CardSet.parse("JH 9H AS").mask) == 2 + 0 + 11 + 10
    assert points_in_play(CLASSIC, int(Trump.HEARTS), 0) == 10
    assert points_in_play(CLASSIC, int(Trump.HEARTS), (1 << 32) - 1) == 162


# ---------------------------------------------------------------- capot bonuses


@pytest.mark.parametrize(
    ("variant", "contract", "team", "solo"),
    [
        (CLASSIC, Contract(Seat(1), Trump.HEARTS), (90, 90), (90, 90, 90, 90)),
        (CLASSIC_501, Contract(Seat(1), Trump.HEARTS), (90, 90), (188, 188, 188, 188)),
        # the contract's doubling does not change the bonus on the played scale
        (CLASSIC_501, Contract(Seat(1), Trump.HEARTS, multiplier=1), (90, 90), (188, 188, 188, 188)),
        (BULGARIAN, Contract(Seat(0), Trump.HEARTS, multiplier=2), (90, 90), (90, 90, 90, 90)),
        # Bulgarian doubles the no-trumps card points but not the capot's 90: 45 played points
        (BULGARIAN, Contract(Seat(0), Trump.NO_TRUMPS), (45, 45), (45, 45, 45, 45)),
        (BULGARIAN, Contract(Seat(0), Trump.ALL_TRUMPS), (90, 90), (90, 90, 90, 90)),
        # contrée converts the all-trumps points by 162 / 258: its 90 is 143 played points (rounded)
        (CONTREE, Contract(Seat(1), Trump.HEARTS, bid=80), (0, 90), (0, 90, 0, 90)),
        (CONTREE, Contract(Seat(1), Trump.ALL_TRUMPS, bid=80, multiplier=2), (0, 143), (0, 143, 0, 143)),
        # the bonus on the played scale is rounded to the nearest point: 1 written is 258 / 162 played
        (
            parse_variant("contree:capot_value=163"),
            Contract(Seat(1), Trump.ALL_TRUMPS, bid=80),
            (0, 2),
            (0, 2, 0, 2),
        ),
        (
            parse_variant("contree:capot_value=163"),
            Contract(Seat(0), Trump.HEARTS, bid=80),
            (1, 0),
            (1, 0, 1, 0),
        ),
        # a capot that writes no more than the points it takes adds nothing
        (parse_variant("classic:capot_value=162"), Contract(Seat(1), Trump.HEARTS), (0, 0), (0, 0, 0, 0)),
        # a sheet that writes the bid alone, no card points: the capot's own line
        (
            attrs.evolve(CONTREE, made_score=MadeScore.BID_ONLY),
            Contract(Seat(1), Trump.ALL_TRUMPS, bid=80),
            (0, 90),
            (0, 90, 0, 90),
        ),
        # coinche: only the takers earn a capot; a contract with no bid is read with the lowest bid
        (COINCHE, Contract(Seat(1), Trump.HEARTS), (0, 88), (0, 88, 0, 88)),
        (COINCHE, Contract(Seat(1), Trump.HEARTS, bid=80), (0, 88), (0, 88, 0, 88)),
        (COINCHE, Contract(Seat(2), Trump.HEARTS, bid=160), (88, 0), (88, 0, 88, 0)),
        # a bid capot keeps no bid: its takers' capot is worth what the same capot is unbid
        (COINCHE, Contract(Seat(1), Trump.HEARTS, capot=True), (0, 88), (0, 88, 0, 88)),
        (COINCHE, Contract(Seat(2), Trump.HEARTS, capot=True), (88, 0), (88, 0, 88, 0)),
        # a générale is made by the taker alone
        (
            attrs.evolve(COINCHE, generale_value=500),
            Contract(Seat(3), Trump.HEARTS, generale=True),
            (0, 0),
            (0, 0, 0, 88),
        ),
    ],
)
def test_the_capot_bonuses_of_each_kind_of_contract(
    variant: Variant, contract: Contract, team: tuple[int, int], solo: tuple[int, int, int, int]
) -> None:
    assert capot_bonuses(variant, contract) == team
    assert solo_capot_bonuses(variant, contract) == solo
    assert contract_bonuses(variant, contract) == (team, solo)


@pytest.mark.parametrize(
    ("variant", "contract", "message"),
    [
        (
            CLASSIC,
            Contract(Seat(1), Trump.HEARTS, bid=80),
            "classic bidding has no bid values: give bid=None (no capot, no générale)",
        ),
        (
            CLASSIC,
            Contract(Seat(1), Trump.HEARTS, capot=True),
            "classic bidding has no bid values: give bid=None (no capot, no générale)",
        ),
        (CLASSIC, Contract(Seat(1), Trump.NO_TRUMPS), "no_trumps is not a contract of classic"),
        (COINCHE, Contract(Seat(1), Trump.HEARTS, generale=True), "coinche has no générale"),
    ],
)
def test_a_contract_the_variant_does_not_score_is_refused(
    variant: Variant, contract: Contract, message: str
) -> None:
    for bonuses in (capot_bonuses, solo_capot_bonuses):
        with pytest.raises(BeloteError) as caught:
            bonuses(variant, contract)
        assert str(caught.value) == message
        assert caught.value.reason is Reason.BAD_CONTRACT


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((1, Contract(Seat(1), Trump.HEARTS)), "variant must be a Variant, got 1"),
        ((CLASSIC, "north hearts"), "contract must be a Contract, got 'north hearts'"),
    ],
)
def test_capot_bonuses_refuse_arguments_of_the_wrong_type(arguments: tuple[Any, Any], message: str) -> None:
    for bonuses in (capot_bonuses, solo_capot_bonuses):
        with pytest.raises(ArgumentTypeError) as caught:
            bonuses(*arguments)
        assert str(caught.value) == message
        assert caught.value.reason is Reason.BAD_ARGUMENT


# ---------------------------------------------------------------- a Solution by hand


def card_value(card: str, points: int, margin: int) -> CardValue:
    return CardValue(Card.parse(card), points=points, margin=margin)


HAND_BUILT = Solution(
    Seat(1),
    (card_value("7H", 10, 5), card_value("8H", 30, 5), card_value("9H", 40, -2), card_value("TH", 90, 4)),
)
"""Two cards of the best margin with different points (as capot bonuses can make them): the first
one's points are the solution's."""


def test_a_solution_gives_its_best_cards_points_and_margin() -> None:
    assert HAND_BUILT.best == (Card.parse("7H"), Card.parse("8H"))
    assert HAND_BUILT.points == 10
    assert HAND_BUILT.margin == 5
    assert list(HAND_BUILT) == list(HAND_BUILT.values)
    assert repr(HAND_BUILT) == (
        "Solution(seat=Seat.WEST, best=(Card.parse('7H'), Card.parse('8H')), points=10, margin=5)"
    )
    single = Solution(Seat(0), (card_value("AS", 0, -30),))
    assert (single.best, single.points, single.margin) == ((Card.parse("AS"),), 0, -30)


def test_values_and_solutions_are_frozen_and_unordered() -> None:
    value = card_value("7H", 10, 5)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        value.points = 11  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        HAND_BUILT.seat = Seat(0)  # type: ignore[misc]
    with pytest.raises(TypeError):
        assert value < card_value("7H", 11, 5)  # type: ignore[operator]
    with pytest.raises(TypeError):
        assert Solution(Seat(2), (value,)) > HAND_BUILT  # type: ignore[operator]
    assert attrs.fields(CardValue).card.name == "card"
    assert CardValue(Card.parse("8H"), 3, 4) == card_value("8H", 3, 4)


def test_a_solution_finds_the_value_of_a_card_by_card_or_text() -> None:
    assert HAND_BUILT.value("9H") == card_value("9H", 40, -2)
    assert HAND_BUILT.value(Card.parse("TH")) == card_value("TH", 90, 4)
    assert HAND_BUILT.value(Card.parse("7H")) == card_value("7H", 10, 5)


@pytest.mark.parametrize("card", ["JH", Card.parse("JH")])
def test_a_card_without_a_value_is_refused(card: Card | str) -> None:
    with pytest.raises(BeloteError) as caught:
        HAND_BUILT.value(card)
    assert str(caught.value) == "JH is not a legal card of seat 1"
    assert caught.value.reason is Reason.BAD_ARGUMENT


@pytest.mark.parametrize(
    ("values", "error", "message"),
    [
        ([card_value("7H", 0, 0)], ArgumentTypeError, "values must be a tuple of CardValue, got [CardValue("),
        (
            (card_value("7H", 0, 0), "8H"),
            ArgumentTypeError,
            "values must be a tuple of CardValue, got (CardValue(",
        ),
        ((), BeloteError, "a Solution needs the value of at least one card"),
        ((card_value("7H", 0, 0), card_value("7H", 1, 1)), BeloteError, "a Solution values each card once"),
    ],
)
def test_a_solution_by_hand_needs_each_card_once(values: Any, error: type[BeloteError], message: str) -> None:
    with pytest.raises(error) as caught:
        Solution(Seat(0), values)
    assert type(caught.value) is error
    assert str(caught.value).startswith(message)
    assert caught.value.reason is Reason.BAD_ARGUMENT


def test_a_list_of_values_is_refused_with_its_repr() -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        Solution(Seat(0), [card_value("7H", 0, 1)])  # type: ignore[arg-type]
    assert str(caught.value) == (
        "values must be a tuple of CardValue, got [CardValue(card=Card.parse('7H'), points=0, margin=1)]"
    )


def test_a_solution_needs_a_seat() -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        Solution(0, (card_value("7H", 0, 0),))  # type: ignore[arg-type]
    assert str(caught.value) == "seat must be a Seat, got 0"


# ---------------------------------------------------------------- refusals of solve


def test_solve_refuses_a_state_of_the_wrong_type() -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        solve("north")  # type: ignore[arg-type]
    assert str(caught.value) == "state must be a RoundState, got 'north'"
    assert caught.value.reason is Reason.BAD_ARGUMENT


def test_solve_refuses_a_round_in_the_auction_and_a_finished_one() -> None:
    """In the auction a seat is to act (to bid), which is no reason to search."""
    bidding = deal(CLASSIC, dealer=Seat(0), seed=1)
    assert bidding.to_act is not None
    with pytest.raises(PhaseError) as caught:
        solve(bidding)
    assert str(caught.value) == "cannot solve now: the round is in the bidding phase"
    assert caught.value.reason is Reason.WRONG_PHASE
    with pytest.raises(PhaseError) as caught:
        solve(doc_deal(WHOLE_DEAL))
    assert str(caught.value) == "cannot solve now: the round is in the finished phase"


@pytest.mark.parametrize(
    ("threads", "error", "message", "reason"),
    [
        (0, BeloteError, "threads must be an int >= 1 or None, got 0", Reason.BAD_ARGUMENT),
        (-3, BeloteError, "threads must be an int >= 1 or None, got -3", Reason.BAD_ARGUMENT),
        (True, ArgumentTypeError, "threads must be an int >= 1 or None, got True", Reason.BAD_ARGUMENT),
        ("2", ArgumentTypeError, "threads must be an int >= 1 or None, got '2'", Reason.BAD_ARGUMENT),
    ],
)
def test_solve_refuses_a_bad_thread_count(
    threads: Any, error: type[BeloteError], message: str, reason: Reason
) -> None:
    for check in (lambda: solve(doc_deal(), threads=threads), lambda: check_solver_threads(threads)):
        with pytest.raises(error) as caught:
            check()
        assert type(caught.value) is error
        assert str(caught.value) == message
        assert caught.value.reason is reason
        assert caught.value.__cause__ is None
        assert caught.value.__suppress_context__


@pytest.mark.parametrize(
    ("time_limit", "error", "message"),
    [
        (0, BeloteError, "time_limit must be None or a number of seconds above 0, got 0"),
        (-0.5, BeloteError, "time_limit must be None or a number of seconds above 0, got -0.5"),
        (float("nan"), BeloteError, "time_limit must be None or a number of seconds above 0, got nan"),
        (
            10**400,
            BeloteError,
            "time_limit must be None or a number of seconds above 0, got an int of 1329 bits",
        ),
        (True, ArgumentTypeError, "time_limit must be None or a number of seconds above 0, got True"),
        ("1", ArgumentTypeError, "time_limit must be None or a number of seconds above 0, got '1'"),
    ],
)
def test_solve_refuses_a_bad_time_limit(time_limit: Any, error: type[BeloteError], message: str) -> None:
    for check in (
        lambda: solve(doc_deal(), time_limit=time_limit),
        lambda: check_solver_time_limit(time_limit),
    ):
        with pytest.raises(error) as caught:
            check()
        assert type(caught.value) is error
        assert str(caught.value) == message
        assert caught.value.reason is Reason.BAD_ARGUMENT
        assert caught.value.__cause__ is None
        assert caught.value.__suppress_context__


@pytest.mark.parametrize(("time_limit", "given"), [(None, None), (2.5, 2.5), (3, 3.0), (float("inf"), None)])
def test_the_search_is_given_the_time_limit(
    monkeypatch: pytest.MonkeyPatch, time_limit: float | None, given: float | None
) -> None:
    keywords: list[dict[str, Any]] = []
    search = belote.kernel.solve_cards

    def spy(*arguments: Any, **options: Any) -> Any:
        keywords.append(options)
        return search(*arguments, **options)

    monkeypatch.setattr(belote.kernel, "solve_cards", spy)
    assert solve(doc_deal(), time_limit=time_limit) == solve(doc_deal())
    assert keywords[0]["time_limit"] == given
    assert check_solver_time_limit(time_limit) == given


def test_a_solve_past_its_time_limit_raises_timeout() -> None:
    """The whole deal from its first lead takes milliseconds at least, never a microsecond."""
    state = position(
        CLASSIC, dealer=Seat(3), hands=HANDS, turned="JH", contract=Contract(Seat(0), Trump.HEARTS)
    )
    with pytest.raises(TimeoutError, match=r"^the search ran past its time_limit of 1e-06 seconds$"):
        solve(state, time_limit=1e-6, threads=1)


def test_check_solver_threads_gives_back_a_good_count() -> None:
    assert check_solver_threads(None) is None
    assert check_solver_threads(1) == 1
    assert check_solver_threads(64) == 64
