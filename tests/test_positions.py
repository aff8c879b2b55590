"""Positions from the outside world: ``position`` and ``seat_view`` against the states and views
reached by playing, corrupt histories refused at the right index, and clear input errors."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    COINCHE,
    CONTREE,
    DECK,
    BeloteError,
    Bid,
    Card,
    CardSet,
    Contract,
    Declaration,
    Double,
    Pass,
    Phase,
    PositionError,
    Reason,
    ReplayError,
    RoundState,
    Seat,
    Trump,
    Variant,
    bid,
    deal,
    dumps,
    legal_bids,
    legal_declarations,
    legal_moves,
    loads,
    match,
    observe,
    play,
    position,
    seat_view,
)
from belote.agents import EasyAgent, ExpertAgent, HardAgent, NormalAgent
from belote.bidding import BIDDING_RULES
from belote.errors import ArgumentTypeError
from belote.notation import format_round, parse_variant

PRESETS = (CLASSIC, CLASSIC_501, BULGARIAN, COINCHE, CONTREE)


def play_text(card: Card, belote: bool, shown: tuple[Declaration, ...]) -> str:
    """A play in the notation's text form: the card, ``*`` for belote, ``(...)`` for declarations."""
    text = str(card) + ("*" if belote else "")
    if shown:
        text += "(" + ",".join("".join(str(c) for c in d.cards) for d in shown) + ")"
    return text


def random_game(variant: Variant, seed: int) -> list[tuple[RoundState, list[str]]]:
    """Every state of a random game with the plays (as text) that reached it."""
    rng = random.Random(seed)
    state = deal(variant, dealer=Seat(rng.randrange(4)), rng=rng)
    plays: list[str] = []
    states = [(state, list(plays))]
    while state.phase in (Phase.BIDDING, Phase.PLAYING):
        if state.phase is Phase.BIDDING:
            calls = legal_bids(state)
            state = bid(state, calls[0] if rng.random() < 0.4 else rng.choice(calls))
        else:
            options = legal_declarations(state)
            shown: tuple[Declaration, ...] = ()
            if options and rng.random() < 0.8:
                shown = tuple(d for d in rng.choice(options) if rng.random() < 0.8)
            card = rng.choice(list(legal_moves(state)))
            before = len(state.belotes)
            state = play(state, card, belote=rng.choice((None, None, False)), declarations=shown)
            plays.append(play_text(card, len(state.belotes) > before, shown))
        states.append((state, list(plays)))
    return states


def dealt_hands(state: RoundState) -> tuple[list[list[Card]], list[Card] | None]:
    """Each seat's cards in the order it received them, and the undealt cards (``None`` once
    the contract is known)."""
    deck = [DECK[card] for card in state.deck]
    received: list[list[Card]] = [[], [], [], []]
    position_ = 0
    for packet in (3, 2):
        for step in range(1, 5):
            received[(state.dealer + step) & 3].extend(deck[position_ : position_ + packet])
            position_ += packet
    stock = deck[20:]
    if BIDDING_RULES[state.variant.bidding].deal_all:  # coinche: 3 more each before the auction
        for step in range(1, 5):
            received[(state.dealer + step) & 3].extend(stock[:3])
            del stock[:3]
        return received, None
    if state.contract is None:
        return received, stock
    if state.turned is not None:
        received[state.contract.taker].append(stock.pop(0))
    for step in range(1, 5):
        seat = (state.dealer + step) & 3
        need = 8 - len(received[seat])
        received[seat].extend(stock[:need])
        del stock[:need]
    return received, None


def played_by(state: RoundState, seat: Seat) -> CardSet:
    return CardSet.of(
        card for player, card in (*(p for t in state.tricks for p in t.plays), *state.trick) if player == seat
    )


# --- round trips ---------------------------------------------------------------------------


