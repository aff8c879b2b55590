"""Exact results of the kernel's pure-Python twins (belote.kernel._pure and the helpers of
belote.kernel._rules) for the mutation run: the random generator's known outputs, the rules
codes, the refusals of bad arguments at their exact limits, and, when the compiled kernel is
built, the pure twins against it on a few hundred random positions (tests/test_kernel.py and
tests/test_kernel_normal.py compare them on many more, but are slow and left out of the run).

The pure functions are called from belote.kernel._pure itself, whatever path belote.kernel uses;
the compiled module is imported directly, so that these tests compare the two under
``BELOTE_PURE=1`` too.

Cards are numbered ``suit * 8 + rank``: clubs 0-7, diamonds 8-15, hearts 16-23, spades 24-31,
each from the 7 to the ace.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from _kernel_helpers import ALL_CODES, built_kernel, random_positions
from belote import BULGARIAN, CLASSIC, PRESETS, CardSet
from belote.kernel import _pure
from belote.kernel._rules import payoff_of, remaining_points, rule_values, rules_variant
from belote.options import NoTrumpsScale, PartnerMasterTrumped, ToutAtoutScale, Undertrump
from belote.tricks import legal_mask as rule_legal_mask
from belote.trumps import points_row

HEARTS = 2


@pytest.fixture(scope="module")
def twin() -> ModuleType:
    """The compiled kernel, even on the pure path; a skip when it is not built."""
    module = built_kernel()
    if module is None:
        pytest.skip("compiled kernel not built (or older than its C sources)")
    return module


def mask(text: str) -> int:
    return CardSet.parse(text).mask if text else 0


# ---------------------------------------------------------------- splitmix64


def test_splitmix64_gives_the_published_outputs() -> None:
    """The reference splitmix64 sequence seeded with 1234567 (Vigna's splitmix64.c)."""
    state, outputs = 1234567, []
    for _ in range(5):
        state, output = _pure.splitmix64(state)
        outputs.append(output)
    assert outputs == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]
    assert state == (1234567 + 5 * 0x9E3779B97F4A7C15) % (1 << 64)


def test_splitmix64_wraps_its_state_at_64_bits() -> None:
    assert _pure.splitmix64((1 << 64) - 1)[0] == 0x9E3779B97F4A7C14
    state, output = _pure.splitmix64(0)
    assert (state, output) == (0x9E3779B97F4A7C15, 0xE220A8397B1DCDAF)


# ---------------------------------------------------------------- rules codes and rule values


def test_every_rules_code_reads_back_to_its_options() -> None:
    for code in range(1 << 10):
        under, partner = code >> 1 & 3, code >> 3 & 3
        no_trumps, all_trumps = code >> 6 & 3, code >> 8 & 3
        if under >= 3 or partner >= len(PartnerMasterTrumped) or no_trumps >= len(NoTrumpsScale):
            continue
        if all_trumps >= len(ToutAtoutScale):
            continue
        variant = _pure.variant_of_code(code)
        assert _pure.rules_code(variant) == code
        assert variant.undertrump_opponent is tuple(Undertrump)[under]
        assert variant.trump_lead_must_overtrump_partner is bool(code & 1)
        assert variant.tout_atout_partner_exception is bool(code & 32)
        assert _pure.pack_rules(rule_values(variant)) == code
    assert _pure.variant_of_code(0).trump_lead_must_overtrump_partner is False


