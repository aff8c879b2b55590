"""Exact cards of belote.agents.heuristics, the normal player's card play, that mutation testing
(mutmut 3.8) found untested by the fast tests (the agents' test files play whole deals and are
left out of the mutation run): which card beats which, the master cards, the cheapest card to
give away, the points given to a master partner, the cheapest winner, the lead, and the choice
between winning, trumping and playing low, each on a hand-built trick."""

from __future__ import annotations

import pytest

from _player_helpers import number
from belote import CardSet, Trump
from belote.agents import heuristics as h

C, D, H, S, NT, AT = (int(mode) for mode in Trump)


def mask(text: str) -> int:
    """The mask of the cards of ``text``."""
    return CardSet.parse(text).mask


def cards(text: str) -> list[int]:
    """The card numbers of ``text``, in the order written."""
    return [number(card) for card in text.split()]


def test_worth_winning_is_ten_card_points() -> None:
    assert h.WORTH_WINNING == 10


@pytest.mark.parametrize(
    ("card", "best", "mode", "expected"),
    [
        ("7H", "AS", H, True),  # any trump beats a plain card
        ("AS", "7H", H, False),  # a plain card never beats a trump
        ("JH", "9H", H, True),  # trumps by trump order
        ("9H", "JH", H, False),
        ("8H", "AH", H, False),
        ("8H", "7H", H, True),
        ("AS", "KS", H, True),  # a plain card of the same suit by plain order
        ("TS", "KS", H, True),
        ("KS", "AS", H, False),
        ("AD", "KS", H, False),  # a plain card of another suit never wins
        ("AD", "7C", S, False),  # (suits 0 and 1 share card >> 4)
        ("AS", "7H", C, False),  # (suits 2 and 3 too)
        ("TS", "KS", NT, True),
        ("9S", "AS", AT, True),  # all trumps: each suit by trump order
        ("AS", "9S", AT, False),
        ("JD", "7S", AT, False),  # all trumps: no suit beats another
    ],
)
def test_beats(card: str, best: str, mode: int, expected: bool) -> None:
    assert h.beats(number(card), number(best), mode) is expected


@pytest.mark.parametrize(
    ("card", "mode", "unseen", "expected"),
    [
        ("KS", H, "AS", False),
        ("KS", H, "TS", False),  # plain order: the ten above the king
        ("KS", H, "QS 7H AD", True),
        ("AH", H, "9H", False),  # trump order: the nine above the ace
        ("AH", H, "TH KS", True),
        ("AS", AT, "9S", False),
        ("AS", AT, "", True),
    ],
)
def test_is_master(card: str, mode: int, unseen: str, expected: bool) -> None:
    assert h.is_master(number(card), mode, mask(unseen)) is expected


@pytest.mark.parametrize(
    ("text", "mode", "expected"),
    [
        ("7H 8S", H, "8S"),  # trumps last
        ("7H 9H", H, "7H"),  # only trumps: the cheapest of them
        ("TS KS", H, "KS"),  # fewest points
        ("AS 7S 9S", H, "7S"),
        ("7S 8S", H, "7S"),  # no points: the weakest
        ("9D 8S", NT, "8S"),
        ("7C 7D", H, "7C"),  # alike: the first card number
        ("KD KS", AT, "KD"),
        ("TH QH", AT, "QH"),  # all trumps: trump points
    ],
)
def test_lowest_card(text: str, mode: int, expected: str) -> None:
    assert h.lowest_card(mask(text), mode) == number(expected)
    assert h.play_low(mask(text), mode) == number(expected)


@pytest.mark.parametrize(
    ("legal", "mode", "expected"),
    [
        ("AS TS 7H", H, "AS"),  # the most points, no trump
        ("TS KS JH", H, "TS"),
        ("7S 8S 9D", H, "7S"),  # no points: the weakest
        ("KD KS", H, "KD"),  # alike: the first card number
        ("7H 9H", H, "7H"),  # only trumps: the cheapest
        ("9S AS", AT, "9S"),  # all trumps: no suit is kept
    ],
)
def test_give_points(legal: str, mode: int, expected: str) -> None:
    assert h.give_points(mask(legal), mode, 0) == number(expected)


