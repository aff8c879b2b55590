"""The agents' objective is the variant's own score sheet: DealObjective equals score_deal.

The objective remembers each end it scored under a key of few facts (the takers' points, the
last trick's team, who took every trick); these tests score many random ends, in random
order, through one objective per deal and compare every answer with a fresh
:func:`~belote.scoring.score_deal`, for every preset and every value of every option.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable

import attrs
import pytest

import belote.agents.expert as expert_module
import belote.agents.hard as hard_module
from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    COINCHE,
    PRESETS,
    BeloteError,
    Contract,
    ExpertAgent,
    HardAgent,
    PlayerView,
    Reason,
    RoundState,
    Seat,
    Tally,
    TallyError,
    Trump,
    Variant,
    bid,
    deal,
    deck_points,
    declaration_options,
    legal_bids,
    legal_declarations,
    legal_moves,
    observe,
    play,
    round_tally,
    score_deal,
    score_round,
    seat_view,
)
from belote.agents.objective import DealObjective, SampledSheets
from belote.agents.sim import play_out, random_deal, random_policy
from belote.belotes import forfeits_belote, held_belotes
from belote.bidding import BID_VALUES, MULTIPLIERS
from belote.cards import Card, CardSet
from belote.round_score import _dealt_hands
from belote.variants import Announcements, BeloteCredit, BiddingSystem

LAST = 10


def option_variants() -> list[Variant]:
    """Every preset, and every preset with each value of each enum or yes/no option."""
    variants: list[Variant] = []
    for preset in dict.fromkeys(PRESETS.values()):
        variants.append(preset)
        for field in attrs.fields(Variant):
            current = getattr(preset, field.name)
            if isinstance(current, bool):
                values: list[object] = [not current]
            elif isinstance(current, enum.Enum):
                values = [member for member in type(current) if member is not current]
            else:
                continue
            for value in values:
                try:
                    variants.append(attrs.evolve(preset, **{field.name: value}))
                except (ValueError, TypeError):
                    continue
    variants += [
        attrs.evolve(CLASSIC, capot_value=250),
        attrs.evolve(CLASSIC_501, solo_capot_value=400),
        attrs.evolve(BULGARIAN, target=301),
        attrs.evolve(COINCHE, generale_value=500),
        attrs.evolve(COINCHE, generale_value=500, capot_ends_auction=False, capot_bid_fail=410),
        attrs.evolve(COINCHE, surcoinche_multiplier=3),
    ]
    return variants


VARIANTS = option_variants()


def random_end(variant: Variant, mode: Trump, rng: random.Random) -> tuple[tuple[int, int], list[int], int]:
    """A possible end of a deal: card points per team with the last trick's 10, tricks per
    seat and the last trick's seat, with capots and one-player capots often."""
    total = deck_points(mode, variant)
    shape = rng.random()
    if shape < 0.15:
        seat = rng.randrange(4)
        tricks = [0, 0, 0, 0]
        tricks[seat] = 8
    elif shape < 0.3:
        team = rng.randrange(2)
        first = rng.randint(0, 8)
        tricks = [0, 0, 0, 0]
        tricks[team], tricks[team + 2] = first, 8 - first
    else:
        tricks = [0, 0, 0, 0]
        for _ in range(8):
            tricks[rng.randrange(4)] += 1
    last = rng.choice([seat for seat in range(4) if tricks[seat]])
    card_points = [0, 0]
    teams_with_tricks = [team for team in (0, 1) if tricks[team] + tricks[team + 2]]
    if len(teams_with_tricks) == 1:
        card_points[teams_with_tricks[0]] = total
    else:
        card_points[0] = rng.randint(0, total)
        card_points[1] = total - card_points[0]
    card_points[last & 1] += LAST
    return (card_points[0], card_points[1]), tricks, last


