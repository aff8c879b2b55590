"""Exact values and refusals of belote.agents.objective that mutation testing (mutmut 3.8) found
untested by the fast rule tests (tests/test_objective.py, which compares the objective with
score_deal on many random and played ends, is slow and left out of the mutation run): each
team's sheet and value of a made, failed and capot deal from every seat's last trick, the ends
one objective remembers apart (a capot by a team or by one player, which one, or none) in
either order, one score_deal call per distinct end, the belotes, declarations and carry it is
given, and the sampled sheets: the belotes a sampled deal counts (announced, held, half played
in the 501 game), one objective per set of belotes, a belote given up, and the refusals.

The values are the rules' (docs/rules/): classic C-rules, the 501 game's one-player capot, the
coinche's bid, declarations and générale."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    COINCHE,
    ArgumentTypeError,
    BeloteError,
    CardSet,
    Contract,
    Declaration,
    PlayerView,
    Reason,
    Seat,
    Tally,
    TallyError,
    Trump,
    Variant,
    seat_view,
)
from belote.agents import objective as objective_module
from belote.agents.objective import DealObjective, SampledSheets
from belote.options import FirstLead
from belote.scoring import DealScore, score_deal

HEARTS = Contract(Seat(0), Trump.HEARTS)
GENERALE = attrs.evolve(COINCHE, generale_value=500)


def generale(taker: int) -> Contract:
    return Contract(Seat(taker), Trump.HEARTS, generale=True)


# ---------------------------------------------------------------- one deal's end on the sheet


@pytest.mark.parametrize(
    ("points", "tricks", "last", "sheet"),
    [
        ((82, 80), (2, 2, 2, 2), 0, (82, 80)),  # made: each team its points, the last 10 North's
        ((82, 80), (2, 2, 2, 2), 1, (82, 80)),  # the same points with West's last trick
        ((82, 80), (2, 2, 2, 2), 2, (82, 80)),
        ((82, 80), (2, 2, 2, 2), 3, (82, 80)),
        ((80, 82), (2, 2, 2, 2), 1, (0, 162)),  # failed: the defenders score the deal's 162
        ((100, 62), (4, 1, 2, 1), 0, (100, 62)),
        ((162, 0), (4, 0, 4, 0), 2, (252, 0)),  # capot: 252
        ((0, 162), (0, 4, 0, 4), 3, (0, 252)),  # the defenders' capot
        ((162, 0), (7, 1, 0, 0), 0, (162, 0)),  # West took a trick of no points: no capot
        ((0, 162), (1, 7, 0, 0), 1, (0, 162)),
    ],
)
def test_the_classic_sheet_of_an_end(
    points: tuple[int, int], tricks: tuple[int, ...], last: int, sheet: tuple[int, int]
) -> None:
    objective = DealObjective(CLASSIC, HEARTS)
    assert objective.sheet(points, tricks, last) == sheet
    assert objective.value(points, tricks, last, team=0) == sheet[0] - sheet[1]
    assert objective.value(points, tricks, last, team=1) == sheet[1] - sheet[0]


@pytest.mark.parametrize(
    ("points", "tricks", "last", "message"),
    [
        ((82, 81), (2, 2, 2, 2), 0, r"^card points \(72, 81\) must be >= 0 and sum to 152"),
        ((82, 80), (3, 3, 3, 3), 0, r"^tricks \(3, 3, 3, 3\) must sum to 8$"),
        ((82, 80), (2, 2, 3, 0), 0, r"^tricks \(2, 2, 3, 0\) must sum to 8$"),
        ((82, 80), (3, 2, 3, 0), 3, r"^seat 3 won the last trick but no trick at all$"),
        ((82, 80), (-1, 3, 3, 3), 0, r"^tricks must be four whole numbers >= 0"),
        ((82.0, 80), (2, 2, 2, 2), 0, r"^card_points must be a pair of whole numbers"),
        ((82, 80), (2.0, 2, 2, 2), 0, r"^tricks must be four whole numbers >= 0"),
        ((2, 160), (2, 2, 2, 2), 2, r"^card points \(-8, 160\) must be >= 0"),  # no 10 to the last trick's
        ((82, 80), (4, 0, 4, 0), 0, r"^team 1 won no trick but has 80 card points$"),
    ],
)
def test_an_impossible_end_is_refused_after_a_possible_one_scored_alike(
    points: tuple[float, int], tricks: tuple[float, ...], last: int, message: str
) -> None:
    # the score is remembered by the takers' points, the last trick's team and the capot: an end
    # sharing them with one scored before is still checked as a first end is
    objective = DealObjective(CLASSIC, HEARTS)
    assert objective.sheet((82, 80), (2, 2, 2, 2), 0) == (82, 80)
    assert objective.sheet((2, 160), (1, 3, 1, 3), 1) == (0, 162)
    with pytest.raises(TallyError, match=message):
        objective.sheet(points, tricks, last)  # type: ignore[arg-type]
    assert objective.sheet([82, 80], [3, 2, 2, 1], 2) == (82, 80)  # lists of plain ints, remembered


def test_the_last_trick_is_taken_from_its_team() -> None:
    # the points given hold the last trick's 10: (92, 80) leaves (82, 80) of cards, 162, not 152
    objective = DealObjective(CLASSIC, HEARTS)
    message = r"^card points \(82, 80\) must be >= 0 and sum to 152 in a hearts contract"
    with pytest.raises(TallyError, match=message):
        objective.sheet((92, 80), (2, 2, 2, 2), 0)
    assert DealObjective(CLASSIC, HEARTS).sheet((92, 70), (2, 2, 2, 2), 0) == (92, 70)
    assert DealObjective(CLASSIC, HEARTS).sheet((92, 70), (2, 2, 2, 2), 3) == (92, 70)


# Ends whose card points the objective cannot tell apart: one team took every card point with
# the last trick, and every trick or not, as a team or one player.
ENDS = [
    ((162, 0), (7, 1, 0, 0), 0),  # no capot: West took a trick of no points
    ((162, 0), (4, 0, 4, 0), 0),  # North-South's capot, the last trick North's
    ((162, 0), (4, 0, 4, 0), 2),  # ... or South's
    ((162, 0), (8, 0, 0, 0), 0),  # North alone
    ((162, 0), (0, 0, 8, 0), 2),  # South alone
    ((0, 162), (1, 7, 0, 0), 1),  # the same for East-West
    ((0, 162), (0, 4, 0, 4), 1),
    ((0, 162), (0, 4, 0, 4), 3),
    ((0, 162), (0, 8, 0, 0), 1),
    ((0, 162), (0, 0, 0, 8), 3),
]


def both_teams(north_south: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The sheets of North-South's ends, then of East-West's the same."""
    return north_south + [(east_west, north) for north, east_west in north_south]


