"""Exact output of belote.svg._table (the whole table of a round or of a seat's view) that
mutation testing (mutmut 3.8) found untested by the picture tests: where each hand lies on
each side and how its highlighted cards stand out, the seats' labels (you, dealer, taker, last
call, to bid or to play) and the acting seat's style, the panels (contract, turned card, tricks
won and card points), the trick in the middle and its caption, the table after a given trick
(the later cards back in their hands), the title and description, and the exact refusals of bad
arguments."""

from __future__ import annotations

import attrs
import pytest

import belote
from _svg_xml import SVG, heading, hidden, parsed, spots, texts
from belote import BULGARIAN, CLASSIC, COINCHE, Card, CardSet, Phase, RoundState, Seat, Trump, observe
from belote.calls import Bid, Call, Double, Pass, Redouble
from belote.errors import ArgumentTypeError, BeloteError
from belote.svg import FOUR_COLOUR, table
from belote.svg._table import _Scene, _scene

N, W, S, E = Seat
INK = "#ffffff"
GOLD = "#ffb000"

BIDDING_TEXT = "Bidding. Turned card: nine of spades."
PLAYED_TEXT = (
    "Contract hearts by West (seat 1). Turned card: nine of spades. Trick: North king of spades."
    " Tricks won: North-South 1, East-West 0."
)


def dealt() -> RoundState:
    """A classic deal (dealer North, West to bid first, the nine of spades turned)."""
    return belote.deal(CLASSIC, dealer=N, seed=7)


def played() -> RoundState:
    """Hearts taken by West; trick 1 West TD, South QD, East JD, North AD (North wins, 26
    points); then North leads KS, and West's legal cards are JS 9S 7S."""
    state = dealt()
    for call in ["pass"] * 4 + ["H"]:
        state = belote.bid(state, belote.parse_call(call))
    for card in ["TD", "QD", "JD", "AD", "KS"]:
        state = belote.play(state, card)
    return state


def finished() -> RoundState:
    """The played deal played out, each seat playing its lowest-numbered legal card."""
    state = played()
    while state.phase is Phase.PLAYING:
        state = belote.play(state, min(belote.legal_moves(state), key=lambda card: card.index))
    return state


def seat_texts(picture: str) -> list[tuple[str, str, str, str, str, str]]:
    """The seats' labels: x, y, anchor, fill, weight, text (the 13-pixel texts with a weight)."""
    return [
        (t["x"], t["y"], t["text-anchor"], t["fill"], t["font-weight"], t["text"])
        for t in texts(picture)
        if t.get("font-size") == "13" and "font-weight" in t and "text-anchor" in t
    ]


def panel_texts(picture: str) -> list[tuple[str, str, str]]:
    """The other texts: x, y and content."""
    labels = {row[-1] for row in seat_texts(picture)}
    return [(t["x"], t["y"], t["text"]) for t in texts(picture) if t["text"] not in labels]


# -- the table during the bidding --------------------------------------------------------------


def test_a_table_in_the_bidding() -> None:
    picture = table(dealt())
    assert heading(picture) == ("0 0 640 600", "640", "600", "A belote table", BIDDING_TEXT)
    cloth = parsed(picture)[3]
    assert cloth.tag == f"{SVG}rect"
    assert cloth.attrib == {"width": "640", "height": "600", "rx": "16", "fill": "#1f6b45"}
    assert spots(picture) == [
        "9S 0 0",  # the turned card, in its panel
        "7H 218 42",  # North at the top: five cards, 204 wide, centred
        "KC 254 42",
        "AD 290 42",
        "KD 326 42",
        "7D 362 42",
        "AH 20 216",  # West down the left side: 188 high, centred on 310
        "TH 20 242",
        "JS 20 268",
        "7S 20 294",
        "8D 20 320",
        "QS 218 482",  # South at the bottom
        "QH 254 482",
        "QC 290 482",
        "QD 326 482",
        "9D 362 482",
        "TS 560 216",  # East down the right side
        "8S 560 242",
        "KH 560 268",
        "AC 560 294",
        "7C 560 320",
    ]
    assert seat_texts(picture) == [
        ("320", "30", "middle", INK, "normal", "North (seat 0) · dealer"),
        ("20", "167", "start", GOLD, "bold", "West (seat 1) · to bid"),
        ("320", "588", "middle", INK, "normal", "South (seat 2)"),
        ("620", "167", "end", INK, "normal", "East (seat 3)"),
    ]
    assert panel_texts(picture) == [("16", "30", "bidding"), ("16", "88", "turned card")]
    bidding = next(t for t in texts(picture) if t["text"] == "bidding")
    assert bidding == {
        "x": "16",
        "y": "30",
        "font-size": "16",
        "font-weight": "bold",
        "fill": INK,
        "text": "bidding",
    }
    turned_label = next(t for t in texts(picture) if t["text"] == "turned card")
    assert (turned_label["font-size"], turned_label["fill-opacity"]) == ("11", ".8")
    turned = next(g for g in parsed(picture) if g.tag == f"{SVG}g")
    assert turned.get("transform") == "translate(16 94) scale(.7)"


