"""Compiles the test-only toy game (toy_game.hpp, bound by toy_module.cpp through bindings/bind_game.hpp) into an
extension module ``kofun_toy`` once per test session, in a temporary directory, and imports it from there.

The Python match layer tests its 3- and 5-player paths with it. -O1 keeps the compile short (about half a minute
on two cores); the flags are pybind11's own.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path
from types import ModuleType

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def _compile(out_dir: Path) -> Path:
    import pybind11

    cxx = shutil.which("g++") or shutil.which("c++")
    if cxx is None:
        raise RuntimeError("no C++ compiler (g++) to build the toy module")
    target = out_dir / f"kofun_toy{sysconfig.get_config_var('EXT_SUFFIX')}"
    cmd = [
        cxx,
        "-O1",
        "-std=c++20",
        "-shared",
        "-fPIC",
        "-fvisibility=hidden",
        "-DNDEBUG",
        f"-I{pybind11.get_include()}",
        f"-I{sysconfig.get_paths()['include']}",
        f"-I{ROOT}",
        f"-I{HERE}",
        str(HERE / "toy_module.cpp"),
        "-o",
        str(target),
    ]
    if sys.platform == "darwin":
        cmd[1:1] = ["-undefined", "dynamic_lookup"]
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"building kofun_toy failed:\n{' '.join(cmd)}\n{done.stderr}")
    print(f"\nkofun_toy compiled in {time.perf_counter() - start:.1f} s")
    return target


@pytest.fixture(scope="session")
def toy_core(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """The compiled toy module: ``toy_core.State.parse("players=5 cards=...")``."""
    import solver._core  # noqa: F401  (the toy module reuses its search types)

    path = _compile(tmp_path_factory.mktemp("kofun_toy"))
    spec = importlib.util.spec_from_file_location("kofun_toy", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
