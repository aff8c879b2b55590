"""Exact tests of ``belote play`` (``belote.cli.play``): the console's prompts and answers
(help, quit, end of input, echo), the reading of a call or card by its number or its text with
the refusals' messages, the human's turn in the bidding (every call listed, or only the calls
that are no bid in a long coinche auction) and in the play (the marked legal cards, the
declarations announced), the narration of the other seats' actions, the whole game's transcript
and how it stops (``q``, Ctrl-C, a closed output), and its end.

The command's own tests run it in a subprocess; these call its functions in process with the
answers in a text stream, and replace the AI players (``make_agent`` and ``agent_step``) by a
stand-in that takes the first bid at one seat, passes elsewhere and plays the first legal card,
so that a deal's transcript is known line by line and takes milliseconds.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import TextIO, cast

import attrs
import pytest

import belote.agents
import belote.games
from belote import BULGARIAN, CLASSIC, COINCHE, Phase, RoundState, Seat, deal, match
from belote.bidding import Bid, Double, Pass, parse_call
from belote.cards import Card, CardSet
from belote.cli import play as command
from belote.cli._display import Style
from belote.cli.play import HELP, Console, Game, GameStoppedError, help_text, run, show_result
from belote.declarations import Declaration
from belote.errors import BeloteError
from belote.match import Match
from belote.notation import parse_variant
from belote.round import bid, legal_bids, legal_declarations, legal_moves, play
from belote.trumps import Trump
from belote.variants import Variant

PLAIN_HELP = (
    "Type a card as TH or 10h, or its number in the list; a call as its number, pass, a suit "
    "(H, hearts), contra (coinche in coinche). Belote and declarations are announced for you. "
    "help shows this again; q quits."
)


class Answers(io.StringIO):
    """The player's answers, one a line; ``tty`` answers ``isatty`` (a terminal echoes them)."""

    def __init__(self, lines: Sequence[str], *, tty: bool = False) -> None:
        super().__init__("".join(f"{line}\n" for line in lines))
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


class Output(io.StringIO):
    """The game's output, counting its flushes."""

    flushes = 0

    def flush(self) -> None:
        self.flushes += 1
        super().flush()


def console(*answers: str, style: Style | None = None, tty: bool = False) -> tuple[Console, Output]:
    out = Output()
    return Console(Answers(answers, tty=tty), out, style or Style()), out


def lines(out: io.StringIO) -> list[str]:
    return out.getvalue().split("\n")


def card(text: str) -> Card:
    return Card.parse(text)


# -- help and the console -----------------------------------------------------------------------------


def test_help_text() -> None:
    assert help_text(Style()) == PLAIN_HELP
    assert help_text(Style(symbols=True)) == PLAIN_HELP.replace("TH or 10h", "TH, 10h or 10♥")
    assert help_text(Style(symbols=True)) == HELP
    assert command.__all__ == [
        "HELP",
        "Console",
        "Game",
        "GameStoppedError",
        "help_text",
        "run",
        "show_result",
    ]


def test_game_stopped_error() -> None:
    stop = GameStoppedError("you quit")
    assert (str(stop), stop.why, stop.progress, stop.interrupted) == ("you quit", "you quit", None, False)
    progress = match(CLASSIC, seed=1)
    stop = GameStoppedError("interrupted", progress, interrupted=True)
    assert (stop.why, stop.progress, stop.interrupted) == ("interrupted", progress, True)


def test_game_settings() -> None:
    game = Game(variant=CLASSIC, level="easy", seed=3, human=Seat(1), deals=None)
    assert (game.variant, game.level, game.seed, game.human, game.deals) == (
        CLASSIC,
        "easy",
        3,
        Seat(1),
        None,
    )
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        game.seed = 4  # type: ignore[misc]
    assert game == Game(variant=CLASSIC, level="easy", seed=3, human=Seat(1), deals=None)


