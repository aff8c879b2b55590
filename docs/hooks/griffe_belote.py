"""A griffe extension for the API reference (configured in mkdocs.yml, python handler ``extensions``).

* Doctest examples become highlighted code blocks: the library's docstrings carry their
  examples as plain doctests (``>>>`` lines, run by pytest with ``--doctest-modules``), which
  Markdown would read as nested block quotes. Each run of doctest lines is wrapped in a
  ```` ```pycon ```` fence when mkdocstrings loads the package, without touching the source.
* attrs classes get their real ``__init__`` signature (griffe reads the source and does not
  run attrs): the fields that ``__init__`` takes, keyword-only where attrs makes them so, with
  their defaults; the ``attrs.field(...)`` calls are not shown as attribute values.
* Enum members are labelled ``enum-member``; special methods (``__or__``...) are left out.
* A name that a module re-exports from another module that has its own reference entry
  (``belote.round.RoundState`` is ``belote.state.RoundState``) is documented once, where it
  is defined.
"""

from __future__ import annotations

import enum
import importlib
import sys
from pathlib import Path
from typing import Any

import attrs
import griffe

sys.path.insert(0, str(Path(__file__).resolve().parent))
from belote_docs import MODULE_PAGES, fence_doctests  # a sibling file, not a package

__all__ = ["BeloteReference"]


class BeloteReference(griffe.Extension):
    """Fence the doctests of every docstring; document re-exported names once."""

    def on_object(self, *, obj: griffe.Object, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        """Rewrite the object's docstring (in memory only)."""
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fence_doctests(obj.docstring.value)

    def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        """Hide the re-exports whose defining module is rendered on its own; sign attrs classes."""
        for module in _modules(pkg):
            for member in list(module.members.values()):
                if isinstance(member, griffe.Alias):
                    target_module = member.target_path.rsplit(".", 1)[0]
                    if target_module != module.path and target_module in MODULE_PAGES:
                        member.public = False
                elif isinstance(member, griffe.Class):
                    _hide_dunders(member)
                    _label_enum_members(module.path, member)
                    if any(str(d.value).startswith(("attrs.", "attr.")) for d in member.decorators):
                        _sign_attrs_class(module.path, member)


def _hide_dunders(klass: griffe.Class) -> None:
    """Special methods (``__or__``, ``__attrs_post_init__``...) are protocol, not API entries."""
    for name, member in klass.members.items():
        if name.startswith("__") and name.endswith("__") and name != "__init__" and not member.is_alias:
            member.public = False


def _label_enum_members(module_path: str, klass: griffe.Class) -> None:
    """Label an enum's members ``enum-member`` (griffe would call them class and instance attributes)."""
    runtime = getattr(importlib.import_module(module_path), klass.name, None)
    if not (isinstance(runtime, type) and issubclass(runtime, enum.Enum)):
        return
    for name in runtime.__members__:
        member = klass.members.get(name)
        if isinstance(member, griffe.Attribute):
            member.labels.clear()
            member.labels.add("enum-member")


def _sign_attrs_class(module_path: str, klass: griffe.Class) -> None:
    """Give ``klass`` the ``__init__`` that attrs generates, read from the imported class."""
    runtime = getattr(importlib.import_module(module_path), klass.name, None)
    if not (isinstance(runtime, type) and attrs.has(runtime)):
        return
    positional = griffe.ParameterKind("positional or keyword")
    keyword_only = griffe.ParameterKind("keyword-only")
    parameters = [griffe.Parameter("self", kind=positional)]
    for field in attrs.fields(runtime):
        attribute = klass.members.get(field.name)
        annotation = None
        if isinstance(attribute, griffe.Attribute):
            annotation = attribute.annotation
            attribute.labels.discard("class-attribute")  # an attrs field lives on the instance
            if str(attribute.value).startswith(("attrs.field(", "attr.ib(")):
                attribute.value = None
        if not field.init:
            continue
        kind = keyword_only if field.kw_only else positional
        parameters.append(
            griffe.Parameter(
                field.alias or field.name,
                annotation=annotation,
                kind=kind,
                default=None if field.default is attrs.NOTHING else _default_text(field.default),
            )
        )
    init = griffe.Function("__init__", parameters=griffe.Parameters(*parameters), returns="None")
    klass.set_member("__init__", init)


def _default_text(value: object) -> str:
    """A default value as a reader would write it (``Undertrump.MUST``, not its repr)."""
    factory = getattr(value, "factory", None)
    if factory is not None:  # attrs.Factory
        return f"{getattr(factory, '__name__', 'factory')}()"
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, tuple):
        items = ", ".join(_default_text(item) for item in value)
        return f"({items},)" if len(value) == 1 else f"({items})"
    return repr(value)


def _modules(module: griffe.Module) -> list[griffe.Module]:
    found = [module]
    for member in module.members.values():
        if not member.is_alias and member.is_module:
            assert isinstance(member, griffe.Module)
            found.extend(_modules(member))
    return found
