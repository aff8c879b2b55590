"""MkDocs hooks of the belote-rules site (plain Python, loaded through ``hooks:`` in mkdocs.yml).

* ``<!-- belote:options-table -->`` in a page becomes the table of every variant option, with
  its value in each preset, read from :func:`belote.variants.option_docs` and
  :data:`belote.variants.PRESETS`: the table cannot drift from the code.
* ``<!-- belote:preset-options NAME -->`` becomes the option list of one preset.
* ``<!-- belote:include PATH -->`` becomes the text of ``PATH`` (relative to mkdocs.yml), for
  the changelog page.
* ``<!-- belote:svg-legal ... -->``, ``svg-hand``, ``svg-table``, ``svg-match`` and ``svg-strength-chart``
  become pictures drawn by :mod:`belote.svg` when the site is built (see :func:`svg_figure`):
  a rule's example with its legal cards computed by the library, a hand, a table after some
  calls and cards, a match's score sheet, the strength chart of the table of numbers just above the marker.
* :func:`fence_doctests` (used by ``griffe_doctests.py``) puts docstring doctests in code fences.
* Sphinx-style roles in docstrings (``:class:`Card```) are turned into links to the API
  reference (or plain code when the name is not documented).

``tests/test_docs.py`` imports this module to check the generated tables.
"""

from __future__ import annotations

import enum
import functools
import html
import importlib
import re
import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import belote
import belote.svg
from belote.cards import Card, CardSet
from belote.seats import Seat
from belote.trumps import Trump
from belote.variants import CLASSIC, PRESETS, Variant, option_docs

__all__ = [
    "MODULE_PAGES",
    "api_index",
    "fence_doctests",
    "format_value",
    "options_table",
    "preset_options",
    "public_modules",
    "render_markers",
    "strength_rows",
    "svg_figure",
]

MODULE_PAGES: dict[str, str] = {
    "belote.cards": "cards.md",
    "belote.seats": "cards.md",
    "belote.trumps": "cards.md",
    "belote.variant": "variants.md",
    "belote.variants": "variants.md",
    "belote.options": "variants.md",
    "belote.round": "round.md",
    "belote.state": "round.md",
    "belote.round_score": "round.md",
    "belote.calls": "round.md",
    "belote.bidding": "round.md",
    "belote.contracts": "round.md",
    "belote.tricks": "round.md",
    "belote.declarations": "round.md",
    "belote.belotes": "round.md",
    "belote.scoring": "scoring.md",
    "belote.deal_score": "scoring.md",
    "belote.coinche_scoring": "scoring.md",
    "belote.tally": "scoring.md",
    "belote.rounding": "scoring.md",
    "belote.match": "match.md",
    "belote.errors": "errors.md",
    "belote.views": "views.md",
    "belote.positions": "positions.md",
    "belote.agents": "agents.md",
    "belote.games": "agents.md",
    "belote.records": "records.md",
    "belote.records.schema": "records.md",
    "belote.records.variant": "records.md",
    "belote.records.actions": "records.md",
    "belote.notation": "records.md",
    "belote.svg": "svg.md",
    "belote.tournament": "tournament.md",
    "belote.tournament.plan": "tournament.md",
    "belote.tournament.results": "tournament.md",
    "belote.tournament.output": "tournament.md",
    "belote.selfplay": "tournament.md",
    "belote.stats": "tournament.md",
    "belote.kernel": "kernel.md",
    "belote.analysis": "analysis.md",
}
"""The API reference page (under ``docs/reference/``) that renders each public module."""

_MARKER = re.compile(r"<!--\s*belote:(?P<what>[\w-]+)(?P<rest>.*?)-->")