@settings(max_examples=60)
@given(variant=st.sampled_from(PRESETS), seed=st.integers(0, 10**6), stop=st.floats(0, 1))
def test_position_equals_the_state_reached_by_playing(variant: Variant, seed: int, stop: float) -> None:
    states = random_game(variant, seed)
    state, plays = states[int(stop * (len(states) - 1))]
    assert rebuilt(state, state.auction, plays) == state


def rebuilt(state: RoundState, auction: Any, plays: list[str]) -> RoundState:
    """``state`` built again by ``position`` from its dealt hands, ``auction`` and ``plays``."""
    hands, stock = dealt_hands(state)
    return position(
        state.variant,
        dealer=state.dealer,
        hands=hands,
        stock=stock,
        turned=state.turned if stock is None else None,
        auction=auction,
        plays=plays,
    )


@settings(max_examples=60)
@given(variant=st.sampled_from(PRESETS), seed=st.integers(0, 10**6), spelling=st.sampled_from(", _"))
def test_the_auction_as_text_in_every_spelling(variant: Variant, seed: int, spelling: str) -> None:
    """The calls as one text: separated by commas, by spaces (a two-word call such as ``100 H``
    or ``no trumps`` read as one), or in the notation's spelling (``100_H``). Coinche bids were
    once split at their space."""
    states = random_game(variant, seed)
    state = next(s for s, _ in states if s.phase is not Phase.BIDDING)
    words = [str(call) for _, call in state.auction]
    text = {",": ",".join(words), " ": " ".join(words), "_": ",".join(w.replace(" ", "_") for w in words)}
    assert rebuilt(state, text[spelling], []) == state


def test_coinche_auction_text_reads_valued_bids() -> None:
    view = seat_view(COINCHE, 0, hand="7H 9C QC 9H TD QD JS 8C", dealer=3, auction="pass,100 H, coinche")
    assert [call for _, call in view.auction] == [Pass(), Bid(Trump.HEARTS, 100), Double()]
    spaced = seat_view(COINCHE, 0, hand="7H 9C QC 9H TD QD JS 8C", dealer=3, auction="pass 100 H coinche")
    assert spaced == view


@settings(max_examples=60)
@given(variant=st.sampled_from(PRESETS), seed=st.integers(0, 10**6), stop=st.floats(0, 1))
def test_position_from_a_contract_and_card_sets_differs_only_by_the_unknown_facts(
    variant: Variant, seed: int, stop: float
) -> None:
    states = [(s, p) for s, p in random_game(variant, seed) if s.contract is not None]
    if not states:  # passed out: there is no contract to give
        return
    state, plays = states[int(stop * (len(states) - 1))]
    hands, _ = dealt_hands(state)
    built = position(
        variant,
        dealer=int(state.dealer),
        hands=[CardSet.of(hand) for hand in hands],  # no dealing order: the deck is rebuilt
        turned=state.turned,
        contract=state.contract,
        plays=" ".join(plays),
    )
    assert built.auction == ()
    assert sorted(built.deck) == list(range(32))
    for name in ("phase", "to_act", "hand_masks", "trick_cards", "legal_mask", "history"):
        assert getattr(built, name) == getattr(state, name), name
    assert built.setup.contract == state.contract
    assert built.turned == state.turned


def test_hands_plays_and_seats_are_accepted_in_every_friendly_form() -> None:
    states = [s for s, _ in random_game(CLASSIC, 11) if s.phase is Phase.PLAYING]
    state = states[6]
    hands, _ = dealt_hands(state)
    pairs = [*(p for t in state.tricks for p in t.plays), *state.trick]
    forms = [
        {"hands": hands, "plays": [card for _, card in pairs]},
        {
            "hands": [" ".join(map(str, hand)) for hand in hands],
            "plays": [(int(s), str(c)) for s, c in pairs],
        },
        {"hands": [[str(card) for card in hand] for hand in hands], "plays": pairs},
    ]
    for form in forms:
        built = position(
            CLASSIC,
            dealer=int(state.dealer),
            turned=str(state.turned),
            auction=",".join(map(str, (c for _, c in state.auction))),
            **form,  # type: ignore[arg-type]
        )
        assert built == state


