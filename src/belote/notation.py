"""A compact one-line notation for a round, for test fixtures and bug reports.

In the spirit of FEN and PBN, one line of five fields separated by spaces::

    VARIANT DEALER DEAL AUCTION PLAY

* ``VARIANT``: a preset name, optionally followed by ``:`` and the options that differ,
  ``option=value`` separated by commas (``classic:undertrump_opponent=free,target=501``);
  ``name=...`` gives a custom name, a list of contracts is written ``C+D+H+S``.
* ``DEALER``: the dealer's seat, ``0`` to ``3``.
* ``DEAL``: the hands of seats 0, 1, 2, 3 separated by ``/``, each as its cards written
  without spaces *in the order they were dealt* (so the deal is exact). Once the contract is
  known (in coinche from the deal on) every hand has its 8 cards; before that, the first 5 and
  ``+`` the 12 undealt cards (the first of them is the turned card in turned-card variants).
* ``AUCTION``: the calls from the eldest hand on, separated by commas (``pass,pass,H``; a
  coinche bid is written with ``_`` for its space: ``pass,100_H,contra,capot_S``);
  ``-`` when there is none yet. A round built from its contract with no auction
  (:func:`~belote.positions.position` with ``contract=...``) writes ``=`` and the contract
  instead: the taker's seat, ``:``, the bid the taker would have called, and ``:x2`` or ``:x4``
  when it is doubled (contra or coinche) or redoubled (re-contra or surcoinche). So ``=0:H`` is
  seat 0 in hearts, ``=1:100_H:x2`` a coinched 100 in hearts, ``=2:capot_S`` a capot in spades
  and ``=3:ALL:x2`` all trumps under contra.
* ``PLAY``: the tricks separated by ``/``, each trick's cards in play order; a card
  followed by ``*`` announced belote with it, and by ``(KSQSJS,9C9D9H9S)`` showed those
  declarations; ``-`` before the first card.

:func:`parse_round` builds the state with :func:`~belote.positions.position`, which checks
every call and card by the rules (an illegal one raises :class:`~belote.errors.ReplayError`),
so the text always names a reachable state.

>>> from belote import CLASSIC, Seat, deal, bid, play, legal_bids, legal_moves
>>> state = deal(CLASSIC, dealer=Seat(3), seed=1)
>>> state = bid(state, legal_bids(state)[-1])
>>> for _ in range(5):
...     state = play(state, next(iter(legal_moves(state))))
>>> text = format_round(state)
>>> text
'classic 3 9S8HTDKSQDJHAHKD/9DJS8CKH7CADTCAS/QCJCACQHQS9C7S8S/7H8DTHKCJDTS9H7D H KSASQSTS/JS'
>>> parse_round(text) == state
True

A contract given directly, with no auction:

>>> from belote import Contract, Trump, position
>>> hands = ["AS KS 9S JH 7D AC TC 8C", "7S 8S TH 9H 8H JD 9D 7C",
...          "QS JS TS AH KH QH 8D 9C", "AD KD QD TD 7H KC QC JC"]
>>> state = position(CLASSIC, dealer=Seat(3), hands=hands, turned="JH",
...                  contract=Contract(Seat(0), Trump.HEARTS), plays="AS 7S")
>>> text = format_round(state)
>>> text.split(" ")[3:]
['=0:H', 'AS7S']
>>> parse_round(text) == state
True
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote, unquote

from belote._args import require
from belote._repr import safe_repr
from belote.bidding import BIDDING_RULES, Bid, Contract, parse_call
from belote.cards import DECK, Card
from belote.errors import BeloteError, NotationError, PositionError, Reason, RecordError
from belote.positions import position
from belote.records import to_record
from belote.records.variant import variant_from_json, variant_to_json
from belote.round import RoundState
from belote.seats import Seat
from belote.variants import Variant

__all__ = ["format_round", "format_variant", "parse_round", "parse_variant"]

_CARD = r"[789TJQKA][CDHS]"
_PLAY = re.compile(rf"({_CARD})(\*?)(?:\(([^)]*)\))?")


def format_variant(variant: Variant) -> str:
    """The variant as ``preset[:option=value,...]`` (only the options that differ).

    >>> import attrs
    >>> from belote import BULGARIAN
    >>> format_variant(attrs.evolve(BULGARIAN, contracts="C D H S", target=101))
    'bulgarian:contracts=C+D+H+S,target=101'
    """
    require(variant, Variant, "variant", "a Variant")
    data = variant_to_json(variant)
    options: dict[str, Any] = {}
    if "name" in data:
        options["name"] = data["name"]
    options.update(data.get("options", {}))
    if not options:
        return str(data["preset"])
    return f"{data['preset']}:" + ",".join(f"{key}={_value_text(value)}" for key, value in options.items())


def _value_text(value: Any) -> str:
    if isinstance(value, list):
        return "+".join(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return quote(str(value), safe="")


def _unquoted(text: str) -> str:
    """An option value's text with its ``%`` escapes read as UTF-8, lone surrogates included (so
    that a name holding one reaches the variant's own check, which names it, rather than being
    read as another name); escapes of other bytes that are not UTF-8 read as U+FFFD."""
    try:
        return unquote(text, errors="surrogatepass")
    except UnicodeDecodeError:
        return unquote(text)


def parse_variant(text: str) -> Variant:
    """Read a variant written by :func:`format_variant`: a preset name or alias, optionally
    followed by ``:option=value,...``, each option once (raises
    :class:`~belote.errors.BeloteError` subclasses).

    >>> parse_variant("classic:undertrump_opponent=free").undertrump_opponent.value
    'free'
    >>> parse_variant("classic:target=501,target=700")
    Traceback (most recent call last):
    ...
    belote.errors.NotationError: 'classic:target=501,target=700': the option target is given twice
    """
    if not isinstance(text, str):
        raise NotationError(f"{safe_repr(text)} is not a variant text", reason=Reason.BAD_ARGUMENT)
    preset, _, rest = text.strip().partition(":")
    data: dict[str, Any] = {"preset": preset}
    options: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        key, equals, value = item.partition("=")
        if not equals or not key.strip():
            raise NotationError(
                f"{safe_repr(item)} in {safe_repr(text)} is not option=value", reason=Reason.BAD_OPTION
            )
        key = key.strip()
        if key in options:
            raise NotationError(
                f"{safe_repr(text)}: the option {key} is given twice", reason=Reason.BAD_OPTION
            )
        options[key] = value.replace("+", " ") if key == "contracts" else _unquoted(value)
    if options:
        data["options"] = options
    try:
        return variant_from_json(data, path="variant")
    except RecordError as error:  # its path is the record's (variant.options): the text says more
        detail = str(error).removeprefix(f"{error.path}: ")
        raise NotationError(f"{safe_repr(text)}: {detail}", reason=Reason.BAD_OPTION) from None


def format_round(state: RoundState) -> str:
    """The one-line notation of ``state`` (see the module documentation).

    >>> from belote import CLASSIC, Seat, deal
    >>> format_round(deal(CLASSIC, dealer=Seat(2), seed=4))
    'classic 2 JH9SQD8STD/KC9DKH7HAC/QSKD9H8CKS/7DQCTHJSQH+8HTS7C7S9CJCASJDAHTC8DAD - -'
    """
    if not isinstance(state, RoundState):
        raise NotationError(f"expected a RoundState, got {safe_repr(state)}", reason=Reason.BAD_ARGUMENT)
    record = to_record(state)
    deck = [DECK[card] for card in state.deck]
    received: list[list[Card]] = [[], [], [], []]
    position = 0
    for packet in (3, 2):
        for step in range(1, 5):
            received[(state.dealer + step) & 3].extend(deck[position : position + packet])
            position += packet
    stock = deck[20:]
    if BIDDING_RULES[state.variant.bidding].deal_all:
        for step in range(1, 5):
            received[(state.dealer + step) & 3].extend(stock[:3])
            del stock[:3]
    elif state.contract is not None:
        if state.turned is not None:
            received[state.contract.taker].append(stock.pop(0))
        for step in range(1, 5):
            seat = (state.dealer + step) & 3
            need = 8 - len(received[seat])
            received[seat].extend(stock[:need])
            del stock[:need]
    deal_text = "/".join("".join(map(str, hand)) for hand in received)
    if stock:
        deal_text += "+" + "".join(map(str, stock))
    calls = [action["call"].replace(" ", "_") for action in record["actions"] if "call" in action]
    auction_text = ",".join(calls) or "-"
    if state.contract is not None and not state.auction:
        auction_text = _contract_text(state.contract)
    plays = []
    for action in record["actions"]:
        if "card" in action:
            text = action["card"] + ("*" if action.get("belote") else "")
            if "declarations" in action:
                text += "(" + ",".join("".join(d) for d in action["declarations"]) + ")"
            plays.append(text)
    tricks = ["".join(plays[start : start + 4]) for start in range(0, len(plays), 4)]
    return " ".join(
        (
            format_variant(state.variant),
            str(int(state.dealer)),
            deal_text,
            auction_text,
            "/".join(tricks) or "-",
        )
    )


def parse_round(text: str) -> RoundState:
    """The round state a line of notation describes, replayed through the rules.

    Raises:
        NotationError: the text does not follow the notation.
        ReplayError: a call or card the rules refuse (its index counts calls then cards).

    >>> line = "classic 0 QHQDJD7D8S/8D7SKDAH7H/9DJS8CTSKC/QCTCKHACQS+7C9S9CKSJHASTHTDJC8H9HAD C -"
    >>> state = parse_round(line)
    >>> state.contract, state.to_act
    (Contract(Seat.WEST, Trump.CLUBS), <Seat.WEST: 1>)
    """
    if not isinstance(text, str):
        raise NotationError(f"{safe_repr(text)} is not a round notation", reason=Reason.MALFORMED_RECORD)
    fields = text.split()
    if len(fields) != 5:
        raise NotationError(
            f"a round notation has 5 fields (variant dealer deal auction play), got {len(fields)}",
            reason=Reason.MALFORMED_RECORD,
        )
    variant_text, dealer_text, deal_text, auction_text, play_text = fields
    variant = parse_variant(variant_text)
    if dealer_text not in ("0", "1", "2", "3"):
        raise NotationError(
            f"dealer must be 0..3, got {safe_repr(dealer_text)}", reason=Reason.MALFORMED_RECORD
        )
    dealer = Seat(int(dealer_text))
    contract = _read_contract(auction_text) if auction_text.startswith("=") else None
    calls = [] if auction_text == "-" or contract is not None else auction_text.replace("_", " ").split(",")
    plays = _plays(play_text)
    hands, stock = _deal(deal_text)
    turned = None
    if stock is None and BIDDING_RULES[variant.bidding].turned_card:
        taker = _taker(dealer, calls) if contract is None else contract.taker
        if taker is None:
            raise NotationError(
                "the hands have 8 cards but the auction gives no contract", reason=Reason.MALFORMED_RECORD
            )
        turned = hands[taker][5]
    try:
        return position(
            variant,
            dealer=dealer,
            hands=hands,
            stock=stock,
            turned=turned,
            contract=contract,
            auction=None if contract is not None else calls,
            plays=plays,
        )
    except PositionError as error:
        raise NotationError(str(error), reason=error.reason) from None


def _contract_text(contract: Contract) -> str:
    """The AUCTION field of a round built from its contract with no auction: ``=``, the taker's
    seat, ``:`` and the bid the taker would have called (``_`` for its space), then ``:x2`` or
    ``:x4`` when the contract is doubled or redoubled.

    >>> from belote import Contract, Seat, Trump
    >>> _contract_text(Contract(Seat(1), Trump.HEARTS, multiplier=2, bid=100))
    '=1:100_H:x2'
    >>> _contract_text(Contract(Seat(3), Trump.ALL_TRUMPS, multiplier=4))
    '=3:ALL:x4'
    """
    bid = Bid(contract.trump, contract.bid, capot=contract.capot, generale=contract.generale)
    doubled = f":x{contract.multiplier}" if contract.multiplier != 1 else ""
    return f"={int(contract.taker)}:{str(bid).replace(' ', '_')}{doubled}"


_CONTRACT = re.compile(r"=([0-3]):([^:]+)(?::x([0-9]{1,3}))?")


def _read_contract(text: str) -> Contract:
    """The contract of an AUCTION field written by :func:`_contract_text` (raises
    :class:`~belote.errors.NotationError`; the variant's rules check it when the round is built).

    >>> _read_contract("=2:capot_S")
    Contract(Seat.SOUTH, Trump.SPADES, capot=True)
    """
    found = _CONTRACT.fullmatch(text)
    if found is None:
        raise NotationError(
            f"{safe_repr(text)} is not a contract: expected =TAKER:BID or =TAKER:BID:x2 "
            "(like =0:H, =1:100_H:x2)",
            reason=Reason.MALFORMED_RECORD,
        )
    taker, bid_text, multiplier = found.groups()
    try:
        bid = parse_call(bid_text.replace("_", " "))
        if not isinstance(bid, Bid):
            raise NotationError(f"{safe_repr(bid_text)} is not a bid")
        return Contract(
            Seat(int(taker)),
            bid.trump,
            multiplier=1 if multiplier is None else int(multiplier),
            bid=bid.value,
            capot=bid.capot,
            generale=bid.generale,
        )
    except BeloteError as error:
        raise NotationError(
            f"{safe_repr(text)} is not a contract: {error}", reason=Reason.MALFORMED_RECORD
        ) from None


def _plays(text: str) -> list[str]:
    """The plays of the PLAY field, each as its text (card, ``*``, declarations)."""
    if text == "-":
        return []
    plays: list[str] = []
    tricks = text.split("/")
    for number, trick in enumerate(tricks):
        found = []
        position = 0
        while position < len(trick):
            match = _PLAY.match(trick, position)
            if match is None:
                raise NotationError(
                    f"cannot read the play at {trick[position:]!r}", reason=Reason.MALFORMED_RECORD
                )
            found.append(match.group(0))
            position = match.end()
        if len(found) != 4 and (number < len(tricks) - 1 or not found):
            raise NotationError(
                f"trick {number + 1} has {len(found)} cards: only the last trick may be unfinished",
                reason=Reason.MALFORMED_RECORD,
            )
        plays.extend(found)
    return plays


def _cards(text: str, what: str) -> list[str]:
    cards = re.findall(r"..", text)
    if len(text) % 2 or not all(re.fullmatch(_CARD, card) for card in cards):
        raise NotationError(
            f"{what} {safe_repr(text)} is not a run of cards like JHAS7D", reason=Reason.MALFORMED_CARDS
        )
    return cards


def _deal(text: str) -> tuple[list[list[str]], list[str] | None]:
    """The four hands of the DEAL field in dealing order, and the undealt cards (``None`` if none)."""
    hands_text, plus, stock_text = text.partition("+")
    hands = [_cards(hand, f"hand {seat}") for seat, hand in enumerate(hands_text.split("/"))]
    stock = _cards(stock_text, "the undealt cards") if plus else []
    if len(hands) != 4:
        raise NotationError(f"the deal must give 4 hands, got {len(hands)}", reason=Reason.MALFORMED_RECORD)
    sizes = {len(hand) for hand in hands}
    if sizes == {5} and len(stock) == 12:
        return hands, stock
    if sizes == {8} and not stock:
        return hands, None
    raise NotationError(
        "the deal must give four hands of 8 cards, or four of 5 and + the 12 undealt cards",
        reason=Reason.MALFORMED_RECORD,
    )


def _taker(dealer: Seat, calls: list[str]) -> Seat | None:
    """The last bidder of the auction text (the taker of a complete auction), every spelling
    of a call read as the auction reads it (``p`` and ``x`` bid nothing); a call that cannot be
    read counts as a bid, so that the auction's own check names it."""
    seat = dealer.next
    taker = None
    for text in calls:
        try:
            bidding = isinstance(parse_call(text), Bid)
        except BeloteError:
            bidding = True
        if bidding:
            taker = seat
        seat = seat.next
    return taker
