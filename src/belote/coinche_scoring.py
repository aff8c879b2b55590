"""The coinche scoring conventions (rules K6-K12): the contract test and the lines written.

:func:`~belote.scoring.score_deal` calls :func:`coinche_lines` for a variant whose bidding
system is ``points_auction`` and turns its :class:`CoincheLines` into the score sheet's line.
Every contested convention is a variant option (see docs/rules/coinche.md).

>>> from belote import COINCHE, Contract, Seat, Trump
>>> from belote.tally import Tally
>>> tally = Tally(card_points=(92, 60), tricks=(3, 2, 2, 1), last_trick=Seat(0))
>>> lines = coinche_lines(COINCHE, Contract(Seat(0), Trump.HEARTS, bid=90), tally)
>>> lines.made, lines.written, lines.rounded
(True, (192, 60), (190, 60))
"""

from __future__ import annotations

import math
from fractions import Fraction

import attrs

from belote._args import require
from belote.bidding import Contract
from belote.declarations import Declaration, counted_declarations
from belote.options import BiddingSystem, CoincheScale, MadeScore, Rounding, ToutAtoutScale
from belote.rounding import _round_single
from belote.seats import TEAMS
from belote.tally import BELOTE_VALUE, LAST_TRICK_BONUS, Tally
from belote.trumps import Trump
from belote.variants import Variant

__all__ = ["DEAL_VALUE", "CoincheLines", "coinche_lines", "contract_value", "doubling_factor"]

DEAL_VALUE = 160
"""What a deal is worth to the side that wins a failed or coinched contract, before the bid
(162 rounded: pagat, FFB; rules K9-K10)."""
_MIN_TO_MAKE = 82
"""Half the deal is not enough: a bid of 80 needs 82 (pagat; rule K7)."""
_CONVERTED_TOTAL = 258


@attrs.frozen(order=False)
class CoincheLines:
    """Every number of a coinche deal, per team (team 0, team 1).

    >>> from belote import COINCHE, Contract, Seat, Tally, Trump
    >>> tally = Tally(card_points=(92, 60), tricks=(3, 2, 2, 1), last_trick=Seat(0))
    >>> lines = coinche_lines(COINCHE, Contract(Seat(0), Trump.HEARTS, bid=90), tally)
    >>> lines.made, lines.contract_points, lines.rounded
    (True, (90, 0), (190, 60))
    """

    trick_points: tuple[int, int]
    """Card points and the last trick (converted to 162 under ``tout_atout_scale="converted_258"``)."""
    converted: bool
    """True when the trick points were converted from the 258 scale."""
    capot_bonus: tuple[int, int]
    """An unbid capot's value above 162 (``capot_value`` - 162), for the takers."""
    belote: tuple[int, int]
    declarations: tuple[int, int]
    counted_declarations: tuple[Declaration, ...]
    totals: tuple[int, int]
    """Trick points, capot bonus, belote and counted declarations per team."""
    tested: int
    """The takers' points that the contract test compares with the bid."""
    needed: int
    """What the test needs: the bid (at least 82), or 8 tricks for a bid capot."""
    made: bool
    multiplier: int
    """The factor applied: 1, 2 (coinche) or the variant's surcoinche multiplier."""
    contract_points: tuple[int, int]
    """The contract's part of what is written (the bid, 160 + bid, a capot's value), with its
    multiplier."""
    written: tuple[int, int]
    """What each team scores, on exact trick points."""
    rounded: tuple[int, int] | None
    """What each team scores with its trick points rounded (``None`` without rounding)."""


