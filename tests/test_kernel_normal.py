"""The normal player's play in the speed kernel: the compiled heuristics, playouts (with the
one-card lookahead) and misplay counts against their pure-Python twins, and the twins against
the agents' own code (:mod:`belote.agents.heuristics`, :func:`belote.agents.sim.play_out`,
:func:`belote.agents.reading.count_misplays`).

Random positions of real deals under every preset, contract kind and rules code. When the
compiled module is not built, only the comparisons that need it are skipped.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import belote.kernel
from _kernel_helpers import ALL_CODES, Position, random_positions
from belote import CLASSIC, PRESETS, Card, CardSet, Trump
from belote.agents.heuristics import choose_card
from belote.agents.reading import SeenPlay, count_misplays
from belote.agents.sim import normal_playouts, normal_policy, play_out
from belote.kernel import _pure
from belote.tally import LAST_TRICK_BONUS
from belote.tricks import legal_mask as rule_legal_mask
from belote.tricks import winning_position as rule_winning_position
from belote.trumps import points_row

POSITIONS = random_positions(77, 2500)
_FULL = (1 << 32) - 1


def _to_act(position: Position) -> tuple[int, int]:
    """The seat to act and its legal cards."""
    hands, trick, leader, mode, code = position
    seat = (leader + len(trick)) & 3
    return seat, _pure.legal_mask(hands[seat], trick, mode, code)


def _played(position: Position, rng: random.Random) -> int:
    """A mask of cards gone consistent with the position: the trick's and any card in no hand."""
    hands, trick, *_ = position
    held = hands[0] | hands[1] | hands[2] | hands[3]
    gone = _FULL & ~held
    return gone if rng.random() < 0.8 else sum(1 << card for card in trick)


def test_pure_normal_card_is_the_heuristics() -> None:
    rng = random.Random(1)
    for position in POSITIONS[:800]:
        hands, trick, _, mode, _ = position
        seat, legal = _to_act(position)
        if not legal:
            continue
        unseen = _FULL & ~(hands[seat] | _played(position, rng))
        for attacking in (False, True):
            expected = choose_card(hands[seat], legal, trick, mode, unseen, attacking)
            assert _pure.normal_card(hands[seat], legal, trick, mode, unseen, attacking) == expected


def test_compiled_normal_card_matches_the_pure_twin(compiled: ModuleType) -> None:
    rng = random.Random(2)
    checked = 0
    for position in POSITIONS:
        hands, trick, _, mode, _ = position
        seat, legal = _to_act(position)
        if not legal:
            continue
        # the legal cards, and random parts of the hand too (a choice the rules would not give)
        for choice in (legal, hands[seat] & rng.getrandbits(32) or legal):
            for unseen in (
                _FULL & ~(hands[seat] | _played(position, rng)),
                rng.getrandbits(32) & ~hands[seat],
            ):
                for attacking in (False, True):
                    expected = _pure.normal_card(hands[seat], choice, trick, mode, unseen, attacking)
                    assert (
                        compiled.normal_card(hands[seat], choice, trick, mode, unseen, attacking) == expected
                    ), (
                        position,
                        choice,
                        unseen,
                        attacking,
                    )
                    checked += 1
    assert checked > 15000


def test_every_heuristic_is_reached() -> None:
    """The positions reach each branch of the heuristics, so the comparisons cover them all."""
    import belote.agents.heuristics as heuristics

    names = ("lead_from_strength", "give_points", "play_low", "win_cheaply", "win_if_worth_it")
    seen: set[str] = set()
    originals = {name: getattr(heuristics, name) for name in names}

    def spy(name: str):  # type: ignore[no-untyped-def]
        def wrapped(*args, **kwargs):  # type: ignore[no-untyped-def]
            seen.add(name)
            return originals[name](*args, **kwargs)

        return wrapped

    try:
        for name in names:
            setattr(heuristics, name, spy(name))
        rng = random.Random(3)
        for position in POSITIONS[:800]:
            hands, trick, _, mode, _ = position
            seat, legal = _to_act(position)
            if legal:
                unseen = _FULL & ~(hands[seat] | _played(position, rng))
                heuristics.choose_card(hands[seat], legal, trick, mode, unseen, rng.random() < 0.5)
    finally:
        for name, original in originals.items():
            setattr(heuristics, name, original)
    assert seen == set(names)


def test_pure_normal_play_out_is_the_agents_play_out() -> None:
    rng = random.Random(4)
    for position in POSITIONS[:300]:
        hands, trick, leader, mode, code = position
        played = _played(position, rng)
        taker_team = rng.randrange(2)
        variant = _pure.variant_of_code(code)
        for ahead in (-1, 0, 1):
            expected = play_out(
                list(hands), list(trick), leader, mode, variant, normal_policy, taker_team, played, -1, ahead
            )
            assert (
                _pure.normal_play_out(hands, trick, leader, mode, code, taker_team, played, -1, ahead)
                == expected
            )


