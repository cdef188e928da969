"""A class tournament on the teacher's device: who plays whom each round, the results typed
in, and the standings with their tie-breaks. Pure and stdlib only: a tournament is a JSON
value the page keeps (in the teacher's browser) and sends with every request. It names its
game and options by id and name, never by a place in a list, so a tournament kept across an
update means what it meant; its games' codes are made afresh for each answer
(`ludoteca.match_codes`), in the format of the version that answers.

Pairings
- Round robin by the circle method (Berger): one player stays, the others turn one place a
  round; with an odd number of pupils a "nobody" joins and whoever meets it has the bye. N
  pupils play N − 1 rounds (N even) or N rounds (N odd); every pair meets exactly once.
- Swiss: each round pairs pupils of equal (or nearest) score, highest first, never twice
  the same pair; with an odd number the lowest-ranked pupil who has not had a bye gets it
  (one bye each at most). A Swiss bye scores as a win; a round-robin bye scores nothing
  (every pupil rests once, so it is fair without points).

Standings (the tie-breaks are defined in FIDE's Handbook, C.07 "Play-off and Tie-Break
Regulations", 2024: Direct Encounter, Buchholz, Sonneborn–Berger, number of wins):
- points: a win 1, a draw ½, a loss 0 (kept here in half points, whole numbers);
- round robin: points, then direct encounter, then Sonneborn–Berger, then wins;
- Swiss: points, then Buchholz, then Sonneborn–Berger, then direct encounter, then wins.
Direct encounter counts only the games among the pupils still tied, and only when each of
them has played each other (as FIDE's rule says). Buchholz here is the sum of the points of
the opponents met over the board: a bye adds nothing (FIDE's rule for unplayed rounds is
more elaborate). Pupils equal on everything share their place.

Results are numbers: 0 the first-named pupil (who starts) won, 1 a draw, 2 the second won.
"""

from __future__ import annotations

from ..core import OptionError

ROUND_ROBIN, SWISS = "round_robin", "swiss"
SYSTEMS = (ROUND_ROBIN, SWISS)
FIRST_WON, DRAW, SECOND_WON = 0, 1, 2
MAX_PUPILS = 32
MAX_BOARDS = 32
MAX_NAME = 30
VERSION = 1
PAIRING_STEPS = 4_000  # tries a Swiss round's pairing may take before it says there is none
# what each result gives the first and the second pupil, in half points
HALF_POINTS = {FIRST_WON: (2, 0), DRAW: (1, 1), SECOND_WON: (0, 2)}


# --- pairings --------------------------------------------------------------------------------
def round_robin_rounds(n: int) -> int:
    """How many rounds a round robin of `n` pupils has."""
    return n - 1 if n % 2 == 0 else n


