"""The whole table of a round (or of one seat's view) as a picture."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from belote._repr import safe_repr
from belote.bidding import BIDDING_RULES, Call, Contract
from belote.cards import Card, CardSet, cardset_from_mask
from belote.errors import ArgumentTypeError, BeloteError
from belote.seats import Seat
from belote.state import Phase, RoundState, Trick
from belote.svg._draw import (
    CARD_HEIGHT,
    CARD_WIDTH,
    SEAT_NAMES,
    TEAM_NAMES,
    TWO_COLOUR,
    Palette,
    Svg,
    call_name,
    card_mask,
    card_name,
    check_palette,
    check_size,
    contract_text,
    face,
    root,
    seat_label,
    suit_sign,
    text,
)
from belote.svg._hands import (
    LIFT,
    STEP,
    STEP_DOWN,
    cards_row,
    check_seat,
    held_order,
    place,
    plays_text,
    trick_cards,
)
from belote.variants import Variant
from belote.views import PlayerView

__all__ = ["table"]


@attrs.frozen(order=False)
class _Scene:
    """What a table picture shows, read from a state or a view (never more than it holds)."""

    hands: tuple[tuple[Card, ...] | int, ...]
    """Per seat, the cards face up in holding order, or how many cards face down."""
    trick: tuple[tuple[Seat, Card], ...]
    winner: Seat | None
    tricks: tuple[Trick, ...]
    """The tricks won so far."""
    contract: Contract | None
    turned: Card | None
    dealer: Seat
    to_act: Seat | None
    phase: Phase
    auction: tuple[tuple[Seat, Call], ...]
    seen_by: Seat | None
    highlight: int
    variant: Variant
    """The rules: what its players call a double and a redouble, what a doubling multiplies by."""


def _scene(
    position: RoundState | PlayerView, after_trick: int | None, highlight: Iterable[Card] | CardSet | None
) -> _Scene:
    tricks = position.tricks
    if after_trick is None and position.phase is Phase.FINISHED:
        after_trick = len(tricks)
    if after_trick is not None:
        if not isinstance(after_trick, int) or isinstance(after_trick, bool):
            raise ArgumentTypeError(f"after_trick must be an int or None, got {type(after_trick).__name__}")
        if not 1 <= after_trick <= len(tricks):
            completed = f"1..{len(tricks)}" if tricks else "none is complete yet"
            raise BeloteError(
                f"after_trick must be a completed trick ({completed}), got {safe_repr(after_trick)}"
            )
    current = position.trick
    shown: tuple[tuple[Seat, Card], ...] = current
    winner = None
    done = tricks
    if after_trick is not None:
        shown, winner, done = (
            tricks[after_trick - 1].plays,
            tricks[after_trick - 1].winner,
            tricks[:after_trick],
        )
    later = [*(pair for t in tricks[len(done) :] for pair in t.plays), *current] if after_trick else []
    trump = None if position.contract is None else position.contract.trump
    hands: list[tuple[Card, ...] | int] = []
    seen_by = position.seat if isinstance(position, PlayerView) else None
    for seat in Seat:
        if seen_by is not None and seat != seen_by:
            assert isinstance(position, PlayerView)
            count = position.hand_size(seat) + sum(1 for player, _ in later if player == seat)
            hands.append(count)
            continue
        held = position.hand if isinstance(position, PlayerView) else position.hand(seat)
        held = held | CardSet.of(card for player, card in later if player == seat)
        hands.append(tuple(held_order(held, trump)))
    if highlight is None:
        legal = (
            position.legal_cards
            if isinstance(position, PlayerView)
            else cardset_from_mask(position.legal_mask)
        )
        mask = 0 if after_trick is not None else legal.mask
    else:
        mask = card_mask(highlight, "highlight")
    return _Scene(
        hands=tuple(hands),
        trick=shown,
        winner=winner,
        tricks=done,
        contract=position.contract,
        turned=position.turned,
        dealer=position.dealer,
        to_act=None if after_trick is not None else position.to_act,
        phase=position.phase,
        auction=position.auction,
        seen_by=seen_by,
        highlight=mask,
        variant=position.variant,
    )


_W, _H = 640, 600
_CENTRE = (320, 300)


def _hand_at(scene: _Scene, seat: Seat, place: int, palette: Palette) -> tuple[str, tuple[float, float, str]]:
    """The hand's cards and where its label goes (x, y, text-anchor)."""
    cards = scene.hands[seat]
    count = cards if isinstance(cards, int) else len(cards)
    across = CARD_WIDTH + STEP * max(0, count - 1)
    down = CARD_HEIGHT + STEP_DOWN * max(0, count - 1)
    top_of_column = 310 - (CARD_HEIGHT + STEP_DOWN * 7) / 2
    x: float
    y: float
    label: tuple[float, float, str]
    if place in (0, 2):  # across the picture, at the bottom or the top
        x, y = _W / 2 - across / 2, 482 if place == 0 else 42
        step, lift = (STEP, 0), (0, -LIFT if place == 0 else LIFT)
        label = (_W / 2, _H - 12 if place == 0 else 30, "middle")
    elif place == 3:  # down the left side
        x, y, step, lift = 20, 310 - down / 2, (0, STEP_DOWN), (LIFT, 0)
        label = (20, top_of_column - 10, "start")
    else:  # down the right side
        x, y, step, lift = _W - 20 - CARD_WIDTH, 310 - down / 2, (0, STEP_DOWN), (-LIFT, 0)
        label = (_W - 20, top_of_column - 10, "end")
    return cards_row(cards, x, y, step, lift, scene.highlight, palette), label


