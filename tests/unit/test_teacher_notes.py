"""The notes for teachers (web/teach/teacher.js, web/games/<id>/notes.js) say only what the engine
says: every number they state is computed here from the rules (Bul's odds and expected
throw, Bakuk's solved start, sowing and parity, Buku's first hand and its 65 pieces), every
lesson step they link to exists and is the one their words name, and every piece of content
a game's notes.js lists has its words in both languages, with a 45-minute plan."""

from __future__ import annotations

import json
import random
import re
import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from page_modules import run_in_node

import ludoteca
from ludoteca import registry
from ludoteca.games.bakuk import SPEC as BAKUK
from ludoteca.games.bakuk.analysis import table_moves
from ludoteca.games.bakuk.kernel import HOLES, sow
from ludoteca.spec import Teaching

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
FIXTURES = ROOT / "tests" / "fixtures" / "web"
# the games of the registry whose spec says they have notes for teachers
GAMES_WITH_NOTES = [game for game, spec in registry.GAMES.items()
                    if spec.has(Teaching) and spec.teacher_notes]
LANGS = ("es", "en")


def page_folder(game: str) -> Path:
    """A game's page folder: ``web/games/<id>/``, or the fixture game's in tests/fixtures."""
    return next(folder for folder in (WEB / "games" / game, FIXTURES / "games" / game)
                if folder.is_dir())


def strings(game: str, lang: str) -> dict:
    return json.loads((page_folder(game) / f"strings.{lang}.json").read_text())


def shared(lang: str) -> dict:
    return json.loads((WEB / "i18n" / f"{lang}.json").read_text())


def notes_js(game: str) -> str:
    return (page_folder(game) / "notes.js").read_text()


@pytest.fixture(scope="module")
def notes(tmp_path_factory) -> dict:
    """Every game's notes.js as Node reads it: {game: {plan, questions, topics, sources}}."""
    folder = tmp_path_factory.mktemp("notes")
    for game in GAMES_WITH_NOTES:
        shutil.copy(page_folder(game) / "notes.js", folder / f"{game}.js")
    script = ("const out = {};\n" + "".join(
        f'out["{g}"] = (await import("./{g}.js")).default;\n' for g in GAMES_WITH_NOTES) +
        "console.log(JSON.stringify(out));\n")
    return run_in_node(folder, (), script)


def answer(game: str, question: str, lang: str) -> str:
    return strings(game, lang)[f"{game}.notes.q.{question}.a"]


@pytest.mark.parametrize("game", list(registry.GAMES))
def test_every_teaching_game_has_notes_unless_its_spec_says_it_has_none(game):
    spec = registry.spec_of(game)
    notes = page_folder(game) / "notes.js"
    declared = spec.has(Teaching) and spec.teacher_notes
    assert notes.exists() or not declared, (
        f"{game} has no teacher's notes: add {notes.relative_to(ROOT)} (its view's `notes`) "
        "or declare `teacher_notes = False` in its spec")
    assert declared or not notes.exists(), (
        f"{game} has {notes.relative_to(ROOT)} but its spec says it has no teacher's notes "
        "(`teacher_notes`, of `spec.Teaching`)")


# --- the content is complete ----------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES_WITH_NOTES)
def test_the_plan_takes_45_minutes(notes, game):
    minutes = [row["minutes"] for row in notes[game]["plan"]]
    assert len(minutes) >= 5 and all(m > 0 for m in minutes)
    assert sum(minutes) == 45


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES_WITH_NOTES)
def test_every_listed_part_has_its_words(notes, game, lang):
    words = strings(game, lang)
    needed = [f"{game}.notes.intro.p1"]
    needed += [f"{game}.notes.{part}.p1" for part in ("why", "approach", "extension", "support")]
    for row in notes[game]["plan"]:
        key = f"{game}.notes.plan.{row['id']}"
        needed += [key, f"{key}.p"] + ([f"{key}.go"] if "link" in row else [])
    for question in notes[game]["questions"]:
        key = f"{game}.notes.q.{question['id']}"
        needed += [key, f"{key}.a"] + ([f"{key}.go"] if "link" in question else [])
    needed += [k for t in notes[game]["topics"] for k in
               (f"{game}.notes.topic.{t}", f"{game}.notes.topic.{t}.p")]
    needed += [f"{game}.notes.source.{s['id']}" for s in notes[game]["sources"]]
    assert [key for key in needed if not words.get(key, "").strip()] == []
    # and nothing is left over that the notes never show
    shown = set(needed) | {k for k in words if re.fullmatch(
        rf"{game}\.notes\.(intro|why|approach|key|extension|support)\.p\d+", k)}
    assert sorted(k for k in words if k.startswith(f"{game}.notes.") and k not in shown) == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_shared_words(lang):
    words = shared(lang)
    for key in ("teach.why", "teach.approach", "teach.key", "teach.extension", "teach.support",
                "teach.plan.caption", "teach.minutes", "teach.plan.total", "teach.topics",
                "teach.sources", "teach.answer", "teach.print", "teach.link", "home.teach",
                "teach.heading", "teach.missing", "teach.back"):
        assert words.get(key, "").strip(), key


