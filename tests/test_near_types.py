"""Values that are almost the documented type: taken by their value, or refused.

An int enum member is an int, but it formats as its name (``f"{Trump.SPADES}"`` is
``"spades"``): a seed or a count kept as given derived other seeds, deals and texts than the same
number, silently. A bool compares equal to 0 or 1 and a float to an int, so an enum lookup found a
member for them where the library takes ints only. Each entry point below must either take such a
value as the plain number it equals (the same results, reprs and texts) or refuse it with the
library's error. Also here: what a refused call leaves behind (nothing) and how results print.
"""

from __future__ import annotations

import numbers
import os
import pickle
import threading
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from belote import (
    BULGARIAN,
    CLASSIC,
    Bid,
    Card,
    CardSet,
    Contract,
    Declaration,
    HardAgent,
    NotationError,
    Seat,
    Tally,
    Team,
    TournamentError,
    Trump,
    deal,
    match,
    observe,
    play_round,
    tournament,
    trick_winner,
)
from belote.errors import BeloteError
from belote.notation import format_round, parse_round
from belote.positions import position
from belote.records import dumps, loads
from belote.selfplay import selfplay
from belote.stats import RunningMean


class Shouting(str):
    """A text whose ``str()`` is not its characters."""

    def __str__(self) -> str:
        return self.upper()


def test_an_enum_seed_deals_as_its_number() -> None:
    by_enum, by_int = match(CLASSIC, seed=Trump.ALL_TRUMPS), match(CLASSIC, seed=5)
    assert by_enum == by_int
    assert type(by_enum.seed) is int
    assert by_enum.first_dealer == by_int.first_dealer
    assert by_enum.deal() == by_int.deal()
    assert loads(dumps(by_enum)).deal() == by_int.deal()
    texts = match(CLASSIC, seed=Shouting("seed")), match(CLASSIC, seed="seed")
    assert texts[0].deal_seed() == texts[1].deal_seed() == "seed/0"
    assert deal(CLASSIC, dealer=Seat(0), seed=Seat.EAST) == deal(CLASSIC, dealer=Seat(0), seed=3)


def test_an_enum_seed_plays_the_tournament_of_its_number(tmp_path: Path) -> None:
    by_enum = tournament(("easy", "normal"), games=2, deals=True, seed=Trump.SPADES)
    by_int = tournament(("easy", "normal"), games=2, deals=True, seed=3)
    assert (by_enum.points, by_enum.seed, repr(by_enum.seed)) == (by_int.points, 3, "3")
    written = selfplay(tmp_path, games=1, deals=True, players=("easy", "easy"), seed=Trump.SPADES)
    assert [path.name for path in written] == ["selfplay-s3-000000000-000000000.jsonl.gz"]


def test_an_enum_seed_makes_the_agent_of_its_number() -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=11)
    view = observe(state, state.to_act)
    by_enum, by_int = HardAgent(seed=Seat.EAST, samples=4), HardAgent(seed=3, samples=4)
    assert repr(by_enum) == repr(by_int)
    assert by_enum.choose_call(view) == by_int.choose_call(view)
    game = [HardAgent(seed=Seat.EAST, samples=2)] * 4
    same = [HardAgent(seed=3, samples=2)] * 4
    assert dumps(play_round(CLASSIC, game, seed=11)) == dumps(play_round(CLASSIC, same, seed=11))


def test_ints_of_a_subclass_are_kept_as_plain_ints() -> None:
    contract = Contract(Seat(1), Trump.HEARTS, multiplier=Seat.SOUTH)
    assert type(contract.multiplier) is int
    assert contract == Contract(Seat(1), Trump.HEARTS, multiplier=2)
    assert repr(contract) == "Contract(Seat.WEST, Trump.HEARTS, multiplier=2)"
    hands = [CardSet.of(Card.from_index(seat * 8 + i) for i in range(8)) for seat in range(4)]
    state = position(BULGARIAN, dealer=Seat(0), hands=hands, contract=contract)
    assert parse_round(format_round(state)) == state
    assert type(CardSet(Trump.SPADES).mask) is int
    assert type(Bid(Trump.HEARTS, Seat.SOUTH * 40).value) is int


