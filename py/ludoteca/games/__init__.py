"""One package per game: ``games/<id>/`` holds its rules and fast kernel, its heuristics,
analysis and computer players, and exports its ``SPEC`` (`ludoteca.spec.GameSpec`). The
registry finds every subpackage here.

`pkgutil.extend_path` (here and in ``ludoteca/__init__``) lets a ``ludoteca/games/``
folder elsewhere on ``sys.path`` add games too: the test suite's fixture game
(``tests/fixtures/py/ludoteca/games/nim``) joins the real ones that way, in the tests only.
"""

from pkgutil import extend_path

__path__ = extend_path(__path__, __name__)