def random_facts(variant: Variant, mode: Trump, rng: random.Random) -> tuple[tuple[Seat, ...], tuple]:
    """Belotes and declarations a deal of ``mode`` can show under ``variant``: those of a random
    deal, each belote it holds announced or not."""
    order = list(range(32))
    rng.shuffle(order)
    hands = [sum(1 << card for card in order[seat * 8 : seat * 8 + 8]) for seat in range(4)]
    belotes = tuple(seat for seat in held_belotes(hands, int(mode)) if rng.random() < 0.8)
    if variant.announcements.value == "off" or mode is Trump.NO_TRUMPS or rng.random() < 0.3:
        return belotes, ()
    shown = []
    for seat in range(4):
        options = declaration_options(CardSet(hands[seat]), Seat(seat))
        if options and rng.random() < 0.7:
            shown += list(rng.choice(options))
    return belotes, tuple(shown)


def random_contract(variant: Variant, mode: Trump, rng: random.Random) -> Contract:
    """A contract of ``variant`` in ``mode``: in a coinche auction with a bid value, a capot or
    a générale."""
    taker = Seat(rng.randrange(4))
    multiplier = rng.choice(MULTIPLIERS[variant.bidding])
    if variant.bidding is not BiddingSystem.POINTS_AUCTION:
        return Contract(taker, mode, multiplier=multiplier)
    kind = rng.random()
    closed = 1 if variant.capot_ends_auction else multiplier  # a bid capot ends the auction
    if kind < 0.15:
        return Contract(taker, mode, multiplier=closed, capot=True)
    if kind < 0.3 and variant.generale_value is not None:
        return Contract(taker, mode, multiplier=closed, generale=True)
    return Contract(taker, mode, multiplier=multiplier, bid=rng.choice(BID_VALUES))


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: f"{variant.name}")
def test_objective_equals_score_deal_on_random_ends(variant: Variant) -> None:
    rng = random.Random(repr(variant))
    checked = 0
    for _ in range(10):
        mode = rng.choice(variant.contracts)
        contract = random_contract(variant, mode, rng)
        belotes, declarations = random_facts(variant, mode, rng)
        carry = rng.choice([0, 0, 8, 81])
        objective = DealObjective(variant, contract, belotes=belotes, declarations=declarations, carry=carry)
        for _ in range(30):
            points, tricks, last = random_end(variant, mode, rng)
            card_points = [points[0], points[1]]
            card_points[last & 1] -= LAST
            tally = Tally(
                card_points=(card_points[0], card_points[1]),
                tricks=(tricks[0], tricks[1], tricks[2], tricks[3]),
                last_trick=Seat(last),
                belotes=belotes,
                declarations=declarations,
            )
            expected = score_deal(variant, contract, tally, carry).points
            assert objective.sheet(points, tricks, last) == expected, (contract, tally, carry)
            team = rng.randrange(2)
            assert objective.value(points, tricks, last, team) == expected[team] - expected[1 - team]
            checked += 1
    assert checked == 300


@pytest.mark.parametrize("variant", list(dict.fromkeys(PRESETS.values())), ids=lambda variant: variant.name)
def test_objective_equals_score_deal_on_rollout_ends(variant: Variant) -> None:
    """The ends the hard player's rollouts reach, scored both ways."""
    rng = random.Random(5)
    for _ in range(200):
        hands, mode = random_deal(variant, rng)
        taker = rng.randrange(4)
        contract = random_contract(variant, Trump(mode), rng)
        taker = int(contract.taker)
        won0, won1, tricks, last = play_out(hands, [], 0, mode, variant, random_policy(rng), taker & 1, 0)
        card_points = [won0, won1]
        card_points[last & 1] -= LAST
        tally = Tally(
            card_points=(card_points[0], card_points[1]), tricks=tuple(tricks), last_trick=Seat(last)
        )
        objective = DealObjective(variant, contract)
        assert objective.sheet((won0, won1), tricks, last) == score_deal(variant, contract, tally).points


