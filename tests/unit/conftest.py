"""Fixtures the unit tests share."""

from __future__ import annotations

import pytest

from ludoteca.games.bul import analysis as bul_analysis


@pytest.fixture
def untimed(monkeypatch):
    """Bul's analysis clock stopped: whether an endgame is solved exactly depends on its size
    (the solver's state cap), never on how busy the machine is (under a CPU hog a 5-second
    budget ran out, and tests that wanted an exact endgame compared estimates or found none)."""
    monkeypatch.setattr(bul_analysis, "clock", lambda: 0.0)
