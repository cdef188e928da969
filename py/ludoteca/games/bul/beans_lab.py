"""Bul's facts for the bean lab (`ludoteca.labs.bean_lab`): what a class's throws of four beans
are judged against. Everything comes from the kernel's one statement of the beans: the
equally likely falls, the marked faces each fall shows and the move it is worth.
"""

from __future__ import annotations

from .kernel import BEANS, FALLS, draw_throw, marks_up
from .rules import throw_odds

BIAS_EXAMPLES = (55, 60, 70)
"""Unfair beans a class may ask about: the percent of throws in which one bean lands marked
face up (a fair bean: 50). The first is the one the page offers first."""


def faces() -> list:
    """Per count of marked faces up (0 to BEANS): ``{marks, value, ways, probability}`` —
    the move it is worth (none up counts 5), in how many of the equally likely falls it
    comes up, and its chance with fair beans."""
    odds = sorted(throw_odds(), key=lambda o: o["marks"])
    return [{"marks": o["marks"], "value": o["value"], "ways": o["ways"],
             "probability": o["probability"]} for o in odds]


def biased(marked_up: float) -> list:
    """The chance of each count of marked faces up (0 to BEANS) when every bean lands
    marked face up with chance `marked_up` instead of one half."""
    chances = [0.0] * (BEANS + 1)
    for fall in FALLS:
        chance = 1.0
        for marked in fall:
            chance *= marked_up if marked else 1 - marked_up
        chances[sum(fall)] += chance
    return chances


def facts() -> dict:
    """What the lab's page shows before any throw: the beans, the falls, each count's odds
    and the bias examples."""
    return {"beans": BEANS, "falls": len(FALLS), "faces": faces(),
            "bias_examples": list(BIAS_EXAMPLES)}


def throw(rng) -> int:
    """One throw of the beans, drawn as the game draws it: the marked faces up."""
    return marks_up(int(draw_throw(rng)))