# --- one seat's knowledge ----------------------------------------------------------------


@settings(max_examples=25)
@given(variant=st.sampled_from(PRESETS), seed=st.integers(0, 10**6), dealt=st.booleans())
def test_seat_view_equals_observe_and_agents_decide_alike(variant: Variant, seed: int, dealt: bool) -> None:
    agents = (
        EasyAgent(seed=1),
        NormalAgent(seed=1),
        HardAgent(seed=1, samples=2),
        ExpertAgent(seed=1, samples=2, solve_from=16),
    )
    for state, plays in random_game(variant, seed):
        for seat in Seat:
            hand = state.hand(seat) | played_by(state, seat) if dealt else state.hand(seat)
            view = seat_view(
                variant,
                seat,
                hand=hand,
                dealer=state.dealer,
                turned=state.turned,
                auction=state.auction,
                plays=plays,
            )
            expected = observe(state, seat)
            assert view == expected
            if seat != state.to_act:
                continue
            for agent in agents:
                if state.phase is Phase.BIDDING:
                    assert agent.choose_call(view) == agent.choose_call(expected)
                else:
                    assert agent.choose_play(view) == agent.choose_play(expected)


def test_seat_view_carries_the_match_score_and_the_legal_calls() -> None:
    game = match(BULGARIAN, seed=3)
    state = game.deal()
    eldest = state.to_act
    assert eldest is not None
    for seat in (eldest, eldest.next):
        view = seat_view(
            BULGARIAN,
            seat,
            hand=state.hand(seat),
            dealer=state.dealer,
            auction=(),
            scores=game.scores,
            carry=game.carry,
            target=game.target,
        )
        assert view == observe(state, seat, match=game)
        assert view.legal_bids == (legal_bids(state) if seat == eldest else ())


@pytest.mark.parametrize(
    ("facts", "error", "message"),
    [
        ({"carry": -5}, BeloteError, "carry must be at least 0, got -5"),
        ({"target": 0}, BeloteError, "target must be at least 1, got 0"),
        ({"scores": (True, 0)}, ArgumentTypeError, "scores must be a pair of ints or None"),
        ({"carry": 1.5}, ArgumentTypeError, "carry must be an int"),
    ],
)
def test_seat_view_refuses_match_facts_no_match_holds(
    facts: dict[str, Any], error: type[BeloteError], message: str
) -> None:
    """The carry and the target are checked as a Match checks them (a negative carry was once
    accepted)."""
    state = deal(CLASSIC, dealer=Seat(0), seed=4)
    with pytest.raises(error, match=message):
        seat_view(CLASSIC, 1, hand=state.hand(Seat(1)), dealer=0, turned=state.turned, **facts)


def test_seat_view_keeps_the_turned_card_public_and_out_of_other_hands() -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=4)
    turned = state.turned
    assert turned is not None
    view = seat_view(CLASSIC, 1, hand=state.hand(Seat(1)), dealer=0, turned=turned, auction="")
    assert view.turned == turned
    assert turned not in view.hand
    assert view == observe(state, Seat(1))
    with pytest.raises(PositionError, match="turned card"):
        seat_view(CLASSIC, 1, hand=state.hand(Seat(1)), dealer=0, auction="")
    with pytest.raises(PositionError, match="turned card"):
        seat_view(
            CLASSIC,
            1,
            hand=state.hand(Seat(1)).remove(next(iter(state.hand(Seat(1))))).add(turned),
            dealer=0,
            turned=turned,
        )
    state = bid(state, Bid(Trump.of_suit(turned.suit)))  # seat 1 takes: it holds the turned card
    hand = state.hand(Seat(1))
    assert turned in hand
    assert seat_view(CLASSIC, 1, hand=hand, dealer=0, turned=turned, contract=state.contract).hand == hand
    with pytest.raises(PositionError, match="turned card"):
        seat_view(
            CLASSIC,
            2,
            hand=state.hand(Seat(2)).remove(next(iter(state.hand(Seat(2))))).add(turned),
            dealer=0,
            turned=turned,
            contract=state.contract,
        )
    # another seat than the taker cannot play the turned card
    contract = Contract(Seat(3), Trump.of_suit(turned.suit))
    with pytest.raises(ReplayError) as caught:
        seat_view(
            CLASSIC, 0, hand=state.hand(Seat(0)), dealer=0, turned=turned, contract=contract, plays=[turned]
        )
    assert (caught.value.index, caught.value.reason) == (0, Reason.CARD_NOT_IN_HAND)