def test_each_seat_shows_its_last_call_while_the_bidding_goes_on() -> None:
    state = belote.bid(belote.bid(dealt(), Pass()), Pass())
    assert [row[-1] for row in seat_texts(table(state))] == [
        "North (seat 0) · dealer",
        "West (seat 1) · pass",
        "South (seat 2) · pass",
        "East (seat 3) · to bid",
    ]


@pytest.mark.parametrize(
    ("variant", "bid", "doubled", "redoubled"),
    [
        (COINCHE, Bid(Trump.HEARTS, 80), "coinche", "surcoinche"),
        (BULGARIAN, Bid(Trump.HEARTS), "contra", "recontra"),
    ],
)
def test_the_doubling_calls_are_named_as_the_variant_names_them(
    variant: belote.Variant, bid: Bid, doubled: str, redoubled: str
) -> None:
    state = belote.deal(variant, dealer=E, seed=1)
    state = belote.bid(belote.bid(state, bid), Double())
    assert [row[-1] for row in seat_texts(table(state))] == [
        "North (seat 0) · hearts",
        f"West (seat 1) · {doubled}",
        "South (seat 2) · to bid",
        "East (seat 3) · dealer",
    ]
    state = belote.bid(state, Redouble())
    assert (state.phase is Phase.BIDDING) == (variant is BULGARIAN)
    if state.phase is Phase.BIDDING:  # the re-contra of belot: the bidding goes on
        assert [row[-1] for row in seat_texts(table(state))][2] == f"South (seat 2) · {redoubled}"
    else:  # the surcoinche ends the auction: no call is shown in the play
        assert [row[-1] for row in seat_texts(table(state))][:3] == [
            "North (seat 0) · taker · to play",
            "West (seat 1)",
            "South (seat 2)",
        ]


def test_a_passed_out_deal() -> None:
    state = dealt()
    while state.phase is Phase.BIDDING:
        state = belote.bid(state, Pass())
    picture = table(state)
    assert heading(picture)[3:] == ("A belote table", "Turned card: nine of spades.")
    assert panel_texts(picture) == [("16", "30", "passed out"), ("16", "88", "turned card")]
    assert [row[-1] for row in seat_texts(picture)] == [
        "North (seat 0) · dealer",
        "West (seat 1)",
        "South (seat 2)",
        "East (seat 3)",
    ]


def test_without_a_turned_card_there_is_no_turned_card_panel() -> None:
    picture = table(belote.deal(COINCHE, dealer=E, seed=1))
    assert heading(picture)[4] == "Bidding."
    assert panel_texts(picture) == [("16", "30", "bidding")]
    assert len(spots(picture)) == 32


# -- the table during the play -----------------------------------------------------------------


