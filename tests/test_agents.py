"""The agents: legal answers only, determinism, and the named heuristics of each level."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    COINCHE,
    CONTREE,
    BeloteError,
    Bid,
    Card,
    CardSet,
    Contract,
    Double,
    Pass,
    Phase,
    Seat,
    Trump,
    Variant,
    legal_cards,
)
from belote.agents import LEVELS, Agent, EasyAgent, ExpertAgent, HardAgent, NormalAgent, Play, make_agent
from belote.agents.bidder import clearly_strong, mode_value
from belote.bidding import legal_calls
from belote.errors import ArgumentTypeError
from belote.games import agent_step, play_round
from belote.round import Trick, deal
from belote.views import PlayerView, observe

PRESETS = (CLASSIC, CLASSIC_501, BULGARIAN, COINCHE, CONTREE)


def playing_view(
    variant: Variant,
    trump: Trump,
    *,
    seat: int,
    taker: int,
    hand: str,
    trick: Sequence[str],
    leader: int,
    played_before: str = "",
) -> PlayerView:
    """A view of ``seat`` to play into ``trick`` (cards led by ``leader``). ``played_before``
    lists cards gone in earlier tricks (the view records them as one fake earlier trick
    holder-free: they only matter as seen cards)."""
    plays = tuple((Seat((leader + i) % 4), Card.parse(text)) for i, text in enumerate(trick))
    assert (leader + len(trick)) % 4 == seat
    cards = CardSet.parse(hand)
    legal = legal_cards(cards, plays, trump=trump, variant=variant)
    tricks: tuple[Trick, ...] = ()
    if played_before:
        gone = [Card.parse(text) for text in played_before.split()]
        assert len(gone) == 4
        tricks = (
            Trick(
                leader=Seat(leader), cards=(gone[0], gone[1], gone[2], gone[3]), winner=Seat(leader), points=0
            ),
        )
    return PlayerView(
        seat=Seat(seat),
        variant=variant,
        dealer=Seat(0),
        phase=Phase.PLAYING,
        hand=cards,
        turned=None,
        auction=(),
        contract=Contract(Seat(taker), trump),
        tricks=tricks,
        trick=plays,
        leader=Seat(leader),
        belotes=(),
        declarations=(),
        to_act=Seat(seat),
        legal_bids=(),
        legal_cards=legal,
        legal_declarations=(),
    )


def bidding_view(
    variant: Variant,
    *,
    seat: int,
    hand: str,
    auction: Sequence[tuple[int, object]] = (),
    turned: str | None = None,
) -> PlayerView:
    calls = tuple((Seat(s), call) for s, call in auction)
    top = None if turned is None else Card.parse(turned)
    legal = legal_calls(variant, calls, None if top is None else top.suit)  # type: ignore[arg-type]
    return PlayerView(
        seat=Seat(seat),
        variant=variant,
        dealer=Seat(3),
        phase=Phase.BIDDING,
        hand=CardSet.parse(hand),
        turned=top,
        auction=calls,  # type: ignore[arg-type]
        contract=None,
        tricks=(),
        trick=(),
        leader=None,
        belotes=(),
        declarations=(),
        to_act=Seat(seat),
        legal_bids=legal,
        legal_cards=CardSet(),
        legal_declarations=(),
    )


def card(agent: Agent, view: PlayerView) -> str:
    choice = agent.choose_play(view)
    assert choice.card in view.legal_cards
    return str(choice.card)


# --- levels and factory -----------------------------------------------------------------


def test_levels_and_factory() -> None:
    assert LEVELS == ("easy", "normal", "hard", "expert")
    assert isinstance(make_agent("easy"), EasyAgent)
    assert isinstance(make_agent("NORMAL", seed=2), NormalAgent)
    hard = make_agent("hard", seed=5)
    assert isinstance(hard, HardAgent)
    assert hard.seed == 5
    expert = make_agent(" Expert", seed=6)
    assert isinstance(expert, ExpertAgent)
    assert expert.seed == 6
    for level in LEVELS:
        assert isinstance(make_agent(level), Agent)


@pytest.mark.parametrize("level", ["master", "", 3])
def test_unknown_level_is_refused(level: object) -> None:
    with pytest.raises(BeloteError, match="not an agent level"):
        make_agent(level)  # type: ignore[arg-type]


SETTINGS: dict[type[Agent], dict[str, object]] = {
    EasyAgent: {"seed": 3},
    NormalAgent: {"seed": 3},
    HardAgent: {
        "seed": 3, "samples": 8, "time_budget": 2.5, "reading": 4, "lookahead": False,
        "auction_weight": 0.5, "max_samples": 32,
    },
    ExpertAgent: {
        "seed": 3, "samples": 8, "time_budget": 2.5, "solve_from": 16, "reading": 4,
        "solved_bidding": False, "bid_samples": 6, "bid_max_samples": 24, "auction_weight": 0.5,
        "max_samples": 32,
    },
}  # fmt: skip


@pytest.mark.parametrize("kind", list(SETTINGS), ids=lambda kind: kind.__name__)
def test_agent_settings_read_back_and_are_fixed(kind: type[Agent]) -> None:
    settings = SETTINGS[kind]
    agent = kind(**settings)
    shown = repr(agent)
    for name, value in settings.items():
        assert getattr(agent, name) == value
        assert f"{name}={value!r}" in shown
        with pytest.raises(AttributeError):
            setattr(agent, name, value)
    assert repr(agent) == shown


def test_the_expert_reads_the_settings_it_shares_from_its_inner_hard_player() -> None:
    expert = ExpertAgent(7, samples=5, time_budget=1.5, reading=3, auction_weight=0.25, max_samples=20)
    inner = expert._hard
    shared = ("seed", "samples", "time_budget", "reading", "auction_weight", "max_samples")
    assert [getattr(expert, name) for name in shared] == [getattr(inner, name) for name in shared]
    assert [getattr(inner, name) for name in shared] == [7, 5, 1.5, 3, 0.25, 20]


def test_a_subclass_may_keep_state_of_its_own() -> None:
    class Counting(HardAgent):
        def __init__(self, seed: int) -> None:
            super().__init__(seed, samples=2)
            self.calls = 0

    agent = Counting(4)
    agent.calls += 1
    assert (agent.calls, agent.seed, agent.samples) == (1, 4, 2)


def test_hard_agent_checks_its_budget() -> None:
    with pytest.raises(BeloteError):
        HardAgent(samples=0)
    with pytest.raises(BeloteError):
        HardAgent(time_budget=0.0)
    for budget in ("1", True, [1.0]):
        with pytest.raises(BeloteError, match="time_budget must be positive seconds"):
            HardAgent(time_budget=budget)  # type: ignore[arg-type]
        with pytest.raises(BeloteError, match="time_budget must be positive seconds"):
            ExpertAgent(time_budget=budget)  # type: ignore[arg-type]
    assert HardAgent(time_budget=2).time_budget == 2


def test_play_checks_its_card() -> None:
    with pytest.raises(BeloteError):
        Play("JH")  # type: ignore[arg-type]
    with pytest.raises(BeloteError):
        Play(Card.parse("JH"), declarations=("terca",))  # type: ignore[arg-type]
    for junk in (None, 5, "TERCA"):
        with pytest.raises(ArgumentTypeError, match="declarations must be a sequence of Declaration"):
            Play(Card.parse("JH"), declarations=junk)  # type: ignore[arg-type]


# --- legality and determinism on random games --------------------------------------------


class Checked:
    """Wraps an agent and checks that each answer is one of the view's legal actions."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.decisions = 0

    def choose_call(self, view: PlayerView) -> object:
        call = self.inner.choose_call(view)
        assert call in view.legal_bids
        self.decisions += 1
        return call

    def choose_play(self, view: PlayerView) -> Play:
        choice = self.inner.choose_play(view)
        assert choice.card in view.legal_cards
        assert choice.declarations == () or any(
            set(choice.declarations) <= set(option) for option in view.legal_declarations
        )
        self.decisions += 1
        return choice