# --- corrupt histories -----------------------------------------------------------------------


def _playing(variant: Variant, seed: int, cards: int) -> tuple[RoundState, list[str]]:
    """A state of a random game with at least ``cards`` cards played, and its plays."""
    for offset in range(100):
        for state, plays in random_game(variant, seed + offset):
            if state.phase is Phase.PLAYING and len(plays) >= cards:
                return state, plays
    raise AssertionError("no game reached the play")


def _build(state: RoundState, plays: list[Any]) -> RoundState:
    hands, _ = dealt_hands(state)
    return position(
        state.variant,
        dealer=state.dealer,
        hands=hands,
        turned=state.turned,
        auction=state.auction,
        plays=plays,
    )


def _refusal(state: RoundState, plays: list[Any]) -> ReplayError:
    before = list(plays)
    with pytest.raises(ReplayError) as caught:
        _build(state, plays)
    assert plays == before  # the inputs are left as they were
    return caught.value


@pytest.mark.parametrize("variant", PRESETS, ids=lambda v: v.name)
def test_an_illegal_card_is_refused_at_its_index_with_the_rules_reason(variant: Variant) -> None:
    refused = 0
    for seed in range(40):
        state, plays = _playing(variant, seed * 101, 1 + seed % 20)
        to_act = state.to_act
        assert to_act is not None
        for card in state.hand(to_act) - legal_moves(state):
            with pytest.raises(BeloteError) as rules:
                play(state, card)
            error = _refusal(state, [*plays, card, "7C"])
            assert (error.index, error.seat, error.reason) == (
                len(state.auction) + len(plays),
                to_act,
                rules.value.reason,
            )
            assert error.detail == str(rules.value)
            refused += 1
    assert refused > 20


def test_a_card_not_in_hand_or_played_twice_is_refused() -> None:
    state, plays = _playing(CLASSIC, 5, 6)
    to_act = state.to_act
    assert to_act is not None
    other = next(iter(state.hand(to_act.next)))
    error = _refusal(state, [*plays, other])
    assert (error.index, error.reason) == (len(state.auction) + len(plays), Reason.CARD_NOT_IN_HAND)
    first = Card.parse(plays[0][:2])
    error = _refusal(state, [first, first])
    assert (error.index, error.reason) == (len(state.auction) + 1, Reason.CARD_NOT_IN_HAND)


def test_announcements_that_are_not_allowed_are_refused() -> None:
    state, plays = _playing(CLASSIC, 7, 5)
    # belote with a card that cannot announce it
    legal = [card for card in legal_moves(state) if card.rank.letter not in "KQ"]
    assert legal
    error = _refusal(state, [*plays, f"{legal[0]}*"])
    assert (error.index, error.reason) == (len(state.auction) + len(plays), Reason.BELOTE_NOT_ALLOWED)
    # a declaration in a variant without declarations
    first = plays[0][:2]
    error = _refusal(state, [f"{first}(7C8C9C)", *plays[1:]])
    assert (error.index, error.reason) == (len(state.auction), Reason.DECLARATION_NOT_ALLOWED)
    # a declaration after the first trick, in a variant with declarations
    state, plays = _playing(BULGARIAN, 3, 6)
    error = _refusal(state, [*plays[:4], f"{plays[4][:2]}(7C8C9C)", *plays[5:]])
    assert (error.index, error.reason) == (len(state.auction) + 4, Reason.DECLARATION_NOT_ALLOWED)


