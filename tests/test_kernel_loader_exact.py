"""Exact tests of the compiled kernel's loader (``belote.kernel``): when it takes the compiled
module, when it falls back to the pure-Python path, and the tables it hands to the C side.

The loader runs once, at import. These tests call its functions again, in process, with a
stand-in compiled module (a plain module object whose ``set_tables`` records its arguments) in
place of the real one, and with the package's folder pointed at a temporary one holding C
sources or none: the environment flag's values, a missing build, a build older than its
sources (refused with a warning that names the importer's line), an installed build without
sources (taken), the sources' fingerprint, and each table's size and contents. They run on
either path (``BELOTE_PURE=1`` too) and whether or not a compiler built the kernel.
"""

from __future__ import annotations

import hashlib
import os
import sys
import types
import warnings
from pathlib import Path

import attrs
import pytest

import belote.kernel
from belote import CLASSIC, Trump
from belote.agents.heuristics import WORTH_WINNING
from belote.options import NoTrumpsScale, PartnerMasterTrumped, ToutAtoutScale, Undertrump
from belote.tally import LAST_TRICK_BONUS
from belote.trumps import ABOVE_TABLE, POINTS_TABLE, STRENGTH_TABLE, TRICK_POWER, TRUMP_SUIT_MASK, points_row

STALE = (
    "belote: the compiled kernel is older than its C sources; using the pure-Python path "
    "(reinstall the package to rebuild it)"
)


class FakeKernel(types.ModuleType):
    """A compiled module's stand-in: ``set_tables`` records each call's arguments."""

    def __init__(self, source_hash: str | None) -> None:
        super().__init__("belote.kernel._ckernel")
        if source_hash is not None:
            self.SOURCE_HASH = source_hash
        self.calls: list[tuple[object, ...]] = []

    def set_tables(self, *args: object) -> None:
        self.calls.append(args)


def sources(folder: Path, files: dict[str, bytes]) -> str:
    """Writes ``files`` into ``folder`` and gives the fingerprint of its C sources, computed here
    from its definition: the ``.c`` and ``.h`` files' bytes in name order, SHA-256, 16 hex
    digits."""
    for name, content in files.items():
        folder.joinpath(name).write_bytes(content)
    digest = hashlib.sha256()
    for name in sorted(files):
        if name.endswith((".c", ".h")):
            digest.update(files[name])
    return digest.hexdigest()[:16]


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The package's folder as the loader sees it: an empty temporary one."""
    monkeypatch.setattr(belote.kernel, "__file__", str(tmp_path / "__init__.py"))
    monkeypatch.delenv("BELOTE_PURE", raising=False)
    return tmp_path


def install(monkeypatch: pytest.MonkeyPatch, module: types.ModuleType | None) -> None:
    """Makes ``from belote.kernel import _ckernel`` give ``module`` (None: an ImportError)."""
    monkeypatch.delattr(belote.kernel, "_ckernel", raising=False)
    monkeypatch.setitem(sys.modules, "belote.kernel._ckernel", module)
    if module is not None:
        monkeypatch.setattr(belote.kernel, "_ckernel", module, raising=False)


def load() -> types.ModuleType | None:
    """The loader called from this file, one frame above it as the package's import is."""
    return belote.kernel._compiled_module()


def test_the_fingerprint_reads_the_c_sources_in_name_order(folder: Path) -> None:
    files = {"z.c": b"last", "a.h": b"first", "m.c": b"middle", "notes.txt": b"not a source", "b.py": b"no"}
    expected = sources(folder, files)
    assert belote.kernel._source_hash(folder) == expected
    assert expected == hashlib.sha256(b"firstmiddlelast").hexdigest()[:16]
    assert len(expected) == 16


def test_the_fingerprint_of_a_folder_without_sources(folder: Path) -> None:
    assert belote.kernel._source_hash(folder) == hashlib.sha256().hexdigest()[:16]