def _agent(level: str, seed: int) -> Agent:
    auction_weight = 0.2 if seed % 2 else None  # reading the auction, or not
    if level == "hard":
        return HardAgent(seed, samples=2, auction_weight=auction_weight)
    if level == "expert":  # its solved bidding is tested in test_expert.py: seconds a call
        return ExpertAgent(seed, samples=2, solved_bidding=False, auction_weight=auction_weight)
    return make_agent(level, seed=seed)


@settings(max_examples=60)
@given(
    variant=st.sampled_from(PRESETS),
    levels=st.lists(st.sampled_from(LEVELS), min_size=4, max_size=4),
    seed=st.integers(0, 10**6),
)
def test_agents_only_return_legal_actions(variant: Variant, levels: list[str], seed: int) -> None:
    agents = [Checked(_agent(level, seed + seat)) for seat, level in enumerate(levels)]
    final = play_round(variant, agents, seed=seed, dealer=Seat(seed % 4))  # type: ignore[arg-type]
    assert final.phase in (Phase.FINISHED, Phase.PASSED_OUT)
    assert sum(agent.decisions for agent in agents) >= 4


def test_agents_are_deterministic_and_ignore_call_order() -> None:
    state = deal(BULGARIAN, dealer=Seat(0), seed=11)
    agents = [NormalAgent() for _ in range(4)]
    while state.phase is Phase.BIDDING:
        state = agent_step(state, agents)
    assert state.phase is Phase.PLAYING
    view = observe(state, state.to_act)  # type: ignore[arg-type]
    first = HardAgent(7, samples=6).choose_play(view)
    noisy = HardAgent(7, samples=6)
    for other_seed in range(3):
        other = deal(BULGARIAN, dealer=Seat(1), seed=other_seed)
        noisy.choose_call(observe(other, other.to_act))  # type: ignore[arg-type]
    assert noisy.choose_play(view) == first
    assert HardAgent(7, samples=6).evaluate(view) == HardAgent(7, samples=6).evaluate(view)
    for level in ("easy", "normal"):
        assert make_agent(level, seed=1).choose_play(view) == make_agent(level, seed=9).choose_play(view)