def doubling_factor(contract: Contract, variant: Variant) -> int:
    """What the contract's doubling multiplies its score by: 1 undoubled, 2 doubled (contra,
    coinche), 4 redoubled, except a surcoinche of a coinche auction, which multiplies by the
    variant's ``surcoinche_multiplier`` (3 at some tables, rule K10). ``Contract.multiplier``
    is the doubling level; this is the factor to show beside it.

    >>> import attrs
    >>> from belote import BULGARIAN, COINCHE, Seat, Trump
    >>> surcoinched = Contract(Seat(0), Trump.HEARTS, bid=100, multiplier=4)
    >>> doubling_factor(surcoinched, attrs.evolve(COINCHE, surcoinche_multiplier=3))
    3
    >>> doubling_factor(Contract(Seat(0), Trump.HEARTS, multiplier=4), BULGARIAN)
    4
    """
    require(contract, Contract, "contract", "a Contract")
    require(variant, Variant, "variant", "a Variant")
    if variant.bidding is BiddingSystem.POINTS_AUCTION:  # the auctions scored by coinche_lines
        return _coinche_factor(contract, variant)
    return contract.multiplier


def _coinche_factor(contract: Contract, variant: Variant) -> int:
    """The factor of the contract's doubling as a coinche deal is scored."""
    return variant.surcoinche_multiplier if contract.multiplier == 4 else contract.multiplier


def contract_value(contract: Contract, variant: Variant) -> int:
    """What the contract is worth before any multiplier: the bid, or the value of a bid capot
    or générale.

    >>> from belote import COINCHE, Seat, Trump
    >>> contract_value(Contract(Seat(0), Trump.HEARTS, bid=110), COINCHE)
    110
    >>> contract_value(Contract(Seat(0), Trump.HEARTS, capot=True), COINCHE)
    500
    """
    require(contract, Contract, "contract", "a Contract")
    require(variant, Variant, "variant", "a Variant")
    if contract.generale:
        assert variant.generale_value is not None
        return variant.generale_value
    if contract.capot:
        return variant.capot_bid_value
    return contract.bid or 0


def _trick_points(
    variant: Variant, contract: Contract, tally: Tally
) -> tuple[list[int], list[Fraction], bool]:
    """Each team's trick points as written (converted to 162 and rounded to the point under
    ``tout_atout_scale="converted_258"``), as the contract test reads them (exact), and whether
    they were converted."""
    points = [tally.card_points[team] for team in TEAMS]
    points[tally.last_trick.team] += LAST_TRICK_BONUS
    if contract.trump is Trump.ALL_TRUMPS and variant.tout_atout_scale is ToutAtoutScale.CONVERTED_258:
        exact = [Fraction(points[team] * 162, _CONVERTED_TOTAL) for team in TEAMS]
        team = tally.last_trick.team
        converted = (points[team] * 162 * 2 + _CONVERTED_TOTAL) // (2 * _CONVERTED_TOTAL)
        points[team], points[team.other] = converted, 162 - converted
        return points, exact, True
    return points, [Fraction(points[team]) for team in TEAMS], False


