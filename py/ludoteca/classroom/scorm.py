"""SCORM packages: a lesson, a puzzle set or a game against the computer as one zip that a
school's learning platform (Moodle, Canvas, Blackboard, Brightspace, Chamilo) imports, so
its gradebook records who played it and how well.

A package holds (docs: README, "On your school's platform"):
- ``imsmanifest.xml`` — `manifest`: SCORM 1.2 or SCORM 2004 4th edition;
- ``index.html`` + ``launch.js`` — the launch page and its script, the site's own
  ``scorm/`` files (they find the platform's API and relay the site's messages to it);
- ``activity.js`` — `activity_js`: ``window.LUDOTECA_SCORM = {...};``, what to play;
- ``site/`` — a self-contained package only: the whole built site.

`settings` checks what a teacher asked (a hostile page's request or a mistyped command line
is refused in words before anything is made); `package` writes the zip with the standard
library's `zipfile`. Pure: the caller hands in every file's bytes (this package reads none).
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from urllib.parse import quote, urlsplit
from xml.sax.saxutils import escape, quoteattr

from .. import registry
from ..core import OptionError
from ..teaching import lessons, puzzles

FORMAT = 1  # of the activity object; the launch page refuses another
STANDARDS = ("1.2", "2004")
KINDS = ("linked", "self-contained")
TYPES = ("lesson", "puzzles", "game")
LEVELS = {"easy": 1, "medium": 2, "hard": 3}
LANGUAGES = ("es", "en")
LAUNCH = "index.html"
LAUNCH_FILES = ("index.html", "launch.js")  # from the site's scorm/ folder
SITE = "site/"  # a self-contained package's copy of the site, beside the launch page
MAX_TITLE = 200  # both standards' smallest permitted maximum for a title
MAX_URL = 2000
MAX_PUZZLES = 100
# already compressed: stored as they are (deflating them again only costs time)
STORED = (".zip", ".gz", ".whl", ".png", ".jpg", ".woff2", ".br")
ZIP_TIME = (2026, 1, 1, 0, 0, 0)  # every entry's date: the same package is the same bytes

NAMESPACES = {
    "1.2": {
        "": "http://www.imsproject.org/xsd/imscp_rootv1p1p2",
        "adlcp": "http://www.adlnet.org/xsd/adlcp_rootv1p2",
        "xsi": "http://www.w3.org/2001/XMLSchema-instance",
    },
    "2004": {
        "": "http://www.imsglobal.org/xsd/imscp_v1p1",
        "adlcp": "http://www.adlnet.org/xsd/adlcp_v1p3",
        "adlseq": "http://www.adlnet.org/xsd/adlseq_v1p3",
        "adlnav": "http://www.adlnet.org/xsd/adlnav_v1p3",
        "imsss": "http://www.imsglobal.org/xsd/imsss",
        "xsi": "http://www.w3.org/2001/XMLSchema-instance",
    },
}
SCHEMAS = {  # xsi:schemaLocation: each namespace's schema file, by its usual name
    "1.2": "http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd "
           "http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd",
    "2004": "http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd "
            "http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd "
            "http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd "
            "http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd "
            "http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd",
}
SCHEMA_VERSION = {"1.2": "1.2", "2004": "2004 4th Edition"}


def _bad(name, value, why) -> OptionError:
    shown = repr(value)
    shown = shown if len(shown) <= 80 else shown[:77] + "..."
    return OptionError(f"{name}={shown}: {why}", "bad_request", op="scorm_package",
                       field=name)


def _choice(name, value, allowed):
    if not isinstance(value, str) or value not in allowed:
        raise _bad(name, value, f"one of {', '.join(allowed)}")
    return value


def _game(value) -> str:
    if not isinstance(value, str) or value not in registry.GAMES:
        raise _bad("game", value, "a game of this site")
    return value


def option_value(text: str):
    """An option's value as the site's address writes it (``"9"`` → 9, ``"true"`` → True)."""
    if text in ("true", "false"):
        return text == "true"
    number = text[1:] if text.startswith("-") else text
    return int(text) if number.isascii() and number.isdigit() and len(number) < 7 else text


def _lesson(raw: dict) -> dict:
    game = _game(raw.get("game"))
    if not lessons.lesson(game):
        raise _bad("game", game, "a game with a lesson")
    return {"type": "lesson", "game": game}


def _address_options(raw: dict, allowed=None) -> dict:
    """A game's options as address parameters (texts), of the `allowed` names when given."""
    options = raw.get("options") or {}
    if not isinstance(options, dict) or len(options) > 20 or \
            not all(isinstance(k, str) and isinstance(v, str) for k, v in options.items()):
        raise _bad("options", options, "the game's options as address parameters (texts)")
    if allowed is not None and not set(options) <= set(allowed):
        raise _bad("options", options, f"only {', '.join(allowed) or 'none'}")
    return dict(options)


