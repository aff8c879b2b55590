"""Exact values and refusals of belote.agents.base that mutation testing (mutmut 3.8) found
untested by the fast rule tests (tests/test_agents.py, which plays the agents, is left out of the
mutation run): a Play's fields, defaults and refusals with their messages and reasons, the checks
of a view with a call or a card to choose (the seat to act, another seat, each phase), of a seed,
and the announcements announced_play makes."""

from __future__ import annotations

import attrs
import pytest

from belote import (
    BULGARIAN,
    CLASSIC,
    ArgumentTypeError,
    BeloteError,
    Card,
    CardSet,
    Contract,
    Declaration,
    Pass,
    PhaseError,
    PlayerView,
    Reason,
    Seat,
    Trump,
    bid,
    deal,
    legal_bids,
    legal_moves,
    observe,
    play,
    seat_view,
)
from belote.agents.base import (
    Agent,
    Play,
    announced_play,
    check_seed,
    check_to_bid,
    check_to_play,
    check_view,
)

KING = Card.parse("KH")
QUINT = Declaration(Seat(1), CardSet.parse("7S 8S 9S TS JS"))

# ---------------------------------------------------------------- Play


def test_a_play_s_fields_and_defaults() -> None:
    play = Play(KING)
    assert (play.card, play.belote, play.declarations) == (KING, True, ())
    given = Play(KING, belote=False, declarations=[QUINT])
    assert (given.card, given.belote, given.declarations) == (KING, False, (QUINT,))
    assert Play(KING, declarations=iter([QUINT])).declarations == (QUINT,)
    assert Play(KING, declarations=(QUINT, QUINT)).declarations == (QUINT, QUINT)
    assert Play(card=KING, belote=True, declarations=()) == play
    assert hash(Play(KING)) == hash(play)
    assert Play(KING) != Play(KING, belote=False)
    assert repr(given) == (
        "Play(card=Card.parse('KH'), belote=False, "
        "declarations=(Declaration(Seat.WEST, CardSet.parse('JS TS 9S 8S 7S')),))"
    )


def test_a_play_is_frozen_and_not_ordered() -> None:
    play = Play(KING)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        play.belote = False  # type: ignore[misc]
    with pytest.raises(TypeError):
        _ = play < Play(KING, belote=False)  # type: ignore[operator]


@pytest.mark.parametrize(("card", "shown"), [("KH", "'KH'"), (None, "None"), (22, "22")])
def test_a_play_needs_a_card(card: object, shown: str) -> None:
    with pytest.raises(BeloteError, match=rf"^a play needs a Card, got {shown}$") as raised:
        Play(card)  # type: ignore[arg-type]
    assert type(raised.value) is BeloteError
    assert raised.value.reason is Reason.BAD_ARGUMENT


@pytest.mark.parametrize(("belote", "shown"), [(None, "None"), (1, "1"), ("yes", "'yes'")])
def test_a_play_s_belote_is_true_or_false(belote: object, shown: str) -> None:
    with pytest.raises(ArgumentTypeError, match=rf"^belote must be True or False, got {shown}$"):
        Play(KING, belote=belote)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("declarations", "shown"),
    [("7S 8S 9S", "'7S 8S 9S'"), (b"7S", "b'7S'"), (5, "5"), (None, "None"), (QUINT, None)],
)
def test_a_play_s_declarations_are_a_sequence(declarations: object, shown: str | None) -> None:
    if shown is None:  # a Declaration alone is no sequence of them
        shown = r"Declaration\(Seat\.WEST, CardSet\.parse\('JS TS 9S 8S 7S'\)\)"
    message = rf"^declarations must be a sequence of Declaration, got {shown}$"
    with pytest.raises(ArgumentTypeError, match=message):
        Play(KING, declarations=declarations)  # type: ignore[arg-type]


@pytest.mark.parametrize(("item", "shown"), [("7S", "'7S'"), (None, "None"), (KING, r"Card\.parse\('KH'\)")])
def test_each_declaration_of_a_play_is_one(item: object, shown: str) -> None:
    with pytest.raises(BeloteError, match=rf"^{shown} is not a Declaration$") as raised:
        Play(KING, declarations=[QUINT, item])  # type: ignore[list-item]
    assert type(raised.value) is BeloteError
    assert raised.value.reason is Reason.BAD_ARGUMENT


class Answers:
    """Something with the two methods of an agent."""

    def choose_call(self, view: PlayerView) -> Pass:
        return Pass()

    def choose_play(self, view: PlayerView) -> Play:
        return Play(KING)


class CallsOnly:
    def choose_call(self, view: PlayerView) -> Pass:
        return Pass()


