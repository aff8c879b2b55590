"""Exact tests of ``belote analyze`` (``belote.cli.analyze``): its options' bounds and messages,
the rounds it picks from a round or match record (and why it refuses one), the ``--from-trick``
beyond the cards of a round stopped in its play, the arguments it hands to the solver's
analysis, and its table, totals, mistakes and JSON, line by line.

The command's own tests run it in a subprocess and the exact solver is slow; here the records
are tiny files in ``tmp_path`` and :func:`belote.analysis.analyze` is replaced by a spy that
records its arguments and returns a hand-built :class:`~belote.analysis.Analysis`, so every
test runs in milliseconds and a changed bound, message or column fails it.
"""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import attrs
import pytest

from belote import CLASSIC, COINCHE, Phase, RoundState, Seat, Trump, deal, match
from belote.analysis import Analysis, PlayReview
from belote.bidding import Contract, Pass
from belote.cards import Card, CardSet
from belote.cli import analyze as command
from belote.cli._parser import UsageError, build_parser
from belote.match import Match
from belote.records import dumps
from belote.round import bid, legal_bids, legal_moves, play

Call = tuple[RoundState, int, int | None]


def card(text: str) -> Card:
    return Card.parse(text)


def review(
    number: int,
    seat: int,
    played: str,
    points: int,
    margin: int,
    best: str,
    best_points: int,
    best_margin: int,
) -> PlayReview:
    return PlayReview(
        number=number,
        seat=Seat(seat),
        card=card(played),
        points=points,
        margin=margin,
        best=tuple(card(text) for text in best.split()),
        best_points=best_points,
        best_margin=best_margin,
        hands=(CardSet.parse("AS TS"), CardSet.parse("KH"), CardSet(0), CardSet.parse("7C")),
        table=tuple(card(text) for text in ("9D JD")[: 0 if number % 4 == 0 else 5].split()),
    )


PLAYS = (
    review(0, 1, "AS", 80, 20, "AS", 80, 20),
    review(1, 2, "7H", 70, 10, "8H 9H", 75, 16),
    review(5, 2, "KD", 50, -4, "AD", 60, 16),
    review(6, 3, "JC", 40, 0, "QC", 40, 10),
)
ANALYSIS = Analysis(contract=Contract(Seat(1), Trump.HEARTS), plays=PLAYS)


@pytest.fixture
def solved(monkeypatch: pytest.MonkeyPatch) -> list[Call]:
    """The solver's analysis replaced: each call's (state, start, threads) recorded, and
    :data:`ANALYSIS` given back."""
    calls: list[Call] = []

    def spy(state: RoundState, *, start: int = 0, threads: int | None = None) -> Analysis:
        calls.append((state, start, threads))
        return ANALYSIS

    monkeypatch.setattr(command, "analyze", spy)
    return calls


def played_out(state: RoundState, cards: int = 32) -> RoundState:
    """``state`` with its first legal bid taken (if bidding) and ``cards`` first legal cards played."""
    if state.phase is Phase.BIDDING:
        state = bid(state, legal_bids(state)[1])
    for _ in range(cards):
        if state.phase is not Phase.PLAYING:
            break
        state = play(state, next(iter(legal_moves(state))))
    return state


def passed_out(state: RoundState) -> RoundState:
    while state.phase is Phase.BIDDING:
        state = bid(state, Pass())
    return state


def three_deals() -> Match:
    """A classic match: deal 1 passed out, deals 2 and 3 played out."""
    game = match(CLASSIC, seed=5)
    game = game.record(passed_out(game.deal()))
    game = game.record(played_out(game.deal()))
    return game.record(played_out(game.deal()))


def write(tmp_path: Path, game: RoundState | Match) -> str:
    path = tmp_path / "game.json"
    path.write_text(dumps(game), encoding="utf-8")
    return str(path)


def options(*args: str) -> argparse.Namespace:
    return build_parser().parse_args(["analyze", *args])


def run(*args: str) -> tuple[int, str, str]:
    stdout, stderr = io.StringIO(), io.StringIO()
    code = command.run(options(*args), stdout, stderr)
    return code, stdout.getvalue(), stderr.getvalue()


def refusal(*args: str) -> str:
    with pytest.raises(UsageError) as caught:
        run(*args)
    return str(caught.value)


ROUND = played_out(deal(CLASSIC, dealer=Seat(0), seed=4))