def test_echo_off_on_a_terminal_only() -> None:
    assert console(tty=True)[0].echo_off() is True
    assert console(tty=False)[0].echo_off() is False
    assert Console(cast(TextIO, object()), io.StringIO(), Style()).echo_off() is False


def test_say_prints_letters_where_the_output_has_no_symbols() -> None:
    plain, out = console()
    plain.say("T♥ ok")
    plain.say()
    assert out.getvalue() == "TH ok\n\n"
    assert out.flushes == 2
    symbols, out = console(style=Style(symbols=True))
    symbols.say("T♥")
    assert out.getvalue() == "T♥\n"


def test_ask_returns_the_stripped_answer_and_echoes_it_when_the_terminal_does_not() -> None:
    player, out = console("  TH  ", "7s")
    assert player.ask("card> ") == "TH"
    assert player.ask("call> ") == "7s"
    assert out.getvalue() == "card> TH\ncall> 7s\n"
    assert out.flushes == 4


def test_ask_does_not_echo_on_a_terminal() -> None:
    player, out = console("TH", tty=True)
    assert player.ask("card> ") == "TH"
    assert out.getvalue() == "card> "


@pytest.mark.parametrize("answer", ["help", "?", "HELP", " Help "])
def test_ask_shows_the_help_and_asks_again(answer: str) -> None:
    player, out = console(answer, "pass")
    assert player.ask("call> ") == "pass"
    assert lines(out) == [f"call> {answer.strip()}", f"  {PLAIN_HELP}", "call> pass", ""]


@pytest.mark.parametrize("answer", ["q", "Q", "quit", "exit", "EXIT"])
def test_ask_stops_on_quit(answer: str) -> None:
    player, out = console(answer, "pass")
    with pytest.raises(GameStoppedError) as stop:
        player.ask("call> ")
    assert (stop.value.why, stop.value.progress, stop.value.interrupted) == ("you quit", None, False)
    assert out.getvalue() == f"call> {answer}\n"


def test_ask_stops_when_the_input_ends() -> None:
    player, out = console()
    with pytest.raises(GameStoppedError) as stop:
        player.ask("card> ")
    assert stop.value.why == "input ended"
    assert out.getvalue() == "card> \n"


def test_an_empty_answer_is_an_answer() -> None:
    player, _ = console("")
    assert player.ask("card> ") == ""


# -- reading calls and cards -------------------------------------------------------------------------


def test_list_number() -> None:
    assert command._list_number("1", 3) == 0
    assert command._list_number("3", 3) == 2
    assert command._list_number("TH", 3) is None
    assert command._list_number("²", 3) is None
    assert command._list_number("", 3) is None
    for answer, count, message in [
        ("0", 3, "0 is not one of the numbers 1 to 3"),
        ("4", 3, "4 is not one of the numbers 1 to 3"),
        ("2", 1, "2 is not the number 1"),
        ("0", 1, "0 is not the number 1"),
        ("1", 0, "1 is not one of the numbers 1 to 0"),
    ]:
        with pytest.raises(BeloteError) as refused:
            command._list_number(answer, count)
        assert str(refused.value) == message


TAKE = (Pass(), Bid(Trump.HEARTS))


@pytest.mark.parametrize("answer", ["take", "t", "yes", "y", "TAKE", "Yes"])
def test_take_picks_the_one_bid_of_two_calls(answer: str) -> None:
    assert command._read_call(answer, TAKE) == Bid(Trump.HEARTS)


def test_read_call() -> None:
    assert command._read_call("1", TAKE) == Pass()
    assert command._read_call("2", TAKE) == Bid(Trump.HEARTS)
    assert command._read_call("S", TAKE) == Bid(Trump.SPADES)
    assert command._read_call("pass", (Pass(), Double())) == Pass()
    three = (Pass(), Bid(Trump.HEARTS), Bid(Trump.SPADES))
    for calls in (three, (Pass(), Double()), (Bid(Trump.HEARTS),)):
        with pytest.raises(BeloteError) as refused:
            command._read_call("take", calls)
        assert str(refused.value) == str(_refusal("take"))


