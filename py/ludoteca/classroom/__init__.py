"""The classroom: tools a teacher runs with a class.

- `tournament`: a class tournament's pairings, results and standings;
- `match_codes`: the short codes of a tournament's games and results;
- `codes`: short codes with a check symbol, so a mistyped one is refused in words (used by
  the match codes here and by the bean lab's result codes, `ludoteca.labs.bean_lab`).

The facade's classroom requests (`ludoteca.web.classroom`) reach these modules.
"""