def test_compiled_normal_play_out_matches_the_pure_twin(compiled: ModuleType) -> None:
    rng = random.Random(5)
    for position in POSITIONS[:1500]:
        hands, trick, leader, mode, code = position
        _, legal = _to_act(position)
        played = _played(position, rng)
        taker_team = rng.randrange(2)
        first = (
            rng.choice([card for card in range(32) if legal >> card & 1])
            if legal and rng.random() < 0.5
            else -1
        )
        for ahead in (-1, 0, 1):
            expected = _pure.normal_play_out(
                hands, trick, leader, mode, code, taker_team, played, first, ahead
            )
            assert compiled.normal_play_out(
                hands, trick, leader, mode, code, taker_team, played, first, ahead
            ) == (expected), (position, played, taker_team, first, ahead)


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    preset=st.sampled_from(sorted(PRESETS)),
    mode=st.sampled_from(Trump),
    ahead=st.sampled_from((-1, 0, 1)),
)
def test_whole_deal_playouts_count_every_point_and_trick(
    seed: int, preset: str, mode: Trump, ahead: int
) -> None:
    variant = PRESETS[preset]
    rng = random.Random(seed)
    order = list(range(32))
    rng.shuffle(order)
    hands = [sum(1 << card for card in order[seat * 8 : seat * 8 + 8]) for seat in range(4)]
    leader, taker_team = seed & 3, seed >> 2 & 1
    won0, won1, tricks, last = normal_playouts(variant)(
        hands, (), leader, int(mode), taker_team, 0, -1, ahead
    )
    assert won0 + won1 == sum(points_row(int(mode), variant)) + LAST_TRICK_BONUS
    assert sum(tricks) == 8
    assert tricks[last] >= 1
    pure = _pure.normal_play_out(
        hands, [], leader, int(mode), _pure.rules_code(variant), taker_team, 0, -1, ahead
    )
    assert (won0, won1, tricks, last) == pure


def _reference_ahead(position: Position, played: int, team: int) -> tuple[int, int, list[int], int]:
    """The playout with team ``team`` looking ahead, step by step from the rule core: each
    choice of that team tries every legal card with a plain playout (taker team 0)."""
    hands, trick, leader, mode, code = list(position[0]), list(position[1]), *position[2:]
    variant = _pure.variant_of_code(code)
    won, tricks, last = [0, 0], [0, 0, 0, 0], -1
    points = points_row(mode, variant)
    while any(hands):
        seat = (leader + len(trick)) & 3
        legal = rule_legal_mask(hands[seat], trick, mode, variant)[0]
        cards = [card for card in range(32) if legal >> card & 1]
        if seat & 1 == team and len(cards) > 1:
            margins = []
            for card in cards:
                won0, won1, _, _ = play_out(
                    list(hands), list(trick), leader, mode, variant, normal_policy, 0, played, card
                )
                margins.append(won1 - won0 if team else won0 - won1)
            card = cards[margins.index(max(margins))]
        else:
            card = choose_card(
                hands[seat], legal, trick, mode, _FULL & ~(hands[seat] | played), seat & 1 == 0
            )
        hands[seat] &= ~(1 << card)
        played |= 1 << card
        trick.append(card)
        if len(trick) == 4:
            last = (leader + rule_winning_position(trick, mode)) & 3
            won[last & 1] += sum(points[c] for c in trick) + (0 if any(hands) else LAST_TRICK_BONUS)
            tricks[last] += 1
            leader, trick = last, []
    return won[0], won[1], tricks, last


def test_lookahead_playouts_match_a_step_by_step_reference() -> None:
    rng = random.Random(6)
    differ = 0
    for position in POSITIONS[:250]:
        played = _played(position, rng)
        for team in (0, 1):
            hands, trick, leader, mode, code = position
            expected = _reference_ahead(position, played, team)
            assert _pure.normal_play_out(hands, trick, leader, mode, code, 0, played, -1, team) == expected
            differ += expected != _pure.normal_play_out(hands, trick, leader, mode, code, 0, played, -1, -1)
    assert differ > 50


def test_lookahead_changes_some_playouts() -> None:
    rng = random.Random(7)
    differ = 0
    for position in POSITIONS[:300]:
        hands, trick, leader, mode, code = position
        played = _played(position, rng)
        plain = _pure.normal_play_out(hands, trick, leader, mode, code, 0, played, -1, -1)
        looking = _pure.normal_play_out(hands, trick, leader, mode, code, 0, played, -1, 0)
        differ += plain != looking
    assert differ > 30


