"""The package's imports point down its layers, and every module has a place in one.

A unit is a top-level module of ``belote`` (``belote.cards``) or a room, a subpackage with every
module in it (``belote.agents``, ``belote.tournament``). Each unit sits in one layer, from the
values everything speaks in up to the command line. An import run when a module loads, or read
by the type checker alone (under ``if TYPE_CHECKING:``), may only reach a unit of the same layer
or a lower one, and the units' graph of imports run at load has no cycle. An import inside a
function (run only when it is called) may reach up only where :data:`UPWARD` says why: a picture
or a notation drawn on demand by a service above, or the kernel's tables read from the players
it speeds up. (The kernel holds the whole exact search, compiled and pure-Python, so the
analysis built on it sits a layer above.)

A new module must be given a layer here: where it goes is a design decision, taken once.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

import pytest

import belote

LAYERS: tuple[tuple[str, frozenset[str]], ...] = (
    (
        "foundations",
        frozenset(
            {
                "_enums",
                "_repr",
                "_args",
                "_version",
                "errors",
                "seats",
                "cards",
                "options",
                "trumps",
                "_variant_fields",
                "variant",
                "variants",
            }
        ),
    ),
    (
        "rules",
        frozenset(
            {
                "calls",
                "_contract_json",
                "contracts",
                "bidding",
                "belotes",
                "declarations",
                "tricks",
                "rounding",
                "tally",
                "deal_score",
                "coinche_scoring",
                "scoring",
                "_hidden_cards",
            }
        ),
    ),
    (
        "engine",
        frozenset(
            {
                "state",
                "_fast_values",
                "_refusals",
                "_inputs",
                "_auction_history",
                "_history",
                "round_score",
                "round",
                "match",
                "positions",
                "views",
            }
        ),
    ),
    ("kernel", frozenset({"kernel"})),
    ("analysis", frozenset({"analysis"})),
    ("players", frozenset({"agents", "games"})),
    (
        "services",
        frozenset({"records", "notation", "svg", "stats", "tournament", "_selfplay_settings", "selfplay"}),
    ),
    ("interface", frozenset({"cli", "__main__", "__init__"})),
)
"""The layers from the bottom up and the units in each (``__init__`` is the package's face,
``belote`` itself, which gathers the public names)."""

UPWARD: dict[tuple[str, str], str] = {
    ("cards", "svg"): "a card set draws itself in a notebook (_repr_svg_) through the pictures",
    ("state", "svg"): "a round state draws itself in a notebook through the pictures",
    ("match", "svg"): "a match draws its score sheet in a notebook through the pictures",
    ("views", "svg"): "a view draws itself in a notebook through the pictures",
    ("state", "notation"): "RoundState.parse and its text read and write the round notation",
    ("variant", "notation"): "Variant.parse and its text read and write the variant notation",
    ("kernel", "agents"): "the compiled normal playouts take the heuristics' tables from the players",
}
"""The imports inside functions that reach a higher layer, and why each may."""

ROOT = Path(belote.__file__).parent


def layer_of(unit: str) -> int:
    """The layer number of ``unit`` (0 at the bottom)."""
    for number, (_, units) in enumerate(LAYERS):
        if unit in units:
            return number
    raise LookupError(f"belote.{unit} has no layer: give it one in LAYERS")


def units() -> Iterator[tuple[str, Path]]:
    """Each module file of the package with the unit it belongs to."""
    for path in sorted(ROOT.rglob("*.py")):
        first = path.relative_to(ROOT).parts[0]
        yield ("__init__" if first == "__init__.py" else first.removesuffix(".py")), path


def is_unit(name: str, root: Path) -> bool:
    """Whether ``name`` is a top-level module or a room of the package under ``root``."""
    return (root / name).is_dir() or (root / f"{name}.py").is_file()


LOAD, TYPING, CALL = "load", "typing", "call"
"""When an import runs: as the module loads, only for the type checker, when a function is called."""


def imports(path: Path, root: Path = ROOT) -> Iterator[tuple[str, str, int]]:
    """Each unit of the package under ``root`` that the module at ``path`` imports: the unit
    (``__init__`` for a name taken from the package's face), when the import runs
    (:data:`LOAD`, :data:`TYPING` or :data:`CALL`) and its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    kind: dict[int, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            kind.update((id(inner), TYPING) for inner in ast.walk(node))
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            kind.update((id(inner), CALL) for inner in ast.walk(node) if inner is not node)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}:{node.lineno}: the package imports absolutely"
            base = node.module or ""
            targets = [f"{base}.{alias.name}" if base == "belote" else base for alias in node.names]
        else:
            continue
        for target in targets:
            parts = target.split(".")
            if parts[0] == "belote" and len(parts) > 1:
                unit = parts[1] if is_unit(parts[1], root) else "__init__"
                yield unit, kind.get(id(node), LOAD), node.lineno


@functools.cache
def edges() -> tuple[tuple[str, str, str, str], ...]:
    """Every import between two units: importer, imported, when it runs, where (the package's
    files read once for all the tests)."""
    return tuple(
        (unit, target, when, f"{path.relative_to(ROOT.parent)}:{line}")
        for unit, path in units()
        for target, when, line in imports(path)
        if target != unit
    )


def upward(when: str) -> set[tuple[str, str, str]]:
    """The imports run ``when`` that reach a higher layer: importer, imported, where."""
    return {
        (unit, target, where)
        for unit, target, runs, where in edges()
        if runs == when and layer_of(target) > layer_of(unit)
    }


def test_the_layers_name_every_unit_and_only_units() -> None:
    existing = {unit for unit, _ in units()}
    declared = set().union(*(units for _, units in LAYERS))
    assert existing - declared == set(), "units without a layer: give each one in LAYERS"
    assert declared - existing == set(), "layers naming units that do not exist"


def test_no_unit_is_in_two_layers() -> None:
    names = [unit for _, layer in LAYERS for unit in layer]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("when", [LOAD, TYPING, CALL])
def test_imports_point_down(when: str) -> None:
    reaching_up = {edge for edge in upward(when) if when != CALL or edge[:2] not in UPWARD}
    assert reaching_up == set(), "imports that reach a higher layer"


def test_every_upward_exception_is_still_needed() -> None:
    assert set(UPWARD) == {(unit, target) for unit, target, _ in upward(CALL)}


def test_the_units_import_graph_at_load_has_no_cycle() -> None:
    graph: dict[str, set[str]] = {}
    for unit, target, runs, _ in edges():
        if runs == LOAD:
            graph.setdefault(unit, set()).add(target)
    done: set[str] = set()
    path: list[str] = []

    def visit(unit: str) -> None:
        assert unit not in path, " -> ".join([*path[path.index(unit) :], unit])
        if unit in done:
            return
        path.append(unit)
        for target in sorted(graph.get(unit, ())):
            visit(target)
        path.pop()
        done.add(unit)

    for unit in sorted(graph):
        visit(unit)


def test_the_checker_sees_every_kind_of_import(tmp_path: Path) -> None:
    root = tmp_path / "belote"
    (root / "agents").mkdir(parents=True)
    for name in ("cards.py", "svg.py", "round.py"):
        (root / name).write_text("", encoding="utf-8")
    module = root / "round.py"
    module.write_text(
        "import belote.cards\nfrom belote.agents.easy import EasyAgent\nfrom belote import CLASSIC\n"
        "def draw():\n    from belote.svg import svg\n"
        "if TYPE_CHECKING:\n    from belote.svg import Picture\n",
        encoding="utf-8",
    )
    assert list(imports(module, root)) == [
        ("cards", LOAD, 1),
        ("agents", LOAD, 2),
        ("__init__", LOAD, 3),
        ("svg", CALL, 5),
        ("svg", TYPING, 7),
    ]