# -- options -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("trick", ["0", "9", "-1"])
def test_from_trick_must_be_1_to_8(tmp_path: Path, trick: str) -> None:
    assert refusal(write(tmp_path, ROUND), "--from-trick", trick) == (
        f"belote analyze: error: --from-trick must be 1..8, got {trick}"
    )


@pytest.mark.parametrize(("trick", "start"), [("1", 0), ("2", 4), ("8", 28)])
def test_from_trick_gives_the_first_card_judged(
    tmp_path: Path, solved: list[Call], trick: str, start: int
) -> None:
    assert run(write(tmp_path, ROUND), "--from-trick", trick)[0] == 0
    assert solved == [(ROUND, start, None)]


def test_top_must_be_at_least_0(tmp_path: Path, solved: list[Call]) -> None:
    name = write(tmp_path, ROUND)
    assert refusal(name, "--top", "-1") == "belote analyze: error: --top must be at least 0, got -1"
    assert run(name, "--top", "0")[0] == 0


def test_threads_must_be_at_least_1(tmp_path: Path, solved: list[Call]) -> None:
    name = write(tmp_path, ROUND)
    assert refusal(name, "--threads", "0") == "belote analyze: error: --threads must be at least 1, got 0"
    assert run(name, "--threads", "1")[0] == 0
    assert run(name, "--threads", "3")[0] == 0
    assert [threads for _, _, threads in solved] == [1, 3]


def test_an_unreadable_file(tmp_path: Path) -> None:
    missing = tmp_path / "none.json"
    assert refusal(str(missing)) == f"belote analyze: error: cannot read {missing}: No such file or directory"


def test_an_invalid_record(tmp_path: Path, solved: list[Call]) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    code, out, err = run(str(path))
    assert (code, out) == (1, "")
    assert err.startswith(f"belote analyze: invalid record {path}: ")
    assert "not valid JSON" in err
    assert err.endswith("\n")
    assert err.count("\n") == 1
    assert solved == []


# -- the rounds analyzed -------------------------------------------------------------------------------


def test_a_round_record(tmp_path: Path, solved: list[Call]) -> None:
    name = write(tmp_path, ROUND)
    assert run(name, "--round", "1")[0] == 0
    assert solved == [(ROUND, 0, None)]
    assert refusal(name, "--round", "2") == "belote analyze: error: --round 2: a round record holds one round"
    assert refusal(name, "--round", "0") == "belote analyze: error: --round 0: a round record holds one round"


def test_a_round_that_had_no_card_play(tmp_path: Path) -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=4)
    assert refusal(write(tmp_path, passed_out(state))) == (
        "belote analyze: error: the deal was passed out (thrown in): no card was played"
    )
    assert refusal(write(tmp_path, state)) == (
        "belote analyze: error: the round is still in its bidding: no card was played"
    )


def test_every_played_deal_of_a_match(tmp_path: Path, solved: list[Call]) -> None:
    game = three_deals()
    code, out, _ = run(write(tmp_path, game), "--from-trick", "3")
    assert code == 0
    assert solved == [(game.history[1].round, 8, None), (game.history[2].round, 8, None)]
    assert out.startswith("Deal 2: hearts taken by seat 1 (West)\n")
    assert "\nDeal 3: hearts taken by seat 1 (West)\n" in out


def test_one_deal_of_a_match(tmp_path: Path, solved: list[Call]) -> None:
    game = three_deals()
    name = write(tmp_path, game)
    run(name, "--round", "3")
    assert solved == [(game.history[2].round, 0, None)]
    assert refusal(name, "--round", "1") == (
        "belote analyze: error: --round 1: deal 1 was passed out (thrown in): no card was played"
    )
    assert refusal(name, "--round", "4") == (
        "belote analyze: error: --round 4: no played deal 4 in this match (3 deals)"
    )
    assert refusal(name, "--round", "0") == (
        "belote analyze: error: --round 0: no played deal 0 in this match (3 deals)"
    )


def test_a_deal_of_a_match_without_its_round() -> None:
    game = three_deals()
    history = (*game.history[:2], attrs.evolve(game.history[2], round=None))
    bare = attrs.evolve(game, history=history)
    with pytest.raises(UsageError) as caught:
        command._rounds(bare, 3)
    assert (
        str(caught.value) == "belote analyze: error: --round 3: deal 3 was not played out: no card to judge"
    )
    assert command._rounds(bare, None) == [(2, game.history[1].round)]
    one = attrs.evolve(game, history=game.history[:1])
    assert command._why_not_played(one, 2) == "no played deal 2 in this match (1 deal)"


