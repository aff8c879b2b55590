"""benchmarks/reading_accuracy.py: the count of cards placed right, the configurations and the
report (the script screens changes to the searching players' reading, so it is tested here)."""

from __future__ import annotations

import doctest
import sys
from pathlib import Path

import pytest

_BENCHMARKS = str(Path(__file__).resolve().parent.parent / "benchmarks")
if _BENCHMARKS not in sys.path:
    sys.path.insert(0, _BENCHMARKS)

import reading_accuracy as ra  # noqa: E402

from belote import CLASSIC, Seat, bid, deal, legal_bids, legal_moves, observe, play  # noqa: E402
from belote.agents.auction_reading import auction_evidence  # noqa: E402
from belote.agents.reading import PlayEvidence  # noqa: E402
from belote.errors import BeloteError  # noqa: E402


def test_the_docstring_examples() -> None:
    assert doctest.testmod(ra).failed == 0


@pytest.mark.parametrize(
    ("text", "reading"),
    [
        ("32:0.02", ra.Reading(32, 0.02, True)),
        ("1:0", ra.Reading(1, 0.0, True)),
        ("128:1:opponents", ra.Reading(128, 1.0, False)),
        ("32:0.02:auction=0.2", ra.Reading(32, 0.02, True, 0.2)),
        ("64:0.1:opponents:auction=1", ra.Reading(64, 0.1, False, 1.0)),
    ],
)
def test_readings_parse_and_print_back(text: str, reading: ra.Reading) -> None:
    assert ra.parse_reading(text) == reading
    assert ra.parse_reading(str(reading)) == reading


@pytest.mark.parametrize(
    "text",
    [
        "32",
        "32:0.02:partner",
        "x:0.02",
        "32:y",
        "1:2:3:4",
        "2.5:0.1",
        "32:0.02:auction=x",
        "32:0.02:auction=",
        "32:0.02:auction=0.2:opponents",
        "32:0.02:auction=0.1:auction=0.2",
        "32:0.02:opponents:opponents",
    ],
)
def test_readings_not_written_so_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="a reading"):
        ra.parse_reading(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0:0.02", "draws >= 1"),
        ("32:1.5", "from 0 to 1"),
        ("32:0.02:auction=0", "above 0 and at most 1"),
        ("32:0.02:auction=1.5", "above 0 and at most 1"),
    ],
)
def test_readings_the_players_refuse_are_refused(text: str, message: str) -> None:
    with pytest.raises(BeloteError, match=message):
        ra.parse_reading(text)


def _seen(cards_played: int) -> ra.Seen:
    state = deal(CLASSIC, dealer=Seat(0), seed=7)
    state = bid(state, legal_bids(state)[-1])
    for _ in range(cards_played):
        state = play(state, next(iter(legal_moves(state))))
    hands, seat = state.hands, state.to_act
    assert seat is not None
    return ra.Seen(observe(state, seat), (hands[0].mask, hands[1].mask, hands[2].mask, hands[3].mask))


def test_a_true_reading_places_every_card_and_a_swapped_one_none(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _seen(9)
    me = int(seen.view.seat)
    partner = (me + 2) % 4
    true = seen.hands
    monkeypatch.setattr(ra, "read_sample", lambda *args, **kwargs: true)
    right = ra.placed(seen, ra.Reading(32, 0.02), 3, "k")
    unseen = [true[seat].bit_count() for seat in range(4)]
    assert right == ra.Placed(
        3 * unseen[partner], 3 * unseen[partner], right.opponents, right.opponents_cards
    )
    assert right.opponents == right.opponents_cards == 3 * (sum(unseen) - unseen[me] - unseen[partner])
    assert right.share == 1.0
    # the partner's and an opponent's hands swapped (same sizes: both hold the same count here)
    opponent = (me + 1) % 4
    assert unseen[opponent] == unseen[partner]
    swapped = list(true)
    swapped[partner], swapped[opponent] = true[opponent], true[partner]
    monkeypatch.setattr(ra, "read_sample", lambda *args, **kwargs: tuple(swapped))
    wrong = ra.placed(seen, ra.Reading(32, 0.02), 2, "k")
    assert wrong.partner == 0
    assert wrong.opponents == 2 * unseen[(me + 3) % 4]
    assert wrong.share == pytest.approx(unseen[(me + 3) % 4] / (sum(unseen) - unseen[me]))


def test_the_partner_left_unread_is_not_weighed(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _seen(12)
    partner = (int(seen.view.seat) + 2) % 4
    read: list[set[int]] = []

    def record(beliefs: object, evidence: PlayEvidence, *args: object, **kwargs: object) -> tuple[int, ...]:
        read.append({play.seat for play in evidence.plays})
        return seen.hands

    monkeypatch.setattr(ra, "read_sample", record)
    ra.placed(seen, ra.Reading(32, 0.02), 1, "k")
    ra.placed(seen, ra.Reading(32, 0.02, partner=False), 1, "k")
    assert partner in read[0]
    assert partner not in read[1]
    assert read[1] == read[0] - {partner}


def test_the_auction_is_read_only_with_an_auction_weight(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _seen(12)
    read: list[tuple[object, object]] = []

    def record(*args: object, **kwargs: object) -> tuple[int, ...]:
        read.append((kwargs.get("auction"), kwargs.get("auction_weight")))
        return seen.hands

    monkeypatch.setattr(ra, "read_sample", record)
    ra.placed(seen, ra.Reading(32, 0.02), 1, "k")
    ra.placed(seen, ra.Reading(32, 0.02, auction=0.3), 1, "k")
    assert read[0] == (None, None)
    assert read[1] == (auction_evidence(seen.view), 0.3)
    assert read[1][0] is not None


def test_the_measure_is_repeatable() -> None:
    views = [_seen(played) for played in (12, 16, 20)]
    readings = [ra.Reading(32, 0.02), ra.Reading(1, 0.0)]
    first = ra.measure(views, readings, 8)
    assert ra.measure(views, readings, 8) == first
    assert all(row.partner_cards + row.opponents_cards > 0 for rows in first for row in rows)


def test_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        ra.main(
            [
                "--deals",
                "2",
                "--a",
                "hard",
                "--b",
                "easy",
                "--reads",
                "2",
                "--config",
                "8:0.1",
                "--config",
                "1:0",
            ]
        )
        == 0
    )
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("views of hard against easy (classic, 2 deals), 2 reads each")
    assert lines[2].startswith("8:0.1 ")
    assert lines[2].endswith("+0.0000 (+-0.0000)")
    assert lines[3].startswith("1:0 ")


def test_bad_arguments_stop_the_script() -> None:
    with pytest.raises(SystemExit):
        ra.main(["--config", "32"])
    with pytest.raises(SystemExit):
        ra.main(["--reads", "0"])
    with pytest.raises(SystemExit):
        ra.main(["--variant", "nonesuch"])
