"""The set-up mode: a teacher places seeds, men or pieces freely on a board, and the engine
says whether the position is legal — and if not, why, in words — then plays it out, analyses
it, or proves it as a puzzle.

A position being made is a *draft*: a state's JSON (`State.to_json`) that may not be legal
yet (25 seeds, a player to move with nothing to play). The draft travels with every request
(the engine keeps nothing), so the page can undo an edit by sending the draft before it.
A game with a set-up mode (`spec.SetUp`) says how a click edits its board (`setup_edit`, with
the tools of `setup_tools`), what else a teacher chooses (`setup_choices`: whose turn, captured
seeds...), what is wrong with a draft (`setup_problems`) and how a legal draft becomes a
state (`setup_state`)."""

from __future__ import annotations

from ..core import OptionError
from ..registry import new_game, spec_of
from ..spec import SetUp

# How far the best move must stand out for a teacher's position to be a puzzle, on each
# analysis scale (the shipped puzzles' own thresholds): seeds, chance of winning, points.
PUZZLE_GAP = {"margin": 2, "win_chance": 0.05, "score": 1.0}


def game_and_spec(game_id, options):
    if not isinstance(options, dict):
        raise OptionError("options must be an object", "bad_option")
    spec = spec_of(game_id)
    if not spec.has(SetUp):
        raise OptionError(f"{game_id} has no set-up mode", "no_setup", game=game_id)
    return new_game(game_id, **options), spec


def start(game, spec, state=None) -> dict:
    """A draft of `state` (or of the game's opening position)."""
    return (state or game.initial_state()).to_json()


def edited(game, spec, draft, tool, target) -> dict:
    """The draft after a click on board element `target` with `tool`."""
    if not (isinstance(tool, str) and isinstance(target, str)) or \
            tool not in spec.setup_tools or target not in spec.setup_targets(game, draft):
        raise OptionError(f"no edit {tool!r} on {target!r}", "bad_setup_edit",
                          tool=str(tool)[:20], target=str(target)[:20])
    return spec.setup_edit(game, draft, tool, target)


def counted(game, spec, draft, target, count) -> dict:
    """The draft with the count of board element `target` set to `count` at once."""
    if not spec.setup_counts or not isinstance(target, str) or \
            target not in spec.setup_targets(game, draft):
        raise OptionError(f"no count on {target!r}", "bad_setup_edit",
                          tool="count", target=str(target)[:20])
    most = spec.setup_most(game, draft, target)
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= most:
        raise OptionError(f"a count is a whole number from 0 to {most}", "bad_setup_count",
                          most=most)
    return spec.setup_set(game, draft, target, count)


def chosen(game, spec, draft, name, value) -> dict:
    """The draft with the choice `name` (whose turn...) set to `value`."""
    choices = spec.setup_choices(game, draft)  # name -> its values
    if not isinstance(name, str) or name not in choices or value not in choices[name]:
        raise OptionError(f"no choice {name!r} = {value!r}", "bad_setup_edit",
                          tool=str(name)[:20], target=str(value)[:20])
    return spec.setup_choose(game, draft, name, value)


def described(game, spec, draft) -> dict:
    """What the page shows of a draft: the board, what a click edits, the choices and
    their values now, and why the position is not legal yet (messages; [] when it is)."""
    chosen_now = spec.setup_chosen(game, draft)
    return {"draft": draft, "observation": spec.setup_observation(game, draft),
            "targets": spec.setup_targets(game, draft), "tools": list(spec.setup_tools),
            "counts": spec.setup_counts,
            "choices": [{"name": name, "values": values, "value": chosen_now[name]}
                        for name, values in spec.setup_choices(game, draft).items()],
            "problems": spec.setup_problems(game, draft)}


def position(game, spec, draft):
    """The legal state of a draft; its first problem, in words, otherwise."""
    problems = spec.setup_problems(game, draft)
    if problems:
        raise OptionError("the position is not legal", "illegal_setup", why=problems[0])
    return spec.setup_state(game, draft)


def proof(spec, state, data) -> dict:
    """Whether a position is a puzzle: its best moves and every move's value from the
    game's exact analysis, and whether the best stands out (``clear``: every other move is
    worth at least the scale's `PUZZLE_GAP` less; ``gap``: by how much)."""
    puzzle = {"id": f"{spec.id}-0", "game": spec.id, "options": dict(state.game.options),
              "state": state.to_json()}
    found = spec.prove_puzzle(puzzle, data)
    kind = found.get("kind") or spec.Analyst(state.game, data).kind(state)
    values, best = found["values"], found["best"]
    others = [value for move, value in values.items() if move not in best]
    gap = (values[best[0]] - max(others)) if others else 0
    # what the person is shown before the question, when the proof counts on it (Bolonki),
    # and the question the proof answers, when it is not "the best move" (Buku: the most)
    # (and best play after each move, when the game's proof gives it: Bakuk's, for *why*)
    shown = {name: found[name] for name in ("shown", "question", "replies") if name in found}
    return {**puzzle, **shown, "best": list(best), "values": dict(values), "kind": kind,
            "gap": gap, "clear": bool(others) and gap >= PUZZLE_GAP[kind] - 1e-9}
