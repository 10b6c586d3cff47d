// The table the player sits at: the rules (a preset or the options), the number of players and who fills each
// seat. The menu's presets, options, their values and the default rules are written into the page by the build
// from the game's engine (its rules_menu, e.g. engine/sevens/present.py); this module only reads and sets the
// controls, keeps the choice through store.js (under the page's game) and writes it into the address. The engine
// checks the rules: a bad choice comes back as its message.

import { keepSetting, setting } from "./store.js";

const $ = (id) => document.getElementById(id);
// Each game keeps its own table: "sevens.rules", "knock-knock.rules", …
const GAME = $("game")?.dataset.game || "sevens";
const RULES_KEY = `${GAME}.rules`; // a preset's name, or options text without players ("opening=any-seven,…")
const PLAYERS_KEY = `${GAME}.players`;
const TABLE_KEY = `${GAME}.table`; // the computer players for seats 1 onwards
// The rules as the page asks for them when nothing is chosen: a preset's name, or "" (every option at its default).
export const DEFAULT_RULES = $("game-table-menu")?.dataset.defaultRules ?? "";
const DEFAULT_PLAYERS = 4;
const DEFAULT_SEATS = ["robin", "alex", "sam"]; // repeated round the table for more seats

const presetButtons = () => [...document.querySelectorAll("[data-preset]")];
const optionSelects = () => [...document.querySelectorAll(".game-options select[data-option]")];
const seatSelects = () => [...document.querySelectorAll("select[data-seat]")];
const countSelect = () => $("game-players-count");
const playerCounts = () => [...(countSelect()?.options ?? [])].map((option) => Number(option.value));

// *pattern* repeated until it fills *count* seats.
const around = (pattern, count) => Array.from({ length: count }, (_, i) => pattern[i % pattern.length]);

function validCount(value) {
  const count = Number(value);
  return playerCounts().includes(count) ? count : null;
}

// {rules, players, seats}: the remembered table, with anything missing at its default.
export function chosenTable() {
  const players = validCount(setting(PLAYERS_KEY)) ?? DEFAULT_PLAYERS;
  const kept = (setting(TABLE_KEY) ?? "").split(",").filter(Boolean);
  const seats = around(DEFAULT_SEATS, players - 1).map((name, i) => kept[i] ?? name);
  return { rules: setting(RULES_KEY) ?? DEFAULT_RULES, players, seats };
}

// Keep *table*; seats beyond its players are kept too, so going from 8 players to 4 and back loses nobody.
export function keepTable({ rules, players, seats }) {
  const kept = (setting(TABLE_KEY) ?? "").split(",").filter(Boolean);
  keepSetting(RULES_KEY, rules);
  keepSetting(PLAYERS_KEY, String(players));
  keepSetting(TABLE_KEY, [...seats, ...kept.slice(seats.length)].join(","));
}

// The table the address names (?rules=…&players=…), over the remembered one; null when it names none.
export function tableInUrl(url) {
  const rules = url.searchParams.get("rules");
  const players = url.searchParams.get("players");
  if (rules === null && players === null) return null;
  const table = chosenTable();
  const count = validCount(players) ?? table.players;
  return { rules: rules ?? table.rules, players: count, seats: around(table.seats, count - 1) };
}

export function setTableInUrl(url, table) {
  url.searchParams.set("rules", table.rules);
  url.searchParams.set("players", String(table.players));
}

// The rules as the engine reads them: a preset or options, then the number of players.
export const rulesRequest = ({ rules, players }) => `${rules},players=${players}`;

// ---- the menu ---------------------------------------------------------------------------

const presetOptions = (button) => JSON.parse(button.dataset.options);

// The preset whose options the selects show, if any.
function matchingPreset() {
  return presetButtons().find((button) => {
    const options = presetOptions(button);
    return optionSelects().every((select) => options[select.dataset.option] === select.value);
  });
}

function showOptions(options) {
  for (const select of optionSelects()) select.value = options[select.dataset.option] ?? select.value;
}

function showSeats(count) {
  seatSelects().forEach((select, i) => {
    select.closest("label").hidden = i >= count - 1;
  });
}

function markPressed() {
  const preset = matchingPreset();
  for (const button of presetButtons()) button.setAttribute("aria-pressed", String(button === preset));
  const seats = readMenu().seats.join(",");
  for (const button of document.querySelectorAll("[data-table]")) {
    const pattern = button.dataset.table.split(",");
    button.setAttribute("aria-pressed", String(around(pattern, seats.split(",").length).join(",") === seats));
  }
}

// The table the menu shows now.
export function readMenu() {
  const players = Number(countSelect()?.value ?? DEFAULT_PLAYERS);
  const preset = matchingPreset();
  // Not a preset: the options that differ from the defaults, which keeps the address short.
  const rules = preset
    ? preset.dataset.preset
    : optionSelects()
        .filter((select) => select.value !== select.dataset.default)
        .map((select) => `${select.dataset.option}=${select.value}`)
        .join(",");
  const seats = seatSelects()
    .slice(0, players - 1)
    .map((select) => select.value);
  return { rules, players, seats };
}

// Show *table* in the menu; *rules* (the engine's state.rules) gives the options when the rules are not a preset.
export function drawTableMenu(table, rules = null) {
  const preset = presetButtons().find((button) => button.dataset.preset === table.rules);
  if (preset) showOptions(presetOptions(preset));
  else if (rules) showOptions(Object.fromEntries(Object.entries(rules.options).map(([name, value]) => [name, optionText(value)])));
  if (countSelect()) countSelect().value = String(table.players);
  // The seats past this table's players too, so that adding players brings back whoever sat there before.
  const kept = (setting(TABLE_KEY) ?? "").split(",").filter(Boolean);
  const all = around(DEFAULT_SEATS, seatSelects().length).map((name, i) => table.seats[i] ?? kept[i] ?? name);
  seatSelects().forEach((select, i) => {
    select.value = all[i];
  });
  showSeats(table.players);
  markPressed();
}

// A value of the engine's options as the menu's selects write it (the values themselves come from the engine).
const optionText = (value) => (value === null ? "none" : String(value));

// *onDeal* is called when the player asks for a match at the table the menu shows.
export function setUpTableMenu(onDeal) {
  for (const button of presetButtons()) {
    button.addEventListener("click", () => {
      showOptions(presetOptions(button));
      markPressed();
    });
  }
  for (const select of optionSelects()) select.addEventListener("change", markPressed);
  countSelect()?.addEventListener("change", () => {
    showSeats(Number(countSelect().value));
    markPressed();
  });
  for (const select of seatSelects()) select.addEventListener("change", markPressed);
  for (const button of document.querySelectorAll("[data-table]")) {
    button.addEventListener("click", () => {
      const pattern = button.dataset.table.split(",");
      seatSelects().forEach((select, i) => {
        select.value = pattern[i % pattern.length];
      });
      onDeal(readMenu());
    });
  }
  $("game-table-deal").addEventListener("click", () => onDeal(readMenu()));
}
