"""Exact output of belote.svg._charts (a match's score sheet and a strength comparison) that
mutation testing (mutmut 3.8) found untested by the picture tests: the sheet's columns, rows,
suit signs, stripes and score bars to the pixel (the bars' share rounded and bounded), the
verdict; the chart's axis from the values rounded out to fives, each tick, interval, share and
label placed on it, the reference line; and the exact refusals of bad rows and numbers."""

from __future__ import annotations

import math

import attrs
import pytest

import belote
from _svg_xml import SVG, heading, parsed, texts
from belote import BULGARIAN, Match, Pass, Phase, Seat, Trump, score_deal
from belote.calls import Contract
from belote.errors import ArgumentTypeError, BeloteError
from belote.seats import Team
from belote.svg import FOUR_COLOUR, TWO_COLOUR, Palette, score_sheet, strength_chart
from belote.tally import Tally

N, W, S, E = Seat


def three_deals() -> Match:
    """A Bulgarian match: West's hearts failed (16 - 0), a deal passed out, North's no trumps
    contra'd and lost capot (0 - 70)."""
    game = belote.match(BULGARIAN, seed=1, first_dealer=N)
    tally = Tally(card_points=(92, 60), tricks=(3, 2, 2, 1), last_trick=N)
    game = game.record(score_deal(BULGARIAN, Contract(W, Trump.HEARTS), tally))
    state = game.deal()
    while state.phase is Phase.BIDDING:
        state = belote.bid(state, Pass())
    game = game.record(state)
    capot = Tally(card_points=(0, 120), tricks=(0, 4, 0, 4), last_trick=W)
    return game.record(score_deal(BULGARIAN, Contract(N, Trump.NO_TRUMPS, multiplier=2), capot))


def cells(picture: str) -> list[tuple[str, str, str]]:
    """Each text: x, y and content."""
    return [(t["x"], t["y"], t["text"]) for t in texts(picture)]


def shapes(picture: str, tag: str) -> list[dict[str, str]]:
    """The attributes of each element ``tag`` directly in the picture (namespaces dropped)."""
    return [
        {name.split("}")[-1]: value for name, value in element.attrib.items()}
        for element in parsed(picture)
        if element.tag == f"{SVG}{tag}"
    ]


# -- the score sheet -------------------------------------------------------------------------------


def test_a_score_sheet_row_by_row() -> None:
    picture = score_sheet(three_deals())
    assert heading(picture) == (
        "0 0 576 234",
        "576",
        "234",
        "Score sheet of a bulgarian match",
        "3 deals. No winner yet: 16 - 70.",
    )
    assert cells(picture) == [
        ("12", "24", "Score sheet: bulgarian, to 151"),
        ("12", "50", "deal"),
        ("52", "50", "dealer"),
        ("114", "50", "contract"),
        ("236", "50", "taker"),
        ("298", "50", "outcome"),
        ("390", "50", "N-S"),
        ("436", "50", "E-W"),
        ("482", "50", "score"),
        ("12", "73", "1"),
        ("52", "73", "North"),
        ("130", "73", "hearts"),  # after the suit sign
        ("236", "73", "West"),
        ("298", "73", "failed"),
        ("390", "73", "16"),
        ("436", "73", "0"),
        ("482", "73", "16 - 0"),
        ("12", "97", "2"),
        ("52", "97", "West"),
        ("114", "97", "passed out"),
        ("236", "97", ""),
        ("298", "97", ""),
        ("390", "97", "0"),
        ("436", "97", "0"),
        ("482", "97", "16 - 0"),
        ("12", "121", "3"),
        ("52", "121", "South"),
        ("114", "121", "no trumps x2"),  # no suit sign: no shift
        ("236", "121", "North"),
        ("298", "121", "defenders capot"),
        ("390", "121", "0"),
        ("436", "121", "70"),
        ("482", "121", "16 - 70"),
        ("12", "168", "North-South"),
        ("494", "168", "16 / 151"),
        ("12", "192", "East-West"),
        ("494", "192", "70 / 151"),
        ("12", "222", "No winner yet: 16 - 70"),
    ]
    assert shapes(picture, "rect") == [
        {"width": "576", "height": "234", "rx": "10", "fill": "#fff", "stroke": "#bbb"},
        {"x": "8", "y": "81", "width": "560", "height": "24", "fill": "#f2f5f3"},  # the second row only
        {"x": "110", "y": "156", "width": "376", "height": "16", "rx": "3", "fill": "#e4e8e6"},
        {"x": "110", "y": "156", "width": "40", "height": "16", "rx": "3", "fill": "#1f6b45"},  # 39.8
        {"x": "110", "y": "180", "width": "376", "height": "16", "rx": "3", "fill": "#e4e8e6"},
        {"x": "110", "y": "180", "width": "174", "height": "16", "rx": "3", "fill": "#1f6b45"},  # 174.3
    ]
    assert shapes(picture, "path") == [
        {"d": "M8 56H568", "stroke": "#222"},
        {"d": "M8 132H568", "stroke": "#222"},
    ]
    assert shapes(picture, "use") == [
        {"href": "#belote-h", "x": "114", "y": "61", "width": "13", "height": "13", "fill": "#c8102e"}
    ]


