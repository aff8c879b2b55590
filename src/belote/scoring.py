"""The pure scoring core: one deal's totals in, the score sheet's line out.

:func:`score_deal` needs no played round, so a score keeper at a real table can enter only
the totals. It follows rules C15-C20 (classic), M3 (the 501 game), B11-B14 (Bulgarian) and
K6-K12 (coinche, in :mod:`belote.coinche_scoring`), reading every option from the variant.
What it returns, :class:`~belote.deal_score.DealScore` with its
:class:`~belote.deal_score.Outcome` and :class:`~belote.deal_score.Breakdown`, lives in
:mod:`belote.deal_score` (importable from here too).

>>> from belote import CLASSIC, Seat, Trump
>>> tally = Tally(card_points=(92, 60), tricks=(3, 2, 2, 1), last_trick=Seat(0))
>>> score = score_deal(CLASSIC, Contract(Seat(0), Trump.HEARTS), tally)
>>> score.points, score.outcome
((102, 60), <Outcome.MADE: 'made'>)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from belote._args import wrong_type
from belote.bidding import Contract
from belote.coinche_scoring import coinche_lines
from belote.deal_score import Breakdown as Breakdown
from belote.deal_score import DealScore as DealScore
from belote.deal_score import Outcome as Outcome
from belote.declarations import counted_declarations
from belote.rounding import _round_pair, _round_single
from belote.seats import TEAMS, Team
from belote.tally import BELOTE_VALUE, LAST_TRICK_BONUS, Tally, validate_deal
from belote.trumps import Trump
from belote.variants import (
    Announcements,
    BiddingSystem,
    CapotBy,
    CarryWinner,
    ContraRoundOrder,
    LitigeBelote,
    MacCapotBonus,
    Rounding,
    TieRule,
    Variant,
)

__all__ = ["Breakdown", "Contract", "DealScore", "Outcome", "Tally", "score_deal"]


def _capot_bonus(variant: Variant, contract: Contract, tally: Tally, capot: Team | None) -> int:
    if capot is None or (variant.capot_by is CapotBy.TAKERS_ONLY and capot != contract.taker_team):
        return 0
    team_bonus = variant.capot_value - 162
    solo = variant.solo_capot_value
    if solo is not None:
        reading = variant.mac_capot_bonus
        one_player = max(tally.tricks) == 8
        if reading is MacCapotBonus.ADD_TO_162:
            team_bonus = solo if one_player else variant.capot_value
        elif one_player:
            team_bonus = solo - 162 if reading is MacCapotBonus.REPLACE else team_bonus + solo
    if contract.trump is Trump.NO_TRUMPS and variant.no_trumps_doubled and variant.nt_valat_doubled:
        team_bonus *= 2
    return team_bonus


def score_deal(variant: Variant, contract: Contract, tally: Tally, carry: int = 0) -> DealScore:
    """Score one deal: the points each team writes, what stays held, and why.

    Args:
        variant: the rules (its scoring options).
        contract: taker, trump mode and doubling level.
        tally: card points, tricks, last trick, belotes and declarations of the deal.
        carry: points held from earlier tied deals, for this deal's winner (sheet units).

    Raises:
        ArgumentTypeError: ``variant`` is not a :class:`~belote.variant.Variant`.
        TallyError: for totals that no real deal can produce (or a ``contract`` that is not
            a :class:`Contract`, a ``tally`` that is not a :class:`Tally`).

    >>> from belote import CLASSIC, Seat, Trump
    >>> tied = Tally(card_points=(71, 81), tricks=(2, 2, 2, 2), last_trick=Seat(0))
    >>> score = score_deal(CLASSIC, Contract(Seat(0), Trump.HEARTS), tied)
    >>> score.outcome, score.points, score.carry
    (<Outcome.LITIGE: 'litige'>, (0, 81), 81)
    """
    if not isinstance(variant, Variant):
        raise wrong_type("variant", "a Variant", variant)
    validate_deal(variant, contract, tally, carry)
    return _SCORERS[variant.bidding](variant, contract, tally, carry)


def _score_french_bulgarian(variant: Variant, contract: Contract, tally: Tally, carry: int) -> DealScore:
    """Classic, 501 and Bulgarian scoring (rules C15-C20, M3, B11-B14)."""
    mode = contract.trump
    takers = contract.taker_team
    defenders = takers.other
    factor = 2 if mode is Trump.NO_TRUMPS and variant.no_trumps_doubled else 1
    last_trick = [0, 0]
    last_trick[tally.last_trick.team] = LAST_TRICK_BONUS
    capot = next((team for team in TEAMS if tally.team_tricks(team) == 8), None)
    capot_bonus = [0, 0]
    if capot is not None:
        capot_bonus[capot] = _capot_bonus(variant, contract, tally, capot)
    belote = [0, 0]
    for seat in tally.belotes:
        belote[seat.team] += BELOTE_VALUE
    counted = counted_declarations(tally.declarations, trump=mode, variant=variant)
    declared = [0, 0]
    for declaration in counted:
        declared[declaration.team] += declaration.value
    if capot is not None and variant.announcements is Announcements.ON:
        # French rule (rules C14, C19): the team that won no trick scores only its belote;
        # its counted announcements go to the capot team.
        declared[capot] += declared[capot.other]
        declared[capot.other] = 0
    totals = [
        (tally.card_points[team] + last_trick[team]) * factor
        + capot_bonus[team] + belote[team] + declared[team]
        for team in TEAMS
    ]  # fmt: skip
    judged = list(totals)
    if variant.litige_belote is LitigeBelote.OUTSIDE:
        judged = [totals[team] - belote[team] for team in TEAMS]
    kept_belote = belote[takers] if variant.belote_imprenable else 0

    written = [0, 0]
    held = 0
    winner: Team | None
    if contract.multiplier > 1:
        winner = None if judged[takers] == judged[defenders] else max(TEAMS, key=judged.__getitem__)
        outcome = _doubled_outcome(winner, takers, capot)
        whole = sum(totals)
        if winner is None:
            held = whole * contract.multiplier
        else:
            written[winner] = whole * contract.multiplier
    else:
        outcome = _outcome(variant, judged[takers], judged[defenders], takers, capot)
        if outcome in (Outcome.MADE, Outcome.CAPOT):
            winner = takers
            written = list(totals)
        elif outcome in (Outcome.FAILED, Outcome.DEFENDERS_CAPOT):
            winner = defenders
            written[defenders] = sum(totals) - kept_belote
            written[takers] = kept_belote
        elif outcome is Outcome.LITIGE:
            winner = None
            written[defenders] = totals[defenders]
            outside = variant.litige_belote is LitigeBelote.OUTSIDE
            written[takers] = belote[takers] if outside else 0
            held = totals[takers] - written[takers]
        else:
            winner = None

    sheet, held_sheet = _round(variant, contract, written, held, outcome, sum(totals))
    rounds = variant.rounding is not Rounding.NONE
    rounded = (sheet[0], sheet[1]) if rounds else None
    carry_paid = [0, 0]
    new_carry = carry + held_sheet
    pays = winner is not None and (variant.carry_winner is CarryWinner.NEXT_DEAL_WINNER or winner == takers)
    if pays and carry:
        assert winner is not None
        carry_paid[winner] = carry
        sheet[winner] += carry
        new_carry = held_sheet
    breakdown = Breakdown(
        card_points=tally.card_points,
        last_trick=(last_trick[0], last_trick[1]),
        no_trumps_factor=factor,
        capot_bonus=(capot_bonus[0], capot_bonus[1]),
        belote=(belote[0], belote[1]),
        declarations=(declared[0], declared[1]),
        counted_declarations=counted,
        totals=(totals[0], totals[1]),
        written_raw=(written[0], written[1]),
        held=held,
        carry_in=carry,
        carry_paid=(carry_paid[0], carry_paid[1]),
        multiplier=contract.multiplier,
        rounded=rounded,
        held_rounded=held_sheet if rounds else None,
    )
    return DealScore(
        contract=contract,
        outcome=outcome,
        points=(sheet[0], sheet[1]),
        carry=new_carry,
        winner=winner,
        capot=capot,
        breakdown=breakdown,
    )


def _score_coinche(variant: Variant, contract: Contract, tally: Tally, carry: int) -> DealScore:
    """Coinche scoring (rules K6-K12): see :func:`~belote.coinche_scoring.coinche_lines`."""
    lines = coinche_lines(variant, contract, tally)
    takers = contract.taker_team
    winner = takers if lines.made else takers.other
    capot = next((team for team in TEAMS if tally.team_tricks(team) == 8), None)
    if lines.made:
        outcome = Outcome.CAPOT if capot == takers else Outcome.MADE
    else:
        outcome = Outcome.DEFENDERS_CAPOT if capot == takers.other else Outcome.FAILED
    sheet = list(lines.rounded if lines.rounded is not None else lines.written)
    carry_paid = [0, 0]
    if carry:
        carry_paid[winner] = carry
        sheet[winner] += carry
    unit = "tricks" if contract.capot or contract.generale else "points"
    who = "taker" if contract.generale else "takers"  # a générale: the taker's own tricks
    test = f"{who} {lines.tested} {unit}, needed {lines.needed}: {'made' if lines.made else 'failed'}"
    last_trick = [0, 0]
    last_trick[tally.last_trick.team] = LAST_TRICK_BONUS
    converted = " (all trumps converted to 162: trick points " if lines.converted else ""
    if converted:
        test += f"{converted}{lines.trick_points[0]} - {lines.trick_points[1]})"
    breakdown = Breakdown(
        card_points=tally.card_points,
        last_trick=(last_trick[0], last_trick[1]),
        no_trumps_factor=1,
        capot_bonus=lines.capot_bonus,
        belote=lines.belote,
        declarations=lines.declarations,
        counted_declarations=lines.counted_declarations,
        totals=lines.totals,
        written_raw=lines.written,
        held=0,
        carry_in=carry,
        carry_paid=(carry_paid[0], carry_paid[1]),
        multiplier=lines.multiplier,
        rounded=lines.rounded,
        held_rounded=None if lines.rounded is None else 0,
        contract_points=lines.contract_points,
        contract_test=test,
    )
    return DealScore(
        contract=contract,
        outcome=outcome,
        points=(sheet[0], sheet[1]),
        carry=0,
        winner=winner,
        capot=capot,
        breakdown=breakdown,
    )


_SCORERS: dict[BiddingSystem, Callable[[Variant, Contract, Tally, int], DealScore]] = {
    BiddingSystem.TURNED_CARD: _score_french_bulgarian,
    BiddingSystem.AUCTION: _score_french_bulgarian,
    BiddingSystem.POINTS_AUCTION: _score_coinche,
}
"""How each bidding system's deals are scored."""


