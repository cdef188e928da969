// A class tournament's standings in words: the table the projector shows (points, then the
// tie-breaks in the order the engine applies them), a game's result, and the CSV export.
// The engine ranks (ludoteca.classroom.tournament.standings); this only writes what it says.
import { el } from "../kit/dom.js";

const TIE_BREAK_FIELD = {
  direct: "direct2", buchholz: "buchholz2", sonneborn_berger: "sonneborn_berger4", wins: "wins",
};
const DIVISOR = { direct2: 2, buchholz2: 2, sonneborn_berger4: 4, points2: 2, wins: 1 };
const FRACTIONS = { 0: "", 1: "¼", 2: "½", 3: "¾" };

/** A number kept in halves or quarters, written with a fraction: 5 halves → "2½". */
export function fraction(value, divisor) {
  if (value === null || value === undefined) return "–";
  const whole = Math.floor(value / divisor);
  const part = FRACTIONS[(value % divisor) * (4 / divisor)];
  return whole === 0 && part ? part : `${whole}${part}`;
}

/** "Ana won", "draw", … for game (first, second) with engine result 0 / 1 / 2. */
export function resultText(t, tournament, first, second, result) {
  const names = tournament.names;
  if (result === 1) return t("tournament.result.draw", { first: names[first], second: names[second] });
  return t("tournament.result.win", { name: names[result === 0 ? first : second],
    score: result === 0 ? "1–0" : "0–1" });
}

function columns(tieBreaks) {
  return ["points2", ...tieBreaks.map((name) => TIE_BREAK_FIELD[name]), "games"];
}

/** The standings table, with a caption that names the tie-breaks and their source. */
export function renderStandings(t, tournament, standings, tieBreaks) {
  const box = el("section", { class: "tournament-standings", id: "tournament-standings",
    "aria-labelledby": "tournament-standings-title" });
  box.append(el("h2", { id: "tournament-standings-title", text: t("tournament.standings") }));
  const table = el("table");
  const fields = columns(tieBreaks);
  table.append(el("caption", { text: t("tournament.tie_breaks", {
    list: tieBreaks.map((name) => t(`tournament.tb.${name}`)).join(", ") }) }));
  const head = el("tr", {}, el("th", { scope: "col", text: t("tournament.col.place") }),
    el("th", { scope: "col", text: t("tournament.col.name") }));
  for (const field of fields) {
    head.append(el("th", { scope: "col", title: t(`tournament.col.${field}.long`) },
      t(`tournament.col.${field}`)));
  }
  table.append(el("thead", {}, head));
  const body = el("tbody");
  let lastPlace = null;
  for (const row of standings) {
    const shared = standings.filter((other) => other.place === row.place).length > 1;
    const place = shared ? t("tournament.place_shared", { place: row.place }) : String(row.place);
    const line = el("tr", { "data-pupil": String(row.pupil) },
      el("td", { text: row.place === lastPlace ? "" : place }),
      el("th", { scope: "row", text: row.name }));
    lastPlace = row.place;
    for (const field of fields) {
      line.append(el("td", { "data-field": field,
        text: field === "games" ? `${row.games} (${row.wins}–${row.draws}–${row.losses})`
          : fraction(row[field], DIVISOR[field]) }));
    }
    body.append(line);
  }
  table.append(body);
  // a narrow screen scrolls the table sideways: by keyboard too
  box.append(el("div", { class: "tournament-table", tabindex: "0", role: "region",
    "aria-label": t("tournament.standings_table") }, table),
    el("p", { class: "hint", text: [t("tournament.tie_breaks_source"),
      tieBreaks.includes("buchholz") ? t("tournament.bye_buchholz") : ""].join(" ").trim() }));
  return box;
}

function csvCell(value) {
  const text = String(value ?? "");
  return /[",;\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(values) {
  return values.map(csvCell).join(",");
}

/** The standings, then every game with its result, as CSV (numbers with a decimal point). */
export function csvOfTournament(t, { tournament, standings, tie_breaks: tieBreaks }) {
  const fields = columns(tieBreaks).filter((field) => field !== "games");
  const decimal = (value, divisor) => (value === null ? "" : String(value / divisor));
  const lines = [csvLine([t("tournament.col.place"), t("tournament.col.name"),
    t("tournament.col.points2"), ...tieBreaks.map((name) => t(`tournament.tb.${name}`)),
    t("tournament.csv.games"), t("tournament.csv.wins"), t("tournament.csv.draws"),
    t("tournament.csv.losses"), t("tournament.csv.byes")])];
  for (const row of standings) {
    lines.push(csvLine([row.place, row.name,
      ...fields.map((field) => decimal(row[field], DIVISOR[field])),
      row.games, row.wins, row.draws, row.losses, row.byes]));
  }
  lines.push("", csvLine([t("tournament.csv.round"), t("tournament.csv.game"),
    t("tournament.csv.first"), t("tournament.csv.second"), t("tournament.csv.result")]));
  tournament.rounds.forEach((round, r) => {
    round.pairs.forEach(([first, second], game) => {
      const result = round.results[game];
      lines.push(csvLine([r + 1, game + 1, tournament.names[first], tournament.names[second],
        result === null ? "" : ["1-0", "1/2-1/2", "0-1"][result]]));
    });
    if (round.bye !== null) {
      lines.push(csvLine([r + 1, "", tournament.names[round.bye], "", t("tournament.csv.bye")]));
    }
  });
  return `${lines.join("\n")}\n`;
}
