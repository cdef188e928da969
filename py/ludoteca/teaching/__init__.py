"""Teaching: what a game teaches beside its rules.

- `lessons`: a game's lesson, steps that each show a position and play a demonstration;
- `puzzles`: a game's puzzles (find the best move), the puzzle of the day, the verdict;
- `coach`: a lesson step or a puzzle on the table, judging the person's answer;
- `editor`: the set-up mode, where a teacher places the pieces and proves a position.

A game opts in through its `GameSpec` (its ``lessons.py``, ``puzzles.py``, ``editing.py``);
the facade's teaching requests (`ludoteca.web.teaching`) reach these modules.
"""
