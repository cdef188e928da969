"""Shipped content made afresh, written as data into each game's package and committed:
its puzzles (`python3 build.py puzzles [game ...]`, proven by its analysis) and its
fairness-lab results (`python3 build.py fairness [game ...]`, seeded).

The rules are imported when a command runs, not with this module: `build.py test` puts the
fixture game on the path first (it joins `ludoteca.games` when that is imported)."""

from __future__ import annotations

import pprint
import sys
import time
from pathlib import Path

from builder.common import log
from builder.paths import ROOT, WEB


def games_with_data(game_ids: list):
    """For each game named (all when none): (its id, its spec, its data files loaded, its
    package's folder) — what a generator of shipped content needs."""
    from ludoteca import registry  # when the command runs: see the module's docstring

    for game_id in game_ids or list(registry.GAMES):
        spec = registry.spec_of(game_id)
        data = {name: spec.load_data(name, (WEB / path).read_bytes())
                for name, path in spec.data_files.items()}
        yield game_id, spec, data, Path(sys.modules[type(spec).__module__].__file__).parent


def make_puzzles(game_ids: list) -> int:
    """Write each game's puzzles (`GameSpec.make_puzzles`) as data, ``PUZZLES``, in its
    package's ``puzzle_set.py``: the tests prove every one again."""
    for game_id, spec, data, folder in games_with_data(game_ids):
        started = time.perf_counter()
        made = spec.make_puzzles(data)
        if not made:
            continue
        target = folder / "puzzle_set.py"
        text = (f'"""{game_id}\'s puzzles, made by `python3 build.py puzzles {game_id}` '
                "(`GameSpec.make_puzzles`):\nevery one is proven again by "
                'tests/unit/test_lessons_puzzles.py. Do not edit by hand."""\n\n'
                f"PUZZLES = {pprint.pformat(tuple(made), width=99, sort_dicts=False)}\n")
        target.write_text(text)
        log(f"{game_id}: {len(made)} puzzles in {time.perf_counter() - started:.1f} s "
            f"-> {target.relative_to(ROOT)}")
    return 0


def make_fairness(game_ids: list) -> int:
    """Write each game's shipped fairness results (`fairness.make_shipped`: its
    `GameSpec.lab_configs` played by its lab level, seeded) as data, ``RESULTS``, in its
    package's ``fairness_set.py``: the tests replay a sample of them."""
    from ludoteca.labs import fairness  # when the command runs: see the module's docstring

    for game_id, _spec, data, folder in games_with_data(game_ids):
        started = time.perf_counter()
        made = fairness.make_shipped(game_id, data)
        target = folder / "fairness_set.py"
        text = (f'"""{game_id}\'s fairness-lab results, made by `python3 build.py fairness '
                f'{game_id}`\n(`fairness.make_shipped`, seed {fairness.SHIPPED_SEED}): '
                "tests/unit/test_fairness.py replays a sample.\nDo not edit by hand.\"\"\"\n\n"
                f"RESULTS = {pprint.pformat(made, width=99, sort_dicts=False)}\n")
        target.write_text(text)
        games = sum(result["tally"]["games"] for result in made)
        log(f"{game_id}: {len(made)} configurations, {games} games in "
            f"{time.perf_counter() - started:.1f} s -> {target.relative_to(ROOT)}")
    return 0
