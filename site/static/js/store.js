// Everything the site keeps in this browser, in one place: tutorial progress and game statistics under one
// versioned localStorage key, and the deal in progress in sessionStorage (so a reload continues it).
// Every change reads the stored record afresh, changes it and writes it back at once, so two tabs never
// overwrite each other's progress with a stale copy. Anything unreadable is set aside, never fatal.
//
// Lessons are kept puzzle by puzzle: {solved, missed, choice}. "missed" means not right first time (a wrong
// answer or "Show the answer" before solving); "choice" is the answer that solved it, shown again after a
// reload. Stages and stars are worked out by the page from the course map the build writes, never stored.

export const KEY = "sevens.v3";
export const VERSION = 3;
export const V2_KEY = "sevens.v2"; // tutorial-level progress: migrated, then removed
export const OLD_KEY = "sevens.progress.v1"; // written by the first version of the site: migrated, then removed
export const CORRUPT_PREFIX = "sevens.corrupt.";
export const DEAL_KEY = "sevens.deal";
export const PLAYERS = ["you", "robin", "alex", "sam"]; // by seat, as the engine numbers them
const COUNTED_KEPT = 50; // ids of the latest finished games, so none is counted twice
const MAX_IMPORT_BYTES = 100_000;

export function emptyStats() {
  return { games: 0, wins: Object.fromEntries(PLAYERS.map((name) => [name, 0])), streak: 0, best: 0, counted: [] };
}

export function emptyRecord() {
  return { version: VERSION, lessons: {}, practice: {}, stats: emptyStats() };
}

// -- shapes -----------------------------------------------------------------------

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isCount = (value) => Number.isSafeInteger(value) && value >= 0;
const isStringList = (value) => Array.isArray(value) && value.every((item) => typeof item === "string");

// Why *lessons* (version 1 and 2) is not a map of slug -> {done, solved}, or null when it is.
function oldLessonsProblem(lessons) {
  if (!isObject(lessons)) return "“lessons” is not a list of tutorials";
  for (const [slug, lesson] of Object.entries(lessons)) {
    if (!isObject(lesson)) return `tutorial “${slug}” is not a record`;
    if (lesson.done !== undefined && typeof lesson.done !== "boolean") return `tutorial “${slug}”: “done” is not true or false`;
    if (lesson.solved !== undefined && !isStringList(lesson.solved)) return `tutorial “${slug}”: “solved” is not a list of puzzles`;
  }
  return null;
}

// Why *lessons* is not a map of slug -> {finished, puzzles: {id -> {solved, missed, choice}}}, or null.
function lessonsProblem(lessons) {
  if (!isObject(lessons)) return "“lessons” is not a list of tutorials";
  for (const [slug, lesson] of Object.entries(lessons)) {
    if (!isObject(lesson) || !isObject(lesson.puzzles)) return `tutorial “${slug}” is not a record of puzzles`;
    if (typeof lesson.finished !== "boolean") return `tutorial “${slug}”: “finished” is not true or false`;
    for (const [id, puzzle] of Object.entries(lesson.puzzles)) {
      const ok = isObject(puzzle) && typeof puzzle.solved === "boolean" && typeof puzzle.missed === "boolean";
      if (!ok || typeof puzzle.choice !== "string") return `tutorial “${slug}”: puzzle “${id}” is not a puzzle record`;
    }
  }
  return null;
}

