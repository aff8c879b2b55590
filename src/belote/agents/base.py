"""The :class:`Agent` protocol and the :class:`Play` an agent answers with.

An agent decides from a :class:`~belote.views.PlayerView` only: a call while bidding, a card
(with its optional announcements) while playing. Agents must be deterministic for a seed, so
the levels of this package derive any randomness from their seed and the view, never from
the order of the calls.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, runtime_checkable

import attrs

from belote._args import check_seed_size, require, require_int, wrong_type
from belote._repr import safe_repr
from belote.bidding import Call, Contract
from belote.cards import Card
from belote.declarations import Declaration
from belote.errors import BeloteError, PhaseError
from belote.state import Phase
from belote.views import PlayerView

__all__ = ["Agent", "Play", "announced_play", "check_seed", "check_to_bid", "check_to_play", "check_view"]


def _check_card(instance: object, attribute: object, value: Card) -> None:
    if not isinstance(value, Card):
        raise BeloteError(f"a play needs a Card, got {safe_repr(value)}")


def _check_belote(instance: object, attribute: object, value: object) -> None:
    if not isinstance(value, bool):
        raise wrong_type("belote", "True or False", value)


def _declarations(value: Iterable[Declaration]) -> tuple[Declaration, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise wrong_type("declarations", "a sequence of Declaration", value)
    items = tuple(value)
    for item in items:
        if not isinstance(item, Declaration):
            raise BeloteError(f"{safe_repr(item)} is not a Declaration")
    return items


@attrs.frozen(order=False)
class Play:
    """An agent's move while playing: the card, and what it announces with it.

    ``belote=True`` (the default) announces belote (belot) whenever the card allows it;
    ``False`` declines; anything else (``None`` included) raises
    :class:`~belote.errors.ArgumentTypeError`. ``declarations`` are shown with the player's
    first card (a part of one of the view's ``legal_declarations``).

    :func:`~belote.round.play`'s own ``belote`` argument means something stricter: ``True``
    there demands an announcement and refuses a card that cannot make one, ``None`` announces
    where the card allows it. So a choice is applied as :func:`~belote.games.agent_step` does:
    ``play(state, choice.card, belote=None if choice.belote else False,
    declarations=choice.declarations)``.

    >>> from belote import CLASSIC, Seat, bid, deal, legal_bids, legal_moves, play
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=2)
    >>> while state.contract is None:
    ...     state = bid(state, legal_bids(state)[-1])
    >>> choice = Play(next(iter(legal_moves(state))))
    >>> choice.belote
    True
    >>> after = play(state, choice.card, belote=None if choice.belote else False)
    >>> len(after.trick)
    1
    """

    card: Card = attrs.field(validator=_check_card)
    belote: bool = attrs.field(default=True, validator=_check_belote)
    declarations: tuple[Declaration, ...] = attrs.field(default=(), converter=_declarations)


@runtime_checkable
class Agent(Protocol):
    """A player: decides from a :class:`~belote.views.PlayerView` only.

    ``choose_call`` is asked while bidding (the answer must be one of ``view.legal_bids``),
    ``choose_play`` while playing (a card of ``view.legal_cards``). Asked where the seat has
    no such choice, the library's levels raise :class:`~belote.errors.PhaseError`
    (:func:`check_to_bid`, :func:`check_to_play`). Seat agents as instances
    (``NormalAgent()``): a class has the two methods too, and the games refuse it.

    >>> from belote import CLASSIC, Seat, deal, make_agent, observe
    >>> agent = make_agent("easy")
    >>> isinstance(agent, Agent)
    True
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=2)
    >>> agent.choose_call(observe(state, state.eldest))
    Pass()
    """

    def choose_call(self, view: PlayerView) -> Call:
        """The call to make now."""
        ...

    def choose_play(self, view: PlayerView) -> Play:
        """The card to play now, with its announcements."""
        ...


def check_view(view: PlayerView) -> None:
    """Raise :class:`~belote.errors.ArgumentTypeError` unless ``view`` is a :class:`PlayerView`
    (the first line of every agent's methods)."""
    if not isinstance(view, PlayerView):
        raise wrong_type("view", "a PlayerView", view)


def check_to_bid(view: PlayerView) -> None:
    """Raise unless ``view`` is a :class:`PlayerView` of a seat with a call to make now: every
    level refuses alike to choose a call where the rules give none (not the seat's turn, or
    the auction over), rather than answer a call the round would refuse.

    Raises:
        ArgumentTypeError: ``view`` is not a :class:`PlayerView`.
        PhaseError: the seat is not to bid (reason ``WRONG_PHASE``).

    >>> from belote import CLASSIC, Seat, deal, observe
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=1)
    >>> check_to_bid(observe(state, state.eldest))
    >>> check_to_bid(observe(state, Seat(3)))
    Traceback (most recent call last):
    ...
    belote.errors.PhaseError: no call to choose: the seat is not to bid
    """
    check_view(view)
    if view.phase is not Phase.BIDDING or not view.legal_bids:
        raise PhaseError("no call to choose: the seat is not to bid")


def check_to_play(view: PlayerView) -> Contract:
    """The contract in play, after raising unless ``view`` is a :class:`PlayerView` of a seat
    with a card to play now (its turn in the card play), as :func:`check_to_bid` does for the
    calls.

    Raises:
        ArgumentTypeError: ``view`` is not a :class:`PlayerView`.
        PhaseError: the seat is not to play (reason ``WRONG_PHASE``).

    >>> from belote import CLASSIC, Seat, deal, observe
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=1)
    >>> check_to_play(observe(state, state.eldest))  # still bidding
    Traceback (most recent call last):
    ...
    belote.errors.PhaseError: no card to choose: the seat is not to play
    """
    check_view(view)
    contract = view.contract
    if contract is None or not view.legal_cards:
        raise PhaseError("no card to choose: the seat is not to play")
    return contract


def check_seed(seed: object) -> None:
    """Raise :class:`~belote.errors.ArgumentTypeError` unless ``seed``, an agent's seed, is an
    int as documented (a bool is not one). The levels seed their draws from the seed's text, so
    anything else would be taken silently as some seed of its own: ``None`` would not mean
    "random", and ``1.0`` would not play as ``1``.

    >>> check_seed(-7)
    >>> check_seed("7")
    Traceback (most recent call last):
    ...
    belote.errors.ArgumentTypeError: seed must be an int, got '7'
    """
    require_int(seed, "seed")
    check_seed_size(seed)


def announced_play(view: PlayerView, card: Card) -> Play:
    """``card`` with every announcement the view allows: belote when the card permits it, and
    the best combination of declarations (shown whole) on the first card.

    Raises:
        ArgumentTypeError: ``view`` is not a :class:`PlayerView` or ``card`` not a
            :class:`~belote.cards.Card`.

    >>> from belote import CLASSIC, Seat, bid, deal, legal_bids, legal_moves, observe
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=3)
    >>> state = bid(state, legal_bids(state)[-1])
    >>> view = observe(state, Seat(1))
    >>> announced_play(view, next(iter(view.legal_cards)))
    Play(card=Card.parse('9S'), belote=True, declarations=())
    """
    check_view(view)
    require(card, Card, "card", "a Card")
    options = view.legal_declarations
    return Play(card, declarations=options[0] if options else ())
