"""Test-wide settings. Hypothesis runs derandomized by default (profile ``ci``), so the fuzz tests try the same
examples on every run and a CI result can be reproduced; ``HYPOTHESIS_PROFILE=explore`` draws new
examples on each run to look for fresh failures."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


SCRIPTS = Path(__file__).parent.parent / "scripts"


@pytest.fixture
def script() -> Callable[[str], ModuleType]:
    """A loader of ``scripts/<name>.py`` as a module (the scripts are files to run, not a package)."""

    def load(name: str) -> ModuleType:
        spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module

    return load
