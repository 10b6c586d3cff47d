// Everything the site keeps in this browser, in one place: tutorial progress and game statistics, for each game
// the site teaches, under one versioned localStorage key, the deal in progress in sessionStorage (so a reload continues it), and settings
// such as the computer players' pace. No other script touches Web Storage: when the browser blocks it (its
// settings, private mode, a full disk), everything here still works for this page, and notKept() tells the
// pages so. Anything unreadable is set aside, never fatal, and a record whose parts fail their checks keeps
// every part that passes.
//
// Two tabs never lose each other's results. Each tab of a browser reads its own copy of localStorage, which
// other tabs' writes reach a moment later, so a read-change-write of one shared key can overwrite what another
// tab wrote in that moment: no lock helps, since a tab holding one may still read a stale copy. The one thing
// localStorage does at once is a single setItem of one key. So every change (a result, a reset, an import) is
// first written as an event under a key of its own, which nothing else ever writes: sevens.v4.event.TIME.TAB.N.
// A read is the record under KEY with every event not yet folded into it applied, in order of time. After each
// change the tab folds the events it sees into the record under KEY, naming each in the record's "folded"
// (event key -> when), all in one setItem; a fold from a stale copy can drop another tab's fold, but never the
// event itself, which stays until it has been folded for SETTLE_MS (longer than any copy is out of date) and is
// folded again if it is missing. So no interleaving of writes in any number of tabs loses a result.
//
// Lessons are kept puzzle by puzzle: {solved, missed, choice}. "missed" means not right first time (a wrong
// answer or "Show the answer" before solving); "choice" is the answer that solved it, shown again after a
// reload. Stages and stars are worked out by the page from the course map the build writes, never stored.
// Practice results are counted per kind of puzzle: {tried, first}.
//
// Since version 4 the record is {version, games: {GAME: {lessons, practice, stats}}}, one part per game (by the
// engine's name of the game); earlier versions knew only Sevens, so what they kept becomes Sevens progress. A
// page says which game it belongs to (<html data-game>); the functions below work on that game's part unless
// told another. Pages for every game (the home page, the progress page) name none and get Sevens by default.

export const KEY = "sevens.v4";
export const VERSION = 4;
// The games whose progress is kept, from the registry (the build writes them on every page), the default game first:
// records from before games were kept apart are its.
export const GAMES = (document.documentElement.dataset.games || "").split(" ").filter(Boolean);
export const PAGE_GAME = GAMES.includes(document.documentElement.dataset.game) ? document.documentElement.dataset.game : GAMES[0];
export const V3_KEY = "sevens.v3"; // Sevens only: migrated, then removed
export const V2_KEY = "sevens.v2"; // progress per tutorial, not per puzzle: migrated, then removed
export const OLD_KEY = "sevens.progress.v1"; // written by the first version of the site: migrated, then removed
export const CORRUPT_PREFIX = "sevens.corrupt.";
export const EVENT_PREFIX = `${KEY}.event.`; // one change, written once by one tab (see above)
const SETTLE_MS = 30_000; // an event folded this long ago is in every tab's copy of the record, and may go
const EVENT_PATTERN = /^sevens\.v4\.event\.\d{15}\.[a-z0-9]{1,16}\.\d{9}$/;
export const DEAL_KEY = "sevens.deal";
export const PLAYERS = ["you", "robin", "alex", "sam"]; // whose wins are counted: you and each computer player
// Counters stop here instead of growing past it: beyond the largest whole number JavaScript holds exactly,
// games + 1 is not a whole number any more, and the next load would find the record damaged.
const MAX_COUNT = Number.MAX_SAFE_INTEGER;
const COUNTED_KEPT = 50; // ids of the latest finished games, so none is counted twice
const MAX_IMPORT_BYTES = 100_000;
const NAMES_SHOWN = 3; // parts named in a notice about dropped parts; the rest are counted
const DAILY_RESULTS = ["won", "lost"];
const DAILY_KEPT = 400; // days of daily results kept per game, the latest: a streak is counted in them
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

// Today's date in UTC, YYYY-MM-DD: the day of the daily deal, the same for everyone whatever their time zone.
export function todayUTC() {
  return new Date().toISOString().slice(0, 10);
}

