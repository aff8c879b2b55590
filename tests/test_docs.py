"""The documentation cannot lie: its code blocks run, and its generated tables match the code.

* Every ```` ```python ```` block of every page under ``docs/`` and of README.md runs; the
  blocks of one page run in order in one namespace (so a page reads as one script), in a
  temporary working directory.
  A block that must not run (rare: e.g. one that needs a network) is preceded by the line
  ``<!-- docs-test: skip -->``; the marker is counted below so that it stays rare.
* The variant option table, generated at build time by ``docs/hooks/belote_docs.py``, has one
  row per field of :class:`belote.variant.Variant` with each preset's value; every preset has
  a rules page; every public name has an API reference page; the changelog page includes
  CHANGELOG.md.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import attrs
import pytest

import belote
from belote.variants import CLASSIC, PRESETS, Variant

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SKIP_MARKER = "<!-- docs-test: skip -->"
MAX_SKIPPED_BLOCKS = 3

_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>[^\n`]*)$")


def _load_hooks() -> ModuleType:
    path = DOCS / "hooks" / "belote_docs.py"
    spec = importlib.util.spec_from_file_location("belote_docs_under_test", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


hooks = _load_hooks()


@attrs.frozen
class Block:
    """One fenced code block of a docs page."""

    page: Path
    line: int
    language: str
    code: str
    skipped: bool


def code_blocks(page: Path) -> Iterator[Block]:
    """The fenced code blocks of ``page``, dedented, with their language and skip marker."""
    lines = page.read_text(encoding="utf-8").split("\n")
    index = 0
    while index < len(lines):
        opening = _FENCE.match(lines[index])
        if opening is None:
            index += 1
            continue
        indent, fence = opening["indent"], opening["fence"]
        info = opening["info"].strip()
        language = info.split()[0].lstrip(".{").rstrip("}") if info else ""
        previous = next((line.strip() for line in reversed(lines[:index]) if line.strip()), "")
        body: list[str] = []
        start = index + 1
        index += 1
        while index < len(lines) and lines[index].strip() != fence:
            line = lines[index]
            body.append(line[len(indent) :] if line.startswith(indent) else line.lstrip())
            index += 1
        if index == len(lines):
            raise AssertionError(f"{page}:{start}: unclosed code fence")
        index += 1
        yield Block(page, start, language, "\n".join(body) + "\n", previous == SKIP_MARKER)


def docs_pages() -> list[Path]:
    """Every Markdown page of the site."""
    return sorted(path for path in DOCS.rglob("*.md") if "hooks" not in path.relative_to(DOCS).parts)


PAGES_WITH_CODE = [
    page
    for page in [*docs_pages(), ROOT / "README.md"]
    if page.is_file() and any(block.language == "python" for block in code_blocks(page))
]


@contextlib.contextmanager
def _working_directory(path: Path) -> Iterator[None]:
    before = Path.cwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


def run_page(page: Path, workdir: Path) -> str:
    """Run the page's python blocks in order in one namespace; return what they printed."""
    namespace: dict[str, object] = {"__name__": f"docs_{page.stem.replace('-', '_')}"}
    output = io.StringIO()
    with _working_directory(workdir), contextlib.redirect_stdout(output):
        for block in code_blocks(page):
            if block.language != "python" or block.skipped:
                continue
            label = page.relative_to(ROOT) if page.is_relative_to(ROOT) else page
            code = compile(block.code, f"{label}:{block.line}", "exec")
            exec(code, namespace)
    return output.getvalue()


@pytest.mark.parametrize("page", PAGES_WITH_CODE, ids=lambda page: str(page.relative_to(ROOT)))
def test_docs_page_code_runs(page: Path, tmp_path: Path) -> None:
    run_page(page, tmp_path)


def test_every_tutorial_and_rules_page_has_running_code() -> None:
    pages = {str(page.relative_to(DOCS)) for page in PAGES_WITH_CODE if page.is_relative_to(DOCS)}
    for expected in ["index.md", "getting-started.md"]:
        assert expected in pages
    for folder in ["tutorials", "rules"]:
        for page in (DOCS / folder).glob("*.md"):
            if page.name not in ("options.md",):
                assert str(page.relative_to(DOCS)) in pages, f"{page} has no python example"


def test_skip_marker_stays_rare() -> None:
    skipped = [block for page in docs_pages() for block in code_blocks(page) if block.skipped]
    assert len(skipped) <= MAX_SKIPPED_BLOCKS, [f"{b.page}:{b.line}" for b in skipped]