def lesson_links(notes: dict, game: str) -> list:
    """[(key of the link's words, step number)] of every lesson link in the notes."""
    out = []
    for part, prefix in (("plan", "plan"), ("questions", "q")):
        for entry in notes[game][part]:
            found = re.fullmatch(r"\?learn=(\d+)", entry.get("link", {}).get("href") or "")
            if found:
                out.append((f"{game}.notes.{prefix}.{entry['id']}", int(found.group(1))))
    return out


@pytest.mark.parametrize("game", GAMES_WITH_NOTES)
def test_lesson_links_name_steps_that_exist(notes, game):
    steps = registry.spec_of(game).lessons()
    links = lesson_links(notes, game)
    assert links
    for key, number in links:
        assert 1 <= number <= len(steps), key
        for lang in LANGS:  # "Lección, paso 7" / "Lesson, step 7"
            assert re.search(rf"\b{number}\b", strings(game, lang)[f"{key}.go"]), (key, lang)


@pytest.mark.parametrize(("game", "question", "step"), [
    ("bul", "five", "throw"), ("buku", "gift", "gift"),
])
def test_a_lesson_named_in_an_answer_is_the_one_linked(notes, game, question, step):
    steps = [s.id for s in registry.spec_of(game).lessons()]
    entry = next(q for q in notes[game]["questions"] if q["id"] == question)
    number = int(re.fullmatch(r"\?learn=(\d+)", entry["link"]["href"]).group(1))
    assert steps[number - 1] == step
    for lang in LANGS:
        title = strings(game, lang)[f"lesson.{game}.{step}.title"]
        assert f"«{title}»" in answer(game, question, lang) or \
            f'"{title}"' in answer(game, question, lang)


# --- Bul: the beans ---------------------------------------------------------------------------
def bean_ways() -> dict:
    """{value: in how many of the equally likely falls}, from the engine's chance node."""
    state = ludoteca.new_game("bul").initial_state()
    outcomes = state.chance_outcomes()
    falls = 16
    ways = {int(value): p * falls for value, p in outcomes}
    assert sum(ways.values()) == falls and all(w == int(w) for w in ways.values())
    return {v: int(w) for v, w in ways.items()}


def test_bul_most_common_throw():
    ways = bean_ways()
    assert ways == {1: 4, 2: 6, 3: 4, 4: 1, 5: 1}
    top = max(ways, key=ways.get)
    assert top == 2
    listed_ways = " + ".join(str(ways[v]) for v in sorted(ways))
    for lang, of in (("es", "de las"), ("en", "of the")):
        text = answer("bul", "common", lang)
        assert f"{ways[top]} {of} 16" in text
        assert f"{listed_ways} = {sum(ways.values())}" in text


def test_bul_marks_row_of_pascal():
    # 0 marks is the 5: ways by marked faces 0..4
    ways = bean_ways()
    by_marks = [ways[5], ways[1], ways[2], ways[3], ways[4]]
    for lang, word in (("es", "y"), ("en", "and")):
        text = strings("bul", lang)["bul.notes.topic.odds.p"]
        assert ", ".join(map(str, by_marks[:-1])) + f" {word} {by_marks[-1]}" in text
        assert "16" in text


def test_bul_expected_throw():
    ways = bean_ways()
    expected = Fraction(sum(v * w for v, w in ways.items()), sum(ways.values()))
    assert expected == Fraction(37, 16)
    terms = " + ".join(f"{v} × {w}" for v, w in sorted(ways.items()))
    shown = f"{expected.numerator}/{expected.denominator}"
    tenths = int(expected * 10) / 10  # "a little over 2.3"
    for lang, point in (("es", ","), ("en", ".")):
        text = answer("bul", "average", lang)
        assert f"({terms}) / 16 = {shown}" in text
        assert str(tenths).replace(".", point) in text
        assert shown in strings("bul", lang)["bul.notes.topic.expected.p"]
        assert "1-4-6-4-1" in strings("bul", lang)["bul.notes.source.engine"]


