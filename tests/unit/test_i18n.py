"""Every string in both languages: the page's keys, the engine's error codes, plural forms.
The strings are the page's as the build ships them: the shared ones (web/i18n) with every
game's own (its page folder's strings.<lang>.json).

The page shows `error.<code>` for every error the engine raises (IllegalMoveError,
OptionError, ...): a code without a translation would show the English developer message
on the Spanish page. Keys are found in the page's code (t("key"), data-i18n="key"), codes in
the engine's source (the second argument of an ...Error(...) or _error(...) call, `code=`,
and the (code, why) pairs a game's _reason returns)."""

from __future__ import annotations

import ast
import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
LANGS = ("es", "en")
sys.path.insert(0, str(ROOT))

# after the path:
from builder.catalogue import STRINGS, game_catalogue, merged_strings, page_folder  # noqa: E402

CATALOGUE = game_catalogue()


def strings(lang: str) -> dict:
    return merged_strings(lang, CATALOGUE)


def string_files() -> list[Path]:
    """Where the strings are written: the shared files and each game's."""
    return [*(WEB / "i18n").glob("*.json"),
            *(page_folder(g) / STRINGS.format(lang=lang)
              for g in CATALOGUE for lang in LANGS)]


def page_sources() -> list[Path]:
    return sorted(WEB.rglob("*.js")) + sorted(
        path for g in CATALOGUE for path in page_folder(g).rglob("*.js")
        if not path.is_relative_to(WEB))


# t("key"), t('key'), i18n.t("key"), has("key"), and ctx.t("key"): literal keys only;
# keys built at run time (`option.${id}.${name}`) are checked by their own tests.
KEY_CALL = re.compile(r"""\b(?:t|has)\(\s*["']([a-z0-9_]+\.[a-z0-9_.]+)["']""")
KEY_ATTR = re.compile(r"""data-i18n(?:-[a-z-]+)?=["']([a-z0-9_.]+)["']""")


def keys_used_by_the_page() -> dict:
    used = {}
    for path in page_sources() + [WEB / "index.html"]:
        text = path.read_text(encoding="utf-8")
        for pattern in (KEY_CALL, KEY_ATTR):
            for key in pattern.findall(text):
                used.setdefault(key, path.relative_to(ROOT).as_posix())
    return used


def _is_error_callee(func: ast.expr) -> bool:
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return name.endswith("Error") or name.lower().strip("_") in ("error", "bad_field")


def _text(node) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def engine_error_codes() -> dict:
    """code -> where it is raised, from py/ludoteca's source."""
    codes = {}
    for path in sorted((ROOT / "py" / "ludoteca").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(ROOT).as_posix()
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _is_error_callee(node.func):
                found = [_text(a) for a in node.args[1:2]]
                found += [_text(k.value) for k in node.keywords if k.arg == "code"]
                for code in found:
                    if code and re.fullmatch(r"[a-z][a-z0-9_]*", code):
                        codes.setdefault(code, where)
            if isinstance(node, ast.FunctionDef) and "reason" in node.name:
                # a game's reason table: `return "code", "why ..."`
                for ret in ast.walk(node):
                    if (isinstance(ret, ast.Return) and isinstance(ret.value, ast.Tuple)
                            and len(ret.value.elts) == 2 and _text(ret.value.elts[0])):
                        codes.setdefault(_text(ret.value.elts[0]), where)
    return codes


def test_both_languages_have_the_same_keys():
    es, en = strings("es"), strings("en")
    assert sorted(set(es) - set(en)) == [], "keys only in Spanish"
    assert sorted(set(en) - set(es)) == [], "keys only in English"


@pytest.mark.parametrize("path", string_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_keys_are_sorted_and_no_string_is_empty(path):
    table = json.loads(path.read_text(encoding="utf-8"))
    assert list(table) == sorted(table)
    assert [k for k, v in table.items() if not isinstance(v, str) or not v.strip()] == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_the_page_uses_is_translated(lang):
    table = strings(lang)
    missing = {k: where for k, where in keys_used_by_the_page().items() if k not in table}
    assert missing == {}


def test_the_page_key_finder_finds_keys():
    used = keys_used_by_the_page()
    assert {"setup.new", "history.undo", "log.show", "turn.yours"} <= set(used)


def test_the_code_finder_finds_the_engines_codes():
    codes = engine_error_codes()
    # one of each way a code is written: an Error call, a helper, a reason table
    assert {"illegal_move", "nothing_to_undo", "bad_link", "cannot_challenge", "revisit",
            "not_adjacent", "base_empty"} <= set(codes)


@pytest.mark.parametrize("lang", LANGS)
def test_every_engine_error_code_is_translated(lang):
    table = strings(lang)
    missing = {c: where for c, where in engine_error_codes().items()
               if f"error.{c}" not in table}
    assert missing == {}


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_have_their_general_form_and_the_same_placeholders(lang):
    table = strings(lang)
    for key, text in table.items():
        if key.endswith(".one"):
            base = key.removesuffix(".one")
            assert base in table, f"{key} has no general form {base}"
            extra = set(re.findall(r"\{(\w+)\}", text)) - set(re.findall(r"\{(\w+)\}", table[base]))
            assert extra == set(), f"{key} uses placeholders its general form lacks"


@pytest.mark.parametrize("lang", LANGS)
def test_counts_of_things_have_a_singular_form(lang):
    """A number of seeds, pieces, men or moves shown to people reads "1 seed", never "1 seeds"."""
    table = strings(lang)
    counted = re.compile(r"\{n\} (semillas|fichas|hombres|jugadas|seeds|pieces|men|moves|"
                         r"captured|capturadas|filas|rows|muertos|retirados|dead|retired)\b")
    lacking = [k for k, v in table.items()
               if counted.search(v) and not k.endswith(".one") and f"{k}.one" not in table]
    assert lacking == []


class _FallbackTexts(HTMLParser):
    """The text written inside each element of web/index.html that has a data-i18n key:
    [(key, text)], the text with its white space collapsed."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
            "source", "track", "wbr"}

    def __init__(self):
        super().__init__()
        self.open, self.found = [], []

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            self.open.append([tag, dict(attrs).get("data-i18n"), ""])

    def handle_endtag(self, tag):
        while self.open:
            name, key, text = self.open.pop()
            if key:
                self.found.append((key, " ".join(text.split())))
            if self.open:
                self.open[-1][2] += text
            if name == tag:
                break

    def handle_data(self, data):
        if self.open:
            self.open[-1][2] += data


def test_the_pages_fallback_texts_are_its_spanish_strings():
    """What web/index.html says before the strings are applied (a slow start, no script) is
    the Spanish string of its key: the share fold's said "Compartir y guardar" while the page
    said "Compartir" (issue 43), and four more had drifted the same way."""
    parser = _FallbackTexts()
    parser.feed((WEB / "index.html").read_text(encoding="utf-8"))
    spanish = strings("es")
    drifted = [(key, text, spanish.get(key)) for key, text in parser.found
               if text and text != spanish.get(key)]
    assert len(parser.found) > 50  # the parser found the page's keys
    assert drifted == []