def _puzzles(raw: dict) -> dict:
    """A puzzle set. Its ``options`` (ADDED to the first contract: absent means none) may
    name the game's rule set (Bul's ``{"variant": "puluc"}``): a class taught one rule set
    is handed that rule set's puzzles, as the site's puzzle addresses do."""
    game = _game(raw.get("game"))
    level, ids, count = raw.get("level"), raw.get("ids"), raw.get("count")
    option = registry.spec_of(game).rule_set_option
    options = _address_options(raw, [option] if option else [])
    rule_set = options.get(option) if option else None
    if level is not None:
        _choice("level", level, tuple(LEVELS))
    if ids is not None:
        if level is not None:
            raise _bad("ids", ids, "a level or a list of puzzles, not both")
        if not isinstance(ids, list) or not 0 < len(ids) <= MAX_PUZZLES or \
                len(set(map(str, ids))) != len(ids):
            raise _bad("ids", ids, f"a list of 1 to {MAX_PUZZLES} different puzzles")
        kept = set(puzzles.puzzle_set(game, rule_set, ids=ids))
        for puzzle_id in ids:  # the page would leave out what is not the set's: refused here
            if not isinstance(puzzle_id, str) or puzzles.find(puzzle_id)["game"] != game or \
                    puzzle_id not in kept:
                raise _bad("ids", puzzle_id, f"a puzzle of {game}" +
                           (f" played by {rule_set}" if rule_set else ""))
    # the set as the site will choose it (one function for both): how many there are
    pool = len(puzzles.puzzle_set(game, rule_set, None if level is None else LEVELS[level],
                                  ids, MAX_PUZZLES))
    count = pool if count is None and ids is not None else count
    if type(count) is not int or not 0 < count <= MAX_PUZZLES:
        raise _bad("count", count, f"a whole number from 1 to {MAX_PUZZLES}")
    if count > pool:  # a teacher's choice the game cannot fill: said with the number there is
        raise OptionError(f"{game} has {pool} such puzzles, not {count}", "scorm_few_puzzles",
                          n=pool, count=count)
    return {"type": "puzzles", "game": game, "level": level,
            "ids": list(ids) if ids is not None else None, "count": count, "options": options}


def _against_computer(raw: dict) -> dict:
    game_id = _game(raw.get("game"))
    options, seats = _address_options(raw), raw.get("seats")
    game = registry.new_game(game_id, **{k: option_value(v) for k, v in options.items()})
    if not isinstance(seats, str) or len(seats) > 200:
        raise _bad("seats", seats, "the seats, comma-separated (human,casual)")
    listed = seats.split(",")
    levels = registry.levels(game_id)
    if len(listed) != game.num_players or \
            any(seat != "human" and seat not in levels for seat in listed):
        raise _bad("seats", seats, f"{game.num_players} seats, each human or a level "
                                   f"({', '.join(levels)})")
    if "human" not in listed:
        raise _bad("seats", seats, "a pupil in at least one seat")
    return {"type": "game", "game": game_id, "seats": seats, "options": options}


def settings(standard, kind, site, activity, title, lang="es", mastery=None) -> dict:
    """The ``window.LUDOTECA_SCORM`` object of a package, every field checked (`_bad`).

    `site`: the site's address (a linked package; absolute, http or https) — a
    self-contained package ignores it; `activity`: ``{"type": "lesson"|"puzzles"|"game",
    ...}`` as the module docstring of the launch page and notes/scorm.md name it;
    `mastery`: None (completion only) or the share that passes, 0 to 1 in whole percent."""
    _choice("standard", standard, STANDARDS)
    _choice("kind", kind, KINDS)
    if kind == "linked":
        parts = urlsplit(site) if isinstance(site, str) and len(site) <= MAX_URL else None
        if parts is None or parts.scheme not in ("http", "https") or not parts.netloc or \
                parts.query or parts.fragment:
            raise _bad("site", site, "the site's address, http:// or https://")
        site = site if site.endswith("/") else site.rsplit("/", 1)[0] + "/"
    else:
        site = SITE
    if not isinstance(activity, dict):
        raise _bad("activity", activity, "an object with a type")
    kind_of = _choice("type", activity.get("type"), TYPES)
    checked = {"lesson": _lesson, "puzzles": _puzzles, "game": _against_computer}[kind_of](
        activity)
    if not isinstance(title, str) or not title.strip() or len(title.strip()) > MAX_TITLE:
        raise _bad("title", title, f"a title of 1 to {MAX_TITLE} characters")
    if mastery is not None and (type(mastery) not in (int, float) or not 0 <= mastery <= 1
                                or round(mastery * 100, 6) != int(round(mastery * 100))):
        raise _bad("mastery", mastery, "a share from 0 to 1, in whole percent (0.8)")
    return {"format": FORMAT, "standard": standard, "site": site, "activity": checked,
            "mastery": None if mastery is None else round(mastery * 100) / 100,
            "title": title.strip(), "lang": _choice("lang", lang, LANGUAGES)}


def activity_js(scorm: dict) -> str:
    """The package's activity.js: one line the launch page's script reads. ASCII only, so no
    platform's character set can spoil it."""
    return f"window.LUDOTECA_SCORM = {json.dumps(scorm, sort_keys=True)};\n"