def _refusal(text: str) -> BeloteError:
    with pytest.raises(BeloteError) as refused:
        parse_call(text)
    return refused.value


def test_read_card() -> None:
    hand = [card("AS"), card("7H")]
    assert command._read_card("2", hand) == card("7H")
    assert command._read_card("1", hand) == card("AS")
    assert command._read_card("kd", hand) == card("KD")
    with pytest.raises(BeloteError) as refused:
        command._read_card("3", hand)
    assert str(refused.value) == "3 is not one of the numbers 1 to 2"


# -- the human's turn ----------------------------------------------------------------------------------


def bidding(variant: Variant = CLASSIC, seed: int = 4) -> RoundState:
    return deal(variant, dealer=Seat(0), seed=seed)


def test_a_call_from_the_full_list() -> None:
    state = bidding(BULGARIAN, 10)
    assert state.to_act == Seat(1)
    player, out = console("9", "nope", "4")
    after = command._human_turn(state, Seat(1), player)
    assert after.auction == ((Seat(1), Bid(Trump.HEARTS)),)
    assert lines(out) == [
        "Your hand: TS KH QH JC JD",
        "Your call: 1) pass  2) clubs  3) diamonds  4) hearts  5) spades  6) no trumps  7) all trumps",
        "call> 9",
        "  not allowed: 9 is not one of the numbers 1 to 7",
        "call> nope",
        "  not allowed: 'nope' is not a call: expected pass, a trump mode, a value and a trump mode "
        "(100 H), capot and a trump mode, contra or recontra",
        "call> 4",
        "",
    ]


def test_an_illegal_call_is_refused_by_the_rules() -> None:
    state = bidding(BULGARIAN, 10)
    player, out = console("contra", "1")
    assert command._human_turn(state, Seat(1), player).auction == ((Seat(1), Pass()),)
    assert lines(out)[3].startswith("  not allowed: ")
    assert lines(out)[4:] == ["call> 1", ""]


def test_a_long_coinche_auction_lists_the_calls_but_bids() -> None:
    state = bid(bidding(COINCHE, 10), Bid(Trump.HEARTS, value=150))
    assert state.to_act == Seat(2)
    player, out = console("3", "160 S")
    after = command._human_turn(state, Seat(2), player)
    assert after.auction[-1] == (Seat(2), Bid(Trump.SPADES, value=160))
    assert lines(out)[1:4] == [
        "Your call: 1) pass  2) coinche  or a bid from 160 clubs (e.g. '160 C', 'capot S')",
        "call> 3",
        "  not allowed: 3 is not one of the numbers 1 to 2",
    ]
    player, _ = console("2")
    assert command._human_turn(state, Seat(2), player).auction[-1] == (Seat(2), Double())


def test_the_bound_of_the_listed_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bidding(BULGARIAN, 10)
    assert len(legal_bids(state)) == 7
    monkeypatch.setattr(command, "_LISTED_CALLS", 7)
    player, out = console("1")
    command._human_turn(state, Seat(1), player)
    assert (
        lines(out)[1]
        == "Your call: 1) pass  2) clubs  3) diamonds  4) hearts  5) spades  6) no trumps  7) all trumps"
    )
    monkeypatch.setattr(command, "_LISTED_CALLS", 6)
    player, out = console("1")
    command._human_turn(state, Seat(1), player)
    assert lines(out)[1] == "Your call: 1) pass  or a bid from clubs (e.g. 'C', 'capot S')"


def test_the_calls_are_listed_up_to_12() -> None:
    """No real auction has 9 to 13 legal calls (a coinche auction has 8, 14, 20, ...), so the
    bound is checked as a number."""
    assert command._LISTED_CALLS == 12