def test_a_match_entry_whose_round_did_not_finish() -> None:
    game = three_deals()
    entry = game.history[1]
    assert entry.round is not None
    unfinished = attrs.evolve(entry, round=played_out(deal(CLASSIC, dealer=Seat(0), seed=4), 5))
    nobody = attrs.evolve(entry, round=passed_out(deal(CLASSIC, dealer=Seat(0), seed=4)))
    bare = attrs.evolve(game, history=(unfinished, nobody, game.history[2]))
    assert command._rounds(bare, None) == [(3, game.history[2].round)]


def test_a_match_without_a_played_deal(tmp_path: Path, solved: list[Call]) -> None:
    game = match(CLASSIC, seed=5)
    game = game.record(passed_out(game.deal()))
    assert run(write(tmp_path, game)) == (
        0,
        "No deal of this match was played out: nothing to analyze.\n",
        "",
    )
    assert run(write(tmp_path, game), "--json") == (0, '{\n  "rounds": []\n}\n', "")
    assert solved == []


# -- a round stopped in its play ----------------------------------------------------------------------


@pytest.mark.parametrize(("cards", "trick"), [(4, "2"), (1, "2"), (8, "3"), (28, "8")])
def test_from_trick_beyond_the_cards_played(tmp_path: Path, cards: int, trick: str) -> None:
    state = played_out(deal(CLASSIC, dealer=Seat(0), seed=4), cards)
    counted = "1 card" if cards == 1 else f"{cards} cards"
    assert refusal(write(tmp_path, state), "--from-trick", trick) == (
        f"belote analyze: error: --from-trick {trick}: no card from trick {trick} on, "
        f"the record stops after {counted} played"
    )


@pytest.mark.parametrize(("cards", "trick", "start"), [(5, "2", 4), (1, "1", 0), (29, "8", 28), (9, "3", 8)])
def test_from_trick_within_the_cards_played(
    tmp_path: Path, solved: list[Call], cards: int, trick: str, start: int
) -> None:
    state = played_out(deal(CLASSIC, dealer=Seat(0), seed=4), cards)
    assert run(write(tmp_path, state), "--from-trick", trick)[0] == 0
    assert solved == [(state, start, None)]


def test_a_round_before_its_first_lead(tmp_path: Path) -> None:
    state = played_out(deal(CLASSIC, dealer=Seat(0), seed=4), 0)
    assert state.phase is Phase.PLAYING
    assert refusal(write(tmp_path, state)) == (
        "belote analyze: error: no card was played: the record stops before the first lead"
    )


def test_the_check_skips_finished_rounds() -> None:
    command._check_from_trick([(1, ROUND)], 8)


# -- the table -------------------------------------------------------------------------------------


TABLE = [
    "Deal 1: hearts taken by seat 1 (West)",
    "",
    "card  trick  seat            played points  best         best pts  loss  margin",
    "   1      1  seat 1 (West)   AS         80  AS                 80     0       0",
    "   2      1  seat 2 (South)  7H         70  8H 9H              75     5       6  <-",
    "   6      2  seat 2 (South)  KD         50  AD                 60    10      20  <-",
    "   7      2  seat 3 (East)   JC         40  QC                 40     0      10  <-",
    "",
    "Points lost per seat (acting team's points against the best card, best play after),",
    "and margin lost (the other team's gain counted too, a capot bonus included):",
    "  seat 0 (North): 0, margin 0 (0 cards not best)",
    "  seat 1 (West): 0, margin 0 (0 cards not best)",
    "  seat 2 (South): 15, margin 26 (2 cards not best)",
    "  seat 3 (East): 0, margin 10 (1 card not best)",
]
MISTAKES = [
    "",
    "Biggest mistakes:",
    "  trick 2, seat 2 (South) played KD: 10 points lost, margin 20 (best AD)",
    "    hands 0: AS TS, 1: KH, 2: -, 3: 7C; on the table: 9D JD",
    "  trick 1, seat 3 (East) played JC: 0 points lost, margin 10 (best QC)",
    "    hands 0: AS TS, 1: KH, 2: -, 3: 7C; on the table: 9D JD",
]


def test_the_table_and_the_biggest_mistakes(tmp_path: Path, solved: list[Call]) -> None:
    code, out, err = run(write(tmp_path, ROUND), "--top", "2")
    assert (code, err) == (0, "")
    assert out.split("\n") == [
        *TABLE,
        "",
        "Biggest mistakes:",
        "  trick 2, seat 2 (South) played KD: 10 points lost, margin 20 (best AD)",
        "    hands 0: AS TS, 1: KH, 2: -, 3: 7C; on the table: 9D JD",
        "  trick 2, seat 3 (East) played JC: 0 points lost, margin 10 (best QC)",
        "    hands 0: AS TS, 1: KH, 2: -, 3: 7C; on the table: 9D JD",
        "",
        "",
    ]


