// The practice page: a fresh puzzle from the bank the build wrote (practice/bank-N.json, ready HTML with
// the answers and reasons baked in), one after another. Answers count per kind in store.js. No rule here.

import { setUpPuzzle } from "./puzzle.js";
import { onChange, read, recordPractice } from "./store.js";

const page = document.querySelector("[data-practice]");
const holder = page.querySelector("[data-practice-puzzle]");
const next = page.querySelector("[data-practice-next]");
const score = page.querySelector("[data-practice-score]");
const files = Number(page.dataset.practiceFiles);
const seen = new Set(); // this visit's puzzles, so none comes back soon
const loaded = new Map(); // file number -> its puzzles

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

// Counts the first answer to *section* (right first time or not) and offers the next puzzle.
function setUp(section) {
  let counted = false;
  const count = (rightFirstTime) => {
    if (!counted) recordPractice(section.dataset.kind, rightFirstTime);
    counted = true;
    next.hidden = false;
    showScore();
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

async function serve() {
  next.hidden = true;
  let puzzles;
  try {
    puzzles = await puzzlesOf(1 + Math.floor(Math.random() * files));
  } catch (error) {
    score.textContent = `No new puzzle could be loaded (${error.message}). Check the connection and reload.`;
    return;
  }
  const fresh = puzzles.filter((entry) => !seen.has(entry.id));
  const entry = (fresh.length ? fresh : puzzles)[Math.floor(Math.random() * (fresh.length || puzzles.length))];
  seen.add(entry.id);
  holder.innerHTML = entry.html; // the build's own HTML, with its data in a JSON block that is never run
  setUp(holder.querySelector(".puzzle"));
}

next.addEventListener("click", () => {
  serve().then(() => holder.querySelector(".puzzle__question")?.focus?.());
});
onChange(showScore);
showScore();
// The page comes with one puzzle from the bank (readable without JavaScript): it is the first, answered at once,
// rather than swapped for another while the learner may already be answering it.
const first = holder.querySelector(".puzzle");
if (first) {
  seen.add(first.id);
  setUp(first);
} else serve();