def test_the_score_sheet_s_texts_are_styled() -> None:
    found = texts(score_sheet(three_deals()))
    assert found[0] == {
        "x": "12",
        "y": "24",
        "font-size": "14",
        "font-weight": "bold",
        "fill": "#222",
        "text": "Score sheet: bulgarian, to 151",
    }
    assert found[1] == {
        "x": "12",
        "y": "50",
        "font-size": "12",
        "font-weight": "bold",
        "fill": "#222",
        "text": "deal",
    }
    assert found[9] == {"x": "12", "y": "73", "font-size": "12", "fill": "#222", "text": "1"}
    assert found[-3] == {"x": "12", "y": "192", "font-size": "12", "fill": "#222", "text": "East-West"}
    assert found[-2] == {"x": "494", "y": "192", "font-size": "12", "fill": "#222", "text": "70 / 151"}
    assert found[-1] == {
        "x": "12",
        "y": "222",
        "font-size": "13",
        "font-weight": "bold",
        "fill": "#222",
        "text": "No winner yet: 16 - 70",
    }


def test_a_won_match_and_bars_held_between_empty_and_full() -> None:
    game = attrs.evolve(three_deals(), scores=(-10, 160), winner=Team.EAST_WEST)
    picture = score_sheet(game, palette=Palette(table="cloth"))
    assert heading(picture)[4] == "3 deals. East-West won the match, -10 - 160."
    assert cells(picture)[-1] == ("12", "222", "East-West won the match, -10 - 160")
    bars = [bar for bar in shapes(picture, "rect") if bar.get("fill") == "cloth"]
    assert [(bar["y"], bar["width"]) for bar in bars] == [("156", "0"), ("180", "376")]
    assert cells(picture)[-2] == ("494", "192", "160 / 151")
    north_south = attrs.evolve(game, scores=(151, 150), winner=Team.NORTH_SOUTH)
    assert cells(score_sheet(north_south))[-1] == ("12", "222", "North-South won the match, 151 - 150")
    assert [bar["width"] for bar in shapes(score_sheet(north_south), "rect")[3::2]] == ["376", "374"]  # 373.5


def test_an_empty_score_sheet_and_its_size() -> None:
    picture = score_sheet(belote.match(BULGARIAN, seed=1, first_dealer=W), size=288, palette=FOUR_COLOUR)
    assert heading(picture) == (
        "0 0 576 162",
        "288",
        "81",
        "Score sheet of a bulgarian match",
        "0 deals. No winner yet: 0 - 0.",
    )
    assert shapes(picture, "path") == [
        {"d": "M8 56H568", "stroke": "#222"},
        {"d": "M8 60H568", "stroke": "#222"},
    ]
    assert cells(picture)[-5:] == [
        ("12", "96", "North-South"),
        ("494", "96", "0 / 151"),
        ("12", "120", "East-West"),
        ("494", "120", "0 / 151"),
        ("12", "150", "No winner yet: 0 - 0"),
    ]


def test_a_score_sheet_s_suit_sign_takes_the_palette_s_colour() -> None:
    picture = score_sheet(three_deals(), palette=FOUR_COLOUR)
    assert [use["fill"] for use in shapes(picture, "use")] == [FOUR_COLOUR.suits[2]]


def test_a_score_sheet_names_its_bad_arguments() -> None:
    with pytest.raises(ArgumentTypeError, match=r"^game must be a Match, got str$"):
        score_sheet("match")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"^palette must be a Palette"):
        score_sheet(three_deals(), palette=None)  # type: ignore[arg-type]
    with pytest.raises(BeloteError, match=r"^size must be from 1 to 1,000,000 pixels, got 0$"):
        score_sheet(three_deals(), size=0)


# -- the strength chart ----------------------------------------------------------------------------

ROWS = [("a<b", 62.5, 61.25, 63.75), ("c", 48.5, 47.0, 50.0)]


