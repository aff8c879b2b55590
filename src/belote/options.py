"""The values of the variant options: one enum per rule on which the sources disagree.

Each enum accepts its members' string values in any case (``Undertrump("FREE")``), so that a
:class:`~belote.variant.Variant` can be built from text (a command line, a game record).
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from belote._enums import Named
from belote._repr import safe_repr
from belote.errors import VariantError

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = [
    "Announcements",
    "BeloteCardOrder",
    "BeloteCredit",
    "BeloteOmission",
    "BiddingSystem",
    "CapotBy",
    "CarryWinner",
    "CoincheScale",
    "ContraRoundOrder",
    "DeclarationTie",
    "Direction",
    "FirstLead",
    "LitigeBelote",
    "MacCapotBonus",
    "MadeScore",
    "NoTrumpsScale",
    "Option",
    "PartnerMasterTrumped",
    "RedealDealer",
    "Rounding",
    "TargetRule",
    "TieRule",
    "ToutAtoutScale",
    "Undertrump",
]


class Option(Named, enum.Enum):
    """Base of the option enums: accepts its members' string values in any case.

    >>> Undertrump("FREE"), Undertrump(" forbidden-unless-forced ")
    (<Undertrump.FREE: 'free'>, <Undertrump.FORBIDDEN_UNLESS_FORCED: 'forbidden_unless_forced'>)
    """

    if TYPE_CHECKING:  # a member or its value's text, as _missing_ reads it (for the Variant's fields too)

        def __new__(cls, value: Self | str) -> Self: ...

    @classmethod
    def _missing_(cls, value: object) -> Option:
        if isinstance(value, str):
            key = value.strip().lower().replace("-", "_").replace(" ", "_")
            for member in cls:
                if member.value == key:
                    return member
        allowed = ", ".join(repr(member.value) for member in cls)
        raise VariantError(f"{safe_repr(value)} is not a {cls.__name__} option: expected one of {allowed}")


class BiddingSystem(Option):
    """How the contract is chosen.

    >>> BiddingSystem("AUCTION"), str(BiddingSystem.TURNED_CARD)
    (<BiddingSystem.AUCTION: 'auction'>, 'turned_card')
    """

    TURNED_CARD = "turned_card"
    """Classic: take the turned card's suit in round 1, name another suit in round 2."""
    AUCTION = "auction"
    """Bulgarian: rising bids ♣ < ♦ < ♥ < ♠ < no trumps < all trumps, with contra."""
    POINTS_AUCTION = "points_auction"
    """Coinche: the whole pack dealt, then rising bids of 80 to 160 points (or capot) in a
    trump mode, with coinche and surcoinche."""


class FirstLead(Option):
    """Who leads the first trick.

    >>> FirstLead("DEALER"), str(FirstLead.ELDEST)
    (<FirstLead.DEALER: 'dealer'>, 'eldest')
    """

    ELDEST = "eldest"
    DEALER = "dealer"


class Direction(Option):
    """Physical direction of play (presentation only: seats are numbered in play order).

    >>> Direction("CLOCKWISE"), str(Direction.COUNTER_CLOCKWISE)
    (<Direction.CLOCKWISE: 'clockwise'>, 'counter_clockwise')
    """

    COUNTER_CLOCKWISE = "counter_clockwise"
    CLOCKWISE = "clockwise"


class Undertrump(Option):
    """What a player void in the led suit must do when an opponent's trump wins and it
    cannot overtrump.

    >>> Undertrump("FORBIDDEN_UNLESS_FORCED"), str(Undertrump.MUST)
    (<Undertrump.FORBIDDEN_UNLESS_FORCED: 'forbidden_unless_forced'>, 'must')
    """

    MUST = "must"
    """Play a lower trump (*pisser*)."""
    FREE = "free"
    """Play any card."""
    FORBIDDEN_UNLESS_FORCED = "forbidden_unless_forced"
    """Discard a non-trump; a lower trump only when holding nothing else."""


class PartnerMasterTrumped(Option):
    """What a player void in the led plain suit may do while its partner is master.

    >>> PartnerMasterTrumped("MUST_OVERTRUMP"), str(PartnerMasterTrumped.FREE)
    (<PartnerMasterTrumped.MUST_OVERTRUMP: 'must_overtrump'>, 'free')
    """

    FREE = "free"
    """Any card, a trump lower than the partner's included."""
    NO_UNDERTRUMP = "no_undertrump"
    """Any card but a trump lower than the partner's, unless holding nothing else."""
    MUST_OVERTRUMP = "must_overtrump"
    """The partner being master relaxes nothing: trump and overtrump as against an opponent."""


class BeloteCredit(Option):
    """How a belote (the trump king and queen in one hand) is credited.

    >>> from belote import CLASSIC, CLASSIC_501
    >>> CLASSIC.belote_credit, CLASSIC_501.belote_credit
    (<BeloteCredit.ANNOUNCED: 'announced'>, <BeloteCredit.HELD: 'held'>)
    """

    ANNOUNCED = "announced"
    """Its player says "belote" and "rebelote" when playing the two cards; unannounced, it may
    be lost (``belote_omission``)."""
    HELD = "held"
    """It belongs to the player dealt both cards: nothing is announced, nothing can be forgotten."""


