// Lesson puzzles, stars and the course map. The answers, the nudges for wrong choices and the engine's
// reasons are baked into each page by the build (a JSON block per puzzle), so static puzzles answer at
// once, without Python, and nothing here knows a rule. Progress is kept by store.js; stages and their
// puzzles come from the page (each stage's <section>, and the course map's data-puzzles). Every page loads this
// file, so it also shows store.js's notices.

import { setUpFlow } from "./lesson-flow.js";
import { setUpPuzzle } from "./puzzle.js";
import {
  GAMES,
  PAGE_GAME,
  dict,
  keepSetting,
  notKept,
  onChange,
  read,
  readAll,
  recordAnswer,
  recordShown,
  setting,
  stageResult,
  takeNotice,
} from "./store.js";

document.documentElement.classList.replace("no-js", "js");

const STAR = "★";
const NO_STAR = "☆";
const ids = (text) => (text ? text.split(" ") : []);
const starText = (stars) => STAR.repeat(stars) + NO_STAR.repeat(3 - stars);
const starWords = (stars) => `${stars} star${stars === 1 ? "" : "s"} of 3`;
// The game the visitor chose on the home page (a lesson page of a game chooses it too).
const CHOSEN_KEY = "sevens.game";
const chosenGame = () => (GAMES.includes(setting(CHOSEN_KEY)) ? setting(CHOSEN_KEY) : GAMES[0]);
// Each part of a page shows the progress of its own game: a course map or a lesson list says which.
const gameOf = (element) => element.closest("[data-game]")?.dataset.game || PAGE_GAME;

// The header's "More" on a phone (a <details>, so it opens without scripts): Escape or a tap elsewhere closes it,
// Escape putting the focus back on "More". Every link in the header is whole, so none needs scrolling into view.
function closableMore() {
  const more = document.querySelector(".site-nav__more");
  if (!more) return;
  more.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !more.open) return;
    more.open = false;
    more.querySelector("summary").focus();
  });
  document.addEventListener("click", (event) => {
    if (more.open && !more.contains(event.target)) more.open = false;
  });
}

// -- progress: stars, the course map and the next step ---------------------------------------------

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

function touched(record) {
  return Object.values(record.lessons).some((lesson) => lesson.finished || Object.keys(lesson.puzzles).length);
}

// Every course map on the page, each with its game's progress; the main button follows the chosen game's.
function showMaps(records) {
  for (const map of document.querySelectorAll(".course-map")) {
    const game = gameOf(map);
    const course = map.closest("[data-course]");
    showMap(map, records.games[game] ?? read(game), course ?? document, !course || game === chosenGame());
  }
}

function showMap(map, record, around, leads) {
  const stages = [...map.querySelectorAll("[data-map-stage]")];
  let next = null;
  let complete = 0;
  let stars = 0;
  for (const link of stages) {
    const result = stageResult(record, link.dataset.mapStage, ids(link.dataset.puzzles));
    link.classList.toggle("is-complete", result.complete);
    link.querySelector("[data-stars]").textContent = starText(result.stars);
    link.querySelector("[data-stars-text]").textContent = result.complete ? ` (complete, ${starWords(result.stars)})` : "";
    if (result.complete) {
      complete += 1;
      stars += result.stars;
    } else next ??= link;
  }
  for (const summary of around.querySelectorAll("[data-progress-summary]")) {
    summary.textContent = complete ? `${complete} of ${stages.length} stages complete, ${stars} ${STAR} earned.` : "";
  }
  const button = leads && document.querySelector("[data-next-step]");
  if (button && touched(record)) {
    const detail = document.querySelector("[data-next-detail]");
    intro("Welcome back: your next step.");
    if (next) {
      const lessonTitle = next.closest("[data-lesson-title]").dataset.lessonTitle;
      button.textContent = `Continue: ${lessonTitle}, ${next.querySelector(".course-map__stage").textContent}`;
      button.href = next.href;
      if (detail) detail.textContent = `Next stage: about ${next.querySelector(".course-map__time").textContent}`;
    } else {
      const practice = document.querySelector("[data-practice-link]");
      button.textContent = practice ? "Continue: practice" : "Replay a lesson";
      if (practice) button.href = practice.href;
      if (detail) detail.textContent = "Every stage complete";
    }
  }
}

