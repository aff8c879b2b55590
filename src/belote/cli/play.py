"""``belote play``: a human at one seat against three AI players, in the terminal."""

from __future__ import annotations

from typing import TextIO

import attrs

from belote._args import is_digits
from belote.bidding import Bid, Call, parse_call
from belote.cards import Card
from belote.cli._display import Style, deal_summary, result_line, score_sheet, seat_name, sorted_hand
from belote.errors import BeloteError
from belote.match import Match, match
from belote.notation import format_variant
from belote.round import (
    Phase,
    RoundState,
    bid,
    legal_bids,
    legal_declarations,
    legal_moves,
    play,
    score_round,
)
from belote.seats import Seat
from belote.variants import Variant

__all__ = ["HELP", "Console", "Game", "GameStoppedError", "help_text", "run", "show_result"]


def help_text(style: Style) -> str:
    """How to answer the prompts; the ``10♥`` spelling only where the output shows suit symbols
    (an ASCII terminal could neither show nor type it)."""
    spellings = "TH, 10h or 10♥" if style.symbols else "TH or 10h"
    return (
        f"Type a card as {spellings}, or its number in the list; a call as its number, pass, a suit "
        "(H, hearts), contra (coinche in coinche). Belote and declarations are announced for you. "
        "help shows this again; q quits."
    )


HELP = help_text(Style(symbols=True))
"""The input help as a terminal with suit symbols shows it."""


class GameStoppedError(Exception):
    """Standard input ended, the player typed ``q``, pressed Ctrl-C (``interrupted``) or the
    output was closed (``belote play | head``); ``progress`` is the match so far (its
    finished deals)."""

    def __init__(self, why: str, progress: Match | None = None, *, interrupted: bool = False) -> None:
        super().__init__(why)
        self.why = why
        self.progress = progress
        self.interrupted = interrupted


@attrs.frozen(order=False)
class Game:
    """The settings of one terminal game."""

    variant: Variant
    level: str
    seed: int
    human: Seat
    deals: int | None


class Console:
    """Reads the player's answers and writes the game, with the terminal's style."""

    def __init__(self, stdin: TextIO, stdout: TextIO, style: Style) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.style = style

    def echo_off(self) -> bool:
        """True when the terminal shows what the player types (no need to echo it)."""
        isatty = getattr(self.stdin, "isatty", None)
        return bool(isatty and isatty())

    def say(self, text: str = "") -> None:
        """Print ``text`` (suit symbols as letters where the terminal has none)."""
        print(self.style.text(text), file=self.stdout, flush=True)

    def ask(self, prompt: str) -> str:
        """The player's next answer to ``prompt``; ``help`` or ``?`` shows :func:`help_text` and asks
        again, ``q`` stops the game (:class:`GameStoppedError`)."""
        while True:
            self.stdout.write(prompt)
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                self.say()
                raise GameStoppedError("input ended")
            answer = line.strip()
            if not self.echo_off():
                self.say(answer)
            if answer.lower() in ("q", "quit", "exit"):
                raise GameStoppedError("you quit")
            if answer.lower() not in ("help", "?"):
                return answer
            self.say(f"  {help_text(self.style)}")


def run(game: Game, console: Console) -> Match:
    """Play the match (or ``game.deals`` deals) and return it (:func:`show_result` prints its
    end); raises :class:`GameStoppedError` with the match so far when the player stops (``q``,
    end of input or Ctrl-C) or the output is closed."""
    from belote.agents import make_agent
    from belote.games import agent_step

    agents = tuple(make_agent(game.level, seed=game.seed * 4 + seat) for seat in range(4))
    progress = match(game.variant, seed=game.seed)
    style = console.style
    console.say(
        f"{format_variant(game.variant)}, to {game.variant.target}: you are {seat_name(game.human)}, "
        f"your partner is {seat_name(game.human.partner)}; three {game.level} AI players; seed {game.seed}."
    )
    console.say(help_text(style))
    try:
        while progress.winner is None and (game.deals is None or len(progress.history) < game.deals):
            state = progress.deal()
            console.say()
            console.say(
                style.bold(f"Deal {len(progress.history) + 1}")
                + f": {seat_name(state.dealer)} deals. Scores: you {progress.scores[game.human.team]}, "
                f"them {progress.scores[game.human.team.other]}"
                + (f", {progress.carry} held" if progress.carry else "")
                + "."
            )
            if state.turned is not None:
                console.say(f"Turned card: {style.card(state.turned)}")
            try:
                while state.phase in (Phase.BIDDING, Phase.PLAYING):
                    before = state
                    if state.to_act == game.human:
                        state = _human_turn(state, game.human, console)
                    else:
                        state = agent_step(state, agents, match=progress)
                    _narrate(before, state, game.human, console)
            except GameStoppedError as stop:
                raise GameStoppedError(stop.why, progress) from None
            if state.phase is Phase.PASSED_OUT:
                console.say("Everybody passed: the cards are thrown in.")
            else:
                for line in deal_summary(score_round(state, progress.carry), style, state.variant):
                    console.say(line)
            progress = progress.record(state)
    except KeyboardInterrupt:
        console.say()
        raise GameStoppedError("interrupted", progress, interrupted=True) from None
    except BrokenPipeError:  # nobody reads the game any more: stop, and keep the finished deals
        raise GameStoppedError("the output was closed", progress) from None
    return progress


