"""Hatchling build hook: compile the optional C kernel (``src/belote/kernel/_ckernel.c``, which
includes the other C files of its folder).

A wheel built on a machine with a C compiler carries ``belote/kernel/_ckernel*.so`` and gets
the interpreter's platform tag; without a compiler, or when the compilation fails, the hook
prints a warning and the wheel stays pure Python (``py3-none-any``), which works everywhere
(:mod:`belote.kernel` then uses its pure-Python twins). ``BELOTE_PURE_BUILD=1`` forces a pure
wheel; ``BELOTE_REQUIRE_KERNEL=1`` makes the build fail, with the compiler's error, instead of
falling back to a pure wheel (for builds that must carry the kernel: CI, release wheels). An
editable install (``pip install -e .``) compiles the module in place, next to its source, where
the editable path finds it (one file per interpreter version); a pure editable build removes this
interpreter's in-place module left by an earlier build (as does a failed compilation).

The compiler and its flags come from :mod:`sysconfig` (those the interpreter was built with;
``CC`` and ``CFLAGS`` in the environment override them), so the build needs nothing beyond
hatchling. The module records a hash of its source; :mod:`belote.kernel` ignores a compiled
module older than the source beside it.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import shutil
import subprocess
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SOURCE = Path("src", "belote", "kernel", "_ckernel.c")


def source_hash(folder: Path) -> str:
    """The kernel sources' fingerprint: the C files (``*.c``, ``*.h``) of ``folder`` in name
    order, hashed together (:mod:`belote.kernel` computes the same to refuse a stale build)."""
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.[ch]")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip() not in ("", "0")


class KernelBuildHook(BuildHookInterface):
    """Compiles the C kernel into the wheel, or leaves the wheel pure with a warning (or fails
    when ``BELOTE_REQUIRE_KERNEL`` is set)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        source = root / SOURCE
        suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
        editable = version == "editable"
        in_place = source.with_name("_ckernel" + suffix)
        required = _flag("BELOTE_REQUIRE_KERNEL")
        if _flag("BELOTE_PURE_BUILD"):
            if required:
                raise RuntimeError(
                    "belote: both BELOTE_PURE_BUILD and BELOTE_REQUIRE_KERNEL are set: choose one"
                )
            self.app.display_info("belote: BELOTE_PURE_BUILD is set: building a pure-Python wheel")
            if editable:
                in_place.unlink(missing_ok=True)
            return
        self._temporary = tempfile.mkdtemp(prefix="belote-kernel-")
        target = in_place if editable else Path(self._temporary, "_ckernel" + suffix)
        try:
            self._compile(source, Path(self._temporary), target)
        except (OSError, subprocess.CalledProcessError, RuntimeError) as error:
            if editable:
                in_place.unlink(missing_ok=True)
            if required:
                shutil.rmtree(self._temporary, ignore_errors=True)
                raise RuntimeError(
                    f"belote: the C kernel was not compiled and BELOTE_REQUIRE_KERNEL is set: {error}"
                ) from None
            self.app.display_warning(
                f"belote: the C kernel was not compiled ({error}); building a pure-Python wheel, "
                "which works the same, only slower (belote.kernel.COMPILED is False)"
            )
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        if not editable:
            build_data["force_include"][str(target)] = "belote/kernel/" + target.name
        self.app.display_info(f"belote: compiled the C kernel ({target.name})")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        temporary = getattr(self, "_temporary", None)
        if temporary:
            shutil.rmtree(temporary, ignore_errors=True)

    @staticmethod
    def _compile(source: Path, work: Path, target: Path) -> None:
        config = sysconfig.get_config_vars()
        compiler = shlex.split(os.environ.get("CC") or config.get("CC") or "")
        linker = shlex.split(config.get("LDSHARED") or "")
        if not compiler or not linker:
            raise RuntimeError("no C compiler configured for this Python")
        if os.environ.get("CC"):  # the chosen compiler links too, as distutils does
            linker = [*compiler, *linker[1:]]
        if shutil.which(compiler[0]) is None:
            raise RuntimeError(f"C compiler {compiler[0]!r} not found")
        flags = shlex.split(os.environ.get("CFLAGS") or config.get("CFLAGS") or "")
        flags += shlex.split(config.get("CCSHARED") or "")
        digest = source_hash(source.parent)
        include = sysconfig.get_paths()["include"]
        obj = work / "_ckernel.o"
        compile_command = [*compiler, *flags, f"-I{include}", f'-DBELOTE_SOURCE_HASH="{digest}"']
        try:
            for command in (
                [*compile_command, "-c", str(source), "-o", str(obj)],
                [*linker, str(obj), "-o", str(target)],
            ):
                subprocess.run(command, check=True, capture_output=True, text=True)
        except subprocess.CalledProcessError as error:
            raise RuntimeError(f"{error.cmd[0]} failed: {error.stderr.strip()[-2000:]}") from None