@pytest.mark.parametrize(
    "make",
    [
        lambda: Card(True, 0),
        lambda: Card(2.0, 0),
        lambda: Card(0, 1.0),
        lambda: Card.from_index(True),
        lambda: Bid(True),
        lambda: Bid(1.0),
        lambda: Declaration(True, CardSet.parse("KS QS JS")),
        lambda: Declaration(1.0, CardSet.parse("KS QS JS")),
        lambda: Tally((60, 102), (2, 2, 2, 2), last_trick=1.0),
        lambda: Tally((60, 102), (2, 2, 2, 2), last_trick=True),
        lambda: Tally((60, 102), (2, 2, 2, 2), last_trick=Seat(0), belotes=[True]),
        lambda: Tally.from_totals((60, 102), trump=2.0, last_trick=Team(0)),
        lambda: trick_winner([(0.0, Card.parse("JH")), (Seat(1), Card.parse("AS"))], trump=Trump.SPADES),
        lambda: trick_winner([(Seat(0), Card.parse("JH")), (True, Card.parse("AS"))], trump=Trump.SPADES),
        lambda: trick_winner([(Seat(0), Card.parse("JH")), (Seat(1), Card.parse("AS"))], trump=True),
        lambda: CardSet.of_suit(True),
        lambda: CardSet.full().suit(2.0),
        lambda: Trump.of_suit(True),
        lambda: Card(Decimal(1), 0),
        lambda: Card(Fraction(1), 0),
    ],
)
def test_a_bool_or_a_float_is_no_int(make: Any) -> None:
    with pytest.raises(BeloteError):
        make()


class OtherInteger:
    """An integer of another library (as numpy's are): an ``Integral``, not an ``int``."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __int__(self) -> int:
        return self.value

    def __index__(self) -> int:
        return self.value

    def __eq__(self, other: object) -> bool:
        return other == self.value

    def __hash__(self) -> int:
        return hash(self.value)


numbers.Integral.register(OtherInteger)


def test_an_integer_of_another_library_is_taken_by_its_value() -> None:
    assert Card(OtherInteger(1), OtherInteger(0)) == Card.parse("8C")
    assert CardSet.of_suit(OtherInteger(2)) == CardSet.of_suit(2)
    assert Trump.of_suit(OtherInteger(2)) is Trump.HEARTS


def test_the_same_calls_with_ints_are_taken() -> None:
    assert Card(1, 0) == Card.parse("8C")
    assert Card.from_index(1) == Card.parse("8C")
    assert Bid(1) == Bid(Trump.DIAMONDS)
    assert Tally((60, 102), (2, 2, 2, 2), last_trick=1).last_trick is Seat(1)
    trick = [(Seat(0), Card.parse("JH")), (Seat(1), Card.parse("AS"))]
    assert trick_winner([(0, Card.parse("JH")), (1, Card.parse("AS"))], trump=Trump.SPADES) is Seat(1)
    assert trick_winner(trick, trump=3) is Seat(1)


def test_a_running_mean_pickles_under_every_protocol() -> None:
    running = RunningMean()
    for value in (1, 3, 8):
        running.add(value)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(running, protocol))
        assert (back.count, back.mean, back.interval(low=0, high=10)) == (
            running.count,
            running.mean,
            running.interval(low=0, high=10),
        )


def test_a_result_prints_the_count_of_its_records() -> None:
    results: list[Any] = []
    tournament(("easy", "easy"), games=1, deals=True, records=True, on_game=results.append)
    text = repr(results[0])
    assert text.endswith(", records=1)")
    assert len(text) < 300


def test_a_play_review_prints_its_seat_as_an_expression() -> None:
    from belote.analysis import PlayReview

    review = PlayReview(
        number=3,
        seat=Seat(3),
        card=Card.parse("AS"),
        points=80,
        margin=10,
        best=(Card.parse("AS"),),
        best_points=80,
        best_margin=10,
        hands=(CardSet(0),) * 4,
        table=(),
    )
    assert "seat=Seat.EAST, card=Card.parse('AS')" in repr(review)


def _broken_factory(seed: int) -> Any:
    raise RuntimeError("no agent today")


def test_a_tournament_that_fails_before_its_first_game_leaves_its_output_as_it_was(tmp_path: Path) -> None:
    kept = tmp_path / "kept.jsonl"
    kept.write_text("precious\n", encoding="utf-8")
    with pytest.raises(RuntimeError, match="no agent today"):
        tournament((_broken_factory, "easy"), games=1, deals=True, output=kept)
    assert kept.read_text(encoding="utf-8") == "precious\n"
    new = tmp_path / "new.jsonl"
    with pytest.raises(RuntimeError, match="no agent today"):
        tournament((_broken_factory, "easy"), games=1, deals=True, output=new)
    assert not new.exists()
    with pytest.raises(TournamentError):  # a path that cannot be written is refused before any game
        tournament(("easy", "easy"), games=1, deals=True, output=tmp_path / "missing" / "out.jsonl")
    tournament(("easy", "easy"), games=1, deals=True, output=kept)
    assert kept.read_text(encoding="utf-8").startswith('{"index": 0')


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX's")
def test_a_tournament_writes_to_a_named_pipe(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    read: list[str] = []
    reader = threading.Thread(target=lambda: read.append(pipe.read_text(encoding="utf-8")))
    reader.start()
    tournament(("easy", "easy"), games=2, deals=True, output=pipe)
    reader.join(timeout=60)
    assert not reader.is_alive()
    assert len(read[0].splitlines()) == 2


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="symbolic links")
def test_a_failing_tournament_leaves_a_dangling_link_as_it_was(tmp_path: Path) -> None:
    link = tmp_path / "link.jsonl"
    link.symlink_to(tmp_path / "target.jsonl")
    with pytest.raises(RuntimeError, match="no agent today"):
        tournament((_broken_factory, "easy"), games=1, deals=True, output=link)
    assert link.is_symlink()
    assert not (tmp_path / "target.jsonl").exists()
    tournament(("easy", "easy"), games=1, deals=True, output=link)
    assert (tmp_path / "target.jsonl").read_text(encoding="utf-8").startswith('{"index": 0')


def test_a_selfplay_that_fails_before_its_first_shard_leaves_no_run(tmp_path: Path) -> None:
    folder = tmp_path / "deep" / "run"
    with pytest.raises(RuntimeError, match="no agent today"):
        selfplay(folder, games=2, deals=True, players=(_broken_factory, "easy"))
    assert not (tmp_path / "deep").exists()
    existing = tmp_path / "existing"
    existing.mkdir()
    (existing / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(RuntimeError, match="no agent today"):
        selfplay(existing, games=2, deals=True, players=(_broken_factory, "easy"))
    assert sorted(os.listdir(existing)) == ["notes.txt"]
    written = selfplay(existing, games=2, deals=True, players=("easy", "easy"))
    assert all(path.exists() for path in written)


def test_notation_error_is_the_refusal_of_a_bool_card_number() -> None:
    with pytest.raises(NotationError, match="True is not a card number"):
        Card.from_index(True)


OLDER_PICKLES = [
    b"\x80\x02cbelote.stats\nRunningMean\nq\x00)\x81q\x01N}q\x02(X\x03\x00\x00\x00_m2q\x03G@\x00\x00\x00\x00"
    b"\x00\x00\x00X\x05\x00\x00\x00countq\x04K\x02X\x04\x00\x00\x00meanq\x05G@\x00\x00\x00\x00\x00\x00\x00u"
    b"\x86q\x06b.",
    b"\x80\x05\x95T\x00\x00\x00\x00\x00\x00\x00\x8c\x0cbelote.stats\x94\x8c\x0bRunningMean\x94\x93\x94)\x81"
    b"\x94N}\x94(\x8c\x03_m2\x94G@\x00\x00\x00\x00\x00\x00\x00\x8c\x05count\x94K\x02\x8c\x04mean\x94G@\x00"
    b"\x00\x00\x00\x00\x00\x00u\x86\x94b.",
]
"""A running mean of 1 and 3 pickled by the previous release (protocols 2 and 5), its slots by name."""


@pytest.mark.parametrize("data", OLDER_PICKLES)
def test_a_running_mean_pickled_by_the_previous_release_loads(data: bytes) -> None:
    running = pickle.loads(data)
    assert (running.count, running.mean) == (2, 2.0)
    running.add(5)
    assert (running.count, running.mean) == (3, 3.0)


IMPOSSIBLE = {
    "hand": "7D 8D 9D TD 7C 8C 9C TC",
    "dealer": 0,
    "turned": "JH",
    "contract": Contract(Seat(1), Trump.HEARTS),
    "plays": "AS 7D QD KD  KS",
}
"""South's view after West led two spades: East and North did not follow the first (East need not
trump: its partner West was master; North had to, so holds no heart either), so the six spades
left can only be West's, which has five places left (six cards, one of them the turned JH)."""


