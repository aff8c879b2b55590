"""The SVG pictures: valid, small, accessible, faithful to what they draw, and never showing a
hidden card in a player's view."""

from __future__ import annotations

import importlib.util
import itertools
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.reachable import random_round

import belote
import belote.svg
from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    DECK,
    BeloteError,
    Card,
    CardSet,
    Phase,
    PlayerView,
    RoundState,
    Seat,
    Trump,
    legal_cards,
    make_agent,
    observe,
    play_match,
)
from belote.errors import ArgumentTypeError
from belote.svg import FOUR_COLOUR, TWO_COLOUR, card_name, held_order

ROOT = Path(__file__).resolve().parents[1]
SVG = "{http://www.w3.org/2000/svg}"
MAX_TABLE_BYTES = 30_000


def parse(picture: str) -> ET.Element:
    """The picture as XML, checked for the accessible root: role, title and description first."""
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("viewBox")
    children = list(root)
    assert children[0].tag == f"{SVG}title"
    assert children[0].text
    assert children[1].tag == f"{SVG}desc"
    return root


def card_titles(picture: str) -> list[str]:
    """The names of the cards drawn face up: the ``<title>`` of every card group."""
    root = parse(picture)
    names = {card_name(card) for card in DECK}
    return [t.text for t in root.iter(f"{SVG}title") if t.text in names]


def titled(cards: object) -> list[str]:
    return sorted(card_name(card) for card in cards)  # type: ignore[attr-defined]


def played_state(seed: int = 7) -> RoundState:
    """A classic deal with hearts taken by seat 1 and the first trick and one card played."""
    state = belote.deal(CLASSIC, dealer=Seat(0), seed=seed)
    for text in ["pass"] * 4 + ["H"]:
        state = belote.bid(state, belote.parse_call(text))
    for card in ["TD", "QD", "JD", "AD", "KS"]:
        state = belote.play(state, card)
    return state


# -- names, ordering -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [("JH", "jack of hearts"), ("TS", "ten of spades"), ("7C", "seven of clubs"), ("AD", "ace of diamonds")],
)
def test_card_names(text: str, name: str) -> None:
    assert card_name(Card.parse(text)) == name


@pytest.mark.parametrize(
    ("hand", "trump", "held"),
    [
        ("AS 7S JH 9H AD TC", Trump.HEARTS, "JH 9H AS 7S AD TC"),  # trumps first, then black red black
        ("AS JH KD TC", Trump.SPADES, "AS JH TC KD"),  # spades, hearts, clubs, diamonds
        ("AH KD TC 7S", Trump.CLUBS, "TC AH 7S KD"),  # clubs (black) then red, black, red
        ("AH KD QS", Trump.HEARTS, "AH QS KD"),  # two reds apart, the black one between
        ("AH KD", Trump.SPADES, "AH KD"),  # two reds only: they touch, nothing else to do
        ("9S JS AS TS", Trump.SPADES, "JS 9S AS TS"),  # trump order J 9 A T
        ("9S JS AS TS", Trump.HEARTS, "AS TS JS 9S"),  # plain order A T K Q J 9
        ("9S JS AD JD", Trump.ALL_TRUMPS, "JS 9S JD AD"),  # every suit in trump order
        ("9S JS AD JD", None, "JS 9S AD JD"),  # no contract: plain order
    ],
)
def test_a_hand_is_held_by_suit_trumps_first_colours_alternating(
    hand: str, trump: Trump | None, held: str
) -> None:
    assert " ".join(str(card) for card in held_order(CardSet.parse(hand), trump)) == held


def test_held_order_alternates_colours_whenever_the_suits_allow() -> None:
    for mask in range(1, 16):
        suits = [suit for suit in belote.Suit if mask >> suit & 1]
        hand = CardSet.of(Card(belote.Rank.ACE, suit) for suit in suits)
        order = [card.suit for card in held_order(hand)]
        reds = sum(suit in (belote.Suit.HEARTS, belote.Suit.DIAMONDS) for suit in suits)
        clashes = sum(
            (a in (belote.Suit.HEARTS, belote.Suit.DIAMONDS))
            == (b in (belote.Suit.HEARTS, belote.Suit.DIAMONDS))
            for a, b in itertools.pairwise(order)
        )
        assert clashes == max(0, abs(reds - (len(suits) - reds)) - 1), (suits, order)


