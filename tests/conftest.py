"""Test-wide settings. Hypothesis runs derandomized by default (profile ``ci``), so the fuzz tests try the same
examples on every run and a CI result can be reproduced; ``HYPOTHESIS_PROFILE=explore`` draws new
examples on each run to look for fresh failures."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