function showLessonLinks(records) {
  for (const link of document.querySelectorAll("[data-progress-slug]")) {
    const slug = link.dataset.progressSlug;
    const done = stageResult(records.games[gameOf(link)] ?? read(gameOf(link)), slug, ids(link.dataset.puzzles)).complete;
    link.classList.toggle("is-done", done);
    const note = link.querySelector(".progress-note") || link.appendChild(document.createElement("span"));
    note.className = "progress-note visually-hidden";
    note.textContent = done ? " (done)" : "";
  }
}

function showStages(lesson, record) {
  let complete = 0;
  let solved = 0;
  for (const stage of lesson.stages) {
    const result = stageResult(record, lesson.slug, stage.ids);
    solved += result.solved;
    const status = stage.element.querySelector("[data-stage-status]");
    stage.element.classList.toggle("is-complete", result.complete);
    if (result.complete) complete += 1;
    status.textContent = result.complete
      ? `Stage complete: ${starText(result.stars)} (${starWords(result.stars)}).`
      : `Puzzles solved: ${result.solved} of ${stage.ids.length}.`;
  }
  const status = document.querySelector("[data-lesson-status]");
  if (status) {
    status.textContent =
      complete === lesson.stages.length
        ? "Lesson complete. Replay any stage you like; your stars stay."
        : `Stages complete: ${complete} of ${lesson.stages.length}.`;
  }
  lesson.flow?.done(solved);
}

function showProgress(lesson, records = readAll()) {
  showMaps(records);
  showLessonLinks(records);
  if (lesson) showStages(lesson, records.games[PAGE_GAME] ?? read());
}

// -- the home page's choice of game ------------------------------------------------------------------------------

// The line over the home page's first step: a newcomer's welcome (the page's own words), or *text* for a returning
// learner.
function intro(text = null) {
  const line = document.querySelector("[data-next-intro]");
  if (!line) return;
  line.dataset.newcomer ??= line.textContent;
  line.textContent = text ?? line.dataset.newcomer;
}

// Show the chosen game's course and point the main button at it; the others' courses are hidden, not removed.
// Once the visitor has chosen, their choice (*option*, else the game's first) is marked.
function showChoice(option = null) {
  const courses = [...document.querySelectorAll("section[data-course]")];
  if (!courses.length) return;
  const game = chosenGame();
  for (const course of courses) course.hidden = course.dataset.course !== game;
  for (const each of document.querySelectorAll("[data-choose-game]")) each.removeAttribute("aria-current");
  const marked = option ?? (setting(CHOSEN_KEY) && document.querySelector(`.game-choice [data-choose-game="${game}"]`));
  marked?.setAttribute("aria-current", "true");
  const button = document.querySelector("[data-next-step]");
  const chosen = courses.find((course) => course.dataset.course === game);
  if (button && chosen) {
    intro();
    button.textContent = chosen.dataset.firstLabel ?? "Start lesson 1"; // a course with no lessons yet: its rules
    button.href = chosen.dataset.firstUrl;
    document.querySelector("[data-next-detail]").textContent = chosen.dataset.firstDetail;
  }
}

