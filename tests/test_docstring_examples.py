"""Every public class and function shows how it is used: its docstring has a ``>>>`` example
(run by the doctest collection of ``src/belote``).

The public surface checked: ``belote.__all__`` and the ``__all__`` of every public submodule
(the notation, the records, the variant options, the agents package...), but not the command
line's modules nor the agents' internal building blocks (``belote.agents.heuristics``...)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import belote

PUBLIC_MODULES = (
    "belote",
    *(
        info.name
        for info in pkgutil.walk_packages(belote.__path__, "belote.")
        if not any(part.startswith("_") for part in info.name.split("."))
        # the command line and the agents' building blocks are not an API of their own
        and not info.name.startswith(("belote.cli", "belote.agents."))
    ),
)


def public_objects() -> dict[str, object]:
    """``module.name`` -> object for every class and function in the ``__all__`` of
    :data:`PUBLIC_MODULES` (one entry per object)."""
    modules = [importlib.import_module(name) for name in PUBLIC_MODULES]
    found: dict[int, tuple[str, object]] = {}
    for module in modules:
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if (inspect.isclass(value) or inspect.isfunction(value)) and id(value) not in found:
                found[id(value)] = (f"{module.__name__}.{name}", value)
    return dict(found.values())


PUBLIC = public_objects()


def test_the_public_objects_are_all_found() -> None:
    names = {name.rsplit(".", 1)[1] for name in PUBLIC}
    assert {"deal", "bid", "play", "match", "dumps", "loads", "replay", "legal_moves", "legal_bids"} <= names
    assert {"format_round", "make_agent", "RoundState", "Variant"} <= names
    assert len(PUBLIC) >= 74


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_docstring_has_an_example(name: str) -> None:
    doc = inspect.getdoc(PUBLIC[name]) or ""
    assert ">>>" in doc, f"{name}: add a short >>> example to its docstring"