def _seen_plays(position: Position, rng: random.Random) -> tuple[int, list[SeenPlay]]:
    """A hand now and random plays of one seat that end in it (the later cards of each)."""
    hands = position[0]
    hand_now = hands[0]
    spare = [card for card in range(32) if not (hands[0] | hands[1] | hands[2] | hands[3]) >> card & 1]
    rng.shuffle(spare)
    cards = spare[: rng.randrange(0, min(6, len(spare)) + 1)]
    plays: list[SeenPlay] = []
    later = 0
    others = [card for card in range(32) if card not in cards and not hand_now >> card & 1]
    for card in reversed(cards):
        later |= 1 << card
        trick = tuple(rng.sample(others, rng.randrange(4)))
        gone = sum(1 << c for c in trick) | rng.getrandbits(32) & ~(hand_now | later)
        plays.append(SeenPlay(0, card, trick, gone, later, rng.random() < 0.5))
    plays.reverse()
    return hand_now, plays


def test_misplay_counts_agree_on_every_path() -> None:
    """The pure twin counts as the reading does; the compiled module, when built, as both."""
    module = belote.kernel._compiled
    rng = random.Random(8)
    counted = 0
    for position in POSITIONS[:1500]:
        _, _, _, mode, code = position
        hand, plays = _seen_plays(position, rng)
        packed = _pure.pack_plays((p.card, p.trick, p.gone, p.later, p.attacking) for p in plays)
        expected = count_misplays(plays, hand, mode, _pure.variant_of_code(code), normal_policy)
        assert _pure.seat_misplays(hand, packed, mode, code) == expected
        if module is not None:
            assert module.seat_misplays(hand, packed, mode, code) == expected
            assert (
                module.seat_misplays(hand, memoryview(b"x" + packed)[1:], mode, code) == expected
            )  # unaligned
        counted += expected
    assert counted > 500


def test_a_lead_of_the_seven_holding_the_ace_is_a_misplay() -> None:
    ace, seven = Card.parse("AS").index, Card.parse("7S").index
    implementations = [_pure] + ([belote.kernel._compiled] if belote.kernel._compiled else [])
    for module in implementations:
        code = _pure.rules_code(CLASSIC)
        assert (
            module.seat_misplays(1 << ace, _pure.pack_plays([(seven, (), 0, 1 << seven, False)]), 0, code)
            == 1
        )
        assert (
            module.seat_misplays(1 << seven, _pure.pack_plays([(ace, (), 0, 1 << ace, False)]), 0, code) == 0
        )
        assert module.seat_misplays(0, b"", 0, code) == 0


def test_normal_card_on_a_known_position() -> None:
    hand = CardSet.parse("AS 7S KH").mask
    for module in [_pure] + ([belote.kernel._compiled] if belote.kernel._compiled else []):
        assert module.normal_card(hand, hand, [], Trump.HEARTS, 0, False) == Card.parse("AS").index


def test_pack_plays_refuses_a_card_missing_from_its_later_cards() -> None:
    with pytest.raises(ValueError, match="later"):
        _pure.pack_plays([(5, (), 0, 0, False)])
    with pytest.raises(ValueError, match="at most 3"):
        _pure.pack_plays([(5, (1, 2, 3, 4), 0, 1 << 5, False)])


def test_every_rules_code_gives_the_same_playouts(compiled: ModuleType) -> None:
    rng = random.Random(10)
    for position in POSITIONS[:60]:
        hands, trick, leader, mode, _ = position
        played = _played(position, rng)
        for code in ALL_CODES:
            expected = _pure.normal_play_out(hands, trick, leader, mode, code, 1, played, -1, 1)
            assert compiled.normal_play_out(hands, trick, leader, mode, code, 1, played, -1, 1) == expected


_EVALUATIONS = """
from belote import PRESETS, Phase, Seat, deal, observe
from belote.agents import HardAgent, NormalAgent
from belote.games import agent_step
import belote.kernel
normal = [NormalAgent(seat) for seat in range(4)]
hard = HardAgent(seed=3, samples=3)
print(belote.kernel.COMPILED)
for variant in PRESETS.values():
    state = deal(variant, dealer=Seat(1), seed=f"paths/{variant.name}")
    while state.phase in (Phase.BIDDING, Phase.PLAYING):
        view = observe(state, state.to_act)
        if state.phase is Phase.PLAYING and len(view.legal_cards) > 1:
            print(sorted(hard.evaluate(view).items()))
        elif state.phase is Phase.BIDDING and len(view.legal_bids) > 1:
            print(hard.evaluate_calls(view))
        state = agent_step(state, normal)
"""


def test_the_hard_player_evaluates_the_same_on_both_paths(compiled: ModuleType) -> None:
    """Its playouts (with the lookahead), reading and bidding simulation, compiled or not."""
    outputs = []
    for pure in ("0", "1"):
        env = {key: value for key, value in os.environ.items() if key != "BELOTE_PURE"} | {
            "BELOTE_PURE": pure
        }
        done = subprocess.run(
            [sys.executable, "-c", _EVALUATIONS], env=env, capture_output=True, text=True, check=True
        )
        outputs.append(done.stdout.splitlines())
    assert outputs[0][0] == "True"
    assert outputs[1][0] == "False"
    assert len(outputs[0]) > 60
    assert outputs[0][1:] == outputs[1][1:]
