// The numbers a teacher's note quotes from the shipped fairness results (the lab's own games,
// py/ludoteca/games/<id>/fairness_set.py): computed from the engine's answer, never typed into
// the words. A question's `figure` names the lab's configuration ({fairness: {options}}); its
// answer's words take the params made here (tests/unit/test_teacher_notes.py checks them).

/** The params of a shipped result `config` (the engine's `fairness_config` answer's
 * `config`): games played, the first player's wins and share, the other side's, the 95 %
 * interval of the first player's share, the fair share, the verdict's name and the options
 * (e.g. `length`). `format` has the reader's `formatNumber` and `formatPercent`. Null when
 * nothing was shipped for it. */
export function fairnessParams(config, { formatNumber, formatPercent }) {
  const shipped = config?.shipped;
  if (!shipped) return null;
  const { tally, summary } = shipped;
  const first = tally.wins[0];
  const others = tally.wins.slice(1).reduce((sum, n) => sum + n, 0);
  const params = { games: formatNumber(tally.games), wins: formatNumber(first),
    rate: formatPercent(summary.wins[0].rate), others: formatNumber(others),
    otherRate: formatPercent(others / tally.games), draws: formatNumber(tally.draws),
    low: formatPercent(summary.share.low), high: formatPercent(summary.share.high),
    fair: formatPercent(summary.fair), verdict: summary.verdict, level: shipped.levels[0] };
  for (const [name, value] of Object.entries(config.options)) {
    if (!(name in params)) params[name] = typeof value === "number" ? formatNumber(value) : value;
  }
  return params;
}