def format_value(value: Any) -> str:
    """An option value as a reader types it in ``Variant(...)`` (enum value, trump codes, ...)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return " ".join(format_value(item) for item in value)
    if isinstance(value, Trump):
        return value.code
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


def _values_cell(name: str, values: tuple[str, ...]) -> str:
    if values:
        return "<br>".join(f"`{value}`" for value in values)
    default = getattr(Variant(), name)
    if isinstance(default, tuple):
        return "a set of: " + " ".join(f"`{mode.code}`" for mode in Trump)
    return "a whole number" + (" or `none`" if default is None else "")


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def options_table() -> str:
    """The Markdown table of every :class:`~belote.variant.Variant` option.

    One row per option in definition order: its name, its value in every preset (bold where it
    differs from ``classic``), the values it takes, and its documentation with the sources.
    """
    presets = list(PRESETS.values())
    header = ["option", *(f"`{preset.name}`" for preset in presets), "values", "meaning and sources"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for doc in option_docs():
        cells = [f"`{doc.name}`"]
        for preset in presets:
            value = getattr(preset, doc.name)
            text = f"`{format_value(value)}`"
            cells.append(f"**{text}**" if value != getattr(CLASSIC, doc.name) else text)
        cells.append(_values_cell(doc.name, doc.values))
        cells.append(_cell(doc.doc))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def preset_options(name: str) -> str:
    """The Markdown table of one preset's options, with how each differs from ``classic``."""
    preset = PRESETS[name]
    lines = ["| option | value | classic |", "|---|---|---|"]
    for doc in option_docs():
        value = getattr(preset, doc.name)
        base = getattr(CLASSIC, doc.name)
        same = "same" if value == base else f"`{format_value(base)}`"
        link = f"[`{doc.name}`](options.md#{doc.name})"
        lines.append(f"| {link} | `{format_value(value)}` | {same} |")
    return "\n".join(lines)


def _rendered_exports() -> Iterator[tuple[str, str, Any]]:
    """``(module name, public name, object)`` for every name in the ``__all__`` of every module
    the API reference renders, in :data:`MODULE_PAGES` order."""
    for module_name in MODULE_PAGES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            yield module_name, name, getattr(module, name)


def public_modules() -> dict[str, str]:
    """Each top-level public name of :mod:`belote` and the module that documents it.

    That is the module that defines it, when it lists it in its ``__all__``; otherwise the
    first module of :data:`MODULE_PAGES` that lists it. A public name that no listed module
    exports is an error: it would have no reference entry.
    """
    listed: dict[str, list[str]] = {}
    for module_name, name, _ in _rendered_exports():
        listed.setdefault(name, []).append(module_name)
    owners: dict[str, str] = {}
    missing = []
    for name in belote.__all__:
        if name == "__version__":
            continue
        candidates = listed.get(name)
        if not candidates:
            missing.append(name)
            continue
        defined_in = getattr(getattr(belote, name), "__module__", None)
        owners[name] = defined_in if defined_in in candidates else candidates[0]
    if missing:
        raise ValueError(f"public names of belote with no API reference page: {', '.join(missing)}")
    return owners


def api_index() -> str:
    """The Markdown table of every name in ``belote.__all__``, linked to its reference entry.

    The summaries are the first lines of the docstrings, read with griffe (the same reader as
    mkdocstrings), so that module-level constants such as the presets get theirs too.
    """
    import griffe  # the docs extra: mkdocstrings[python] depends on it

    root = Path(__file__).resolve().parents[2] / "src"
    package = griffe.load("belote", search_paths=[str(root)])
    lines = ["| name | module | what it is |", "|---|---|---|"]
    for name, module_name in sorted(public_modules().items(), key=lambda item: item[0].lower()):
        member = package[module_name.removeprefix("belote.")][name]
        docstring = member.docstring.value if member.docstring else ""
        summary = _cell(docstring.strip().split("\n\n")[0].replace("\n", " "))
        page = MODULE_PAGES[module_name]
        lines.append(f"| [`{name}`][{module_name}.{name}] | [`{module_name}`]({page}) | {summary} |")
    return "\n".join(lines)


def _anchors() -> str:
    """Invisible anchors so that ``options.md#NAME`` links land on the option's row."""
    return "".join(f'<span id="{doc.name}"></span>' for doc in option_docs())


def _cards(text: str) -> list[Card]:
    return [Card.parse(part) for part in text.replace(",", " ").split()]


