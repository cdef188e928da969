"""`python3 build.py scorm ...`: a SCORM package from the command line (so a school's IT can
script it), made by the same maker as the embed dialog's button, `ludoteca.classroom.scorm`.

    python3 build.py scorm --what lesson --game bakuk --site https://ludoteca.example/
    python3 build.py scorm --what puzzles --game bul --option variant=aj-sakalil --level easy \\
        --count 5 --mastery 80 --standard 1.2 --kind self-contained
    python3 build.py scorm --what game --game bul --seats human,casual --option length=9 \\
        --site https://ludoteca.example/

Arguments (`python3 build.py scorm --help` lists them; the README's "On your school's
platform" says what each kind needs): what (lesson, puzzles, game), the game, the standard
(1.2 or 2004), the kind (linked: a few KB that frame the site at --site; self-contained:
the built site inside), the puzzles (--level or --ids, --count), the seats and --option
name=value of a game, --mastery (percent), --title, --lang, --out, and --dist (a site
already built: the package takes its files from there instead of building dist/).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from builder.common import log
from builder.paths import DIST, WEB

DESCRIPTION = "Make a SCORM package of a lesson, a puzzle set or a game against the computer."


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python3 build.py scorm", description=DESCRIPTION)
    p.add_argument("--what", choices=("lesson", "puzzles", "game"), required=True,
                   help="the game's lesson, a set of its puzzles, or a game against the computer")
    p.add_argument("--game", required=True, help="bakuk, bul, bolonki or buku")
    p.add_argument("--standard", choices=("1.2", "2004"), default="1.2",
                   help="SCORM 1.2 (every platform; the default) or 2004 4th edition")
    p.add_argument("--kind", choices=("linked", "self-contained"), default="linked",
                   help="linked (a few KB; the platform's pupils need the site reachable at "
                        "--site) or self-contained (the built site inside the package)")
    p.add_argument("--site", help="linked: the site's address, https://.../ (required)")
    p.add_argument("--level", choices=("easy", "medium", "hard"),
                   help="puzzles: of this level only (default: any level)")
    p.add_argument("--ids", help="puzzles: these puzzles, comma-separated (bul-3,bul-7)")
    p.add_argument("--count", type=int, help="puzzles: how many (default 10, or every --ids)")
    p.add_argument("--seats", help="game: each seat human or a computer level, "
                                   "comma-separated (default human,casual,...)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="game: an option of the game as in its address (length=9); repeat. "
                        "puzzles: the rule set (variant=puluc)")
    p.add_argument("--mastery", type=int, metavar="PERCENT",
                   help="passed at or above this score, 0-100 (default: completion only)")
    p.add_argument("--title", help="the title the platform shows (default: said in --lang)")
    p.add_argument("--lang", choices=("es", "en"), default="es", help="the package's language")
    p.add_argument("--out", type=Path,
                   help="the zip to write, or a folder for it (default: the current folder)")
    p.add_argument("--dist", type=Path,
                   help="a site already built (default: build dist/ first and take it)")
    return p


def site_files(dist: Path) -> dict:
    """Every file of the built site, by its path in it, the launch folder (scorm/) apart:
    its two files are the package's own launch page, beside site/."""
    return {path.relative_to(dist).as_posix(): path.read_bytes()
            for path in sorted(dist.rglob("*"))
            if path.is_file() and path.relative_to(dist).parts[0] != "scorm"}


def default_title(what: str, game: str, lang: str, count) -> str:
    """The title in the reader's language, from the page's own strings."""
    strings = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    own = json.loads((WEB / "games" / game / f"strings.{lang}.json").read_text(encoding="utf-8"))
    key = f"scorm.title.{what}"
    if what == "puzzles" and count == 1:
        key += ".one"
    return strings[key].replace("{game}", own[f"game.{game}.name"]).replace("{n}", str(count))


def activity(args) -> dict:
    if args.what == "lesson":
        return {"type": "lesson", "game": args.game}
    if args.what == "puzzles":
        ids = args.ids.split(",") if args.ids else None
        count = args.count if args.count is not None else (len(ids) if ids else 10)
        return {"type": "puzzles", "game": args.game, "level": args.level, "ids": ids,
                "count": count, "options": options(args)}
    return {"type": "game", "game": args.game, "seats": args.seats, "options": options(args)}


def options(args) -> dict:
    found = dict(pair.split("=", 1) for pair in args.option if "=" in pair)
    if len(found) != len(args.option):
        raise SystemExit("scorm: --option is name=value (length=9)")
    return found


def make_scorm(argv: list) -> int:
    args = parser().parse_args(argv)
    from ludoteca import registry  # the rules, on the path builder.paths gives
    from ludoteca.classroom import scorm
    from ludoteca.core import LudotecaError

    dist = args.dist
    if dist is None:
        from builder.site import build
        build()
        dist = DIST
    try:
        asked = activity(args)
        if asked["type"] == "game" and asked["seats"] is None and asked["game"] in registry.GAMES:
            players = registry.new_game(asked["game"], **{
                k: scorm.option_value(v) for k, v in asked["options"].items()}).num_players
            asked["seats"] = ",".join(["human"] + ["casual"] * (players - 1))
        title = args.title
        if title is None and args.game in registry.GAMES:
            title = default_title(args.what, args.game, args.lang, asked.get("count"))
        settings = scorm.settings(args.standard, args.kind, args.site, asked, title, args.lang,
                                  None if args.mastery is None else args.mastery / 100)
        launch_dir = dist / "scorm"
        missing = [n for n in scorm.LAUNCH_FILES if not (launch_dir / n).is_file()]
        if missing:
            raise SystemExit(f"scorm: {launch_dir} has no {', '.join(missing)}: "
                             "the site's launch page is not built")
        launch = {name: (launch_dir / name).read_bytes() for name in scorm.LAUNCH_FILES}
        site = site_files(dist) if args.kind == "self-contained" else None
        data = scorm.package(settings, launch, site)
    except LudotecaError as refused:
        print(f"scorm: {refused}", file=sys.stderr)
        return 2
    out = args.out or Path.cwd()
    if out.is_dir():
        out = out / scorm.file_name(settings)
    out.write_bytes(data)
    log(f"{out}: {len(data):,} bytes, SCORM {args.standard} {args.kind}, "
        f"\"{settings['title']}\"")
    return 0
