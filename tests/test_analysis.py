"""The public solver and the game analysis.

:func:`belote.solve` is checked against a complete enumeration of tiny positions through the
public round engine (every legal continuation played with :func:`belote.play`, the tricks'
own points and winners read off the finished rounds); :func:`belote.analyze` finds a mistake
played on purpose and reports nothing for a perfectly played end of deal.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    COINCHE,
    CONTREE,
    ArgumentTypeError,
    BeloteError,
    Card,
    CardSet,
    Contract,
    Pass,
    Phase,
    PhaseError,
    Reason,
    RoundState,
    Seat,
    Trump,
    Variant,
    analyze,
    analyze_match,
    bid,
    deal,
    legal_bids,
    legal_moves,
    match,
    play,
    position,
    solve,
)
from belote.analysis import Analysis, CardValue, PlayReview, Solution, capot_bonuses, solo_capot_bonuses
from belote.tally import LAST_TRICK_BONUS


def playing_state(variant: Variant, rng: random.Random, cards_left: int) -> RoundState | None:
    """A random round (random bids, preferring to take; random cards) with ``cards_left``
    cards still in the hands, or ``None`` when the deal was passed out."""
    state = deal(variant, dealer=Seat(rng.randrange(4)), seed=rng.randrange(10**9))
    taken = False
    while state.phase is Phase.BIDDING:
        calls = legal_bids(state)
        takes = [call for call in calls if call != Pass()]
        if takes and not taken and rng.random() < 0.5:
            state, taken = bid(state, rng.choice(takes)), True
        else:
            state = bid(state, Pass() if Pass() in calls else rng.choice(calls))
    if state.phase is not Phase.PLAYING:
        return None
    while sum(mask.bit_count() for mask in state.hand_masks) > cards_left:
        state = play(state, rng.choice(list(legal_moves(state))))
    return state


def enumerate_values(state: RoundState) -> dict[str, tuple[int, int]]:
    """Per legal card of the seat to act: (acting team's points, margin) by playing every
    continuation through the public engine; each team maximises its own margin."""
    assert state.contract is not None
    assert state.to_act is not None
    actor = state.to_act.team
    first = len(state.tricks)
    bonus = capot_bonuses(state.variant, state.contract)

    def finished(final: RoundState) -> tuple[int, int]:
        points = [0, 0]
        for trick in final.tricks[first:]:
            points[trick.winner.team] += trick.points
        points[final.tricks[-1].winner.team] += LAST_TRICK_BONUS
        for team in (0, 1):
            if all(trick.winner.team == team for trick in final.tricks):
                points[team] += bonus[team]
        return points[0], points[1]

    def value(current: RoundState) -> tuple[int, int]:
        if current.phase is Phase.FINISHED:
            return finished(current)
        assert current.to_act is not None
        team = current.to_act.team
        outcomes = [value(play(current, card)) for card in legal_moves(current)]
        return max(outcomes, key=lambda points: points[team] - points[1 - team])

    answer = {}
    for card in legal_moves(state):
        points = value(play(state, card))
        answer[str(card)] = (points[actor], points[actor] - points[1 - actor])
    return answer


@pytest.mark.parametrize("variant", [CLASSIC, BULGARIAN, COINCHE], ids=lambda v: v.name)
def test_solve_matches_complete_enumeration_through_the_engine(variant: Variant) -> None:
    rng = random.Random(f"enumerate/{variant.name}")
    checked = varied = 0
    modes = set()
    while checked < 150:
        state = playing_state(variant, rng, rng.choice([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]))
        if state is None:
            continue
        solution = solve(state)
        assert {str(v.card): (v.points, v.margin) for v in solution} == enumerate_values(state)
        assert set(solution.best) == {v.card for v in solution if v.margin == solution.margin}
        assert solution.seat == state.to_act
        checked += 1
        varied += len({value.margin for value in solution}) > 1
        assert state.contract is not None
        modes.add(state.contract.trump)
    assert len(modes) >= 3  # the test meets several contract kinds
    assert varied >= 30  # and many positions where the choice of card matters


def test_solve_refuses_what_is_not_a_playing_state() -> None:
    bidding = deal(CLASSIC, dealer=Seat(0), seed=3)
    with pytest.raises(ArgumentTypeError, match="state must be a RoundState"):
        solve("classic")  # type: ignore[arg-type]
    with pytest.raises(PhaseError, match="bidding phase"):
        solve(bidding)
    passed = bidding
    for _ in range(8):
        passed = bid(passed, Pass())
    with pytest.raises(PhaseError, match="passed out"):
        solve(passed)


def test_solution_value_names_legal_cards_only() -> None:
    state = playing_state(CLASSIC, random.Random(5), 8)
    assert state is not None
    solution = solve(state)
    first = solution.values[0]
    assert solution.value(first.card) == first
    assert solution.value(str(first.card)) == first
    illegal = next(card for card in state.hands[0] | state.hands[1] if card not in legal_moves(state))
    with pytest.raises(BeloteError, match="not a legal card"):
        solution.value(illegal)


def test_capot_bonuses_follow_the_variant() -> None:
    from belote import Contract, Trump

    assert capot_bonuses(CLASSIC, Contract(Seat(0), Trump.SPADES)) == (90, 90)
    takers_only = Variant(capot_by="takers_only", capot_value=250)
    assert capot_bonuses(takers_only, Contract(Seat(3), Trump.SPADES)) == (0, 88)
    assert capot_bonuses(takers_only, Contract(Seat(2), Trump.SPADES)) == (88, 0)


def best_play_from(state: RoundState, mistake_at: int | None = None) -> tuple[RoundState, Any]:
    """Play the deal out with the solver's best cards, except at card number ``mistake_at``
    where the worst card is played (the first position from there that has one worse card)."""
    planted = None
    while state.phase is Phase.PLAYING:
        number = 32 - sum(mask.bit_count() for mask in state.hand_masks)
        solution = solve(state)
        worst = min(solution, key=lambda value: value.margin)
        if (
            mistake_at is not None
            and planted is None
            and number >= mistake_at
            and worst.margin < solution.margin
        ):
            planted = (number, worst, solution)
            state = play(state, worst.card)
        else:
            state = play(state, solution.best[-1])
    return state, planted


def test_perfect_play_has_no_loss_and_a_planted_mistake_is_found() -> None:
    rng = random.Random(7)
    state = None
    while state is None:
        state = playing_state(CLASSIC, rng, 16)
    perfect, _ = best_play_from(state)
    clean = analyze(perfect, start=16)
    assert [review.number for review in clean] == list(range(16, 32))
    assert clean.losses == (0, 0, 0, 0)
    assert clean.mistakes() == ()
    assert all(review.card in review.best for review in clean)

    flawed, planted = best_play_from(state, mistake_at=17)
    assert planted is not None
    number, worst, solution = planted
    analysis = analyze(flawed, start=16)
    top = analysis.mistakes(1)[0]
    assert (top.number, top.card, top.seat) == (number, worst.card, solution.seat)
    assert top.loss == solution.points - worst.points > 0 or top.margin_loss > 0
    assert top.best == solution.best
    assert analysis.losses[solution.seat] == top.loss
    assert sum(analysis.losses) == top.loss  # every other card was a best card
    assert top.hands[solution.seat].mask & (1 << worst.card.index)
    assert len(top.table) == number % 4


def test_analyze_refusals_and_a_match() -> None:
    with pytest.raises(ArgumentTypeError, match="state must be a RoundState"):
        analyze(None)  # type: ignore[arg-type]
    bidding = deal(CLASSIC, dealer=Seat(0), seed=3)
    with pytest.raises(PhaseError, match="no card play"):
        analyze(bidding)
    state = playing_state(CLASSIC, random.Random(3), 32)
    assert state is not None
    with pytest.raises(BeloteError, match="start must be a card number"):
        analyze(state, start=32)
    with pytest.raises(ArgumentTypeError, match="start must be an int"):
        analyze(state, start=True)
    assert analyze(state).plays == ()
    midway = playing_state(CLASSIC, random.Random(4), 19)  # 13 cards played: the fourth trick begun
    assert midway is not None
    assert [review.number for review in analyze(midway, start=11)] == [11, 12]
    assert analyze(midway, start=13).plays == analyze(midway, start=31).plays == ()
    with pytest.raises(ArgumentTypeError, match="game must be a Match"):
        analyze_match(state)  # type: ignore[arg-type]
    assert analyze_match(match(CLASSIC, seed=1)) == ()
    with pytest.raises(BeloteError, match="count must be at least 0"):
        analyze(state).mistakes(-1)


# -- belote analyze -------------------------------------------------------------------------------


def finished_round() -> RoundState:
    from belote import EasyAgent, play_round

    for seed in range(50):
        state = play_round(CLASSIC, [EasyAgent(seed=s) for s in range(4)], seed=seed, dealer=Seat(0))
        if state.phase is Phase.FINISHED:
            return state
    raise AssertionError("no finished round")


def test_cli_analyze_prints_a_table_and_json(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from belote.cli import main
    from belote.records import dumps

    state = finished_round()
    record = tmp_path / "game.json"
    record.write_text(dumps(state))
    expected = analyze(state, start=24)
    assert main(["analyze", str(record), "--from-trick", "7", "--top", "2"]) == 0
    out = capsys.readouterr().out
    assert "Deal 1:" in out
    assert "Points lost per seat" in out
    for review in expected:
        assert f"{review.card!s:<6} {review.points:>6}" in out
    for seat, (lost, margin) in enumerate(zip(expected.losses, expected.margin_losses, strict=True)):
        assert f"seat {seat} " in out
        assert f"): {lost}, margin {margin} (" in out
    assert ("Biggest mistakes:" in out) == bool(expected.mistakes())

    assert main(["analyze", str(record), "--from-trick", "7", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (entry,) = data["rounds"]
    assert entry["deal"] == 1
    assert entry["losses"] == list(expected.losses)
    assert entry["margin_losses"] == list(expected.margin_losses)
    assert [play["card"] for play in entry["plays"]] == [str(review.card) for review in expected]
    assert entry["mistakes"] == [review.to_json() for review in expected.mistakes(5)]


def test_cli_analyze_table_keeps_its_columns_and_counts_in_words() -> None:
    """A long list of best cards widens its column for every row, and the counts read "1 card
    not best", "2 cards not best", "1 point lost"."""
    from belote.analysis import Analysis, PlayReview
    from belote.cli.analyze import _table

    def review(number: int, seat: int, card: str, best: str, loss: int) -> PlayReview:
        return PlayReview(
            number=number,
            seat=Seat(seat),
            card=Card.parse(card),
            points=80 - loss,
            margin=-loss,
            best=tuple(CardSet.parse(best)),
            best_points=80,
            best_margin=loss,
            hands=(CardSet(0),) * 4,
            table=(),
        )

    plays = (
        review(0, 1, "7S", "7C TC JC KC 8D AD", 1),
        review(1, 2, "AS", "AS", 0),
        review(2, 3, "8S", "9S", 2),
        review(3, 0, "9H", "TH", 3),
        review(4, 0, "8H", "TH", 4),
    )
    lines = _table(1, Analysis(contract=None, plays=plays), top=5, variant=CLASSIC)
    header = lines[2]
    rows = lines[3:8]
    assert [line.split()[0] for line in rows] == ["1", "2", "3", "4", "5"]
    for line in rows:
        assert len(line.removesuffix("  <-")) == len(header)
        assert line.rindex(" 80 ") + 3 == header.index("best pts") + len("best pts")
        assert line.endswith("  <-") == (line.split()[0] != "2")
    assert "  seat 0 (North): 7, margin 14 (2 cards not best)" in lines
    assert "  seat 1 (West): 1, margin 2 (1 card not best)" in lines
    assert "  seat 2 (South): 0, margin 0 (0 cards not best)" in lines
    long_best = " ".join(str(card) for card in plays[0].best)
    assert any(line.endswith(f"played 7S: 1 point lost, margin 2 (best {long_best})") for line in lines)
    assert any(line.endswith("played 8H: 4 points lost, margin 8 (best TH)") for line in lines)


@pytest.mark.parametrize(
    ("contract", "heading"),
    [
        (None, "Deal 3"),
        (Contract(Seat(1), Trump.HEARTS), "Deal 3: hearts taken by seat 1 (West)"),
        (Contract(Seat(0), Trump.ALL_TRUMPS, multiplier=2), "Deal 3: all trumps x2 taken by seat 0 (North)"),
        (
            Contract(Seat(2), Trump.DIAMONDS, bid=160, multiplier=4),
            "Deal 3: 160 diamonds x4 taken by seat 2 (South)",
        ),
        (Contract(Seat(3), Trump.CLUBS, capot=True), "Deal 3: capot clubs taken by seat 3 (East)"),
    ],
)
def test_cli_analyze_heading_names_the_whole_contract(contract: Contract | None, heading: str) -> None:
    """A coinche deal is judged against its bid and its coinche: the heading says them."""
    from belote.analysis import Analysis
    from belote.cli.analyze import _table

    assert _table(3, Analysis(contract=contract, plays=()), top=5, variant=COINCHE)[0] == heading


CONTRACTS = [
    Contract(Seat(1), Trump.HEARTS),
    Contract(Seat(0), Trump.ALL_TRUMPS, multiplier=2),
    Contract(Seat(2), Trump.DIAMONDS, bid=160, multiplier=4),
    Contract(Seat(3), Trump.CLUBS, capot=True),
    Contract(Seat(0), Trump.NO_TRUMPS, generale=True, multiplier=2),
]


@pytest.mark.parametrize("contract", CONTRACTS, ids=repr)
def test_analysis_json_writes_the_whole_contract_as_records_do(contract: Contract) -> None:
    """Bid, multiplier, capot and générale were dropped, so a coinche analysis read as a plain
    contract; the contract is now spelled as a record spells one, the taker kept on its own."""
    from belote._contract_json import contract_to_json
    from belote.analysis import Analysis

    data = Analysis(contract=contract, plays=()).to_json()
    assert data["contract"] == contract_to_json(contract)
    assert data["taker"] == int(contract.taker)
    assert Analysis(contract=None, plays=()).to_json()["contract"] is None


def test_cli_analyze_json_tells_a_coinched_contract_from_a_plain_one(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from belote.cli import main
    from belote.records import dumps

    hands = ["AS KS 9S JH 7D AC TC 8C", "7S 8S TH 9H 8H JD 9D 7C",
             "QS JS TS AH KH QH 8D 9C", "AD KD QD TD 7H KC QC JC"]  # fmt: skip
    plays = (
        "AS 7S QS 7H  AD 7D JD 8D  KD JH 9D JS  KS 8S TS QD  9C JC 8C 7C  QC TC 8H QH"
        "  KH KC AC 9H  TH AH TD 9S"
    )
    written = {}
    for name, contract in [
        ("plain", Contract(Seat(0), Trump.HEARTS, bid=80)),
        ("coinched", Contract(Seat(0), Trump.HEARTS, bid=100, multiplier=2)),
    ]:
        state = position(COINCHE, dealer=Seat(3), hands=hands, contract=contract, plays=plays)
        record = tmp_path / f"{name}.json"
        record.write_text(dumps(state))
        assert main(["analyze", str(record), "--from-trick", "8", "--json"]) == 0
        (entry,) = json.loads(capsys.readouterr().out)["rounds"]
        written[name] = entry["contract"], entry["taker"]
    assert written == {
        "plain": ({"taker": 0, "trump": "H", "bid": 80}, 0),
        "coinched": ({"taker": 0, "trump": "H", "multiplier": 2, "bid": 100}, 0),
    }


def test_cli_analyze_a_match_record_and_its_errors(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from belote import EasyAgent, play_match
    from belote.cli import main
    from belote.records import dumps

    game = play_match(Variant(target=200), [EasyAgent(seed=s) for s in range(4)], seed=3)
    record = tmp_path / "match.json"
    record.write_text(dumps(game))
    played = [
        entry.number + 1
        for entry in game.history
        if entry.round is not None and entry.round.phase is Phase.FINISHED
    ]
    assert main(["analyze", str(record), "--from-trick", "8", "--json"]) == 0
    assert [entry["deal"] for entry in json.loads(capsys.readouterr().out)["rounds"]] == played
    assert main(["analyze", str(record), "--from-trick", "8", "--json", "--round", str(played[-1])]) == 0
    assert [entry["deal"] for entry in json.loads(capsys.readouterr().out)["rounds"]] == [played[-1]]
    assert main(["analyze", str(record), "--round", "999"]) == 2
    assert "no played deal 999" in capsys.readouterr().err
    assert main(["analyze", str(record), "--from-trick", "9"]) == 2
    assert "--from-trick must be 1..8" in capsys.readouterr().err
    assert main(["analyze", str(record), "--threads", "0"]) == 2
    assert "--threads must be at least 1, got 0" in capsys.readouterr().err
    assert main(["analyze", str(record), "--from-trick", "8", "--json", "--threads", "2"]) == 0
    assert [entry["deal"] for entry in json.loads(capsys.readouterr().out)["rounds"]] == played
    assert main(["analyze", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert main(["analyze", str(bad)]) == 1
    assert "invalid record" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("variant", "dealer", "values"),
    [
        # the 501 game: North has taken every trick; South must stay under North's KD to keep
        # North's one-player capot (350, a bonus of 188) rather than the team's (252, 90)
        (CLASSIC_501, Seat(0), {"7D": (273, 273), "QD": (273, 273), "TD": (175, 175), "AD": (175, 175)}),
        # classic: a capot by either player of the team is the same capot
        (CLASSIC, Seat(3), {"7D": (175, 175), "QD": (175, 175), "TD": (175, 175), "AD": (175, 175)}),
    ],
)
def test_a_one_player_capot_decides_the_best_card(
    variant: Variant, dealer: Seat, values: dict[str, tuple[int, int]]
) -> None:
    hands = [
        "JH 9H AH TH KH QH KD AS",
        "7H 8H 7S 8S 9S 8D 9D JC",
        "AD TD 7D QD KS QS JS TS",
        "JD AC TC KC QC 9C 8C 7C",
    ]
    plays = "JH 7H KS 7C  9H 8H QS 8C  AH 7S JS 9C  TH 8S TS QC  KD 8D"
    contract = Contract(Seat(0), Trump.HEARTS)
    state = position(variant, dealer=dealer, hands=hands, turned="JH", contract=contract, plays=plays)
    solution = solve(state)
    assert solution.seat == Seat(2)
    assert {str(value.card): (value.points, value.margin) for value in solution} == values
    # the analysis of South's ace values it as the solver does
    played = position(
        variant, dealer=dealer, hands=hands, turned="JH", contract=contract, plays=plays + " AD"
    )
    review = analyze(played, start=18).plays[0]
    assert (str(review.card), review.points, review.best_points) == ("AD", values["AD"][0], values["7D"][0])


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({}, (188, 188, 188, 188)),  # 350 for the deal instead of 252: 98 more than the team's 90
        ({"mac_capot_bonus": "add_to_252"}, (440,) * 4),  # 350 on top of the 252
        ({"mac_capot_bonus": "add_to_162"}, (350,) * 4),  # 350 against 252, each on top of the 162
        ({"capot_by": "takers_only"}, (0, 188, 0, 188)),
        ({"solo_capot_value": None}, (90,) * 4),  # no one-player capot apart: the team's
    ],
)
def test_solo_capot_bonuses_read_the_score_sheet(changes: dict[str, Any], expected: tuple[int, ...]) -> None:
    variant = attrs.evolve(CLASSIC_501, **changes)
    assert solo_capot_bonuses(variant, Contract(Seat(1), Trump.HEARTS)) == expected


@pytest.mark.parametrize(
    ("variant", "trump", "expected"),
    [
        (COINCHE, Trump.HEARTS, 88),  # 250 against the 162 points
        (CONTREE, Trump.HEARTS, 90),  # 252 against 162
        # all trumps played on 258 points, written converted by 162 / 258: the capot's 90 on the
        # sheet is 90 x 258 / 162 = 143.3 points as played
        (CONTREE, Trump.ALL_TRUMPS, 143),
        (attrs.evolve(COINCHE, no_trumps_scale="plain"), Trump.NO_TRUMPS, 120),  # 250 against 130
        # all trumps at the trump values, unconverted: 250 written for a capot, 258 without one
        (attrs.evolve(COINCHE, tout_atout_scale="trump"), Trump.ALL_TRUMPS, 0),
        (attrs.evolve(COINCHE, made_score="bid_only"), Trump.HEARTS, 88),  # no card points written
    ],
)
def test_capot_bonuses_are_what_the_sheet_adds_on_the_played_scale(
    variant: Variant, trump: Trump, expected: int
) -> None:
    for taker in Seat:
        contract = Contract(taker, trump, bid=100)
        bonus = [0, 0]
        bonus[taker.team] = expected
        assert capot_bonuses(variant, contract) == tuple(bonus)
        assert capot_bonuses(variant, attrs.evolve(contract, multiplier=2)) == tuple(bonus)
        assert solo_capot_bonuses(variant, contract) == (bonus[0], bonus[1], bonus[0], bonus[1])


@pytest.mark.parametrize(
    ("variant", "contract", "message"),
    [
        (COINCHE, Contract(Seat(0), Trump.HEARTS, generale=True), "coinche has no générale"),
        (CLASSIC, Contract(Seat(0), Trump.NO_TRUMPS), "no_trumps is not a contract of classic"),
        (COINCHE, Contract(Seat(0), Trump.HEARTS, capot=True, multiplier=2), "cannot be coinched"),
    ],
)
def test_capot_bonuses_refuse_a_contract_the_variant_cannot_reach(
    variant: Variant, contract: Contract, message: str
) -> None:
    for function in (capot_bonuses, solo_capot_bonuses):
        with pytest.raises(BeloteError, match=message) as caught:
            function(variant, contract)
        assert caught.value.reason is Reason.BAD_CONTRACT


@pytest.mark.parametrize(
    ("variant", "changes", "contract", "expected"),
    [
        (CLASSIC, {}, Contract(Seat(0), Trump.SPADES), (90, 90)),
        (CLASSIC_501, {}, Contract(Seat(0), Trump.SPADES), (90, 90)),
        (CLASSIC_501, {"mac_capot_bonus": "add_to_162"}, Contract(Seat(0), Trump.SPADES), (252, 252)),
        (CLASSIC, {"capot_by": "takers_only"}, Contract(Seat(1), Trump.SPADES), (0, 90)),
        (BULGARIAN, {}, Contract(Seat(0), Trump.HEARTS), (90, 90)),
        (BULGARIAN, {}, Contract(Seat(0), Trump.NO_TRUMPS), (45, 45)),  # 90 on 2 x the card points
        (COINCHE, {}, Contract(Seat(1), Trump.HEARTS, bid=120), (0, 88)),
        (COINCHE, {}, Contract(Seat(1), Trump.HEARTS), (0, 88)),  # no bid named: the same bonus
    ],
)
def test_capot_bonuses_read_the_score_sheet(
    variant: Variant, changes: dict[str, Any], contract: Contract, expected: tuple[int, int]
) -> None:
    """The capot bonus the solver adds is the one the variant's score sheet writes for a
    capot, on the scale of the card points as played (docs/rules/classic-501.md,
    docs/rules/bulgarian.md, docs/rules/coinche.md)."""
    variant = attrs.evolve(variant, **changes)
    assert capot_bonuses(variant, contract) == expected


def test_solve_and_analyze_run_the_search_in_use(monkeypatch: pytest.MonkeyPatch) -> None:
    # the compiled kernel's search when it is built (they ran the pure one before), the pure
    # one otherwise: whichever belote.kernel offers
    import belote.kernel

    calls: list[int] = []
    active = belote.kernel.solve_cards

    def counted(*arguments: Any, **keywords: Any) -> Any:
        calls.append(len(arguments))
        return active(*arguments, **keywords)

    monkeypatch.setattr(belote.kernel, "solve_cards", counted)
    state = deal(CLASSIC, dealer=Seat(0), seed=3)
    state = bid(state, legal_bids(state)[-1])
    finished = state
    while finished.phase is Phase.PLAYING:
        finished = play(finished, next(iter(legal_moves(finished))))
    solve(state)
    assert len(calls) == 1
    analyze(finished, start=24)
    assert len(calls) == 1 + 8


def capot_conceded(variant: Variant = CLASSIC) -> RoundState:
    """East and West took the first six tricks in hearts; at the seventh, North holds 9C and 7C
    under East's 8C: the 9C takes a trick of no point and stops the capot, the 7C lets East and
    West take every trick. North plays the 7C."""
    hands = [
        "TC JC QC KC AC 9S 9C 7C",
        "7H 9D TD JD QD KD 7D 8D",
        "AD TS JS QS KS AS 7S 8S",
        "9H AH TH KH QH 8H JH 8C",
    ]
    plays = (
        "9H TC 7H AD  AH JC 9D TS  TH QC TD JS  KH KC JD QS  QH AC QD KS  8H 9S KD AS"
        "  8C 7C 7D 7S  JH 9C 8D 8S"
    )
    return position(
        variant,
        dealer=Seat(2),
        hands=hands,
        turned="JH",
        contract=Contract(Seat(3), Trump.HEARTS),
        plays=plays,
    )


def test_a_card_that_concedes_a_capot_is_a_mistake_though_it_costs_no_point_of_its_own() -> None:
    """North takes no point either way; the 7C gives East and West the capot's 90 (252 against
    162 on the sheet). It is no best card: not best, in the mistakes, marked in the table, and no
    "No mistake" claim."""
    from belote.cli.analyze import _table

    analysis = analyze(capot_conceded(), start=24)
    review = next(review for review in analysis if review.number == 25)
    assert (review.seat, str(review.card), [str(card) for card in review.best]) == (Seat(0), "7C", ["9C"])
    assert (review.loss, review.margin_loss, review.is_best) == (0, 90, False)
    assert analysis.losses == (0, 0, 0, 0)
    assert analysis.margin_losses == (90, 0, 0, 0)
    assert analysis.mistakes() == (review,)
    assert all(other.is_best for other in analysis if other is not review)
    assert review.to_json()["margin_loss"] == 90
    lines = _table(1, analysis, top=5, variant=CLASSIC)
    assert not any(line.startswith("No mistake") for line in lines)
    assert any(line.endswith("  0      90  <-") for line in lines)
    assert "  seat 0 (North): 0, margin 90 (1 card not best)" in lines
    assert any(line.endswith("played 7C: 0 points lost, margin 90 (best 9C)") for line in lines)


def test_mistakes_come_costliest_margin_first_then_points() -> None:
    def review(number: int, loss: int, margin_loss: int) -> PlayReview:
        return PlayReview(
            number=number,
            seat=Seat(number % 4),
            card=Card.parse("AS"),
            points=40 - loss,
            margin=-margin_loss,
            best=(Card.parse("KS"),) if margin_loss else (Card.parse("AS"),),
            best_points=40,
            best_margin=0,
            hands=(CardSet(0),) * 4,
            table=(),
        )

    plays = (review(0, 0, 0), review(1, 10, 20), review(2, 0, 90), review(3, 45, 90), review(4, 10, 20))
    analysis = Analysis(contract=None, plays=plays)
    assert [r.number for r in analysis.mistakes()] == [3, 2, 1, 4]
    assert [r.number for r in analysis.mistakes(2)] == [3, 2]
    assert analysis.margin_losses == (20, 20, 90, 90)  # seat 0 played cards 0 and 4


@pytest.mark.parametrize(
    ("seat", "values", "error", "message"),
    [
        (Seat(0), (), BeloteError, "at least one card"),
        ("N", None, ArgumentTypeError, "seat must be a Seat"),
        (
            Seat(0),
            [CardValue(Card.parse("7H"), 1, 1)],
            ArgumentTypeError,
            "values must be a tuple of CardValue",
        ),
        (Seat(0), ("7H",), ArgumentTypeError, "values must be a tuple of CardValue"),
        (Seat(0), (CardValue(Card.parse("7H"), 1, 1),) * 2, BeloteError, "each card once"),
    ],
)
def test_a_solution_built_by_hand_is_checked(
    seat: Any, values: Any, error: type[Exception], message: str
) -> None:
    """A Solution with no value had no best card: its best, points, margin and repr raised a bare
    ValueError."""
    if values is None:
        values = (CardValue(Card.parse("7H"), 1, 1),)
    with pytest.raises(error, match=message):
        Solution(seat, values)