def test_bul_road_spaces_of_13_rows():
    game = ludoteca.new_game("bul", variant="puluc")
    assert game.options["length"] == 13
    assert all("11" in strings("bul", lang)["bul.notes.topic.expected.p"] for lang in LANGS)


# --- Bakuk: counting on, parity, the solved start -----------------------------------------------
@pytest.fixture(scope="module")
def bakuk_table():
    raw = (WEB / BAKUK.data_files["bakuk2"]).read_bytes()
    return BAKUK.load_data("bakuk2", raw)


def test_bakuk_solved_start(bakuk_table):
    start = ludoteca.new_game("bakuk").initial_state()
    moves = table_moves(start, bakuk_table)
    value = bakuk_table.margin(start.holes, 0)
    assert value == max(moves.values()) == 2
    best = [m for m, v in moves.items() if v == value]
    assert best == ["c"]
    signed = ", ".join(f"{m} {v:+d}".replace("+0", "0").replace("-", "−")
                       for m, v in sorted(moves.items()))
    assert signed == "a −2, b 0, c +2"
    for lang in LANGS:
        assert signed in strings("bakuk", lang)["bakuk.notes.source.engine"]
    es, en = answer("bakuk", "first", "es"), answer("bakuk", "first", "en")
    assert f"gana por {value} semillas" in es and f"wins by {value} seeds" in en
    assert "sembrando c" in es and "sowing c first" in en
    assert f"pierde por {-moves['a']}" in es and f"loses by {-moves['a']}" in en
    assert moves["b"] == 0 and "empate" in es and "draw" in en
    for lang, words in (("es", "Sur gana por 2"), ("en", "South wins by 2")):
        assert words in strings("bakuk", lang)["bakuk.notes.topic.solved.p"]


def test_bakuk_counting_on():
    # from a with 4 seeds: b, c, d, e get one each and nothing is captured
    board, taken = sow([4, 0, 0, 0, 0, 0], HOLES.index("a"))
    assert (list(board), taken) == ([0, 1, 1, 1, 1, 0], 0)
    # 6 seeds come back to the hole just emptied, which gets the last one
    board, taken = sow([6, 0, 0, 0, 0, 0], HOLES.index("a"))
    assert (list(board), taken) == ([1, 1, 1, 1, 1, 1], 0)
    # 7 land one further: b now holds 2 and is captured by that last seed
    board, taken = sow([7, 0, 0, 0, 0, 0], HOLES.index("a"))
    assert (list(board), taken) == ([1, 0, 1, 1, 1, 1], 2)
    es, en = answer("bakuk", "count", "es"), answer("bakuk", "count", "en")
    assert "desde a con 4 semillas, en e" in es and "from a with 4 seeds, in e" in en


def test_bakuk_every_score_is_even():
    rng = random.Random(36)
    for players in (2, 3):
        game = ludoteca.new_game("bakuk", players=players)
        for _ in range(60):
            state = game.initial_state()
            while not state.is_terminal:
                state = state.apply(rng.choice(state.legal_moves()))
                assert all(c % 2 == 0 for c in state.to_json()["captured"])
    assert "36" in strings("bakuk", "en")["bakuk.notes.topic.parity.p"]


# --- Buku: the first hand and the 65 pieces ----------------------------------------------------
def test_buku_first_hand_and_65_pieces():
    state = ludoteca.new_game("buku").initial_state()
    view = state.to_json()
    assert sum(map(sum, view["board"])) + view["hand_bonus"] == 65
    partial = "3:"
    while True:  # follow the engine's offered steps to a complete first move
        steps = state.extensions(partial)
        partial, complete = steps[0]
        if complete:
            break
    squares = partial.split(":")[1].split("-")
    assert len(squares) == 9 == 8 + view["hand_bonus"]
    es, en = answer("buku", "first", "es"), answer("buku", "first", "en")
    assert es.startswith("9: las 8") and en.startswith("9: the 8")
    assert "65" in answer("buku", "draw", "en") and "33" in answer("buku", "draw", "en")
    assert 65 // 2 + 1 == 33


def test_buku_paths_alternate_colours():
    state = ludoteca.new_game("buku").initial_state()
    def dark(square):  # the rules: a1 is dark, and (file + rank) even is dark
        return (ord(square[0]) - ord("a") + 1 + int(square[1:])) % 2 == 0

    assert dark("a1")
    partial, complete = "3:", False
    while not complete:
        partial, complete = state.extensions(partial)[0]
    squares = partial.split(":")[1].split("-")
    colours = [dark(sq) for sq in squares]
    assert len(squares) > 2 and all(a != b for a, b in zip(colours, colours[1:], strict=False))