def taken(variant: Variant = CLASSIC, seed: int = 4) -> RoundState:
    """The round with the first seat to speak taking the first bid, the others passing."""
    state = bidding(variant, seed)
    state = bid(state, next(call for call in legal_bids(state) if isinstance(call, Bid)))
    while state.phase is Phase.BIDDING:
        state = bid(state, Pass())
    return state


def test_a_lead_with_declarations_announced() -> None:
    state = taken(BULGARIAN, 10)
    assert state.to_act == Seat(1)
    player, out = console("TH", "9", "h", "1")
    after = command._human_turn(state, Seat(1), player)
    assert after.trick == ((Seat(1), card("JC")),)
    assert after.declarations == (Declaration(Seat(1), CardSet.parse("KH QH JH")),)
    assert lines(out) == [
        "You lead.",
        "Your hand (contract clubs; * = legal): 1) JC*  2) QC*  3) 8C*  4) TS*  5) KH*  6) QH*  7) JH*  "
        "8) JD*",
        "card> TH",
        "  not allowed: TH: not in seat 1's hand (TS KH QH JH JD QC JC 8C)",
        "card> 9",
        "  not allowed: 9 is not one of the numbers 1 to 8",
        "card> h",
        PLAIN_HELP,
        "card> 1",
        "",
    ]


def test_a_card_following_the_trick_so_far() -> None:
    state = taken(CLASSIC, 4)
    state = play(state, next(iter(legal_moves(state))))
    assert state.to_act == Seat(2)
    assert legal_declarations(state) == ()
    player, out = console("AS", "1", "2")
    after = command._human_turn(state, Seat(2), player)
    assert after.trick == ((Seat(1), card("JS")), (Seat(2), card("9S")))
    assert after.declarations == ()
    assert lines(out) == [
        "Trick so far: 1:JS",
        "Your hand (contract hearts; * = legal): 1) JH  2) 9S*  3) 8S*  4) 7S*  5) JC  6) 9C  7) TD  8) QD",
        "card> AS",
        "  not allowed: AS: not in seat 2's hand (9S 8S 7S JH QD TD JC 9C)",
        "card> 1",
        "  not allowed: JH: must follow spades (you hold 9S 8S 7S)",
        "card> 2",
        "",
    ]


def test_the_cards_in_colour_and_symbols() -> None:
    state = taken(CLASSIC, 4)
    state = play(state, next(iter(legal_moves(state))))
    player, out = console("2", style=Style(symbols=True, colour=True))
    command._human_turn(state, Seat(2), player)
    red, bold, reset = "\x1b[31m", "\x1b[1m", "\x1b[0m"
    assert lines(out)[:2] == [
        "Trick so far: 1:J♠",
        f"Your hand (contract ♥ hearts; * = legal): 1) {red}J♥{reset}  2) {bold}9♠*{reset}  "
        f"3) {bold}8♠*{reset}  4) {bold}7♠*{reset}  5) J♣  6) 9♣  7) {red}T♦{reset}  8) {red}Q♦{reset}",
    ]


# -- the narration -------------------------------------------------------------------------------------


def narrated(before: RoundState, after: RoundState, human: Seat, style: Style | None = None) -> list[str]:
    player, out = console(style=style)
    command._narrate(before, after, human, player)
    return lines(out)[:-1]


def test_narrate_a_call() -> None:
    state = bidding(BULGARIAN, 10)
    after = bid(state, Pass())
    assert narrated(state, after, Seat(0)) == ["seat 1 (West): pass"]
    assert narrated(state, after, Seat(1)) == ["You: pass"]
    hearts = bid(state, Bid(Trump.HEARTS))
    assert narrated(state, hearts, Seat(0), Style(symbols=True)) == ["seat 1 (West): ♥ hearts"]
    coinche = bid(bidding(COINCHE, 10), Bid(Trump.HEARTS, value=80))
    assert narrated(coinche, bid(coinche, Double()), Seat(0)) == ["seat 2 (South): coinche"]