@pytest.mark.parametrize(
    ("winning", "mode", "expected"),
    [
        ("AH JH 9H", H, "AH"),  # the weakest winner keeps the master trumps
        ("AS TS", H, "TS"),
        ("TS 9H", H, "9H"),  # as strong: the one worth more points
        ("KD KS", H, "KD"),  # alike: the first card number
    ],
)
def test_win_cheaply(winning: str, mode: int, expected: str) -> None:
    assert h.win_cheaply(mask(winning), mode) == number(expected)


@pytest.mark.parametrize(
    ("hand", "unseen", "attacking", "expected"),
    [
        # the attack draws trumps with its strongest master trump
        ("JH 9H AS 7D", "7H 8H 7S KD", True, "JH"),
        ("9H 8H AS 7D", "7H KS AD", True, "9H"),
        # not attacking, or no trump left to draw, or no master trump: a master plain card
        ("JH 9H AS 7D", "7H 8H 7S KD", False, "AS"),
        ("JH 9H AS 7D", "7S KD", True, "AS"),
        ("9H AS 7D", "JH 7S KD", True, "AS"),
        ("AS 7D", "7H 7S KD", True, "AS"),
        # a master plain card is cashed only while its suit is out, or the trumps are gone
        ("AS 7D 8D", "7H KD", False, "7D"),
        ("AS 7D 8D", "KD", False, "AS"),
        # the master with the most points, then the highest card number
        ("AS TD 7C", "KS KD 8C", False, "AS"),
        ("AD AS 7C", "KS KD 8C", False, "AS"),
        ("TS AD 7C", "KS KD 8C", False, "AD"),
        # no master: the cheapest card of the longest plain suit, ties to the higher suit
        ("7C 8C 9D 8S", "AC AD AS", False, "7C"),
        ("8C 9S", "AC AS", False, "9S"),
        ("8C 9D 9S JH", "AC AD AS 7H", False, "9S"),
        # only trumps and no master: the cheapest of them
        ("8H 7H", "JH", False, "7H"),
    ],
)
def test_lead_from_strength(hand: str, unseen: str, attacking: bool, expected: str) -> None:
    assert h.lead_from_strength(mask(hand), H, mask(unseen), attacking) == number(expected)
    # at the lead every card is legal, and choose_card leads so
    assert h.choose_card(mask(hand), mask(hand), [], H, mask(unseen), attacking) == number(expected)


def test_a_lead_in_all_trumps_draws_nothing() -> None:
    # no trump suit: the masters are every suit's, led while their suit is out
    assert h.lead_from_strength(mask("JS 7D"), AT, mask("9S 8D"), True) == number("JS")
    assert h.lead_from_strength(mask("9S 7D"), AT, mask("JS 8D"), True) == number("9S")


def test_the_only_legal_card_is_played() -> None:
    assert h.choose_card(mask("AS KS"), mask("KS"), cards("7S"), H, 0, True) == number("KS")
    # two cards 7C and 8C (the mask 0b11): the heuristics choose, here the cheaper one
    assert h.choose_card(mask("7C 8C"), mask("7C 8C"), [], H, mask("AC 9C"), False) == number("7C")


@pytest.mark.parametrize(
    ("trick", "legal", "unseen", "expected"),
    [
        # last to play, the partner (second) winning: give it points, even if it could be beaten
        ("7S AS 8S", "KS 9S", "7H", "KS"),
        # third to play, the partner led and holds the trick: give it points
        ("AS 7S", "KS 8S", "8H 9S", "KS"),
        ("AS 7S", "KS 8S", "QD", "KS"),  # no trump out: it holds
        ("TS 7S", "KS 8S", "KD", "KS"),  # the ace is gone: the ten holds
        ("JH 7S", "KS 8S", "7H", "KS"),  # the master trump holds
        # ... unless an unseen card may beat it: then low
        ("TS 7S", "KS 8S", "AS", "8S"),
        ("AS 7S", "KS 8S", "8H QD", "8S"),  # spades out: the ace may be trumped
        ("9H 7S", "KS 8S", "JH", "8S"),
        # the partner led, an opponent wins: low when nothing wins
        ("7S AS", "KS 8S", "8H", "8S"),
    ],
)
def test_the_partners_trick(trick: str, legal: str, unseen: str, expected: str) -> None:
    hand = mask(legal)
    assert h.choose_card(hand, mask(legal), cards(trick), H, mask(unseen), False) == number(expected)


