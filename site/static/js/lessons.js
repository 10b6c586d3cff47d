// Lesson puzzles and progress. The answers and the engine's reasons are baked into each
// page by the build (a JSON block per puzzle), so static puzzles answer at once, without
// Python. Progress is kept by store.js; this file only shows it, and shows store.js's notices
// on every page (every page loads it).

import { markDone, markSolved as storeSolved, notKept, onChange, read, takeNotice } from "./store.js";

document.documentElement.classList.replace("no-js", "js");

// -- progress ---------------------------------------------------------------

function markSolved(slug, id, allIds) {
  storeSolved(slug, id, allIds);
  showProgress();
}

function finishLesson(slug) {
  markDone(slug);
  showProgress();
}

// Said once, on the page where the damaged data was found, until the learner dismisses it.
function showNotice(text) {
  const main = document.querySelector("main");
  if (!text || !main) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "link-button";
  button.textContent = "Dismiss";
  const box = document.createElement("div");
  box.className = "admonition warning store-notice";
  box.setAttribute("role", "status");
  const paragraph = document.createElement("p");
  paragraph.append(`${text} `, button);
  box.append(paragraph);
  button.addEventListener("click", () => box.remove());
  main.prepend(box);
}

// One quiet line at the top of the page while the browser will not let the site keep progress.
function showNotKept(text) {
  const main = document.querySelector("main");
  if (!main) return;
  const line = document.createElement("p");
  line.className = "storage-note";
  line.setAttribute("role", "status");
  line.textContent = text;
  main.prepend(line);
}

function showProgress() {
  const progress = read();
  const links = document.querySelectorAll("[data-progress-slug]");
  const slugs = new Set();
  for (const link of links) {
    const slug = link.dataset.progressSlug;
    slugs.add(slug);
    const done = Boolean(progress.lessons[slug] && progress.lessons[slug].done);
    link.classList.toggle("is-done", done);
    const note = link.querySelector(".progress-note") || link.appendChild(document.createElement("span"));
    note.className = "progress-note visually-hidden";
    note.textContent = done ? " (done)" : "";
  }
  const finished = [...slugs].filter((slug) => progress.lessons[slug] && progress.lessons[slug].done).length;
  for (const summary of document.querySelectorAll("[data-progress-summary]")) {
    summary.textContent = finished ? `You have finished ${finished} of ${slugs.size} tutorials.` : "";
  }
  const lesson = document.querySelector("[data-lesson]");
  const status = document.querySelector("[data-lesson-status]");
  if (lesson && status) {
    const record = progress.lessons[lesson.dataset.lesson];
    const puzzles = lesson.querySelectorAll(".puzzle").length;
    const solved = record ? record.solved.length : 0;
    status.textContent = record && record.done
      ? "You have finished this tutorial."
      : puzzles ? `Puzzles solved: ${Math.min(solved, puzzles)} of ${puzzles}.` : "";
  }
}

// -- puzzles ----------------------------------------------------------------