class BeloteCardOrder(Option):
    """Which of trump king and queen may be played first for belote to count.

    >>> BeloteCardOrder("KING_FIRST"), str(BeloteCardOrder.ANY)
    (<BeloteCardOrder.KING_FIRST: 'king_first'>, 'any')
    """

    ANY = "any"
    KING_FIRST = "king_first"


class BeloteOmission(Option):
    """What happens to a belote that was held but not announced.

    >>> BeloteOmission("ONE_TOLERANCE"), str(BeloteOmission.LOST)
    (<BeloteOmission.ONE_TOLERANCE: 'one_tolerance'>, 'lost')
    """

    LOST = "lost"
    """It does not count."""
    ONE_TOLERANCE = "one_tolerance"
    """Each team may have one forgotten belote counted per match, when the deal is counted."""


class Announcements(Option):
    """Declarations (sequences and carrés) and how the teams' declarations are compared.

    >>> Announcements("SEPARATE"), str(Announcements.OFF)
    (<Announcements.SEPARATE: 'separate'>, 'off')
    """

    OFF = "off"
    """No declarations (belote still counts)."""
    ON = "on"
    """French rule: the team with the single best declaration scores all of its own."""
    SEPARATE = "separate"
    """Bulgarian rule: sequences compared with sequences, carrés with carrés, independently."""


class DeclarationTie(Option):
    """What an exact tie between the teams' best declarations gives.

    >>> DeclarationTie("FIRST_ANNOUNCER"), str(DeclarationTie.NONE)
    (<DeclarationTie.FIRST_ANNOUNCER: 'first_announcer'>, 'none')
    """

    NONE = "none"
    """Neither team scores that kind."""
    FIRST_ANNOUNCER = "first_announcer"
    """The team that announced first scores."""


class TieRule(Option):
    """What equal totals (the takers' total equals the defenders') give.

    >>> TieRule("REPLAY"), str(TieRule.LITIGE)
    (<TieRule.REPLAY: 'replay'>, 'litige')
    """

    LITIGE = "litige"
    """Defenders score theirs now; the takers' points are held for the next deal's winner."""
    TAKERS_MAKE = "takers_make"
    """The takers make their contract: each team scores its own total."""
    TAKERS_FAIL = "takers_fail"
    """The takers fail: the defenders score the deal, each belote stays with its owners."""
    REPLAY = "replay"
    """Nobody scores; the deal is replayed (the next dealer deals)."""


class LitigeBelote(Option):
    """Whether belote counts in the totals that decide a tie.

    >>> LitigeBelote("OUTSIDE"), str(LitigeBelote.IN_TOTALS)
    (<LitigeBelote.OUTSIDE: 'outside'>, 'in_totals')
    """

    IN_TOTALS = "in_totals"
    OUTSIDE = "outside"


class CarryWinner(Option):
    """Who takes the points held from a litige (hanging) deal.

    >>> CarryWinner("NEXT_TAKER_IF_MADE"), str(CarryWinner.NEXT_DEAL_WINNER)
    (<CarryWinner.NEXT_TAKER_IF_MADE: 'next_taker_if_made'>, 'next_deal_winner')
    """

    NEXT_DEAL_WINNER = "next_deal_winner"
    """The winner of the next deal: its takers if made, else its defenders."""
    NEXT_TAKER_IF_MADE = "next_taker_if_made"
    """Only the takers of a later made contract; otherwise the points stay held."""


class CapotBy(Option):
    """Who earns the capot (valat) value for winning all eight tricks.

    >>> CapotBy("TAKERS_ONLY"), str(CapotBy.EITHER_TEAM)
    (<CapotBy.TAKERS_ONLY: 'takers_only'>, 'either_team')
    """

    EITHER_TEAM = "either_team"
    TAKERS_ONLY = "takers_only"
    """A defenders' sweep scores only the ordinary failed-contract points."""


class MacCapotBonus(Option):
    """How the 501 game's capot bonuses combine with the card points (rule M3).

    >>> MacCapotBonus("ADD_TO_252"), str(MacCapotBonus.REPLACE)
    (<MacCapotBonus.ADD_TO_252: 'add_to_252'>, 'replace')
    """

    REPLACE = "replace"
    """The deal is worth the bonus (252 team capot, 350 one-player capot)."""
    ADD_TO_162 = "add_to_162"
    """The bonus is added to the 162 points of the deal."""
    ADD_TO_252 = "add_to_252"
    """The one-player bonus is added to the team capot's 252."""


class ContraRoundOrder(Option):
    """Bulgarian contra: multiply the game points, or the points before rounding.

    >>> ContraRoundOrder("MULTIPLY_THEN_ROUND"), str(ContraRoundOrder.ROUND_THEN_MULTIPLY)
    (<ContraRoundOrder.MULTIPLY_THEN_ROUND: 'multiply_then_round'>, 'round_then_multiply')
    """

    ROUND_THEN_MULTIPLY = "round_then_multiply"
    MULTIPLY_THEN_ROUND = "multiply_then_round"


