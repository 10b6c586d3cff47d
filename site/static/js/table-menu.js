// The table the player sits at: the rules (a preset or the options), the number of players and who fills each
// seat. The menu's presets, options, their values and the default rules are written into the page by the build
// from the game's engine (its rules_menu, from the game's declaration of its options); this module only reads and sets the
// controls, keeps the choice through store.js (under the page's game) and writes it into the address. The engine
// checks the rules: a bad choice comes back as its message.

import { keepSetting, setting } from "./store.js";

const $ = (id) => document.getElementById(id);
// Each game keeps its own table: "sevens.rules", "knock-knock.rules", …
const GAME = $("game")?.dataset.game || document.documentElement.dataset.games.split(" ")[0];
const RULES_KEY = `${GAME}.rules`; // a preset's name, or options text without players ("opening=any-seven,…")
const PLAYERS_KEY = `${GAME}.players`;
const TABLE_KEY = `${GAME}.table`; // the computer players for seats 1 onwards
const PEOPLE_KEY = `${GAME}.people`; // {names: a name typed for each seat, seats: the seats people play}
// The rules as the page asks for them when nothing is chosen: a preset's name, or "" (every option at its default).
export const DEFAULT_RULES = $("game-table-menu")?.dataset.defaultRules ?? "";
const DEFAULT_PLAYERS = 4;
const DEFAULT_SEATS = ["robin", "alex", "sam"]; // repeated round the table for more seats

const presetButtons = () => [...document.querySelectorAll("[data-preset]")];
const optionSelects = () => [...document.querySelectorAll(".game-options select[data-option]")];
const seatSelects = () => [...document.querySelectorAll("select[data-seat]")];
const countSelect = () => $("game-players-count");
const personBoxes = () => [...document.querySelectorAll("input[data-person]")];
const nameInputs = () => [...document.querySelectorAll("input[data-name]")];
const playerCounts = () => [...(countSelect()?.options ?? [])].map((option) => Number(option.value));

// *pattern* repeated until it fills *count* seats.
const around = (pattern, count) => Array.from({ length: count }, (_, i) => pattern[i % pattern.length]);

function validCount(value) {
  const count = Number(value);
  return playerCounts().includes(count) ? count : null;
}

// The computer players a seat may hold, as the menu offers them.
const seatNames = () => [...(seatSelects()[0]?.options ?? [])].map((option) => option.value);

// Why *rules* (a preset's name, then options name=value; the number of players apart) cannot be dealt at this
// page's table, or null. Only what the menu offers is taken (the build writes it from the game's engine), each
// option once: anything else in the address or in storage is refused here, rather than quietly dropped or
// overridden by the engine. The engine checks the rules again when it deals.
export function rulesProblem(rules) {
  if (typeof rules !== "string" || rules.length > 200) return "the rules are not a short text";
  const given = new Set();
  const parts = rules.split(",").map((part) => part.trim());
  for (const [index, part] of parts.entries()) {
    if (!part) continue;
    const [name, ...rest] = part.split("=");
    const shown = `“${part.slice(0, 40)}”`;
    if (!rest.length) {
      if (index === 0 && presetButtons().some((button) => button.dataset.preset === part.toLowerCase())) continue;
      const presets = presetButtons().map((button) => button.dataset.preset);
      return presets.length ? `${shown} is not one of the presets (${presets.join(", ")})` : `${shown} is not an option written name=value`;
    }
    const option = name.trim().toLowerCase().replaceAll("-", "_");
    if (option === "players") return `${shown}: the number of players is chosen apart from the rules`;
    const select = optionSelects().find((each) => each.dataset.option === option);
    if (!select) return `${shown} is not one of the options (${optionSelects().map((each) => each.dataset.option).join(", ")})`;
    if (given.has(option)) return `“${option}” is given twice`;
    given.add(option);
    const value = rest.join("=").trim().toLowerCase();
    const values = [...select.options].map((each) => each.value);
    if (!values.some((each) => each.toLowerCase() === value)) return `${shown}: “${option}” is one of ${values.join(", ")}`;
  }
  return null;
}