def test_top_0_lists_no_mistake_and_claims_none(tmp_path: Path, solved: list[Call]) -> None:
    assert run(write(tmp_path, ROUND), "--top", "0")[1].split("\n") == [*TABLE, "", ""]


def test_a_mistake_at_a_lead_and_of_one_point() -> None:
    lead = review(8, 0, "AS", 79, 0, "TS", 80, 1)
    lines = command._mistake(lead)
    assert lines == [
        "  trick 3, seat 0 (North) played AS: 1 point lost, margin 1 (best TS)",
        "    hands 0: AS TS, 1: KH, 2: -, 3: 7C; on the table: -",
    ]


def test_no_mistake_at_all() -> None:
    best = Analysis(contract=Contract(Seat(0), Trump.SPADES), plays=(PLAYS[0],))
    assert command._table(1, best, 5, CLASSIC)[-3:] == [
        "",
        "No mistake: every card played was a best card.",
        "",
    ]


def test_no_play_and_no_contract() -> None:
    assert command._table(4, Analysis(contract=None, plays=()), 5, CLASSIC) == [
        "Deal 4",
        "",
        "card  trick  seat            played points  best         best pts  loss  margin",
        "",
        "Points lost per seat (acting team's points against the best card, best play after),",
        "and margin lost (the other team's gain counted too, a capot bonus included):",
        "  seat 0 (North): 0, margin 0 (0 cards not best)",
        "  seat 1 (West): 0, margin 0 (0 cards not best)",
        "  seat 2 (South): 0, margin 0 (0 cards not best)",
        "  seat 3 (East): 0, margin 0 (0 cards not best)",
        "",
    ]


def test_a_wide_best_column_and_the_contract_in_the_variant() -> None:
    wide = review(0, 0, "AS", 0, 0, "7S 8S 9S JS QS", 0, 0)
    coinched = Contract(Seat(3), Trump.SPADES, multiplier=2, bid=100)
    lines = command._table(1, Analysis(contract=coinched, plays=(wide,)), 5, COINCHE)
    assert lines[:4] == [
        "Deal 1: 100 spades x2 taken by seat 3 (East)",
        "",
        "card  trick  seat            played points  best           best pts  loss  margin",
        "   1      1  seat 0 (North)  AS          0  7S 8S 9S JS QS        0     0       0",
    ]
    twelve = review(0, 0, "AS", 0, 0, "7S 8S 9S JS", 0, 0)
    assert len(command._cards(twelve.best)) == 11
    assert command._table(1, Analysis(contract=None, plays=(twelve,)), 5, CLASSIC)[3] == (
        "   1      1  seat 0 (North)  AS          0  7S 8S 9S JS         0     0       0"
    )


def test_cards_text() -> None:
    assert command._cards(()) == "-"
    assert command._cards((card("AS"), card("7H"))) == "AS 7H"


# -- JSON --------------------------------------------------------------------------------------------


def test_json_gives_the_analysis_and_the_top_mistakes(tmp_path: Path, solved: list[Call]) -> None:
    code, out, err = run(write(tmp_path, ROUND), "--json", "--top", "1")
    assert (code, err) == (0, "")
    assert out.endswith("}\n")
    assert out.startswith('{\n  "rounds": [\n    {\n      "deal": 1,\n')
    data = json.loads(out)
    assert data == {"rounds": [{"deal": 1, **ANALYSIS.to_json(), "mistakes": [PLAYS[2].to_json()]}]}
    assert command._mistakes_json(ANALYSIS, 2) == [PLAYS[2].to_json(), PLAYS[3].to_json()]
    assert command._mistakes_json(ANALYSIS, 0) == []


def test_json_of_several_deals(tmp_path: Path, solved: list[Call]) -> None:
    data = json.loads(run(write(tmp_path, three_deals()), "--json")[1])
    assert [entry["deal"] for entry in data["rounds"]] == [2, 3]
    assert data["rounds"][0]["mistakes"] == [review.to_json() for review in (PLAYS[2], PLAYS[3], PLAYS[1])]


def test_the_options() -> None:
    assert command.__all__ == ["add_arguments", "run"]
    assert command._PROG == "belote analyze"