function practiceProblem(practice) {
  if (!isObject(practice)) return "“practice” is not a list of puzzle kinds";
  for (const [kind, counts] of Object.entries(practice)) {
    if (!isObject(counts) || !isCount(counts.tried) || !isCount(counts.first) || counts.first > counts.tried) {
      return `practice “${kind}” needs whole numbers “tried” and “first”, first no more than tried`;
    }
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
  return lessonsProblem(data.lessons) ?? practiceProblem(data.practice) ?? statsProblem(data.stats);
}

// Only the fields we know, so an imported file cannot smuggle anything else into storage.
function clean(data) {
  const lessons = {};
  for (const [slug, lesson] of Object.entries(data.lessons)) {
    const puzzles = {};
    for (const [id, { solved, missed, choice }] of Object.entries(lesson.puzzles)) puzzles[id] = { solved, missed, choice };
    lessons[slug] = { finished: lesson.finished, puzzles };
  }
  const practice = {};
  for (const [kind, { tried, first }] of Object.entries(data.practice)) practice[kind] = { tried, first };
  const { games, wins, streak, best, counted } = data.stats;
  const stats = { games, wins: Object.fromEntries(PLAYERS.map((name) => [name, wins[name]])), streak, best };
  return { version: VERSION, lessons, practice, stats: { ...stats, counted: [...(counted ?? [])] } };
}

// Tutorial-level progress (versions 1 and 2) becomes puzzle-level: a finished tutorial stays finished (its
// stages count as complete, with one star), and a puzzle solved then stays solved, but as not right first
// time, since nobody recorded whether it was.
function fromOldLessons(lessons) {
  const migrated = {};
  for (const [slug, lesson] of Object.entries(lessons)) {
    const puzzles = Object.fromEntries((lesson.solved ?? []).map((id) => [id, { solved: true, missed: true, choice: "" }]));
    migrated[slug] = { finished: lesson.done === true, puzzles };
  }
  return migrated;
}

// Version 1 kept {version: 1, lessons} under OLD_KEY; version 2 {version: 2, lessons, stats} under V2_KEY.
function fromOldVersion(data) {
  if (!isObject(data) || ![1, 2].includes(data.version) || oldLessonsProblem(data.lessons)) return null;
  const stats = data.version === 2 && !statsProblem(data.stats) ? data.stats : emptyStats();
  return clean({ version: VERSION, lessons: fromOldLessons(data.lessons), practice: {}, stats });
}

// Stored or imported text -> {record} or {problem}.
export function parse(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { problem: "it is not JSON" };
  }
  const old = fromOldVersion(data);
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
    const old = local.getItem(V2_KEY) ?? local.getItem(OLD_KEY);
    if (old === null) return emptyRecord();
    const record = fromOldVersion(safeJSON(old));
    if (record) write(record);
    else {
      setAside(old, "the old progress format was damaged");
      write(emptyRecord());
    }
    local.removeItem(V2_KEY);
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
  record.lessons[slug] ??= { finished: false, puzzles: {} };
  return record.lessons[slug];
}

// An answer to a lesson puzzle. Once solved, a puzzle keeps its first result: replaying it changes nothing.
export function recordAnswer(slug, id, right, choice = "") {
  return update((record) => {
    const lesson = lessonOf(record, slug);
    const puzzle = (lesson.puzzles[id] ??= { solved: false, missed: false, choice: "" });
    if (puzzle.solved) return false;
    if (right) Object.assign(puzzle, { solved: true, choice });
    else puzzle.missed = true;
  });
}

// "Show the answer" before solving: the puzzle can no longer be right first time.
export function recordShown(slug, id) {
  return update((record) => {
    const puzzle = (lessonOf(record, slug).puzzles[id] ??= { solved: false, missed: false, choice: "" });
    if (puzzle.solved || puzzle.missed) return false;
    puzzle.missed = true;
  });
}

// A practice answer, counted per kind of puzzle.
export function recordPractice(kind, rightFirstTime) {
  return update((record) => {
    const counts = (record.practice[kind] ??= { tried: 0, first: 0 });
    counts.tried += 1;
    if (rightFirstTime) counts.first += 1;
  });
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

export function resetLesson(slug) {
  return update((record) => {
    delete record.lessons[slug];
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

// Count a finished game once, whichever tab or re-render reports it: *id* names the deal played.
// Returns true when it was counted now.
export function recordGame(id, winnerSeat) {
  let counted = false;
  update((record) => {
    const stats = record.stats;
    if (stats.counted.includes(id) || !PLAYERS[winnerSeat]) return false;
    stats.games += 1;
    stats.wins[PLAYERS[winnerSeat]] += 1;
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
  const { version, lessons, practice, stats } = read();
  return JSON.stringify({ version, lessons, practice, stats }, null, 2);
}

// Replace the record with a file's contents; {ok} or {problem} in plain words, nothing changed on a problem.
export async function importFile(file) {
  if (file.size > MAX_IMPORT_BYTES) return { problem: `the file is too large for a progress file (${file.size} bytes)` };
  const { record, problem } = parse(await file.text());
  if (problem) return { problem: `it is not a Sevens progress file: ${problem}` };
  write(record);
  return { ok: true };
}
