"""The presets (classic, 501, Bulgarian, coinche, contrée), their lookup by name, and the
documentation of every variant option.

A preset is a :class:`~belote.variant.Variant`, a frozen value of every rule on which the
sources disagree (defined in :mod:`belote.variant`, importable from here too, as are the option
enums of :mod:`belote.options`). Options take their enum member or its string value, so a
table's house rule is one ``attrs.evolve`` away:

>>> import attrs
>>> house = attrs.evolve(CLASSIC, undertrump_opponent="free")
>>> house.undertrump_opponent
<Undertrump.FREE: 'free'>
>>> find_variant("501") is CLASSIC_501
True
"""

from __future__ import annotations

import ast
import enum
import functools
import inspect
import itertools

import attrs

from belote._repr import safe_repr
from belote.errors import Reason, VariantError
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
    Option,
    PartnerMasterTrumped,
    RedealDealer,
    Rounding,
    TargetRule,
    TieRule,
    ToutAtoutScale,
    Undertrump,
)
from belote.trumps import Trump
from belote.variant import Variant

__all__ = [
    "BULGARIAN",
    "CLASSIC",
    "CLASSIC_501",
    "COINCHE",
    "CONTREE",
    "PRESETS",
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
    "OptionDoc",
    "PartnerMasterTrumped",
    "RedealDealer",
    "Rounding",
    "TargetRule",
    "TieRule",
    "ToutAtoutScale",
    "Undertrump",
    "Variant",
    "find_variant",
    "option_docs",
]


CLASSIC = Variant(name="classic")
"""Classic French team belote (FFB-B16, *Klassisk belote*, *Класически белот*; rules
page *Classic*): take-or-pass bidding on
a turned card, 1000 points, litige carried over, capot 252, undertrumping compulsory."""

CLASSIC_501 = attrs.evolve(
    CLASSIC,
    name="classic_501",
    first_lead="dealer",
    target=501,
    target_rule="exceed",
    solo_capot_value=350,
    belote_credit="held",
    tie_rule="takers_fail",
    redeal_dealer="previous",
)
"""The 501 game, *Multiplayer Belote Classic* (Novel Games; rules page *Classic 501*, rules
M1-M7): classic rules to more than 501 points, the dealer leads the first trick, team capot 252
and one-player capot 350, belote credited to the player holding trump K and Q, a tie fails the
contract, and after a thrown-in deal the player before the dealer deals."""

BULGARIAN = Variant(
    name="bulgarian",
    bidding="auction",
    contracts=tuple(Trump),
    undertrump_opponent="free",
    partner_master_trumped="free",
    belote_imprenable=False,
    belote_on_discard=False,
    announcements="separate",
    no_trumps_doubled=True,
    rounding="game_points",
    target=151,
    no_finish_on_capot_belote=False,
    no_win_on_valat=True,
)
"""Bulgarian belot (belot.bg, belot.sf.net; rules page *Bulgarian*): six-level auction with contra, all trumps
and no trumps, declarations, belot, valat 90, game points with rounding, hanging points, 151."""

COINCHE = Variant(
    name="coinche",
    bidding="points_auction",
    contracts=tuple(Trump),
    undertrump_opponent="free",
    partner_master_trumped="free",
    announcements="on",
    capot_value=250,
    no_trumps_scale="ace_19",
    tout_atout_scale="ffb_2015",
    rounding="nearest_10",
    target=2000,
    no_finish_on_capot_belote=False,
)
"""Belote coinchée (pagat *La Coinche*, FFB 2015 *belote coinchée*; rules page *Coinche*): the whole pack
dealt 3-2-3, bids of 80 to 160 or capot in a suit, no trumps or all trumps, coinche x2 and
surcoinche x4, declarations (the single best decides), belote imprenable, undertrumping free,
made = rounded points + bid, failed = 160 + bid to the defenders, 2000 points."""

