// Pass-and-play on the game page: two people or more share the device, computers in the other seats.
// The engine decides everything: which seat the state serves (state.table.seat), when a screen is up between two
// people (state.table.screen, with its words: the state then holds no hand), and which calls other people may make
// out of turn (state.table.calls, with the words for each button). This module only draws what it is told: the
// screen in place of the hand, the people's calls, the hand's heading; and it keeps each table's results apart
// from the single player's statistics.

import { el } from "./board.js";
import { dict, isCount, isObject, keepSetting, readJSON, setting } from "./store.js";

const $ = (id) => document.getElementById(id);

// The people a table seats, as the engine takes them with a new deal or a restored one (nothing for one person).
export const peopleParams = (table) => (table?.people ? { people: table.people } : {});

// The name of the person the state serves, or null for one person alone (whom the page calls "you").
export function servedName(state) {
  const table = state.table ?? null;
  return table?.people.find((person) => person.seat === table.seat)?.name ?? null;
}

// The screen, the calls and the heading of the hand, from *state*; *reveal* lifts the screen, *act* sends a call.
export function drawTogether(state, { reveal, act }) {
  const table = state.table ?? null;
  const screen = table?.screen ?? null;
  const panel = $("game-screen");
  panel.hidden = !screen;
  $("game-hand").hidden = Boolean(screen);
  $("game-actions").hidden = Boolean(screen);
  const ready = $("game-screen-ready");
  if (screen) ready.textContent = screen.text;
  ready.disabled = !table?.waits; // the computers open the deal: the screen names nobody yet
  ready.onclick = reveal;
  const served = servedName(state);
  $("game-hand-heading").textContent = served ? `${served}'s hand` : "Your hand";
  const calls = $("game-calls");
  const buttons = (table?.calls ?? []).map((call) => {
    const button = el("button", { type: "button", dataset: { seat: String(call.seat) } }, call.text);
    button.addEventListener("click", () => act(call.action));
    return button;
  });
  calls.replaceChildren(...buttons);
  calls.hidden = !buttons.length;
  drawTableStats(state);
}

// Under a finished deal at a table of people: how the table has done so far (its own tally, apart from yours).
function drawTableStats(state) {
  const line = $("game-together-stats");
  const stats = state.table && state.over ? tableStats($("game").dataset.game, state) : null;
  line.hidden = !stats;
  if (!stats) return;
  const wins = state.names.map((name) => `${name} ${stats.wins[name] ?? 0}`).join(", ");
  line.textContent = `At this table, ${stats.deals} deal${stats.deals === 1 ? "" : "s"} finished; wins: ${wins}.`;
}

// ---- each table's results -----------------------------------------------------------------

// Kept per game, per table: the people (their names, in seat order) with the computer players and the rules.
// {tables: {key: {names, rules, deals, wins: {name: count}}}, counted: [deal ids]}. Tables and wins are keyed by
// people's names, so they are maps with no inherited keys (see store.js's dict): a person may be "constructor".
const statsKey = (game) => `${game}.together`;
// A table of people: its seats' names and its rules.
const tableKey = (state) => `${state.names.join(" · ")} · ${state.rules.name}`;
const MAX_COUNTED = 200;

// A table's tally as kept, or null unless every part has its shape: names and rules texts, whole numbers of deals
// and of wins, no table with more wins than deals.
function tallyOf(entry) {
  if (!isObject(entry) || !Array.isArray(entry.names) || !entry.names.every((name) => typeof name === "string")) return null;
  if (typeof entry.rules !== "string" || !isCount(entry.deals) || !isObject(entry.wins)) return null;
  const wins = Object.entries(entry.wins);
  if (!wins.every(([, count]) => isCount(count)) || wins.reduce((sum, [, count]) => sum + count, 0) > entry.deals) return null;
  return { names: entry.names, rules: entry.rules, deals: entry.deals, wins: dict(wins) };
}

// The tallies kept for *game*, each part's shape checked before use: a damaged table is left out, and a damaged
// entry starts afresh (these are a family's tallies, not the learner's progress; nothing here may stop the page).
function readStats(game) {
  let stats = null;
  try {
    stats = readJSON(setting(statsKey(game)) ?? "null");
  } catch {
    stats = null;
  }
  const tables = [];
  for (const [key, entry] of isObject(stats?.tables) ? Object.entries(stats.tables) : []) {
    const tally = tallyOf(entry);
    if (tally) tables.push([key, tally]);
  }
  const counted = Array.isArray(stats?.counted) ? stats.counted.filter((id) => typeof id === "string") : [];
  return { tables: dict(tables), counted };
}

// Count a finished deal at a table of people once: who won it (a person's or a computer's name), per table.
export function recordTogether(game, id, state) {
  const stats = readStats(game);
  if (stats.counted.includes(id)) return;
  const names = state.names;
  const key = tableKey(state);
  const entry = stats.tables[key] ?? { names, rules: state.rules.name, deals: 0, wins: dict() };
  entry.deals += 1;
  const winner = state.result?.winner_name;
  if (winner) entry.wins[winner] = (entry.wins[winner] ?? 0) + 1;
  stats.tables[key] = entry;
  stats.counted = [...stats.counted, id].slice(-MAX_COUNTED);
  keepSetting(statsKey(game), JSON.stringify(stats));
}

// The results of the table *state* is played at: {deals, wins} or null before its first finished deal.
function tableStats(game, state) {
  return readStats(game).tables[tableKey(state)] ?? null;
}