# -- every picture: valid XML, accessible --------------------------------------------------------


def test_a_card_is_named_and_coloured_by_its_palette() -> None:
    picture = belote.svg.card(Card.parse("9D"), palette=FOUR_COLOUR)
    assert card_titles(picture) == ["nine of diamonds"]
    assert FOUR_COLOUR.suits[belote.Suit.DIAMONDS] in picture
    assert TWO_COLOUR.suits[belote.Suit.DIAMONDS] not in picture
    assert TWO_COLOUR.suits[belote.Suit.DIAMONDS] in belote.svg.card(Card.parse("9D"))


def test_size_sets_the_shown_width_and_keeps_the_proportions() -> None:
    natural = parse(belote.svg.table(played_state()))
    shown = parse(belote.svg.table(played_state(), size=320))
    assert natural.get("viewBox") == shown.get("viewBox") == "0 0 640 600"
    assert (shown.get("width"), shown.get("height")) == ("320", "300")
    assert (natural.get("width"), natural.get("height")) == ("640", "600")


def test_a_hand_draws_its_cards_in_holding_order_and_raises_the_highlighted_ones() -> None:
    hand = CardSet.parse("AS 7S JH 9H AD TC")
    picture = belote.svg.hand(hand, trump=Trump.HEARTS, highlight=CardSet.parse("9H AD"))
    assert card_titles(picture) == [card_name(card) for card in held_order(hand, Trump.HEARTS)]
    assert picture.count(f'stroke="{TWO_COLOUR.highlight}"') == 2


def test_a_completed_trick_outlines_its_winner() -> None:
    state = played_state()
    first = state.tricks[0]
    picture = belote.svg.trick(first, bottom=Seat(0))
    assert sorted(card_titles(picture)) == titled(first.cards)
    root = parse(picture)
    lit = [g for g in root.iter(f"{SVG}g") if any(r.get("stroke") == TWO_COLOUR.highlight for r in g)]
    assert [g.find(f"{SVG}title").text for g in lit] == ["ace of diamonds"]  # type: ignore[union-attr]
    assert "Won by North" in picture


def test_a_trick_with_the_hand_to_play_highlights_the_legal_cards() -> None:
    plays = [(Seat(0), Card.parse("AS")), (Seat(1), Card.parse("JH"))]
    mine = CardSet.parse("7H AH KD QC")
    legal = legal_cards(mine, plays, trump=Trump.HEARTS, variant=CLASSIC)
    picture = belote.svg.trick(plays, hand=mine, trump=Trump.HEARTS, highlight=legal)
    assert sorted(card_titles(picture)) == titled([card for _, card in plays] + list(mine))
    assert picture.count(f'stroke="{TWO_COLOUR.highlight}"') == len(legal) == 2
    assert "South · to play" in picture  # the hand's seat, after West, sits at the bottom


def test_seats_sit_counter_clockwise_around_the_bottom_seat() -> None:
    """The seat after the bottom one is on the right, its partner at the top."""
    plays = [(Seat(s), DECK[s]) for s in range(4)]
    for bottom in Seat:
        root = parse(belote.svg.trick(plays, bottom=bottom, coordinates=False))
        where = {}
        for group in root.iter(f"{SVG}g"):
            title = group.find(f"{SVG}title")
            if title is not None:
                x, y = map(float, re.findall(r"[-\d.]+", group.get("transform", ""))[:2])
                where[title.text] = (x, y)
        at = {seat: where[card_name(DECK[seat])] for seat in Seat}
        assert at[bottom][1] > at[bottom.partner][1]  # bottom below top
        assert at[bottom.next][0] > at[bottom.previous][0]  # next on the right