def round_robin_round(n: int, index: int) -> tuple:
    """Round `index` (0-based) of a round robin of `n` pupils by the circle method:
    ``(pairs, bye)``, each pair ``(first, second)``, `bye` a pupil or None."""
    size = n + n % 2  # an odd field gets a "nobody" (number n): meeting it is the bye
    turning = list(range(size - 1))
    turning = turning[index % (size - 1):] + turning[:index % (size - 1)]
    circle = turning + [size - 1]
    pairs, bye = [], None
    for i in range(size // 2):
        a, b = circle[i], circle[size - 1 - i]
        # the pupil who stays starts every other round; the others as the circle puts them
        if i == 0 and index % 2:
            a, b = b, a
        if n in (a, b):
            bye = a if b == n else b
        else:
            pairs.append((a, b))
    return pairs, bye


def swiss_round(n: int, rounds: list, half_points: list) -> tuple:
    """The next Swiss round for `n` pupils after `rounds` (each ``{"pairs", "bye"}``), with
    each pupil's `half_points` so far: ``(pairs, bye)``. Raises OptionError
    ``tournament_no_pairing`` when every way to pair them would repeat a game."""
    met = {frozenset(pair) for r in rounds for pair in r["pairs"]}
    had_bye = {r["bye"] for r in rounds if r["bye"] is not None}
    starts = [0] * n
    for r in rounds:
        for a, _ in r["pairs"]:
            starts[a] += 1
    ranked = sorted(range(n), key=lambda p: (-half_points[p], p))
    # the bye goes to the lowest-ranked pupil who has not had one (and, should the rest not
    # pair without a rematch, to the next one up)
    candidates = [p for p in reversed(ranked) if p not in had_bye] if n % 2 else [None]
    budget = [PAIRING_STEPS]  # shared by every choice of the bye
    for bye in candidates:
        pairing = _pair_without_rematch([p for p in ranked if p != bye], met, half_points,
                                        budget)
        if pairing is not None:
            return [_colours(a, b, starts) for a, b in pairing], bye
    raise OptionError("every pairing left would repeat a game", "tournament_no_pairing")


def _pair_without_rematch(ranked: list, met: set, half_points: list, budget: list):
    """The pupils in rank order paired top down: the highest left meets, in his score
    group, the pupil half the group below him (the top half plays the bottom half, as
    Swiss systems pair), else the nearest to that place, else the highest of the groups
    below — never a pupil he has met (backtracking when the rest cannot be paired). None
    if there is no way, or none found within the tries left in `budget` (a count, not a
    time: the answer does not depend on the machine)."""
    failed = set()  # groups of pupils left that cannot be paired (rank order is fixed)

    def pair(rest):
        if not rest:
            return []
        budget[0] -= 1
        if rest in failed or budget[0] < 0:
            return None
        top, others = rest[0], rest[1:]
        for i in _preferred(rest, half_points):
            other = others[i]
            if frozenset((top, other)) in met:
                continue
            tail = pair(others[:i] + others[i + 1:])
            if tail is not None:
                return [(top, other), *tail]
        failed.add(rest)
        return None

    return pair(tuple(ranked))


def _preferred(rest: tuple, half_points: list) -> list:
    """The order in which the first of `rest` tries the others (indexes into ``rest[1:]``):
    his score group's, nearest first to the place half the group below him; then the
    others in rank order."""
    group = sum(half_points[p] == half_points[rest[0]] for p in rest)  # he is one of them
    slide = group // 2 - 1  # the index of his partner among rest[1:]
    inside = sorted(range(group - 1), key=lambda i: (abs(i - slide), -i))
    return inside + list(range(group - 1, len(rest) - 1))


def _colours(a: int, b: int, starts: list) -> tuple:
    """Who starts: the pupil who has started fewer games; the higher-ranked (`a`) if equal."""
    return (b, a) if starts[b] < starts[a] else (a, b)


# --- the tournament as a value ---------------------------------------------------------------
def new(names: list, game: str, options: dict, system: str, boards: int, tag: int,
        rounds: int | None = None) -> dict:
    """A tournament with its first round paired. `names`: the pupils (names or numbers);
    `boards`: the devices; `rounds`: a Swiss tournament's rounds (a round robin's follow
    from the number of pupils); `tag`: the number that marks this tournament's codes."""
    names = _names(names)
    n = len(names)
    if system not in SYSTEMS:
        raise OptionError(f"no pairing system {system!r}", "tournament_system")
    if type(boards) is not int or not 1 <= boards <= MAX_BOARDS:
        raise OptionError("boards must be 1 to 32", "tournament_boards", max=MAX_BOARDS)
    most = round_robin_rounds(n)
    if system == ROUND_ROBIN:
        rounds = most
    elif type(rounds) is not int or not 1 <= rounds <= n - 1:
        raise OptionError(f"a Swiss tournament of {n} has 1 to {n - 1} rounds",
                          "tournament_rounds", max=n - 1)
    tournament = {"version": VERSION, "tag": tag, "game": game, "options": dict(options),
                  "system": system, "names": names, "boards": boards, "rounds_planned": rounds,
                  "rounds": []}
    return next_round(tournament)


def _names(names) -> list:
    if not isinstance(names, list) or not 2 <= len(names) <= MAX_PUPILS:
        raise OptionError("a tournament has 2 to 32 pupils", "tournament_pupils",
                          min=2, max=MAX_PUPILS)
    cleaned = []
    for name in names:
        text = " ".join(name.split()) if isinstance(name, str) else ""
        if not text or len(text) > MAX_NAME:
            raise OptionError("a pupil's name is 1 to 30 characters", "tournament_name",
                              max=MAX_NAME)
        if text.casefold() in (c.casefold() for c in cleaned):
            raise OptionError(f"{text!r} is named twice", "tournament_same_name", name=text)
        cleaned.append(text)
    return cleaned


def pair_names(names) -> list:
    """The two pupils of one game, as typed on its device (first the one who starts): each
    name 1 to 30 characters, as the tournament's own names (`new`)."""
    if not isinstance(names, list) or len(names) != 2:
        raise OptionError("a game has two pupils' names", "match_names")
    return _names(names)


def next_round(tournament: dict) -> dict:
    """The tournament with its next round paired: every result of the last one is in."""
    rounds = tournament["rounds"]
    if rounds and None in rounds[-1]["results"]:
        raise OptionError("a result of this round is missing", "tournament_round_open")
    if len(rounds) >= tournament["rounds_planned"]:
        raise OptionError("the tournament is over", "tournament_over")
    n = len(tournament["names"])
    if tournament["system"] == ROUND_ROBIN:
        pairs, bye = round_robin_round(n, len(rounds))
    else:
        pairs, bye = swiss_round(n, rounds, _half_points(tournament))
    paired = {"pairs": [list(pair) for pair in pairs], "bye": bye,
              "results": [None] * len(pairs)}
    return {**tournament, "rounds": [*rounds, paired]}


def enter(tournament: dict, round_number: int, game: int, result: int) -> dict:
    """The tournament with the result of game `game` (0-based) of round `round_number`
    (1-based) written in. Only the round being played takes results, and each game once."""
    rounds = tournament["rounds"]
    if round_number != len(rounds):
        raise OptionError("the code is of another round", "result_other_round",
                          round=round_number, current=len(rounds))
    results = rounds[-1]["results"]
    if not 0 <= game < len(results):
        raise OptionError("no such game in this round", "result_no_game", board=game + 1)
    if results[game] is not None:
        raise OptionError("this game's result is already in", "result_entered",
                          board=game + 1, round=round_number)
    if result not in HALF_POINTS:
        raise OptionError("a result is a win, a draw or a loss", "code_check")
    return _with_result(tournament, game, result)


def clear(tournament: dict, game: int) -> dict:
    """The tournament with game `game` of the round being played without its result (the
    teacher corrects a wrong entry)."""
    results = tournament["rounds"][-1]["results"] if tournament["rounds"] else []
    if type(game) is not int or not 0 <= game < len(results):
        raise OptionError("no such game in this round", "result_no_game", board=game)
    return _with_result(tournament, game, None)


def _with_result(tournament, game, result) -> dict:
    last = tournament["rounds"][-1]
    results = list(last["results"])
    results[game] = result
    return {**tournament, "rounds": [*tournament["rounds"][:-1], {**last, "results": results}]}


def check(tournament) -> dict:
    """A tournament as the page kept it, read as hostile input: its shape and every pairing
    and result checked (OptionError ``corrupt_tournament`` otherwise)."""
    try:
        _check(tournament)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise OptionError(f"corrupt tournament: {exc}", "corrupt_tournament") from None
    return tournament


def _check(t) -> None:
    if not isinstance(t, dict) or t.get("version") != VERSION:
        raise ValueError("not a tournament of this version")
    if _names(t["names"]) != t["names"] or t["system"] not in SYSTEMS:
        raise ValueError("names or system")
    n = len(t["names"])
    for field, top in (("tag", 1 << 12), ("boards", MAX_BOARDS + 1), ("rounds_planned", n + 1)):
        if type(t[field]) is not int or not 0 <= t[field] < top:
            raise ValueError(field)
    if not isinstance(t["game"], str) or not isinstance(t["options"], dict):
        raise ValueError("game")
    rounds = t["rounds"]
    if not isinstance(rounds, list) or not 1 <= len(rounds) <= t["rounds_planned"]:
        raise ValueError("rounds")
    met = set()
    for i, r in enumerate(rounds):
        pairs, bye, results = r["pairs"], r["bye"], r["results"]
        seen = [p for pair in pairs for p in pair] + ([] if bye is None else [bye])
        if sorted(seen) != list(range(n)) or any(len(pair) != 2 for pair in pairs):
            raise ValueError(f"round {i + 1} does not seat every pupil once")
        if any(type(p) is not int for p in seen) or len(results) != len(pairs):
            raise ValueError(f"round {i + 1}")
        if any(x is not None and x not in HALF_POINTS for x in results):
            raise ValueError(f"round {i + 1}: a result")
        if None in results and i < len(rounds) - 1:
            raise ValueError(f"round {i + 1} left open")
        for pair in pairs:
            if frozenset(pair) in met:
                raise ValueError(f"round {i + 1} repeats a game")
            met.add(frozenset(pair))


# --- standings -------------------------------------------------------------------------------
def _games(tournament) -> list:
    """Every game with a result: ``(first, second, result)``."""
    return [(a, b, result) for r in tournament["rounds"]
            for (a, b), result in zip(r["pairs"], r["results"], strict=True)
            if result is not None]


def _half_points(tournament) -> list:
    points = [0] * len(tournament["names"])
    for a, b, result in _games(tournament):
        points[a] += HALF_POINTS[result][0]
        points[b] += HALF_POINTS[result][1]
    if tournament["system"] == SWISS:  # a pairing-allocated bye scores as a win
        for r in tournament["rounds"]:
            if r["bye"] is not None:
                points[r["bye"]] += 2
    return points


def tie_breaks(system: str) -> list:
    """The tie-breaks, in the order they apply after points."""
    if system == ROUND_ROBIN:
        return ["direct", "sonneborn_berger", "wins"]
    return ["buchholz", "sonneborn_berger", "direct", "wins"]


def standings(tournament: dict) -> list:
    """The pupils in order: ``{pupil, name, place, points2, games, wins, draws, losses,
    byes, buchholz2, sonneborn_berger4, direct2}`` — points in half points, Buchholz in
    half points, Sonneborn–Berger in quarter points (whole numbers: the page writes ½, ¼).
    `direct2` is the points scored against those tied with the pupil before it applies
    (None where it does not apply). Equal pupils share a `place`."""
    n = len(tournament["names"])
    points = _half_points(tournament)
    rows = [{"pupil": p, "name": tournament["names"][p], "points2": points[p], "games": 0,
             "wins": 0, "draws": 0, "losses": 0, "buchholz2": 0, "sonneborn_berger4": 0,
             "direct2": None,
             "byes": sum(r["bye"] == p for r in tournament["rounds"])} for p in range(n)]
    games = _games(tournament)
    for a, b, result in games:
        for me, other, mine in ((a, b, HALF_POINTS[result][0]), (b, a, HALF_POINTS[result][1])):
            row = rows[me]
            row["games"] += 1
            row[{2: "wins", 1: "draws", 0: "losses"}[mine]] += 1
            row["buchholz2"] += points[other]
            row["sonneborn_berger4"] += mine * points[other]
    order = ["points2", *tie_breaks(tournament["system"])]
    groups = [list(range(n))]
    for criterion in order:
        if criterion == "direct":
            _direct_encounter(rows, groups, games)
        field = {"wins": "wins", "buchholz": "buchholz2", "points2": "points2",
                 "sonneborn_berger": "sonneborn_berger4", "direct": "direct2"}[criterion]
        groups = [part for group in groups for part in _split(group, rows, field)]
    ranked, place = [], 1
    for group in groups:
        for p in group:
            ranked.append({**rows[p], "place": place})
        place += len(group)
    return ranked


def _split(group, rows, field) -> list:
    """A tied group split by `field` (higher first), as groups still tied."""
    values = sorted({rows[p][field] or 0 for p in group}, reverse=True)
    return [[p for p in group if (rows[p][field] or 0) == v] for v in values]


def _direct_encounter(rows, groups, games) -> None:
    """Each pupil's points against the others of his tied group, where all of them have
    met each other (else the tie-break says nothing: every one gets 0)."""
    for group in groups:
        if len(group) < 2:
            continue
        members = set(group)
        among = [(a, b, r) for a, b, r in games if a in members and b in members]
        everyone_met = len(among) == len(group) * (len(group) - 1) // 2
        for p in group:
            rows[p]["direct2"] = 0
        if not everyone_met:
            continue
        for a, b, result in among:
            rows[a]["direct2"] += HALF_POINTS[result][0]
            rows[b]["direct2"] += HALF_POINTS[result][1]


def described(tournament: dict) -> dict:
    """What the teacher's page shows: the tournament, its standings and tie-breaks, whether
    the round is complete and whether another one follows."""
    rounds = tournament["rounds"]
    complete = None not in rounds[-1]["results"]
    return {"tournament": tournament, "standings": standings(tournament),
            "tie_breaks": tie_breaks(tournament["system"]),
            "round_complete": complete,
            "more_rounds": len(rounds) < tournament["rounds_planned"]}
