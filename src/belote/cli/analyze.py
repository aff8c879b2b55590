"""``belote analyze``: the solver's judgement of every card played in a game record.

A table per round (each card played, its value, the best card, the points and the margin it
lost), each seat's total losses and the biggest mistakes (the cards that were not best cards,
the costliest margin first) with their position; ``--json`` prints the same facts for
programs.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from belote.analysis import Analysis, PlayReview, analyze
from belote.cli._display import Style, counted, seat_name
from belote.errors import RecordError, ReplayError
from belote.match import Match
from belote.records import loads
from belote.seats import Seat
from belote.state import Phase, RoundState
from belote.variants import Variant

__all__ = ["add_arguments", "run"]

_PROG = "belote analyze"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``belote analyze``."""
    parser.add_argument(
        "file",
        metavar="FILE",
        help="a round or match record (belote play --save, belote.records; '-': stdin)",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print JSON for programs instead of tables: the facts of belote.analysis, so a play's "
        "number counts from 0 (the table's card column counts from 1)",
    )
    parser.add_argument("--round", type=int, metavar="N", help="in a match record, only deal N (from 1)")
    parser.add_argument(
        "--from-trick",
        type=int,
        default=1,
        metavar="T",
        help="judge the cards from trick T on (1-8, default 1; the first tricks take longest to solve)",
    )
    parser.add_argument(
        "--top", type=int, default=5, metavar="K", help="list the K biggest mistakes (default 5)"
    )
    parser.add_argument(
        "--threads",
        type=int,
        metavar="N",
        help="the solver's threads in the first trick (default: the processors; 1 beside busy processes)",
    )


def _rounds(game: RoundState | Match, number: int | None) -> list[tuple[int, RoundState]]:
    """``(deal number from 1, final state)`` of the rounds to analyze."""
    from belote.cli._parser import UsageError

    if isinstance(game, RoundState):
        if number is not None and number != 1:
            raise UsageError(f"--round {number}: a round record holds one round", _PROG)
        if game.phase is Phase.PASSED_OUT:
            raise UsageError("the deal was passed out (thrown in): no card was played", _PROG)
        if game.phase is Phase.BIDDING:
            raise UsageError("the round is still in its bidding: no card was played", _PROG)
        return [(1, game)]
    played = [
        (entry.number + 1, entry.round)
        for entry in game.history
        if entry.round is not None
        and entry.round.contract is not None
        and entry.round.phase is Phase.FINISHED
    ]
    if number is None:
        return played
    chosen = [(deal, state) for deal, state in played if deal == number]
    if not chosen:
        raise UsageError(f"--round {number}: {_why_not_played(game, number)}", _PROG)
    return chosen


def _why_not_played(game: Match, number: int) -> str:
    """Why deal ``number`` of ``game`` has no card play to analyze."""
    entry = next((entry for entry in game.history if entry.number + 1 == number), None)
    if entry is None:
        return f"no played deal {number} in this match ({counted(len(game.history), 'deal')})"
    if entry.score is None:
        return f"deal {number} was passed out (thrown in): no card was played"
    return f"deal {number} was not played out: no card to judge"


def _check_from_trick(rounds: list[tuple[int, RoundState]], trick: int) -> None:
    """Refuse ``--from-trick`` beyond the cards of a round record that stopped during the play,
    rather than print an empty table."""
    from belote.cli._parser import UsageError

    for _, state in rounds:
        # a finished round has its 32 cards; a round still bidding is refused by _rounds
        if state.phase is Phase.PLAYING:
            cards = sum(len(done.plays) for done in state.tricks) + len(state.trick)
            if not cards:
                raise UsageError("no card was played: the record stops before the first lead", _PROG)
            if cards <= (trick - 1) * 4:
                raise UsageError(
                    f"--from-trick {trick}: no card from trick {trick} on, the record stops after "
                    f"{counted(cards, 'card')} played",
                    _PROG,
                )