def test_a_current_build_is_taken_and_given_its_tables(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeKernel(sources(folder, {"_ckernel.c": b"int x;", "_search.h": b"int y;"}))
    install(monkeypatch, fake)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert load() is fake
    assert len(fake.calls) == 1


@pytest.mark.parametrize("flag", ["", "0", " 0 ", "\t0\n", "  "])
def test_flags_that_keep_the_compiled_path(folder: Path, monkeypatch: pytest.MonkeyPatch, flag: str) -> None:
    fake = FakeKernel(sources(folder, {"_ckernel.c": b"int x;"}))
    install(monkeypatch, fake)
    monkeypatch.setenv("BELOTE_PURE", flag)
    assert load() is fake


@pytest.mark.parametrize("flag", ["1", " 1 ", "yes", "true", "00", "o"])
def test_flags_that_force_the_pure_path(folder: Path, monkeypatch: pytest.MonkeyPatch, flag: str) -> None:
    fake = FakeKernel(sources(folder, {"_ckernel.c": b"int x;"}))
    install(monkeypatch, fake)
    monkeypatch.setenv("BELOTE_PURE", flag)
    assert load() is None
    assert fake.calls == []  # nothing handed over


def test_without_a_build_the_path_is_pure(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, None)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning: an install without a compiler is normal
        assert load() is None


@pytest.mark.parametrize("built_from", ["0" * 16, None])
def test_a_build_older_than_its_sources_is_refused_with_a_warning(
    folder: Path, monkeypatch: pytest.MonkeyPatch, built_from: str | None
) -> None:
    sources(folder, {"_ckernel.c": b"int x;", "_search.h": b"int y;"})
    fake = FakeKernel(built_from)
    install(monkeypatch, fake)
    line = sys._getframe().f_lineno + 2
    with pytest.warns(RuntimeWarning) as caught:
        found = load()
    assert found is None
    assert [str(warning.message) for warning in caught] == [STALE]
    # attributed to the caller of the function that called the loader: at import, the importer
    # (mutmut's trampoline adds frames: under it, the stack level is checked by the plain run)
    if "MUTANT_UNDER_TEST" not in os.environ:
        assert (caught[0].filename, caught[0].lineno) == (__file__, line)
    assert fake.calls == []


def test_a_build_whose_sources_changed_since_is_refused(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    built = sources(folder, {"_ckernel.c": b"int x;", "_search.h": b"int y;"})
    sources(folder, {"_search.h": b"int y, z;"})
    fake = FakeKernel(built)
    install(monkeypatch, fake)
    with pytest.warns(RuntimeWarning, match="older than its C sources"):
        assert load() is None


def test_a_header_alone_is_not_a_source_checkout(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only ``_ckernel.c`` says the sources are there: an installed package is taken as built."""
    sources(folder, {"_search.h": b"int y;"})
    fake = FakeKernel("0" * 16)
    install(monkeypatch, fake)
    assert load() is fake
    fake_without_hash = FakeKernel(None)
    install(monkeypatch, fake_without_hash)
    assert load() is fake_without_hash
    assert len(fake_without_hash.calls) == 1


def tables() -> tuple[object, ...]:
    fake = FakeKernel(None)
    belote.kernel._load_tables(fake)
    assert len(fake.calls) == 1
    return fake.calls[0]


def rows_of(table: object, width: int) -> list[bytes]:
    assert isinstance(table, bytes)
    return [table[start : start + width] for start in range(0, len(table), width)]


def words(table: object) -> list[int]:
    assert isinstance(table, bytes)
    return [int.from_bytes(table[start : start + 4], sys.byteorder) for start in range(0, len(table), 4)]


def test_the_tables_handed_over_are_eleven() -> None:
    assert len(tables()) == 11


def test_trick_power_by_mode_led_suit_and_card() -> None:
    power = tables()[0]
    assert isinstance(power, bytes)
    assert len(power) == 6 * 4 * 32
    expected = [value for mode in TRICK_POWER for led in mode for value in led]
    assert list(power) == expected
    hearts, jack_of_hearts, ace_of_spades = int(Trump.HEARTS), 8 * int(Trump.HEARTS) + 4, 8 * 1 + 7
    assert power[hearts * 128 + 1 * 32 + jack_of_hearts] == max(power[hearts * 128 : hearts * 128 + 128])
    assert power[int(Trump.NO_TRUMPS) * 128 + 1 * 32 + ace_of_spades] > 0


def test_cards_above_each_card_as_native_words() -> None:
    above = tables()[1]
    assert words(above) == [mask for mode in ABOVE_TABLE for mask in mode]
    assert len(words(above)) == 6 * 32


def test_card_points_of_the_four_suit_contracts() -> None:
    suits = rows_of(tables()[2], 32)
    assert suits == [bytes(POINTS_TABLE[mode]) for mode in range(4)]


def test_no_trumps_points_per_scale_padded_to_four_rows() -> None:
    no_trumps = rows_of(tables()[3], 32)
    scales = [
        bytes(points_row(Trump.NO_TRUMPS, attrs.evolve(CLASSIC, no_trumps_scale=scale)))
        for scale in NoTrumpsScale
    ]
    assert len(scales) == 2
    assert scales[0] != scales[1]
    assert no_trumps == scales + [scales[0]] * 2


def test_all_trumps_points_per_scale() -> None:
    all_trumps = rows_of(tables()[4], 32)
    scales = [
        bytes(points_row(Trump.ALL_TRUMPS, attrs.evolve(CLASSIC, tout_atout_scale=scale)))
        for scale in ToutAtoutScale
    ]
    assert len(scales) == 4
    assert len(set(scales)) == 3  # the 258 conversion keeps the trump values
    assert all_trumps == scales


def test_the_scalars_and_the_option_counts() -> None:
    handed = tables()
    assert handed[5] == LAST_TRICK_BONUS == 10
    assert handed[6] == (len(Undertrump), len(PartnerMasterTrumped), len(NoTrumpsScale), len(ToutAtoutScale))
    assert handed[6] == (3, 3, 2, 4)
    assert handed[10] == WORTH_WINNING == 10


def test_the_heuristics_tables() -> None:
    handed = tables()
    assert list(handed[7]) == [value for mode in STRENGTH_TABLE for value in mode]  # type: ignore[call-overload]
    assert list(handed[8]) == [value for mode in POINTS_TABLE for value in mode]  # type: ignore[call-overload]
    assert len(handed[7]) == len(handed[8]) == 6 * 32  # type: ignore[arg-type]
    assert words(handed[9]) == list(TRUMP_SUIT_MASK)
    assert len(words(handed[9])) == 6


PURE_HOMES = {
    "legal_mask": "belote.kernel._pure",
    "winning_position": "belote.kernel._pure",
    "rollouts": "belote.kernel._pure",
    "normal_card": "belote.kernel._pure",
    "normal_play_out": "belote.kernel._pure",
    "seat_misplays": "belote.kernel._pure",
    "solve_cards": "belote.kernel._search",
    "solve_value": "belote.kernel._value",
}


@pytest.mark.parametrize("name", sorted(PURE_HOMES))
def test_each_function_comes_from_the_active_path_under_its_own_name(name: str) -> None:
    """Each twin function of the package is the compiled module's function of that name when the
    compiled kernel is in use, else the pure twin's: never another function, never a mix."""
    active = belote.kernel._compiled
    expected = getattr(sys.modules[PURE_HOMES[name]] if active is None else active, name)
    assert getattr(belote.kernel, name) is expected
    assert belote.kernel.COMPILED is (active is not None)
    assert name in belote.kernel.__all__