@pytest.mark.parametrize(
    ("variant", "contract", "sheets"),
    [
        # classic: a capot is 252, by one player or two
        (CLASSIC, HEARTS, both_teams([(162, 0), (252, 0), (252, 0), (252, 0), (252, 0)])),
        # the 501 game: one player's capot is 350
        (CLASSIC_501, HEARTS, both_teams([(162, 0), (252, 0), (252, 0), (350, 0), (350, 0)])),
        # a générale: the taker alone must take every trick, else the defenders score it
        (GENERALE, generale(0), [(0, 500)] * 3 + [(500, 0)] + [(0, 500)] * 6),
        (GENERALE, generale(2), [(0, 500)] * 4 + [(500, 0)] + [(0, 500)] * 5),
        (GENERALE, generale(3), [(500, 0)] * 9 + [(0, 500)]),
    ],
    ids=["classic", "501", "generale-north", "generale-south", "generale-east"],
)
def test_capots_are_remembered_apart_in_either_order(
    variant: Variant, contract: Contract, sheets: list[tuple[int, int]]
) -> None:
    expected = dict(zip(ENDS, sheets, strict=True))
    for order in (ENDS, ENDS[::-1]):
        objective = DealObjective(variant, contract)
        assert [objective.sheet(*end) for end in order] == [expected[end] for end in order]


