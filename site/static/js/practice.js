// The practice page: a fresh puzzle from the bank the build wrote (practice/bank-N.json, ready HTML with
// the answers and reasons baked in), one after another. Answers count per kind in store.js. No rule here.
//
// Each visit serves the bank in an order of its own, drawn from a seed: a fresh one per visit, or the
// address's ?seed=N (tests fix it, and a learner can share one). A kind the learner missed (store.js keeps it,
// so it survives a reload) comes back before the bank moves on, until a puzzle of it is right first time.

import { setUpPuzzle } from "./puzzle.js";
import { missedKinds, onChange, read, recordPractice } from "./store.js";

const page = document.querySelector("[data-practice]");
const holder = page.querySelector("[data-practice-puzzle]");
const next = page.querySelector("[data-practice-next]");
const score = page.querySelector("[data-practice-score]");
const files = Number(page.dataset.practiceFiles);
const seen = new Set(); // this visit's puzzles, so none comes back soon
const loaded = new Map(); // file number -> its puzzles

// This visit's seed: the address's ?seed=N when it gives a whole number, else a fresh one.
function visitSeed() {
  const given = new URLSearchParams(window.location.search).get("seed");
  if (given !== null && /^\d{1,9}$/.test(given)) return Number(given);
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

// A small seeded generator (mulberry32): numbers in [0, 1), the same ones for the same seed.
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = generator(visitSeed());
const pick = (list) => list[Math.floor(random() * list.length)];

function showScore(record = read()) {
  const counts = Object.values(record.practice);
  const tried = counts.reduce((sum, kind) => sum + kind.tried, 0);
  const first = counts.reduce((sum, kind) => sum + kind.first, 0);
  score.textContent = tried ? `Practice so far: ${tried} tried, ${first} right first time.` : "";
}

async function puzzlesOf(file) {
  if (!loaded.has(file)) {
    const reply = await fetch(`bank-${file}.json`);
    if (!reply.ok) throw new Error(`bank-${file}.json: ${reply.status}`);
    loaded.set(file, await reply.json());
  }
  return loaded.get(file);
}

// Keeps "Next puzzle" in view once an answer is given: the answer's reason may have pushed it down.
function bringNextIntoView() {
  next.scrollIntoView({ block: "nearest", behavior: "instant" });
}

// Counts the first answer to *section* (right first time or not) and offers the next puzzle.
function setUp(section) {
  let counted = false;
  const count = (rightFirstTime) => {
    if (!counted) recordPractice(section.dataset.kind, rightFirstTime);
    counted = true;
    next.hidden = false;
    showScore();
    requestAnimationFrame(bringNextIntoView); // after the feedback is drawn
  };
  setUpPuzzle(section, {
    answered(right) {
      const firstTime = !counted;
      count(right);
      return firstTime && right;
    },
    shown: () => count(false),
  });
  page.dataset.practiceReady = ""; // answers are counted from now on (tests wait for it)
}

// A puzzle lists the lessons whose words it uses (the build tags it): it is served once the learner has met each
// of them (answered a puzzle there), so a new visitor's first puzzles use only what the first lesson teaches.
const met = (entry, lessons) => (entry.lessons ?? []).every((slug) => Boolean(lessons[slug]));

// The next puzzle: one of a kind still missed when there is one (looking through the bank's files in this visit's
// order until one has it), else any not yet seen, from the files in this visit's order; only puzzles of lessons
// the learner has met.
async function choose() {
  const due = new Set(missedKinds());
  const lessons = read().lessons;
  const order = [];
  const left = Array.from({ length: files }, (_, i) => i + 1);
  while (left.length) order.push(...left.splice(Math.floor(random() * left.length), 1));
  const known = (puzzles) => puzzles.filter((entry) => met(entry, lessons));
  const unseen = (puzzles) => known(puzzles).filter((entry) => !seen.has(entry.id));
  if (due.size) {
    for (const file of order) {
      const fresh = unseen(await puzzlesOf(file)).filter((entry) => due.has(entry.kind));
      if (fresh.length) return pick(fresh);
    }
  }
  for (const file of order) {
    const fresh = unseen(await puzzlesOf(file));
    if (fresh.length) return pick(fresh);
  }
  const puzzles = await puzzlesOf(order[0]); // every puzzle met has been seen in this visit: again, then
  return pick(known(puzzles).length ? known(puzzles) : puzzles);
}

async function serve() {
  next.hidden = true;
  let entry;
  try {
    entry = await choose();
  } catch (error) {
    score.textContent = `No new puzzle could be loaded (${error.message}). Check the connection and reload.`;
    return;
  }
  seen.add(entry.id);
  holder.innerHTML = entry.html; // the build's own HTML, with its data in a JSON block that is never run
  setUp(holder.querySelector(".puzzle"));
}

next.addEventListener("click", () => {
  serve().then(() => holder.querySelector(".puzzle__question")?.focus?.());
});
onChange(showScore);
showScore();
// The page comes with one puzzle from the bank for readers without JavaScript (the template hides it when
// JavaScript runs, and this script removes, so that no puzzle is on the page twice): this visit's own first
// puzzle is served at once.
page.querySelector("[data-practice-sample]")?.remove();
serve();
