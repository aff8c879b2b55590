"""The normal player's auction rules, one named case each (the case flips if its rule is
removed), and legal calls from every level on random auctions of every preset."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    COINCHE,
    CONTREE,
    Bid,
    CardSet,
    Double,
    Pass,
    Phase,
    Redouble,
    Seat,
    Trump,
    Variant,
    bid,
    deal,
    legal_bids,
)
from belote.agents import LEVELS, HardAgent, NormalAgent, make_agent
from belote.agents import normal_bidding as rules
from belote.agents.auction_model import model_call
from belote.agents.bidder import (
    AUCTION_ALLOWANCE,
    CAPOT_TRICKS,
    TAKE_THRESHOLD,
    _declaration_bonus,
    coinche_estimate,
    mode_value,
    sure_tricks,
)
from belote.bidding import Call
from belote.variants import Announcements
from belote.views import PlayerView, observe, seat_view

PRESETS = (CLASSIC, CLASSIC_501, BULGARIAN, COINCHE, CONTREE)
DEALER = Seat(3)  # seat 0 is the eldest, seat 3 speaks last


def view(
    variant: Variant,
    seat: int,
    hand: str,
    auction: str | list[str] = "",
    *,
    turned: str | None = None,
    scores: tuple[int, int] | None = None,
) -> PlayerView:
    return seat_view(
        variant,
        Seat(seat),
        hand=hand,
        dealer=DEALER,
        turned=turned,
        auction=auction,
        scores=scores,
        carry=0,
        target=None if scores is None else variant.target,
    )


def _random_auction(variant: Variant, seed: int, steps: list[int]) -> PlayerView | None:
    """The view of the seat to call after the legal calls ``steps`` picks (each modulo the
    number of legal calls) on the deal of ``seed``; None once the auction is over."""
    state = deal(variant, dealer=Seat(seed % 4), seed=seed)
    for step in steps:
        if state.phase is not Phase.BIDDING:
            break
        legal = legal_bids(state)
        state = bid(state, legal[step % len(legal)])
    if state.phase is not Phase.BIDDING or state.to_act is None:
        return None
    return observe(state, state.to_act)


def call(view: PlayerView) -> Call:
    return NormalAgent().choose_call(view)


def margin(hand: str, trump: Trump, turned: str | None = None) -> int:
    """The hand's plain margin over the take threshold (the turned card counted)."""
    cards = CardSet.parse(hand if turned is None else f"{hand} {turned}")
    return mode_value(cards.mask, trump) - TAKE_THRESHOLD[trump]


# --- reading the table -----------------------------------------------------------------------


def test_speaking_position_counts_from_the_dealers_left() -> None:
    assert [rules.speaking_position(view(CLASSIC, s, "7S 8S 9S TS QS", turned="7H")) for s in range(4)] == [
        0,
        1,
        2,
        3,
    ]


def test_last_to_speak_and_partner_passed_read_the_auction() -> None:
    dealer = view(CLASSIC, 3, "7S 8S 9S TS QS", "pass pass pass", turned="7H")
    assert rules.last_to_speak(dealer)
    assert rules.partner_passed(dealer)
    second = view(CLASSIC, 1, "7S 8S 9S TS QS", "pass", turned="7H")
    assert not rules.last_to_speak(second)
    assert not rules.partner_passed(second)
    after_bid = view(BULGARIAN, 2, "7S 8S 9S TS QS", "H pass")
    assert not rules.partner_passed(after_bid)


# --- turned card (classic, 501) --------------------------------------------------------------


def test_partner_passed_and_i_am_last_to_speak_take_with_a_weaker_hand() -> None:
    hand = "KS JS TH AD KC"  # spades below the plain threshold
    assert -rules.LAST_TO_SPEAK_ALLOWANCE <= margin(hand, Trump.SPADES, "7H") < 0
    assert call(view(CLASSIC, 3, hand, "pass " * 7, turned="7H")) == Bid(Trump.SPADES)
    assert call(view(CLASSIC, 0, hand, "pass " * 4, turned="7H")) == Pass()