def test_coordinates_label_the_seats_or_not() -> None:
    state = played_state()
    labelled = belote.svg.table(state)
    bare = belote.svg.table(state, coordinates=False)
    assert "West (seat 1) · taker · to play" in labelled
    assert "seat 1" not in bare.replace("by West (seat 1)", "")


def test_bad_arguments_raise_errors_that_name_them() -> None:
    state = played_state()
    with pytest.raises(ArgumentTypeError, match="position"):
        belote.svg.table("not a state")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="size"):
        belote.svg.table(state, size="big")  # type: ignore[arg-type]
    with pytest.raises(BeloteError, match="size"):
        belote.svg.table(state, size=0)
    with pytest.raises(ArgumentTypeError, match="palette"):
        belote.svg.table(state, palette="four")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="highlight"):
        belote.svg.table(state, highlight=["JH"])  # type: ignore[list-item]
    with pytest.raises(ArgumentTypeError, match="bottom"):
        belote.svg.table(state, bottom="south")  # type: ignore[arg-type]
    with pytest.raises(BeloteError, match=r"^after_trick must be a completed trick \(1..1\), got 2$"):
        belote.svg.table(state, after_trick=2)  # one trick completed so far
    bidding = belote.deal(belote.CLASSIC, dealer=belote.Seat(0), seed=1)
    with pytest.raises(BeloteError, match=r"\(none is complete yet\), got 1$"):  # it once said "1..0"
        belote.svg.table(bidding, after_trick=1)
    with pytest.raises(ArgumentTypeError, match="card"):
        belote.svg.card("JH")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="plays"):
        belote.svg.trick([("0", "AS")])  # type: ignore[list-item]
    with pytest.raises(BeloteError, match="not inside"):
        belote.svg.strength_chart([("x", 70.0, 50.0, 60.0)])


@pytest.mark.parametrize(
    ("fields", "error", "fragment"),
    [
        ({"table": 'red"/><script>alert(1)</script><x a="'}, BeloteError, "table must be a CSS colour"),
        ({"ink": "&"}, BeloteError, "ink must be a CSS colour"),
        ({"back": ""}, BeloteError, "back must be a CSS colour"),
        ({"suits": ("<", "#000", "#000", "#000")}, BeloteError, r"suits \(clubs\) must be a CSS colour"),
        ({"suits": ("a",)}, ArgumentTypeError, "suits must be four CSS colours"),
        ({"highlight": 5}, ArgumentTypeError, "highlight must be a CSS colour"),
    ],
)
def test_a_palette_takes_css_colours_only(
    fields: dict[str, object], error: type[Exception], fragment: str
) -> None:
    """A colour is written into the picture's attributes: text that could close one (markup
    injected through a palette) is refused when the palette is made."""
    with pytest.raises(error, match=fragment):
        belote.svg.Palette(**fields)  # type: ignore[arg-type]


def test_any_css_colour_text_works() -> None:
    palette = belote.svg.Palette(
        table="rgb(31 107 69 / 50%)", ink="hsl(0, 0%, 100%)", back="navy", highlight="#fb0"
    )
    picture = belote.svg.table(played_state(), palette=palette)
    parse(picture)
    assert 'fill="rgb(31 107 69 / 50%)"' in picture


def test_text_xml_does_not_allow_is_replaced_and_the_picture_stays_well_formed() -> None:
    """A control character in a chart's label or title (user text) used to break the XML."""
    picture = belote.svg.strength_chart([("a\x01b\ufffe", 50.0, 40.0, 60.0)], title="t\x0bitle\ud800")
    root = parse(picture)
    assert root[0].text == "t\ufffditle\ufffd"
    assert "a\ufffdb\ufffd" in picture
    picture.encode("utf-8")  # no lone surrogate left