function sentence(text) {
  const first = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

function setFeedback(puzzle, right, text) {
  const feedback = puzzle.querySelector(".puzzle__feedback");
  feedback.classList.toggle("is-right", right);
  feedback.classList.toggle("is-wrong", !right);
  feedback.textContent = text;
}

function solve(puzzle, data, lesson) {
  puzzle.classList.add("is-solved");
  // The lesson's own explanation, when it has one, replaces the engine's.
  const explain = puzzle.querySelector(".puzzle__explain");
  if (explain) explain.hidden = false;
  setFeedback(puzzle, true, explain ? "Right!" : `Right! ${sentence(data.explanation)}`);
  if (lesson) markSolved(lesson.slug, puzzle.id, lesson.ids);
}

function choose(puzzle, data, choice, lesson) {
  for (const button of puzzle.querySelectorAll("[data-choice]")) {
    button.setAttribute("aria-pressed", String(button.dataset.choice === choice));
  }
  if (data.answer.includes(choice)) {
    solve(puzzle, data, lesson);
  } else {
    setFeedback(puzzle, false, `Not quite: ${data.reasons[choice] || "try again"}. Try again.`);
  }
}

function checkPick(puzzle, data, lesson) {
  const picked = [...puzzle.querySelectorAll("button[data-card][aria-pressed='true']")].map((b) => b.dataset.card);
  const wrong = picked.filter((card) => !data.answer.includes(card));
  const missed = data.answer.filter((card) => !picked.includes(card));
  if (!wrong.length && !missed.length) {
    solve(puzzle, data, lesson);
    return;
  }
  const notes = wrong.map((card) => sentence(data.reasons[card]));
  if (missed.length) {
    notes.push(missed.length === 1 ? "One more card fits: look again." : `${missed.length} more cards fit: look again.`);
  }
  setFeedback(puzzle, false, `Not quite. ${notes.join(" ")}`);
}

function setUpPuzzle(puzzle, lesson) {
  const block = puzzle.querySelector("script.puzzle__data");
  if (!block || puzzle.dataset.kind === "guided") return;
  let data;
  try {
    data = JSON.parse(block.textContent);
  } catch {
    return; // the <details> answer still works
  }
  puzzle.addEventListener("click", (event) => {
    const target = event.target.closest("button");
    if (!target || !puzzle.contains(target)) return;
    if (target.dataset.choice !== undefined) choose(puzzle, data, target.dataset.choice, lesson);
    else if (target.dataset.card !== undefined) {
      target.setAttribute("aria-pressed", String(target.getAttribute("aria-pressed") !== "true"));
    } else if (target.hasAttribute("data-check")) checkPick(puzzle, data, lesson);
  });
}

// Guided deals need the game code (a script marked data-guided); without it, say so instead of "Loading…".
function noteMissingGuidedCode() {
  if (document.querySelector("script[data-guided]")) return;
  for (const status of document.querySelectorAll("[data-guided-status]")) {
    status.textContent = "This deal cannot be played on this page yet: the starting position is shown above.";
  }
}

// Marks the puzzles solved here or in another tab; a reset elsewhere clears them.
function restoreSolved(lesson, progress) {
  const solved = progress.lessons[lesson.slug]?.solved ?? [];
  for (const puzzle of document.querySelectorAll(".puzzle[id]")) {
    if (solved.includes(puzzle.id)) puzzle.classList.add("is-solved");
    else if (puzzle.dataset.kind !== "guided") puzzle.classList.remove("is-solved");
  }
}

// -- start ------------------------------------------------------------------

function start() {
  const lessonElement = document.querySelector("[data-lesson]");
  const lesson = lessonElement && {
    slug: lessonElement.dataset.lesson,
    ids: [...lessonElement.querySelectorAll(".puzzle[id]")].map((p) => p.id),
  };
  for (const puzzle of document.querySelectorAll(".puzzle[data-kind]")) setUpPuzzle(puzzle, lesson);
  noteMissingGuidedCode();
  if (lesson) {
    restoreSolved(lesson, read());
    // Guided deals are judged by the game code (guided.js). It marks a won deal with the class
    // "is-solved", or may send a "sevens:solved" event with the puzzle's id; either one counts.
    document.addEventListener("sevens:solved", (event) => {
      const id = event.detail && event.detail.id;
      if (typeof id === "string") markSolved(lesson.slug, id, lesson.ids);
    });
    const watcher = new MutationObserver((changes) => {
      for (const change of changes) {
        if (change.target.classList.contains("is-solved")) markSolved(lesson.slug, change.target.id, lesson.ids);
      }
    });
    for (const guided of document.querySelectorAll('.puzzle[data-kind="guided"][id]')) {
      watcher.observe(guided, { attributes: true, attributeFilter: ["class"] });
    }
    const finish = document.querySelector("[data-finish-lesson]");
    if (finish) finish.addEventListener("click", () => finishLesson(lesson.slug));
  }
  // Another tab solved a puzzle, finished a lesson or reset: show it here too.
  onChange((progress) => {
    if (lesson) restoreSolved(lesson, progress);
    showProgress();
  });
  showProgress();
  showNotice(takeNotice());
  notKept(showNotKept);
}

start();
