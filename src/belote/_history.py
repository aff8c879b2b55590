"""Applying a history given from outside through the rules: the calls, then the cards.

The engine of :func:`~belote.positions.position` and :func:`~belote.views.seat_view`: every
call goes through the bidding rules (the private auction history module) and every card
through the same checks, and the same errors, as :func:`~belote.round.bid` and
:func:`~belote.round.play` (see the private refusals module), without building a state per card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeAlias

from belote._auction_history import Calls, check_contract, resolve_contract, run_auction, turned_input
from belote._fast_values import new_history, new_state, new_trick
from belote._inputs import SEATS, PlayInput, entry_list, parse_play, split_plays
from belote._refusals import check_shown, phase_error, refuse_belote, refuse_card, turn_error
from belote._repr import safe_repr
from belote.belotes import belote_allowed
from belote.cards import DECK, Card, CardSet
from belote.declarations import Declaration
from belote.errors import (
    ArgumentTypeError,
    BeloteError,
    DeclarationError,
    IllegalMoveError,
    Reason,
    ReplayError,
)
from belote.seats import Seat
from belote.state import NO_HISTORY, Phase, RoundSetup, RoundState, Trick
from belote.tricks import legal_mask, winning_position
from belote.variants import BeloteCredit, FirstLead, Variant

__all__ = [
    "Calls",
    "Parsed",
    "Plays",
    "check_contract",
    "check_variant",
    "first_leader",
    "parse_plays",
    "play_entries",
    "play_state",
    "resolve_contract",
    "run_auction",
    "seat_cards",
    "turned_input",
]

Plays: TypeAlias = str | Iterable[PlayInput]
"""The cards played so far, in play order: a sequence of plays (a :class:`~belote.cards.Card`, a
card text, or a ``(seat, card)`` pair), or one text of plays separated by spaces (``"AS 7S
KH*"``; ``*`` announces belote with the card, ``KS(KSQSJS)`` shows declarations with it)."""

_FULL = (1 << 32) - 1
Parsed = tuple[Seat | None, Card, bool, tuple[int, ...]]


def check_variant(variant: object) -> Variant:
    """``variant`` if it is a :class:`~belote.variant.Variant` (an
    :class:`~belote.errors.ArgumentTypeError` otherwise)."""
    if not isinstance(variant, Variant):
        raise ArgumentTypeError(f"variant must be a Variant, got {safe_repr(variant)}")
    return variant


def play_entries(plays: Plays) -> list[object]:
    return entry_list(plays, split_plays, "plays must be cards played (a sequence or a text like 'AS 7S')")


def parse_plays(
    entries: Sequence[object],
) -> tuple[list[Parsed], tuple[int, BeloteError, Seat | None] | None]:
    """The plays read up to the first one that cannot be read, and that one's problem."""
    parsed: list[Parsed] = []
    for number, entry in enumerate(entries):
        if entry.__class__ is Card:
            parsed.append((None, entry, False, ()))
            continue
        try:
            parsed.append(parse_play(entry))
        except BeloteError as error:
            seat = entry[0] if isinstance(entry, tuple) and entry and isinstance(entry[0], Seat) else None
            return parsed, (number, error, seat)
    return parsed, None


def early_play_error(entries: Sequence[object], phase: Phase, index: int, to_act: Seat | None) -> ReplayError:
    """The error of a card given before the contract (in the auction, or after a passed-out
    one): at action ``index``, by the seat the first play names, else by the seat to act."""
    parsed, problem = parse_plays(entries[:1])
    given = parsed[0][0] if parsed else problem[2] if problem else None
    return ReplayError(
        str(phase_error(phase, "play")),
        index=index,
        seat=to_act if given is None else given,
        reason=Reason.WRONG_PHASE,
    )


def play_seats(parsed: Sequence[Parsed], leader: int, mode: int) -> list[int]:
    """The seat of each play, in order: they follow from the first leader and the winners of
    the tricks."""
    seats: list[int] = []
    trick: list[int] = []
    player = leader
    for _, card, _, _ in parsed:
        seats.append(player)
        trick.append(card.index)
        if len(trick) == 4:
            player = (player + 1 + winning_position(trick, mode)) & 3
            trick = []
        else:
            player = (player + 1) & 3
    return seats


def seat_cards(parsed: Sequence[Parsed], leader: int, mode: int, seat: int) -> int:
    """The cards ``seat`` played, as a mask."""
    mask = 0
    for player, (_, card, _, _) in zip(play_seats(parsed, leader, mode), parsed, strict=True):
        if player == seat:
            mask |= 1 << card.index
    return mask


def first_leader(variant: Variant, dealer: Seat) -> int:
    """The seat that leads the first trick."""
    return int(dealer) if variant.first_lead is FirstLead.DEALER else (dealer + 1) & 3


def play_state(
    setup: RoundSetup,
    masks: list[int],
    known: int,
    held: list[int],
    parsed: Sequence[Parsed],
    pending: tuple[int, BeloteError, Seat | None] | None,
    offset: int,
) -> RoundState:
    """The state after the plays, each checked by the rules as it is applied.

    ``masks`` are the hands before the first card; only the seats whose bit is set in
    ``known`` are checked against their hands (the others, unseen, against the public facts:
    a card not played before, not known to be in another hand; ``held`` holds the cards known
    to be in each hand). The first play refused raises :class:`~belote.errors.ReplayError`
    with its index (``offset`` + its place in the plays).
    """
    variant = setup.variant
    mode = setup.mode
    points = setup.points
    tricks: list[Trick] = []
    trick: list[int] = []
    belotes: list[Seat] = []
    shown: list[Declaration] = []
    played = 0
    seat = first_leader(variant, setup.dealer)
    done = 0
    seen = held[0] | held[1] | held[2] | held[3]  # cards known to be in a hand, or played
    for seat_known in range(4):
        if known >> seat_known & 1:
            seen |= masks[seat_known]
    later = [] if known == 0b1111 else later_cards(parsed, seat, mode)
    left = [8, 8, 8, 8]  # the cards in each hand
    for number, (given, card, belote, marks) in enumerate(parsed):
        index = card.index
        bit = 1 << index
        hand = masks[seat]
        if known >> seat & 1:  # the common cases: a legal card of a known hand,
            usual = hand & bit and (not trick or legal_mask(hand, trick, mode, variant)[0] & bit)
        else:  # or a card of an unseen hand that is not known to be elsewhere,
            usual = not bit & (played | (seen & ~held[seat]))
            if trick:  # and that the cards it is seen to hold then would not have forbidden
                # (those it plays later, those known, those it shows with this very card)
                showing = held[seat]
                if belote:
                    showing |= _BELOTE_PAIR[index]
                for mask in marks:
                    showing |= mask
                still_held = later[number] | (showing & ~played & ~bit)
                _check_unseen_play(setup, seat, card, trick, still_held, later[number], offset + number)
        if not usual or given is not None or belote or marks or done == 8:  # with nothing announced
            try:
                _check_play(setup, seat, given, card, belote, marks, masks, known, held, trick, played, done)
            except BeloteError as error:
                to_act = None if done == 8 else SEATS[seat]
                raise ReplayError(
                    str(error),
                    index=offset + number,
                    seat=given if given is not None else to_act,
                    reason=error.reason,
                ) from error
            if belote:
                held[seat] |= _BELOTE_PAIR[index] & ~played
                belotes.append(SEATS[seat])
            for mask in marks:
                held[seat] |= mask
                shown.append(Declaration(SEATS[seat], CardSet(mask)))
            seen |= held[seat]
        left[seat] -= 1
        if held[seat] and not known >> seat & 1:
            rest = held[seat] & ~played & ~bit
            if rest.bit_count() > left[seat]:
                _refuse_too_many_known(seat, card, rest, left[seat], offset + number)
        masks[seat] = hand & ~bit
        played |= bit
        trick.append(index)
        if len(trick) == 4:
            lead = (seat + 1) & 3
            seat = (lead + winning_position(trick, mode)) & 3
            a, b, c, d = trick
            tricks.append(
                new_trick(
                    SEATS[lead],
                    (DECK[a], DECK[b], DECK[c], DECK[d]),
                    SEATS[seat],
                    points[a] + points[b] + points[c] + points[d],
                )
            )
            trick = []
            done += 1
        else:
            seat = (seat + 1) & 3
    if pending is not None:
        number, problem, given = pending
        to_act = None if done == 8 else SEATS[seat]
        raise ReplayError(
            str(problem),
            index=offset + number,
            seat=given if given is not None else to_act,
            reason=problem.reason,
        ) from problem
    history = new_history(tuple(tricks), tuple(belotes), tuple(shown)) if parsed else NO_HISTORY
    hands = (masks[0], masks[1], masks[2], masks[3])
    if done == 8:
        return new_state(setup, Phase.FINISHED, None, hands, (), 0, history)
    legal = legal_mask(masks[seat], trick, mode, variant)[0] if known >> seat & 1 else 0
    return new_state(setup, Phase.PLAYING, SEATS[seat], hands, tuple(trick), legal, history)


def later_cards(parsed: Sequence[Parsed], leader: int, mode: int) -> list[int]:
    """Per play, the cards its seat plays after it (a mask): cards that seat held at the time."""
    seats = play_seats(parsed, leader, mode)
    after = [0, 0, 0, 0]
    later = [0] * len(parsed)
    for number in range(len(parsed) - 1, -1, -1):
        later[number] = after[seats[number]]
        after[seats[number]] |= 1 << parsed[number][1].index
    return later


def _check_unseen_play(
    setup: RoundSetup, seat: int, card: Card, trick: Sequence[int], still_held: int, later: int, index: int
) -> None:
    """Refuse an unseen seat's card that the rules forbid whatever else it held, given the cards
    it is seen to hold then (``still_held``: those it plays later, ``later``, and those it is
    known to hold, its announcements' included, this card's own): a revoke the whole table saw
    (more cards in a hand only add to what the rules demand)."""
    hand = still_held | 1 << card.index
    allowed, obligation = legal_mask(hand, trick, setup.mode, setup.variant)
    if allowed >> card.index & 1:
        return
    told = "as its later cards show" if allowed & ~later == 0 else "as it is known to"
    raise ReplayError(
        f"{card}: {obligation.describe(trick, setup.mode)} (seat {seat} held {CardSet(allowed)}, {told})",
        index=index,
        seat=SEATS[seat],
        reason=obligation.reason,
    )


def _refuse_too_many_known(seat: int, card: Card, rest: int, left: int, index: int) -> None:
    """Refuse a play after which an unseen seat is known to hold more cards than it has left (a
    card played that is not among the ones its hand is known to be, or more cards shown than it
    holds)."""
    raise ReplayError(
        f"{card}: seat {seat} would still hold {CardSet(rest)}, known from what it showed or was "
        f"dealt, with only {left} {'card' if left == 1 else 'cards'} left",
        index=index,
        seat=SEATS[seat],
        reason=Reason.CARD_NOT_IN_HAND,
    )


def _check_play(
    setup: RoundSetup,
    seat: int,
    given: Seat | None,
    card: Card,
    belote: bool,
    marks: tuple[int, ...],
    masks: list[int],
    known: int,
    held: list[int],
    trick: list[int],
    played: int,
    done: int,
) -> None:
    """Every check of one play, in :func:`~belote.round.play`'s order (raises the rules' error)."""
    variant = setup.variant
    mode = setup.mode
    player = SEATS[seat]
    if done == 8:
        raise phase_error(Phase.FINISHED, "play")
    if given is not None and given != seat:
        raise turn_error(given, player, "play")
    index = card.index
    hand_known = known >> seat & 1
    if hand_known:
        hand = masks[seat]
        if not legal_mask(hand, trick, mode, variant)[0] >> index & 1:
            refuse_card(hand, trick, mode, variant, card, player)
    else:
        hand = _possible(card, seat, played, masks, held)
    if belote and (
        variant.belote_credit is not BeloteCredit.ANNOUNCED
        or not (index & 7 in (5, 6) and belote_allowed(hand, index, trick, mode, variant))
    ):
        refuse_belote(card, variant)
    if marks:
        declared = tuple(Declaration(player, CardSet(mask)) for mask in marks)
        check_shown(hand if hand_known else None, player, declared, not done, mode, variant)
        for declaration in declared:
            if declaration.cards.mask & ~hand:
                raise DeclarationError(
                    f"cannot declare {declaration}: seat {seat} cannot hold "
                    f"{CardSet(declaration.cards.mask & ~hand)}"
                )


_BELOTE_PAIR = tuple(
    1 << (card ^ 0b011) if card & 7 in (5, 6) else 0 for card in range(32)
)  # K (6) <-> Q (5): 6 ^ 3 = 5, 5 ^ 3 = 6
"""The other card of the belote pair of a king or a queen."""


def _possible(card: Card, seat: int, played: int, masks: list[int], held: list[int]) -> int:
    """The cards an unseen hand may hold (``card`` must be one), from the public facts."""
    elsewhere = 0
    for other in range(4):
        if other != seat:
            elsewhere |= masks[other] | held[other]
    possible = _FULL & ~(played | elsewhere)
    if not possible >> card.index & 1:
        why = "it was played before" if played >> card.index & 1 else "another seat holds it"
        raise IllegalMoveError(f"{card}: not in seat {seat}'s hand ({why})")
    return possible