def test_trick_arguments_are_refused_as_the_rest_of_the_library_refuses_them() -> None:
    ace, king = Card.parse("AS"), Card.parse("KS")
    with pytest.raises(BeloteError, match=r"^bottom must be a seat 0\.\.3, got 4$"):
        belote.svg.table(played_state(), bottom=4)
    with pytest.raises(BeloteError, match=r"^a seat of plays must be a seat 0\.\.3, got 5$"):
        belote.svg.trick([(5, ace)])  # type: ignore[list-item]
    with pytest.raises(ArgumentTypeError, match=r"^trump must be a Trump"):
        belote.svg.hand(CardSet.parse("AS"), trump=1.5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"^hand must be a CardSet"):
        belote.svg.trick([(Seat(0), ace)], hand="AS")  # type: ignore[arg-type]
    with pytest.raises(belote.NotationError, match="not a trump mode"):  # checked without a hand too
        belote.svg.trick([(Seat(0), ace)], trump="x")  # type: ignore[arg-type]
    with pytest.raises(BeloteError, match="size must be from 1 to 1,000,000 pixels"):
        belote.svg.card(ace, size=10**309)
    with pytest.raises(BeloteError, match="plays must be in play order"):
        belote.svg.trick([(Seat(0), ace), (Seat(0), king)])
    with pytest.raises(BeloteError, match="plays must be in play order"):
        belote.svg.trick([(Seat(0), ace), (Seat(2), king)])
    with pytest.raises(BeloteError, match=r"^plays must hold different cards, got AS AS$"):
        belote.svg.trick([(Seat(0), ace), (Seat(1), ace)])
    with pytest.raises(BeloteError, match=r"^plays must hold different cards, got AS KS AS$"):
        belote.svg.trick([(Seat(0), ace), (Seat(1), king), (Seat(2), ace)])


def test_after_a_whole_trick_its_winner_is_to_play() -> None:
    """The winner leads the next trick: it sits at the bottom with the hand, marked to play
    (the seat after the trick's last card was)."""
    plays = [(Seat(0), Card.parse(text)) for text in ("7S",)]
    plays += [(Seat(1), Card.parse("AS")), (Seat(2), Card.parse("8S")), (Seat(3), Card.parse("TS"))]
    labels = [
        element.text
        for element in parse(belote.svg.trick(plays, hand=CardSet.parse("KH"), trump=Trump.HEARTS)).iter(
            f"{SVG}text"
        )
        if element.text and "·" in element.text
    ]
    assert "West · won · to play" in labels
    assert not any("North" in label and "to play" in label for label in labels)


def test_the_replay_pictures_sort_in_game_order_past_deal_999() -> None:
    from belote.cli.pictures import picture_name

    names = [picture_name(number, last, 1) for number, last in ((6, 1001), (101, 1001), (1001, 1001))]
    assert (
        names == sorted(names) == ["deal-0006-trick-1.svg", "deal-0101-trick-1.svg", "deal-1001-trick-1.svg"]
    )
    assert picture_name(7, 28, 8) == "deal-007-trick-8.svg"


def test_a_pictures_folder_the_system_cannot_name_is_one_line_of_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from belote.cli import main

    record = tmp_path / "game.json"
    assert main(["demo", "--seed", "7", "--level", "easy", "--save", str(record)]) == 0
    capsys.readouterr()
    assert main(["replay", str(record), "--svg", str(tmp_path / "a\0b")]) == 2
    assert "cannot write pictures to" in capsys.readouterr().err


# -- the table ------------------------------------------------------------------------------------


def test_the_table_shows_every_hand_the_trick_and_the_tricks_won() -> None:
    state = played_state()
    picture = belote.svg.table(state)
    visible = [card for hand in state.hands for card in hand] + [card for _, card in state.trick]
    assert state.turned is not None
    assert sorted(card_titles(picture)) == titled([*visible, state.turned])
    assert "North-South  1 · 26" in picture
    assert "East-West  0 · 0" in picture
    assert "hearts" in picture
    assert "by West (seat 1)" in picture
    # the legal cards of the seat to act are outlined by default, none with highlight=()
    assert picture.count(f'stroke="{TWO_COLOUR.highlight}"') == len(belote.legal_moves(state)) == 3
    assert f'stroke="{TWO_COLOUR.highlight}"' not in belote.svg.table(state, highlight=())


