// Everything the site keeps in this browser, in one place: tutorial progress and game statistics under one
// versioned localStorage key, and the deal in progress in sessionStorage (so a reload continues it).
// Every change reads the stored record afresh, changes it and writes it back at once, so two tabs never
// overwrite each other's progress with a stale copy. Anything unreadable is set aside, never fatal.

export const KEY = "sevens.v2";
export const VERSION = 2;
export const OLD_KEY = "sevens.progress.v1"; // written by the first version of the site: migrated, then removed
export const CORRUPT_PREFIX = "sevens.corrupt.";
export const DEAL_KEY = "sevens.deal";
export const PLAYERS = ["you", "robin", "alex", "sam"]; // by seat, as the engine numbers them
const COUNTED_KEPT = 50; // ids of the latest finished games, so none is counted twice
const MAX_IMPORT_BYTES = 100_000;

export const DEFAULT_TABLE = ["robin", "alex", "sam"]; // who sits in seats 1-3 unless the player chooses
const TABLE_NAME = /^(robin|alex|sam),(robin|alex|sam),(robin|alex|sam)$/;

export function emptyStats() {
  return { games: 0, wins: Object.fromEntries(PLAYERS.map((name) => [name, 0])), streak: 0, best: 0, counted: [], tables: {} };
}

export function emptyRecord() {
  return { version: VERSION, lessons: {}, stats: emptyStats() };
}

// -- shapes -----------------------------------------------------------------------

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isCount = (value) => Number.isSafeInteger(value) && value >= 0;
const isStringList = (value) => Array.isArray(value) && value.every((item) => typeof item === "string");

// Why *lessons* is not a map of slug -> {done, solved}, or null when it is.
function lessonsProblem(lessons) {
  if (!isObject(lessons)) return "“lessons” is not a list of tutorials";
  for (const [slug, lesson] of Object.entries(lessons)) {
    if (!isObject(lesson)) return `tutorial “${slug}” is not a record`;
    if (lesson.done !== undefined && typeof lesson.done !== "boolean") return `tutorial “${slug}”: “done” is not true or false`;
    if (lesson.solved !== undefined && !isStringList(lesson.solved)) return `tutorial “${slug}”: “solved” is not a list of puzzles`;
  }
  return null;
}

function statsProblem(stats) {
  if (!isObject(stats)) return "“stats” is missing";
  if (!isCount(stats.games)) return "“games” is not a whole number";
  if (!isObject(stats.wins) || !PLAYERS.every((name) => isCount(stats.wins[name]))) {
    return `“wins” needs a whole number for each of ${PLAYERS.join(", ")}`;
  }
  if (!isCount(stats.streak) || !isCount(stats.best)) return "“streak” and “best” must be whole numbers";
  if (stats.counted !== undefined && !isStringList(stats.counted)) return "“counted” is not a list of game ids";
  return tablesProblem(stats.tables);
}

// Games per table, keyed by who sat in seats 1-3 ("sam,sam,sam"); older records have none.
function tablesProblem(tables) {
  if (tables === undefined) return null;
  if (!isObject(tables)) return "“tables” is not a list of tables";
  for (const [name, table] of Object.entries(tables)) {
    if (!TABLE_NAME.test(name)) return `table “${name}” is not three of robin, alex and sam`;
    if (!isObject(table) || !isCount(table.games) || !isCount(table.won)) return `table “${name}” needs whole numbers “games” and “won”`;
  }
  return null;
}

// Why *data* is not a record this version can use, or null when it is one.
export function recordProblem(data) {
  if (!isObject(data)) return "it is not a JSON object";
  if (data.version !== VERSION) {
    return typeof data.version === "number" && data.version > VERSION
      ? `it was made by a newer version of this site (version ${data.version})`
      : `it has no known version (expected ${VERSION})`;
  }
  return lessonsProblem(data.lessons) ?? statsProblem(data.stats);
}

// Only the fields we know, so an imported file cannot smuggle anything else into storage.
function clean(data) {
  const lessons = {};
  for (const [slug, lesson] of Object.entries(data.lessons)) {
    lessons[slug] = { done: lesson.done === true, solved: [...(lesson.solved ?? [])] };
  }
  const { games, wins, streak, best, counted } = data.stats;
  const stats = { games, wins: Object.fromEntries(PLAYERS.map((name) => [name, wins[name]])), streak, best };
  const tables = Object.fromEntries(
    Object.entries(data.stats.tables ?? {}).map(([name, table]) => [name, { games: table.games, won: table.won }]),
  );
  return { version: VERSION, lessons, stats: { ...stats, counted: [...(counted ?? [])], tables } };
}

// The first version kept {version: 1, lessons} under OLD_KEY; its lessons carry over unchanged.
function fromVersion1(data) {
  if (!isObject(data) || data.version !== 1 || lessonsProblem(data.lessons)) return null;
  return clean({ version: VERSION, lessons: data.lessons, stats: emptyStats() });
}

// Stored or imported text -> {record} or {problem}.
export function parse(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { problem: "it is not JSON" };
  }
  const old = fromVersion1(data);
  if (old) return { record: old };
  const problem = recordProblem(data);
  return problem ? { problem } : { record: clean(data) };
}

// -- storage ----------------------------------------------------------------------------