def coinche_lines(variant: Variant, contract: Contract, tally: Tally) -> CoincheLines:
    """Score a checked coinche deal: the contract test (rule K7) and what each team writes
    (K8-K11), with the declarations compared the French way (K12).

    >>> from belote import COINCHE, Contract, Seat, Tally, Trump
    >>> tally = Tally(card_points=(72, 80), tricks=(3, 2, 2, 1), last_trick=Seat(0))
    >>> lines = coinche_lines(COINCHE, Contract(Seat(0), Trump.HEARTS, bid=90), tally)
    >>> lines.tested, lines.needed, lines.made, lines.written
    (82, 90, False, (0, 250))
    """
    require(variant, Variant, "variant", "a Variant")
    require(contract, Contract, "contract", "a Contract")
    require(tally, Tally, "tally", "a Tally")
    takers = contract.taker_team
    defenders = takers.other
    trick, exact, converted = _trick_points(variant, contract, tally)
    team_capot = next((team for team in TEAMS if tally.team_tricks(team) == 8), None)
    belote = [0, 0]
    for seat in tally.belotes:
        belote[seat.team] += BELOTE_VALUE
    counted = counted_declarations(tally.declarations, trump=contract.trump, variant=variant)
    declared = [0, 0]
    for declaration in counted:
        declared[declaration.team] += declaration.value
    bid_capot = contract.capot or contract.generale
    capot_bonus = [0, 0]
    if team_capot == takers and not bid_capot:
        capot_bonus[takers] = variant.capot_value - 162
    totals = [trick[t] + capot_bonus[t] + belote[t] + declared[t] for t in TEAMS]

    # the exact points decide (K7): converted all-trumps points are not rounded up to a bid
    extra = declared[takers] + (belote[takers] if variant.belote_in_contract else 0)
    tested = math.floor(exact[takers]) + extra
    if contract.generale:  # the taker alone
        needed, made = 8, tally.tricks[contract.taker] == 8
        tested = tally.tricks[contract.taker]
    elif contract.capot:
        needed, made = 8, team_capot == takers
        tested = tally.team_tricks(takers)
    else:
        needed = max(contract.bid or 0, _MIN_TO_MAKE)
        made = tested >= needed and tally.team_tricks(takers) > 0
        if variant.contract_must_beat_defence:
            made = made and exact[takers] + extra > exact[defenders] + declared[defenders] + belote[defenders]

    multiplier = _coinche_factor(contract, variant)
    value = contract_value(contract, variant)
    scale = variant.coinche_scale
    bid_factor = multiplier if multiplier > 1 and scale is not CoincheScale.WHOLE_SCORE else 1
    winner = takers if made else defenders
    loser = winner.other
    kept = [0, 0]  # the belote that stays with the losing side (imprenable)
    if variant.belote_imprenable:
        kept[loser] = belote[loser]

    all_or_nothing = multiplier > 1 and scale in (CoincheScale.WINNER_TAKES_ALL, CoincheScale.FIXED)
    contract_points = [0, 0]
    if all_or_nothing:
        if scale is CoincheScale.FIXED:
            contract_points[winner] = DEAL_VALUE * multiplier
        elif bid_capot:
            contract_points[winner] = (value if made else variant.capot_bid_fail) * multiplier
        else:
            base = variant.capot_value if made and team_capot == takers else DEAL_VALUE
            contract_points[winner] = base + value * multiplier
    elif made:
        contract_points[takers] = value * bid_factor
        if team_capot == takers and not bid_capot and variant.made_score is MadeScore.BID_ONLY:
            contract_points[takers] += variant.capot_value
    elif bid_capot:
        contract_points[defenders] = variant.capot_bid_fail * bid_factor
    else:
        contract_points[defenders] = DEAL_VALUE + value * bid_factor
    unbid_capot_base = (  # the winner writes an unbid capot's value, rounded as played points are
        all_or_nothing and scale is not CoincheScale.FIXED and not bid_capot and made and team_capot == takers
    )
    points_kept = variant.made_score is MadeScore.POINTS_AND_BID and not bid_capot and not all_or_nothing

    def lines(rounding: Rounding) -> tuple[int, int]:
        written = [0, 0]
        if made and not all_or_nothing:
            for team in TEAMS:
                played = 0
                if points_kept:
                    played = variant.capot_value if team_capot == team else trick[team]
                    played = _round_single(played, contract.trump, rounding)
                written[team] = played + contract_points[team] + belote[team] + declared[team]
        else:  # the winner takes the deal, the loser keeps only an imprenable belote
            written[winner] = contract_points[winner] + declared[0] + declared[1]
            if unbid_capot_base:
                capot = variant.capot_value
                written[winner] += _round_single(capot, contract.trump, rounding) - capot
            written[winner] += belote[winner] + belote[loser] - kept[loser]
            written[loser] = kept[loser]
        if scale is CoincheScale.WHOLE_SCORE and multiplier > 1:
            written = [points * multiplier for points in written]
        return written[0], written[1]

    unrounded = lines(Rounding.NONE)
    rounded = None if variant.rounding is Rounding.NONE else lines(variant.rounding)
    return CoincheLines(
        trick_points=(trick[0], trick[1]),
        converted=converted,
        capot_bonus=(capot_bonus[0], capot_bonus[1]),
        belote=(belote[0], belote[1]),
        declarations=(declared[0], declared[1]),
        counted_declarations=counted,
        totals=(totals[0], totals[1]),
        tested=tested,
        needed=needed,
        made=made,
        multiplier=multiplier,
        contract_points=(contract_points[0], contract_points[1]),
        written=unrounded,
        rounded=rounded,
    )