def test_after_trick_draws_the_table_when_that_trick_was_complete() -> None:
    state = random_round(CLASSIC, seed=5)
    assert state.phase is Phase.FINISHED
    for number in range(1, 9):
        picture = belote.svg.table(state, after_trick=number)
        trick = state.tricks[number - 1]
        left = [card for later in state.tricks[number:] for card in later.cards]
        assert sorted(card_titles(picture)) == titled([*left, *trick.cards, state.turned])
        assert f"trick {number} led by" in picture
    assert belote.svg.table(state) == belote.svg.table(state, after_trick=8)  # finished: the last trick


@pytest.mark.parametrize("variant", [CLASSIC, CLASSIC_501, BULGARIAN])
def test_every_reachable_table_is_valid_and_small(variant: belote.Variant) -> None:
    biggest = 0
    for seed in range(12):
        for stop in (0, 3, 9, 20, None):
            state = random_round(variant, seed=seed, stop=stop)
            for picture in (belote.svg.table(state), belote.svg.table(observe(state, Seat(seed % 4)))):
                parse(picture)
                biggest = max(biggest, len(picture.encode()))
    assert biggest < MAX_TABLE_BYTES


def test_a_whole_table_of_32_cards_face_up_is_under_30_kB() -> None:
    state = belote.deal(CLASSIC, dealer=Seat(0), seed=7)
    for text in ["pass"] * 4 + ["H"]:
        state = belote.bid(state, belote.parse_call(text))
    picture = belote.svg.table(state, palette=FOUR_COLOUR)
    assert len(card_titles(picture)) == 33  # 32 cards and the turned card
    assert len(picture.encode()) < MAX_TABLE_BYTES


# -- a view never draws a hidden card ----------------------------------------------------------------


def _swap_hidden(state: RoundState, seat: Seat) -> RoundState | None:
    """The same state with two other seats' hands exchanged card for card, or None when their
    sizes differ or the exchange would change what ``seat`` sees (the seat to act's legal cards)."""
    a, b = (other for other in Seat if other not in (seat, state.to_act))
    if len(state.hand(a)) != len(state.hand(b)) or state.hand(a) == state.hand(b):
        return None
    masks = list(state.hand_masks)
    masks[a], masks[b] = masks[b], masks[a]
    return attrs.evolve(state, hand_masks=tuple(masks))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), stop=st.integers(0, 40), seat=st.sampled_from(list(Seat)))
def test_two_deals_differing_only_in_hidden_cards_give_the_same_view_picture(
    seed: int, stop: int, seat: Seat
) -> None:
    state = random_round(CLASSIC, seed=seed, stop=stop)
    if state.phase is not Phase.PLAYING or state.to_act == seat:
        return
    other = _swap_hidden(state, seat)
    if other is None:
        return
    assert belote.svg.table(state) != belote.svg.table(other)  # the full tables differ
    assert belote.svg.table(observe(state, seat)) == belote.svg.table(observe(other, seat))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), stop=st.integers(0, 40), seat=st.sampled_from(list(Seat)))
def test_a_view_names_no_hidden_card(seed: int, stop: int, seat: Seat) -> None:
    state = random_round(BULGARIAN if seed % 2 else CLASSIC, seed=seed, stop=stop)
    view = observe(state, seat)
    public = set(view.hand) | set(view.played) | ({view.turned} if view.turned else set())
    for number in [None, *range(1, len(view.tricks) + 1)]:
        picture = belote.svg.table(view, after_trick=number)
        names = set(card_titles(picture))
        assert names <= {card_name(card) for card in public}
        hidden = [card for card in DECK if card not in public]
        assert not any(f"<title>{card_name(card)}</title>" in picture for card in hidden)
        assert not any(card_name(card) in picture for card in hidden)  # not in the description either