def test_seats_turn_order_and_the_end_of_the_round_are_checked() -> None:
    state, plays = _playing(CLASSIC, 9, 2)
    to_act = state.to_act
    assert to_act is not None
    card = next(iter(legal_moves(state)))
    error = _refusal(state, [*plays, (to_act.next, card)])
    assert (error.index, error.seat, error.reason) == (
        len(state.auction) + len(plays),
        to_act.next,
        Reason.OUT_OF_TURN,
    )
    assert _build(state, [*plays, (to_act, card)]) == play(state, card)
    final = [s for s, _ in random_game(CLASSIC, 1) if s.phase is Phase.FINISHED]
    if final:
        whole = [p for t in final[0].tricks for _, p in t.plays]
        error = _refusal(final[0], [*whole, whole[0]])
        assert (error.index, error.reason) == (len(final[0].auction) + 32, Reason.WRONG_PHASE)


def test_calls_are_checked_and_no_card_is_played_before_the_contract() -> None:
    state = deal(CLASSIC, dealer=Seat(2), seed=8)
    hands, stock = dealt_hands(state)
    with pytest.raises(ReplayError) as caught:
        position(CLASSIC, dealer=2, hands=hands, stock=stock, auction=["pass", "contra"])
    assert (caught.value.index, caught.value.reason) == (1, Reason.DOUBLE_NOT_ALLOWED)
    with pytest.raises(ReplayError) as caught:
        position(CLASSIC, dealer=2, hands=hands, stock=stock, auction=[(Seat(0), Pass())])
    assert (caught.value.index, caught.value.reason) == (0, Reason.OUT_OF_TURN)
    with pytest.raises(ReplayError) as caught:
        position(CLASSIC, dealer=2, hands=hands, stock=stock, auction="pass", plays=[hands[3][0]])
    assert (caught.value.index, caught.value.reason) == (1, Reason.WRONG_PHASE)
    bidding = position(CLASSIC, dealer=2, hands=hands, stock=stock, auction="pass")
    assert bidding == bid(state, Pass())
    with pytest.raises(ReplayError) as caught:
        position(
            CLASSIC,
            dealer=2,
            hands=hands,
            stock=stock,
            auction="pass",
            contract=Contract(Seat(3), Trump.HEARTS),
        )
    assert caught.value.reason is Reason.BAD_CONTRACT


# --- input errors ----------------------------------------------------------------------------

HANDS = [
    "AS KS 9S JH 7D AC TC 8C",
    "7S 8S TH 9H 8H JD 9D 7C",
    "QS JS TS AH KH QH 8D 9C",
    "AD KD QD TD 7H KC QC JC",
]
HEARTS = Contract(Seat(0), Trump.HEARTS)