def test_a_table_during_the_play() -> None:
    picture = table(played())
    assert heading(picture) == ("0 0 640 600", "640", "600", "A belote table", PLAYED_TEXT)
    assert spots(picture) == [
        "9S 0 0",
        "JH 200 42",  # North: six cards, 240 wide
        "7H 236 42",
        "KC 272 42",
        "JC 308 42",
        "KD 344 42",
        "7D 380 42",
        "9H 20 190",  # West: seven cards, 240 high; the legal ones stand out to the right
        "AH 20 216",
        "TH 20 242",
        "JS 34 268!",
        "9S 34 294!",
        "7S 34 320!",
        "8D 20 346",
        "QH 182 482",  # South: seven cards, 276 wide
        "8H 218 482",
        "QS 254 482",
        "9D 290 482",
        "TC 326 482",
        "QC 362 482",
        "9C 398 482",
        "KH 560 190",
        "AS 560 216",
        "TS 560 242",
        "8S 560 268",
        "AC 560 294",
        "8C 560 320",
        "7C 560 346",
        "KS 290 212",  # the trick: North's card at the top of the centre
    ]
    assert seat_texts(picture) == [
        ("320", "30", "middle", INK, "normal", "North (seat 0) · dealer"),
        ("20", "167", "start", GOLD, "bold", "West (seat 1) · taker · to play"),
        ("320", "588", "middle", INK, "normal", "South (seat 2)"),
        ("620", "167", "end", INK, "normal", "East (seat 3)"),
    ]
    assert panel_texts(picture) == [
        ("16", "22", "contract"),
        ("42", "45", "hearts"),
        ("16", "66", "by West (seat 1)"),
        ("16", "88", "turned card"),
        ("624", "22", "tricks won · card points"),
        ("624", "42", "North-South  1 · 26"),
        ("624", "60", "East-West  0 · 0"),
        ("320", "412", "North led"),
    ]
    styles = {t["text"]: t for t in texts(picture)}
    assert styles["contract"] == {
        "x": "16",
        "y": "22",
        "font-size": "11",
        "fill": INK,
        "fill-opacity": ".8",
        "text": "contract",
    }
    assert styles["hearts"] == {
        "x": "42",
        "y": "45",
        "font-size": "16",
        "font-weight": "bold",
        "fill": INK,
        "text": "hearts",
    }
    assert styles["by West (seat 1)"] == {
        "x": "16",
        "y": "66",
        "font-size": "12",
        "fill": INK,
        "text": "by West (seat 1)",
    }
    assert styles["tricks won · card points"] == {
        "x": "624",
        "y": "22",
        "font-size": "11",
        "fill": INK,
        "fill-opacity": ".8",
        "text-anchor": "end",
        "text": "tricks won · card points",
    }
    assert styles["East-West  0 · 0"] == {
        "x": "624",
        "y": "60",
        "font-size": "13",
        "fill": INK,
        "text-anchor": "end",
        "text": "East-West  0 · 0",
    }
    assert styles["North led"] == {
        "x": "320",
        "y": "412",
        "font-size": "12",
        "fill": INK,
        "text-anchor": "middle",
        "text": "North led",
    }
    badge = [element for element in parsed(picture) if element.tag == f"{SVG}rect"][1]
    assert badge.attrib == {"x": "14", "y": "28", "width": "22", "height": "22", "rx": "4", "fill": "#fff"}
    sign = parsed(picture).find(f"{SVG}use")
    assert sign is not None
    assert {name.split("}")[-1]: value for name, value in sign.attrib.items()} == {
        "href": "#belote-h",
        "x": "17",
        "y": "31",
        "width": "16",
        "height": "16",
        "fill": "#c8102e",
    }


def test_the_table_after_a_trick_puts_the_later_cards_back() -> None:
    picture = table(played(), after_trick=1)
    assert heading(picture)[4] == (
        "Contract hearts by West (seat 1). Turned card: nine of spades. Trick: West ten of diamonds,"
        " South queen of diamonds, East jack of diamonds, North ace of diamonds."
        " Tricks won: North-South 1, East-West 0."
    )
    found = spots(picture)
    assert found[1:8] == [
        "JH 182 42",  # North's KS, played to trick 2, back in the hand
        "7H 218 42",
        "KS 254 42",
        "KD 290 42",
        "7D 326 42",
        "KC 362 42",
        "JC 398 42",
    ]
    assert found[8:15] == [
        "9H 20 190",
        "AH 20 216",
        "TH 20 242",
        "JS 20 268",
        "9S 20 294",
        "7S 20 320",
        "8D 20 346",
    ]
    assert found[-4:] == ["TD 224 258", "QD 290 304", "JD 356 258", "AD 290 212!"]  # won by North
    assert [spot for spot in found if spot.endswith("!")] == ["AD 290 212!"]  # no legal card
    assert seat_texts(picture)[1] == ("20", "167", "start", INK, "normal", "West (seat 1) · taker")
    assert panel_texts(picture)[-1] == ("320", "412", "trick 1 led by West, won by North")