function reachable(kind) {
  try {
    const storage = window[kind];
    storage.getItem(KEY);
    return storage;
  } catch {
    return null; // blocked (private mode, settings): keep things for this visit only
  }
}

const local = reachable("localStorage");
const session = reachable("sessionStorage");
let memory = emptyRecord(); // the record when storage is blocked or full
let notice = null; // said once, by takeNotice()

function write(record) {
  memory = record;
  try {
    local?.setItem(KEY, JSON.stringify(record));
  } catch {
    // storage full: the change holds for this visit
  }
}

function setAside(text, why) {
  const key = `${CORRUPT_PREFIX}${Date.now()}`;
  try {
    local.setItem(key, text);
  } catch {
    // no room for the copy: resetting still beats a site that cannot save anything
  }
  notice = `Your saved progress could not be read (${why}), so it has been reset. A copy of the old data is kept in this browser under “${key}”.`;
}

// The current record, straight from storage; migrates or sets aside what it finds there on the way.
export function read() {
  if (!local) return structuredClone(memory);
  const text = local.getItem(KEY);
  if (text === null) {
    const old = local.getItem(OLD_KEY);
    if (old === null) return emptyRecord();
    const record = fromVersion1(safeJSON(old));
    if (record) write(record);
    else {
      setAside(old, "the old progress format was damaged");
      write(emptyRecord());
    }
    local.removeItem(OLD_KEY);
    return record ?? emptyRecord();
  }
  const { record, problem } = parse(text);
  if (record) return record;
  setAside(text, problem);
  write(emptyRecord());
  return emptyRecord();
}

function safeJSON(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

// Read, change, write back at once: *change* gets the fresh record and may return false to write nothing.
export function update(change) {
  const record = read();
  if (change(record) === false) return record;
  write(record);
  return record;
}

// The message about data set aside, once; null after that.
export function takeNotice() {
  const text = notice;
  notice = null;
  return text;
}

// *callback* runs when another tab changes the record.
export function onChange(callback) {
  window.addEventListener("storage", (event) => {
    if (event.storageArea === local && (event.key === KEY || event.key === null)) callback(read());
  });
}

// -- lessons ------------------------------------------------------------------------------

function lessonOf(record, slug) {
  record.lessons[slug] ??= { done: false, solved: [] };
  return record.lessons[slug];
}

export function markSolved(slug, id, allIds) {
  return update((record) => {
    const lesson = lessonOf(record, slug);
    if (lesson.solved.includes(id)) return false;
    lesson.solved.push(id);
    if (allIds.length && allIds.every((each) => lesson.solved.includes(each))) lesson.done = true;
  });
}

export function markDone(slug) {
  return update((record) => {
    const lesson = lessonOf(record, slug);
    if (lesson.done) return false;
    lesson.done = true;
  });
}

export function resetLesson(slug) {
  return update((record) => {
    delete record.lessons[slug];
  });
}

export function resetLessons() {
  return update((record) => {
    record.lessons = {};
  });
}

export function resetStats() {
  return update((record) => {
    record.stats = emptyStats();
  });
}

export function resetAll() {
  write(emptyRecord());
  return emptyRecord();
}

// -- games -----------------------------------------------------------------------------------

// Count a finished game once, whichever tab or re-render reports it: *id* names the deal played, *table* who
// sat in seats 1-3 (a win is counted for the player who won, whichever seat they sat in, and for the table).
// Returns true when it was counted now.
export function recordGame(id, winnerSeat, table = DEFAULT_TABLE) {
  let counted = false;
  const name = table.join(",");
  update((record) => {
    const stats = record.stats;
    if (stats.counted.includes(id) || !PLAYERS[winnerSeat] || !TABLE_NAME.test(name)) return false;
    stats.games += 1;
    stats.wins[winnerSeat === 0 ? "you" : table[winnerSeat - 1]] += 1;
    stats.tables ??= {};
    stats.tables[name] ??= { games: 0, won: 0 };
    stats.tables[name].games += 1;
    if (winnerSeat === 0) stats.tables[name].won += 1;
    stats.streak = winnerSeat === 0 ? stats.streak + 1 : 0;
    stats.best = Math.max(stats.best, stats.streak);
    stats.counted = [...stats.counted, id].slice(-COUNTED_KEPT);
    counted = true;
  });
  return counted;
}

// The deal in progress in this tab, {id, seed, over, record}: a reload or a restarted engine continues it.
export function saveDeal(deal) {
  try {
    session?.setItem(DEAL_KEY, JSON.stringify(deal));
  } catch {
    // no room: the deal is still kept in the page's memory
  }
}

export function loadDeal() {
  const deal = safeJSON(session?.getItem(DEAL_KEY) ?? "null");
  const ok = isObject(deal) && typeof deal.id === "string" && typeof deal.record === "string";
  return ok ? deal : null;
}

// -- export and import -----------------------------------------------------------------------------

export function exportText() {
  const { version, lessons, stats } = read();
  return JSON.stringify({ version, lessons, stats }, null, 2);
}

// Replace the record with a file's contents; {ok} or {problem} in plain words, nothing changed on a problem.
export async function importFile(file) {
  if (file.size > MAX_IMPORT_BYTES) return { problem: `the file is too large for a progress file (${file.size} bytes)` };
  const { record, problem } = parse(await file.text());
  if (problem) return { problem: `it is not a Sevens progress file: ${problem}` };
  write(record);
  return { ok: true };
}