@pytest.mark.parametrize(
    ("change", "reason", "words"),
    [
        ({"hands": [*HANDS[:3], "AD KD QD TD 7H KC QC AS"]}, Reason.MALFORMED_CARDS, "AS is given twice"),
        ({"hands": [*HANDS[:3], "AD KD QD TD 7H KC QC"]}, Reason.MALFORMED_CARDS, "hands of 8, 8, 8, 7"),
        ({"hands": HANDS[:3]}, Reason.MALFORMED_CARDS, "four hands"),
        ({"hands": [*HANDS[:3], "AD KD QD TD 7H KC QC QC"]}, Reason.MALFORMED_CARDS, "hand 3 gives QC twice"),
        ({"turned": "AD"}, Reason.MALFORMED_CARDS, "taker's hand"),
        ({"turned": None}, Reason.BAD_ARGUMENT, "turned card"),
        (
            {"contract": Contract(Seat(0), Trump.NO_TRUMPS)},
            Reason.BAD_CONTRACT,
            "no_trumps is not a contract",
        ),
        ({"contract": Contract(Seat(0), Trump.HEARTS, multiplier=2)}, Reason.BAD_CONTRACT, "multiplier"),
        ({"contract": Contract(Seat(0), Trump.HEARTS, bid=90)}, Reason.BAD_CONTRACT, "no bid values"),
        ({"contract": None}, Reason.BAD_CONTRACT, "need the contract"),
    ],
)
def test_impossible_positions_raise_position_error(
    change: dict[str, object], reason: Reason, words: str
) -> None:
    arguments: dict[str, object] = {"dealer": 3, "hands": HANDS, "turned": "JH", "contract": HEARTS}
    arguments.update(change)
    with pytest.raises(PositionError, match=words) as caught:
        position(CLASSIC, **arguments)  # type: ignore[arg-type]
    assert caught.value.reason is reason


def test_turned_card_only_in_turned_card_variants_and_wrong_types() -> None:
    with pytest.raises(PositionError, match="turns no card"):
        position(BULGARIAN, dealer=3, hands=HANDS, turned="JH", contract=HEARTS)
    assert position(BULGARIAN, dealer=3, hands=HANDS, contract=HEARTS).to_act == Seat(0)
    with pytest.raises(ArgumentTypeError, match="hands"):
        position(CLASSIC, dealer=3, hands=None, turned="JH", contract=HEARTS)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="contract"):
        position(CLASSIC, dealer=3, hands=HANDS, turned="JH", contract="hearts")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="variant"):
        position("classic", dealer=3, hands=HANDS, turned="JH", contract=HEARTS)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="dealer"):
        position(CLASSIC, dealer=None, hands=HANDS, turned="JH", contract=HEARTS)  # type: ignore[arg-type]
    with pytest.raises(BeloteError, match="dealer"):
        position(CLASSIC, dealer=4, hands=HANDS, turned="JH", contract=HEARTS)


def test_seat_view_checks_its_own_cards_by_the_rules_and_the_others_by_the_public_facts() -> None:
    arguments: dict[str, object] = {"dealer": 3, "turned": "JH", "contract": HEARTS}
    # seat 3 holds KD: another seat cannot play it
    with pytest.raises(ReplayError) as caught:
        seat_view(CLASSIC, 3, hand=HANDS[3], plays="AS KD", **arguments)  # type: ignore[arg-type]
    assert (caught.value.index, caught.value.reason) == (1, Reason.CARD_NOT_IN_HAND)
    # its own card must follow the rules: void in spades, it must trump
    with pytest.raises(ReplayError) as caught:
        seat_view(CLASSIC, 3, hand=HANDS[3], plays="AS 7S QS KD", **arguments)  # type: ignore[arg-type]
    assert (caught.value.index, caught.value.reason) == (3, Reason.MUST_TRUMP)
    # a hand holding part of what the seat played
    with pytest.raises(PositionError, match="some of the cards"):
        seat_view(CLASSIC, 3, hand="AD KD QD TD KC QC JC", plays="AS 7S QS 7H KD 7D JD 8D", **arguments)  # type: ignore[arg-type]
    # the same view from the hand now and from the hand as dealt
    now = seat_view(CLASSIC, 3, hand="AD KD QD TD KC QC JC", plays="AS 7S QS 7H", **arguments)  # type: ignore[arg-type]
    dealt = seat_view(CLASSIC, 3, hand=HANDS[3], plays="AS 7S QS 7H", **arguments)  # type: ignore[arg-type]
    assert now == dealt
    assert len(now.hand) == 7
    assert now.to_act == Seat(3)
    with pytest.raises(PositionError, match="holds 7 cards now"):
        seat_view(CLASSIC, 3, hand="AD KD QD TD KC QC", plays="AS 7S QS 7H", **arguments)  # type: ignore[arg-type]
    # a declared card is known to be in the declarer's hand
    with pytest.raises(ReplayError) as caught:
        seat_view(BULGARIAN, 3, hand=HANDS[3], dealer=3, contract=HEARTS, plays="AS(AS KS QS) 7S QS")
    assert (caught.value.index, caught.value.reason) == (2, Reason.CARD_NOT_IN_HAND)
    # and a seat cannot declare cards this seat holds
    with pytest.raises(ReplayError) as caught:
        seat_view(BULGARIAN, 3, hand=HANDS[3], dealer=3, contract=HEARTS, plays="AS(AD KD QD)")
    assert (caught.value.index, caught.value.reason) == (0, Reason.BAD_DECLARATION)