# --- easy --------------------------------------------------------------------------------


def test_easy_plays_the_lowest_legal_card() -> None:
    view = playing_view(CLASSIC, Trump.HEARTS, seat=0, taker=1, hand="AS 9S KD 7D JC", trick=[], leader=0)
    assert card(EasyAgent(), view) in ("7D",)
    view = playing_view(
        CLASSIC, Trump.HEARTS, seat=2, taker=1, hand="AS TS 9S 7H", trick=["KS", "QS"], leader=0
    )
    assert card(EasyAgent(), view) == "9S"  # the weakest spade, not the trump


def test_easy_takes_only_clearly_strong_hands() -> None:
    strong = bidding_view(CLASSIC, seat=0, hand="9H AH 7H 8C 7D", turned="JH")
    assert EasyAgent().choose_call(strong) == Bid(Trump.HEARTS)
    fair = bidding_view(CLASSIC, seat=0, hand="9H AS AC 8C 7D", turned="JH")
    assert EasyAgent().choose_call(fair) == Pass()
    assert NormalAgent().choose_call(fair) == Bid(Trump.HEARTS)
    assert clearly_strong(CardSet.parse("JC JD JS 7H 8H").mask, Trump.ALL_TRUMPS)


# --- normal heuristics -------------------------------------------------------------------


def test_normal_does_not_trump_its_master_partners_trick() -> None:
    # Bulgarian: free to trump; the partner (seat 0) wins with the master AS.
    view = playing_view(
        BULGARIAN, Trump.HEARTS, seat=2, taker=0, hand="JH 7H TC 8D", trick=["AS", "8S"], leader=0
    )
    assert "JH" in str(view.legal_cards)
    assert "7H" in str(view.legal_cards)
    assert card(NormalAgent(), view) == "TC"  # gives points instead of trumping