def test_an_agent_is_anything_with_the_two_methods() -> None:
    assert isinstance(Answers(), Agent)
    assert not isinstance(CallsOnly(), Agent)
    assert not isinstance(object(), Agent)


# ---------------------------------------------------------------- the checks of a view


def views() -> dict[str, PlayerView]:
    """A view of each kind: the seat to bid, a seat waiting in the auction, the seat to play, a
    seat waiting in the play, and the deal over (its last card played)."""
    state = deal(CLASSIC, dealer=Seat(0), seed=1)
    found = {"to bid": observe(state, Seat(1)), "waiting to bid": observe(state, Seat(3))}
    state = bid(state, legal_bids(state)[-1])
    assert state.to_act == Seat(1)
    found |= {"to play": observe(state, Seat(1)), "waiting to play": observe(state, Seat(2))}
    while state.to_act is not None:
        state = play(state, next(iter(legal_moves(state))))
    found["over"] = observe(state, Seat(1))
    return found


VIEWS = views()


def test_check_view_takes_a_view_only() -> None:
    for view in VIEWS.values():
        check_view(view)
    for junk, shown in ((None, "None"), ("view", "'view'"), (Seat(1), "<Seat.WEST: 1>")):
        with pytest.raises(ArgumentTypeError, match=rf"^view must be a PlayerView, got {shown}$"):
            check_view(junk)  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", list(VIEWS))
def test_check_to_bid_and_check_to_play_for_each_kind_of_view(kind: str) -> None:
    view = VIEWS[kind]
    if kind == "to bid":
        check_to_bid(view)
    else:
        with pytest.raises(PhaseError, match=r"^no call to choose: the seat is not to bid$") as raised:
            check_to_bid(view)
        assert raised.value.reason is Reason.WRONG_PHASE
    if kind == "to play":
        assert check_to_play(view) == view.contract == Contract(Seat(1), Trump.HEARTS)
    else:
        with pytest.raises(PhaseError, match=r"^no card to choose: the seat is not to play$") as raised:
            check_to_play(view)
        assert raised.value.reason is Reason.WRONG_PHASE


def test_the_checks_refuse_what_is_not_a_view() -> None:
    for check in (check_to_bid, check_to_play):
        with pytest.raises(ArgumentTypeError, match=r"^view must be a PlayerView, got 3$"):
            check(3)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [0, -7, 2**4096 - 1, -(2**4096) + 1])
def test_check_seed_takes_an_int(seed: int) -> None:
    check_seed(seed)


@pytest.mark.parametrize(
    ("seed", "error", "message"),
    [
        ("7", ArgumentTypeError, r"^seed must be an int, got '7'$"),
        (True, ArgumentTypeError, r"^seed must be an int, got True$"),
        (1.0, ArgumentTypeError, r"^seed must be an int, got 1\.0$"),
        (None, ArgumentTypeError, r"^seed must be an int, got None$"),
        (2**4096, BeloteError, r"^seed is too large: an int of 4097 bits \(at most 4096\)$"),
    ],
)
def test_check_seed_refuses(seed: object, error: type[BeloteError], message: str) -> None:
    with pytest.raises(error, match=message) as raised:
        check_seed(seed)
    assert raised.value.reason is Reason.BAD_ARGUMENT


# ---------------------------------------------------------------- announced_play


def test_announced_play_shows_the_first_declarations_and_announces_belote() -> None:
    view = seat_view(
        BULGARIAN,
        Seat(1),
        hand="KH QH 7S 8S 9S TS JS AS",
        dealer=Seat(0),
        contract=Contract(Seat(0), Trump.HEARTS),
    )
    assert view.legal_declarations == ((QUINT,),)
    assert announced_play(view, KING) == Play(KING, belote=True, declarations=(QUINT,))
    after = seat_view(
        BULGARIAN,
        Seat(1),
        hand="KH QH 7S 8S 9S TS JS AS",
        dealer=Seat(0),
        contract=Contract(Seat(0), Trump.HEARTS),
        plays="AS 8H 9H TH  ",
    )
    assert after.legal_declarations == ()
    assert announced_play(after, KING) == Play(KING, belote=True, declarations=())
    none = VIEWS["to play"]
    card = next(iter(none.legal_cards))
    assert announced_play(none, card) == Play(card)


def test_announced_play_checks_its_arguments() -> None:
    with pytest.raises(ArgumentTypeError, match=r"^view must be a PlayerView, got None$"):
        announced_play(None, KING)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"^card must be a Card, got 'KH'$"):
        announced_play(VIEWS["to play"], "KH")  # type: ignore[arg-type]