# -- notebooks ------------------------------------------------------------------------------------


def test_values_show_as_pictures_in_a_notebook() -> None:
    state = played_state()
    view = observe(state, Seat(2))
    game = play_match(CLASSIC_501, [make_agent("easy", seed=s) for s in range(4)], seed=2)
    hand = CardSet.parse("JH 9H AS")
    assert Card.parse("JH")._repr_svg_() == belote.svg.card(Card.parse("JH"))
    assert hand._repr_svg_() == belote.svg.hand(hand)
    assert state._repr_svg_() == belote.svg.table(state)
    assert view._repr_svg_() == belote.svg.table(view)
    assert game._repr_svg_() == belote.svg.score_sheet(game)
    assert isinstance(view, PlayerView)
    for picture in (state._repr_svg_(), view._repr_svg_(), game._repr_svg_(), hand._repr_svg_()):
        parse(picture)
    svg = belote.svg.table(state)
    assert svg._repr_svg_() == svg  # the functions' results show as pictures too


def test_the_score_sheet_has_a_row_per_deal_and_the_winner() -> None:
    game = play_match(CLASSIC_501, [make_agent("easy", seed=s) for s in range(4)], seed=2)
    picture = belote.svg.score_sheet(game)
    parse(picture)
    last = game.history[-1].scores_after
    assert f"{last[0]} - {last[1]}" in picture
    assert picture.count("passed out") == sum(entry.passed_out for entry in game.history)
    assert game.winner is not None
    assert "won the match" in picture


def test_the_strength_chart_places_each_share_between_its_bounds() -> None:
    rows = [("a", 63.0, 61.9, 64.1), ("b", 53.7, 53.2, 54.3)]
    root = parse(belote.svg.strength_chart(rows))
    dots = [float(c.get("cx", "0")) for c in root.iter(f"{SVG}circle") if c.get("r") == "5"]
    assert len(dots) == 2
    assert dots[0] > dots[1]
    assert "63.0% [61.9, 64.1]" in belote.svg.strength_chart(rows)


# -- the docs hook --------------------------------------------------------------------------------


def _load_hooks() -> ModuleType:
    path = ROOT / "docs" / "hooks" / "belote_docs.py"
    spec = importlib.util.spec_from_file_location("belote_docs_svg_test", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


hooks = _load_hooks()


def test_the_docs_markers_become_figures_with_the_legal_cards_computed() -> None:
    page = '<!-- belote:svg-legal trump=H hand="7H AH KD QC" trick="AS JH" caption="C10c." -->'
    html = hooks.render_markers(page, ROOT)
    assert html.startswith('<figure class="belote-figure"')
    assert "\n" not in html
    assert "Legal: ace of hearts, seven of hearts." in html
    parse(re.search(r"<svg.*</svg>", html)[0])  # type: ignore[index]
    bulgarian = page.replace("svg-legal", "svg-legal variant=bulgarian")
    assert "Legal: ace of hearts, seven of hearts, king of diamonds, queen of clubs." in hooks.render_markers(
        bulgarian, ROOT
    )
    with pytest.raises(ValueError, match="unknown options"):
        hooks.render_markers('<!-- belote:svg-hand cards="JH" colour=red -->', ROOT)


def test_every_svg_marker_of_the_docs_renders() -> None:
    count = 0
    for page in sorted((ROOT / "docs").rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        if "belote:svg-" not in text or page.name == "changelog.md":
            continue
        rendered = hooks.render_markers(text, ROOT)
        for picture in re.findall(r"<svg.*?</svg>", rendered):
            parse(picture)
            count += 1
        assert "belote:svg-" not in rendered
    assert count >= 14


def test_the_tournament_chart_draws_the_readme_numbers() -> None:
    page = (ROOT / "docs" / "tutorials" / "tournament.md").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = hooks.strength_rows(page)
    assert rows == hooks.strength_rows(readme)
    assert rows[0] == ("normal vs easy (classic)", 63.3, 61.8, 64.9)
