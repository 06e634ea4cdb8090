"""Shared test fixtures: where ``shared/`` (rulebooks, casebook) is, when present."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


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