def test_partner_passed_the_turned_suit_take_it_only_with_more() -> None:
    hand = "9S AH JH QC 9C"  # hearts just above the plain threshold
    assert 0 <= margin(hand, Trump.HEARTS, "7H") < rules.PARTNER_PASSED_TURNED_SUIT
    assert call(view(CLASSIC, 2, hand, "pass pass", turned="7H")) == Pass()
    assert call(view(CLASSIC, 1, hand, "pass", turned="7H")) == Bid(Trump.HEARTS)


def test_a_turned_jack_is_taken_lighter_before_an_opponent_can_take_it() -> None:
    hand = "TS 9H TD TC 8C"
    assert -rules.TURNED_HONOUR_DENIAL <= margin(hand, Trump.HEARTS, "JH") < 0
    assert call(view(CLASSIC, 0, hand, turned="JH")) == Bid(Trump.HEARTS)
    assert call(view(CLASSIC_501, 0, hand, turned="JH")) == Bid(Trump.HEARTS)


@pytest.mark.parametrize("variant", [CLASSIC, CLASSIC_501])
def test_opponents_near_the_target_take_a_weaker_hand(variant: Variant) -> None:
    hand = "9S KH TH AD QD"
    assert -rules.BOLD_NEAR_LOSS <= margin(hand, Trump.HEARTS, "7H") < 0
    near = variant.target - variant.target // 10
    assert call(view(variant, 0, hand, turned="7H", scores=(0, near))) == Bid(Trump.HEARTS)
    assert call(view(variant, 0, hand, turned="7H", scores=(0, 0))) == Pass()
    assert call(view(variant, 0, hand, turned="7H")) == Pass()


def test_near_the_target_and_ahead_take_only_a_safer_hand() -> None:
    hand = "AS TS QH TH TD"
    assert 0 <= margin(hand, Trump.HEARTS, "7H") < rules.CAREFUL_NEAR_WIN
    assert call(view(CLASSIC, 0, hand, turned="7H", scores=(900, 300))) == Pass()
    assert call(view(CLASSIC, 0, hand, turned="7H", scores=(300, 200))) == Bid(Trump.HEARTS)


def test_score_pressure_needs_a_match_and_a_leader() -> None:
    hand = "7S 8S 9S TS QS"
    assert rules.score_pressure(view(CLASSIC, 0, hand, turned="7H")) == 0
    assert rules.score_pressure(view(CLASSIC, 0, hand, turned="7H", scores=(900, 900))) == 0
    assert rules.score_pressure(view(CLASSIC, 0, hand, turned="7H", scores=(0, 900))) == -rules.BOLD_NEAR_LOSS
    assert (
        rules.score_pressure(view(CLASSIC, 1, hand, turned="7H", scores=(0, 900))) == rules.CAREFUL_NEAR_WIN
    )


# --- Bulgarian auction -----------------------------------------------------------------------


def test_bulgarian_last_to_speak_after_three_passes_takes_a_weaker_hand() -> None:
    hand = "AS 9S KH TC 8C"
    assert -rules.LAST_TO_SPEAK_ALLOWANCE <= margin(hand, Trump.SPADES) + AUCTION_ALLOWANCE < 0
    assert call(view(BULGARIAN, 3, hand, "pass pass pass")) == Bid(Trump.SPADES)
    assert call(view(BULGARIAN, 0, hand)) == Pass()


def test_overbid_the_partner_only_with_a_much_stronger_hand() -> None:
    hand = "TD JH 8C JS AD"
    assert call(view(BULGARIAN, 2, hand, "pass H")) == Bid(Trump.SPADES)  # over an opponent
    assert call(view(BULGARIAN, 2, hand, "H pass")) == Pass()  # over the partner


def test_partners_suit_bid_counts_its_jack_toward_all_trumps() -> None:
    hand = "JS 9S TH AD JC"  # two jacks: the partner's hearts bid promises a third
    assert call(view(BULGARIAN, 2, hand, "H pass")) == Bid(Trump.ALL_TRUMPS)
    assert call(view(BULGARIAN, 2, hand, "NONE pass")) == Pass()  # no trumps promises no jack


def test_an_opponents_suit_keeps_the_hand_out_of_no_trumps_without_its_ace() -> None:
    hand = "TH 7C TD AD AC"
    assert call(view(BULGARIAN, 1, hand, "C")) == Bid(Trump.NO_TRUMPS)
    assert call(view(BULGARIAN, 1, hand, "H")) == Pass()


