"""The computer explains, measured. Prints figures; asserts nothing.

    python3 bench/analysis.py [games-per-pairing] [--build] [--review-only] [--browser-only]

- the Bakuk table: size raw and gzip (the committed file); with ``--build`` also the time
  to build it again (tools/bakuk_table.py, ~2 minutes) and whether it is byte-identical;
- the time to review a typical game of each game (every position, the page's budget per
  position), in CPython and in Pyodide under Node (the wheel of a fresh build);
- the review in Chromium on the built site (the goal: a 60-move Bakuk or Bul game ready in
  ≤ 2 s): the game opened from a shared link, the review button clicked, timed until
  the review says it is done; the first review of a Bakuk game includes fetching its table;
- Bul: the estimate's error against exact win chances, on endgames where both exist;
- the Bakuk level ladder (perfect, strong, casual, beginner): each level against the next,
  both seats, `games-per-pairing` games (default 100) — strong thinks 0.05 s a move here;
- the share of the strong Bakuk level's moves that the table calls optimal.
"""

from __future__ import annotations

import base64
import gzip
import json
import random
import subprocess
import sys
import tempfile
import time

import _common  # noqa: F401  (puts py/ on the path)
import ludoteca
from _common import ROOT
from ludoteca import registry, sample_chance
from ludoteca.analysis import analyse
from ludoteca.core import CHANCE
from ludoteca.games.bakuk import SPEC as BAKUK
from ludoteca.games.bul import analysis as bul_analysis

TABLE = ROOT / "web" / BAKUK.data_files["bakuk2"]
DATA = {}  # the engine's data files: the Bakuk table, once main() has read it
PLY_BUDGET = 0.015  # what web/teach/review.js asks for each position
GAMES = {  # a typical game: the strong level against casual, 60 moves at most
    "bakuk": ({}, ["casual", "casual"]),
    "bul": ({"variant": "boolik"}, ["strong", "casual"]),
    "buku": ({}, ["casual", "casual"]),
    "bolonki": ({}, ["casual", "casual"]),
}


def typical_game(game_id, seed=1, limit=60):
    options, levels = GAMES[game_id]
    game = ludoteca.new_game(game_id, **options)
    bots = [registry.bot_for(game, p, levels[p % 2], seed=seed + p)
            for p in range(game.num_players)]
    rng = random.Random(seed)
    state, moves = game.initial_state(), []
    while not state.is_terminal and len(moves) < limit:
        if state.current_player == CHANCE:
            move = sample_chance(state, rng)
        else:
            move = bots[state.current_player].choose(state, budget=0.05)
        child = state.apply(move)
        for bot in bots:
            bot.observe(move, child.events)
        state = child
        moves.append(move)
    return {"game": game_id, "options": options, "moves": moves}


REVIEW_CODE = """
import base64, json, time
from ludoteca import replay
from ludoteca.analysis.review import Review
from ludoteca.games.bakuk import SPEC
from ludoteca.registry import analyst_for
data = {"bakuk2": SPEC.load_data("bakuk2", base64.b64decode(TABLE))}
for record in json.loads(RECORDS):
    states = replay(record)
    moves = record["moves"]
    review = Review(analyst_for(states[0].game, data))
    start, cpu = time.perf_counter(), time.process_time()
    for ply in range(len(states)):
        review.ply(states, moves, ply, BUDGET)
    print(f"  {record['game']:8} {len(moves):3} moves: {time.perf_counter() - start:6.2f} s"
          f" (CPU {time.process_time() - cpu:5.2f} s)")
"""


def review_code(records):
    return (f"TABLE = {base64.b64encode(TABLE.read_bytes()).decode()!r}\n"
            f"RECORDS = {json.dumps(json.dumps(records))}\nBUDGET = {PLY_BUDGET}\n"
            + REVIEW_CODE)


def review_times(records):
    print(f"review of a typical game (budget {PLY_BUDGET} s a position), CPython:")
    exec(review_code(records), {})
    print("same, Pyodide under Node:")
    from builder.paths import DIST
    from builder.site import build

    info = build()
    wheel, rooms = (DIST / info["wheels"][name] for name in ("ludoteca", "rooms"))
    with tempfile.NamedTemporaryFile("w", suffix=".py") as code:
        code.write(review_code(records))
        code.flush()
        with open(code.name) as stdin:
            result = subprocess.run(["node", str(ROOT / "tools" / "pyodide_run.mjs"),
                                     str(wheel), str(rooms)], stdin=stdin,
                                    capture_output=True, text=True, cwd=ROOT, timeout=1800)
    print(result.stdout.rstrip() or result.stderr[-2000:])


def long_game(game_id, moves=60, tries=20):
    """A typical game of `moves` moves (the first seed whose game lasts that long), else the
    longest one tried."""
    games = (typical_game(game_id, seed=seed, limit=moves) for seed in range(1, tries + 1))
    best = {"moves": []}
    for record in games:
        if len(record["moves"]) > len(best["moves"]):
            best = record
        if len(record["moves"]) >= moves:
            break
    return best


# the game is on the table (its turn line written), the page idle, the review offered
ON_TABLE = """() => document.querySelector('#turn')?.textContent.trim() !== ''
  && !document.querySelector('#board[aria-busy="true"], body[aria-busy="true"]')
  && !document.querySelector('#review-open').disabled"""