def show_result(progress: Match, human: Seat, console: Console) -> None:
    """The end of a game: its score sheet and who won."""
    console.say()
    for line in score_sheet(progress, console.style):
        console.say(line)
    console.say(result_line(progress))
    if progress.winner is not None:
        console.say("You win!" if progress.winner == human.team else "They win.")


def _human_turn(state: RoundState, human: Seat, console: Console) -> RoundState:
    style = console.style
    hand = sorted_hand(state.hand(human), state.trump)
    legal = legal_moves(state)
    if state.phase is Phase.BIDDING:
        console.say(f"Your hand: {style.cards(hand)}")
        calls = legal_bids(state)
        shown = calls
        if len(calls) > _LISTED_CALLS:  # a coinche auction: the calls but bids are numbered
            shown = tuple(call for call in calls if not isinstance(call, Bid))
        numbered = "  ".join(f"{n}) {style.call(call, state.variant)}" for n, call in enumerate(shown, 1))
        if shown != calls:
            lowest = next(call for call in calls if isinstance(call, Bid))
            numbered += f"  or a bid from {style.call(lowest)} (e.g. '{lowest}', 'capot S')"
        console.say(f"Your call: {numbered}")
        while True:
            answer = console.ask("call> ")
            try:
                call = _read_call(answer, shown)
                return bid(state, call)  # the human is the seat to act
            except BeloteError as error:
                console.say(f"  not allowed: {error}")
    if state.trick:
        console.say(
            "Trick so far: " + ", ".join(f"{int(seat)}:{style.card(card)}" for seat, card in state.trick)
        )
    else:
        console.say("You lead.")
    listed = "  ".join(
        f"{n}) {style.card(card, mark='*' if card in legal else '')}" for n, card in enumerate(hand, 1)
    )
    contract = state.contract
    assert contract is not None  # the card play has a contract
    console.say(f"Your hand (contract {style.contract(contract, state.variant)}; * = legal): {listed}")
    options = legal_declarations(state)
    declarations = options[0] if options else ()
    while True:
        answer = console.ask("card> ")
        if answer == "h":  # "help" and "?" are answered by Console.ask
            console.say(help_text(style))
            continue
        try:
            card = _read_card(answer, hand)
            return play(state, card, declarations=declarations)  # a belote is announced
        except BeloteError as error:
            console.say(f"  not allowed: {error}")


_LISTED_CALLS = 12
"""Above this many legal calls (a coinche auction) the bids are not listed one by one."""


def _list_number(answer: str, count: int) -> int | None:
    """The index in a list of ``count`` choices that ``answer`` picks by its number from 1, or
    None when it is no number. Only ASCII digits count: ``²`` or ``①`` pass ``isdigit`` but not
    ``int``, so they are read (and refused) as a card or call instead."""
    if not is_digits(answer):
        return None
    number = int(answer)
    if not 1 <= number <= count:
        listed = "the number 1" if count == 1 else f"one of the numbers 1 to {count}"
        raise BeloteError(f"{answer} is not {listed}")
    return number - 1


def _read_call(answer: str, calls: tuple[Call, ...]) -> Call:
    index = _list_number(answer, len(calls))
    if index is not None:
        return calls[index]
    lowered = answer.lower()
    if lowered in ("take", "t", "yes", "y") and len(calls) == 2 and isinstance(calls[1], Bid):
        return calls[1]
    return parse_call(answer)


def _read_card(answer: str, hand: list[Card]) -> Card:
    index = _list_number(answer, len(hand))
    return Card.parse(answer) if index is None else hand[index]


def _narrate(before: RoundState, after: RoundState, human: Seat, console: Console) -> None:
    style = console.style
    actor = before.to_act
    assert actor is not None  # the seat that made the step
    who = "You" if actor == human else seat_name(actor)
    if len(after.auction) > len(before.auction):
        _seat, call = after.auction[-1]
        console.say(f"{who}: {style.call(call, after.variant)}")
        if after.contract is not None:  # the auction is over: the play begins
            console.say(
                f"Contract: {style.contract(after.contract, after.variant)}, taken by "
                f"{'you' if after.contract.taker == human else seat_name(after.contract.taker)}."
            )
        return
    if len(after.belotes) > len(before.belotes):
        console.say(f"{who}: belote!")
    for declaration in after.declarations[len(before.declarations) :]:
        console.say(f"{who} declare{'' if who == 'You' else 's'} {style.declaration(declaration)}")
    if len(after.tricks) > len(before.tricks):
        trick = after.tricks[-1]
        console.say(f"{who} play{'' if who == 'You' else 's'} {style.card(trick.cards[-1])}")
        cards = ", ".join(f"{int(seat)}:{style.card(card)}" for seat, card in trick.plays)
        winner = "you" if trick.winner == human else seat_name(trick.winner)
        mine = trick.winner.team == human.team
        console.say(
            f"Trick {len(after.tricks)}: {cards} - won by {winner} ({trick.points} points"
            f" for {'your team' if mine else 'them'})"
        )
    elif after.trick:
        console.say(f"{who} play{'' if who == 'You' else 's'} {style.card(after.trick[-1][1])}")