@pytest.mark.parametrize(
    ("code", "error", "message"),
    [
        (-1, ValueError, "rules code -1 out of range"),
        (1 << 10, ValueError, "rules code 1024 out of range"),
        (6, ValueError, "rules code 6 out of range"),  # undertrump_opponent 3 of 0..2
        (24, ValueError, "rules code 24 out of range"),  # partner_master_trumped 3 of 0..2
        (128, ValueError, "rules code 128 out of range"),  # no_trumps_scale 2 of 0..1
        (1023 - 128, ValueError, "rules code 895 out of range"),  # undertrump and partner 3
        (True, TypeError, "rules must be an int (see rules_code), got True"),
        ("1", TypeError, "rules must be an int (see rules_code), got '1'"),
    ],
)
def test_bad_rules_codes_are_refused(code: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as raised:
        _pure.variant_of_code(code)
    assert str(raised.value) == message


def test_rules_codes_need_a_variant_and_six_values() -> None:
    with pytest.raises(TypeError) as raised:
        _pure.rules_code("classic")  # type: ignore[arg-type]
    assert str(raised.value) == "variant must be a Variant, got 'classic'"
    assert _pure.pack_rules((1, 2, 3, 1, 2, 3)) == 1 + (2 << 1) + (3 << 3) + (1 << 5) + (2 << 6) + (3 << 8)
    for values in ((1, 0, 0, 0, 0), (1, 0, 0, 0, 0, 0, 0)):
        with pytest.raises(ValueError, match="zip"):
            _pure.pack_rules(values)


def test_payoffs_of_margins_and_capots() -> None:
    assert payoff_of(20, 100) == 60
    assert payoff_of(21, 100) == 60  # rounded down, an int
    assert type(payoff_of(21, 100)) is int
    assert payoff_of(-100, 100) == 0
    assert payoff_of(100, 100) == 100
    assert payoff_of(190, 100) == 190  # a capot won: the whole margin
    assert payoff_of(-190, 100) == 0  # a capot lost: nothing
    assert payoff_of(-101, 100) == 0


def test_remaining_points_count_the_hands_the_trick_and_the_last_trick() -> None:
    points = points_row(HEARTS, CLASSIC)
    hands = (mask("JH"), mask("9H"), mask("AS"), mask("7C"))
    assert remaining_points(hands, (), points) == 20 + 14 + 11 + 0 + 10
    assert remaining_points((0, 0, mask("AS"), mask("7C")), (20, 18), points) == 55
    assert rules_variant(rule_values(BULGARIAN)) == rules_variant((1, 1, 0, 0, 0, 0))


# ---------------------------------------------------------------- refusals, at their limits

GOOD_HANDS = [0x11111111 << seat for seat in range(4)]
LIMITS: list[tuple[str, Callable[[Any], Any]]] = [
    ("legal_mask", lambda k: k.legal_mask(GOOD_HANDS[0], [], (1 << 31) - 1, 1)),
    ("legal_mask", lambda k: k.legal_mask(GOOD_HANDS[0], [], 1 << 31, 1)),
    ("legal_mask", lambda k: k.legal_mask(GOOD_HANDS[0], [], -(1 << 31), 1)),
    ("legal_mask", lambda k: k.legal_mask(GOOD_HANDS[0], [], -(1 << 31) - 1, 1)),
    ("legal_mask", lambda k: k.legal_mask(GOOD_HANDS[0], [], 2, 0)),
    ("legal_mask", lambda k: k.legal_mask(GOOD_HANDS[0], [], -(1 << 63), 1)),
    ("legal_mask", lambda k: k.legal_mask(GOOD_HANDS[0], [-(1 << 63)], 2, 1)),
    ("legal_mask", lambda k: k.legal_mask(GOOD_HANDS[0], [1 << 63], 2, 1)),
    ("rollouts", lambda k: k.rollouts(GOOD_HANDS, [], 0, 2, 1, 1, -(1 << 63))),
    ("rollouts", lambda k: k.rollouts(GOOD_HANDS[:3], [], 0, 2, 1, 1, 1 << 63)),
    ("rollouts", lambda k: k.rollouts(GOOD_HANDS, [], 0, 2, 1, 1, -1)),
    ("rollouts", lambda k: k.rollouts([1, 2, 4, 8], [1], 0, 2, 1, 1, 1)),  # the 7C twice
    ("rollouts", lambda k: k.rollouts([4, 8, 16, 32], [0, 4], 0, 2, 1, 1, 1)),  # the trick's second card held
    ("rollouts", lambda k: k.rollouts([4, 8, 16, 32], [0, 0], 0, 2, 1, 1, 1)),
    (
        "rollouts",
        lambda k: k.rollouts([4, 8, 16 | 64, 128 | 256], [5, 5], 0, 2, 1, 1, 1),
    ),  # one card twice in the trick
    ("rollouts", lambda k: k.rollouts([4, 8 | 1 << 9, 16 | 1 << 10, 32], [0], 2, 2, 1, 1, 1)),
    ("rollouts", lambda k: k.rollouts([4 | 1 << 9, 8, 16 | 1 << 10, 32 | 1 << 11], [0], 1, 2, 1, 1, 1)),
    ("rollouts", lambda k: k.rollouts([4, 8, 16 | 1 << 10, 32 | 1 << 11], [0, 1], 3, 2, 1, 1, 1)),
    ("rollouts", lambda k: k.rollouts([4, 8 | 1 << 9, 16 | 1 << 10, 32], [0, 1], 3, 2, 1, 1, 1)),
]


def call(function: Callable[[ModuleType | Any], Any], kernel: ModuleType | Any) -> tuple[str, str] | Any:
    try:
        return function(kernel)
    except (TypeError, ValueError, OverflowError) as error:
        return type(error).__name__, str(error)


@pytest.mark.parametrize(("name", "function"), LIMITS)
def test_refusals_at_the_limits_are_the_compiled_ones(
    twin: ModuleType, name: str, function: Callable[[Any], Any]
) -> None:
    assert call(function, _pure) == call(function, twin), name


def test_refusals_at_the_limits_by_hand() -> None:
    assert call(lambda k: k.legal_mask(1, [], (1 << 31) - 1, 1), _pure) == (
        "ValueError",
        "mode 2147483647 out of range 0..5",
    )
    assert call(lambda k: k.legal_mask(1, [], -(1 << 31), 1), _pure) == (
        "ValueError",
        "mode -2147483648 out of range 0..5",
    )
    assert call(lambda k: k.rollouts(GOOD_HANDS, [], 0, 2, 1, 1, -(1 << 63)), _pure) == (
        "ValueError",
        "count must be at least 0",
    )
    over = call(lambda k: k.rollouts(GOOD_HANDS[:3], [], 0, 2, 1, 1, 1 << 63), _pure)
    assert over == ("OverflowError", "Python int too large to convert to C ssize_t")
    assert _pure.legal_mask(GOOD_HANDS[0], [], 2, 0) == GOOD_HANDS[0]


# ---------------------------------------------------------------- the pure twins against the compiled ones


def test_legal_masks_and_rollouts_agree_on_random_positions(twin: ModuleType) -> None:
    for number, (hands, trick, leader, mode, code) in enumerate(random_positions(31, 400)):
        seat = (leader + len(trick)) & 3
        if hands[seat]:
            assert _pure.legal_mask(hands[seat], trick, mode, code) == twin.legal_mask(
                hands[seat], trick, mode, code
            )
        arguments = (hands, trick, leader, mode, code, number, 3)
        assert _pure.rollouts(*arguments) == twin.rollouts(*arguments), number
        if trick:
            assert _pure.winning_position(trick, mode) == twin.winning_position(trick, mode)


def test_normal_cards_and_playouts_agree_on_random_positions(twin: ModuleType) -> None:
    rng = random.Random(5)
    for number, (hands, trick, leader, mode, code) in enumerate(random_positions(47, 300)):
        seat = (leader + len(trick)) & 3
        if not hands[seat]:
            continue
        variant = _pure.variant_of_code(code)
        legal = rule_legal_mask(hands[seat], trick, mode, variant)[0]
        held = hands[0] | hands[1] | hands[2] | hands[3]
        unseen = held & ~hands[seat]
        attacking = bool(number & 1)
        for given in (legal, hands[seat]) if legal != hands[seat] else (legal,):
            card_arguments = (hands[seat], given if given == legal else legal, trick, mode, unseen, attacking)
            assert _pure.normal_card(*card_arguments) == twin.normal_card(*card_arguments)
        played = ((1 << 32) - 1) & ~held
        first = rng.choice([card for card in range(32) if legal >> card & 1])
        for taker, first_card, ahead in ((number & 1, -1, -1), (1 - (number & 1), first, number % 3 - 1)):
            arguments = (hands, trick, leader, mode, code, taker, played, first_card, ahead)
            assert _pure.normal_play_out(*arguments) == twin.normal_play_out(*arguments), number


def test_normal_playouts_refuse_what_the_compiled_one_refuses(twin: ModuleType) -> None:
    hands = [mask("JH 7D"), mask("7S 8D"), mask("8S 9D"), mask("9S TD")]
    gone = (1 << 32) - 1 & ~(hands[0] | hands[1] | hands[2] | hands[3])
    heart_jack = CardSet.parse("JH").mask.bit_length() - 1
    led = [hands[0] & ~(1 << heart_jack), *hands[1:]]  # North led the jack of hearts
    following = [mask("7D"), mask("7H 8D"), hands[2], hands[3]]
    cases: list[tuple[Any, ...]] = [
        (hands, [], 0, HEARTS, 1, 0, gone, -1, 2),
        (hands, [], 0, HEARTS, 1, 0, gone, -1, -2),
        (hands, [], 0, HEARTS, 1, 2, gone, -1, -1),
        (hands, [], 0, HEARTS, 1, 0, gone | hands[3], -1, -1),
        (hands, [], 0, HEARTS, 1, 0, gone | hands[2], -1, -1),
        (hands, [], 0, HEARTS, 1, 0, gone | hands[1], -1, -1),
        (hands, [], 0, HEARTS, 1, 0, gone | hands[0], -1, -1),
        (led, [heart_jack], 0, HEARTS, 1, 0, gone, -1, -1),
        ([0, hands[1], hands[2], hands[3] & ~1 << 31], [31], 3, HEARTS, 1, 0, gone, -1, -1),
        (hands, [], 0, HEARTS, 1, 0, gone, 32, -1),
        (hands, [], 0, HEARTS, 1, 0, gone, 31, -1),
        (hands, [], 0, HEARTS, 1, 0, gone, 24, -1),  # another seat's card
        (led, [heart_jack], 0, HEARTS, 1, 0, gone | 1 << heart_jack, 25, -1),
        (led, [heart_jack], 0, HEARTS, 1, 0, gone | 1 << heart_jack, 9, -1),
        (led, [heart_jack], 0, HEARTS, 1, 0, gone | 1 << heart_jack, 11, -1),
        (hands, [], 0, HEARTS, 1, 1, gone, 11, 1),
        # West must follow the jack with its 7 of hearts: its 8 of diamonds is not legal
        (following, [heart_jack], 0, HEARTS, 1, 0, (1 << 32) - 1 & ~sum(following), 9, -1),
    ]
    for case in cases:

        def play(kernel: Any, case: tuple[Any, ...] = case) -> Any:
            return kernel.normal_play_out(*case)

        assert call(play, _pure) == call(play, twin), case


# ---------------------------------------------------------------- a seat's misplays


def random_plays(rng: random.Random) -> tuple[int, list[tuple[int, tuple[int, ...], int, int, bool]], int]:
    """One seat's plays of a random deal played at random: (hand left, plays, mode)."""
    variant = rng.choice(list(PRESETS.values()))
    from belote.agents.sim import random_deal

    hands, _ = random_deal(variant, rng)
    mode = rng.randrange(6)
    watched = rng.randrange(4)
    attacking = rng.random() < 0.5
    raw: list[tuple[int, tuple[int, ...], int]] = []
    gone = 0
    trick: list[int] = []
    leader = rng.randrange(4)
    for _ in range(rng.randrange(4, 30)):
        seat = (leader + len(trick)) & 3
        legal = rule_legal_mask(hands[seat], trick, mode, variant)[0]
        card = rng.choice([card for card in range(32) if legal >> card & 1])
        if seat == watched:
            raw.append((card, tuple(trick), gone | sum(1 << played for played in trick)))
        hands[seat] &= ~(1 << card)
        trick.append(card)
        if len(trick) == 4:
            from belote.tricks import winning_position

            leader = (leader + winning_position(trick, mode)) & 3
            gone |= sum(1 << played for played in trick)
            trick = []
    plays = []
    later = 0
    for card, cards, seen in reversed(raw):
        later |= 1 << card
        plays.append((card, cards, seen, later, attacking))
    plays.reverse()
    return hands[watched], plays, mode


def test_seat_misplays_agree_on_random_plays(twin: ModuleType) -> None:
    rng = random.Random(11)
    counted = 0
    for _ in range(120):
        hand, plays, mode = random_plays(rng)
        code = rng.choice(ALL_CODES)
        packed = _pure.pack_plays(plays)
        found = _pure.seat_misplays(hand, packed, mode, code)
        assert found == twin.seat_misplays(hand, packed, mode, code)
        counted += found
    assert counted > 0


def packed_play(
    card: int, length: int, cards: tuple[int, int, int], attacking: int, gone: int, later: int
) -> bytes:
    return _pure._PLAY.pack(card, length, *cards, attacking, gone, later)


@pytest.mark.parametrize(
    "fields",
    [
        (31, 0, (0, 0, 0), 0, 0, 1 << 31),
        (32, 0, (0, 0, 0), 0, 0, 1 << 31),
        (5, 3, (1, 2, 3), 1, 0b1110, 1 << 5),
        (5, 4, (1, 2, 3), 1, 0b1110, 1 << 5),
        (5, 1, (31, 0, 0), 1, 1 << 31, 1 << 5),
        (5, 1, (32, 0, 0), 1, 0, 1 << 5),
        (5, 0, (0, 0, 0), 2, 0, 1 << 5),
        (5, 0, (0, 0, 0), 0, 0, 1 << 6),
        (5, 0, (0, 0, 0), 0, 0, 1 << 4),
    ],
)
def test_bad_packed_plays_are_refused_as_the_compiled_kernel_refuses_them(
    twin: ModuleType, fields: tuple[Any, ...]
) -> None:
    packed = packed_play(*fields)
    hand = mask("AS KH")

    def misplays(kernel: Any) -> Any:
        return kernel.seat_misplays(hand, packed, HEARTS, 1)

    assert call(misplays, _pure) == call(misplays, twin)
    assert call(lambda k: k.seat_misplays(hand, packed + b"\x00", HEARTS, 1), _pure) == (
        "ValueError",
        "plays must be packed by belote.kernel.pack_plays",
    )


def test_plays_are_packed_field_by_field() -> None:
    packed = _pure.pack_plays([(5, (1, 2), 0b110, 1 << 5 | 1 << 9, True), (9, (), 0b1111110, 1 << 9, False)])
    assert packed == packed_play(5, 2, (1, 2, 0), 1, 0b110, 1 << 5 | 1 << 9) + packed_play(
        9, 0, (0, 0, 0), 0, 0b1111110, 1 << 9
    )
    assert _pure.pack_plays([(31, (30, 29, 28), 0, 1 << 31, True)]) == packed_play(
        31, 3, (30, 29, 28), 1, 0, 1 << 31
    )


@pytest.mark.parametrize(
    ("play", "message"),
    [
        ((32, (), 0, 1 << 31, True), "a play's later cards must hold its card (a card number 0..31)"),
        ((32, (), 0, 1 << 32, True), "a play's later cards must hold its card (a card number 0..31)"),
        ((-1, (), 0, 1 << 31, True), "a play's later cards must hold its card (a card number 0..31)"),
        ((5, (), 0, 1 << 4 | 1 << 6, True), "a play's later cards must hold its card (a card number 0..31)"),
        ((5, (), 1 << 32, 1 << 5, True), "gone must be a 32-bit card mask"),
        ((5, (), 0, 1 << 5 | 1 << 32, True), "later must be a 32-bit card mask"),
        ((5, (1, 2, 3, 4), 0, 1 << 5, True), "a trick in progress holds at most 3 cards"),
    ],
)
def test_bad_plays_are_refused_when_packed(
    play: tuple[int, tuple[int, ...], int, int, bool], message: str
) -> None:
    with pytest.raises(ValueError, match="card") as raised:
        _pure.pack_plays([play])
    assert str(raised.value) == message