def test_normal_gives_points_when_last_and_partner_wins() -> None:
    # Seat 1, the partner of seat 3, wins with the ace: seat 3 gives its ten.
    view = playing_view(
        CLASSIC, Trump.SPADES, seat=3, taker=0, hand="TD 7D KD", trick=["9D", "AD", "8D"], leader=0
    )
    assert card(NormalAgent(), view) == "TD"
    # The same cards with an opponent winning: it keeps its points.
    view = playing_view(
        CLASSIC, Trump.SPADES, seat=3, taker=0, hand="TD 7D KD", trick=["AD", "9D", "8D"], leader=0
    )
    assert card(NormalAgent(), view) == "7D"


def test_normal_plays_low_on_a_trick_it_cannot_win() -> None:
    view = playing_view(CLASSIC, Trump.HEARTS, seat=1, taker=1, hand="KS 8S JH", trick=["AS"], leader=0)
    assert card(NormalAgent(), view) == "8S"


def test_normal_wins_cheaply_when_last() -> None:
    view = playing_view(
        CLASSIC, Trump.HEARTS, seat=3, taker=1, hand="AS TS 7S", trick=["KS", "8S", "QS"], leader=0
    )
    assert card(NormalAgent(), view) == "TS"  # the ten is enough, the ace stays master


def test_normal_trumps_when_needed_and_keeps_the_master_trump() -> None:
    # Classic: void in spades, an opponent's ace wins: must trump; it trumps with the 7, not the jack.
    view = playing_view(CLASSIC, Trump.HEARTS, seat=1, taker=1, hand="JH 7H AC", trick=["AS"], leader=0)
    assert card(NormalAgent(), view) == "7H"
    # Bulgarian: free to discard, but the trick holds points: it trumps (cheaply).
    view = playing_view(BULGARIAN, Trump.HEARTS, seat=1, taker=1, hand="JH 8H 7C", trick=["TS"], leader=0)
    assert card(NormalAgent(), view) == "8H"


def test_normal_leads_from_strength() -> None:
    # Attacking with the master trump while opponents may hold trumps: draw them.
    view = playing_view(CLASSIC, Trump.HEARTS, seat=0, taker=0, hand="JH 8H AC 7D", trick=[], leader=0)
    assert card(NormalAgent(), view) == "JH"
    # Defending: cash the master ace rather than lead trumps.
    view = playing_view(CLASSIC, Trump.HEARTS, seat=0, taker=1, hand="JH 8H AC 7D", trick=[], leader=0)
    assert card(NormalAgent(), view) == "AC"
    # Nothing master: a low card of the longest side suit.
    view = playing_view(CLASSIC, Trump.HEARTS, seat=0, taker=1, hand="KC 8C 7C QD 8H", trick=[], leader=0)
    assert card(NormalAgent(), view) == "7C"


def test_normal_bids_on_hand_strength_in_each_system() -> None:
    weak = bidding_view(CLASSIC, seat=0, hand="7S 8S 7D 8C QC", turned="7H")
    assert NormalAgent().choose_call(weak) == Pass()
    second_round = bidding_view(
        CLASSIC,
        seat=0,
        hand="JS 9S AS TS 7D",
        turned="7H",
        auction=[(0, Pass()), (1, Pass()), (2, Pass()), (3, Pass())],
    )
    assert NormalAgent().choose_call(second_round) == Bid(Trump.SPADES)
    all_trumps = bidding_view(BULGARIAN, seat=0, hand="JS JH 9H JD AC")
    assert NormalAgent().choose_call(all_trumps) == Bid(Trump.ALL_TRUMPS)
    assert mode_value(CardSet.parse("JS JH 9H JD AC").mask, Trump.ALL_TRUMPS) > mode_value(
        CardSet.parse("JS JH 9H JD AC").mask, Trump.NO_TRUMPS
    )


def test_normal_says_contra_with_the_opponents_trumps() -> None:
    view = bidding_view(BULGARIAN, seat=1, hand="JH 9H 8H AS 7C", auction=[(0, Bid(Trump.HEARTS))])
    assert NormalAgent().choose_call(view) == Double()
    weak = bidding_view(BULGARIAN, seat=1, hand="7H 8S 9C TD QD", auction=[(0, Bid(Trump.HEARTS))])
    assert NormalAgent().choose_call(weak) == Pass()


