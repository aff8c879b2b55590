"""The round engine: deal, first lead, play, belote, declarations, and every refused action."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    DECK,
    BeloteError,
    Bid,
    Card,
    CardSet,
    DeclarationError,
    IllegalMoveError,
    NotationError,
    OutOfTurnError,
    Pass,
    Phase,
    PhaseError,
    Reason,
    RoundState,
    Seat,
    Trump,
    Variant,
    bid,
    deal,
    legal_bids,
    legal_declarations,
    legal_moves,
    play,
    score_round,
    trick_winner,
)
from belote.declarations import Declaration

FULL = CardSet.full()

# ---------------------------------------------------------------- helpers


def build_deck(
    variant: Variant, hands: dict[int, str], *, dealer: int = 0, taker: int | None = None, turned: str = ""
) -> list[Card]:
    """A deck order that deals exactly ``hands`` (8 cards per seat) once the contract is known.

    Turned-card variants: ``turned`` must be in ``taker``'s hand; it is dealt face up.
    The first five cards listed for a seat are its first packets.
    """
    cards = {seat: list(CardSet.parse(text)) for seat, text in hands.items()}
    assert sorted(len(c) for c in cards.values()) == [8, 8, 8, 8]
    assert CardSet.of(card for c in cards.values() for card in c) == FULL
    turned_card = Card.parse(turned) if turned else None
    if turned_card is not None:
        assert taker is not None
        assert turned_card in cards[taker]
        cards[taker].remove(turned_card)
    order = [(dealer + step) % 4 for step in range(1, 5)]
    deck: list[Card] = []
    for start, stop in ((0, 3), (3, 5)):
        for seat in order:
            deck.extend(cards[seat][start:stop])
    if turned_card is not None:
        deck.append(turned_card)
    for seat in order:
        deck.extend(cards[seat][5:])
    assert len(deck) == 32
    return deck


def start_play(
    variant: Variant,
    hands: dict[int, str],
    *,
    trump: str,
    taker: int,
    dealer: int = 0,
    turned: str = "",
) -> RoundState:
    """A round in the playing phase with the given hands: ``taker`` takes ``trump``."""
    mode = Trump.parse(trump)
    deck = build_deck(variant, hands, dealer=dealer, taker=taker, turned=turned)
    state = deal(variant, dealer=Seat(dealer), deck=deck)
    if state.turned is not None:
        round_one = state.turned.suit == mode.suit
        passes = (taker - dealer - 1) % 4 + (0 if round_one else 4)
    else:
        passes = (taker - dealer - 1) % 4
    for _ in range(passes):
        state = bid(state, Pass())
    state = bid(state, Bid(mode), seat=Seat(taker))
    while state.phase is Phase.BIDDING:
        state = bid(state, Pass())
    assert state.phase is Phase.PLAYING
    assert state.contract is not None
    assert state.contract.taker == Seat(taker)
    assert state.trump is mode
    for seat, text in hands.items():
        assert state.hand(Seat(seat)) == CardSet.parse(text)
    return state


def play_all(state: RoundState, *cards: str) -> RoundState:
    for text in cards:
        state = play(state, Card.parse(text))
    return state


def assert_refused(
    state: RoundState, action: Callable[[RoundState], Any], error: type[BeloteError], reason: Reason
) -> BeloteError:
    """``action(state)`` raises ``error`` with ``reason`` and leaves the state as it was."""
    snapshot = attrs.evolve(state)
    legal_before = (legal_bids(state), legal_moves(state))
    with pytest.raises(error) as caught:
        action(state)
    assert caught.value.reason is reason, caught.value
    assert state == snapshot
    assert (legal_bids(state), legal_moves(state)) == legal_before
    return caught.value


# Two fixed deals used below (seat: hand). Seat 1 is eldest when seat 0 deals.
HANDS_A = {
    0: "AS TS 7S KD 8D AC 7C 8H",
    1: "JH 9H 7H KS QS AD JD 9C",
    2: "AH TH QH KH 9S 8S TD 8C",
    3: "JS TC JC QC KC QD 9D 7D",
}

# ---------------------------------------------------------------- deal


@pytest.mark.parametrize("variant", [CLASSIC, CLASSIC_501, BULGARIAN], ids=lambda v: v.name)
def test_deal_is_reproducible_from_a_seed(variant: Variant) -> None:
    a = deal(variant, dealer=Seat(2), seed=1234)
    b = deal(variant, dealer=Seat(2), seed=1234)
    assert a == b
    assert a.hands == b.hands
    assert a.deck == b.deck
    assert deal(variant, dealer=Seat(2), rng=random.Random(1234)) == a
    decks = {deal(variant, seed=seed).deck for seed in range(30)}
    assert len(decks) == 30
    assert deal(variant, seed="table-7").deck == deal(variant, seed="table-7").deck
    assert deal(variant, seed="table-7").deck != deal(variant, seed="table-8").deck


def test_seeded_shuffle_is_the_documented_one() -> None:
    order = list(range(32))
    random.Random(99).shuffle(order)
    assert deal(CLASSIC, seed=99).deck == tuple(order)


@pytest.mark.parametrize("dealer", list(Seat))
def test_classic_deal_three_plus_two_and_turned_card(dealer: Seat) -> None:
    state = deal(CLASSIC, dealer=dealer, seed=5)
    deck = [DECK[i] for i in state.deck]
    assert state.phase is Phase.BIDDING
    assert state.to_act is dealer.next is state.eldest
    assert state.turned == deck[20]
    for step in range(4):
        seat = dealer.offset(step + 1)
        expected = CardSet.of([*deck[3 * step : 3 * step + 3], *deck[12 + 2 * step : 14 + 2 * step]])
        assert state.hand(seat) == expected
        assert len(state.hand(seat)) == 5
        assert state.turned not in state.hand(seat)
    dealt = CardSet.of(card for hand in state.hands for card in hand)
    assert len(dealt) == 20
    assert dealt == CardSet.of(deck[:20])
    assert legal_moves(state) == CardSet()


@pytest.mark.parametrize("taker_offset", [1, 2, 3, 4])
@pytest.mark.parametrize("second_round", [False, True])
def test_classic_completion_after_a_take(taker_offset: int, second_round: bool) -> None:
    state = deal(CLASSIC, dealer=Seat(3), seed=11)
    assert state.turned is not None
    first_hands = state.hands
    deck = [DECK[i] for i in state.deck]
    for _ in range(taker_offset - 1 + (4 if second_round else 0)):
        state = bid(state, Pass())
    taker = state.to_act
    assert taker is Seat(3).offset(taker_offset)
    call = legal_bids(state)[1]
    assert isinstance(call, Bid)
    assert state.turned is not None
    assert (call.trump.suit == state.turned.suit) is not second_round
    state = bid(state, call)
    assert state.phase is Phase.PLAYING
    assert state.taker is taker
    assert state.turned in state.hand(taker)  # C5: the taker receives the turned card
    assert all(len(hand) == 8 for hand in state.hands)
    assert all(before <= after for before, after in zip(first_hands, state.hands, strict=False))
    union = CardSet()
    for hand in state.hands:
        assert union.isdisjoint(hand)
        union |= hand
    assert union == FULL
    # the rest is dealt from card 22 on, from the eldest: 2 to the taker, 3 to the others
    position = 21
    for step in range(1, 5):
        seat = Seat(3).offset(step)
        count = 2 if seat is taker else 3
        assert CardSet.of(deck[position : position + count]) <= state.hand(seat)
        position += count


def test_bulgarian_deal_five_then_eight_without_turned_card() -> None:
    state = deal(BULGARIAN, dealer=Seat(0), seed=3)
    assert state.turned is None
    assert [len(hand) for hand in state.hands] == [5, 5, 5, 5]
    state = bid(state, Bid(Trump.CLUBS))
    for _ in range(3):
        state = bid(state, Pass())
    assert state.phase is Phase.PLAYING
    assert [len(hand) for hand in state.hands] == [8, 8, 8, 8]
    assert CardSet.of(card for hand in state.hands for card in hand) == FULL
    deck = [DECK[i] for i in state.deck]
    assert CardSet.of(deck[20:23]) <= state.hand(Seat(1))  # 3 more each from the eldest
    assert CardSet.of(deck[29:32]) <= state.hand(Seat(0))


def test_deal_with_an_explicit_deck() -> None:
    deck = list(DECK)  # clubs 7..A, diamonds, hearts, spades
    state = deal(CLASSIC, dealer=Seat(0), deck=deck)
    assert str(state.hand(Seat(1))) == "QD JD 9C 8C 7C"  # deck[0:3] + deck[12:14]
    assert state.hand(Seat(0)) == CardSet.of(deck[9:12] + deck[18:20])
    assert state.turned == Card.parse("JH")  # deck[20]
    assert state.deck == tuple(range(32))


@pytest.mark.parametrize(
    ("kwargs", "error", "reason"),
    [
        ({"seed": 1, "deck": list(DECK)}, BeloteError, Reason.BAD_ARGUMENT),
        ({"seed": 1, "rng": random.Random(1)}, BeloteError, Reason.BAD_ARGUMENT),
        ({"deck": list(DECK)[:31]}, NotationError, Reason.MALFORMED_CARDS),
        ({"deck": [*list(DECK)[:31], DECK[0]]}, NotationError, Reason.MALFORMED_CARDS),
        ({"deck": [str(card) for card in DECK]}, NotationError, Reason.MALFORMED_CARDS),
        ({"deck": list(range(32))}, NotationError, Reason.MALFORMED_CARDS),
        ({"deck": 32}, NotationError, Reason.MALFORMED_CARDS),
        ({"seed": 1.5}, BeloteError, Reason.BAD_ARGUMENT),
        ({"seed": True}, BeloteError, Reason.BAD_ARGUMENT),
        ({"rng": 7}, BeloteError, Reason.BAD_ARGUMENT),
        ({"dealer": 4}, BeloteError, Reason.BAD_ARGUMENT),
        ({"dealer": "north"}, BeloteError, Reason.BAD_ARGUMENT),
    ],
)
def test_deal_bad_arguments(kwargs: dict[str, Any], error: type[BeloteError], reason: Reason) -> None:
    with pytest.raises(error) as caught:
        deal(CLASSIC, **kwargs)
    assert caught.value.reason is reason


def test_deal_needs_a_variant() -> None:
    with pytest.raises(BeloteError) as caught:
        deal("classic")  # type: ignore[arg-type]
    assert caught.value.reason is Reason.BAD_ARGUMENT


# ---------------------------------------------------------------- first lead, tricks


@pytest.mark.parametrize(
    ("variant", "dealer", "leader"),
    [
        (CLASSIC, 0, 1),
        (CLASSIC, 3, 0),
        (CLASSIC_501, 0, 0),
        (CLASSIC_501, 2, 2),
        (BULGARIAN, 1, 2),
    ],
    ids=["classic-0", "classic-3", "501-0", "501-2", "bulgarian-1"],
)
def test_first_lead(variant: Variant, dealer: int, leader: int) -> None:
    state = deal(variant, dealer=Seat(dealer), seed=21)
    state = bid(state, legal_bids(state)[1])  # the eldest takes
    while state.phase is Phase.BIDDING:
        state = bid(state, Pass())
    assert state.to_act is Seat(leader)
    assert state.leader is Seat(leader)
    assert legal_moves(state) == state.hand(Seat(leader))  # the leader may lead anything


def test_winner_leads_the_next_trick() -> None:
    state = start_play(CLASSIC, HANDS_A, trump="H", taker=1, turned="JH")
    assert state.to_act is Seat(1)
    state = play_all(state, "KS", "9S", "JS", "AS")  # seat 0 wins with AS
    assert len(state.tricks) == 1
    trick = state.tricks[0]
    assert trick.winner is Seat(0)
    assert trick.leader is Seat(1)
    assert trick.cards == tuple(Card.parse(c) for c in ("KS", "9S", "JS", "AS"))
    assert trick.points == 4 + 0 + 2 + 11
    assert trick.winner is trick_winner(trick.plays, trump=Trump.HEARTS)
    assert state.to_act is Seat(0)
    assert state.leader is Seat(0)
    assert state.trick == ()
    state = play_all(state, "8H", "9H", "AH", "QD")  # seat 1 wins with 9H (trump)
    assert state.tricks[1].winner is Seat(1)
    assert state.to_act is Seat(1)


def test_play_accepts_card_text_and_seat() -> None:
    state = start_play(CLASSIC, HANDS_A, trump="H", taker=1, turned="JH")
    assert play(state, "ks") == play(state, Card.parse("KS")) == play(state, Card.parse("KS"), seat=Seat(1))
    after = play(state, "KS")
    assert after.trick == ((Seat(1), Card.parse("KS")),)
    assert Card.parse("KS") not in after.hand(Seat(1))
    assert after.to_act is Seat(2)
    assert legal_moves(after) == CardSet.parse("9S 8S")


def test_a_whole_round_and_score() -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=42)
    state = bid(state, legal_bids(state)[1])
    rng = random.Random(0)
    while state.phase is Phase.PLAYING:
        state = play(state, rng.choice(list(legal_moves(state))))
    assert state.phase is Phase.FINISHED
    assert state.to_act is None
    assert len(state.tricks) == 8
    assert all(hand == CardSet() for hand in state.hands)
    assert sum(trick.points for trick in state.tricks) == 152
    score = score_round(state)
    assert score.contract == state.contract
    assert_refused(state, lambda s: play(s, "AS"), PhaseError, Reason.WRONG_PHASE)
    assert_refused(state, lambda s: bid(s, Pass()), PhaseError, Reason.WRONG_PHASE)


# ---------------------------------------------------------------- belote


BELOTE_HANDS = {
    0: "KH QH 7S 8S 9S TS JS QS",
    1: "KS AS 7D 8D 9D TD JD QD",
    2: "7H 8H 9H TH KD AD 7C 8C",
    3: "JH AH 9C TC JC QC KC AC",
}


def _belote_round(
    variant: Variant = CLASSIC, taker: int = 0, trump: str = "H", turned: str = "KH"
) -> RoundState:
    # dealer 3: seat 0 is eldest and leads
    return start_play(variant, BELOTE_HANDS, trump=trump, taker=taker, dealer=3, turned=turned)


@pytest.mark.parametrize("first", ["KH", "QH"])
def test_belote_either_order_in_classic(first: str) -> None:
    state = _belote_round()
    second = "QH" if first == "KH" else "KH"
    state = play(state, first)
    assert state.belotes == (Seat(0),)
    state = play_all(state, "AS", "9H", "JH")  # seat 3 wins with JH and leads
    state = play_all(state, "AC", second)  # seat 0, void in clubs, trumps: "rebelote"
    assert state.belotes == (Seat(0),)  # one belote, counted once


def test_belote_true_is_accepted_when_allowed() -> None:
    state = _belote_round()
    assert play(state, "QH", belote=True).belotes == (Seat(0),)


def test_belote_declined() -> None:
    state = _belote_round()
    state = play(state, "KH", belote=False)
    assert state.belotes == ()
    state = play_all(state, "AS", "9H", "JH", "AC")
    state = play(state, "QH")  # the second card alone announces nothing
    assert state.belotes == ()


def test_belote_king_first_option() -> None:
    variant = attrs.evolve(CLASSIC, belote_card_order="king_first")
    state = _belote_round(variant)
    assert play(state, "QH").belotes == ()
    error = assert_refused(
        state, lambda s: play(s, "QH", belote=True), DeclarationError, Reason.BELOTE_NOT_ALLOWED
    )
    assert "QH" in str(error)
    assert play(state, "KH").belotes == (Seat(0),)


def test_belote_true_when_not_allowed() -> None:
    state = _belote_round()
    assert_refused(state, lambda s: play(s, "7S", belote=True), DeclarationError, Reason.BELOTE_NOT_ALLOWED)
    # K and Q of a plain suit: no belote
    state = _belote_round(trump="S", taker=1, turned="KS")
    assert state.trump is Trump.SPADES
    assert play(state, "KH").belotes == ()
    assert_refused(state, lambda s: play(s, "KH", belote=True), DeclarationError, Reason.BELOTE_NOT_ALLOWED)


def test_published_belote_case_classic_queen_first() -> None:
    # BA-07: classic, trump H, seat 0 leads QH holding KH -> belote
    state = _belote_round()
    assert state.to_act is Seat(0)
    assert state.trick == ()
    assert play(state, "QH").belotes == (Seat(0),)


BG_ALL_HANDS = {
    0: "AH 8H 7S 8S 9S TS JS 7C",
    1: "KS QS 7D 8D 9D TD JD QD",
    2: "7H 9H TH KD AD 8C 9C TC",
    3: "JH QH KH AS JC QC KC AC",
}


def test_published_belote_case_all_trumps_discard() -> None:
    # BA-01: Bulgarian all trumps, AH led, seat 1 discards KS holding QS -> no belot
    state = start_play(BULGARIAN, BG_ALL_HANDS, trump="ALL", taker=1, dealer=3)
    state = play(state, "AH", seat=Seat(0))
    assert Card.parse("KS") in legal_moves(state)
    assert play(state, "KS").belotes == ()
    assert_refused(state, lambda s: play(s, "KS", belote=True), DeclarationError, Reason.BELOTE_NOT_ALLOWED)


def test_belot_in_all_trumps_when_following_or_leading() -> None:
    state = start_play(BULGARIAN, BG_ALL_HANDS, trump="ALL", taker=1, dealer=3)
    # seat 0 leads 7S; seat 1 follows with KS holding QS: belot
    state = play_all(state, "7S")
    assert play(state, "KS").belotes == (Seat(1),)
    # seat 3's K and Q of hearts: led after winning a trick
    state = play_all(state, "KS", "TC", "AS")  # spades led: AS beats KS, seat 3 wins
    assert state.tricks[-1].winner is Seat(3)
    assert state.belotes == (Seat(1),)
    assert play(state, "QH").belotes == (Seat(1), Seat(3))


def test_no_belot_in_no_trumps() -> None:
    state = start_play(BULGARIAN, BG_ALL_HANDS, trump="NONE", taker=1, dealer=3)
    state = play(state, "7S")
    assert play(state, "KS").belotes == ()
    assert_refused(state, lambda s: play(s, "KS", belote=True), DeclarationError, Reason.BELOTE_NOT_ALLOWED)


# ---------------------------------------------------------------- declarations (Bulgarian)

DECL_HANDS = {
    0: "7S 8S 9S TS 7H 8H 9H QC",  # quarta in spades + terca in hearts
    1: "JS JH JD JC AS KS QS 7C",  # carré of jacks, terca A-K-Q spades
    2: "TH KH AH 8D 9D TD 7D 8C",
    3: "QH QD KD AD 9C TC KC AC",
}


def _decl_round(trump: str = "H") -> RoundState:
    return start_play(BULGARIAN, DECL_HANDS, trump=trump, taker=0, dealer=3)


def test_legal_declarations_and_declaring_with_the_first_card() -> None:
    state = _decl_round()
    options = legal_declarations(state)
    assert len(options) == 1
    shown = {str(d.cards) for d in options[0]}
    assert shown == {"TS 9S 8S 7S", "9H 8H 7H"}
    state = play(state, "QC", declarations=options[0])
    assert state.declarations == options[0]
    # seat 1: the carré and the terca share no card: one option with both
    options = legal_declarations(state)
    assert {str(d.cards) for d in options[0]} == {"JS JH JD JC", "AS KS QS"}
    part = (options[0][0],)
    state = play(state, "7C", declarations=part)  # any part of one option
    assert state.declarations[-1:] == part
    state = play_all(state, "8C", "KC")  # seat 3 wins the first trick
    assert state.tricks[0].winner is Seat(3)
    assert state.to_act is Seat(3)
    assert legal_declarations(state) == ()  # second trick: no more


def test_declarations_refused() -> None:
    state = _decl_round()
    theirs = Declaration(Seat(1), CardSet.parse("AS KS QS"))
    assert_refused(
        state, lambda s: play(s, "QC", declarations=[theirs]), DeclarationError, Reason.BAD_DECLARATION
    )
    fake = Declaration(Seat(0), CardSet.parse("TS JS QS"))
    assert_refused(
        state, lambda s: play(s, "QC", declarations=[fake]), DeclarationError, Reason.BAD_DECLARATION
    )
    later = play_all(state, "QC", "7C", "8C", "KC")
    mine = Declaration(Seat(3), CardSet.parse("KD QD AD"))
    assert later.to_act is Seat(3)
    assert_refused(
        later, lambda s: play(s, "AC", declarations=[mine]), DeclarationError, Reason.DECLARATION_NOT_ALLOWED
    )


def _overlap_hands() -> dict[int, str]:
    seat0 = CardSet.parse("JS QS KS JH JD JC 7D 8D")  # carré of jacks, or terca K-Q-J of spades
    rest = list(FULL - seat0)
    return {
        0: str(seat0),
        1: str(CardSet.of(rest[:8])),
        2: str(CardSet.of(rest[8:16])),
        3: str(CardSet.of(rest[16:])),
    }


def test_a_card_serves_in_one_declaration_only() -> None:
    state = start_play(BULGARIAN, _overlap_hands(), trump="C", taker=0, dealer=3)
    options = legal_declarations(state)
    assert [[str(d.cards) for d in option] for option in options] == [["JS JH JD JC"], ["KS QS JS"]]
    carre, terca = options[0][0], options[1][0]
    assert play(state, "7D", declarations=[terca]).declarations == (terca,)
    assert play(state, "7D", declarations=[carre]).declarations == (carre,)
    error = assert_refused(
        state, lambda s: play(s, "7D", declarations=[carre, terca]), DeclarationError, Reason.BAD_DECLARATION
    )
    assert "a card would serve in two declarations" in str(error)


def test_states_are_frozen() -> None:
    state = deal(CLASSIC, seed=1)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.phase = Phase.FINISHED  # type: ignore[misc]


def test_no_declarations_in_no_trumps_or_classic() -> None:
    state = _decl_round("NONE")
    assert legal_declarations(state) == ()
    quarta = Declaration(Seat(0), CardSet.parse("7S 8S 9S TS"))
    assert_refused(
        state,
        lambda s: play(s, "QC", declarations=[quarta]),
        DeclarationError,
        Reason.DECLARATION_NOT_ALLOWED,
    )
    classic = start_play(CLASSIC, DECL_HANDS, trump="H", taker=0, dealer=3, turned="7H")
    assert legal_declarations(classic) == ()
    assert_refused(
        classic,
        lambda s: play(s, "QC", declarations=[quarta]),
        DeclarationError,
        Reason.DECLARATION_NOT_ALLOWED,
    )


# ---------------------------------------------------------------- refused actions


def test_out_of_turn_and_phase_errors() -> None:
    bidding = deal(CLASSIC, dealer=Seat(0), seed=8)
    assert_refused(bidding, lambda s: bid(s, Pass(), seat=Seat(2)), OutOfTurnError, Reason.OUT_OF_TURN)
    assert_refused(bidding, lambda s: play(s, next(iter(s.hand(Seat(1))))), PhaseError, Reason.WRONG_PHASE)
    playing = start_play(CLASSIC, HANDS_A, trump="H", taker=1, turned="JH")
    error = assert_refused(playing, lambda s: play(s, "KS", seat=Seat(3)), OutOfTurnError, Reason.OUT_OF_TURN)
    assert "seat 1" in str(error)
    assert_refused(playing, lambda s: bid(s, Pass()), PhaseError, Reason.WRONG_PHASE)
    assert_refused(playing, lambda s: bid(s, Bid(Trump.HEARTS), seat=Seat(1)), PhaseError, Reason.WRONG_PHASE)
    assert_refused(playing, score_round, PhaseError, Reason.ROUND_NOT_FINISHED)


def test_card_not_in_hand_and_malformed_card() -> None:
    state = start_play(CLASSIC, HANDS_A, trump="H", taker=1, turned="JH")
    error = assert_refused(state, lambda s: play(s, "AS"), IllegalMoveError, Reason.CARD_NOT_IN_HAND)
    assert "AS" in str(error)
    assert_refused(state, lambda s: play(s, "XX"), NotationError, Reason.MALFORMED_CARD)
    not_a_card: Any = 12
    assert_refused(state, lambda s: play(s, not_a_card), IllegalMoveError, Reason.MALFORMED_CARD)


ILLEGAL_HANDS = {
    0: "AH 7C 8C 9C 7S 8S AD KD",  # eldest (dealer 3), takes hearts
    1: "9H 7H KS QS TD QD 8D 9D",  # void in clubs
    2: "KH 8H TS JS 7D JD AS 9S",  # void in clubs
    3: "TH JH QH AC TC KC QC JC",
}
UNDERTRUMP_FORBIDDEN = attrs.evolve(CLASSIC, undertrump_opponent="forbidden_unless_forced")


@pytest.mark.parametrize(
    ("variant", "trump", "before", "card", "reason", "message"),
    [
        (CLASSIC, "H", "7S", "TD", Reason.MUST_FOLLOW_SUIT, "TD: must follow spades (you hold KS QS)"),
        (CLASSIC, "H", "AH", "7H", Reason.MUST_OVERTRUMP, "7H: trumps led: must overtrump AH (you hold 9H)"),
        (CLASSIC, "H", "7C", "KS", Reason.MUST_TRUMP, "KS: void in clubs: must trump (you hold 9H 7H)"),
        (CLASSIC, "H", "7C 7H", "TS", Reason.MUST_OVERTRUMP, "TS: must overtrump 7H (you hold KH 8H)"),
        (
            CLASSIC,
            "H",
            "7C 9H",
            "TS",
            Reason.MUST_PLAY_TRUMP,
            "TS: cannot overtrump 9H: must still play a trump (you hold KH 8H)",
        ),
        (
            UNDERTRUMP_FORBIDDEN,
            "H",
            "7C 9H",
            "8H",
            Reason.MUST_NOT_UNDERTRUMP,
            "8H: may not undertrump 9H (you hold AS JS TS 9S JD 7D)",
        ),
        (BULGARIAN, "ALL", "AD", "TD", Reason.MUST_BEAT, "TD: must beat AD (you hold 9D)"),
        (BULGARIAN, "NONE", "7S", "9H", Reason.MUST_FOLLOW_SUIT, "9H: must follow spades (you hold KS QS)"),
    ],
    ids=[
        "follow",
        "trump-led",
        "must-trump",
        "overtrump",
        "undertrump",
        "no-undertrump",
        "beat",
        "nt-follow",
    ],
)
def test_illegal_card_messages(
    variant: Variant, trump: str, before: str, card: str, reason: Reason, message: str
) -> None:
    turned = "AH" if variant.bidding.value == "turned_card" else ""
    state = start_play(variant, ILLEGAL_HANDS, trump=trump, taker=0, dealer=3, turned=turned)
    state = play_all(state, *before.split())
    assert state.to_act is not None
    assert Card.parse(card) in state.hand(state.to_act)
    error = assert_refused(state, lambda s: play(s, card), IllegalMoveError, reason)
    assert str(error) == message
    assert str(legal_moves(state)) in str(error)