CONTREE = attrs.evolve(
    COINCHE,
    name="contree",
    announcements="off",
    belote_imprenable=False,
    capot_value=252,
    tout_atout_scale="converted_258",
)
"""Belote contrée as the FFB's 2016 rules (*Règles officielles de la Belote Contrée*) play it:
coinche without declarations (belote only), the belote going to the defenders with the deal
when the takers fail (rule K9), an unbid capot worth 252 + the bid (rule K11), and all trumps
counted at the trump values, 258 a deal, each team's points converted by 162 / 258 (rule K6).

>>> sorted(CONTREE.differences(COINCHE))
['announcements', 'belote_imprenable', 'capot_value', 'tout_atout_scale']
"""

PRESETS: dict[str, Variant] = {
    CLASSIC.name: CLASSIC,
    CLASSIC_501.name: CLASSIC_501,
    BULGARIAN.name: BULGARIAN,
    COINCHE.name: COINCHE,
    CONTREE.name: CONTREE,
}
"""The presets by canonical name."""

_ALIASES: dict[str, str] = {
    "classic": "classic",
    "belote": "classic",
    "french": "classic",
    "ffb": "classic",
    "classic_501": "classic_501",
    "501": "classic_501",
    "mac": "classic_501",
    "belote_501": "classic_501",
    "multiplayer_belote_classic": "classic_501",
    "bulgarian": "bulgarian",
    "belot": "bulgarian",
    "bg": "bulgarian",
    "bulgarian_belot": "bulgarian",
    "coinche": "coinche",
    "coinchee": "coinche",
    "belote_coinchee": "coinche",
    "contree": "contree",
    "contrée": "contree",
    "belote_contree": "contree",
}


def find_variant(name: str) -> Variant:
    """The preset called ``name`` or one of its aliases (case, spaces and dashes ignored).

    >>> find_variant("Belote").name, find_variant("belot").name
    ('classic', 'bulgarian')
    """
    if isinstance(name, Variant):
        return name
    if not isinstance(name, str):
        raise VariantError(f"{safe_repr(name)} is not a variant name", reason=Reason.UNKNOWN_VARIANT)
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    canonical = _ALIASES.get(key)
    if canonical is None:
        known = ", ".join(sorted(_ALIASES))
        raise VariantError(
            f"unknown variant {safe_repr(name)}: known names are {known}", reason=Reason.UNKNOWN_VARIANT
        )
    return PRESETS[canonical]


@attrs.frozen(order=False)
class OptionDoc:
    """One variant option as documented in :class:`Variant`'s source.

    >>> doc = next(doc for doc in option_docs() if doc.name == "target_rule")
    >>> doc.values
    ('reach', 'exceed')
    """

    name: str
    doc: str
    values: tuple[str, ...]
    """The values the option takes (empty for numbers)."""


@functools.cache
def option_docs() -> tuple[OptionDoc, ...]:
    """Every option of :class:`Variant` with its docstring, read from the class definition.

    The docs site and ``belote rules`` build their option tables from this, so they cannot
    drift from the code.

    >>> next(doc for doc in option_docs() if doc.name == "undertrump_opponent").values
    ('must', 'free', 'forbidden_unless_forced')
    """
    tree = ast.parse(inspect.getsource(Variant))
    class_body = tree.body[0]
    assert isinstance(class_body, ast.ClassDef)
    docs: dict[str, str] = {}
    body = class_body.body
    for statement, following in itertools.pairwise(body):
        if (
            isinstance(statement, ast.AnnAssign)
            and isinstance(statement.target, ast.Name)
            and isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            docs[statement.target.id] = inspect.cleandoc(following.value.value)
    result = []
    for field in attrs.fields(Variant):
        if field.name == "name":
            continue
        default = field.default
        values: tuple[str, ...] = ()
        if isinstance(default, enum.Enum) and not isinstance(default, int):
            values = tuple(str(member.value) for member in type(default))
        elif isinstance(default, bool):
            values = ("true", "false")
        doc = " ".join(docs[field.name].split())
        result.append(OptionDoc(name=field.name, doc=doc, values=values))
    return tuple(result)
