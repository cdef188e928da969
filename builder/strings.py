"""Each language's strings in parts (issue 45): a start-up part, i18n/<lang>.json (what the
home page and the table show), and one part per room, i18n/<lang>.<room>.json, fetched when
the room opens (web/kit/i18n.js `needStrings`). web/i18n/<lang>.json stay the files people
edit; the build splits them by the rule below, and checks it: a key the start-up code names
must be in the start-up part."""

from __future__ import annotations

import json
import re

# room -> the keys it takes (a regex on the key; "{games}" is any game's id). A plural form
# ("key.one") goes with its key: it has the key's prefix.
ROOMS = {
    "rules": r"rules\.",  # the rules panel (teach/rules.js) and the print kit's rules
    # the lessons' steps, and the engine's words a lesson or a puzzle quotes (fetched with
    # teach/coach.js; the print kit's answer keys too)
    "lessons": r"lesson\.",
    "notes": r"teach\.|(?:{games})\.notes\.",  # the teacher's notes (and the presenter's copy)
    "print": r"print\.|(?:{games})\.print\.",  # the print kit
    "labs": r"fairness\.|(?:{games})\.lab\.",  # the fairness lab, a game's own lab
    "class": r"tournament\.",  # the class tournament
}
# Keys of a room's prefix that the start-up code shows (a link into the room, its button).
STARTUP_KEYS = {
    "rules.button", "rules.close", "rules.print",
    "teach.link", "print.link", "tournament.link", "fairness.open",
    "bul.lab.beans.link",
}
# The start-up modules (a regex on their path) that name a room's keys only once the part
# is there: they fetch it first (web/kit/i18n.js needStrings), or run only inside a room that
# did (a game's rules diagrams in the rules panel, its sheets in the print kit).
LOADERS = {
    "rules": r"teach/rules\.js|games/[^/]+/figures\.js",
    "print": r"games/[^/]+/print\.js",
}
PART = re.compile(r"^i18n/[a-z]+\.([a-z]+)\.json$")
# a string in the code that is a key, or the head of a key made in a template (`lesson.${…}`)
LITERAL = re.compile(r"""["'`]([a-z][a-z0-9_]*\.(?:[a-z0-9_]+\.?)*)(?=["'`$])""")


def is_room_strings(path: str) -> bool:
    """Whether `path` in dist/ is a room's part of a language's strings."""
    match = PART.match(path)
    return bool(match) and match.group(1) in ROOMS


def room_of(key: str, games: list) -> str | None:
    """The room whose part holds `key`, or None: the start-up part."""
    if key in STARTUP_KEYS:
        return None
    alternatives = "|".join(re.escape(g) for g in games)
    for room, rule in ROOMS.items():
        if re.match(rule.replace("{games}", alternatives), key):
            return room
    return None


def split_strings(files: dict, games: list) -> None:
    """i18n/<lang>.json (every key, each game's merged in) split into its start-up part (the
    same name) and a part per room (i18n/<lang>.<room>.json)."""
    for path in [p for p in files if re.fullmatch(r"i18n/[a-z]+\.json", p)]:
        table = json.loads(files[path])
        parts = {None: {}, **{room: {} for room in ROOMS}}
        for key, text in table.items():
            parts[room_of(key, games)][key] = text
        files[path] = json.dumps(parts.pop(None), ensure_ascii=False, indent=1).encode()
        for room, part in parts.items():
            files[path.replace(".json", f".{room}.json")] = json.dumps(
                part, ensure_ascii=False, indent=1).encode()


ROOM_STRINGS = re.compile(r"^export const STRINGS = \[([^\]]*)\];", re.M)


def check_startup_keys(files: dict, sources: dict, startup: set, games: list,
                       rooms_code: dict | None = None) -> None:
    """Stop the build when start-up code (`startup`: the modules of app.js and the chunks it
    imports first; and index.html) names a key that is in a room's part, unless that module
    loads the part first (LOADERS): it would show the key itself, not its words. Likewise a
    room's code (`rooms_code`: {the module imported on demand: the modules it brings}) may
    name only keys of the start-up part and of the parts its module's `STRINGS` lists."""
    parts = {}
    for path in [p for p in files if is_room_strings(p) and p.startswith("i18n/es.")]:
        parts.update(dict.fromkeys(json.loads(files[path]), PART.match(path).group(1)))
    texts = {path: sources[path].decode() for path in startup if path in sources}
    texts["index.html"] = files["index.html"].decode()
    # who may name a key of which part: the start-up code its LOADERS, a room its STRINGS
    allowed = {path: {room for room, rule in LOADERS.items() if re.fullmatch(rule, path)}
               for path in texts}
    for entry, modules in (rooms_code or {}).items():
        declared = ROOM_STRINGS.search(sources[entry].decode())
        names = set(re.findall(r'"([a-z]+)"', declared.group(1))) if declared else set()
        for path in modules:
            texts[path] = sources[path].decode()
            allowed[path] = allowed.get(path, names) & names  # every room that brings it
    wrong = []
    for path, text in sorted(texts.items()):
        for name in set(LITERAL.findall(text)):
            room = room_of(name + "x", games) if name.endswith(".") else parts.get(name)
            if room and room not in allowed[path]:
                wrong.append(f"{path}: {name!r} (in the part '{room}')")
    if wrong:
        raise SystemExit("build: code names strings of a part it does not fetch "
                         "(builder/strings.py: STARTUP_KEYS or LOADERS; a room's STRINGS):"
                         "\n  " + "\n  ".join(wrong))