def test_a_strength_chart_to_the_pixel() -> None:
    picture = strength_chart(ROWS, title="Share & more")
    assert heading(picture) == (
        "0 0 640 150",
        "640",
        "150",
        "Share & more",
        "a<b: 62.5% [61.2, 63.8]; c: 48.5% [47.0, 50.0].",
    )
    # from 45 to 65 (the values rounded out to fives), 15 pixels a percent from x=190
    assert shapes(picture, "path") == [
        {"d": "M190.0 40V108", "stroke": "#e2e2e2"},
        {"d": "M265.0 40V108", "stroke": "#e2e2e2"},
        {"d": "M340.0 40V108", "stroke": "#e2e2e2"},
        {"d": "M415.0 40V108", "stroke": "#e2e2e2"},
        {"d": "M490.0 40V108", "stroke": "#e2e2e2"},
        {"d": "M265.0 36V108", "stroke": "#555", "stroke-dasharray": "4 3"},
    ]
    assert texts(picture)[:7] == [
        {
            "x": "12",
            "y": "24",
            "font-size": "14",
            "font-weight": "bold",
            "fill": "#222",
            "text": "Share & more",
        },
        {"x": "190", "y": "124", "font-size": "11", "fill": "#444", "text-anchor": "middle", "text": "45%"},
        {"x": "265", "y": "124", "font-size": "11", "fill": "#444", "text-anchor": "middle", "text": "50%"},
        {"x": "340", "y": "124", "font-size": "11", "fill": "#444", "text-anchor": "middle", "text": "55%"},
        {"x": "415", "y": "124", "font-size": "11", "fill": "#444", "text-anchor": "middle", "text": "60%"},
        {"x": "490", "y": "124", "font-size": "11", "fill": "#444", "text-anchor": "middle", "text": "65%"},
        {"x": "265", "y": "144", "font-size": "11", "fill": "#444", "text-anchor": "middle", "text": "even"},
    ]
    rows = [element for element in parsed(picture) if element.tag == f"{SVG}g"]
    assert len(rows) == 2
    first, second = ({child.tag.split("}")[-1]: child for child in row} for row in rows)
    assert first["title"].text == "a<b: 62.5% [61.2, 63.8]"
    assert first["path"].attrib == {
        "d": "M433.8 60H471.2M433.8 54v12M471.2 54v12",
        "stroke": "#222",
        "stroke-width": "2",
    }
    assert first["circle"].attrib == {
        "cx": "452.5",
        "cy": "60",
        "r": "5",
        "fill": "#1f6b45",
        "stroke": "#222",
    }
    assert next(t.attrib for t in rows[0].findall(f"{SVG}text")) == {
        "x": "180",
        "y": "64",
        "font-size": "12",
        "fill": "#222",
        "text-anchor": "end",
    }
    assert [t.attrib for t in rows[0].findall(f"{SVG}text")][1] == {
        "x": "502",
        "y": "64",
        "font-size": "12",
        "fill": "#222",
    }
    assert [t.text for t in rows[0].findall(f"{SVG}text")] == ["a<b", "62.5% [61.2, 63.8]"]
    assert second["title"].text == "c: 48.5% [47.0, 50.0]"
    assert second["path"].get("d") == "M220.0 92H265.0M220.0 86v12M265.0 86v12"
    assert (second["circle"].get("cx"), second["circle"].get("cy")) == ("242.5", "92")
    assert [t.text for t in rows[1].findall(f"{SVG}text")] == ["c", "48.5% [47.0, 50.0]"]
    assert "a&lt;b: 62.5%" in picture
    assert "<title>Share &amp; more</title>" in picture


def test_the_axis_is_at_least_five_wide_and_ends_on_a_value_that_is_a_multiple_of_five() -> None:
    single = strength_chart([("x", 50, 50, 50)])
    assert [path["d"] for path in shapes(single, "path")] == ["M190.0 40V76", "M490.0 40V76", "M190.0 36V76"]
    assert heading(single)[:3] == ("0 0 640 118", "640", "118")
    assert heading(single)[3] == "Point share, 95% interval"
    assert [t["text"] for t in texts(single)][1:4] == ["50%", "55%", "even"]
    exact = strength_chart([("x", 60, 55, 65)], reference=55)
    assert [path["d"] for path in shapes(exact, "path")] == [
        "M190.0 40V76",
        "M340.0 40V76",
        "M490.0 40V76",
        "M190.0 36V76",
    ]
    low = strength_chart([("x", 0.5, 0, 1)], reference=0)
    assert [t["text"] for t in texts(low)][1:3] == ["0%", "5%"]
    high = strength_chart([("x", 99.5, 99, 100)], reference=100)
    assert [t["text"] for t in texts(high)][1:4] == ["95%", "100%", "even"]


