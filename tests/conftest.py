"""Shared test fixtures: where ``shared/`` (rulebooks, casebook) is, when present."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

REPO = Path(__file__).resolve().parent.parent


# Under CI the property tests draw the same examples every run (``derandomize``): a submission's CI
# result must not depend on a lucky draw. Locally they draw afresh each run and keep finding new
# inputs; the long searches are ``benchmarks/fuzz_records.py`` and ``benchmarks/physics_sweep.py``.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile(os.environ.get("POTSHOT_HYPOTHESIS") or ("ci" if os.environ.get("CI") else "dev"))


def shared_dir() -> Path | None:
    """``$POTSHOT_SHARED`` or the ``shared`` folder beside the checkout, if it exists."""
    env = os.environ.get("POTSHOT_SHARED")
    cand = Path(env) if env else REPO.parent / "shared"
    return cand if cand.is_dir() else None


@pytest.fixture(scope="session")
def shared() -> Path:
    d = shared_dir()
    if d is None:
        pytest.skip("../shared is absent (as on a user's machine): casebook/rulebook tests skipped")
    return d


CHROMIUM = os.environ.get("POTSHOT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
"""Debian's chromium, which Playwright drives by ``executable_path`` (it cannot download its own)."""


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One chromium for the whole run, shared by tests/browser and the conformance suite's pages:
    Playwright's sync API allows one instance per thread. Skips, saying why, without playwright
    or chromium."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no chromium at {CHROMIUM} (apt-get install chromium; or set POTSHOT_CHROMIUM)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()