def test_failed_contract_keeps_each_belote_with_its_team_in_classic() -> None:
    # CLASSIC's belote is "imprenable": the takers keep their own belote on a failed contract,
    # which the agents' old private score sheet got wrong (it gave both belotes to the defenders).
    contract = Contract(Seat(0), Trump.HEARTS)
    objective = DealObjective(CLASSIC, contract, belotes=(Seat(2),))
    assert objective.sheet((60, 102), (2, 2, 2, 2), last_trick=1) == (20, 162)
    lost = DealObjective(attrs.evolve(CLASSIC, belote_imprenable=False), contract, belotes=(Seat(2),))
    assert lost.sheet((60, 102), (2, 2, 2, 2), last_trick=1) == (0, 182)


def test_501_one_player_capot_is_worth_more_than_a_team_capot() -> None:
    objective = DealObjective(CLASSIC_501, Contract(Seat(1), Trump.SPADES))
    team = objective.sheet((0, 162), (0, 4, 0, 4), last_trick=3)
    alone = objective.sheet((0, 162), (0, 8, 0, 0), last_trick=1)
    assert team == (0, 252)
    assert alone == (0, 350)


def test_bulgarian_values_are_rounded_game_points_and_contra_doubles_them() -> None:
    plain = DealObjective(BULGARIAN, Contract(Seat(0), Trump.HEARTS))
    doubled = DealObjective(BULGARIAN, Contract(Seat(0), Trump.HEARTS, multiplier=2))
    assert plain.sheet((100, 62), (4, 1, 2, 1), last_trick=0) == (10, 6)
    assert doubled.sheet((100, 62), (4, 1, 2, 1), last_trick=0) == (32, 0)


def test_carry_goes_to_the_deals_winner() -> None:
    objective = DealObjective(CLASSIC, Contract(Seat(0), Trump.HEARTS), carry=81)
    assert objective.sheet((100, 62), (4, 1, 2, 1), last_trick=0) == (181, 62)
    assert objective.value((60, 102), (2, 2, 2, 2), last_trick=1, team=1) == 162 + 81


def test_an_impossible_end_is_refused() -> None:
    objective = DealObjective(CLASSIC, Contract(Seat(0), Trump.HEARTS))
    with pytest.raises(TallyError):
        objective.sheet((100, 100), (2, 2, 2, 2), last_trick=0)


Positions = list[tuple[SampledSheets, tuple[int, ...], int]]
"""Card decisions of a round: the sheets a seat samples with, the true hands then, and how many
declarations had been shown."""


def _played_round(variant: Variant, seed: int) -> tuple[Positions, RoundState]:
    """A round bid and played at random, every belote announced when allowed and the best
    combination of declarations shown with each first card, as the library's players do: the
    sheets of each card decision with the true hands then, and the final state."""
    rng = random.Random(seed)
    state = deal(variant, seed=seed)
    while state.phase.value == "bidding":
        state = bid(state, rng.choice(legal_bids(state)))
    positions: Positions = []
    while state.phase.value == "playing":
        assert state.to_act is not None
        positions.append(
            (SampledSheets(observe(state, state.to_act)), state.hand_masks, len(state.declarations))
        )
        options = legal_declarations(state)
        state = play(state, rng.choice(list(legal_moves(state))), declarations=options[0] if options else ())
    return positions, state


@pytest.mark.parametrize("variant", list(dict.fromkeys(PRESETS.values())), ids=lambda variant: variant.name)
def test_sampled_sheets_of_the_true_hands_score_the_round_as_it_ends(variant: Variant) -> None:
    """Given the hands the deal really holds, the sheets a searching player samples with score
    the round's end exactly as :func:`score_round` does: every belote still to be announced (or
    held, in the 501 game) is on them, and in the first trick every declaration still to be
    shown, from any position of the play."""
    checked = belotes = declared = 0
    for seed in range(60):
        positions, final = _played_round(variant, seed)
        assert final.contract is not None
        dealt = held_belotes(_dealt_hands(final.tricks), int(final.contract.trump))
        if not positions or (variant.belote_credit is BeloteCredit.ANNOUNCED and final.belotes != dealt):
            continue  # a belote let pass, or its first card discarded in all trumps: none can tell
        tally = round_tally(final)
        last = int(tally.last_trick)
        points = list(tally.card_points)
        points[last & 1] += LAST
        expected = score_round(final).points
        for sheets, hands, shown in positions:
            assert sheets(hands).sheet(points, tally.tricks, last) == expected, (seed, sheets.belotes(hands))
            assert sheets.declarations(hands) == final.declarations  # the same, in the same order
            checked += 1
            declared += len(sheets.declarations(hands)) > shown  # still to be shown: the sheets see them
        belotes += bool(final.belotes) or bool(sheets.belotes(hands))
    assert checked > 500
    assert belotes >= 3  # the case the sheets exist for is met
    if variant.announcements is not Announcements.OFF:
        assert declared >= 20


