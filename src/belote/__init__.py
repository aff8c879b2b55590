"""belote-rules: the rules of the Belote family of card games, exact, typed and fast.

>>> import belote
>>> state = belote.deal(belote.CLASSIC, dealer=belote.Seat(0), seed=7)
>>> belote.legal_bids(state)[0]
Pass()

The main names are importable from here; the helpers of the notation, the records and the
players are imported from their modules (``from belote.notation import format_round``), and
the submodules hold one concept each.
"""

from belote._version import __version__
from belote.agents import LEVELS, Agent, EasyAgent, ExpertAgent, HardAgent, NormalAgent, Play, make_agent
from belote.analysis import Analysis, CardValue, PlayReview, Solution, analyze, analyze_match, solve
from belote.calls import (
    Bid,
    Call,
    Coinche,
    Contra,
    Contract,
    Double,
    Pass,
    Recontra,
    Redouble,
    Surcoinche,
    parse_call,
)
from belote.cards import DECK, Card, CardSet, Rank, Suit
from belote.deal_score import Breakdown, DealScore, Outcome
from belote.declarations import (
    Declaration,
    DeclarationKind,
    counted_declarations,
    declaration_options,
)
from belote.errors import (
    ArgumentTypeError,
    BeloteError,
    DeclarationError,
    IllegalBidError,
    IllegalMoveError,
    MatchError,
    NotationError,
    OutOfTurnError,
    PhaseError,
    PositionError,
    Reason,
    RecordError,
    ReplayError,
    TallyError,
    TournamentError,
    VariantError,
)
from belote.games import agent_step, finish_round, play_match, play_round
from belote.match import DealRecord, Match, match
from belote.positions import position
from belote.records import (
    dumps,
    loads,
    loads_match,
    loads_round,
    replay,
    to_record,
)
from belote.records.schema import record_schema
from belote.round import (
    Phase,
    RoundState,
    Trick,
    bid,
    deal,
    legal_bids,
    legal_declarations,
    legal_moves,
    play,
)
from belote.round_score import round_tally, score_round
from belote.scoring import Tally, score_deal
from belote.seats import Seat, Team
from belote.selfplay import read_records, selfplay, training_pairs
from belote.stats import wilson
from belote.tournament import GameResult, Seating, TournamentSummary, tournament
from belote.tricks import legal_cards, trick_winner
from belote.trumps import Trump, card_points, deck_points, strength
from belote.variants import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    COINCHE,
    CONTREE,
    PRESETS,
    Variant,
    find_variant,
    option_docs,
)
from belote.views import PlayerView, observe, seat_view

__all__ = [
    "BULGARIAN",
    "CLASSIC",
    "CLASSIC_501",
    "COINCHE",
    "CONTREE",
    "DECK",
    "LEVELS",
    "PRESETS",
    "Agent",
    "Analysis",
    "ArgumentTypeError",
    "BeloteError",
    "Bid",
    "Breakdown",
    "Call",
    "Card",
    "CardSet",
    "CardValue",
    "Coinche",
    "Contra",
    "Contract",
    "DealRecord",
    "DealScore",
    "Declaration",
    "DeclarationError",
    "DeclarationKind",
    "Double",
    "EasyAgent",
    "ExpertAgent",
    "GameResult",
    "HardAgent",
    "IllegalBidError",
    "IllegalMoveError",
    "Match",
    "MatchError",
    "NormalAgent",
    "NotationError",
    "OutOfTurnError",
    "Outcome",
    "Pass",
    "Phase",
    "PhaseError",
    "Play",
    "PlayReview",
    "PlayerView",
    "PositionError",
    "Rank",
    "Reason",
    "Recontra",
    "RecordError",
    "Redouble",
    "ReplayError",
    "RoundState",
    "Seat",
    "Seating",
    "Solution",
    "Suit",
    "Surcoinche",
    "Tally",
    "TallyError",
    "Team",
    "TournamentError",
    "TournamentSummary",
    "Trick",
    "Trump",
    "Variant",
    "VariantError",
    "__version__",
    "agent_step",
    "analyze",
    "analyze_match",
    "bid",
    "card_points",
    "counted_declarations",
    "deal",
    "deck_points",
    "declaration_options",
    "dumps",
    "find_variant",
    "finish_round",
    "legal_bids",
    "legal_cards",
    "legal_declarations",
    "legal_moves",
    "loads",
    "loads_match",
    "loads_round",
    "make_agent",
    "match",
    "observe",
    "option_docs",
    "parse_call",
    "play",
    "play_match",
    "play_round",
    "position",
    "read_records",
    "record_schema",
    "replay",
    "round_tally",
    "score_deal",
    "score_round",
    "seat_view",
    "selfplay",
    "solve",
    "strength",
    "to_record",
    "tournament",
    "training_pairs",
    "trick_winner",
    "wilson",
]