def test_contra_with_the_opponents_trumps_even_without_an_ace() -> None:
    hand = "KH JH 9H 7H 9C"
    assert call(view(BULGARIAN, 1, hand, "H")) == Double()
    weak = "7H 8S 9C TD QD"
    assert call(view(BULGARIAN, 1, weak, "H")) == Pass()


def test_contra_lighter_when_the_partner_bid() -> None:
    hand = "TS AH KH JH TC"
    value = mode_value(CardSet.parse(hand).mask, Trump.HEARTS)
    plain = TAKE_THRESHOLD[Trump.HEARTS] - AUCTION_ALLOWANCE + rules.CONTRA_MARGIN
    assert plain - rules.CONTRA_PARTNER_BID <= value < plain
    assert call(view(BULGARIAN, 2, hand, "C H")) == Double()
    assert call(view(BULGARIAN, 2, hand, "pass H")) == Pass()


def test_recontra_when_the_partners_contract_is_doubled_and_the_hand_supports_it() -> None:
    hand = "9S JH TH AC JC"
    assert call(view(BULGARIAN, 2, hand, "H contra")) == Redouble()
    assert call(view(BULGARIAN, 2, "7S 8S 7D 8C 9C", "H contra")) == Pass()


def test_the_taker_recontras_only_well_above_its_threshold() -> None:
    assert call(view(BULGARIAN, 0, "JH 9H AH TH KH", "H contra pass pass")) == Redouble()
    assert call(view(BULGARIAN, 0, "9S JH TH AC JC", "H contra pass pass")) == Pass()


# --- coinche ---------------------------------------------------------------------------------


def test_coinche_bids_higher_near_a_loss_and_lower_near_a_win() -> None:
    hand = "JD AC AS QC JC AH 7H 7C"
    near = COINCHE.target - COINCHE.target // 10
    plain = call(view(COINCHE, 0, hand, scores=(0, 0)))
    bold = call(view(COINCHE, 0, hand, scores=(0, near)))
    careful = call(view(COINCHE, 0, hand, scores=(near, 0)))
    assert isinstance(plain, Bid)
    assert isinstance(bold, Bid)
    assert isinstance(careful, Bid)
    assert plain.trump is bold.trump is careful.trump is Trump.CLUBS
    assert bold.level > plain.level > careful.level


def test_coinche_last_to_speak_after_three_passes_opens_a_weaker_hand() -> None:
    hand = "KH 7S TD TS JC AD TH 7D"
    assert call(view(COINCHE, 3, hand, "pass pass pass")) == Bid(Trump.NO_TRUMPS, 80)
    assert call(view(COINCHE, 1, hand, "pass")) == Pass()


def test_coinche_raises_the_partners_bid_on_its_promise() -> None:
    hand = "JH KS AH AS 7D 7C TH TC"
    assert call(view(COINCHE, 0, hand)) == Bid(Trump.HEARTS, 90)
    assert call(view(COINCHE, 0, hand, ["pass", "pass", "100 H", "pass"])) == Bid(Trump.HEARTS, 110)


def test_coinche_does_not_count_its_own_bid_again() -> None:
    # the partner's raise of seat 0's own hearts already counts seat 0's 100, and seat 0's own
    # bid, coinched, is no partner's promise: counted, they sent the side on to 140 and 120
    hand = "TD AC JH JC JD AH KH TH"
    assert call(view(COINCHE, 0, hand)) == Bid(Trump.HEARTS, 100)
    assert call(view(COINCHE, 0, hand, ["100 H", "pass", "120 H", "pass"])) == Pass()
    assert call(view(COINCHE, 0, hand, ["100 H", "contra", "pass", "pass"])) == Pass()


def test_coinche_surcoinches_when_coinched_and_strong_where_no_bid_may_follow() -> None:
    # where the coinche closes the auction to bids, the coinched side's strong hand surcoinches
    closing = attrs.evolve(COINCHE, coinche_ends_auction=True)
    strong, weak = "JH 9H AH TH KH AS 7C 8C", "JH 9H 7S 8S 7D 8D 7C 8C"
    assert call(view(closing, 2, strong, "80 H coinche")) == Redouble()
    assert call(view(closing, 2, weak, "80 H coinche")) == Pass()
    # where bids may follow the coinche, the same hand bids higher instead
    assert call(view(COINCHE, 2, strong, "80 H coinche")) == Bid(Trump.HEARTS, 140)


