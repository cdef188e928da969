"""Bul's knowledge of a position, shared by the analysis and the computer players: what the
enemy threatens (`threats`) and how good a position looks (`evaluate`).

The score of a position for a side is the worth of its men minus the worth of the
enemy's: a man in the base counts 1; a man on the road counts 1 less what he risks,
i.e. the chance the enemy can land on his square with its next throw(s) (from the throw
odds and every enemy unit and entry); a captive counts a little for his owner (more when
his carrier is in danger, for then he may be rescued); in ``aj-tiwil`` each enemy man
taken counts too, since that decides the game.
"""

from __future__ import annotations

from .kernel import HOME, THROW_OUTCOMES

WIN = 100.0
PROBABILITY = {int(outcome): p for outcome, p in THROW_OUTCOMES}
PAIRS = [  # the unordered pairs of a two-throw turn: the order thrown does not matter
    (a, b, PROBABILITY[a] * PROBABILITY[b] * (1 if a == b else 2))
    for a in range(1, 6) for b in range(a, 6)
]


def threats(state, side: int) -> dict:
    """row -> chance that `side` can land on that row with its next turn's throws
    (two throws: with either value, or with both one after the other)."""
    rules = state.rules
    movers = []  # (distance, heading) of each unit `side` may move, None for an entry
    controls = set()
    for row, pieces, heading in state.units:
        if pieces[0] % 2 == side:
            controls.add(pieces[0])
            movers.append((state.distance(side, row), heading))
    if any(state.base[p] and not (rules.verbeeck and p in controls)
           for p in state.players_of(side)):
        movers.append(None)
    landings = [{v: _landings(state, side, mover, v) for v in PROBABILITY}
                for mover in movers]
    chances = {}
    if not rules.verbeeck:
        for reach in landings:
            for value, places in reach.items():
                for d, _ in places:
                    chances.setdefault(d, set()).add(value)
        return {state.row_of(side, d): sum(PROBABILITY[v] for v in values)
                for d, values in chances.items()}
    for a, b, p in PAIRS:
        hit = set()
        for reach in landings:
            for first, second in ((a, b), (b, a)):
                for d, heading in reach[first]:
                    hit.add(d)
                    hit.update(x for x, _ in _landings(state, side, (d, heading), second))
        for d in hit:
            chances[d] = chances.get(d, 0.0) + p
    return {state.row_of(side, d): chance for d, chance in chances.items()}


def _landings(state, side: int, mover, value: int) -> list:
    """[(distance, heading)] where `mover` (a unit's (distance, heading), or None for
    an entry) can land on the road with `value`."""
    if mover is None:
        return [(value, "out")]
    d, heading = mover
    found = []
    for backward in ((False, True) if state.rules.backward_capture else (False,)):
        dest = state.destination(side, d, heading, value, backward)
        if dest and dest[0] == "land":
            found.append((dest[1], dest[2]))
    return found


def evaluate(state, side: int) -> float:
    """How good the position is for `side` (positive: better than the enemy's)."""
    if state.is_terminal:
        winner = state.winner
        return 0.0 if winner is None else (WIN if winner == side else -WIN)
    rules, n = state.rules, state.game.n
    threat = (threats(state, 0), threats(state, 1))
    to_move = state.to_move % 2
    worth = [0.0, 0.0]
    for player, men in enumerate(state.base):
        worth[player % 2] += men
    for row, pieces, heading in state.units:
        owner = pieces[0] % 2
        enemy = 1 - owner
        # the side that moves next strikes first; the other can still run away
        risk = threat[enemy].get(row, 0.0) * (1.0 if enemy == to_move else 0.5)
        worth[owner] += 1 - 0.8 * risk
        captives = 0
        for piece in pieces[1:]:
            if piece % 2 == owner:
                worth[owner] += 0.1 if rules.companions_die else 1 - 0.8 * risk
            else:
                captives += 1
                worth[enemy] += 0.15 + 0.7 * risk
        if captives:  # the nearer the end of its journey, the surer the prize
            d = state.distance(owner, row)
            left = d if heading == HOME else n + 1 - d
            worth[owner] += 0.1 * captives * (1 - left / (n + 1))
    if rules.captor_retires:
        worth = [0.5 * worth[s] + state.taken(s) for s in (0, 1)]
    return worth[side] - worth[1 - side]