def _outcome(variant: Variant, taken: int, defended: int, takers: Team, capot: Team | None) -> Outcome:
    if taken > defended or (taken == defended and variant.tie_rule is TieRule.TAKERS_MAKE):
        return Outcome.CAPOT if capot == takers else Outcome.MADE
    if taken < defended or variant.tie_rule is TieRule.TAKERS_FAIL:
        return Outcome.DEFENDERS_CAPOT if capot == takers.other else Outcome.FAILED
    return Outcome.LITIGE if variant.tie_rule is TieRule.LITIGE else Outcome.REPLAY


def _doubled_outcome(winner: Team | None, takers: Team, capot: Team | None) -> Outcome:
    if winner is None:
        return Outcome.DOUBLED_TIE
    if winner == takers:
        return Outcome.CAPOT if capot == takers else Outcome.MADE
    return Outcome.DEFENDERS_CAPOT if capot == takers.other else Outcome.FAILED


def _round(
    variant: Variant,
    contract: Contract,
    written: Sequence[int],
    held: int,
    outcome: Outcome,
    whole: int,
) -> tuple[list[int], int]:
    """Sheet points per team and the held amount, after the variant's rounding.

    ``whole`` is every point of the deal before doubling (what a doubled deal's winner takes).
    """
    rounding = variant.rounding
    if rounding is Rounding.NONE:
        return list(written), held
    mode = contract.trump
    multiplier = contract.multiplier
    if multiplier > 1:
        if variant.contra_round_order is ContraRoundOrder.ROUND_THEN_MULTIPLY:
            value = _round_single(whole, mode, rounding) * multiplier
        else:
            value = _round_single(whole * multiplier, mode, rounding)
        if outcome is Outcome.DOUBLED_TIE:
            return [0, 0], value
        return [value if points else 0 for points in written], 0
    takers = contract.taker_team
    defenders = takers.other
    if outcome is Outcome.LITIGE:
        sheet = [0, 0]
        sheet[defenders], kept = _round_pair(written[defenders], held, mode, rounding)
        sheet[takers] = _round_single(written[takers], mode, rounding)
        return sheet, kept
    first, second = _round_pair(written[0], written[1], mode, rounding)
    return [first, second], 0
