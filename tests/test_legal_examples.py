"""Table tests of the play rules: the published worked cases and one case per rule.

``PUBLISHED`` is a verbatim copy of every ``"kind": "legal"`` case of the published worked cases
(ids kept, so a disagreement can be traced to its source and its "why"). ``RULE_CASES`` adds
one or more cases per rule C7-C11, B5-B7, K4 and the edge cases of the play rules, under the option
values that change them. Every case runs through ``belote.legal_cards`` and through the
slow reference of ``reference_legal.py``, so the table also checks the reference.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    COINCHE,
    BeloteError,
    Card,
    CardSet,
    Reason,
    Seat,
    Trump,
    Variant,
    legal_cards,
    trick_winner,
)
from reference_legal import reference_legal_cards, reference_trick_winner

VARIANTS: dict[str, Variant] = {
    "classic": CLASSIC,
    "mac": CLASSIC_501,
    "bulgarian": BULGARIAN,
    "coinche": COINCHE,
}

# (id, variant, trump, trick "seat:card ...", seat to act, hand, legal) - from the published worked cases
PUBLISHED = [
    ("CL-L01", "classic", "H", "", 0, "7S AH KD 9C", "7S 9C AH KD"),
    ("CL-L02", "classic", "H", "0:AS", 1, "7S KS JH AD", "7S KS"),
    ("CL-L03", "classic", "H", "0:KS", 1, "AS 7S 9H", "7S AS"),
    ("CL-L04", "classic", "H", "0:AH", 1, "7H JH 9H KS", "9H JH"),
    ("CL-L05", "classic", "H", "0:JH", 1, "7H AH KS", "7H AH"),
    ("CL-L06", "classic", "H", "0:9H", 1, "7S AD KC", "7S AD KC"),
    ("CL-L07", "classic", "H", "0:AH 1:7H", 2, "9H 8H AS", "9H"),
    ("CL-L08", "classic", "H", "0:TH 1:9H", 2, "AH JH KH 7D", "JH"),
    ("CL-L09", "classic", "H", "2:JH 3:7H", 0, "9H AH KS", "9H AH"),
    ("CL-L10", "classic", "H", "0:AS 1:7S", 2, "7H JH KD QC", "7H JH KD QC"),
    ("MC-L01", "mac", "H", "0:TD", 1, "7D AD JH", "7D AD"),
    ("CO-L01", "coinche", "H", "0:AS 1:JH", 2, "7H AH KD QC", "7H AH KD QC"),
    ("CO-L02", "coinche", "H", "0:AS 1:9H", 2, "JH 7H KD", "JH"),
    ("CO-L03", "coinche", "ALL", "0:AS", 1, "9S 7S KD", "9S"),
    ("BG-L01", "bulgarian", "S", "", 1, "7S AH KD", "7S AH KD"),
    ("BG-L02", "bulgarian", "S", "0:AS", 1, "9S KS 7D", "9S"),
    ("BG-L03", "bulgarian", "S", "0:JS", 1, "9S 7S AD", "7S 9S"),
    ("BG-L04", "bulgarian", "S", "0:AS 1:7S", 2, "9S 8S KD", "9S"),
    ("BG-L05", "bulgarian", "S", "0:KH", 1, "AH 7H JS", "7H AH"),
    ("BG-L06", "bulgarian", "S", "0:AH", 1, "7S KD 8C", "7S"),
    ("BG-L07", "bulgarian", "S", "0:AH 1:9S", 2, "JS 7S KD", "JS"),
    ("BG-L08", "bulgarian", "S", "0:AH 1:9S", 2, "7S AS KD", "7S AS KD"),
]

# Option sets for the rule table: a name -> changes to a base preset.
OPTIONS: dict[str, tuple[Variant, dict[str, Any]]] = {
    "classic": (CLASSIC, {}),
    "no_overtrump_partner": (CLASSIC, {"trump_lead_must_overtrump_partner": False}),
    "undertrump_free": (CLASSIC, {"undertrump_opponent": "free"}),
    "undertrump_forbidden": (CLASSIC, {"undertrump_opponent": "forbidden_unless_forced"}),
    "pm_no_undertrump": (CLASSIC, {"partner_master_trumped": "no_undertrump"}),
    "pm_must_overtrump": (CLASSIC, {"partner_master_trumped": "must_overtrump"}),
    "bulgarian": (BULGARIAN, {}),
    "bg_partner_exception": (BULGARIAN, {"tout_atout_partner_exception": True}),
    "coinche": (COINCHE, {}),
    "coinche_partner_exception": (COINCHE, {"tout_atout_partner_exception": True}),
}

# (id, options, trump, trick, seat, hand, legal, why)
RULE_CASES = [
    # C7: follow suit; never trump while holding the led suit, no obligation to beat.
    ("C7-follow-no-beat", "classic", "H", "0:9S", 1, "AS 7S JH", "AS 7S", "no need to beat 9S"),
    ("C7-no-trump-to-overtrump", "classic", "H", "0:AS 1:JH", 2, "7S 9H AH", "7S", "hold spades: follow"),
    ("C7-follow-low-under-partner", "classic", "D", "0:AC 1:7C", 2, "8C KC JD", "KC 8C", "follow only"),
    # C8: trumps led.
    ("C8-beat-highest-not-led", "classic", "H", "0:7H 1:AH", 2, "TH 9H KS", "9H", "TH is below AH"),
    ("C8-overtrump-partner", "classic", "H", "0:AH 1:7H", 2, "9H 8H AS", "9H", "partner's AH too"),
    ("C8-option-false-partner", "no_overtrump_partner", "H", "0:AH 1:7H", 2, "9H 8H AS", "9H 8H", ""),
    ("C8-option-false-opponent", "no_overtrump_partner", "H", "0:7H 1:AH", 2, "TH 9H AS", "9H", "opp master"),
    ("C8-option-false-fourth", "no_overtrump_partner", "H", "1:AH 2:JH 3:7H", 0, "9H 8H QC", "9H 8H", ""),
    ("C8-cannot-beat-any-trump", "classic", "H", "1:AH 2:JH 3:7H", 0, "9H 8H QC", "9H 8H", "J unbeatable"),
    ("C8-no-trump-any-card", "classic", "C", "3:7C 0:JC", 1, "AS KD 7H", "AS KD 7H", "void in trumps"),
    # C9: plain suit led, void, partner master.
    ("C9-free-plain-master", "classic", "H", "0:AS 1:7S", 2, "7H JH KD", "7H JH KD", "discard or trump"),
    ("C9-free-undertrump", "classic", "H", "0:AS 1:8H 2:7S", 3, "7H JH KD", "7H JH KD", "7H under 8H ok"),
    ("C9-no-undertrump", "pm_no_undertrump", "H", "0:AS 1:8H 2:7S", 3, "7H JH KD", "JH KD", "not 7H"),
    ("C9-no-undertrump-plain", "pm_no_undertrump", "H", "0:AS 1:7S", 2, "7H KD", "7H KD", "no trump yet"),
    ("C9-no-undertrump-discard", "pm_no_undertrump", "H", "0:AS 1:JH 2:7S", 3, "7H 7C", "7C", "discard"),
    (
        "C9-no-undertrump-forced",
        "pm_no_undertrump",
        "H",
        "0:AS 1:JH 2:7S",
        3,
        "7H 8H",
        "7H 8H",
        "only trumps",
    ),
    ("C9-must-overtrump-plain", "pm_must_overtrump", "H", "0:AS 1:7S", 2, "7H JH KD", "7H JH", "must trump"),
    ("C9-must-overtrump-trump", "pm_must_overtrump", "H", "0:AS 1:8H 2:7S", 3, "7H JH KD", "JH", "overtrump"),
    ("C9-must-overtrump-under", "pm_must_overtrump", "H", "0:AS 1:JH 2:7S", 3, "7H KD", "7H", "C10c"),
    # C10: plain suit led, void, an opponent master (second hand included).
    ("C10a-second-hand", "classic", "H", "0:AS", 1, "7H JH KD", "7H JH", "partner not played"),
    ("C10a-third-hand", "classic", "H", "0:7S 1:AS", 2, "7H KD", "7H", "opponent AS master"),
    ("C10b-overtrump", "classic", "H", "0:AS 1:9H", 2, "JH 7H KD", "JH", ""),
    ("C10b-fourth-hand", "classic", "S", "1:7D 2:AD 3:8S", 0, "JS 9S 7S AC", "JS 9S", "over 8S"),
    ("C10c-must-undertrump", "classic", "H", "0:AS 1:JH", 2, "7H AH KD", "7H AH", "pisser"),
    ("C10c-free", "undertrump_free", "H", "0:AS 1:JH", 2, "7H AH KD", "7H AH KD", "coinche"),
    ("C10c-forbidden", "undertrump_forbidden", "H", "0:AS 1:JH", 2, "7H AH KD", "KD", "discard"),
    ("C10c-forbidden-forced", "undertrump_forbidden", "H", "0:AS 1:JH", 2, "7H AH", "7H AH", "only trumps"),
    ("C10d-no-trumps", "classic", "H", "0:AS 1:JH", 2, "KD QC", "KD QC", "nothing to trump with"),
    # C11: partner's trump overtrumped by an opponent is not master.
    ("C11-overtrump-opponent", "classic", "H", "0:AS 1:8H 2:QH", 3, "KH 7H KD", "KH", "QH master"),
    ("C11-undertrump", "classic", "H", "0:AS 1:8H 2:QH", 3, "7H KD", "7H", "must undertrump"),
    ("C11-free", "undertrump_free", "H", "0:AS 1:8H 2:QH", 3, "7H KD", "7H KD", ""),
    ("C11-overtrump-with-nine", "classic", "H", "0:AS 1:8H 2:QH", 3, "9H KD", "9H", "still overtrump"),
    # B5: Bulgarian suit contract.
    ("B5-trump-led-beat-partner", "bulgarian", "S", "0:AS 1:7S", 2, "9S 8S KD", "9S", "regardless"),
    ("B5-partner-master-void", "bulgarian", "S", "0:AH 1:7H", 2, "7S KD", "7S KD", "any card"),
    ("B5-must-trump", "bulgarian", "S", "0:AH", 1, "7S KD 8C", "7S", ""),
    ("B5-overtrump", "bulgarian", "S", "0:AH 1:9S", 2, "JS 7S KD", "JS", ""),
    ("B5-no-undertrump-duty", "bulgarian", "S", "0:AH 1:9S", 2, "7S AS KD", "7S AS KD", ""),
    # B6: Bulgarian all trumps.
    ("B6-beat-partner", "bulgarian", "ALL", "0:AS 1:7S", 2, "9S KS 7D", "9S", "regardless"),
    ("B6-ignore-off-suit", "bulgarian", "ALL", "0:KS 1:JH", 2, "TS QS", "TS", "T above K"),
    ("B6-cannot-beat", "bulgarian", "ALL", "0:JS", 1, "9S 7S AD", "9S 7S", "follow"),
    ("B6-void", "bulgarian", "ALL", "0:JS", 1, "7D 8C JH", "7D 8C JH", "no trumping in all trumps"),
    ("B6-exception", "bg_partner_exception", "ALL", "0:AS 1:7S", 2, "9S KS", "9S KS", ""),
    ("B6-exception-opponent", "bg_partner_exception", "ALL", "0:7S 1:AS", 2, "9S KS", "9S", ""),
    ("B6-exception-fourth", "bg_partner_exception", "ALL", "1:7D 2:9D 3:8D", 0, "JD QD", "JD QD", ""),
    # B7: no trumps.
    ("B7-follow", "bulgarian", "NONE", "0:KS", 1, "AS 7S JH", "AS 7S", "no beat duty"),
    ("B7-void", "bulgarian", "NONE", "0:KS 1:AH", 2, "JH 7D", "JH 7D", "no trumps"),
    ("B7-no-trump-power", "bulgarian", "NONE", "0:7S 1:JH 2:8S", 3, "9S AS JD", "AS 9S", "follow"),
    # K4: tout atout (coinche play rules).
    ("K4-beat", "coinche", "ALL", "0:TS", 1, "9S KS 7D", "9S", "9 above T"),
    ("K4-beat-partner", "coinche", "ALL", "0:QH 1:KH 2:7H", 3, "TH 8H", "TH", "even partner"),
    ("K4-exception", "coinche_partner_exception", "ALL", "0:QH 1:KH 2:7H", 3, "TH 8H", "TH 8H", ""),
    ("K4-sans-atout", "coinche", "NONE", "0:TC", 1, "AC 7C JS", "AC 7C", "follow only"),
    # Edge cases of the play rules.
    ("E8-trump-led-partner-master", "classic", "S", "3:8S 0:QS 1:7S", 2, "KS JS 8D", "KS JS", "beat QS"),
    ("E8-led-suit-no-trump-even-to-win", "classic", "C", "0:AD 1:JC", 2, "7D JD 9C", "JD 7D", "follow"),
    ("E8-second-hand-must-trump", "classic", "D", "2:AC", 3, "7D 8H", "7D", "partner not played"),
    ("E8-opponent-trumped-classic", "classic", "D", "2:AC 3:JD", 0, "7D 8H", "7D", "must undertrump"),
    ("E8-opponent-trumped-bulgarian", "bulgarian", "D", "2:AC 3:JD", 0, "7D 8H", "7D 8H", "free"),
    ("E8-partner-then-opponent", "classic", "D", "2:AC 3:7D 0:8D", 1, "9H QD", "QD", "8D master"),
    ("E8-all-trumps-off-suit", "bulgarian", "ALL", "0:8C 1:AS 2:JH", 3, "9C 7C", "9C", "beat 8C only"),
    ("E8-all-trumps-ten-above-king", "coinche", "ALL", "0:KD", 1, "TD QD", "TD", ""),
]


def _trick(text: str) -> list[tuple[Seat, Card]]:
    pairs = []
    for item in text.split():
        seat, card = item.split(":")
        pairs.append((Seat(int(seat)), Card.parse(card)))
    return pairs


def _check(
    variant: Variant, trump_text: str, trick_text: str, seat: int, hand_text: str, legal_text: str
) -> None:
    trick = _trick(trick_text)
    if trick:
        assert trick[-1][0].next == Seat(seat), "the case's seat must act after the trick"
    hand = CardSet.parse(hand_text)
    expected = CardSet.parse(legal_text)
    trump = Trump.parse(trump_text)
    got = legal_cards(hand, trick, trump=trump, variant=variant)
    assert got == expected, f"library: {got}, expected {expected}"
    # the same through a plain list of cards
    assert legal_cards(list(hand), tuple(trick), trump=trump, variant=variant) == expected
    reference = reference_legal_cards(hand, trick, trump, variant)
    assert reference == set(expected), f"reference: {CardSet.of(reference)}, expected {expected}"


@pytest.mark.parametrize(
    ("case_id", "variant", "trump", "trick", "seat", "hand", "legal"),
    PUBLISHED,
    ids=[c[0] for c in PUBLISHED],
)
def test_published_legal_cases(
    case_id: str, variant: str, trump: str, trick: str, seat: int, hand: str, legal: str
) -> None:
    _check(VARIANTS[variant], trump, trick, seat, hand, legal)


@pytest.mark.parametrize(
    ("case_id", "options", "trump", "trick", "seat", "hand", "legal", "why"),
    RULE_CASES,
    ids=[c[0] for c in RULE_CASES],
)
def test_rule_cases(
    case_id: str, options: str, trump: str, trick: str, seat: int, hand: str, legal: str, why: str
) -> None:
    base, changes = OPTIONS[options]
    _check(attrs.evolve(base, **changes), trump, trick, seat, hand, legal)


def test_rule_cases_cover_every_rule_and_option() -> None:
    prefixes = {case[0].split("-")[0] for case in RULE_CASES}
    assert prefixes >= {"C7", "C8", "C9", "C10a", "C10b", "C10c", "C10d", "C11", "B5", "B6", "B7", "K4", "E8"}
    assert {case[1] for case in RULE_CASES} == set(OPTIONS)
    assert len({case[0] for case in RULE_CASES}) == len(RULE_CASES)


# ---------------------------------------------------------------- trick winner


@pytest.mark.parametrize(
    ("trump", "trick", "winner"),
    [
        ("H", "0:TS 1:AS 2:7H 3:KS", 2),  # the only trump wins
        ("H", "0:TS 1:AS 2:KS 3:QS", 1),  # highest of the led suit
        ("H", "0:7S 1:AD 2:KC 3:8S", 3),  # off-suit aces never win
        ("H", "0:AS 1:8H 2:QH 3:7H", 2),  # highest trump (Q above 8)
        ("H", "0:9H 1:AH 2:JH 3:TH", 2),  # trump order J 9 A T
        ("S", "1:KD 2:TD 3:AD 0:JD", 3),  # plain order A T K ... J
        ("ALL", "0:KS 1:JH 2:TS 3:9D", 2),  # all trumps: led suit only, T above K
        ("ALL", "0:QS 1:9S 2:JS 3:AS", 2),
        ("NONE", "0:9S 1:JS 2:AH 3:7S", 1),  # no trumps: J above 9
        ("NONE", "3:7C 0:AD 1:AH 2:AS", 3),
        ("C", "0:AS", 0),
        ("C", "0:AS 1:7C", 1),
    ],
)
def test_trick_winner_table(trump: str, trick: str, winner: int) -> None:
    pairs = _trick(trick)
    mode = Trump.parse(trump)
    assert trick_winner(pairs, trump=mode) is Seat(winner)
    assert reference_trick_winner(pairs, mode) is Seat(winner)


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("hand", "trick"),
    [
        ("", "0:AS"),  # empty hand
        ("AS KS", "0:AS"),  # card both in hand and trick
        ("KS", "0:AS 1:AS"),  # duplicate in trick
        ("KS", "0:AS 2:TS"),  # seats out of order
        ("KS", "0:AS 1:TS 2:QS 3:JS"),  # too many cards
    ],
)
def test_legal_cards_bad_input(hand: str, trick: str) -> None:
    with pytest.raises(BeloteError) as caught:
        legal_cards(CardSet.parse(hand), _trick(trick), trump=Trump.HEARTS, variant=CLASSIC)
    assert caught.value.reason is Reason.BAD_ARGUMENT


@pytest.mark.parametrize("trick", [[], [("x", Card.parse("AS"))], [(Seat(0), "AS")], [(Seat(0),)]])
def test_trick_winner_and_legal_cards_bad_tricks(trick: list[Any]) -> None:
    with pytest.raises(BeloteError) as caught:
        trick_winner(trick, trump=Trump.HEARTS)
    assert caught.value.reason is Reason.BAD_ARGUMENT
    if trick:
        with pytest.raises(BeloteError):
            legal_cards(CardSet.parse("7C"), trick, trump=Trump.HEARTS, variant=CLASSIC)


@pytest.mark.parametrize("trick", ["", "0:AS"])
def test_legal_cards_needs_a_variant(trick: str) -> None:
    with pytest.raises(BeloteError, match="variant must be a Variant") as caught:
        legal_cards(CardSet.parse("7H"), _trick(trick), trump=Trump.HEARTS, variant="classic")  # type: ignore[arg-type]
    assert caught.value.reason is Reason.BAD_ARGUMENT


@pytest.mark.parametrize("trump", ["X", 9])
def test_legal_cards_bad_trump(trump: object) -> None:
    with pytest.raises(BeloteError) as caught:
        legal_cards(CardSet.parse("7H"), [], trump=trump, variant=CLASSIC)  # type: ignore[arg-type]
    assert caught.value.reason is Reason.BAD_ARGUMENT


def test_trick_winner_bad_fourth_card() -> None:
    pairs = _trick("0:AS 1:KS 2:QS")
    with pytest.raises(BeloteError):
        trick_winner([*pairs, (Seat(0), Card.parse("JS"))], trump=Trump.HEARTS)  # wrong seat
    with pytest.raises(BeloteError):
        trick_winner([*pairs, (Seat(3), Card.parse("AS"))], trump=Trump.HEARTS)  # duplicate
    with pytest.raises(BeloteError):
        trick_winner([*pairs, (Seat(3), Card.parse("JS")), (Seat(0), Card.parse("7S"))], trump=Trump.HEARTS)
