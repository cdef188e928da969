"""Requests to the facade as the page sends them (JSON text in, JSON text out), and a
fixture that starts and ends each test with no game kept: the facade's tests share these."""

from __future__ import annotations

import json

import pytest

from ludoteca import web


def call(**request):
    return json.loads(web.handle(json.dumps(request)))


@pytest.fixture(autouse=True)
def fresh_sessions():
    web.engine.sessions.clear()
    yield
    web.engine.sessions.clear()