def test_a_position_without_its_auction_is_written_with_its_contract() -> None:
    """It could once not be written at all, and its ``repr`` raised."""
    state = position(CLASSIC, dealer=3, hands=HANDS, turned="JH", contract=HEARTS, plays="9S 8S")
    assert loads(dumps(state)) == state
    assert format_round(state).split()[3] == "=0:H"
    assert eval(repr(state)) == state


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        (
            "QS JS TS AH KH QH 8D 9C",
            "seat 2 played 8S, not in the hand it was dealt (QS JS TS AH KH QH 8D 9C)",
        ),
        ("JS TS AH KH QH 9C", "seat 2 holds 5 cards now (8 dealt, QS 8S 8D played), got 6"),
        ("QS JS TS AH KH QH", "seat 2's hand holds some of the cards it played (QS) but not all"),
    ],
)
def test_a_view_names_the_card_its_seat_cannot_have_played(hand: str, message: str) -> None:
    """The viewing seat's third card, 8S, is in neither the hand it was dealt nor the one it
    holds: the error names it (it once spoke only of card counts)."""
    with pytest.raises(PositionError, match=re.escape(message)) as caught:
        seat_view(
            CLASSIC,
            Seat(2),
            hand=hand,
            dealer=Seat(3),
            turned="JH",
            contract=Contract(Seat(0), Trump.HEARTS),
            plays="9S 7D QS 7S 8D 9D TD 9H 7C 8S",
        )
    assert caught.value.reason is Reason.MALFORMED_CARDS


@settings(max_examples=150)
@given(variant=st.sampled_from(PRESETS), seed=st.integers(0, 10**6), seat=st.sampled_from(list(Seat)))
def test_seat_view_accepts_every_legal_game_however_its_cards_fall(
    variant: Variant, seed: int, seat: Seat
) -> None:
    """The revoke check on unseen hands never refuses a legal game (cards played later only add
    to what the rules demanded of a seat, never take away)."""
    state, plays = random_game(variant, seed)[-1]
    view = seat_view(
        variant,
        seat,
        hand=state.hand(seat) | played_by(state, seat),
        dealer=state.dealer,
        turned=state.turned,
        auction=state.auction,
        plays=plays,
    )
    assert view == observe(state, seat)


@pytest.mark.parametrize(
    ("plays", "message", "reason"),
    [
        (  # seat 1 discards 7D on a spade lead, and plays the 8S later
            "9S 7D QS 7S 8D 9D TD 9H 8S",
            "action 1, seat 1: 7D: must follow spades (seat 1 held 8S, as its later cards show)",
            Reason.MUST_FOLLOW_SUIT,
        ),
        (  # seat 3 trumps the spade lead, wins it, and leads the 7S
            "9S 7D QS 9H 7S",
            "action 3, seat 3: 9H: must follow spades (seat 3 held 7S, as its later cards show)",
            Reason.MUST_FOLLOW_SUIT,
        ),
    ],
)
def test_seat_view_refuses_a_revoke_the_table_saw(plays: str, message: str, reason: Reason) -> None:
    """Another seat's card that the rules forbid, given a card that seat is seen to play later
    (docs/rules/classic.md C10): once accepted, since only the viewing seat's hand is known."""
    refused = refused_view(
        CLASSIC, Seat(2), "QS JS TS AH KH QH 8D 9C", Contract(Seat(0), Trump.HEARTS), "JH", plays
    )
    assert str(refused).startswith(message)
    assert refused.reason is reason