def test_sampled_sheets_count_an_unannounced_belote_of_any_hand() -> None:
    state = deal(CLASSIC, seed=3)
    state = bid(state, legal_bids(state)[-1])
    assert state.contract == Contract(Seat.WEST, Trump.CLUBS)
    sheets = SampledSheets(observe(state, Seat.NORTH))
    pair = CardSet.parse("KC QC").mask
    split = CardSet.parse("KC").mask, CardSet.parse("QC").mask
    assert sheets.belotes((0, 0, 0, 0)) == ()
    assert sheets.belotes((0, 0, pair, 0)) == (Seat.SOUTH,)
    assert sheets.belotes((split[0], 0, split[1], 0)) == ()  # the pair apart: no belote
    assert sheets.belotes((CardSet.parse("KH QH").mask, 0, 0, 0)) == ()  # not trumps
    end = (82, 80), (2, 2, 2, 2), 1  # the takers (West, East) have 80 card points
    assert sheets((0, 0, 0, 0)).sheet(*end) == (162, 0)
    assert sheets((0, pair, 0, 0)).sheet(*end) == (82, 100)  # their belote makes the contract
    assert sheets((pair, 0, 0, 0)).sheet(*end) == (182, 0)
    assert sheets((pair, 0, 0, 0)) is sheets((pair, 0, 0, 0))  # one objective per set of belotes


def test_sampled_sheets_keep_a_held_belote_half_played_in_the_501_game() -> None:
    """Under ``belote_credit="held"`` a belote is its dealt hand's, whichever card is gone."""
    found = 0
    for seed in range(40):
        positions, final = _played_round(CLASSIC_501, seed)
        assert final.contract is not None
        suit = int(final.contract.trump)
        pair = CardSet.parse(f"K{'CDHS'[suit]} Q{'CDHS'[suit]}").mask if suit < 4 else 0
        held = round_tally(final).belotes  # held in the dealt hands, as the 501 game credits them
        for sheets, hands, _shown in positions:
            holders = [seat for seat in Seat if 0 < bin(hands[seat] & pair).count("1") < 2]
            if holders and held and held[0] == holders[0]:
                assert sheets.belotes(hands) == held
                rest = list(hands)
                rest[holders[0]] &= ~pair  # the other card gone too: still the dealt hand's
                assert sheets.belotes(rest) == ()
                found += 1
    assert found >= 3


def test_sampled_sheets_need_a_contract() -> None:
    with pytest.raises(BeloteError) as raised:
        SampledSheets(observe(deal(CLASSIC, seed=1), Seat.NORTH))
    assert raised.value.reason is Reason.WRONG_PHASE


# -- a card that gives up the player's own belote ---------------------------------------------------


def discard_on_a_partners_spade(variant: Variant, taker: int) -> PlayerView:
    """West, void in spades in all trumps, holds the heart king and queen while its partner's
    jack wins the trick: the king is the most points to give, and discarding it (or the queen)
    on a spade announces no belote."""
    return seat_view(
        variant,
        Seat(1),
        hand="KH QH 7H 8H 7D 8D 7C 8C",
        dealer=Seat(1),
        contract=Contract(
            Seat(taker),
            Trump.ALL_TRUMPS,
            bid=100 if variant.bidding is BiddingSystem.POINTS_AUCTION else None,
        ),
        plays="7S JS 8S",
    )