def _seat_text(scene: _Scene, seat: Seat) -> str:
    words = [seat_label(seat)]
    if seat == scene.seen_by:
        words.append("you")
    if seat == scene.dealer:
        words.append("dealer")
    if scene.contract is not None and seat == scene.contract.taker:
        words.append("taker")
    if scene.phase is Phase.BIDDING:
        calls = [call for player, call in scene.auction if player == seat]
        if calls:
            words.append(call_name(calls[-1], BIDDING_RULES[scene.variant.bidding].doubling_names))
    if seat == scene.to_act:
        words.append("to bid" if scene.phase is Phase.BIDDING else "to play")
    return " · ".join(words)


def _panels(scene: _Scene, palette: Palette) -> list[str]:
    ink = palette.ink
    parts = []
    contract = scene.contract
    if contract is not None:
        parts.append(text(16, 22, "contract", font_size=11, fill=ink, fill_opacity=".8"))
        x = 16
        suit = contract.trump.suit
        if suit is not None:
            parts.append('<rect x="14" y="28" width="22" height="22" rx="4" fill="#fff"/>')
            parts.append(suit_sign(suit, 17, 31, 16, palette.suits[suit]))
            x = 42
        parts.append(
            text(x, 45, contract_text(contract, scene.variant), font_size=16, font_weight="bold", fill=ink)
        )
        parts.append(text(16, 66, "by " + seat_label(contract.taker), font_size=12, fill=ink))
    else:
        words = "bidding" if scene.phase is Phase.BIDDING else "passed out"  # no contract yet, or none
        parts.append(text(16, 30, words, font_size=16, font_weight="bold", fill=ink))
    if scene.turned is not None:
        parts.append(text(16, 88, "turned card", font_size=11, fill=ink, fill_opacity=".8"))
        parts.append(f'<g transform="translate(16 94) scale(.7)">{face(scene.turned, 0, 0, palette)}</g>')
    if contract is not None:
        parts.append(
            text(
                _W - 16,
                22,
                "tricks won · card points",
                font_size=11,
                fill=ink,
                fill_opacity=".8",
                text_anchor="end",
            )
        )
        for team, y in ((0, 42), (1, 60)):
            won = [t for t in scene.tricks if t.winner.team == team]
            line = f"{TEAM_NAMES[team]}  {len(won)} · {sum(t.points for t in won)}"
            parts.append(text(_W - 16, y, line, font_size=13, fill=ink, text_anchor="end"))
    return parts


