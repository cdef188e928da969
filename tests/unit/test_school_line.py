"""The school-line bench's own arithmetic and server (bench/school_line.py, bench/_line.py):
a class's figure is only as true as the line it simulates. Nothing here is timed."""

from __future__ import annotations

import gzip
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

from _line import start_line  # noqa: E402
from school_line import dependencies, share_the_line  # noqa: E402

RATE, LATENCY = 1_000_000.0, 0.04


def test_one_response_costs_its_latency_and_its_bytes():
    assert share_the_line([(500_000, None, 0.0)], 1, RATE, LATENCY) == [pytest.approx(0.54)]


def test_devices_share_the_line_fairly():
    ends = share_the_line([(500_000, None, 0.0)], 4, RATE, LATENCY)
    assert ends == [pytest.approx(0.04 + 4 * 0.5)] * 4


def test_a_response_asked_after_another_waits_for_it_and_the_page_work_between():
    graph = [(100_000, None, 0.0), (200_000, 0, 0.25)]
    # 0.04 + 0.1, then 0.25 of the page's work, 0.04, 0.2
    assert share_the_line(graph, 1, RATE, LATENCY) == [pytest.approx(0.14 + 0.25 + 0.24)]


def test_a_small_response_leaves_its_share_to_the_others():
    graph = [(100_000, None, 0.0), (900_000, None, 0.0)]
    # both at half the rate until the small one is done (0.2 s), then the large one alone
    assert share_the_line(graph, 1, RATE, LATENCY) == [pytest.approx(0.04 + 1.0)]


def test_what_a_response_waited_for_is_the_last_one_in_before_it_was_asked():
    visit = {"first": 5.0, "marks": [], "responses": [
        {"path": "/", "asked": 0.0, "end": 0.1, "bytes": 10},
        {"path": "/a.js", "asked": 0.12, "end": 0.5, "bytes": 20},
        {"path": "/b.js", "asked": 0.13, "end": 0.3, "bytes": 30},
        {"path": "/c", "asked": 0.6, "end": 0.9, "bytes": 40},
        {"path": "/late", "asked": 6.0, "end": 6.1, "bytes": 50}]}  # after the first move
    graph = dependencies(visit)
    assert [size for size, _, _ in graph] == [10, 20, 30, 40]
    assert [parent for _, parent, _ in graph] == [None, 0, 0, 1]
    assert [round(after, 3) for _, _, after in graph] == [0.0, 0.02, 0.03, 0.1]


def test_the_line_sends_text_gzipped_as_the_host_does_and_answers_revalidations(tmp_path):
    (tmp_path / "page.js").write_text("const x = 1;\n" * 1000)
    (tmp_path / "rules.whl").write_bytes(b"PK" + bytes(range(256)) * 10)
    (tmp_path / "netlify.toml").write_text("")
    server = start_line(tmp_path, tmp_path / "netlify.toml", rate=None, latency=0.0)
    base = f"http://127.0.0.1:{server.server_port}"
    try:
        asked = urllib.request.Request(f"{base}/page.js", headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(asked) as response:
            assert response.headers["Content-Encoding"] == "gzip"
            body, etag = response.read(), response.headers["ETag"]
        assert gzip.decompress(body) == (tmp_path / "page.js").read_bytes()
        with urllib.request.urlopen(f"{base}/rules.whl") as response:
            assert response.headers["Content-Encoding"] is None  # a zip: as it is
            assert response.read() == (tmp_path / "rules.whl").read_bytes()
        again = urllib.request.Request(f"{base}/page.js", headers={"If-None-Match": etag})
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(again)
        assert answer.value.code == 304
        for _ in range(500):  # each entry is logged once its last byte has gone out
            if len(server.log) == 3:
                break
            time.sleep(0.01)
        sizes = sorted((path, size, status) for path, _, _, _, size, status in server.log)
        assert sizes == [("/page.js", 0, 304), ("/page.js", len(body), 200),
                         ("/rules.whl", 2562, 200)]
    finally:
        server.shutdown()
