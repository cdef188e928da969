"""The labs: experiments a class runs on a game.

- `bean_lab`: a class throws a game's beans and tests whether they are fair;
- `fairness`: seeded computer-vs-computer games that measure whether a game (a rule set, a
  road length) favours a seat;
- `stats`: the arithmetic both share (chi-square, Wilson intervals), standard library only.

The facade's lab requests (`ludoteca.web.labs`) reach these modules.
"""
