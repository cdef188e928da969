"""Temporary: the printed pages saved for looking at (not committed)."""
from pathlib import Path

import pytest

from .test_print_kit import PAPER_FORMAT, open_item

OUT = Path("/tmp/i43print_pdfs")


@pytest.mark.parametrize("game", ["bul", "bakuk"])
def test_save(page, site, game):
    OUT.mkdir(exist_ok=True)
    items = {"bul": ["board", "beans", "odds", "score", "tally", "puzzles", "key"],
             "bakuk": ["board", "score", "tally", "puzzles", "key"]}[game]
    for item in items:
        open_item(page, site, game, item, "a4", "es")
        (OUT / f"{game}-{item}.pdf").write_bytes(page.pdf(format=PAPER_FORMAT["a4"],
                                                          prefer_css_page_size=True))
    page.set_viewport_size({"width": 1366, "height": 768})
    open_item(page, site, "bul", "board", "a4", "es")
    page.screenshot(path=str(OUT / f"screen-{game}.png"))
