"""Applying an auction given from outside through the bidding rules: the calls of a history.

The first half of the private history module's work (the cards come after): the turned card
and the calls given to :func:`~belote.positions.position` and :func:`~belote.views.seat_view`
are read, and every call goes through the bidding rules with the same errors as
:func:`~belote.round.bid`, the contract given checked against the variant and the auction.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeAlias

from belote._inputs import CallInput, entry_list, parse_call_input
from belote._refusals import phase_error, turn_error
from belote._repr import safe_repr
from belote.bidding import BIDDING_RULES, Call, Contract, contract_problem, parse_call
from belote.cards import Card
from belote.errors import ArgumentTypeError, BeloteError, NotationError, PositionError, Reason, ReplayError
from belote.seats import Seat
from belote.state import Phase
from belote.variants import Variant

__all__ = [
    "Calls",
    "check_contract",
    "resolve_contract",
    "run_auction",
    "split_calls",
    "turned_input",
]

Calls: TypeAlias = str | Iterable[CallInput]
"""The calls from the eldest hand on: a sequence of calls (a call, its text, or a ``(seat,
call)`` pair), or one text (``"pass pass H"`` or ``"pass,pass,H"``)."""


def turned_input(turned: object, variant: Variant) -> Card | None:
    """The turned card given, checked against the variant's bidding system."""
    if turned is None:
        return None
    card = turned if turned.__class__ is Card else Card.parse(turned)  # type: ignore[arg-type]
    if not BIDDING_RULES[variant.bidding].turned_card:
        raise PositionError(f"{variant.name} turns no card: give turned=None")
    return card


def split_calls(text: str) -> list[str]:
    """The calls of an auction's text: separated by commas (``pass,100 H,coinche``) or, without a
    comma, by spaces, where two words that make one call (``100 H``, ``capot S``, ``no trumps``,
    ``all trumps``) are read as one (no two calls make one together).

    >>> split_calls("pass, 100 H ,coinche"), split_calls("pass 100 H capot S all trumps")
    (['pass', '100 H', 'coinche'], ['pass', '100 H', 'capot S', 'all trumps'])
    """
    if "," in text:
        return [item.strip() for item in text.split(",")]
    words = text.split()
    calls: list[str] = []
    while words:
        word = words.pop(0)
        if words and _is_call(f"{word} {words[0]}"):
            word = f"{word} {words.pop(0)}"
        calls.append(word)
    return calls


def _is_call(text: str) -> bool:
    try:
        parse_call(text)
    except NotationError:
        return False
    return True


def check_contract(variant: Variant, contract: object) -> Contract:
    """``contract`` if ``variant`` allows it (trump mode, doubling level, bid value)."""
    if not isinstance(contract, Contract):
        raise ArgumentTypeError(f"contract must be a Contract, got {safe_repr(contract)}")
    problem = contract_problem(variant, contract)
    if problem is not None:
        raise PositionError(problem, reason=Reason.BAD_CONTRACT)
    return contract


def resolve_contract(
    variant: Variant, dealer: Seat, auction: Calls | None, contract: Contract | None, turned: Card | None
) -> tuple[tuple[tuple[Seat, Call], ...], bool, Contract | None]:
    """``(auction, finished, contract)`` from the auction (checked call by call by the bidding
    rules) and/or the contract given; a contract and an auction given together must agree."""
    calls: tuple[tuple[Seat, Call], ...] = ()
    finished = False
    found: Contract | None = None
    if auction is not None:
        calls, finished, found = run_auction(
            variant,
            dealer,
            entry_list(auction, split_calls, "auction must be calls (a sequence or a text like 'pass,H')"),
            turned,
        )
    if contract is None:
        return calls, finished, found
    check_contract(variant, contract)
    if auction is not None and contract != found:
        got = "no contract" if found is None else str(found)
        raise ReplayError(
            f"the auction gives {got}, not the contract given {contract}",
            index=len(calls),
            seat=None,
            reason=Reason.BAD_CONTRACT,
        )
    return calls, True, contract


def run_auction(
    variant: Variant, dealer: Seat, entries: Sequence[object], turned: Card | None
) -> tuple[tuple[tuple[Seat, Call], ...], bool, Contract | None]:
    """Apply ``entries`` (call inputs) from the eldest hand through the bidding rules.

    Raises :class:`~belote.errors.ReplayError` at the first call they refuse.
    """
    rules = BIDDING_RULES[variant.bidding]
    suit = None if turned is None else turned.suit
    auction: list[tuple[Seat, Call]] = []
    finished = False
    contract: Contract | None = None
    seat = dealer.next
    for index, entry in enumerate(entries):
        given: Seat | None = None
        try:
            given, call = parse_call_input(entry)
            if finished:
                raise phase_error(Phase.PASSED_OUT if contract is None else Phase.PLAYING, "bid")
            if given is not None and given != seat:
                raise turn_error(given, seat, "bid")
            if call not in rules.legal(variant, auction, suit):
                raise rules.refusal(variant, auction, suit, call)
        except BeloteError as error:
            shown = given if given is not None or finished else seat
            raise ReplayError(str(error), index=index, seat=shown, reason=error.reason) from error
        auction.append((seat, call))
        finished, contract = rules.result(variant, auction)
        seat = seat.next
    return tuple(auction), finished, contract