def test_a_view_no_deal_fits_gets_the_normal_card_from_the_searching_players() -> None:
    from belote import CLASSIC, ExpertAgent, NormalAgent, seat_view
    from belote.agents.inference import NoDealFitsError, infer

    view = seat_view(CLASSIC, 2, **IMPOSSIBLE)  # each seat's own plays fit: taken
    with pytest.raises(NoDealFitsError, match="6 hidden cards can only be in seat 1's hand, which holds 5"):
        HardAgent(seed=1).evaluate(view)
    assert infer(view) is not None  # the beliefs themselves are read; only dealing fails
    normal = NormalAgent(seed=1).choose_play(view)
    assert HardAgent(seed=1).choose_play(view) == normal
    assert ExpertAgent(seed=1, samples=4).choose_play(view) == normal
    assert normal.card in view.legal_cards


@pytest.mark.parametrize("entry", [(3.0, "8H"), (True, "8H"), "xx", (Seat(3),)])
def test_every_entry_of_a_trick_is_refused_alike(entry: Any) -> None:
    if isinstance(entry, tuple) and len(entry) == 2:
        entry = (entry[0], Card.parse(entry[1]))
    trick = [(Seat(0), Card.parse("JH")), (Seat(1), Card.parse("AS")), (Seat(2), Card.parse("7H"))]
    with pytest.raises(BeloteError, match=r"trick entries must be \(Seat, Card\) pairs"):
        trick_winner([*trick, entry], trump=Trump.SPADES)
    with pytest.raises(BeloteError, match=r"trick entries must be \(Seat, Card\) pairs"):
        trick_winner([trick[0], entry], trump=Trump.SPADES)