def run(options: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    """Run ``belote analyze`` with parsed ``options``; the exit code."""
    from belote.cli._parser import UsageError, read_file_argument

    if not 1 <= options.from_trick <= 8:
        raise UsageError(f"--from-trick must be 1..8, got {options.from_trick}", _PROG)
    if options.top < 0:
        raise UsageError(f"--top must be at least 0, got {options.top}", _PROG)
    if options.threads is not None and options.threads < 1:
        raise UsageError(f"--threads must be at least 1, got {options.threads}", _PROG)
    name = options.file
    data = read_file_argument(name, _PROG)
    try:
        game = loads(data)
    except (RecordError, ReplayError) as error:
        print(f"{_PROG}: invalid record {name}: {error}", file=stderr)
        return 1
    rounds = _rounds(game, options.round)
    _check_from_trick(rounds, options.from_trick)
    start = (options.from_trick - 1) * 4
    results = [(deal, analyze(state, start=start, threads=options.threads)) for deal, state in rounds]
    if options.json:
        payload = [
            {"deal": deal, **result.to_json(), "mistakes": _mistakes_json(result, options.top)}
            for deal, result in results
        ]
        print(json.dumps({"rounds": payload}, indent=2), file=stdout)
        return 0
    if not results:
        print("No deal of this match was played out: nothing to analyze.", file=stdout)
    for deal, result in results:
        print("\n".join(_table(deal, result, options.top, game.variant)), file=stdout)
    return 0


def _mistakes_json(result: Analysis, top: int) -> list[dict[str, Any]]:
    return [review.to_json() for review in result.mistakes(top)]


def _cards(cards: tuple[Any, ...]) -> str:
    return " ".join(str(card) for card in cards) or "-"


def _table(deal: int, result: Analysis, top: int, variant: Variant) -> list[str]:
    contract = result.contract
    taken = (
        ""
        if contract is None
        else f": {Style().contract(contract, variant)} taken by {seat_name(contract.taker)}"
    )
    lines = [f"Deal {deal}{taken}", ""]
    best_width = max([12, *(len(_cards(review.best)) for review in result.plays)])
    head = f"{'card':>4}  {'trick':>5}  {'seat':<15} {'played':<6} {'points':>6}  "
    lines.append(head + f"{'best':<{best_width}} {'best pts':>8}  {'loss':>4}  {'margin':>6}")
    for review in result.plays:
        mark = "" if review.is_best else "  <-"
        lines.append(
            f"{review.number + 1:>4}  {review.trick:>5}  {seat_name(review.seat):<15} {review.card!s:<6} "
            f"{review.points:>6}  {_cards(review.best):<{best_width}} {review.best_points:>8}  "
            f"{review.loss:>4}  {review.margin_loss:>6}{mark}"
        )
    lines.append("")
    lines.append("Points lost per seat (acting team's points against the best card, best play after),")
    lines.append("and margin lost (the other team's gain counted too, a capot bonus included):")
    losses, margins = result.losses, result.margin_losses
    for seat in Seat:
        mistakes = sum(1 for review in result.plays if review.seat == seat and not review.is_best)
        not_best = counted(mistakes, "card")
        lines.append(f"  {seat_name(seat)}: {losses[seat]}, margin {margins[seat]} ({not_best} not best)")
    worst = result.mistakes(top)
    if worst:
        lines += ["", "Biggest mistakes:"]
        lines += [line for review in worst for line in _mistake(review)]
    elif result.plays and all(review.is_best for review in result.plays):
        lines += ["", "No mistake: every card played was a best card."]
    lines.append("")  # --top 0 with costly cards: no list, as asked, and no claim of none
    return lines


def _mistake(review: PlayReview) -> list[str]:
    hands = ", ".join(f"{seat}: {_cards(tuple(hand))}" for seat, hand in enumerate(review.hands))
    return [
        f"  trick {review.trick}, {seat_name(review.seat)} played {review.card}: "
        f"{counted(review.loss, 'point')} lost, margin {review.margin_loss} (best {_cards(review.best)})",
        f"    hands {hands}; on the table: {_cards(review.table)}",
    ]
