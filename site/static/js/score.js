// The match's running score: one row a player, one column a finished deal, then the totals. Every number comes
// from the engine's state.match (deals won, or chips); the heading says which. A phone shows, in the result of
// a deal, the same score turned round: one column a player, the deal just played and the totals.

import { el } from "./board.js";

const signed = (value, chips) => (chips && value > 0 ? `+${value}` : String(value));

export function drawScore(section, state) {
  const match = state.match;
  section.hidden = !match || !match.deals.length;
  if (section.hidden) return;
  const chips = match.scoring === "chips";
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
  const best = Math.max(...match.totals);
  table.tBodies[0].replaceChildren(
    ...state.names.map((name, seat) =>
      el(
        "tr",
        { class: `${seat === 0 ? "you" : ""}${match.totals[seat] === best ? " leading" : ""}` },
        el("th", { scope: "row" }, name),
        ...match.deals.map((scores, i) => el("td", { class: dealClass(i) }, signed(scores[seat], chips))),
        el("td", { class: "total" }, signed(match.totals[seat], chips)),
      ),
    ),
  );
}

export function drawShortScore(table, state) {
  const match = state.match;
  table.hidden = !match || !match.deals.length || !state.over;
  if (table.hidden) return;
  const chips = match.scoring === "chips";
  const latest = match.deals.at(-1);
  table.tHead.replaceChildren(
    el("tr", {}, el("td", {}), ...state.names.map((name) => el("th", { scope: "col" }, name))),
  );
  table.tBodies[0].replaceChildren(
    el(
      "tr",
      {},
      el("th", { scope: "row" }, `Deal ${match.deals.length}`),
      ...latest.map((value) => el("td", {}, signed(value, chips))),
    ),
    el(
      "tr",
      { class: "total" },
      el("th", { scope: "row" }, "Total"),
      ...match.totals.map((value) => el("td", {}, signed(value, chips))),
    ),
  );
}