def test_narrate_the_last_call_and_the_contract() -> None:
    state = bid(bidding(BULGARIAN, 10), Bid(Trump.CLUBS))
    state = bid(bid(state, Pass()), Pass())
    assert state.to_act == Seat(0)
    after = bid(state, Pass())
    assert after.phase is Phase.PLAYING
    assert narrated(state, after, Seat(2)) == [
        "seat 0 (North): pass",
        "Contract: clubs, taken by seat 1 (West).",
    ]
    assert narrated(state, after, Seat(1)) == ["seat 0 (North): pass", "Contract: clubs, taken by you."]
    assert narrated(state, after, Seat(0)) == ["You: pass", "Contract: clubs, taken by seat 1 (West)."]


def test_narrate_a_passed_out_deal() -> None:
    state = bidding(CLASSIC, 4)
    while len(state.auction) < 7:
        state = bid(state, Pass())
    after = bid(state, Pass())
    assert after.phase is Phase.PASSED_OUT
    assert narrated(state, after, Seat(2)) == ["seat 0 (North): pass"]


def test_narrate_a_card_and_a_trick() -> None:
    state = taken(CLASSIC, 4)
    first = play(state, card("JS"))
    assert narrated(state, first, Seat(0)) == ["seat 1 (West) plays JS"]
    assert narrated(state, first, Seat(1)) == ["You play JS"]
    full = first
    for text in ("9S", "AS"):
        full = play(full, card(text))
    last = play(full, card("KS"))
    assert last.tricks[0].winner == Seat(3)
    trick = "Trick 1: 1:JS, 2:9S, 3:AS, 0:KS - won by"
    assert narrated(full, last, Seat(0)) == ["You play KS", f"{trick} seat 3 (East) (17 points for them)"]
    assert narrated(full, last, Seat(2)) == [
        "seat 0 (North) plays KS",
        f"{trick} seat 3 (East) (17 points for them)",
    ]
    assert narrated(full, last, Seat(1)) == [
        "seat 0 (North) plays KS",
        f"{trick} seat 3 (East) (17 points for your team)",
    ]
    assert narrated(full, last, Seat(3)) == [
        "seat 0 (North) plays KS",
        f"{trick} you (17 points for your team)",
    ]
    assert narrated(full, last, Seat(2), Style(symbols=True)) == [
        "seat 0 (North) plays K♠",
        "Trick 1: 1:J♠, 2:9♠, 3:A♠, 0:K♠ - won by seat 3 (East) (17 points for them)",
    ]


def test_narrate_nothing_new() -> None:
    state = taken(CLASSIC, 4)
    assert narrated(state, state, Seat(0)) == []


def test_narrate_the_declarations() -> None:
    state = taken(BULGARIAN, 10)
    after = play(state, card("JC"), declarations=legal_declarations(state)[0])
    assert narrated(state, after, Seat(0)) == [
        "seat 1 (West) declares terca KH QH JH (20)",
        "seat 1 (West) plays JC",
    ]
    assert narrated(state, after, Seat(1), Style(symbols=True)) == [
        "You declare terca K♥ Q♥ J♥ (20)",
        "You play J♣",
    ]


def test_narrate_a_belote() -> None:
    state = taken(CLASSIC, 0)
    for _ in range(5):
        state = play(state, next(iter(legal_moves(state))))
    after = play(state, card("KD"))
    assert len(after.belotes) == 1
    assert narrated(state, after, Seat(0)) == ["seat 3 (East): belote!", "seat 3 (East) plays KD"]
    assert narrated(state, after, Seat(3)) == ["You: belote!", "You play KD"]


# -- a whole game --------------------------------------------------------------------------------------


