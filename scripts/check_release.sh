#!/usr/bin/env bash
# Release check for belote-rules: build, check and install the distribution the way a user gets it.
#
#   scripts/check_release.sh            # uses .venv/bin/python if present, else python3
#   PYTHON=python3.10 scripts/check_release.sh
#
# 1. builds the sdist and, from it, the wheel (python -m build) into a temporary directory: the
#    wheel carries the compiled kernel (belote/kernel/_ckernel*.so, a platform tag), so a C
#    compiler is needed; then, from the same sdist, a pure-Python wheel (BELOTE_PURE_BUILD=1) and
#    a wheel built with no compiler at all (CC names none: it must fall back to pure Python), and
#    checks that BELOTE_REQUIRE_KERNEL=1 (set for the first build) fails a build with no compiler
#    or with BELOTE_PURE_BUILD=1;
# 2. checks them with twine (--strict) and checks the metadata (one runtime dependency, attrs;
#    Typing :: Typed; licence; project URLs; keywords; README as the description) and the
#    contents (py.typed in the wheels; tests, LICENSE, CHANGELOG.md, the C source and the build
#    hook in the sdist; the compiled module in the compiled wheel only);
# 3. for the compiled and the pure wheel: creates a clean virtual environment, installs only that
#    wheel (attrs comes from the index), and checks that nothing else was installed;
# 4. outside the source tree, with each: imports belote, checks that the version matches the
#    metadata and that belote.kernel.COMPILED says which wheel it is, plays a round and a match
#    through the public API, and runs the `belote` command; then installs pytest and Hypothesis
#    there and runs the kernel tests (compiled against pure) on the installed wheel;
# 5. unpacks the sdist, installs it with the test extra into another clean virtual environment
#    and runs its test suite as shipped (docs/ and mkdocs.yml are in the sdist for test_docs).
#
# Uses `build` and `twine` from $PYTHON (the `dev` extra); when they are missing there, installs them
# into a temporary tools environment. Needs the package index for attrs (and for those tools).
# Exit status 0 when everything passed. Takes a minute or two (most of it the sdist's tests).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ -z "${PYTHON:-}" ]]; then
    if [[ -x "$ROOT/.venv/bin/python" ]]; then PYTHON="$ROOT/.venv/bin/python"; else PYTHON=python3; fi
fi
WORK="$(mktemp -d "${TMPDIR:-/tmp}/belote-release.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
START=$SECONDS

step() { printf '\n== %s\n' "$*"; }

if ! "$PYTHON" -c "import build, twine" >/dev/null 2>&1; then
    step "install build and twine into a temporary tools environment"
    "$PYTHON" -m venv "$WORK/tools"
    "$WORK/tools/bin/python" -m pip install --quiet --disable-pip-version-check build twine
    PYTHON="$WORK/tools/bin/python"
fi

step "build sdist and wheel ($("$PYTHON" --version))"
BELOTE_REQUIRE_KERNEL=1 "$PYTHON" -m build --outdir "$WORK/dist" "$ROOT" >"$WORK/build.log" 2>&1 \
    || { cat "$WORK/build.log"; exit 1; }