def test_each_distinct_end_is_scored_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def counted(variant: Variant, contract: Contract, tally: Tally, carry: int = 0) -> DealScore:
        calls.append(carry)
        return score_deal(variant, contract, tally, carry)

    monkeypatch.setattr(objective_module, "score_deal", counted)
    objective = DealObjective(CLASSIC, HEARTS)
    assert objective.sheet((82, 80), (2, 2, 2, 2), 0) == (82, 80)
    assert objective.sheet((82, 80), (5, 1, 1, 1), 2) == (82, 80)  # North-South's last trick again
    assert objective.value((82, 80), (3, 3, 1, 1), 0, team=1) == -2
    assert len(calls) == 1
    assert objective.sheet((82, 80), (2, 2, 2, 2), 1) == (82, 80)  # East-West's last trick
    assert objective.sheet((80, 82), (2, 2, 2, 2), 1) == (0, 162)
    assert objective.sheet((162, 0), (4, 0, 4, 0), 0) == (252, 0)
    assert objective.sheet((162, 0), (4, 0, 4, 0), 2) == (252, 0)
    assert len(calls) == 4
    assert calls == [0, 0, 0, 0]


def test_the_belotes_declarations_and_carry_given() -> None:
    # C13: a belote counts toward the contract; in classic each team keeps its own (imprenable)
    assert DealObjective(CLASSIC, HEARTS, belotes=[Seat(2)]).sheet((60, 102), (2, 2, 2, 2), 1) == (20, 162)
    assert DealObjective(CLASSIC, HEARTS, belotes=[Seat(1)]).sheet((82, 80), (2, 2, 2, 2), 1) == (0, 182)
    # a coinche 80 in hearts: 72 fails alone (160 + 80 to the defenders), makes with a tierce
    # (70 rounded + 80 bid + 20)
    coinche = Contract(Seat(0), Trump.HEARTS, bid=80)
    tierce = Declaration(Seat(0), CardSet.parse("7S 8S 9S"))
    assert DealObjective(COINCHE, coinche).sheet((72, 90), (2, 2, 2, 2), 1) == (0, 240)
    shown = DealObjective(COINCHE, coinche, declarations=[tierce])
    assert shown.sheet((72, 90), (2, 2, 2, 2), 1) == (170, 90)
    # points held from a tied deal go to the deal's winner
    assert DealObjective(CLASSIC, HEARTS, carry=81).sheet((100, 62), (4, 1, 2, 1), 0) == (181, 62)
    assert DealObjective(CLASSIC, HEARTS, carry=81).value((60, 102), (2, 2, 2, 2), 1, team=1) == 243
    assert DealObjective(CLASSIC, HEARTS).sheet((100, 62), (4, 1, 2, 1), 0) == (100, 62)


# ---------------------------------------------------------------- the sheets of sampled deals

KING_QUEEN = CardSet.parse("KH QH").mask
KING, QUEEN = CardSet.parse("KH").mask, CardSet.parse("QH").mask


def hearts_view(variant: Variant, plays: str = "", **options: object) -> PlayerView:
    """South's view of North's hearts, West leading (the eldest, or the dealer in the 501 game)."""
    return seat_view(
        variant,
        Seat(2),
        hand="7S 8S 9S TS 7D 8D 9D TD",
        dealer=Seat(1) if variant.first_lead is FirstLead.DEALER else Seat(0),
        turned="JH",
        contract=HEARTS,
        plays=plays,
        **options,  # type: ignore[arg-type]
    )


def test_sampled_sheets_refuse_a_view_without_a_contract() -> None:
    with pytest.raises(ArgumentTypeError, match=r"^view must be a PlayerView, got None$"):
        SampledSheets(None)  # type: ignore[arg-type]
    bidding = seat_view(CLASSIC, Seat(1), hand="7S 8S 9S TS 7D", dealer=Seat(0), turned="JH")
    with pytest.raises(BeloteError, match=r"^no contract yet: the deal is not in play$") as raised:
        SampledSheets(bidding)
    assert raised.value.reason is Reason.WRONG_PHASE


@pytest.mark.parametrize(
    ("hands", "belotes"),
    [
        ((0, 0, 0, 0), ()),
        ((0, KING_QUEEN, 0, 0), (Seat(1),)),
        ((0, 0, 0, KING_QUEEN | CardSet.parse("7C").mask), (Seat(3),)),
        ((KING, 0, 0, QUEEN), ()),  # the pair apart
        ((CardSet.parse("KS QS").mask, 0, 0, 0), ()),  # not trumps
    ],
)
def test_the_belotes_of_a_sampled_deal(hands: Sequence[int], belotes: tuple[Seat, ...]) -> None:
    sheets = SampledSheets(hearts_view(CLASSIC))
    assert sheets.belotes(hands) == belotes
    end = ((82, 80), (2, 2, 2, 2), 1)
    assert sheets(hands).sheet(*end) == ((0, 182) if belotes else (82, 80))


