"""The fairness lab's seeded games are the same in the browser's Python as in the build's:
under Pyodide (32-bit, another Python) each game's first shipped configuration, its first
games played again, gives the tally shipped with the game."""

from __future__ import annotations

import json

from test_pyodide import in_pyodide, wheel  # noqa: F401 (a fixture)

SAMPLES = r'''
import json
from ludoteca import registry
from ludoteca.labs import fairness
out = {}
for game_id in registry.GAMES:
    if not fairness.shipped(game_id):  # the test suite's fixture game ships none
        continue
    result = fairness.shipped(game_id)[0]
    game = registry.new_game(game_id, **result["options"])
    games = min(result["sample"]["games"], GAMES)
    out[game_id] = {"games": games, "tally": fairness.play(
        game, result["levels"], result["seed"], 0, games)}
print(json.dumps(out))
'''
GAMES = 10  # of each sample: Pyodide is slower than CPython, and ten games make the point


def test_shipped_samples_replay_the_same_under_pyodide(wheel):  # noqa: F811 (the fixture)
    from ludoteca import registry
    from ludoteca.labs import fairness

    there = in_pyodide(wheel, f"GAMES = {GAMES}\n" + SAMPLES)
    assert set(there) == {g for g in registry.GAMES if fairness.shipped(g)}
    assert {"bakuk", "bul", "bolonki", "buku"} <= set(there)
    for game_id, answer in there.items():
        result = fairness.shipped(game_id)[0]
        here = fairness.play(registry.new_game(game_id, **result["options"]),
                             result["levels"], result["seed"], 0, answer["games"])
        assert answer["tally"] == json.loads(json.dumps(here)), game_id
        if answer["games"] == result["sample"]["games"]:
            assert here == result["sample"]