@pytest.mark.parametrize(
    "variant",
    [BULGARIAN, attrs.evolve(COINCHE, belote_on_discard=False)],
    ids=["bulgarian", "coinche-belote_on_discard-false"],
)
@pytest.mark.parametrize("taker", [0, 3])
@pytest.mark.parametrize(
    "player",
    [
        lambda seed: HardAgent(seed=seed),
        lambda seed: ExpertAgent(seed=seed, solve_from=32),  # each sampled deal solved
    ],
    ids=["hard", "expert"],
)
def test_the_searching_players_keep_their_belote_rather_than_give_a_king(
    variant: Variant,
    taker: int,
    player: Callable[[int], HardAgent | ExpertAgent],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = discard_on_a_partners_spade(variant, taker)
    hand, trick = view.hand.mask, [card.index for _, card in view.trick]
    mode = int(Trump.ALL_TRUMPS)
    lost = [card for card in view.legal_cards if forfeits_belote(hand, card.index, trick, mode, variant)]
    assert [str(card) for card in lost] == ["KH", "QH"]
    chosen = [str(player(seed).choose_play(view).card) for seed in range(4)]
    assert not {"KH", "QH"} & set(chosen)
    # the sheets counting the belote whatever is played (as before), the king is given
    monkeypatch.setattr(hard_module, "forfeiting_cards", lambda *_: frozenset())
    monkeypatch.setattr(expert_module, "forfeiting_cards", lambda *_: frozenset())
    assert {"KH", "QH"} & {str(player(seed).choose_play(view).card) for seed in range(4)}


def test_forfeits_belote_follows_the_rules_of_each_variant() -> None:
    hand = CardSet.parse("KH QH 7S").mask
    king, queen = Card.parse("KH").index, Card.parse("QH").index
    spade = (Card.parse("AS").index,)
    heart = (Card.parse("AH").index,)
    king_first = attrs.evolve(CLASSIC, belote_card_order="king_first")
    assert forfeits_belote(hand, queen, (), Trump.HEARTS, king_first)  # the queen first: no belote
    assert not forfeits_belote(hand, king, (), Trump.HEARTS, king_first)
    assert not forfeits_belote(hand, queen, (), Trump.HEARTS, CLASSIC)  # any order
    assert not forfeits_belote(hand, queen, spade, Trump.HEARTS, CLASSIC)  # a trump on a spade
    assert forfeits_belote(hand, queen, spade, Trump.ALL_TRUMPS, BULGARIAN)  # a discard
    assert not forfeits_belote(hand, queen, spade, Trump.ALL_TRUMPS, COINCHE)  # belote all the same (K4)
    assert not forfeits_belote(hand, queen, heart, Trump.ALL_TRUMPS, BULGARIAN)  # following
    assert not forfeits_belote(hand, queen, spade, Trump.SPADES, BULGARIAN)  # hearts are not trumps
    assert not forfeits_belote(CardSet.parse("KH 7S").mask, king, spade, Trump.ALL_TRUMPS, BULGARIAN)
    held = attrs.evolve(BULGARIAN, belote_credit="held")
    assert not forfeits_belote(hand, queen, spade, Trump.ALL_TRUMPS, held)  # credited as dealt
    assert not forfeits_belote(hand, Card.parse("7S").index, spade, Trump.ALL_TRUMPS, BULGARIAN)


def test_forfeited_sheets_count_one_belote_of_the_seat_fewer() -> None:
    view = discard_on_a_partners_spade(BULGARIAN, 3)
    sheets = SampledSheets(view)
    two = CardSet.parse("KH QH KD QD").mask  # two belots held in all trumps
    hands = [0, two, 0, 0]
    end = ((130, 128), (2, 2, 2, 2), 1)  # the takers' 130 against the defenders' 128
    kept, given_up = sheets(hands).value(*end, team=1), sheets.forfeited(hands, 1).value(*end, team=1)
    assert kept > given_up > sheets.forfeited([0, 0, 0, 0], 1).value(*end, team=1)
    assert sheets.forfeited(hands, 0).value(*end, team=1) == kept  # North holds none to give up