def test_an_announced_belote_is_counted_with_the_held_ones_in_seat_order() -> None:
    sheets = SampledSheets(hearts_view(CLASSIC, "KH*"))  # West announced it
    assert sheets.belotes((0, 0, 0, 0)) == (Seat(1),)
    assert sheets.belotes((0, QUEEN, 0, 0)) == (Seat(1),)
    assert sheets((0, 0, 0, 0)).sheet((82, 80), (2, 2, 2, 2), 1) == (0, 182)
    # all trumps: a belote in each suit, announced or still held
    view = seat_view(
        BULGARIAN,
        Seat(2),
        hand="7S 8S 9S TS 7D 8D 9D TD",
        dealer=Seat(0),
        contract=Contract(Seat(0), Trump.ALL_TRUMPS),
        plays="KH*",
    )
    all_trumps = SampledSheets(view)
    clubs = CardSet.parse("KC QC").mask
    assert all_trumps.belotes((clubs, 0, 0, 0)) == (Seat(0), Seat(1))
    assert all_trumps.belotes((0, 0, 0, clubs)) == (Seat(1), Seat(3))
    assert all_trumps.belotes((0, clubs, 0, 0)) == (Seat(1), Seat(1))  # two belots of West's


def test_a_belote_let_pass_is_not_counted_where_it_must_be_announced() -> None:
    sheets = SampledSheets(hearts_view(CLASSIC, "KH"))  # West played the king without a word
    assert sheets.belotes((0, QUEEN, 0, 0)) == ()


def test_a_belote_half_played_is_the_dealt_hands_in_the_501_game() -> None:
    # West played the king (North, dealt the turned jack, took the trick), then a second card:
    # the queen still held makes the belote West was dealt
    sheets = SampledSheets(hearts_view(CLASSIC_501, "KH 7S 7H JH  JC 9C 7D TC"))
    assert sheets.belotes((0, QUEEN, 0, 0)) == (Seat(1),)
    assert sheets.belotes((QUEEN, 0, 0, 0)) == ()
    assert sheets.belotes((0, 0, 0, 0)) == ()
    first = SampledSheets(hearts_view(CLASSIC_501, "QH"))
    assert first.belotes((0, KING, 0, 0)) == (Seat(1),)
    assert first.belotes((0, 0, 0, KING)) == ()


def test_one_objective_per_set_of_belotes_with_the_views_declarations_and_carry() -> None:
    sheets = SampledSheets(hearts_view(CLASSIC, scores=(0, 0), carry=81))
    assert sheets((0, 0, 0, 0)) is sheets((0, 0, 0, 0))
    assert sheets((0, KING_QUEEN, 0, 0)) is sheets((0, KING_QUEEN | CardSet.parse("7C").mask, 0, 0))
    assert sheets((0, KING_QUEEN, 0, 0)) is not sheets((0, 0, 0, 0))
    assert sheets((0, 0, 0, 0)).sheet((100, 62), (4, 1, 2, 1), 0) == (181, 62)
    coinche = Contract(Seat(0), Trump.HEARTS, bid=80)
    view = seat_view(
        COINCHE, Seat(1), hand="7S 8S 9S TS 7D 8D 9D TD", dealer=Seat(3), contract=coinche, plays="7C(7C8C9C)"
    )
    assert SampledSheets(view)((0, 0, 0, 0)).sheet((72, 90), (2, 2, 2, 2), 1) == (170, 90)


def test_a_belote_given_up_is_one_fewer() -> None:
    view = seat_view(
        BULGARIAN,
        Seat(1),
        hand="KH QH KD QD 7S 8S TS AS",  # no declaration: only the belotes differ
        dealer=Seat(0),
        contract=Contract(Seat(3), Trump.ALL_TRUMPS),
    )
    sheets = SampledSheets(view)
    hands = (0, view.hand.mask, 0, 0)
    assert sheets.belotes(hands) == (Seat(1), Seat(1))
    assert sheets.forfeited(hands, 1) is sheets((0, KING_QUEEN, 0, 0))
    assert sheets.forfeited((0, KING_QUEEN, 0, 0), 1) is sheets((0, 0, 0, 0))
    assert sheets.forfeited(hands, 0) is sheets(hands)  # North holds none to give up
    assert sheets.forfeited((0, 0, 0, 0), 1) is sheets((0, 0, 0, 0))