def test_runner_reports_a_failing_block(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("Text.\n\n```python\nx = 1\n```\n\n```python\nassert x == 2, 'docs lie'\n```\n")
    with pytest.raises(AssertionError, match="docs lie"):
        run_page(page, tmp_path)


def test_runner_shares_namespace_and_honours_skip_marker(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "```python\nx = 41\n```\n\n"
        f"{SKIP_MARKER}\n```python\nraise SystemExit('must not run')\n```\n\n"
        "```bash\nexit 1\n```\n\n"
        "- In a list:\n\n    ```python\n    print(x + 1)\n    ```\n"
    )
    assert run_page(page, tmp_path) == "42\n"


# ---- the generated option table ---------------------------------------------------------------


def _table_rows(markdown: str) -> list[list[str]]:
    rows = [line for line in markdown.split("\n") if line.startswith("| ")]
    return [[cell.strip() for cell in re.split(r"(?<!\\)\|", row)[1:-1]] for row in rows[1:]]


def test_option_table_has_every_variant_field_with_each_preset_value() -> None:
    rows = _table_rows(hooks.options_table())
    fields = [field for field in attrs.fields(Variant) if field.name != "name"]
    assert [row[0] for row in rows] == [f"`{field.name}`" for field in fields]
    presets = list(PRESETS.values())
    for row, field in zip(rows, fields, strict=True):
        for cell, preset in zip(row[1 : 1 + len(presets)], presets, strict=True):
            value = getattr(preset, field.name)
            expected = f"`{hooks.format_value(value)}`"
            if value != getattr(CLASSIC, field.name):
                expected = f"**{expected}**"
            assert cell == expected, (field.name, preset.name)
        assert row[-1], f"option {field.name} has no documentation"


def test_option_table_values_column_lists_each_enum_member() -> None:
    rows = {row[0].strip("`"): row for row in _table_rows(hooks.options_table())}
    for field in attrs.fields(Variant):
        default = getattr(CLASSIC, field.name)
        if field.name == "name" or not hasattr(type(default), "__members__") or isinstance(default, int):
            continue
        for member in type(default):
            assert f"`{member.value}`" in rows[field.name][-2], (field.name, member)


def test_option_table_marks_bulgarian_differences() -> None:
    rows = {row[0].strip("`"): row for row in _table_rows(hooks.options_table())}
    names = list(PRESETS)
    bulgarian = 1 + names.index("bulgarian")
    assert rows["target"][bulgarian] == "**`151`**"
    assert rows["rounding"][bulgarian] == "**`game_points`**"
    assert rows["first_lead"][bulgarian] == "`eldest`"


def test_format_value() -> None:
    assert hooks.format_value(True) == "true"
    assert hooks.format_value(None) == "none"
    assert hooks.format_value(belote.BULGARIAN.contracts) == "C D H S NONE ALL"
    assert hooks.format_value(belote.CLASSIC_501.first_lead) == "dealer"
    assert hooks.format_value(501) == "501"


def test_options_page_and_preset_pages_use_the_generator() -> None:
    assert "<!-- belote:options-table -->" in (DOCS / "rules" / "options.md").read_text()
    markers = {}
    for page in (DOCS / "rules").glob("*.md"):
        for match in re.finditer(r"<!-- belote:preset-options (\S+) -->", page.read_text()):
            markers[match[1]] = page
    assert set(markers) == set(PRESETS), "every preset needs a rules page with its option list"
    nav = (ROOT / "mkdocs.yml").read_text()
    for page in markers.values():
        assert str(page.relative_to(DOCS)) in nav


def test_preset_option_list_matches_the_preset() -> None:
    rows = _table_rows(hooks.preset_options("classic_501"))
    values = {row[0].split("`")[1]: row for row in rows}
    assert set(values) == {field.name for field in attrs.fields(Variant)} - {"name"}
    assert values["target"][1:] == ["`501`", "`1000`"]
    assert values["contracts"][2] == "same"


def test_render_markers(tmp_path: Path) -> None:
    (tmp_path / "NOTES.md").write_text("# Notes\n")
    text = hooks.render_markers("A\n<!-- belote:include NOTES.md -->\nB", tmp_path)
    assert text == "A\n# Notes\n\nB"
    with pytest.raises(FileNotFoundError):
        hooks.render_markers("<!-- belote:include MISSING.md -->", tmp_path)
    with pytest.raises(ValueError, match="unknown preset"):
        hooks.render_markers("<!-- belote:preset-options nonesuch -->", tmp_path)
    with pytest.raises(ValueError, match="unknown docs marker"):
        hooks.render_markers("<!-- belote:frobnicate -->", tmp_path)


def test_fence_doctests() -> None:
    text = "Intro.\n\n>>> 1 + 1\n2\n\nArgs:\n    x: y.\n\n    >>> f(\n    ...     1)\n\n```\n>>> kept\n```"
    assert hooks.fence_doctests(text) == (
        "Intro.\n\n```pycon\n>>> 1 + 1\n2\n```\n\nArgs:\n    x: y.\n\n"
        "    ```pycon\n    >>> f(\n    ...     1)\n    ```\n\n```\n>>> kept\n```"
    )


# ---- the API reference and the changelog ------------------------------------------------------


def test_every_public_name_has_a_reference_page() -> None:
    owners = hooks.public_modules()
    assert set(owners) == set(belote.__all__) - {"__version__"}
    for module_name in set(owners.values()):
        page = DOCS / "reference" / hooks.MODULE_PAGES[module_name]
        assert page.is_file(), page
        assert f"::: {module_name}\n" in page.read_text(), f"{page} does not render {module_name}"
        assert f"reference/{page.name}" in (ROOT / "mkdocs.yml").read_text()


def test_every_existing_public_module_is_rendered() -> None:
    rendered = set()
    for page in (DOCS / "reference").glob("*.md"):
        rendered |= set(re.findall(r"^::: (\S+)$", page.read_text(), flags=re.MULTILINE))
    for module_name, page_name in hooks.MODULE_PAGES.items():
        if importlib.util.find_spec(module_name) is not None:
            assert module_name in rendered, f"{module_name} needs ::: {module_name} in reference/{page_name}"


def test_every_public_top_level_module_has_a_reference_page() -> None:
    """A new module of the library cannot be forgotten by the API reference (``belote.cli`` is
    documented on the command-line page; ``_private`` modules are not public)."""
    found = {
        info.name
        for info in pkgutil.iter_modules(belote.__path__, prefix="belote.")
        if not info.name.rsplit(".", 1)[1].startswith("_") and info.name != "belote.cli"
    }
    assert found <= set(hooks.MODULE_PAGES), sorted(found - set(hooks.MODULE_PAGES))


def _rendered_modules() -> dict[str, list[str] | None]:
    """The modules the reference pages render (``::: name``), each with the members its
    ``members:`` option limits it to (None: every public one)."""
    rendered: dict[str, list[str] | None] = {}
    for page in (DOCS / "reference").glob("*.md"):
        for found in re.finditer(r"^::: (\S+)\n((?:[ \t]+\S.*\n)*)", page.read_text(), flags=re.MULTILINE):
            members = re.search(r"members: \[([^\]]*)\]", found[2])
            rendered[found[1]] = None if members is None else [name.strip() for name in members[1].split(",")]
    return rendered


def test_every_public_name_of_every_module_is_rendered() -> None:
    """Every name in the ``__all__`` of a public module, at any depth (``belote.agents.bidder``
    too, not only the top-level modules), is on a reference page: its module is rendered with
    it, or a rendered package exports the same object (``belote.agents.HardAgent``)."""
    import importlib

    rendered = _rendered_modules()
    missing = []
    for info in pkgutil.walk_packages(belote.__path__, prefix="belote."):
        if any(part.startswith("_") for part in info.name.split(".")) or info.name.startswith("belote.cli"):
            continue
        module = importlib.import_module(info.name)
        for name in getattr(module, "__all__", ()):
            if name in (rendered.get(info.name) or ()) or rendered.get(info.name, ()) is None:
                continue
            value = getattr(module, name)
            owners = [
                package
                for package, members in rendered.items()
                if info.name.startswith(package + ".")
                and members is None
                and name in getattr(importlib.import_module(package), "__all__", ())
                and getattr(importlib.import_module(package), name) is value
            ]
            if not owners:
                missing.append(f"{info.name}.{name}")
    assert missing == []


def test_changelog_page_includes_the_changelog() -> None:
    assert (DOCS / "changelog.md").read_text().strip() == "<!-- belote:include CHANGELOG.md -->"


def test_roles_in_docstrings_become_links() -> None:
    html = (
        "<p>:class:<code>Card</code>, :func:<code>~belote.round.deal</code>, "
        ":meth:<code>Match.record</code>, :attr:<code>nonesuch</code></p>"
    )
    assert hooks.on_page_content(html, None, None, None) == (
        '<p><autoref identifier="belote.cards.Card" optional><code>Card</code></autoref>, '
        '<autoref identifier="belote.round.deal" optional><code>deal</code></autoref>, '
        '<autoref identifier="belote.match.Match.record" optional><code>Match.record</code></autoref>, '
        "<code>nonesuch</code></p>"
    )
