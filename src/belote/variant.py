"""The variant config: :class:`Variant`, every rule on which the sources disagree as a named option.

A :class:`Variant` is a frozen, keyword-only value; each option takes its enum member (from
:mod:`belote.options`) or its string value, and a value an option does not take raises
:class:`~belote.errors.VariantError`. The presets built from it, and the lookup of a preset by
name, are in :mod:`belote.variants`.

>>> Variant(name="house", target=501, undertrump_opponent="free").undertrump_opponent
<Undertrump.FREE: 'free'>
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from belote import trumps as _trumps
from belote._repr import safe_repr
from belote._variant_fields import (
    at_least,
    bool_option,
    check_contracts,
    check_name,
    check_optional_capot,
    check_surcoinche,
    contracts_option,
    int_option,
    optional_int_option,
)
from belote.errors import ArgumentTypeError, VariantError
from belote.options import (
    Announcements,
    BeloteCardOrder,
    BeloteCredit,
    BeloteOmission,
    BiddingSystem,
    CapotBy,
    CarryWinner,
    CoincheScale,
    ContraRoundOrder,
    DeclarationTie,
    Direction,
    FirstLead,
    LitigeBelote,
    MacCapotBonus,
    MadeScore,
    NoTrumpsScale,
    PartnerMasterTrumped,
    RedealDealer,
    Rounding,
    TargetRule,
    TieRule,
    ToutAtoutScale,
    Undertrump,
)
from belote.trumps import Trump

__all__ = ["Variant"]


@attrs.frozen(kw_only=True, order=False)
class Variant:
    """The rules of one belote game: every option where the sources disagree (see the
    variant options page of the docs).

    Build one with the keyword arguments below, or start from a preset and change what
    differs with ``attrs.evolve``. String values are accepted for every enum option; a value
    an option does not take raises :class:`~belote.errors.VariantError`.

    >>> Variant(name="house", target=501).target_rule
    <TargetRule.REACH: 'reach'>
    """

    name: str = attrs.field(default="custom", validator=check_name)
    """The variant's name, as shown to users and written in game records."""

    bidding: BiddingSystem = attrs.field(default=BiddingSystem.TURNED_CARD, converter=BiddingSystem)
    """How the contract is chosen: ``turned_card`` (classic take-or-pass on a turned card,
    rules C1-C5), ``auction`` (rising bids with contra, rules B2-B3) or ``points_auction``
    (coinche: the whole pack dealt, bids of 80 to 160 or capot, coinche and surcoinche,
    rules K1-K2). It also picks how the deal is scored."""

    contracts: tuple[Trump, ...] = attrs.field(
        default=(Trump.CLUBS, Trump.DIAMONDS, Trump.HEARTS, Trump.SPADES),
        converter=contracts_option,
        validator=check_contracts,
    )
    """The trump modes that may be bid. Classic: the four suits (all trumps and no trumps
    are locked in the Norwegian and Bulgarian
    *Klassisk belote* / *Класически белот* game descriptions); Bulgarian: all six (rule B3)."""

    first_lead: FirstLead = attrs.field(default=FirstLead.ELDEST, converter=FirstLead)
    """Who leads the first trick: ``eldest``, the player after the dealer (FFB, pagat, BG;
    rule C6), or ``dealer`` (the 501 game, rule M2)."""

    direction: Direction = attrs.field(default=Direction.COUNTER_CLOCKWISE, converter=Direction)
    """Physical direction of play, ``counter_clockwise`` (FFB, pagat, BG) or ``clockwise``
    (many tournament rules). Presentation only: seats are numbered in play order."""

    trump_lead_must_overtrump_partner: bool = attrs.field(default=True, converter=bool_option)
    """When trumps are led, a player must beat the highest trump in the trick even if its
    partner played it: ``true`` (FFB-C16 §5.2.1, pagat, Wikipédia; rule C8) or ``false``
    (belotepoint, playjoy)."""

    undertrump_opponent: Undertrump = attrs.field(default=Undertrump.MUST, converter=Undertrump)
    """Void in the led plain suit, an opponent's trump winning and no higher trump held:
    ``must`` play a lower trump (FFB-B16 §5.2.2, pagat; rule C10c), ``free`` to play any card
    (FFB-C16, FFB-K15, BG; rule B5), or ``forbidden_unless_forced`` (literal FFB 2015)."""

    partner_master_trumped: PartnerMasterTrumped = attrs.field(
        default=PartnerMasterTrumped.FREE, converter=PartnerMasterTrumped
    )
    """Void in the led plain suit while the partner is master: ``free`` (FFB-B16 §5.2.3,
    Wikipédia; rule C9), ``no_undertrump`` (pagat, FFB 2015 rule 4) or ``must_overtrump``
    (FFB "Équipe Ludique")."""

    tout_atout_partner_exception: bool = attrs.field(default=False, converter=bool_option)
    """In all trumps, a player need not beat its partner's winning card: ``false`` (FFB, BG
    "regardless of who is winning"; rule B6) or ``true`` (en.wikipedia)."""

    belote_credit: BeloteCredit = attrs.field(default=BeloteCredit.ANNOUNCED, converter=BeloteCredit)
    """How belote is credited: ``announced`` by its player with the first of trump K and Q
    played (FFB-B16 §7, BG; rules C12, B10) or ``held``, to the team of the player dealt both
    cards, without announcement (*Multiplayer Belote Classic*: "If a player owns the queen and the
    king of trump, he is entitled to an additional 20 points"; rule M5). Under ``held``
    announcing belote is refused and ``belote_card_order`` and ``belote_omission`` are not read."""

    belote_card_order: BeloteCardOrder = attrs.field(default=BeloteCardOrder.ANY, converter=BeloteCardOrder)
    """Belote is announced with the first of trump K and Q played, in ``any`` order
    (FFB-B16 §7; rule C12) or only ``king_first`` (Belgian concours, "original rule")."""

    belote_on_discard: bool = attrs.field(default=True, converter=bool_option)
    """In all trumps, whether a king or queen played on a trick led in another suit (a discard)
    announces its belote: ``true`` (coinche puts no condition on how the card is played, rule
    K4) or ``false`` (BG: only a card led, following suit or trumping announces belot, rule
    B10). In a suit contract every trump king or queen is led, follows suit or trumps."""

    belote_imprenable: bool = attrs.field(default=True, converter=bool_option)
    """Belote always stays with the team that announced it, even when that team fails its
    contract: ``true`` (FFB classic, pagat; rule C13) or ``false`` (FFB contrée 2016, rule K9;
    BG: on *inside* the defenders take every point, belot included; rule B12)."""

    belote_omission: BeloteOmission = attrs.field(default=BeloteOmission.LOST, converter=BeloteOmission)
    """A belote held but not announced: ``lost`` (FFB-B16 §7: if either word is omitted, belote does
    not count; rule C12) or, under ``one_tolerance`` (FFB 2015 and web), counted for each team once
    per match, when the match records the deal. The announcement is made with the first of the two
    cards, and "rebelote" is taken as said with the second: only a belote not announced with its
    first card is omitted."""

    announcements: Announcements = attrs.field(default=Announcements.OFF, converter=Announcements)
    """Declarations of sequences and carrés: ``off`` ("sans annonce", *Klassisk belote*,
    *Класически белот*), ``on`` (French: the single best declaration decides, rule C14) or
    ``separate`` (Bulgarian: sequences and carrés compared separately, rules B8-B9)."""

    decl_exact_tie: DeclarationTie = attrs.field(default=DeclarationTie.NONE, converter=DeclarationTie)
    """Equal best declarations on both sides: ``none`` score (FFB, BG; rules C14, B9) or the
    ``first_announcer`` scores (a pagat variant)."""

    tie_rule: TieRule = attrs.field(default=TieRule.LITIGE, converter=TieRule)
    """Equal totals: ``litige`` (FFB-B16, Wikipédia; rule C18; Bulgarian *hanging*, B12),
    ``takers_make`` (pagat), ``takers_fail`` (TCVB, AAPPMA; *Multiplayer Belote Classic*: "If
    the team that choses the trump did not score more points than the other team, then all their
    points are given to the other team"; rule M6) or ``replay``."""

    litige_belote: LitigeBelote = attrs.field(default=LitigeBelote.IN_TOTALS, converter=LitigeBelote)
    """Belote decides ties: ``in_totals`` (91-91 is a litige, FFB-B16; rules C13, C18) or
    ``outside`` (the tie is judged on the cards and belote is kept by its owner; Casson-family
    concours)."""

    carry_winner: CarryWinner = attrs.field(default=CarryWinner.NEXT_DEAL_WINNER, converter=CarryWinner)
    """Who takes the points held from a litige: the ``next_deal_winner`` (Wikipédia, FFB web;
    rules C18, B12) or the ``next_taker_if_made`` (literal FFB-B16)."""

    redeal_dealer: RedealDealer = attrs.field(default=RedealDealer.NEXT, converter=RedealDealer)
    """Who deals after a thrown-in deal (all passed): the ``next`` dealer in turn (classic,
    rule C4), the ``same`` dealer again, or the ``previous`` seat in the order of play
    (*Multiplayer Belote Classic*: "the player to the left of first dealer will become dealer",
    play going to the dealer's right; rule M7)."""

    capot_by: CapotBy = attrs.field(default=CapotBy.EITHER_TEAM, converter=CapotBy)
    """Who earns the capot value: ``either_team`` (FFB, concours, *Klassisk belote*; rule C19) or
    ``takers_only``, a defenders' sweep scoring the plain 162 (pagat). The coinche scoring does
    not read it: there a defenders' sweep fails the contract, 160 + the bid (rules K9, K11)."""

    capot_value: int = attrs.field(default=252, converter=int_option, validator=at_least(162))
    """What a team capot (valat) is worth in a suit contract, last trick included: 252 (FFB;
    Bulgarian valat 162 + 90, rule B11), 250 (pagat coinche, old rules) or 162 (Alsace).
    The difference to 162 is the capot bonus added in every contract, except in the coinche
    scoring, which writes a capot as this value whatever the deal's card points (rule K11:
    250 + the bid): there a capot adds 250 - 130 = 120 to the points of a no-trumps deal
    counted plainly, and nothing to an all-trumps deal counted at trump values (258)."""

    solo_capot_value: int | None = attrs.field(
        default=None, converter=optional_int_option, validator=check_optional_capot
    )
    """What a capot won by one player alone is worth (the 501 game: 350, rule M3), or
    ``None`` when a one-player capot is an ordinary team capot."""

    mac_capot_bonus: MacCapotBonus = attrs.field(default=MacCapotBonus.REPLACE, converter=MacCapotBonus)
    """How the capot values combine with the card points (the *Multiplayer Belote Classic*
    description is ambiguous; rule M3):
    ``replace`` (the deal is worth 252 / 350), ``add_to_162`` or ``add_to_252``. Only read
    when ``solo_capot_value`` is set."""

    no_trumps_doubled: bool = attrs.field(default=False, converter=bool_option)
    """In no trumps the card points and the last trick are doubled (130 becomes 260; BG,
    rule B11)."""

    nt_valat_doubled: bool = attrs.field(default=False, converter=bool_option)
    """Whether the valat bonus is doubled too in no trumps: ``false`` (BG text, rule B11) or
    ``true`` (not seen in any source)."""

    contra_round_order: ContraRoundOrder = attrs.field(
        default=ContraRoundOrder.ROUND_THEN_MULTIPLY, converter=ContraRoundOrder
    )
    """Bulgarian contra: ``round_then_multiply`` (convert to game points, then x2 / x4;
    inferred, rule B13) or ``multiply_then_round`` (literal)."""

    no_trumps_scale: NoTrumpsScale = attrs.field(default=NoTrumpsScale.PLAIN, converter=NoTrumpsScale)
    """Card points in no trumps: ``plain`` values, 120 a deal (BG, doubled by
    ``no_trumps_doubled``; rule B11) or ``ace_19``, 152 a deal (coinche: FFB, pagat; rule K5)."""

    tout_atout_scale: ToutAtoutScale = attrs.field(default=ToutAtoutScale.TRUMP, converter=ToutAtoutScale)
    """Card points in all trumps: ``trump`` values in every suit, 258 a deal (BG, rule B11),
    ``ffb_2015`` (J 13, 9 9, A 6, T 5, K 3, Q 2: 162 a deal, FFB 2015), ``pagat`` (J 14, 9 9,
    A 6, T 5, K 3, Q 1: 162 a deal, pagat, Wikipédia) or ``converted_258`` (trump values, each
    team's points converted by 162 / 258, FFB 2016; rule K6). The coinche scoring reads it."""

    contract_must_beat_defence: bool = attrs.field(default=False, converter=bool_option)
    """Coinche: besides reaching the bid, the takers' total must beat the defenders': ``false``
    (pagat "they do not need to take more points than their opponents", FFB-C16) or ``true``
    (FFB-K15; rule K7)."""

    belote_in_contract: bool = attrs.field(default=True, converter=bool_option)
    """Coinche: the takers' belote counts towards their bid: ``true`` (pagat, FFB-C16; rule K7)
    or ``false`` (the bid must be reached on trick points and declarations)."""

    made_score: MadeScore = attrs.field(default=MadeScore.POINTS_AND_BID, converter=MadeScore)
    """Coinche, contract made: the takers score their rounded points plus the bid,
    ``points_and_bid`` ("points faits + demandés": pagat, FFB; rule K8), or ``bid_only``
    ("annoncés seulement", club and app scoring)."""

    coinche_scale: CoincheScale = attrs.field(default=CoincheScale.WINNER_TAKES_ALL, converter=CoincheScale)
    """Coinche, a coinched contract: ``winner_takes_all`` 160 + bid x multiplier, the losers
    nothing but an imprenable belote (FFB-C16 Note 1, pagat's example; rule K10),
    ``bid_multiplied`` (points kept, the bid multiplied: pagat's wording), ``whole_score`` (the
    whole score multiplied: FFB web) or ``fixed`` 160 x multiplier (320 / 640: an old
    tournament rule)."""

    surcoinche_multiplier: int = attrs.field(default=4, converter=int_option, validator=check_surcoinche)
    """Coinche: what a surcoinche multiplies by, 4 (FFB 2015-16, pagat; rule K10) or 3 (FFB
    "Équipe Ludique", Cannes 2016)."""

    coinche_ends_auction: bool = attrs.field(default=False, converter=bool_option)
    """Coinche: after a coinche nobody may bid higher, only the coinched side may still
    surcoinche: ``false`` (the auction goes on until three passes or a surcoinche, pagat,
    FFB; rule K2) or ``true`` (a common table rule)."""

    capot_ends_auction: bool = attrs.field(default=True, converter=bool_option)
    """Coinche: a capot bid ends the auction and cannot be coinched: ``true`` (pagat; rule
    K2) or ``false`` (it may be coinched and outbid by a générale)."""

    capot_bid_value: int = attrs.field(default=500, converter=int_option, validator=at_least(1))
    """Coinche: what a bid capot scores when made, and (under ``capot_bid_fail``) failed: 500
    (pagat, FFB; rule K11)."""

    capot_bid_fail: int = attrs.field(default=500, converter=int_option, validator=at_least(1))
    """Coinche: what the defenders score when a bid capot (or générale) fails: 500 (pagat) or
    410 (a pagat variant, Wikipédia contrée; rule K11)."""

    generale_value: int | None = attrs.field(
        default=None, converter=optional_int_option, validator=check_optional_capot
    )
    """Coinche: what a *générale* (one player alone wins every trick) scores, or ``None``
    when it cannot be bid (FFB has none; table play 500, pagat "agree a value"; rule K2)."""

    rounding: Rounding = attrs.field(default=Rounding.NONE, converter=Rounding)
    """How a deal's points are written: ``none`` (FFB "au point près"; rule C20),
    ``nearest_10`` (tournament convenience; in coinche the trick points, 5 up: pagat, FFB 2016,
    rule K8), ``nearest_10_6_up`` (coinche: FFB "Équipe Ludique", Cannes) or ``game_points``
    (Bulgarian points / 10 with the B14 rounding rules; not with the ``points_auction``
    bidding, whose bids are written in card points beside the rounded trick points)."""

    target: int = attrs.field(default=1000, converter=int_option, validator=at_least(1))
    """The score that ends the match: 1000 (FFB, pagat; rule C21), 501 (the 501 game, online
    and bistro play; rule M1), 151 (BG, rule B15)."""

    target_rule: TargetRule = attrs.field(default=TargetRule.REACH, converter=TargetRule)
    """A team wins on ``reach``-ing the target (FFB "first team to reach", BG "151 or more")
    or only once its score ``exceed``-s it (*Multiplayer Belote Classic*: "scored more than 501")."""

    no_finish_on_capot_belote: bool = attrs.field(default=True, converter=bool_option)
    """A team that was capot cannot win the match on that deal thanks to its belote alone;
    one more deal is needed: ``true`` (FFB web 2015; rule C21) or ``false`` (FFB 2016). With
    ``true`` that team has not reached the target on that deal: the capot's team, reaching it
    on the same deal, wins even below the other's total."""

    no_win_on_valat: bool = attrs.field(default=False, converter=bool_option)
    """A match cannot be won by a valat: the target is lifted to the leader's score + 1
    (BG, rule B15). Read as: no match ends on a deal with a valat, whichever team reaches the
    target on it (the rule does not say that only the valat's team is held back; the other
    team, reaching it on its declarations, plays on too)."""

    def __attrs_post_init__(self) -> None:
        """Refuse the options that each take a value but cannot be played together."""
        refused, why = _ROUNDINGS_REFUSED.get(self.bidding, (frozenset(), ""))
        if self.rounding in refused:
            raise VariantError(
                f"rounding={self.rounding.value} cannot be written with bidding={self.bidding.value}: {why}"
            )

    @classmethod
    def parse(cls, text: str) -> Variant:
        """Read the variant text of :func:`~belote.notation.parse_variant`: a preset name,
        optionally followed by ``:option=value,...`` (what ``repr`` writes).

        >>> Variant.parse("classic:target=501").target
        501
        """
        from belote.notation import parse_variant  # the notation sits above this module

        return parse_variant(text)

    def __repr__(self) -> str:
        """``Variant.parse('preset:option=value,...')``: the closest preset and only the options
        that differ from it, an expression that evaluates back to an equal variant.

        >>> from belote import BULGARIAN, CLASSIC
        >>> CLASSIC, attrs.evolve(BULGARIAN, target=101)
        (Variant.parse('classic'), Variant.parse('bulgarian:target=101'))
        """
        from belote.notation import format_variant

        return f"Variant.parse({format_variant(self)!r})"

    def options(self) -> dict[str, Any]:
        """Every option and its value, in definition order (``name`` excluded)."""
        return {
            field.name: getattr(self, field.name) for field in attrs.fields(Variant) if field.name != "name"
        }

    def differences(self, base: Variant) -> dict[str, Any]:
        """The options whose value differs from ``base``'s, as plain JSON-ready values."""
        if not isinstance(base, Variant):
            raise ArgumentTypeError(f"base must be a Variant, got {safe_repr(base)}")
        return {name: _plain(value) for name, value in self.options().items() if getattr(base, name) != value}


_ROUNDINGS_REFUSED: dict[BiddingSystem, tuple[frozenset[Rounding], str]] = {
    BiddingSystem.POINTS_AUCTION: (
        frozenset({Rounding.GAME_POINTS}),
        "the bids are written in card points beside the rounded trick points; "
        "choose none, nearest_10 or nearest_10_6_up",
    ),
}
"""Per bidding system, the roundings its score sheet cannot write, and why. Coinche rounds
the trick points alone and writes the bid beside them in card points (rule K8): in game
points, a tenth of the card points, a bid of 100 would sit beside trick points of 9."""


def _plain(value: Any) -> Any:
    if isinstance(value, enum.Enum) and not isinstance(value, int):
        return value.value
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    if isinstance(value, Trump):
        return value.code
    return value


# belote.trumps annotates its functions' variant argument with Variant, which it imports for the
# type checker only (this module imports it): bound there now, those annotations resolve at run
# time too (typing.get_type_hints(card_points), a documentation tool, a runtime type checker).
_trumps.__dict__["Variant"] = Variant