class Table:
    """The AI players' stand-ins: ``make_agent`` records its arguments; ``agent_step`` takes
    the first bid at ``taker`` (passing elsewhere) and plays the first legal card, and raises
    ``stop`` at the step numbered ``stop_at``."""

    def __init__(self, taker: Seat | None, stop: BaseException | None = None, stop_at: int = -1) -> None:
        self.taker = taker
        self.made: list[tuple[str, int]] = []
        self.steps: list[tuple[tuple[object, ...], Match | None]] = []
        self.stop = stop
        self.stop_at = stop_at

    def make_agent(self, level: str, *, seed: int) -> object:
        self.made.append((level, seed))
        return f"agent {len(self.made)}"

    def agent_step(
        self, state: RoundState, agents: Sequence[object], *, match: Match | None = None
    ) -> RoundState:
        if len(self.steps) == self.stop_at and self.stop is not None:
            raise self.stop
        self.steps.append((tuple(agents), match))
        if state.phase is Phase.BIDDING:
            calls = legal_bids(state)
            take = next(call for call in calls if isinstance(call, Bid))
            return bid(state, take if state.to_act == self.taker and state.contract is None else Pass())
        return play(state, next(iter(legal_moves(state))))


Install = Callable[[Table], Table]


@pytest.fixture
def install(monkeypatch: pytest.MonkeyPatch) -> Install:
    """Puts a :class:`Table`'s stand-ins in place of the AI players; the table."""

    def put(table: Table) -> Table:
        monkeypatch.setattr(belote.agents, "make_agent", table.make_agent)
        monkeypatch.setattr(belote.games, "agent_step", table.agent_step)
        return table

    return put


def seats_game(variant: str, deals: int | None, human: int = 0) -> Game:
    return Game(variant=parse_variant(variant), level="easy", seed=3, human=Seat(human), deals=deals)


HEADER = [
    "classic:target=1, to 1: you are seat 0 (North), your partner is seat 2 (South); three easy AI "
    "players; seed 3.",
    PLAIN_HELP,
    "",
    "Deal 1: seat 1 (West) deals. Scores: you 0, them 0.",
    "Turned card: JC",
    "seat 2 (South): pass",
    "seat 3 (East): pass",
    "Your hand: AS KS QH 8H 8C",
    "Your call: 1) pass  2) clubs",
]
DEAL = [
    *HEADER,
    "call> 1",
    "You: pass",
    "seat 1 (West): clubs",
    "Contract: clubs, taken by seat 1 (West).",
    "seat 2 (South) plays 9S",
    "seat 3 (East) plays JS",
    "Trick so far: 2:9S, 3:JS",
    "Your hand (contract clubs; * = legal): 1) TC  2) KC  3) 8C  4) AS*  5) TS*  6) KS*  7) QH  8) 8H",
    "card> 4",
    "You play AS",
    "seat 1 (West) plays QS",
    "Trick 1: 2:9S, 3:JS, 0:AS, 1:QS - won by you (16 points for your team)",
    "You lead.",
    "Your hand (contract clubs; * = legal): 1) TC*  2) KC*  3) 8C*  4) TS*  5) KS*  6) QH*  7) 8H*",
    "card> 5",
    "You play KS",
    "seat 1 (West) plays 7S",
    "seat 2 (South) plays 8S",
    "seat 3 (East) plays AC",
    "Trick 2: 0:KS, 1:7S, 2:8S, 3:AC - won by seat 3 (East) (15 points for them)",
    "seat 3 (East) plays KH",
    "Trick so far: 3:KH",
    "Your hand (contract clubs; * = legal): 1) TC  2) KC  3) 8C  4) TS  5) QH*  6) 8H*",
    "card> 6",
    "You play 8H",
    "seat 1 (West) plays AH",
    "seat 2 (South) plays JH",
    "Trick 3: 3:KH, 0:8H, 1:AH, 2:JH - won by seat 1 (West) (17 points for them)",
    "seat 1 (West) plays 7H",
    "seat 2 (South) plays TH",
    "seat 3 (East) plays 9H",
    "Trick so far: 1:7H, 2:TH, 3:9H",
    "Your hand (contract clubs; * = legal): 1) TC  2) KC  3) 8C  4) TS  5) QH*",
    "card> 5",
    "You play QH",
    "Trick 4: 1:7H, 2:TH, 3:9H, 0:QH - won by seat 2 (South) (13 points for your team)",
    "seat 2 (South) plays JD",
    "seat 3 (East) plays KD",
    "Trick so far: 2:JD, 3:KD",
    "Your hand (contract clubs; * = legal): 1) TC*  2) KC*  3) 8C*  4) TS",
    "card> 1",
    "You play TC",
    "seat 1 (West) plays AD",
    "Trick 5: 2:JD, 3:KD, 0:TC, 1:AD - won by you (27 points for your team)",
    "You lead.",
    "Your hand (contract clubs; * = legal): 1) KC*  2) 8C*  3) TS*",
    "card> 2",
    "You play 8C",
    "seat 1 (West) plays JC",
    "seat 2 (South) plays QC",
    "seat 3 (East) plays 9C",
    "Trick 6: 0:8C, 1:JC, 2:QC, 3:9C - won by seat 1 (West) (37 points for them)",
    "seat 1 (West) plays TD",
    "seat 2 (South) plays 8D",
    "seat 3 (East) plays QD",
    "Trick so far: 1:TD, 2:8D, 3:QD",
    "Your hand (contract clubs; * = legal): 1) KC*  2) TS",
    "card> 1",
    "You play KC",
    "Trick 7: 1:TD, 2:8D, 3:QD, 0:KC - won by you (17 points for your team)",
    "You lead.",
    "Your hand (contract clubs; * = legal): 1) TS*",
    "card> 1",
    "You play TS",
    "seat 1 (West) plays 9D",
    "seat 2 (South) plays 7D",
    "seat 3 (East) plays 7C",
    "Trick 8: 0:TS, 1:9D, 2:7D, 3:7C - won by seat 3 (East) (10 points for them)",
    "Contract clubs by seat 1 (West): made, points 73 - 89",
    "  card points 73 - 79",
    "  last trick 0 - 10",
    "  totals 73 - 89",
    "  scored 73 - 89",
]
ANSWERS = ("1", "4", "5", "6", "5", "1", "2", "1", "1")