WITHOUT_DECLARATIONS = attrs.evolve(BULGARIAN, announcements="off")
SOUTH_HAND = "7C 8C 9C TC 7D 8D JS QS"  # 7C-TC: a quarta (50)
SOUTH_QUARTA = CardSet.parse(SOUTH_HAND).mask
EAST_TERCA = CardSet.parse("9D TD JD 7S 8S AS KS AC").mask  # 9D-JD: a terca (20)
NORTH_CARRE = CardSet.parse("9H 9S 9D 9C 7H 8H AD KD").mask  # four nines: a carré (150)


def south_view(
    variant: Variant = BULGARIAN, trump: Trump = Trump.SPADES, hand: str = SOUTH_HAND, plays: str = ""
) -> PlayerView:
    """South's view of a first trick, North dealing (West leads) and taking in ``trump``."""
    return seat_view(
        variant, Seat(2), hand=hand, dealer=Seat(0), contract=Contract(Seat(0), trump), plays=plays
    )


def test_the_declarations_still_to_be_shown_follow_the_play_order() -> None:
    """West led with its terca shown; South (to act), East and North have still to show theirs."""
    view = south_view(plays="KH(KHQHJH)")
    sheets = SampledSheets(view)
    shown = view.declarations
    hands = (NORTH_CARRE, 0, SOUTH_QUARTA, EAST_TERCA)
    declarations = sheets.declarations(hands)
    assert [str(d) for d in declarations] == [
        "terca KH QH JH (20)",
        "quarta TC 9C 8C 7C (50)",
        "terca JD TD 9D (20)",
        "carré 9S 9H 9D 9C (150)",
    ]
    assert declarations[:1] == shown
    assert [d.seat for d in declarations] == [Seat(1), Seat(2), Seat(3), Seat(0)]
    # nothing held, nothing shown
    assert sheets.declarations((0, 0, SOUTH_QUARTA, 0))[1:] == declarations[1:2]
    assert sheets.declarations((0, 0, 0, 0)) == shown
    assert sheets.declarations((0, EAST_TERCA, 0, 0)) == shown  # West has played its first card


def test_the_sheet_of_a_sampled_deal_counts_its_declarations() -> None:
    sheets = SampledSheets(south_view())
    plain = sheets((0, 0, 0, 0))
    with_quarta = sheets((0, 0, SOUTH_QUARTA, 0))
    assert with_quarta is not plain
    assert with_quarta is sheets((0, 0, SOUTH_QUARTA, 0))  # one sheet per set of declarations
    assert sheets((NORTH_CARRE, 0, 0, 0)) is not with_quarta
    end = (90, 72), (2, 2, 2, 2), 0  # North's team takes 90 of 162: made without declarations
    assert plain.sheet(*end) == (9, 7)
    assert with_quarta.sheet(*end) == (14, 7)  # the quarta is the takers' too: 140 of them
    assert sheets.forfeited((0, 0, SOUTH_QUARTA, 0), 0) is with_quarta  # North holds no belote


@pytest.mark.parametrize(
    ("variant", "trump", "hand", "plays"),
    [
        (BULGARIAN, Trump.NO_TRUMPS, SOUTH_HAND, ""),  # no declarations in no trumps
        (WITHOUT_DECLARATIONS, Trump.SPADES, SOUTH_HAND, ""),
        (BULGARIAN, Trump.SPADES, "7C 8C 9C TC 7D 8D JS", "AH 7H 8H 9H"),  # the first trick is over
    ],
)
def test_no_declarations_to_come(variant: Variant, trump: Trump, hand: str, plays: str) -> None:
    view = south_view(variant, trump, hand, plays)
    sheets = SampledSheets(view)
    hands = (NORTH_CARRE, 0, SOUTH_QUARTA, EAST_TERCA)
    assert sheets.declarations(hands) == view.declarations == ()
    assert sheets(hands) is sheets((0, 0, 0, 0))