def test_a_highlight_given_stands_out_on_every_side_even_after_a_trick() -> None:
    picture = table(played(), highlight=CardSet.parse("QH JH KH 9H"))
    found = spots(picture)
    assert "JH 200 56!" in found  # top: down
    assert "9H 34 190!" in found  # left: right
    assert "QH 182 468!" in found  # bottom: up
    assert "KH 546 190!" in found  # right: left
    assert "JS 20 268" in found  # the legal cards are not highlighted then
    after = spots(table(played(), after_trick=1, highlight=[Card.parse("QH")]))
    assert "QH 182 468!" in after
    assert "AD 290 212!" in after
    assert sum(spot.endswith("!") for spot in after) == 2
    led = spots(table(played(), after_trick=1, highlight=[Card.parse("TD")]))
    assert led[-4:] == ["TD 224 258!", "QD 290 304", "JD 356 258", "AD 290 212!"]


def test_a_finished_round_shows_its_last_trick() -> None:
    state = finished()
    picture = table(state)
    assert picture == table(state, after_trick=8)
    assert heading(picture)[4] == (
        "Contract hearts by West (seat 1). Turned card: nine of spades. Trick: North seven of hearts,"
        " West jack of spades, South queen of hearts, East ace of spades."
        " Tricks won: North-South 5, East-West 3."
    )
    assert spots(picture) == ["9S 0 0", "7H 290 212", "JS 224 258", "QH 290 304!", "AS 356 258"]
    assert panel_texts(picture)[-3:] == [
        ("624", "42", "North-South  5 · 108"),
        ("624", "60", "East-West  3 · 44"),
        ("320", "412", "trick 8 led by North, won by South"),
    ]
    assert [row[3:5] for row in seat_texts(picture)] == [(INK, "normal")] * 4
    assert spots(table(state, after_trick=7)) == [  # trick 7 won by North; trick 8's cards back
        "9S 0 0",
        "7H 290 42",
        "JS 20 268",
        "QH 290 482",
        "AS 560 268",
        "KD 290 212!",
        "9S 224 258",
        "QC 290 304",
        "TS 356 258",
    ]


def test_after_trick_is_checked_against_the_completed_tricks() -> None:
    for bad in (0, 2, -1):
        with pytest.raises(BeloteError) as caught:
            table(played(), after_trick=bad)
        assert str(caught.value) == f"after_trick must be a completed trick (1..1), got {bad}"
        assert not isinstance(caught.value, ArgumentTypeError)
    with pytest.raises(BeloteError, match=r"^after_trick must be a completed trick \(1\.\.8\), got 9$"):
        table(finished(), after_trick=9)
    with pytest.raises(
        BeloteError, match=r"^after_trick must be a completed trick \(none is complete yet\), got 1$"
    ):
        table(dealt(), after_trick=1)
    for wrong, name in (("1", "str"), (True, "bool"), (1.0, "float")):
        with pytest.raises(ArgumentTypeError) as type_error:
            table(played(), after_trick=wrong)  # type: ignore[arg-type]
        assert str(type_error.value) == f"after_trick must be an int or None, got {name}"


# -- a seat's view ---------------------------------------------------------------------------------


def test_a_view_shows_the_others_cards_face_down() -> None:
    picture = table(observe(played(), W))
    assert heading(picture) == (
        "0 0 640 600",
        "640",
        "600",
        "A belote table seen by West (seat 1)",
        PLAYED_TEXT,
    )
    assert hidden(picture) == [
        ("6 hidden cards", ["20 203", "20 229", "20 255", "20 281", "20 307", "20 333"]),  # North, left
        ("7 hidden cards", ["560 190", "560 216", "560 242", "560 268", "560 294", "560 320", "560 346"]),
        ("7 hidden cards", ["182 42", "218 42", "254 42", "290 42", "326 42", "362 42", "398 42"]),
    ]
    assert spots(picture) == [
        "9S 0 0",
        "9H 182 482",
        "AH 218 482",
        "TH 254 482",
        "JS 290 468!",
        "9S 326 468!",
        "7S 362 468!",
        "8D 398 482",
        "KS 224 258",  # North's card on the left
    ]
    assert seat_texts(picture) == [
        ("20", "167", "start", INK, "normal", "North (seat 0) · dealer"),
        ("320", "588", "middle", GOLD, "bold", "West (seat 1) · you · taker · to play"),
        ("620", "167", "end", INK, "normal", "South (seat 2)"),
        ("320", "30", "middle", INK, "normal", "East (seat 3)"),
    ]


