// The match's running score: one row a player, one column a finished deal, then the totals. Every number comes
// from the engine's state.match (deals won, chips, points), and so does what they are: the heading, whether a
// gain shows its + (signed) and whether the lowest total leads (lower_is_better). A phone shows, in the result
// of a deal, the same score turned round: one column a player, the deal just played and the totals.

import { el } from "./board.js";

const shown = (value, signed) => (signed && value > 0 ? `+${value}` : String(value));

export function drawScore(section, state) {
  const match = state.match;
  section.hidden = !match || !match.deals.length;
  if (section.hidden) return;
  const table = section.querySelector("table");
  section.querySelector("h3").textContent = `${match.heading} after ${match.deals.length} deal${match.deals.length === 1 ? "" : "s"}`;
  const latest = match.deals.length - 1;
  // Earlier deals are marked so that a narrow screen can show only the latest one and the totals.
  const dealClass = (i) => (i === latest ? "deal latest" : "deal earlier");
  table.tHead.replaceChildren(
    el(
      "tr",
      {},
      el("th", { scope: "col" }, "Deal"),
      ...match.deals.map((_, i) => el("th", { scope: "col", class: dealClass(i), "aria-label": `Deal ${i + 1}` }, String(i + 1))),
      el("th", { scope: "col", class: "total" }, "Total"),
    ),
  );
  const best = match.lower_is_better ? Math.min(...match.totals) : Math.max(...match.totals);
  table.tBodies[0].replaceChildren(
    ...state.names.map((name, seat) =>
      el(
        "tr",
        { class: `${seat === 0 ? "you" : ""}${match.totals[seat] === best ? " leading" : ""}` },
        el("th", { scope: "row" }, name),
        ...match.deals.map((scores, i) => el("td", { class: dealClass(i) }, shown(scores[seat], match.signed))),
        el("td", { class: "total" }, shown(match.totals[seat], match.signed)),
      ),
    ),
  );
}

export function drawShortScore(table, state) {
  const match = state.match;
  table.hidden = !match || !match.deals.length || !state.over;
  if (table.hidden) return;
  const latest = match.deals.at(-1);
  table.tHead.replaceChildren(
    el("tr", {}, el("td", {}), ...state.names.map((name) => el("th", { scope: "col" }, name))),
  );
  table.tBodies[0].replaceChildren(
    el(
      "tr",
      {},
      el("th", { scope: "row" }, `Deal ${match.deals.length}`),
      ...latest.map((value) => el("td", {}, shown(value, match.signed))),
    ),
    el(
      "tr",
      { class: "total" },
      el("th", { scope: "row" }, "Total"),
      ...match.totals.map((value) => el("td", {}, shown(value, match.signed))),
    ),
  );
}