ls -1 "$WORK/dist"
SDIST=("$WORK"/dist/*.tar.gz)
WHEEL=("$WORK"/dist/*.whl)
[[ ${#SDIST[@]} -eq 1 && -f "${SDIST[0]}" ]] || { echo "expected one sdist"; exit 1; }
[[ ${#WHEEL[@]} -eq 1 && -f "${WHEEL[0]}" ]] || { echo "expected one wheel"; exit 1; }
[[ "${WHEEL[0]}" != *-py3-none-any.whl ]] || {
    grep -i "kernel" "$WORK/build.log"; echo "the wheel is pure Python: the C kernel did not compile"; exit 1; }

step "build a pure-Python wheel from the sdist (BELOTE_PURE_BUILD=1)"
BELOTE_PURE_BUILD=1 "$PYTHON" -m build --wheel --outdir "$WORK/pure" "${SDIST[0]}" >"$WORK/pure.log" 2>&1 \
    || { cat "$WORK/pure.log"; exit 1; }
PURE=("$WORK"/pure/*-py3-none-any.whl)
[[ ${#PURE[@]} -eq 1 && -f "${PURE[0]}" ]] || { ls "$WORK/pure"; echo "expected one py3-none-any wheel"; exit 1; }
basename "${PURE[0]}"

step "build a wheel where no C compiler exists: pure Python, with a warning"
CC=/nonexistent/cc "$PYTHON" -m build --wheel --outdir "$WORK/nocc" "${SDIST[0]}" >"$WORK/nocc.log" 2>&1 \
    || { cat "$WORK/nocc.log"; exit 1; }
NOCC=("$WORK"/nocc/*-py3-none-any.whl)
[[ ${#NOCC[@]} -eq 1 && -f "${NOCC[0]}" ]] || { ls "$WORK/nocc"; echo "no compiler: expected a pure wheel"; exit 1; }
grep -q "the C kernel was not compiled" "$WORK/nocc.log" || { cat "$WORK/nocc.log"; echo "no warning"; exit 1; }
grep -h "the C kernel was not compiled" "$WORK/nocc.log" | head -n 1

step "BELOTE_REQUIRE_KERNEL=1: no compiler, or a pure build asked for too, fails the build"
for setting in CC=/nonexistent/cc BELOTE_PURE_BUILD=1; do
    if env "$setting" BELOTE_REQUIRE_KERNEL=1 "$PYTHON" -m build --wheel --outdir "$WORK/required" "${SDIST[0]}" \
        >"$WORK/required.log" 2>&1; then
        cat "$WORK/required.log"; echo "$setting with BELOTE_REQUIRE_KERNEL=1 built a wheel"; exit 1
    fi
    grep -q "BELOTE_REQUIRE_KERNEL" "$WORK/required.log" || { cat "$WORK/required.log"; echo "no reason given"; exit 1; }
    grep -h -o "belote: .*BELOTE_REQUIRE_KERNEL.*" "$WORK/required.log" | head -n 1 | cut -c 1-160
done
[ ! -e "$WORK/required" ] || [ -z "$(ls -A "$WORK/required")" ] || { ls "$WORK/required"; echo "a wheel was left"; exit 1; }

step "twine check"
"$PYTHON" -m twine check --strict "$WORK"/dist/* "${PURE[0]}"

step "metadata and contents"
# the files git tracks (none outside a git checkout): the archives hold nothing else (an editor's
# swap file, a backup or a notes file left in the tree would otherwise be packed)
git -C "$ROOT" ls-files >"$WORK/tracked.txt" 2>/dev/null || : >"$WORK/tracked.txt"
"$PYTHON" - "${WHEEL[0]}" "${SDIST[0]}" "${PURE[0]}" "$WORK/tracked.txt" <<'PY'
import sys
import tarfile
import zipfile
from email.parser import Parser

wheel, sdist, pure, tracked_list = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
tracked = set(open(tracked_list, encoding="utf-8").read().split("\n")) - {""}
problems = []
with zipfile.ZipFile(wheel) as archive:
    names = archive.namelist()
    metadata_name = next(name for name in names if name.endswith(".dist-info/METADATA"))
    metadata = Parser().parsestr(archive.read(metadata_name).decode())
    entry_points = next((name for name in names if name.endswith(".dist-info/entry_points.txt")), None)
    scripts = archive.read(entry_points).decode() if entry_points else ""

def need(condition, message):
    if not condition:
        problems.append(message)

requires = [r for r in metadata.get_all("Requires-Dist") or [] if "extra ==" not in r]
need([r.split(">")[0].split("=")[0].split("<")[0].strip() for r in requires] == ["attrs"],
     f"the only runtime dependency must be attrs, got {requires}")
classifiers = metadata.get_all("Classifier") or []
need("Typing :: Typed" in classifiers, "classifier Typing :: Typed missing")
need(any(c.startswith("Programming Language :: Python :: 3.10") for c in classifiers), "Python 3.10 classifier missing")
need(metadata.get("License-Expression") == "MIT", "no PEP 639 License-Expression: MIT (hatchling < 1.27?)")
need("LICENSE" in (metadata.get_all("License-File") or []), "License-File: LICENSE missing")
need(any(n.endswith("LICENSE") for n in names), "LICENSE not in the wheel")
need(len(metadata.get_all("Project-URL") or []) >= 3, "project URLs missing")
need(metadata.get("Keywords"), "keywords missing")
need(metadata.get("Requires-Python", "").startswith(">=3.10"), "Requires-Python must be >=3.10")
need(metadata.get("Description-Content-Type") == "text/markdown", "the README must be the (markdown) description")
need(len(metadata.get_payload() or "") > 200, "the long description (README) is nearly empty")
need("belote/py.typed" in names, "py.typed not in the wheel")
need("belote/__init__.py" in names, "the belote package is not in the wheel")
need(sum(n.startswith("belote/kernel/_ckernel") and n.endswith((".so", ".pyd")) for n in names) == 1,
     "the compiled wheel must carry one compiled kernel module")
with zipfile.ZipFile(pure) as archive:
    pure_names = archive.namelist()
need(not any(n.endswith((".so", ".pyd", ".o")) for n in pure_names), "the pure wheel carries compiled code")
need(sorted(n for n in pure_names if ".dist-info/" not in n)
     == sorted(n for n in names if ".dist-info/" not in n and not n.endswith((".so", ".pyd"))),
     "the pure wheel's files differ from the compiled wheel's (the compiled module aside)")
need(not any(n.startswith(("tests/", "docs/", "benchmarks/")) for n in names), "tests/docs/benchmarks leaked into the wheel")
need("belote = belote.cli:main" in scripts or "belote=belote.cli:main" in scripts.replace(" ", ""),
     "the belote console script is not declared")
with tarfile.open(sdist) as archive:
    members = archive.getnames()
need(not any(m.endswith((".so", ".pyd", ".o")) for m in members), "compiled files in the sdist")
for wanted in ("pyproject.toml", "README.md", "LICENSE", "CHANGELOG.md", "src/belote/__init__.py", "tests",
               "docs/index.md", "mkdocs.yml", "hatch_build.py", "src/belote/kernel/_ckernel.c"):
    relative = [m.split("/", 1)[-1] for m in members]
    need(any(r == wanted or r.startswith(wanted + "/") for r in relative), f"{wanted} not in the sdist")
if tracked:
    with tarfile.open(sdist) as archive:
        files = [m.name.split("/", 1)[-1] for m in archive.getmembers() if m.isfile()]
    untracked = sorted(set(files) - tracked - {"PKG-INFO"})
    need(not untracked, f"files git does not track in the sdist: {untracked[:10]}")
    packed = {n for n in names if ".dist-info/" not in n and not n.endswith((".so", ".pyd"))}
    untracked = sorted(n for n in packed if "src/" + n not in tracked)
    need(not untracked, f"files git does not track in the wheel: {untracked[:10]}")
print(f"{metadata['Name']} {metadata['Version']}: {len(names)} files in the wheel, {len(members)} in the sdist")
if problems:
    print("\n".join("PROBLEM: " + p for p in problems))
    sys.exit(1)
PY

check_wheel() {  # $1: compiled or pure, $2: the wheel
local kind=$1 wheel=$2 venv="$WORK/venv-$1"
step "install the $kind wheel into a clean virtual environment"
"$PYTHON" -m venv "$venv"
VPY="$venv/bin/python"
"$VPY" -m pip install --quiet --disable-pip-version-check "$wheel"
"$VPY" - <<'PY'
import importlib.metadata as md
names = sorted(d.metadata["Name"].lower() for d in md.distributions())
extra = [n for n in names if n not in ("attrs", "belote-rules", "pip", "setuptools", "wheel")]
assert "attrs" in names and "belote-rules" in names, names
assert not extra, f"installed more than belote-rules and attrs: {extra}"
print("installed:", ", ".join(names))
PY

step "import and play with the $kind wheel, outside the source tree"
cd "$WORK"
"$VPY" -I - "$venv" "$kind" <<'PY'
import importlib
import importlib.metadata
import pkgutil
import sys
from pathlib import Path

import belote
from belote import CLASSIC, BULGARIAN, Phase, Seat

assert Path(belote.__file__).resolve().is_relative_to(Path(sys.argv[1]).resolve()), belote.__file__
assert belote.__version__ == importlib.metadata.version("belote-rules"), belote.__version__
import belote.kernel

assert belote.kernel.COMPILED is (sys.argv[2] == "compiled"), (sys.argv[2], belote.kernel.COMPILED)
print(f"belote.kernel.COMPILED is {belote.kernel.COMPILED}")
for name in belote.__all__:
    getattr(belote, name)
modules = [m.name for m in pkgutil.walk_packages(belote.__path__, "belote.") if not m.name.endswith("__main__")]
for module in modules:
    importlib.import_module(module)
print(f"imported belote and its {len(modules)} submodules")

for variant in (CLASSIC, BULGARIAN):
    state = belote.deal(variant, dealer=Seat(0), seed=2024)
    while state.phase is Phase.BIDDING:
        state = belote.bid(state, belote.legal_bids(state)[-1])
    assert state.phase is Phase.PLAYING, state.phase
    while state.phase is Phase.PLAYING:
        state = belote.play(state, next(iter(belote.legal_moves(state))))
    score = belote.score_round(state)
    print(f"{variant.name}: {score.outcome.value} {score.points}")

game = belote.match(CLASSIC, seed=1)
while game.winner is None:
    state = game.deal()
    while state.phase is Phase.BIDDING:
        state = belote.bid(state, belote.legal_bids(state)[-1])
    while state.phase is Phase.PLAYING:
        state = belote.play(state, next(iter(belote.legal_moves(state))))
    game = game.record(state)
print(f"belote-rules {belote.__version__}: a classic match won by team {int(game.winner)} {game.scores}")

from belote.records import dumps, loads, record_schema  # the JSON schema is package data

assert record_schema()["$schema"].startswith("https://json-schema.org/")
assert loads(dumps(game)) == game
print("a match record written and replayed")
PY

step "the belote command ($kind wheel)"
if [[ -x "$venv/bin/belote" ]]; then
    "$venv/bin/belote" --help >"$WORK/help.txt"
    head -n 3 "$WORK/help.txt"
    "$venv/bin/belote" rules bulgarian >/dev/null
    "$venv/bin/belote" demo --seed 1 --level easy --save "$WORK/demo.json" >/dev/null
    "$venv/bin/belote" replay "$WORK/demo.json" | tail -n 1
    "$VPY" -m belote --version
else
    echo "no belote command installed"; exit 1
fi

step "the kernel tests on the installed $kind wheel"
"$VPY" -m pip install --quiet --disable-pip-version-check "pytest>=7.4" "hypothesis>=6.80"
# run from a copy of the tests alone (with the private helper modules they import), so that
# belote comes from the installed wheel
rm -rf "$WORK/kernel-tests" && mkdir "$WORK/kernel-tests"
cp "$ROOT"/tests/conftest.py "$ROOT"/tests/_*.py "$ROOT"/tests/test_kernel*.py "$WORK/kernel-tests/"
(cd "$WORK/kernel-tests" && "$VPY" -m pytest -q -p no:cacheprovider -rs . | tail -n 4)
}

check_wheel compiled "${WHEEL[0]}"
check_wheel pure "${PURE[0]}"

step "the sdist's own test suite, unpacked, in a clean virtual environment"
mkdir "$WORK/sdist"
tar -xzf "${SDIST[0]}" -C "$WORK/sdist"
UNPACKED=("$WORK"/sdist/*/)
[[ ${#UNPACKED[@]} -eq 1 && -f "${UNPACKED[0]}pyproject.toml" ]] || { echo "the sdist has no single top directory"; exit 1; }
"$PYTHON" -m venv "$WORK/sdist-venv"
# editable, so that the doctests of src/belote and the tests import the same (unpacked) modules
"$WORK/sdist-venv/bin/python" -m pip install --quiet --disable-pip-version-check -e "${UNPACKED[0]}[test]"
cd "${UNPACKED[0]}"
if ! "$WORK/sdist-venv/bin/python" -m pytest -n auto -q -p no:cacheprovider >"$WORK/sdist-tests.log" 2>&1; then
    tail -n 40 "$WORK/sdist-tests.log"
    echo "the sdist's tests failed"
    exit 1
fi
tail -n 1 "$WORK/sdist-tests.log"

step "release check passed in $((SECONDS - START)) s"