def _caption(scene: _Scene) -> str:
    if scene.winner is not None:
        number = len(scene.tricks)
        return f"trick {number} led by {SEAT_NAMES[scene.trick[0][0]]}, won by {SEAT_NAMES[scene.winner]}"
    if scene.trick:
        return f"{SEAT_NAMES[scene.trick[0][0]]} led"
    return ""


def table(
    position: RoundState | PlayerView,
    *,
    bottom: Seat | None = None,
    coordinates: bool = True,
    highlight: Iterable[Card] | CardSet | None = None,
    after_trick: int | None = None,
    size: int | None = None,
    palette: Palette = TWO_COLOUR,
) -> Svg:
    """The whole table of a round: the hands, the turned card, the contract, the trick, the tricks won.

    A :class:`~belote.state.RoundState` shows every hand face up; a
    :class:`~belote.views.PlayerView` shows only the seat's own hand and the backs of the
    others' cards (the picture holds nothing the view does not: two deals that differ only in
    hidden cards give the same picture). ``bottom`` is the seat drawn at the bottom (default:
    the view's seat, or South); play goes counter-clockwise, so the next seat sits on the right.
    ``highlight`` defaults to the legal cards of the seat to act. ``after_trick=n`` draws the
    table as it was when trick ``n`` (from 1) was complete, its four cards in the middle; a
    finished round shows its last trick. ``coordinates`` labels the seats (dealer, taker, to act).

    >>> from belote import CLASSIC, Seat, deal, observe
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=7)
    >>> full, seen = table(state), table(observe(state, Seat(1)))
    >>> "queen of spades" in full, "queen of spades" in seen  # South's card, hidden from West
    (True, False)
    """
    if not isinstance(position, (RoundState, PlayerView)):
        raise ArgumentTypeError(
            f"position must be a RoundState or a PlayerView, got {type(position).__name__}"
        )
    palette = check_palette(palette)
    scene = _scene(position, after_trick, highlight)
    if bottom is None:
        bottom = scene.seen_by if scene.seen_by is not None else Seat.SOUTH
    bottom = check_seat(bottom, "bottom")
    parts = [f'<rect width="{_W}" height="{_H}" rx="16" fill="{palette.table}"/>']
    parts += _panels(scene, palette)
    for seat in Seat:
        cards, (x, y, anchor) = _hand_at(scene, seat, place(seat, bottom), palette)
        parts.append(cards)
        if coordinates:
            acting = seat == scene.to_act
            style = {
                "fill": palette.highlight if acting else palette.ink,
                "font_weight": "bold" if acting else "normal",
            }
            parts.append(text(x, y, _seat_text(scene, seat), font_size=13, text_anchor=anchor, **style))
    cx, cy = _CENTRE
    lit = scene.highlight
    if scene.winner is not None:
        lit |= 1 << dict(scene.trick)[scene.winner].index
    parts.append(trick_cards(scene.trick, cx, cy, bottom, lit, palette))
    caption = _caption(scene)
    if caption:
        parts.append(text(cx, cy + 112, caption, font_size=12, fill=palette.ink, text_anchor="middle"))
    return root(
        _W, _H, "".join(parts), title=_title(scene), description=_description(scene), size=check_size(size)
    )


def _title(scene: _Scene) -> str:
    who = "" if scene.seen_by is None else f" seen by {seat_label(scene.seen_by)}"
    return f"A belote table{who}"


def _description(scene: _Scene) -> str:
    parts = []
    if scene.contract is not None:
        parts.append(
            f"Contract {contract_text(scene.contract, scene.variant)} by {seat_label(scene.contract.taker)}."
        )
    elif scene.phase is Phase.BIDDING:
        parts.append("Bidding.")
    if scene.turned is not None:
        parts.append(f"Turned card: {card_name(scene.turned)}.")
    if scene.trick:
        parts.append(f"Trick: {plays_text(scene.trick)}.")
    if scene.contract is not None:
        counts = [sum(1 for t in scene.tricks if t.winner.team == team) for team in (0, 1)]
        parts.append(f"Tricks won: {TEAM_NAMES[0]} {counts[0]}, {TEAM_NAMES[1]} {counts[1]}.")
    return " ".join(parts)
