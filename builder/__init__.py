"""The build of Ludoteca and its tasks, one module per job; `build.py` is the entry.

- `paths`: where things are (the checkout, web/, dist/, the cache) and the page's entry files;
- `common`: saying what the build does, running a command, hashing;
- `runtime`: the pinned Pyodide runtime (npm ci) and micropip's wheel;
- `rules`: the rules wheel, with its bytecode for Pyodide's Python;
- `stdlib`: the standard library cut to what the engine imports (`stdlib.txt`);
- `catalogue`: the games as the page needs them, their page folders, strings and lists;
- `bundle`: the page's stylesheets, scripts and modules made into few files;
- `site`: `build()`, which puts them together into dist/;
- `content`: shipped content made afresh (puzzles, fairness results);
- `tasks`: the commands of `build.py` (serve, test, bench…).
"""