def browser_review_times(game_ids=("bakuk", "bul"), runs=2):
    """The review of a game in Chromium, on the built site: from the click on the review
    button to its "done" text (data-ready), first run and the next ones (table fetched)."""
    from playwright.sync_api import sync_playwright

    from _common import CHROMIUM, CHROMIUM_ARGS, serve_dist
    from ludoteca.records import encode_link, make_record

    server, base, _ = serve_dist()
    print(f"review in Chromium (the built site, budget {PLY_BUDGET} s a position), "
          "click to done:")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for game_id in game_ids:
                record = long_game(game_id)
                game = ludoteca.new_game(game_id, **record["options"])
                seats = ["human"] * game.num_players
                link = encode_link(make_record(game, record["moves"]), seats)
                page = browser.new_page(reduced_motion="reduce")
                page.goto(f"{base}/#/{game_id}?g={link}")
                page.wait_for_function(ON_TABLE, timeout=120_000)
                times = []
                for _ in range(runs):
                    start = time.perf_counter()
                    page.click("#review-open")
                    page.wait_for_selector("#review[data-ready=true]", timeout=600_000)
                    times.append(time.perf_counter() - start)
                    page.click("#review-close")
                page.close()
                print(f"  {game_id:8} {len(record['moves']):3} moves: "
                      + ", ".join(f"{t:.2f} s" for t in times)
                      + " (first run, then again)")
            browser.close()
    finally:
        server.shutdown()


def table_figures(rebuild):
    packed = TABLE.read_bytes()
    raw = gzip.decompress(packed)
    print(f"Bakuk table: {len(raw):,} bytes raw, {len(packed):,} bytes gzip ({TABLE.name})")
    if rebuild:
        sys.path.insert(0, str(ROOT))
        from tools import bakuk_table as maker

        start = time.perf_counter()
        fresh = maker.build()
        print(f"  built again in {time.perf_counter() - start:.1f} s (pure Python);"
              f" identical to the committed table: {fresh == raw}")


def bul_estimate_error(positions=30):
    """Estimate vs exact win chance on one-man-a-side endgames (boolik, 9 rows)."""
    game = ludoteca.new_game("bul", variant="boolik", length=9)
    data = game.initial_state().to_json()
    data["base"], data["dead"] = [1, 1], [4, 4]
    root = game.state_from_json(data)
    start = time.perf_counter()
    exact = bul_analysis.solve(root, 10**6)
    solved_in = time.perf_counter() - start
    rng = random.Random(7)
    errors = []
    state = root
    while len(errors) < positions:
        if state.is_terminal:
            state = root
        if state.current_player != CHANCE:
            truth = exact[bul_analysis.key(state)]
            estimate = bul_analysis._Estimate(time.perf_counter() + 0.2, {}).deepen(
                {"": state})[""]
            errors.append(abs(truth - estimate))
        moves = [o for o, _ in state.chance_outcomes()] or state.legal_moves()
        state = state.apply(rng.choice(moves))
    print(f"Bul estimate vs exact (boolik, 9 rows, one man a side: {len(exact):,} positions"
          f" solved in {solved_in:.1f} s): mean error {sum(errors) / len(errors):.3f},"
          f" max {max(errors):.3f} over {len(errors)} positions")


def ladder(games):
    game = ludoteca.new_game("bakuk")
    levels = ["perfect", "strong", "casual", "beginner"]
    start = game.initial_state()
    print(f"Bakuk ladder, {games} games a pairing (both seats, strong 0.05 s a move); the table"
          f" says the first player wins the start by {analyse(start, data=DATA)['value']}"
          " seeds:")
    for upper, lower in zip(levels, levels[1:], strict=False):
        results = {0: [0, 0, 0], 1: [0, 0, 0]}  # seat of the upper level -> won, drawn, lost
        for g in range(games):
            seat = g % 2
            bots = {seat: registry.bot_for(game, seat, upper, seed=g, data=DATA),
                    1 - seat: registry.bot_for(game, 1 - seat, lower, seed=g + 7, data=DATA)}
            state = game.initial_state()
            while not state.is_terminal:
                state = state.apply(bots[state.to_move].choose(state, budget=0.05))
            outcome = 0 if state.winner == seat else 1 if state.winner is None else 2
            results[seat][outcome] += 1
        print(f"  {upper:8} vs {lower:8}: " + "; ".join(
            f"moving {'first' if seat == 0 else 'second'} {w} won, {d} drawn, {x} lost"
            for seat, (w, d, x) in results.items()))


def strong_optimal_share(games):
    game = ludoteca.new_game("bakuk")
    optimal = total = 0
    for g in range(games):
        bots = [registry.bot_for(game, p, "strong", seed=g * 2 + p) for p in (0, 1)]
        state = game.initial_state()
        while not state.is_terminal:
            move = bots[state.to_move].choose(state, budget=0.05)
            if len(state.legal_moves()) > 1:
                a = analyse(state, data=DATA)
                total += 1
                optimal += a["moves"][move] == a["value"]
            state = state.apply(move)
    print(f"strong Bakuk (0.05 s a move) plays a move the table calls optimal: "
          f"{optimal}/{total} = {optimal / max(total, 1):.1%} of its real choices")


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    games = int(args[0]) if args else 100
    if "--browser-only" in sys.argv:
        browser_review_times()
        return
    table_figures("--build" in sys.argv)
    DATA["bakuk2"] = BAKUK.load_data("bakuk2", TABLE.read_bytes())
    records = [typical_game(g) for g in GAMES]
    review_times(records)
    browser_review_times()
    if "--review-only" in sys.argv:
        return
    bul_estimate_error()
    ladder(games)
    strong_optimal_share(max(games // 5, 2))


if __name__ == "__main__":
    main()