def identifier(scorm: dict) -> str:
    """The manifest's identifier: the same activity, standard and kind always get the same
    one (a platform updating a package recognises it), an XML name (xs:ID)."""
    made_of = json.dumps({k: scorm[k] for k in ("activity", "standard", "site", "mastery")},
                         sort_keys=True)
    activity = scorm["activity"]
    return f"ludoteca-{activity['game']}-{activity['type']}-" \
           f"{hashlib.sha256(made_of.encode()).hexdigest()[:12]}"


def file_name(scorm: dict) -> str:
    """The zip's name: ``ludoteca-bakuk-lesson-scorm2004-linked.zip``."""
    activity, kind = scorm["activity"], "linked" if scorm["site"] != SITE else "self-contained"
    standard = scorm["standard"].replace(".", "")
    return f"ludoteca-{activity['game']}-{activity['type']}-scorm{standard}-{kind}.zip"


def _item(scorm: dict) -> str:
    """The organization's one item: the activity's title, and what passes it."""
    title, mastery = escape(scorm["title"]), scorm["mastery"]
    lines = ['      <item identifier="ITEM-1" identifierref="RESOURCE-1" isvisible="true">',
             f"        <title>{title}</title>"]
    if mastery is not None and scorm["standard"] == "1.2":
        lines.append(f"        <adlcp:masteryscore>{round(mastery * 100)}</adlcp:masteryscore>")
    if mastery is not None and scorm["standard"] == "2004":
        # passed when the score's scaled measure reaches the mastery (the platform hands it
        # to the SCO as cmi.scaled_passing_score)
        lines += ["        <imsss:sequencing>",
                  "          <imsss:objectives>",
                  '            <imsss:primaryObjective objectiveID="PRIMARY" '
                  'satisfiedByMeasure="true">',
                  f"              <imsss:minNormalizedMeasure>{mastery:g}"
                  "</imsss:minNormalizedMeasure>",
                  "            </imsss:primaryObjective>",
                  "          </imsss:objectives>",
                  "        </imsss:sequencing>"]
    return "\n".join([*lines, "      </item>"])


def manifest(scorm: dict, files: list) -> str:
    """``imsmanifest.xml`` for the package of `scorm` (a `settings` object) whose files (paths
    in the zip, the manifest itself apart) are `files`: every one listed in the resource."""
    standard = scorm["standard"]
    namespaces = " ".join(
        f'xmlns{":" + prefix if prefix else ""}="{uri}"'
        for prefix, uri in NAMESPACES[standard].items())
    scorm_type = "adlcp:scormtype" if standard == "1.2" else "adlcp:scormType"
    title = escape(scorm["title"])
    listed = "\n".join(f"      <file href={quoteattr(quote(name, safe='/-._~'))}/>"
                       for name in files)
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="{identifier(scorm)}" version="1" {namespaces}
  xsi:schemaLocation="{SCHEMAS[standard]}">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>{SCHEMA_VERSION[standard]}</schemaversion>
  </metadata>
  <organizations default="ORGANIZATION-1">
    <organization identifier="ORGANIZATION-1">
      <title>{title}</title>
{_item(scorm)}
    </organization>
  </organizations>
  <resources>
    <resource identifier="RESOURCE-1" type="webcontent" {scorm_type}="sco" href="{LAUNCH}">
{listed}
    </resource>
  </resources>
</manifest>
"""


def _safe_path(name) -> bool:
    if not isinstance(name, str) or "\\" in name or ":" in name:
        return False
    return all(part not in ("", ".", "..") for part in name.split("/"))


def package(scorm: dict, launch: dict, site: dict | None = None) -> bytes:
    """The zip of a package: `launch` the launch files (``index.html``, ``launch.js``: name
    -> bytes), `site` (a self-contained package) every file of the built site (path ->
    bytes), put under ``site/``. The manifest lists every file; the zip holds no other."""
    missing = [name for name in LAUNCH_FILES if name not in launch]
    if missing:
        raise _bad("launch", missing, "the site's scorm/ launch files")
    if (site is None) != (scorm["site"] != SITE):
        raise _bad("site", scorm["site"], "a self-contained package needs the built site")
    files = {name: launch[name] for name in LAUNCH_FILES}
    files["activity.js"] = activity_js(scorm).encode()
    for name, data in (site or {}).items():
        if not _safe_path(name):
            raise _bad("site", name, "a relative path inside the site")
        files[SITE + name] = data
    names = sorted(files)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        _add(archive, "imsmanifest.xml", manifest(scorm, names).encode())
        for name in names:
            _add(archive, name, files[name])
    return buffer.getvalue()


def _add(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    entry = zipfile.ZipInfo(name, ZIP_TIME)
    entry.compress_type = zipfile.ZIP_STORED if name.endswith(STORED) else zipfile.ZIP_DEFLATED
    entry.external_attr = 0o644 << 16  # a plain readable file wherever it is unzipped
    archive.writestr(entry, data)