@pytest.mark.parametrize("deals", [1, None])
def test_a_whole_deal_and_its_end(install: Install, deals: int | None) -> None:
    table = install(Table(Seat(1)))
    player, out = console(*ANSWERS)
    played = run(seats_game("classic:target=1", deals), player)
    assert lines(out) == [*DEAL, ""]
    assert table.made == [("easy", 12), ("easy", 13), ("easy", 14), ("easy", 15)]
    assert {agents for agents, _ in table.steps} == {("agent 1", "agent 2", "agent 3", "agent 4")}
    first = table.steps[0][1]
    assert first is not None
    assert first.history == ()
    assert all(
        game is not None and game.seed == 3 and game.variant == played.variant for _, game in table.steps
    )
    assert len(played.history) == 1
    assert played.seed == 3
    assert played.winner is not None
    assert played.scores == (73, 89)
    player, out = console()
    show_result(played, Seat(0), player)
    assert lines(out) == [
        "",
        "deal  dealer  contract  taker  outcome   points   scores  carry",
        "----  ------  --------  -----  -------  -------  -------  -----",
        "   1       1  clubs         1  made     73 - 89  73 - 89      0",
        "Winner: team 1 (seats 1 & 3), 73 - 89 after 1 deal.",
        "They win.",
        "",
    ]
    player, out = console()
    show_result(played, Seat(3), player)
    assert lines(out)[-2] == "You win!"


