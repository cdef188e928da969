"""One copy of each of the page's helpers, in web/kit (issue 42): building an HTML or SVG
element (`el`, kit/dom.js; `svg`, kit/svg.js) and keeping a value in the browser's storage,
guarded and set aside when it cannot be read (kit/store.js). No module beside the kit writes
its own again: a second copy drifts (there were eight of `el`, with three signatures)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
KIT = ROOT / "web" / "kit"
# the page's modules outside the kit, the games' and the fixture game's among them
MODULES = sorted(path for path in [*(ROOT / "web").rglob("*.js"),
                                   *(ROOT / "tests/fixtures/web").rglob("*.js")]
                 if not path.is_relative_to(KIT))
# index.html's first script, written into the page by the build: a classic script, it
# cannot import the kit (it only reads whether a snapshot was kept, guarded)
CLASSIC = ROOT / "web" / "engine" / "engine-start.js"

EL_COPY = re.compile(r"\bfunction\s+el\s*\(|\b(?:const|let|var)\s+el\s*=\s*(?:function\b|\()")
# an element builder by any name: a function that creates the element its argument names;
# and SVG's elements, made by the kit's svg() (kit/svg.js)
BUILDER = re.compile(r"document\.createElement\(\s*(?:tag|name|kind)\s*\)")
SVG_BUILDER = re.compile(r"\bcreateElementNS\(")
STORAGE = re.compile(r"\blocalStorage\b")


def code(path: Path) -> str:
    """A module's code without its comments (which may name what they do not do)."""
    text = re.sub(r"/\*.*?\*/", " ", path.read_text(), flags=re.S)
    return re.sub(r"(?m)(^|\s)//.*$", r"\1", text)  # not a URL's "https://"


def test_the_checks_find_a_copy():
    assert EL_COPY.search("function el(tag, cls) {") and EL_COPY.search("const el = (t) => 1;")
    assert not EL_COPY.search("for (const el of board.children) el.remove();")
    assert BUILDER.search("const node = document.createElement(tag);")
    assert STORAGE.search("try { localStorage.getItem(KEY) } catch {}")
    assert SVG_BUILDER.search('document.createElementNS("http://www.w3.org/2000/svg", "svg")')


def test_the_kit_has_the_one_copy():
    assert len(MODULES) > 40 and CLASSIC in MODULES
    assert re.search(r"export function el\(", (KIT / "dom.js").read_text())
    store = (KIT / "store.js").read_text()
    for name in ("read", "write", "remove", "readJSON", "writeJSON", "setAside"):
        assert re.search(rf"export function {name}\(", store), name


@pytest.mark.parametrize("module", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_beside_the_kit_writes_its_own_helper(module):
    text = code(module)
    assert not EL_COPY.search(text), "its own el(): import it from web/kit/dom.js"
    assert not BUILDER.search(text), "its own element builder: use el() of web/kit/dom.js"
    assert not SVG_BUILDER.search(text), "its own SVG elements: use svg() of web/kit/svg.js"
    if module != CLASSIC:
        assert not STORAGE.search(text), "localStorage itself: use web/kit/store.js"