function setUpChoice() {
  if (!document.querySelector("section[data-course]")) return;
  // An address naming a course (#course-knock-knock, as the header's links give) chooses its game.
  const named = location.hash.match(/^#course-(.+)$/)?.[1];
  if (GAMES.includes(named)) keepSetting(CHOSEN_KEY, named);
  for (const option of document.querySelectorAll("[data-choose-game]")) {
    option.addEventListener("click", (event) => {
      event.preventDefault();
      keepSetting(CHOSEN_KEY, option.dataset.chooseGame);
      showChoice(option.closest(".game-choice") ? option : null);
      showProgress(null);
      // A choice in the list keeps the first step (its words and its Start button) in view, moving only as far as
      // needed; the header's link to a course goes to that course.
      const inList = option.closest(".game-choice");
      const target = inList ? document.querySelector(".first-step") : document.getElementById(`course-${option.dataset.chooseGame}`);
      target?.scrollIntoView({ block: "nearest" });
    });
  }
  showChoice();
}

// Guided deals need the game code (a script marked data-guided); without it, say so instead of "Loading…".
function noteMissingGuidedCode() {
  if (document.querySelector("script[data-guided]")) return;
  for (const status of document.querySelectorAll("[data-guided-status]")) {
    status.textContent = "This deal cannot be played on this page yet: the starting position is shown above.";
  }
}

// Shows what was solved here, after a reload or in another tab; a reset elsewhere clears it.
function restore(lesson, record) {
  const puzzles = record.lessons[lesson.slug]?.puzzles ?? dict(); // keyed by the lesson's puzzle ids: no inherited keys
  for (const puzzle of document.querySelectorAll(".puzzle[id]")) {
    if (puzzle.sevensRestore) puzzle.sevensRestore(puzzles[puzzle.id]);
    else if (puzzles[puzzle.id]?.solved) puzzle.classList.add("is-solved");
  }
}

// -- start -------------------------------------------------------------------------------------------------

function start() {
  const element = document.querySelector("[data-lesson]");
  const lesson = element && {
    slug: element.dataset.lesson,
    stages: [...element.querySelectorAll("section.stage")].map((section) => ({
      element: section,
      ids: [...section.querySelectorAll(".puzzle[id]")].map((p) => p.id),
    })),
  };
  for (const puzzle of document.querySelectorAll(".puzzle[data-kind]")) {
    if (!lesson) {
      setUpPuzzle(puzzle);
      continue;
    }
    setUpPuzzle(puzzle, {
      // Right first time unless the learner missed it before (in this visit or an earlier one).
      answered(right, choice) {
        const missedBefore = Boolean(read().lessons[lesson.slug]?.puzzles[puzzle.id]?.missed);
        recordAnswer(lesson.slug, puzzle.id, right, choice);
        showProgress(lesson);
        if (right) lesson.flow?.solved(puzzle);
        return !missedBefore;
      },
      shown() {
        recordShown(lesson.slug, puzzle.id);
        showProgress(lesson);
      },
    });
  }
  noteMissingGuidedCode();
  setUpChoice();
  if (lesson) {
    if (document.documentElement.dataset.game) keepSetting(CHOSEN_KEY, PAGE_GAME); // learning a game is choosing it
    restore(lesson, read());
    lesson.flow = setUpFlow(element, document.querySelector("[data-lesson-flow]"));
    // Guided deals are judged by the game code (guided.js): a won deal gets the class "is-solved"
    // (or a "sevens:solved" event), a lost one a "sevens:missed" event.
    const solvedGuided = (id, right) => {
      recordAnswer(lesson.slug, id, right, right ? "won" : "");
      showProgress(lesson);
    };
    document.addEventListener("sevens:solved", (event) => {
      if (typeof event.detail?.id === "string") solvedGuided(event.detail.id, true);
    });
    document.addEventListener("sevens:missed", (event) => {
      if (typeof event.detail?.id === "string") solvedGuided(event.detail.id, false);
    });
    const watcher = new MutationObserver((changes) => {
      for (const change of changes) {
        if (change.target.classList.contains("is-solved")) solvedGuided(change.target.id, true);
      }
    });
    for (const guided of document.querySelectorAll('.puzzle[data-kind="guided"][id]')) {
      watcher.observe(guided, { attributes: true, attributeFilter: ["class"] });
    }
  }
  // Another tab solved a puzzle or reset: show it here too.
  onChange((records) => {
    if (lesson) restore(lesson, records.games[PAGE_GAME] ?? read());
    showProgress(lesson, records);
  }, null);
  showProgress(lesson);
  showNotice(takeNotice());
  notKept(showNotKept);
  closableMore();
}

start();