def test_a_passed_out_deal_and_no_winner(install: Install) -> None:
    install(Table(None))
    player, out = console("1", "1")
    played = run(seats_game("classic:target=1", 1), player)
    assert lines(out)[len(HEADER) :] == [
        "call> 1",
        "You: pass",
        "seat 1 (West): pass",
        "seat 2 (South): pass",
        "seat 3 (East): pass",
        "Your hand: AS KS QH 8H 8C",
        "Your call: 1) pass  2) diamonds  3) hearts  4) spades",
        "call> 1",
        "You: pass",
        "seat 1 (West): pass",
        "Everybody passed: the cards are thrown in.",
        "",
    ]
    assert len(played.history) == 1
    assert played.history[0].score is None
    player, out = console()
    show_result(played, Seat(0), player)
    assert lines(out)[-2:] == ["No winner yet after 1 deal: 0 - 0 (target 1).", ""]


def test_the_number_of_deals_asked_is_played(install: Install) -> None:
    install(Table(None))
    player, out = console(*["1"] * 4)
    played = run(seats_game("classic", 2), player)
    assert len(played.history) == 2
    text = lines(out)
    assert text.count("Everybody passed: the cards are thrown in.") == 2
    assert "Deal 2: seat 2 (South) deals. Scores: you 0, them 0." in text


def test_an_interruption_keeps_the_finished_deals(install: Install) -> None:
    table = install(Table(None, KeyboardInterrupt(), stop_at=14))
    player, out = console(*["1"] * 8)
    with pytest.raises(GameStoppedError) as stop:
        run(seats_game("classic", None), player)
    assert (stop.value.why, stop.value.interrupted) == ("interrupted", True)
    assert stop.value.progress is not None
    assert len(stop.value.progress.history) == 2
    assert len(table.steps) == 14
    assert lines(out)[-2:] == ["", ""]
    assert "Deal 3: seat 3 (East) deals. Scores: you 0, them 0." in lines(out)


def test_a_closed_output_stops_the_game(install: Install) -> None:
    install(Table(None, BrokenPipeError(), stop_at=7))
    player, _ = console(*["1"] * 8)
    with pytest.raises(GameStoppedError) as stop:
        run(seats_game("classic", None), player)
    assert (stop.value.why, stop.value.interrupted) == ("the output was closed", False)
    assert stop.value.progress is not None
    assert len(stop.value.progress.history) == 1


def test_the_player_quits_with_the_match_so_far(install: Install) -> None:
    install(Table(None))
    player, _ = console("1", "1", "q")
    with pytest.raises(GameStoppedError) as stop:
        run(seats_game("classic", None), player)
    assert (stop.value.why, stop.value.interrupted) == ("you quit", False)
    assert stop.value.progress is not None
    assert len(stop.value.progress.history) == 1
    assert stop.value.__cause__ is None
    assert stop.value.__suppress_context__


def test_the_carry_held_is_shown(install: Install, monkeypatch: pytest.MonkeyPatch) -> None:
    install(Table(Seat(1)))
    monkeypatch.setattr(
        command, "match", lambda variant, seed: attrs.evolve(match(variant, seed=seed), carry=16)
    )
    player, out = console(*ANSWERS)
    run(seats_game("classic:target=1", 1), player)
    text = lines(out)
    assert text[3] == "Deal 1: seat 1 (West) deals. Scores: you 0, them 0, 16 held."
    assert text[-7:-1] == [
        "Contract clubs by seat 1 (West): made, points 73 - 105",
        "  card points 73 - 79",
        "  last trick 0 - 10",
        "  totals 73 - 89",
        "  scored 73 - 89",
        "  carry paid 0 - 16",
    ]


def test_a_variant_without_a_turned_card_and_the_human_elsewhere(install: Install) -> None:
    install(Table(None))
    player, out = console("1")
    run(seats_game("bulgarian", 1, human=2), player)
    text = lines(out)
    assert text[0] == (
        "bulgarian, to 151: you are seat 2 (South), your partner is seat 0 (North); three easy AI "
        "players; seed 3."
    )
    assert text[3] == "Deal 1: seat 1 (West) deals. Scores: you 0, them 0."
    assert not any(line.startswith("Turned card") for line in text)