// {rules, players, seats, people}: the remembered table, with anything missing, or that the page cannot deal, at
// its default.
export function chosenTable() {
  const players = validCount(setting(PLAYERS_KEY)) ?? DEFAULT_PLAYERS;
  const kept = (setting(TABLE_KEY) ?? "").split(",").filter((name) => seatNames().includes(name));
  const seats = around(DEFAULT_SEATS, players - 1).map((name, i) => kept[i] ?? name);
  const rules = setting(RULES_KEY);
  return withPeople({ rules: rules !== null && !rulesProblem(rules) ? rules : DEFAULT_RULES, players, seats }, keptPeopleAt(players));
}

// ---- people sharing the device (pass-and-play) -------------------------------------------------------

const MAX_SEATS = 8;

// {names, seats}: the names typed for each seat and the seats people played, as kept (anything odd left out).
function keptPeople() {
  let kept = null;
  try {
    kept = JSON.parse(setting(PEOPLE_KEY) ?? "null");
  } catch {
    kept = null;
  }
  const typed = Array.isArray(kept?.names) ? kept.names : []; // a text's letters, or an object's keys, are no names
  const names = Array.from({ length: MAX_SEATS }, (_, seat) => {
    const name = typed[seat];
    return typeof name === "string" ? name.slice(0, 40) : "";
  });
  const seats = Array.isArray(kept?.seats) ? kept.seats.filter((seat) => Number.isInteger(seat) && seat > 0 && seat < MAX_SEATS) : [];
  return { names, seats };
}

// The kept people at a table of *players* (see peopleAt).
function keptPeopleAt(players) {
  const { names, seats } = keptPeople();
  return peopleAt(players, seats, names);
}

const defaultName = (seat) => `Player ${seat + 1}`;

// *table* with its *people*: a table for one person has no people at all, so it is kept as it always was.
const withPeople = (table, people) => (people ? { ...table, people } : table);

// The people at a table of *players* where *ticked* seats (besides yours, seat 0) are people's: a name a seat, null
// for a computer's (the engine checks the names), or null when nobody else is a person.
function peopleAt(players, ticked, names) {
  const seats = ticked.filter((seat) => seat < players);
  if (!seats.length) return null;
  return Array.from({ length: players }, (_, seat) => (seat === 0 || seats.includes(seat) ? names[seat].trim() || defaultName(seat) : null));
}

// Why *people* (a saved table's) is not a list of names for *players* seats, or null.
function peopleProblem(people, players) {
  if (people === null || people === undefined) return null;
  if (!Array.isArray(people) || people.length !== players) return "its people are not one entry a seat";
  if (typeof people[0] !== "string") return "its seat 0 is not a person's";
  if (!people.every((name) => name === null || (typeof name === "string" && name.length <= 40))) return "its people's names are not short texts";
  return null;
}

// Keep *table*; seats beyond its players are kept too, so going from 8 players to 4 and back loses nobody. The
// people's names are kept for every seat, so a family finds their names again next time.
export function keepTable({ rules, players, seats, people = null }) {
  const kept = (setting(TABLE_KEY) ?? "").split(",").filter(Boolean);
  keepSetting(RULES_KEY, rules);
  keepSetting(PLAYERS_KEY, String(players));
  keepSetting(TABLE_KEY, [...seats, ...kept.slice(seats.length)].join(","));
  if (!people && setting(PEOPLE_KEY) === null) return; // nobody has played together here yet: nothing to keep
  const before = keptPeople();
  const names = before.names.map((name, seat) => people?.[seat] ?? name);
  const ticked = people ? people.flatMap((name, seat) => (seat > 0 && name !== null ? [seat] : [])) : [];
  keepSetting(PEOPLE_KEY, JSON.stringify({ names, seats: [...ticked, ...before.seats.filter((seat) => seat >= players)] }));
}