def test_last_to_play_wins_with_the_cheapest_winner() -> None:
    # the opponent's king wins: the ten does, and keeps the ace (the heuristics for an
    # earlier seat would cash the master ace)
    assert h.choose_card(mask("AS TS 7D"), mask("AS TS"), cards("KS 7S 8S"), H, mask("QD"), False) == number(
        "TS"
    )
    assert h.choose_card(mask("AS TS 7D"), mask("AS TS"), cards("7S KS"), H, mask("QD QS"), False) == number(
        "AS"
    )


def test_nothing_wins_plays_low() -> None:
    assert h.choose_card(mask("KS 7S"), mask("KS 7S"), cards("AS"), H, mask("QD"), True) == number("7S")
    assert h.choose_card(mask("KD 7D"), mask("KD 7D"), cards("AS 7H"), H, mask("QD"), True) == number("7D")


@pytest.mark.parametrize(
    ("trick", "legal", "winning", "unseen", "attacking", "expected"),
    [
        # a master plain card while the led suit is out or no trump is: the most points
        ("7S", "AS TS 8S", "AS TS 8S", "9S 7H", False, "AS"),
        ("7S", "AS TS 8S", "AS TS 8S", "KD", False, "AS"),
        ("7S", "9S 8S", "9S 8S", "KD", False, "9S"),  # as many points: the higher card
        # the led suit gone and trumps out: not cashed; the cheapest winner is worth it here
        ("TS", "AS 7S", "AS", "7H", False, "AS"),
        # trumping a plain lead: when the trick holds points or the side attacks
        ("AS", "7H 8D", "7H", "KD", False, "7H"),
        ("7S", "7H 8D", "7H", "KD", True, "7H"),
        ("7S", "7H 8D", "7H", "KD", False, "8D"),
        ("7S", "8H 7H", "8H 7H", "KD", False, "7H"),  # only trumps: the cheapest
        # a trump lead overtrumped: the points rule below
        ("TH", "AH 9H 8H", "AH 9H", "JH", False, "AH"),  # 10 on the table: worth it
        ("QH", "AH 9H 8H", "AH 9H", "JH", False, "8H"),  # 3 + 11: not a master, not 10 on it
        ("QH", "AH 9H 8H", "AH 9H", "KS", False, "AH"),  # 3 + 11 with a master
        ("7H", "KH 8H", "KH 8H", "JH", False, "8H"),  # 0 + 0: low
        ("8H", "KH 7H", "KH", "QS", False, "7H"),  # 0 + 4, a master: not worth it
        # a plain trick not cashed (the led suit out): the cheapest winner when worth it
        ("JS", "KS 7S", "KS", "AS", False, "7S"),  # 2 + 4: low
        ("8S", "TS 7S", "TS", "7H", False, "TS"),  # 0 + 10, a master: just worth it
        ("QS", "AS KS 7S", "AS KS", "9S 7H", False, "AS"),
        ("QS", "AS KS 7S", "AS KS", "7H", False, "7S"),  # unsafe, the king master, 3 + 4: low
        ("QS", "KS 7S", "KS", "TS 7H", False, "7S"),  # not a master, 3 + 4: low
    ],
)
def test_win_if_worth_it(
    trick: str, legal: str, winning: str, unseen: str, attacking: bool, expected: str
) -> None:
    assert h.win_if_worth_it(mask(legal), mask(winning), cards(trick), H, mask(unseen), attacking) == number(
        expected
    )


@pytest.mark.parametrize(
    ("trick", "legal", "unseen", "attacking", "expected"),
    [
        ("7S", "AS TS 8S", "9S 7H", False, "AS"),  # second to play: a master cashed
        ("AS", "7H 8D", "KD", False, "7H"),  # trumps the points
        ("7S", "7H 8D", "KD", False, "8D"),  # no points, defending: keeps its trump
        ("7S", "7H 8D", "KD", True, "7H"),
        ("TH", "AH 9H", "JH", False, "AH"),
        ("QH", "AH 9H 8H", "JH", False, "8H"),
    ],
)
def test_second_to_play(trick: str, legal: str, unseen: str, attacking: bool, expected: str) -> None:
    assert h.choose_card(mask(legal), mask(legal), cards(trick), H, mask(unseen), attacking) == number(
        expected
    )