def test_a_chart_without_rows_and_with_a_palette_and_size() -> None:
    picture = strength_chart([], reference=42.0, size=320, palette=Palette(table="cloth"))
    assert heading(picture) == ("0 0 640 86", "320", "43", "Point share, 95% interval", ".")
    assert [t["text"] for t in texts(picture)][1:] == ["40%", "45%", "even"]
    assert shapes(picture, "path")[-1]["d"] == "M310.0 36V44"
    assert "cloth" not in picture
    assert 'fill="cloth"' in strength_chart([("x", 50, 40, 60)], palette=Palette(table="cloth"))
    assert TWO_COLOUR.table in strength_chart([("x", 50, 40, 60)])


@pytest.mark.parametrize("reference", [True, "50", None])
def test_the_reference_must_be_a_number(reference: object) -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        strength_chart([], reference=reference)  # type: ignore[arg-type]
    assert str(caught.value) == f"reference must be a number (a percentage), got {reference!r}"


@pytest.mark.parametrize("reference", [-0.5, 100.5, math.nan, -1, 101])
def test_the_reference_must_be_a_percentage(reference: float) -> None:
    with pytest.raises(BeloteError) as caught:
        strength_chart([], reference=reference)
    assert str(caught.value) == f"reference must be a percentage from 0 to 100, got {reference!r}"
    assert not isinstance(caught.value, ArgumentTypeError)


def test_the_bounds_of_a_percentage_are_taken() -> None:
    assert "100%" in strength_chart([("x", 0, 0, 100)], reference=0)
    assert "100%" in strength_chart([("x", 100, 0, 100)], reference=100)


@pytest.mark.parametrize("rows", ["rows", b"rows", {("x", 1, 0, 2)}, 5])
def test_rows_must_be_a_sequence(rows: object) -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        strength_chart(rows)  # type: ignore[arg-type]
    assert str(caught.value) == f"rows must be a sequence of (label, share, low, high) tuples, got {rows!r}"


@pytest.mark.parametrize("row", [["x", 50, 40, 60], ("x", 50, 40), ("x", 50, 40, 60, 70), (1, 50, 40, 60)])
def test_each_row_must_be_a_labelled_four_tuple(row: object) -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        strength_chart([("ok", 50, 40, 60), row])  # type: ignore[list-item]
    assert str(caught.value) == f"rows must hold (label, share, low, high) tuples, got {row!r}"


@pytest.mark.parametrize(
    ("row", "named"),
    [
        (("m", "50", 40, 60), "m: share"),
        (("m", 50, None, 60), "m: low"),
        (("m", 50, 40, False), "m: high"),
    ],
)
def test_each_number_of_a_row_is_named_when_it_is_not_a_number(row: object, named: str) -> None:
    with pytest.raises(ArgumentTypeError, match=rf"^{named} must be a number \(a percentage\), got "):
        strength_chart([row])  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("row", "message"),
    [
        (("m", 101, 40, 60), "m: share must be a percentage from 0 to 100, got 101"),
        (("m", 50, -1, 60), "m: low must be a percentage from 0 to 100, got -1"),
        (("m", 50, 40, 100.5), "m: high must be a percentage from 0 to 100, got 100.5"),
        (("m", 39.5, 40, 60), "m: the share 39.5 is not inside [40, 60]"),
        (("m", 60.5, 40, 60), "m: the share 60.5 is not inside [40, 60]"),
    ],
)
def test_a_number_out_of_range_is_refused_by_its_row(row: object, message: str) -> None:
    with pytest.raises(BeloteError) as caught:
        strength_chart([row])  # type: ignore[list-item]
    assert str(caught.value) == message
    assert not isinstance(caught.value, ArgumentTypeError)


def test_a_share_on_a_bound_of_its_interval_is_taken_and_the_title_must_be_text() -> None:
    assert "m: 40.0% [40.0, 60.0]" in strength_chart([("m", 40, 40, 60)])
    assert "m: 60.0% [40.0, 60.0]" in strength_chart([("m", 60, 40, 60)])
    with pytest.raises(ArgumentTypeError, match=r"^title must be a str, got 3$"):
        strength_chart([], title=3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"^palette must be a Palette"):
        strength_chart([], palette="x")  # type: ignore[arg-type]
    with pytest.raises(BeloteError, match=r"^size must be from 1 to 1,000,000 pixels, got 0$"):
        strength_chart([], size=0)
