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

from belote._args import wrong_type
from belote.bidding import Call
from belote.cards import Card
from belote.declarations import Declaration
from belote.errors import BeloteError, Reason
from belote.views import PlayerView

__all__ = ["Agent", "Play", "announced_play", "check_view"]


def _check_card(instance: object, attribute: object, value: Card) -> None:
    if not isinstance(value, Card):
        raise BeloteError(f"a play needs a Card, got {value!r}", reason=Reason.BAD_ARGUMENT)


def _declarations(value: Iterable[Declaration]) -> tuple[Declaration, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise wrong_type("declarations", "a sequence of Declaration", value)
    items = tuple(value)
    for item in items:
        if not isinstance(item, Declaration):
            raise BeloteError(f"{item!r} is not a Declaration", reason=Reason.BAD_ARGUMENT)
    return items


@attrs.frozen
class Play:
    """An agent's move while playing: the card, and what it announces with it.

    ``belote=True`` announces belote (belot) whenever the card allows it; ``False``
    declines. ``declarations`` are shown with the player's first card (a part of one of the
    view's ``legal_declarations``).

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
    belote: bool = True
    declarations: tuple[Declaration, ...] = attrs.field(default=(), converter=_declarations)


@runtime_checkable
class Agent(Protocol):
    """A player: decides from a :class:`~belote.views.PlayerView` only.

    ``choose_call`` is asked while bidding (the answer must be one of ``view.legal_bids``),
    ``choose_play`` while playing (a card of ``view.legal_cards``).

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


def announced_play(view: PlayerView, card: Card) -> Play:
    """``card`` with every announcement the view allows: belote when the card permits it, and
    the best combination of declarations (shown whole) on the first card.

    >>> from belote import CLASSIC, Seat, bid, deal, legal_bids, legal_moves, observe
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=3)
    >>> state = bid(state, legal_bids(state)[-1])
    >>> view = observe(state, state.to_act)
    >>> announced_play(view, next(iter(view.legal_cards)))
    Play(card=Card.parse('9S'), belote=True, declarations=())
    """
    options = view.legal_declarations
    return Play(card, belote=True, declarations=options[0] if options else ())