def test_coinche_bids_capot_on_sure_tricks_not_on_declarations() -> None:
    queens = "QS QH 8H QD 9D QC TC 9C"  # a square of queens: an estimate past any capot's
    assert coinche_estimate(CardSet.parse(queens).mask, Trump.CLUBS) >= 175
    assert call(view(COINCHE, 0, queens)) == Bid(Trump.CLUBS, 160)
    assert call(view(COINCHE, 0, "JH 9H AH TH KH AS AD AC")) == Bid(Trump.HEARTS, capot=True)
    # the partner's 160 in a mode is no capot for a hand short of eight sure tricks in it
    assert call(view(COINCHE, 0, "KC KD KH KS TS 9H AH QC", ["pass", "pass", "160 H", "pass"])) == Pass()


@pytest.mark.parametrize(
    ("hand", "trump", "tricks"),
    [
        ("JH 9H AH TH KH AS AD AC", Trump.HEARTS, 8),  # five top trumps draw the three out
        ("JH 9H AH TH AS TS AD AC", Trump.HEARTS, 8),  # four draw four
        ("JH 9H AH 7H AS TS AD AC", Trump.HEARTS, 7),  # three cannot draw four: the 7 is lost
        ("9H AH TH KH QH AS AD AC", Trump.HEARTS, 3),  # no jack: no trump is sure, the aces are
        ("AS TS KS QS JS 9S 8S 7S", Trump.NO_TRUMPS, 8),
        ("AS TS KS AH TH 9H AD AC", Trump.NO_TRUMPS, 7),  # the 9 of hearts under the king
        ("JS 9S AS JH 9H JD 9D JC", Trump.ALL_TRUMPS, 8),
        ("JS 9S AS JH 9H JD 9D JC", Trump.NO_TRUMPS, 1),  # the ace alone
        ("QS QH 8H QD 9D QC TC 9C", Trump.CLUBS, 0),
    ],
)
def test_sure_tricks(hand: str, trump: Trump, tricks: int) -> None:
    assert sure_tricks(CardSet.parse(hand).mask, trump) == tricks


@settings(max_examples=150, deadline=None)
@given(
    variant=st.sampled_from((COINCHE, CONTREE)),
    seed=st.integers(0, 10**6),
    steps=st.lists(st.integers(0, 5), max_size=8),
)
def test_the_auction_model_calls_as_the_normal_coinche_bidder(
    variant: Variant, seed: int, steps: list[int]
) -> None:
    """The bidding simulation's model of the other seats (:func:`model_call`, on masks) is the
    normal player's coinche rule, the seat and score rules aside (no match, not the last to speak);
    it never surcoinches."""
    seen = _random_auction(variant, seed, steps)
    if seen is None:
        return
    if rules.last_to_speak(seen):
        return
    made = call(seen)
    bonus = _declaration_bonus(seen.hand.mask) if variant.announcements is not Announcements.OFF else 0
    modelled = model_call(variant, seen.seat, seen.hand.mask, -1, seen.auction, bonus)
    assert modelled == (Pass() if made == Redouble() else made)
    if isinstance(made, Bid) and made.capot:
        assert sure_tricks(seen.hand.mask, made.trump) >= CAPOT_TRICKS


# --- every level makes only legal calls ------------------------------------------------------


def _agent(level: str, seed: int) -> object:
    return HardAgent(seed, samples=2) if level == "hard" else make_agent(level, seed=seed)


@settings(max_examples=80, deadline=None)
@given(
    variant=st.sampled_from(PRESETS),
    seed=st.integers(0, 10**6),
    steps=st.lists(st.integers(0, 20), max_size=12),
    scores=st.none() | st.tuples(st.integers(0, 1200), st.integers(0, 1200)),
)
def test_every_level_calls_legally_on_random_auctions(
    variant: Variant, seed: int, steps: list[int], scores: tuple[int, int] | None
) -> None:
    seen = _random_auction(variant, seed, steps)
    if seen is None:
        return
    if scores is not None:
        seen = attrs.evolve(seen, scores=scores, target=variant.target)
    for level in LEVELS:
        agent = _agent(level, seed)
        assert agent.choose_call(seen) in seen.legal_bids  # type: ignore[attr-defined]