class Rounding(Option):
    """How a deal's points are written on the score sheet.

    >>> Rounding("GAME_POINTS"), str(Rounding.NONE)
    (<Rounding.GAME_POINTS: 'game_points'>, 'none')
    """

    NONE = "none"
    """To the point (FFB)."""
    NEAREST_10 = "nearest_10"
    """To the nearest ten, 5 up (a tournament convenience; coinche: pagat, FFB 2016)."""
    NEAREST_10_6_UP = "nearest_10_6_up"
    """To the nearest ten, 6 up: 85 is written 80 (coinche: FFB "Équipe Ludique", Cannes)."""
    GAME_POINTS = "game_points"
    """Bulgarian game points: points / 10 with the rounding of rule B14."""


class RedealDealer(Option):
    """Who deals after a thrown-in deal (every player passed).

    >>> from belote import CLASSIC, CLASSIC_501
    >>> str(CLASSIC.redeal_dealer), str(CLASSIC_501.redeal_dealer)
    ('next', 'previous')
    """

    NEXT = "next"
    """The next dealer in turn, as after a played deal."""
    SAME = "same"
    """The same dealer deals again."""
    PREVIOUS = "previous"
    """The player before the dealer in the order of play (the dealer rotation steps back)."""


class TargetRule(Option):
    """Whether a team wins on reaching the target or only on passing it.

    >>> TargetRule("EXCEED"), str(TargetRule.REACH)
    (<TargetRule.EXCEED: 'exceed'>, 'reach')
    """

    REACH = "reach"
    EXCEED = "exceed"


class NoTrumpsScale(Option):
    """Card points in no trumps.

    >>> NoTrumpsScale("ACE_19"), str(NoTrumpsScale.PLAIN)
    (<NoTrumpsScale.ACE_19: 'ace_19'>, 'plain')
    """

    PLAIN = "plain"
    """The plain-suit values, ace 11: 120 + 10 a deal (Bulgarian, doubled at scoring)."""
    ACE_19 = "ace_19"
    """Ace 19, the other cards at their plain value: 152 + 10 = 162 a deal (coinche)."""


class ToutAtoutScale(Option):
    """Card points in all trumps.

    >>> ToutAtoutScale("pagat"), str(ToutAtoutScale.FFB_2015)
    (<ToutAtoutScale.PAGAT: 'pagat'>, 'ffb_2015')
    """

    TRUMP = "trump"
    """Every suit at trump values J 20, 9 14, A 11, T 10, K 4, Q 3: 248 + 10 = 258 a deal
    (Bulgarian)."""
    FFB_2015 = "ffb_2015"
    """J 13, 9 9, A 6, T 5, K 3, Q 2: 38 a suit, 152 + 10 = 162 a deal (FFB 2015)."""
    PAGAT = "pagat"
    """J 14, 9 9, A 6, T 5, K 3, Q 1: 38 a suit, 162 a deal (pagat, Wikipédia)."""
    CONVERTED_258 = "converted_258"
    """The trump values (258 a deal), each team's points then converted by 162 / 258 to the
    nearest point (FFB 2016): the last trick's team's points rounded, the other team's the
    rest of 162. The sheet's rounding to 10 then reads those whole points (87 -> 54.6 -> 55
    -> 60)."""


class CoincheScale(Option):
    """How a coinched or surcoinched contract is scored (``m`` is the multiplier).

    >>> CoincheScale("FIXED"), str(CoincheScale.WINNER_TAKES_ALL)
    (<CoincheScale.FIXED: 'fixed'>, 'winner_takes_all')
    """

    WINNER_TAKES_ALL = "winner_takes_all"
    """The winning side scores 160 + bid x m (a made unbid capot: the capot's value + bid x m;
    a bid capot or générale: its value x m), every declaration and the belotes, the losing
    side nothing but its own belote where the belote is imprenable (rule K10)."""
    BID_MULTIPLIED = "bid_multiplied"
    """Scored as an undoubled contract, with the bid multiplied by m."""
    WHOLE_SCORE = "whole_score"
    """Scored as an undoubled contract, then every line multiplied by m."""
    FIXED = "fixed"
    """The winning side scores a fixed 160 x m (320 coinched, 640 surcoinched), every
    declaration and the belotes, the other side nothing but its own belote where the belote is
    imprenable."""


class MadeScore(Option):
    """What the takers of a made coinche contract score.

    >>> MadeScore("bid_only"), str(MadeScore.POINTS_AND_BID)
    (<MadeScore.BID_ONLY: 'bid_only'>, 'points_and_bid')
    """

    POINTS_AND_BID = "points_and_bid"
    """Their rounded points plus the bid ("points faits + points demandés"); the defenders
    score their own points."""
    BID_ONLY = "bid_only"
    """The bid alone ("annoncés seulement"), with belote and declarations; the defenders
    score only their belote and declarations."""
