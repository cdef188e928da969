"""The games as the page knows them, computed by the rules from the registry: the
catalogue (options, levels, opening positions, seats, rules facts), each game's page folder,
the page's strings with each game's merged in, and the page's lists of games (their view
modules and stylesheets); the site's files from web/.

The rules are imported when a step runs, not with this module: `build.py test` puts the
fixture game on the path first (it joins `ludoteca.games` when that is imported)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from builder.paths import FIXTURES, WEB

STRINGS = "strings.{lang}.json"  # a game folder's own strings, merged into i18n/<lang>.json
LANGUAGES = ("es", "en")
# What a game's own strings may be: its keys, and the messages of its own error codes and
# computer levels (a code or level two games share belongs to the shared strings).
GAME_KEYS = ("{id}.", "game.{id}.", "option.{id}.", "rules.{id}.", "lesson.{id}.",
             "puzzle.{id}.", "error.", "level.")


def page_folder(game_id: str) -> Path:
    """A game's page folder: ``web/games/<id>/``, or a fixture's in tests/fixtures/web."""
    for folder in (WEB / "games" / game_id, FIXTURES / "web" / "games" / game_id):
        if (folder / "view.js").exists():
            return folder
    raise SystemExit(f"build: the game {game_id!r} has no page folder web/games/{game_id}/ "
                     "with a view.js")


# The catalogue last made, by the registry's games it was made of: a test process asks for
# it again and again (twenty test modules at collection, each build), each time a fifth of
# a second of the rules' work.
_MADE: dict = {}


def game_catalogue() -> dict:
    """`make_catalogue()`'s answer, a copy of it when the registry's games are those it was
    last made of."""
    from ludoteca import registry

    games = tuple((game_id, id(spec)) for game_id, spec in registry.GAMES.items())
    if games not in _MADE:
        _MADE.clear()
        _MADE[games] = make_catalogue()
    return copy.deepcopy(_MADE[games])


def make_catalogue() -> dict:
    """What the page needs before Python is up, computed by the rules themselves from the
    registry (in the home page's order): each game's options, computer levels and opening
    position and what a click on it would ask (so the board is drawn at once while the
    engine loads, and a click on it is kept); its page folder's
    view module, stylesheet, picture and rules-panel figures; the rules panel's sections;
    who sits at the table for each value of the option that seats the players (`seats`:
    the entry whose ``options`` match); and `facts`, the rules' own data for the rules
    panel's diagrams."""
    from ludoteca import registry, web  # when the build runs: see the module's docstring
    from ludoteca.spec import SetUp

    catalogue = {}
    for game_id, spec in registry.GAMES.items():
        game_class = spec.Game
        folder = page_folder(game_id)
        answer = json.loads(web.handle(json.dumps({"op": "new", "game": game_id,
                                                   "session": "catalogue"})))
        facts = getattr(game_class, "rules_facts", None)
        catalogue[game_id] = {
            "options": game_class.describe_options(),
            "levels": registry.levels(game_id),
            "preview": answer["view"]["observation"],
            # what a click on the opening board asks, kept until the engine can answer it
            "preview_targets": answer["view"]["targets"],
            "view": f"games/{game_id}/view.js",
            "figures": (folder / "figures.js").exists(),
            "stylesheet": f"games/{game_id}/style.css",
            "picture": f"games/{game_id}/picture.svg",
            "rules_sections": list(spec.rules_sections),
            "setup": spec.has(SetUp),  # whether it has a set-up mode (ludoteca.editor)
            "rule_set_option": spec.rule_set_option,  # the option choosing a rule set, or None
            "rule_sets": spec.rule_set_families(),  # each rule set -> its family
            "seat_option": game_class.SEAT_OPTION,
            "seats": seatings(game_class),
            "facts": facts() if facts else {},
        }
    web.engine.sessions.pop("catalogue", None)
    return catalogue


def page_files(catalogue: dict) -> dict:
    """The site's files from web/ ({path in dist/: bytes}): each game's page folder (a
    fixture's from tests/fixtures/web) but its strings, which join the shared strings in
    i18n/<lang>.json (`merged_strings`)."""
    files = {}
    for path in sorted(WEB.rglob("*")):
        relative = path.relative_to(WEB)
        if path.suffix == ".md" or (relative.parts[0] == "games" and len(relative.parts) > 2):
            continue  # notes for developers; the game folders, below
        if path.is_file():
            files[relative.as_posix()] = path.read_bytes()
    for game_id in catalogue:
        folder = page_folder(game_id)
        for path in sorted(folder.rglob("*")):
            name = path.relative_to(folder).as_posix()
            if path.is_file() and name not in {STRINGS.format(lang=lang) for lang in LANGUAGES}:
                files[f"games/{game_id}/{name}"] = path.read_bytes()
    for lang in LANGUAGES:
        files[f"i18n/{lang}.json"] = json.dumps(
            merged_strings(lang, catalogue), ensure_ascii=False, indent=1,
            sort_keys=True).encode() + b"\n"
    return files


def merged_strings(lang: str, catalogue: dict) -> dict:
    """The page's strings in `lang`: the shared ones (web/i18n) and each game's (its page
    folder's strings.<lang>.json), whose keys are of `GAME_KEYS` and no other's."""
    strings = json.loads((WEB / "i18n" / f"{lang}.json").read_text())
    for game_id in catalogue:
        own = json.loads((page_folder(game_id) / STRINGS.format(lang=lang)).read_text())
        prefixes = tuple(p.format(id=game_id) for p in GAME_KEYS)
        for key in own:
            if not key.startswith(prefixes) or key in strings:
                raise SystemExit(f"build: {game_id}'s string {key!r} ({lang}) must start with "
                                 f"one of {prefixes} and be its own")
        strings.update(own)
    return strings


def seatings(game_class) -> list:
    """[{options, list}]: the players' seat facts for each value of the seating option."""
    from ludoteca import registry  # when the build runs: see the module's docstring

    name = game_class.SEAT_OPTION
    if name is None:
        return [{"options": {}, "list": game_class().seat_facts()}]
    found = []
    for value in game_class.describe_options()[name]["values"]:
        for extra in ({}, *registry.enablers(game_class, name)):
            try:
                game = game_class(**extra, **{name: value})
            except registry.OptionError:
                continue
            found.append({"options": {name: value}, "list": game.seat_facts()})
            break
    return found


def game_lists(catalogue: dict) -> dict:
    """The page's lists of games, written from the catalogue: games/index.js (the view
    modules and rules-panel figures, in the home page's order) and games/index.css (their
    stylesheets)."""
    names = {g: g.replace("-", "_") for g in catalogue}
    imports = "".join(f'import {names[g]} from "./{g}/view.js";\n' for g in catalogue)
    imports += "".join(f'import {names[g]}Figures from "./{g}/figures.js";\n'
                       for g, entry in catalogue.items() if entry["figures"])
    figures = ", ".join(f"{json.dumps(g)}: {names[g]}Figures" for g, entry in catalogue.items()
                        if entry["figures"])
    views = ", ".join(f"{json.dumps(g)}: {names[g]}" for g in catalogue)
    script = ("// Written by build.py from the game registry (py/ludoteca/registry.py).\n"
              f"{imports}\nexport const GAME_ORDER = {json.dumps(list(catalogue))};\n"
              f"export const GAME_VIEWS = {{ {views} }};\n"
              f"export const GAME_FIGURES = {{ {figures} }};\n")
    sheets = "".join(f'@import url("{g}/style.css");\n' for g in catalogue)
    return {"games/index.js": script.encode(),
            "games/index.css": ("/* Written by build.py from the game registry. */\n"
                                + sheets).encode()}


def data_files() -> set:
    """The games' data files (`GameSpec.data_files`): paths in dist/."""
    from ludoteca import registry  # when the build runs: see the module's docstring

    return {path for spec in registry.GAMES.values() for path in spec.data_files.values()}
