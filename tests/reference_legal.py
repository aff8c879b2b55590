"""A slow, obviously correct reference for the play rules, written straight from the rules pages of the docs.

Nothing here uses the library's masks or tables: cards are :class:`~belote.Card` objects,
sets are Python sets, and the rank orders are spelled out below (the docs' rules page,
"Common to every preset"). The only
library pieces used are the value types (``Card``, ``Suit``, ``Rank``, ``Seat``, ``Trump``)
and the option enums of ``Variant``. The tests compare the fast library functions with
these on thousands of random situations.

Rule map (the docs' rules pages):

* 2.3 / C7 / B7: follow suit when able; holding the led suit you may never trump.
* C8 / B5: trumps led: beat the highest trump in the trick if able, even the partner's
  (option ``trump_lead_must_overtrump_partner``); otherwise any trump; no trump, any card.
* C9: plain suit led, void, partner master: free (option ``partner_master_trumped``).
* C10 a-d / B5 / K3: plain suit led, void, an opponent master: trump; overtrump an
  opponent's trump if able; otherwise undertrump (option ``undertrump_opponent``).
* C11: a partner's trump that an opponent overtrumped is not master.
* B6 / K4: all trumps: follow and beat the best card of the led suit if able (option
  ``tout_atout_partner_exception``); void, any card.
* 0.5: trick winner.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from belote import Card, Rank, Seat, Suit, Trump, Variant
from belote.variants import PartnerMasterTrumped, Undertrump

__all__ = ["PLAIN_RANKING", "TRUMP_RANKING", "reference_legal_cards", "reference_trick_winner"]

TRUMP_RANKING: list[str] = ["J", "9", "A", "T", "K", "Q", "8", "7"]
"""Trump suit, highest first (the docs' rules page, "Common to every preset")."""

PLAIN_RANKING: list[str] = ["A", "T", "K", "Q", "J", "9", "8", "7"]
"""Plain suit, highest first (the docs' rules page, "Common to every preset")."""

_LETTER = {
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.TEN: "T",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}


def trump_suit(trump: Trump) -> Suit | None:
    """The trump suit of a suit contract, else None."""
    return {
        Trump.CLUBS: Suit.CLUBS,
        Trump.DIAMONDS: Suit.DIAMONDS,
        Trump.HEARTS: Suit.HEARTS,
        Trump.SPADES: Suit.SPADES,
    }.get(trump)


def ranks_as_trump(card: Card, trump: Trump) -> bool:
    """Whether the card uses the trump ranking (its suit is trumps, or all trumps)."""
    return trump == Trump.ALL_TRUMPS or card.suit == trump_suit(trump)


def power(card: Card, trump: Trump) -> int:
    """Higher is stronger, comparing cards of the same suit only."""
    ranking = TRUMP_RANKING if ranks_as_trump(card, trump) else PLAIN_RANKING
    return 8 - ranking.index(_LETTER[card.rank])


def is_trump(card: Card, trump: Trump) -> bool:
    """A trump that beats any card of another suit: only in suit contracts."""
    return card.suit == trump_suit(trump)


def beats(challenger: Card, holder: Card, led: Suit, trump: Trump) -> bool:
    """Whether ``challenger`` (played later) takes the trick from ``holder`` (the docs' rules
    page, "Common to every preset")."""
    if is_trump(challenger, trump) and not is_trump(holder, trump):
        return True
    if is_trump(holder, trump) and not is_trump(challenger, trump):
        return False
    if challenger.suit != holder.suit:
        return False  # an off-suit non-trump never wins
    return power(challenger, trump) > power(holder, trump)


def winning_index(cards: Sequence[Card], trump: Trump) -> int:
    """Position in ``cards`` (play order) of the card that wins so far."""
    led = cards[0].suit
    best = 0
    for position in range(1, len(cards)):
        if beats(cards[position], cards[best], led, trump):
            best = position
    return best


def reference_trick_winner(trick: Sequence[tuple[Seat, Card]], trump: Trump) -> Seat:
    """The seat that wins ``trick`` (complete or not)."""
    cards = [card for _, card in trick]
    return trick[winning_index(cards, trump)][0]


def reference_legal_cards(
    hand: Iterable[Card],
    trick: Sequence[tuple[Seat, Card]],
    trump: Trump,
    variant: Variant,
) -> set[Card]:
    """The legal cards, as a set, following the rule text step by step."""
    hand_set = set(hand)
    if not trick:
        return hand_set  # the leader plays any card
    cards = [card for _, card in trick]
    led = cards[0].suit
    same_suit = {card for card in hand_set if card.suit == led}

    # The partner is master when it has played (two places back) and is winning now.
    partner_master = len(cards) >= 2 and winning_index(cards, trump) == len(cards) - 2

    if trump == Trump.NO_TRUMPS:  # B7 / K5: follow suit only
        return same_suit or hand_set

    if trump == Trump.ALL_TRUMPS:  # B6 / K4
        if not same_suit:
            return hand_set
        best_led = max((card for card in cards if card.suit == led), key=lambda c: power(c, trump))
        higher = {card for card in same_suit if power(card, trump) > power(best_led, trump)}
        if variant.tout_atout_partner_exception and partner_master:
            return same_suit
        return higher or same_suit

    trumps_held = {card for card in hand_set if is_trump(card, trump)}
    trumps_in_trick = [card for card in cards if is_trump(card, trump)]

    if led == trump_suit(trump):  # C8 / B5: trumps led
        if not same_suit:
            return hand_set
        highest = max(trumps_in_trick, key=lambda c: power(c, trump))
        higher = {card for card in same_suit if power(card, trump) > power(highest, trump)}
        if partner_master and not variant.trump_lead_must_overtrump_partner:
            return same_suit
        return higher or same_suit

    if same_suit:  # C7: follow, no obligation to beat, never trump
        return same_suit
    if not trumps_held:  # C10d: nothing to trump with
        return hand_set

    master_card = cards[winning_index(cards, trump)]
    opponent_rules = True
    if partner_master:  # C9
        option = variant.partner_master_trumped
        if option == PartnerMasterTrumped.FREE:
            return hand_set
        if option == PartnerMasterTrumped.NO_UNDERTRUMP:
            if not is_trump(master_card, trump):
                return hand_set
            allowed = {
                card
                for card in hand_set
                if not is_trump(card, trump) or power(card, trump) > power(master_card, trump)
            }
            return allowed or hand_set
        opponent_rules = option == PartnerMasterTrumped.MUST_OVERTRUMP
    assert opponent_rules

    # C10: an opponent is master (or the partner counts as one).
    if not trumps_in_trick:
        return trumps_held  # C10a: must trump
    overtrumps = {card for card in trumps_held if power(card, trump) > power(master_card, trump)}
    if overtrumps:
        return overtrumps  # C10b
    undertrump = variant.undertrump_opponent
    if undertrump == Undertrump.MUST:
        return trumps_held  # C10c: pisser
    if undertrump == Undertrump.FREE:
        return hand_set  # K3, B5
    discards = hand_set - trumps_held  # forbidden unless forced
    return discards or hand_set