def test_a_view_after_a_trick_counts_the_later_cards_back() -> None:
    picture = table(observe(played(), S), after_trick=1)
    assert [(title, len(backs)) for title, backs in hidden(picture)] == [
        ("7 hidden cards", 7),
        ("7 hidden cards", 7),
        ("7 hidden cards", 7),
    ]
    assert not any(spot.endswith("!") for spot in spots(picture)[:-4])
    assert heading(picture)[3] == "A belote table seen by South (seat 2)"


def test_a_view_of_another_seat_highlights_nothing_to_play_and_takes_a_bottom_seat() -> None:
    picture = table(observe(played(), S), bottom=W)
    assert not any(spot.endswith("!") for spot in spots(picture))
    assert [row[:2] for row in seat_texts(picture)] == [
        ("20", "167"),
        ("320", "588"),
        ("620", "167"),
        ("320", "30"),
    ]


# -- options and refusals --------------------------------------------------------------------------


def test_bottom_coordinates_size_and_palette() -> None:
    palette = attrs.evolve(FOUR_COLOUR, table="cloth", ink="ink", highlight="lit")
    picture = table(played(), bottom=N, coordinates=False, size=320, palette=palette)
    assert heading(picture)[:3] == ("0 0 640 600", "320", "300")
    assert seat_texts(picture) == []
    assert spots(picture)[1] == "JH 200 482"  # North at the bottom
    assert spots(picture)[-1] == "KS 290 304"
    assert 'fill="cloth"' in picture
    assert {t["fill"] for t in texts(picture)} == {"ink"}
    labelled = table(played(), bottom=2, palette=palette)  # type: ignore[arg-type]
    assert [row[3] for row in seat_texts(labelled)] == ["ink", "lit", "ink", "ink"]


def test_a_no_trumps_contract_has_no_suit_badge_and_a_doubled_one_its_factor() -> None:
    state = belote.deal(COINCHE, dealer=E, seed=1)
    calls: list[Call] = [Bid(Trump.NO_TRUMPS, 90), Double(), Pass(), Pass(), Pass()]
    for call in calls:
        state = belote.bid(state, call)
    picture = table(state)
    assert panel_texts(picture)[:3] == [
        ("16", "22", "contract"),
        ("16", "45", "90 no trumps x2"),
        ("16", "66", "by North (seat 0)"),
    ]
    assert parsed(picture).find(f"{SVG}use") is None
    assert len([element for element in parsed(picture) if element.tag == f"{SVG}rect"]) == 1
    assert (
        heading(picture)[4]
        == "Contract 90 no trumps x2 by North (seat 0). Tricks won: North-South 0, East-West 0."
    )
    assert next(row[-1] for row in seat_texts(picture)) == "North (seat 0) · taker · to play"


def test_a_table_names_its_bad_arguments() -> None:
    with pytest.raises(ArgumentTypeError, match=r"^position must be a RoundState or a PlayerView, got str$"):
        table("state")  # type: ignore[arg-type]
    with pytest.raises(BeloteError, match=r"^bottom must be a seat 0\.\.3, got 4$"):
        table(played(), bottom=4)  # type: ignore[arg-type]
    with pytest.raises(
        ArgumentTypeError, match=r"^highlight must be a CardSet or an iterable of Card, got str$"
    ):
        table(played(), highlight="JS")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"^palette must be a Palette"):
        table(played(), palette=None)  # type: ignore[arg-type]
    with pytest.raises(BeloteError, match=r"^size must be from 1 to 1,000,000 pixels, got 0$"):
        table(played(), size=0)


def test_the_scene_read_from_a_state() -> None:
    scene = _scene(played(), None, None)
    assert isinstance(scene, _Scene)
    assert scene.to_act is W
    assert scene.seen_by is None
    assert scene.winner is None
    assert scene.highlight == CardSet.parse("JS 9S 7S").mask
    assert scene.phase is Phase.PLAYING
    assert len(scene.auction) == 5
    assert scene.variant is CLASSIC
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        scene.winner = N  # type: ignore[misc]
    with pytest.raises(TypeError):
        assert scene < scene  # type: ignore[operator]