// Whether *text* is a real day written YYYY-MM-DD (the engine judges a daily deal's date; this only guards storage).
export function isDay(text) {
  const parts = typeof text === "string" ? DAY.exec(text) : null;
  if (!parts) return false;
  const [year, month, day] = parts.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 2000 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// The day before *date* (YYYY-MM-DD).
function dayBefore(date) {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

export const DEFAULT_TABLE = ["robin", "alex", "sam"]; // who sits in seats 1-3 unless the player chooses
// A table's name: who sat in seats 1 onwards, then, unless the rules were the plain rules of the default game (those
// of the first records, which named no rules; the build writes their name on every page), the rules' name as the
// engine gives it ("sam,sam,sam", "robin,alex,sam,robin,alex · Fan Tan, 6 players").
const TABLE_NAME = /^(robin|alex|sam)(,(robin|alex|sam)){1,6}( · [^·]{1,80})?$/;
export const PLAIN_RULES = document.documentElement.dataset.plainRules ?? "";

export function emptyStats() {
  return { games: 0, wins: dict(PLAYERS.map((name) => [name, 0])), streak: 0, best: 0, counted: [], tables: dict() };
}

export function emptyGame() {
  return { lessons: dict(), practice: dict(), stats: emptyStats() };
}

export function emptyRecord() {
  return { version: VERSION, games: dict(GAMES.map((game) => [game, emptyGame()])) };
}

// -- shapes -----------------------------------------------------------------------

export const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
export const isCount = (value) => Number.isSafeInteger(value) && value >= 0;

// Keys from lessons, from storage and from people's names ("constructor", "toString", "__proto__") index objects
// here: a plain object answers Object.prototype's properties under such keys, and "__proto__" even sets its
// prototype. So every object keyed by them is a map with no inherited keys: made by dict(), or read by readJSON(),
// whose every object has none. (structuredClone gives plain objects again: copy() is the copy that keeps them so.)
export function dict(entries = []) {
  const map = Object.create(null);
  for (const [key, value] of entries) map[key] = value;
  return map;
}
const withoutPrototype = (key, value) => (isObject(value) ? dict(Object.entries(value)) : value);
export const readJSON = (text) => JSON.parse(text, withoutPrototype);
const copy = (value) => readJSON(JSON.stringify(value));
const isStringList = (value) => Array.isArray(value) && value.every((item) => typeof item === "string");
const oneMore = (count) => Math.min(count + 1, MAX_COUNT);

// The statistics a learner sees, by field, in the words a notice uses when one is lost.
const COUNTERS = { games: "the number of games played", streak: "your winning streak", best: "your best streak" };

// The parts of *data* ({lessons, practice, stats}, one game's) this version can use, each tutorial and each statistic checked on its
// own: {record, dropped}. Each of *dropped* is {why, lost, lesson}: why a part failed its check, what the
// learner loses with it in plain words (null for bookkeeping nobody sees), and the tutorial it belonged to, if
// any. Only the fields we know are kept, so an imported file cannot smuggle anything else into storage.
function salvage(data) {
  const dropped = [];
  // *daily*: a daily result, which an imported file may lose alone (see importFile).
  const drop = (why, lost, lesson = null, daily = false) => dropped.push({ why, lost, lesson, daily });
  const record = emptyGame();
  if (!isObject(data.lessons)) drop("“lessons” is not a list of tutorials", "your tutorial progress");
  else {
    const lessons = [];
    for (const [slug, lesson] of Object.entries(data.lessons)) {
      if (!isObject(lesson) || !isObject(lesson.puzzles)) {
        drop(`tutorial “${slug}” is not a record of puzzles`, null, slug);
        continue;
      }
      if (typeof lesson.finished !== "boolean") drop(`tutorial “${slug}”: “finished” is not true or false`, null, slug);
      const puzzles = [];
      for (const [id, puzzle] of Object.entries(lesson.puzzles)) {
        const ok = isObject(puzzle) && typeof puzzle.solved === "boolean" && typeof puzzle.missed === "boolean";
        if (ok && typeof puzzle.choice === "string") puzzles.push([id, { solved: puzzle.solved, missed: puzzle.missed, choice: puzzle.choice }]);
        else drop(`tutorial “${slug}”: puzzle “${id}” is not a puzzle record`, null, slug);
      }
      lessons.push([slug, { finished: lesson.finished === true, puzzles: dict(puzzles) }]);
    }
    record.lessons = dict(lessons); // own keys only, even for a slug such as "__proto__" or "constructor"
  }
  if (data.practice !== undefined && !isObject(data.practice)) drop("“practice” is not a list of puzzle kinds", "your practice results");
  else {
    const kinds = [];
    for (const [kind, counts] of Object.entries(data.practice ?? {})) {
      const missed = counts?.missed ?? false; // since the practice brings missed kinds back; older records lack it
      if (isObject(counts) && isCount(counts.tried) && isCount(counts.first) && counts.first <= counts.tried && typeof missed === "boolean") {
        kinds.push([kind, missed ? { tried: counts.tried, first: counts.first, missed } : { tried: counts.tried, first: counts.first }]);
      } else drop(`practice “${kind}” needs whole numbers “tried” and “first”, first no more than tried, and “missed” true or false`, "your practice results");
    }
    record.practice = dict(kinds);
  }
  salvageDaily(data.daily, record, drop);
  const stats = data.stats;
  if (!isObject(stats)) {
    drop("“stats” is missing", "your game statistics");
    return { record, dropped };
  }
  for (const [name, lost] of Object.entries(COUNTERS)) {
    if (isCount(stats[name])) record.stats[name] = stats[name];
    else drop(`“${name}” is not a whole number`, lost);
  }
  if (!isObject(stats.wins)) drop(`“wins” needs a whole number for each of ${PLAYERS.join(", ")}`, "the wins");
  else {
    for (const name of PLAYERS) {
      if (isCount(stats.wins[name])) record.stats.wins[name] = stats.wins[name];
      else drop(`“wins” needs a whole number for ${name}`, name === "you" ? "your wins" : `${name[0].toUpperCase()}${name.slice(1)}'s wins`);
    }
  }
  if (isStringList(stats.counted)) record.stats.counted = stats.counted.slice(-COUNTED_KEPT);
  else if (stats.counted !== undefined) drop("“counted” is not a list of game ids", null);
  // Games per table, keyed by the table's name (see TABLE_NAME); older records have none.
  if (stats.tables !== undefined && !isObject(stats.tables)) drop("“tables” is not a list of tables", "your statistics per table");
  else {
    const tables = [];
    for (const [name, table] of Object.entries(stats.tables ?? {})) {
      if (TABLE_NAME.test(name) && isObject(table) && isCount(table.games) && isCount(table.won)) {
        tables.push([name, { games: table.games, won: table.won }]);
      } else drop(`table “${name}” needs whole numbers “games” and “won”`, `your statistics at table ${name}`);
    }
    record.stats.tables = dict(tables);
  }
  checkStats(record.stats, drop);
  return { record, dropped };
}

// The daily deal's results, {DATE: "won" | "lost"} (DATE: the day in UTC, YYYY-MM-DD), kept in a game's part only
// once it has one. Each entry is checked on its own: one that is damaged, or dated after today (by this browser's
// clock: a day nobody has played yet), is set aside with its date, and every other result is kept.
function salvageDaily(daily, record, drop) {
  if (daily === undefined) return;
  if (!isObject(daily)) {
    drop("“daily” is not a list of daily results", "your daily results", null, true);
    return;
  }
  const today = todayUTC();
  const kept = [];
  for (const [date, result] of Object.entries(daily)) {
    const lost = `your daily result of ${String(date).slice(0, 20)}`;
    if (!isDay(date)) drop(`daily result “${date.slice(0, 20)}” is not dated YYYY-MM-DD`, lost, null, true);
    else if (date > today) drop(`daily result “${date}” is dated after today (${today})`, lost, null, true);
    else if (!DAILY_RESULTS.includes(result)) drop(`daily result “${date}” is not “won” or “lost”`, lost, null, true);
    else kept.push([date, result]);
  }
  record.daily = dict(kept.sort().slice(-DAILY_KEPT));
}

const total = (values) => values.reduce((sum, value) => sum + value, 0);

// What one game's statistics must obey, each kind of count checked on its own: each game has one winner, a
// streak is part of your wins and never longer than your best, a table's games are some of all the games. A
// part that breaks them is dropped (set back to none) with the reason, naming the fields. Sums are not checked
// once games has stopped at MAX_COUNT, since counting goes on past it for the wins.
function checkStats(stats, drop) {
  const capped = stats.games === MAX_COUNT;
  const wins = Object.values(stats.wins);
  if (wins.some((count) => count > stats.games) || (!capped && total(wins) > stats.games)) {
    drop(`“wins” add up to more than “games” (${total(wins)} wins in ${stats.games} games)`, "your game statistics");
    Object.assign(stats, { games: 0, wins: emptyStats().wins });
  }
  if (stats.best > stats.wins.you) {
    drop(`“best” (${stats.best}) is more than your wins (${stats.wins.you})`, "your best streak");
    stats.best = 0;
  }
  if (stats.streak > stats.best) {
    drop(`“streak” (${stats.streak}) is longer than “best” (${stats.best})`, "your winning streak");
    stats.streak = 0;
  }
  for (const [name, table] of Object.entries(stats.tables)) {
    if (table.won > table.games) {
      drop(`table “${name}”: “won” (${table.won}) is more than “games” (${table.games})`, `your statistics at table ${name}`);
      delete stats.tables[name];
    }
  }
  const kept = Object.values(stats.tables);
  if (!capped && (total(kept.map((t) => t.games)) > stats.games || total(kept.map((t) => t.won)) > stats.wins.you)) {
    drop("“tables” count more games or wins than “games” and “wins”", "your statistics per table");
    stats.tables = dict();
  }
}

// Tutorial-level progress (versions 1 and 2) as puzzle-level: a finished tutorial stays finished (its stages
// count as complete, with one star), and a puzzle solved then stays solved, but not as right first time, since
// nobody recorded whether it was. A part that is not what those versions wrote is passed on as it is, for
// salvage() to drop with its reason.
function fromOldLessons(lessons) {
  if (!isObject(lessons)) return lessons;
  const migrated = [];
  for (const [slug, lesson] of Object.entries(lessons)) {
    if (!isObject(lesson)) {
      migrated.push([slug, lesson]);
      continue;
    }
    const solved = isStringList(lesson.solved) ? lesson.solved : lesson.solved === undefined ? [] : null;
    const puzzles = solved && Object.fromEntries(solved.map((id) => [id, { solved: true, missed: true, choice: "" }]));
    migrated.push([slug, { finished: lesson.done ?? false, puzzles }]);
  }
  return Object.fromEntries(migrated);
}

// Stored or imported text -> {record, dropped} (see salvage); *record* is null when no part of it can be used
// (not JSON, not a record, another version), and then *dropped* holds the one reason.
export function parse(text) {
  const whole = (why) => ({ record: null, dropped: [{ why, lost: "everything" }] });
  let data;
  try {
    data = readJSON(text);
  } catch {
    return whole("it is not JSON");
  }
  if (!isObject(data)) return whole("it is not a JSON object");
  // Versions 1 ({version: 1, lessons} under OLD_KEY) and 2 ({version: 2, lessons, stats} under V2_KEY) kept
  // progress per tutorial; it becomes progress per puzzle, keeping what was earned.
  if (data.version === 1) return asSevens(salvage({ lessons: fromOldLessons(data.lessons), stats: emptyStats() }));
  if (data.version === 2) return asSevens(salvage({ lessons: fromOldLessons(data.lessons), stats: data.stats }));
  // Version 3 kept one game's progress, and the site had one game: it is Sevens progress.
  if (data.version === 3) return asSevens(salvage(data));
  if (data.version !== VERSION) {
    return whole(
      typeof data.version === "number" && data.version > VERSION
        ? `it was made by a newer version of this site (version ${data.version})`
        : `it has no known version (expected ${VERSION})`,
    );
  }
  if (!isObject(data.games)) return whole("“games” is not a list of games");
  const record = emptyRecord();
  const dropped = [];
  for (const [game, part] of Object.entries(data.games)) {
    if (!GAMES.includes(game)) dropped.push({ why: `“${game}” is not a game this site knows`, lost: null, lesson: null });
    else if (!isObject(part)) dropped.push({ why: `the progress for ${game} is not a record`, lost: `your progress in ${game}`, lesson: null });
    else {
      const kept = salvage(part);
      record.games[game] = kept.record;
      dropped.push(...kept.dropped);
    }
  }
  // The events already folded into this record (see the top of this file): bookkeeping, kept apart from it.
  let folded = dict();
  if (data.folded !== undefined) {
    const ok = isObject(data.folded) && Object.entries(data.folded).every(([key, at]) => EVENT_PATTERN.test(key) && isCount(at));
    if (ok) folded = dict(Object.entries(data.folded));
    else dropped.push({ why: "“folded” is not a list of events", lost: null, lesson: null });
  }
  return { record, dropped, folded };
}

// One game's salvaged part of an older record, as a whole record: Sevens progress, nothing yet for other games.
function asSevens({ record, dropped }) {
  const whole = emptyRecord();
  whole.games.sevens = record;
  return { record: whole, dropped };
}

// -- storage ----------------------------------------------------------------------------

function reachable(kind) {
  try {
    const storage = window[kind];
    storage.getItem(KEY);
    return storage;
  } catch {
    return null; // blocked (private mode, settings): keep things for this page only
  }
}

// Write to Web Storage; false when the browser refuses (storage full, or blocked since the page loaded).
function keep(storage, key, text) {
  try {
    storage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

const local = reachable("localStorage");
const session = reachable("sessionStorage");
let memory = emptyRecord(); // the record when storage is blocked or full
let unsaved = false; // a write was refused: the record lives in memory for the rest of this page
const whenUnsaved = []; // callbacks waiting for that, see notKept()
let notice = null; // said once, by takeNotice()
const TAB = Math.random().toString(36).slice(2, 12) || "tab"; // names this tab's events
let sequence = 0; // this tab's events so far

function refused() {
  unsaved = true;
  for (const callback of whenUnsaved.splice(0)) callback(NOT_KEPT);
}

// The record under KEY, with the events folded into it (none: no "folded" at all).
function writeBase(record, folded = {}) {
  memory = record;
  if (!local || unsaved) return;
  const bookkeeping = Object.keys(folded).length ? { folded } : {};
  if (!keep(local, KEY, JSON.stringify({ version: record.version, games: record.games, ...bookkeeping }))) refused();
}

// "A, B and C", or "A, B, C and 5 more" when there are more than one past NAMES_SHOWN.
function listed(items) {
  if (items.length > NAMES_SHOWN + 1) return `${items.slice(0, NAMES_SHOWN).join(", ")} and ${items.length - NAMES_SHOWN} more`;
  return items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : items.join("");
}

// What the learner loses with *dropped*, in words: "your progress in tutorials “a” and “b” and your best streak".
function lostWords(dropped) {
  const unique = (values) => [...new Set(values.filter(Boolean))];
  const slugs = unique(dropped.map((part) => part.lesson)).map((slug) => `“${slug}”`);
  const lessons = slugs.length ? [`your progress in tutorial${slugs.length === 1 ? "" : "s"} ${listed(slugs)}`] : [];
  const parts = [...lessons, ...unique(dropped.map((part) => part.lost))];
  return parts.length ? listed(parts) : null;
}

// Keep a copy of *text* under its own key (returned); no room for it: resetting still beats a site that cannot
// save anything.
function keepCopy(text) {
  let key = `${CORRUPT_PREFIX}${Date.now()}`;
  for (let n = 2; local.getItem(key) !== null; n += 1) key = `${CORRUPT_PREFIX}${Date.now()}.${n}`;
  keep(local, key, text);
  return key;
}

// Keep a copy of *text* under its own key and say what was lost, if the learner can see it.
function setAside(text, record, dropped) {
  const copy = `A copy of the old data is kept in this browser under “${keepCopy(text)}”.`;
  const lost = lostWords(dropped);
  if (!record) notice = `Your saved progress could not be read (${dropped[0].why}), so it has been reset. ${copy}`;
  else if (lost) notice = `Part of your saved progress could not be read, so it was left out: ${lost}. Everything else is kept. ${copy}`;
}

// The record in *text* and the events folded into it, {record, folded}, anything that fails its checks set
// aside; written back when that changed anything, or when *migrating* it from an older key.
function settle(text, migrating = false) {
  const { record, dropped, folded = {} } = parse(text);
  if (dropped.length) setAside(text, record, dropped);
  const kept = record ?? emptyRecord();
  if (dropped.length || migrating) writeBase(copy(kept), folded);
  return { record: kept, folded };
}

// {record, folded} under KEY; migrates or sets aside what it finds there on the way.
function storedBase() {
  const text = local.getItem(KEY);
  if (text !== null) return settle(text);
  const old = local.getItem(V3_KEY) ?? local.getItem(V2_KEY) ?? local.getItem(OLD_KEY);
  if (old === null) return { record: emptyRecord(), folded: dict() };
  const base = settle(old, true);
  for (const key of [V3_KEY, V2_KEY, OLD_KEY]) local.removeItem(key);
  return base;
}

// -- events: each change, under a key of its own (see the top of this file) -----------------------------------

const isKey = (value) => typeof value === "string" && value.length > 0 && value.length <= 200; // "__proto__" too: see dict()
const isSeats = (value) => Array.isArray(value) && value.length <= 7 && value.every((name) => DEFAULT_TABLE.includes(name));
const tableName = (table, rules) => table.join(",") + (rules === PLAIN_RULES ? "" : ` · ${rules}`);

function lessonOf(record, slug) {
  record.lessons[slug] ??= { finished: false, puzzles: dict() };
  return record.lessons[slug];
}

// Each kind of event: [the check of its fields, what it does to its game's part of the record].
const CHANGES = {
  // An answer to a lesson puzzle. Once solved, a puzzle keeps its first result.
  answer: [
    (e) => isKey(e.slug) && isKey(e.id) && typeof e.right === "boolean" && typeof e.choice === "string" && e.choice.length <= 200,
    (part, e) => {
      const puzzle = (lessonOf(part, e.slug).puzzles[e.id] ??= { solved: false, missed: false, choice: "" });
      if (puzzle.solved) return;
      if (e.right) Object.assign(puzzle, { solved: true, choice: e.choice });
      else puzzle.missed = true;
    },
  ],
  // "Show the answer" before solving: the puzzle can no longer be right first time.
  shown: [
    (e) => isKey(e.slug) && isKey(e.id),
    (part, e) => {
      const puzzle = (lessonOf(part, e.slug).puzzles[e.id] ??= { solved: false, missed: false, choice: "" });
      if (!puzzle.solved) puzzle.missed = true;
    },
  ],
  practice: [
    (e) => isKey(e.kind) && typeof e.first === "boolean",
    (part, e) => {
      const counts = (part.practice[e.kind] ??= { tried: 0, first: 0 });
      counts.tried = oneMore(counts.tried);
      if (e.first) counts.first = oneMore(counts.first);
      // A kind missed stays due (the practice page brings it back) until one of its puzzles is right first time.
      if (e.first) delete counts.missed;
      else counts.missed = true;
    },
  ],
  // A finished game, counted once by its id (see recordGame).
  game: [
    (e) =>
      isKey(e.id) &&
      isSeats(e.table) &&
      Number.isInteger(e.seat) &&
      e.seat >= 0 &&
      e.seat <= e.table.length &&
      typeof e.rules === "string" &&
      TABLE_NAME.test(tableName(e.table, e.rules)),
    (part, e) => {
      const stats = part.stats;
      if (stats.counted.includes(e.id)) return;
      const name = tableName(e.table, e.rules);
      const winner = e.seat === 0 ? "you" : e.table[e.seat - 1];
      stats.games = oneMore(stats.games);
      stats.wins[winner] = oneMore(stats.wins[winner]);
      const kept = Object.hasOwn(stats.tables, name) ? stats.tables[name] : { games: 0, won: 0 };
      stats.tables[name] = { games: oneMore(kept.games), won: e.seat === 0 ? oneMore(kept.won) : kept.won };
      stats.streak = e.seat === 0 ? oneMore(stats.streak) : 0;
      stats.best = Math.max(stats.best, stats.streak);
      stats.counted = [...stats.counted, e.id].slice(-COUNTED_KEPT);
    },
  ],
  // The daily deal of *date* finished on that day: its first result is kept (a replay changes nothing).
  daily: [
    (e) => isDay(e.date) && e.date <= todayUTC() && DAILY_RESULTS.includes(e.result),
    (part, e) => {
      part.daily ??= dict();
      if (Object.hasOwn(part.daily, e.date)) return;
      part.daily[e.date] = e.result;
      const days = Object.keys(part.daily).sort();
      for (const day of days.slice(0, -DAILY_KEPT)) delete part.daily[day];
    },
  ],
  "reset-lesson": [(e) => isKey(e.slug), (part, e) => delete part.lessons[e.slug]],
  "reset-stats": [
    () => true,
    (part) => {
      part.stats = emptyStats();
    },
  ],
};

// Apply the event in *text* to *record*: null when done, else why it cannot be (undefined: a kind of event this
// version does not know, left for a newer version of the site in another tab).
function apply(record, text) {
  let event;
  try {
    event = JSON.parse(text);
  } catch {
    return "it is not JSON";
  }
  if (!isObject(event) || typeof event.op !== "string") return "it is not a change to your progress";
  if (event.op === "replace") {
    // Everything at once: a reset of all progress, or an imported file, checked as the import checks it.
    const { record: whole, dropped } = parse(JSON.stringify(event.record ?? null));
    if (!whole || dropped.length) return `the progress it brings is not a record: ${dropped[0].why}`;
    record.games = whole.games;
    return null;
  }
  if (!Object.hasOwn(CHANGES, event.op)) return undefined;
  const [check, change] = CHANGES[event.op];
  if (!GAMES.includes(event.game) || !check(event)) return `it is not a “${event.op}” this site knows`;
  change((record.games[event.game] ??= emptyGame()), event);
  return null;
}

// The event keys in storage, oldest first.
function eventKeys() {
  const keys = [];
  for (let i = 0; i < local.length; i += 1) {
    const key = local.key(i);
    if (key?.startsWith(EVENT_PREFIX)) keys.push(key);
  }
  return keys.sort();
}

// {record, folded, pending}: the record under KEY with every event not folded into it applied, in order
// (*pending*: their keys). A damaged event is set aside like a damaged part of the record.
function load() {
  const { record, folded } = storedBase();
  const pending = [];
  for (const key of eventKeys()) {
    if (Object.hasOwn(folded, key)) continue;
    const text = local.getItem(key);
    if (text === null) continue; // folded and removed by another tab meanwhile
    const problem = EVENT_PATTERN.test(key) ? apply(record, text) : "its name is not an event's";
    if (problem === null) pending.push(key);
    else if (problem !== undefined) {
      const copy = keepCopy(text);
      local.removeItem(key);
      notice = `A change to your saved progress could not be read (${problem}), so it was left out. Everything else is kept. A copy of it is kept in this browser under “${copy}”.`;
    }
  }
  return { record, folded, pending };
}

// Fold the events this tab sees into the record under KEY, and remove those folded more than SETTLE_MS ago
// (their names stay in "folded" as long again, for a tab whose copy still has them). Returns the record.
function fold() {
  const { record, folded, pending } = load();
  const now = Date.now();
  const kept = dict();
  for (const [key, at] of Object.entries(folded)) {
    const present = local.getItem(key) !== null;
    if (present && at < now - SETTLE_MS) local.removeItem(key);
    if (present || at >= now - 2 * SETTLE_MS) kept[key] = at;
  }
  for (const key of pending) kept[key] = now;
  if (pending.length || Object.keys(kept).length !== Object.keys(folded).length) writeBase(copy(record), kept);
  return record;
}

// Record *event* under a key of its own, then fold; the whole record afterwards.
function commit(event) {
  if (!local || unsaved) {
    apply(memory, JSON.stringify(event));
    return copy(memory);
  }
  sequence += 1;
  const key = `${EVENT_PREFIX}${String(Date.now()).padStart(15, "0")}.${TAB}.${String(sequence).padStart(9, "0")}`;
  if (keep(local, key, JSON.stringify(event))) return fold();
  memory = load().record; // storage is full: this page goes on in memory
  apply(memory, JSON.stringify(event));
  refused();
  return copy(memory);
}

// The whole record, every game's progress, straight from storage with every other tab's changes that reached this
// one; migrates or sets aside what it finds there on the way.
export function readAll() {
  if (!local || unsaved) return copy(memory);
  return load().record;
}

// One game's progress, {lessons, practice, stats}: this page's game unless *game* is given.
export function read(game = PAGE_GAME) {
  return readAll().games[game] ?? emptyGame();
}

// The message about data set aside, once; null after that.
export function takeNotice() {
  const text = notice;
  notice = null;
  return text;
}

const NOT_KEPT = "Your browser is not letting this site save anything, so your progress will not be kept after you leave this page.";

// *callback* gets a one-line message when progress cannot be kept: now if storage is blocked, or later if the
// browser refuses a write (a full disk).
export function notKept(callback) {
  if (!local || unsaved) callback(NOT_KEPT);
  else whenUnsaved.push(callback);
}

// *callback* runs when another tab changes the record, with the progress of *game* (null: the whole record).
export function onChange(callback, game = PAGE_GAME) {
  window.addEventListener("storage", (event) => {
    const event_ = event.key?.startsWith(EVENT_PREFIX) && event.newValue !== null; // a change; not a clean-up
    if (!unsaved && event.storageArea === local && (event.key === KEY || event.key === null || event_)) {
      callback(game ? read(game) : readAll());
    }
  });
}

// -- settings -----------------------------------------------------------------------------

const settings = new Map(); // chosen on this page: they hold here even when storage refuses them

// A setting chosen on any page (the computer players' pace), or null.
export function setting(key) {
  return settings.has(key) ? settings.get(key) : (local?.getItem(key) ?? null);
}

export function keepSetting(key, value) {
  settings.set(key, value);
  if (local) keep(local, key, value);
}

// -- lessons ------------------------------------------------------------------------------

// An answer to a lesson puzzle. Once solved, a puzzle keeps its first result: replaying it changes nothing.
// Each of these returns the page's game's progress afterwards.
export function recordAnswer(slug, id, right, choice = "") {
  if (read().lessons[slug]?.puzzles[id]?.solved) return read();
  return commit({ op: "answer", game: PAGE_GAME, slug, id, right, choice }).games[PAGE_GAME];
}

// "Show the answer" before solving: the puzzle can no longer be right first time.
export function recordShown(slug, id) {
  const puzzle = read().lessons[slug]?.puzzles[id];
  if (puzzle?.solved || puzzle?.missed) return read();
  return commit({ op: "shown", game: PAGE_GAME, slug, id }).games[PAGE_GAME];
}

// A practice answer, counted per kind of puzzle; a kind not right first time is due again (see missedKinds).
export function recordPractice(kind, rightFirstTime) {
  return commit({ op: "practice", game: PAGE_GAME, kind, first: Boolean(rightFirstTime) }).games[PAGE_GAME];
}

// The kinds of practice puzzle of *game* missed and not yet answered right first time since, to bring back.
export function missedKinds(game = PAGE_GAME) {
  return Object.entries(read(game).practice)
    .filter(([, counts]) => counts.missed)
    .map(([kind]) => kind);
}

// {complete, stars, solved} for a stage whose puzzles are *ids*: 3 stars when all were right first time,
// 2 with one miss, 1 otherwise; a tutorial finished before stages existed counts its stages complete, 1 star.
export function stageResult(record, slug, ids) {
  const lesson = record.lessons[slug];
  const puzzles = ids.map((id) => lesson?.puzzles[id]);
  const solved = puzzles.filter((puzzle) => puzzle?.solved).length;
  if (ids.length && solved === ids.length) {
    const misses = puzzles.filter((puzzle) => puzzle.missed).length;
    return { complete: true, stars: misses === 0 ? 3 : misses === 1 ? 2 : 1, solved };
  }
  if (lesson?.finished) return { complete: true, stars: 1, solved };
  return { complete: false, stars: 0, solved };
}

export function resetLesson(slug, game = PAGE_GAME) {
  return commit({ op: "reset-lesson", game, slug }).games[game];
}

export function resetStats(game = PAGE_GAME) {
  return commit({ op: "reset-stats", game }).games[game];
}

export function resetAll() {
  commit({ op: "replace", record: emptyRecord() });
  return emptyRecord();
}

// -- games -----------------------------------------------------------------------------------

// Count a finished game once, whichever tab or re-render reports it: *id* names the deal played, *table* who
// sat in seats 1 onwards, *rules* the rules' name (a win is counted for the player who won, whichever seat they
// sat in, and for the table: the same players under other rules are another table). Returns true when it was
// counted now.
export function recordGame(id, winnerSeat, table = DEFAULT_TABLE, rules = PLAIN_RULES) {
  const event = { op: "game", game: PAGE_GAME, id, seat: winnerSeat, table, rules };
  const [check] = CHANGES.game;
  if (!check(event) || read().stats.counted.includes(id)) return false;
  commit(event);
  return true;
}

// The deal in progress in this tab, {id, seed, over, record, ...; for a daily deal: daily, its date, and dealt, the
// day it was dealt on}: a reload or a restarted engine continues it.
// Without room for it, or without sessionStorage, the game page still has the deal in its memory.
// One deal in progress per game, so a deal of one game never comes back on another game's page.
const dealKey = (game) => (game === GAMES[0] ? DEAL_KEY : `${DEAL_KEY}.${game}`);

export function saveDeal(deal, game = GAMES[0]) {
  if (session) keep(session, dealKey(game), JSON.stringify(deal));
}

const MAX_RECORD_CHARS = 1_000_000; // a deal's record is a few thousand characters
const MAX_EARLIER = 500; // a match's finished deals
const RULES_TEXT = /^[\w=,. -]{0,200}$/; // a preset's name and options, as the table menu writes them

// Why *deal*, read back from sessionStorage or the browser's history, cannot be continued, or null: every field
// the game page uses is checked, as strictly as an imported progress file, so a damaged one is set aside whole
// instead of stalling the page or reaching the address. (Whether the engine can restore its record, and whether
// its table is one the page deals, the game page checks.)
export function dealProblem(deal) {
  if (!isObject(deal)) return "it is not a record of a deal";
  if (!isKey(deal.id)) return "its “id” is not a short text";
  if (!isCount(deal.seed)) return "its “seed” is not a whole number";
  if (typeof deal.over !== "boolean") return "its “over” is not true or false";
  if (typeof deal.record !== "string" || !deal.record || deal.record.length > MAX_RECORD_CHARS) return "its “record” is not a game record";
  if (deal.replay != null && !isCount(deal.replay)) return "its “replay” is not a move number";
  if (deal.daily != null && !isDay(deal.daily)) return "its “daily” is not a day written YYYY-MM-DD";
  if (deal.dealt != null && !isDay(deal.dealt)) return "its “dealt” is not a day written YYYY-MM-DD";
  const earlier = deal.earlier;
  if (earlier != null && !(Array.isArray(earlier) && earlier.length <= MAX_EARLIER && earlier.every((r) => typeof r === "string" && r && r.length <= MAX_RECORD_CHARS))) {
    return "its “earlier” is not a list of game records";
  }
  const table = deal.table;
  if (table === undefined || table === null) return null; // saved before deals kept their table: the engine's record says
  if (!isObject(table)) return "its “table” is not a table";
  if (typeof table.rules !== "string" || !RULES_TEXT.test(table.rules)) return "its table's “rules” are not rules";
  if (!Number.isInteger(table.players) || table.players < 2 || table.players > 8) return "its table's “players” is not a number of players";
  if (!isSeats(table.seats) || table.seats.length !== table.players - 1) return "its table's “seats” are not the computer players";
  return null;
}

// {deal, problem}: the deal in progress of *game* in this tab, or null; a damaged one is set aside (kept under
// sevens.corrupt.* in sessionStorage, where it was) and *problem* says why, for the page's notice.
export function loadDeal(game = GAMES[0]) {
  const text = session?.getItem(dealKey(game)) ?? null;
  if (text === null) return { deal: null, problem: null };
  let deal;
  try {
    deal = JSON.parse(text);
  } catch {
    deal = undefined;
  }
  const problem = deal === undefined ? "it is not JSON" : dealProblem(deal);
  if (!problem) return { deal, problem: null };
  keep(session, `${CORRUPT_PREFIX}${dealKey(game)}.${Date.now()}`, text);
  session.removeItem(dealKey(game));
  return { deal: null, problem };
}

// -- export and import -----------------------------------------------------------------------------

export function exportText() {
  const { version, games } = readAll();
  return JSON.stringify({ version, games }, null, 2);
}

// Replace the record with a file's contents; {ok} or {problem} in plain words, nothing changed on a problem.
// Unlike a stored record, a file is taken whole or not at all: the learner chose it and can mend it.
export async function importFile(file) {
  if (file.size > MAX_IMPORT_BYTES) return { problem: `the file is too large for a progress file (${file.size} bytes)` };
  const { record, dropped } = parse(await file.text());
  const refused = dropped.filter((part) => !part.daily);
  if (refused.length) {
    const more = refused.length - 1;
    const others = more ? ` (and ${more} more problem${more === 1 ? "" : "s"})` : "";
    return { problem: `it is not a Sevens progress file: ${refused[0].why}${others}` };
  }
  commit({ op: "replace", record });
  // A damaged or future-dated daily result is set aside alone: everything else in the file is imported.
  const aside = dropped.map((part) => part.why);
  return { ok: true, notice: aside.length ? `Left out, since it could not be used: ${listed(aside)}. Everything else is imported.` : null };
}

// -- the daily deal ----------------------------------------------------------------------------

// The daily results of *game*: {DATE: "won" | "lost"}.
export function dailyResults(game = PAGE_GAME) {
  return read(game).daily ?? dict();
}

// Keep the result of today's daily deal, finished today; the first result of a day stands. Returns the daily results.
export function recordDaily(date, won, game = PAGE_GAME) {
  const event = { op: "daily", game, date, result: won ? "won" : "lost" };
  const results = dailyResults(game);
  if (!CHANGES.daily[0](event) || Object.hasOwn(results, date)) return results;
  return commit(event).games[game]?.daily ?? dict();
}

// {streak, best, played}: the days in a row, up to today (or yesterday, while today's deal is still to play), on which
// the day's deal was played on that day; the longest such run; the days played in all.
export function dailyStreak(results, today = todayUTC()) {
  const days = Object.keys(results).sort();
  let best = 0;
  let run = 0;
  let previous = null;
  for (const day of days) {
    run = previous !== null && dayBefore(day) === previous ? run + 1 : 1;
    best = Math.max(best, run);
    previous = day;
  }
  let streak = 0;
  let day = Object.hasOwn(results, today) ? today : dayBefore(today);
  while (Object.hasOwn(results, day)) {
    streak += 1;
    day = dayBefore(day);
  }
  return { streak, best, played: days.length, won: days.filter((d) => results[d] === "won").length };
}

// Each page folds what other tabs left behind when it opens, so the events of closed tabs do not pile up.
if (local) fold();