def refused_view(
    variant: Any, seat: Seat, hand: str, contract: Contract, turned: str | None, plays: str
) -> ReplayError:
    """The error ``seat_view`` refuses this view of a deal dealt by East with."""
    with pytest.raises(ReplayError) as caught:
        seat_view(variant, seat, hand=hand, dealer=Seat(3), turned=turned, contract=contract, plays=plays)
    return caught.value


ANNOUNCING = parse_variant("classic:announcements=on")


@pytest.mark.parametrize(
    ("variant", "seat", "hand", "contract", "turned", "plays", "message"),
    [
        (  # West shows a tierce of clubs with the diamond it discards on a club lead
            COINCHE,
            Seat(3),
            "AD KD QD TD 7H KC QC JC",
            Contract(Seat(0), Trump.HEARTS, bid=80),
            None,
            "AC 9D(9C8C7C)",
            "action 1, seat 1: 9D: must follow clubs (seat 1 held 9C 8C 7C, as it is known to)",
        ),
        (  # West shows a tierce of trumps with the diamond it discards on a spade lead
            ANNOUNCING,
            Seat(2),
            "QH JH TH 9H 8H AD KD QD",
            Contract(Seat(3), Trump.HEARTS),
            "7C",
            "AS 9D(TH9H8H)",
            "action 1, seat 1: 9D: void in spades: must trump (seat 1 held TH 9H 8H, as it is known to)",
        ),
    ],
)
def test_seat_view_refuses_a_revoke_shown_by_the_cards_declared_with_it(
    variant: Any, seat: Seat, hand: str, contract: Contract, turned: str | None, plays: str, message: str
) -> None:
    assert str(refused_view(variant, seat, hand, contract, turned, plays)).startswith(message)


@pytest.mark.parametrize(
    ("variant", "contract", "turned", "plays", "message"),
    [
        (  # North shows a quinte and a tierce with its first card: nine cards
            COINCHE,
            Contract(Seat(1), Trump.HEARTS, bid=80),
            None,
            "7D(ASKSQSJSTS,9C8C7C)",
            "action 0, seat 0: 7D: seat 0 would still hold AS KS QS JS TS 9C 8C 7C, known from what it "
            "showed or was dealt, with only 7 cards left",
        ),
        (  # North shows eight spades, then plays a club
            ANNOUNCING,
            Contract(Seat(3), Trump.HEARTS),
            "7H",
            "AS(ASKSQSJSTS9S8S7S) 7C AD 7H 8D 8C",
            "action 5, seat 0: 8C: seat 0 would still hold KS QS JS TS 9S 8S 7S, known from what it "
            "showed or was dealt, with only 6 cards left",
        ),
        (  # East took the turned 7H, then shows seven clubs with its first card
            ANNOUNCING,
            Contract(Seat(3), Trump.HEARTS),
            "7H",
            "AS 7S 8H 9S(ACKCQCJCTC,9C8C7C)",
            "action 3, seat 3: 9S: seat 3 would still hold 7H AC KC QC JC TC 9C 8C 7C",
        ),
    ],
)
def test_seat_view_refuses_more_known_cards_than_a_hand_holds(
    variant: Any, contract: Contract, turned: str | None, plays: str, message: str
) -> None:
    refused = refused_view(variant, Seat(2), "QH JH TH 9H 8H AD KD QD", contract, turned, plays)
    assert str(refused).startswith(message)
    assert refused.reason is Reason.CARD_NOT_IN_HAND