def strength_rows(markdown: str) -> list[tuple[str, float, float, float]]:
    """The rows of the last Markdown table of ``markdown`` that has a "point share, 95% CI" column.

    Each row gives ``(match-up (variant), share, low, high)`` for
    :func:`belote.svg.strength_chart`: the chart draws the numbers printed on the page.
    """
    tables = re.findall(r"((?:^\|.*\|[ \t]*\n?)+)", markdown, flags=re.MULTILINE)
    for table in reversed(tables):
        lines = [
            [cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in table.strip().split("\n")
        ]
        header = lines[0]
        if "point share, 95% CI" not in header:
            continue
        share = header.index("point share, 95% CI")
        rows = []
        for cells in lines[2:]:
            found = re.fullmatch(r"([\d.]+)% \[([\d.]+), ([\d.]+)\]", cells[share])
            if found is None:
                raise ValueError(f"belote:svg-strength-chart: cannot read {cells[share]!r}")
            label = f"{cells[0]} ({cells[1]})"
            rows.append((label, float(found[1]), float(found[2]), float(found[3])))
        return rows
    raise ValueError("belote:svg-strength-chart: no table with a 'point share, 95% CI' column above it")


def svg_figure(what: str, options: dict[str, str], markdown: str = "") -> str:
    """The picture of an ``svg-...`` marker, as one line of HTML: a figure with its caption.

    * ``svg-legal trump=H hand="7H AH KD QC" trick="AS JH" [leader=0] [variant=classic]``: the
      trick so far and the hand of the next seat, its legal cards (computed by
      :func:`belote.legal_cards`) outlined.
    * ``svg-hand cards="..." [trump=H] [highlight="..."]``: a hand in holding order.
    * ``svg-table seed=7 [dealer=0] [variant=classic] [calls="pass, hearts"] [cards="TD QD"]
      [seat=2]``: a deal after those calls and cards, the whole table (or seat's view).
    * ``svg-match seed=3 [variant=classic] [level=easy]``: the score sheet of a match between
      four AI players of ``level`` (keep it to the fast levels: the site is built in seconds).
    * ``svg-strength-chart``: the chart of the table above the marker (:func:`strength_rows`).

    Every kind takes ``caption="..."``.
    """
    caption = options.pop("caption", "")
    variant = PRESETS[options.pop("variant", "classic")]
    trump = Trump.parse(options.pop("trump")) if "trump" in options else None
    picture: str
    if what == "svg-legal":
        if trump is None:
            raise ValueError("belote:svg-legal needs trump=")
        leader = Seat(int(options.pop("leader", "0")))
        trick = [(leader.offset(i), card) for i, card in enumerate(_cards(options.pop("trick", "")))]
        hand = CardSet.of(_cards(options.pop("hand")))
        legal = belote.legal_cards(hand, trick, trump=trump, variant=variant)
        picture = belote.svg.trick(trick, hand=hand, trump=trump, highlight=legal, size=240)
        caption += f" Legal: {', '.join(belote.svg.card_name(card) for card in legal)}."
    elif what == "svg-hand":
        highlight = _cards(options.pop("highlight", ""))
        picture = belote.svg.hand(_cards(options.pop("cards")), trump=trump, highlight=highlight)
    elif what == "svg-table":
        state = belote.deal(
            variant, dealer=Seat(int(options.pop("dealer", "0"))), seed=int(options.pop("seed"))
        )
        for call in filter(None, (c.strip() for c in options.pop("calls", "").split(","))):
            state = belote.bid(state, belote.parse_call(call))
        for card in _cards(options.pop("cards", "")):
            state = belote.play(state, card)
        seat = options.pop("seat", None)
        shown = state if seat is None else belote.observe(state, Seat(int(seat)))
        picture = belote.svg.table(shown, size=480)
    elif what == "svg-match":
        level, seed = options.pop("level", "easy"), int(options.pop("seed"))
        agents = [belote.make_agent(level, seed=seed * 4 + seat) for seat in range(4)]
        picture = belote.svg.score_sheet(belote.play_match(variant, agents, seed=seed))
    elif what == "svg-strength-chart":
        picture = belote.svg.strength_chart(strength_rows(markdown))
    else:
        raise ValueError(f"unknown docs marker belote:{what}")
    if options:
        raise ValueError(f"belote:{what}: unknown options {', '.join(sorted(options))}")
    figcaption = f"<figcaption>{html.escape(caption.strip())}</figcaption>" if caption.strip() else ""
    width = re.search(r'width="(\d+)"', picture)
    style = "display:inline-block;vertical-align:top;margin:0 1em 1em 0;max-width:100%"
    if width is not None:
        style += f";width:{width[1]}px"
    return f'<figure class="belote-figure" style="{style}">{picture}{figcaption}</figure>'


def render_markers(markdown: str, root: Path) -> str:
    """``markdown`` with every ``<!-- belote:... -->`` marker replaced by its generated text."""

    def replace(match: re.Match[str]) -> str:
        what = match["what"]
        words = shlex.split(match["rest"])
        argument = words[0] if words else None
        if what.startswith("svg-"):
            options = dict(word.split("=", 1) for word in words)
            return svg_figure(what, options, markdown[: match.start()])
        if what == "options-table":
            return _anchors() + "\n\n" + options_table()
        if what == "api-index":
            return api_index()
        if what == "preset-options":
            if argument not in PRESETS:
                raise ValueError(f"belote:preset-options: unknown preset {argument!r}")
            return preset_options(argument)
        if what == "include":
            if argument is None:
                raise ValueError("belote:include needs a path")
            path = root / argument
            if not path.is_file():
                raise FileNotFoundError(f"belote:include: {path} does not exist")
            return path.read_text(encoding="utf-8")
        raise ValueError(f"unknown docs marker belote:{what}")

    return _MARKER.sub(replace, markdown)


@functools.cache
def _identifiers() -> dict[str, str]:
    """Short names (``Card``, ``Match.record``, ``hands``) to the dotted path of their entry.

    A name maps to the module that defines it when that module is rendered (a re-export is
    documented once, where it is defined; see ``griffe_belote.py``).
    """
    found: dict[str, str] = {}
    members: dict[str, list[str]] = {}
    for module_name, name, obj in _rendered_exports():
        defined_in = getattr(obj, "__module__", None) if isinstance(obj, type) or callable(obj) else None
        owner = defined_in if defined_in in MODULE_PAGES and defined_in != module_name else module_name
        path = f"{owner}.{name}"
        found.setdefault(name, path)
        found[f"{module_name}.{name}"] = path
        if isinstance(obj, type):
            for member in vars(obj):
                if not member.startswith("_"):
                    found[f"{name}.{member}"] = f"{path}.{member}"
                    if f"{path}.{member}" not in members.setdefault(member, []):
                        members[member].append(f"{path}.{member}")
    for member, paths in members.items():
        if len(paths) == 1:
            found.setdefault(member, paths[0])
    return found


_ROLE = re.compile(r":(?:class|func|meth|attr|data|exc|obj|mod):<code>(?P<tilde>~?)(?P<name>[\w.]+)</code>")


def _role_to_link(match: re.Match[str]) -> str:
    name = match["name"]
    shown = name.rsplit(".", 1)[-1] if match["tilde"] else name
    target = _identifiers().get(name) or _identifiers().get(name.removeprefix("belote."))
    code = f"<code>{html.escape(shown)}</code>"
    if target is None:
        return code
    return f'<autoref identifier="{target}" optional>{code}</autoref>'


def fence_doctests(text: str) -> str:
    """``text`` with every doctest run (from ``>>>`` to the next blank line) in a pycon fence.

    >>> print(fence_doctests("Example:\\n\\n>>> 1 + 1\\n2\\n\\nDone."))
    Example:
    <BLANKLINE>
    ```pycon
    >>> 1 + 1
    2
    ```
    <BLANKLINE>
    Done.
    """
    lines = text.split("\n")
    result: list[str] = []
    in_fence = False
    index = 0
    while index < len(lines):
        line = lines[index]
        stripped = line.lstrip()
        if stripped.startswith(("```", "~~~")):
            in_fence = not in_fence
        if in_fence or not stripped.startswith(">>>"):
            result.append(line)
            index += 1
            continue
        indent = line[: len(line) - len(stripped)]
        result.append(f"{indent}```pycon")
        while index < len(lines) and lines[index].strip():
            result.append(lines[index])
            index += 1
        result.append(f"{indent}```")
    return "\n".join(result)


# ---- MkDocs events ----------------------------------------------------------------------------


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Expand the ``belote:`` markers."""
    return render_markers(markdown, Path(config["config_file_path"]).parent)


def on_page_content(html_text: str, page: Any, config: Any, files: Any) -> str:
    """Turn ``:class:`X``` roles left in rendered docstrings into API links."""
    return _ROLE.sub(_role_to_link, html_text)