# --- hard ----------------------------------------------------------------------------------


def test_hard_evaluates_every_legal_card_and_plays_the_best() -> None:
    hand = "AS TS 7S 7D 8D 9C TC AC"
    view = playing_view(CLASSIC, Trump.HEARTS, seat=3, taker=1, hand=hand, trick=["KS", "8S", "QS"], leader=0)
    agent = HardAgent(3, samples=4)
    scores = agent.evaluate(view)
    assert set(scores) == {c.index for c in view.legal_cards}
    assert agent.choose_play(view).card.index == max(
        scores, key=lambda c: (scores[c], c == Card.parse("TS").index)
    )


def test_hard_agent_checks_its_lookahead() -> None:
    with pytest.raises(BeloteError, match="lookahead must be True or False, got 1"):
        HardAgent(lookahead=1)  # type: ignore[arg-type]
    assert "lookahead=False" in repr(HardAgent(lookahead=False))


@pytest.mark.parametrize(("lookahead", "seat"), [(True, 3), (True, 2), (False, 3)])
def test_hard_playouts_look_ahead_for_its_own_side(
    monkeypatch: pytest.MonkeyPatch, lookahead: bool, seat: int
) -> None:
    import belote.agents.hard as hard_module
    import belote.agents.sim as sim_module

    seen: list[tuple[int, int]] = []
    original = sim_module.normal_playouts

    def spying(variant: object) -> object:
        play = original(variant)  # type: ignore[arg-type]

        def spy(*args: int) -> tuple[int, int, list[int], int]:
            seen.append((args[6], args[7]))  # first, ahead
            return play(*args)  # type: ignore[arg-type]

        return spy

    monkeypatch.setattr(hard_module, "normal_playouts", spying)
    hand = "AS TS 7S 7D 8D 9C TC AC"
    view = playing_view(
        CLASSIC, Trump.HEARTS, seat=seat, taker=1, hand=hand, trick=["KS", "8S", "QS"], leader=(seat + 1) % 4
    )
    HardAgent(3, samples=2, lookahead=lookahead).evaluate(view)
    assert len(seen) == 2 * len(view.legal_cards)
    assert {first for first, _ in seen} == {c.index for c in view.legal_cards}
    assert {ahead for _, ahead in seen} == {seat & 1 if lookahead else -1}


def test_hard_lookahead_changes_some_evaluations() -> None:
    hand = "AS TS 7S 7D 8D 9C TC AC"
    view = playing_view(CLASSIC, Trump.HEARTS, seat=3, taker=1, hand=hand, trick=["KS", "8S", "QS"], leader=0)
    looking = HardAgent(3, samples=8).evaluate(view)
    plain = HardAgent(3, samples=8, lookahead=False).evaluate(view)
    assert set(looking) == set(plain) == {c.index for c in view.legal_cards}
    assert looking != plain


def test_hard_answers_a_forced_card_at_once() -> None:
    view = playing_view(CLASSIC, Trump.HEARTS, seat=1, taker=1, hand="KS 7D", trick=["AS"], leader=0)
    assert card(HardAgent(samples=1), view) == "KS"


def test_announcements_are_made() -> None:
    shown = belotes = 0
    for seed in range(60):
        final = play_round(BULGARIAN, [NormalAgent() for _ in range(4)], seed=seed)
        shown += len(final.declarations)
        belotes += len(final.belotes)
    assert shown
    assert belotes


def test_hard_time_budget_stops_the_sampling() -> None:
    hand = "AS TS 7S 7D 8D 9C TC AC"
    view = playing_view(CLASSIC, Trump.HEARTS, seat=3, taker=1, hand=hand, trick=["KS", "8S", "QS"], leader=0)
    capped = HardAgent(3, samples=10**6, time_budget=1e-6)  # would take hours without the budget
    scores = capped.evaluate(view)
    assert set(scores) == {c.index for c in view.legal_cards}
    assert capped.choose_play(view).card in view.legal_cards