// {table, problem}: the table the address names (?rules=…&players=…) over the remembered one (null when it names
// none). Rules may name the number of players as the engine's own text does (?rules=fan-tan,players=6), once. A
// value the page cannot deal gives way to the remembered one, and *problem* says what and why, so the page can
// say so and put the table it deals in the address instead.
export function tableInUrl(url) {
  const text = url.searchParams.get("rules");
  const players = url.searchParams.get("players");
  if (text === null && players === null) return { table: null, problem: null };
  const table = chosenTable();
  const problems = [];
  const isCount = (part) => /^\s*players\s*=/i.test(part);
  const parts = (text ?? "").split(",");
  const counts = [...parts.filter(isCount).map((part) => part.split("=").slice(1).join("=").trim()), ...(players === null ? [] : [players])];
  const rules = text === null ? null : parts.filter((part) => !isCount(part)).join(",");
  const rulesWrong = rules === null ? null : rulesProblem(rules);
  if (rulesWrong) problems.push(`rules “${rules.slice(0, 60)}”: ${rulesWrong}`);
  let count = null;
  if (counts.length > 1) problems.push(`the number of players is given ${counts.length} times`);
  else if (counts.length) {
    count = validCount(/^\d{1,2}$/.test(counts[0]) ? counts[0] : NaN);
    const choices = playerCounts();
    const or = `${choices.slice(0, -1).join(", ")} or ${choices.at(-1)}`;
    if (count === null) problems.push(`“players=${counts[0].slice(0, 20)}”: this table seats ${or} players`);
  }
  const seated = count ?? table.players;
  return {
    table: withPeople(
      { rules: rules === null || rulesWrong ? table.rules : rules, players: seated, seats: around(table.seats, seated - 1) },
      keptPeopleAt(seated),
    ),
    problem: problems.length ? problems.join("; ") : null,
  };
}

// Why *table* ({rules, players, seats}, as a saved deal keeps it) is not one this page can deal, or null.
export function tableProblem(table) {
  const rules = rulesProblem(table.rules);
  if (rules) return `its rules: ${rules}`;
  if (validCount(table.players) === null) return `it is for ${table.players} players`;
  if (table.seats.length !== table.players - 1 || !table.seats.every((name) => seatNames().includes(name))) {
    return "its seats are not the computer players'";
  }
  return peopleProblem(table.people, table.players);
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
  for (const row of document.querySelectorAll(".game-person[data-person-seat]")) row.hidden = Number(row.dataset.personSeat) >= count;
  showPeople();
}

// A seat a person plays has no computer player: its choice of one is set aside (kept for when it is one again).
function showPeople() {
  for (const box of personBoxes()) {
    const select = seatSelects().find((each) => each.dataset.seat === box.dataset.person);
    if (select) select.disabled = box.checked;
  }
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
  const ticked = personBoxes().flatMap((box) => (box.checked ? [Number(box.dataset.person)] : []));
  const names = Array.from({ length: MAX_SEATS }, (_, seat) => nameInputs().find((input) => Number(input.dataset.name) === seat)?.value ?? "");
  return withPeople({ rules, players, seats }, peopleAt(players, ticked, names));
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
  // The people: ticked where this table seats one, each name as it was typed (or kept) for the seat.
  const { names, seats: ticked } = keptPeople();
  for (const box of personBoxes()) {
    const seat = Number(box.dataset.person);
    box.checked = table.people ? Boolean(table.people[seat]) : seat >= table.players && ticked.includes(seat);
  }
  for (const input of nameInputs()) {
    const seat = Number(input.dataset.name);
    input.value = table.people?.[seat] ?? names[seat];
  }
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
  for (const box of personBoxes()) box.addEventListener("change", showPeople);
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
