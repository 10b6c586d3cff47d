// Lesson puzzles, stars and the course map. The answers, the nudges for wrong choices and the engine's
// reasons are baked into each page by the build (a JSON block per puzzle), so static puzzles answer at
// once, without Python, and nothing here knows a rule. Progress is kept by store.js; stages and their
// puzzles come from the page (each stage's <section>, and the course map's data-puzzles).

import { onChange, read, recordAnswer, recordShown, stageResult, takeNotice } from "./store.js";

document.documentElement.classList.replace("no-js", "js");

const STAR = "★";
const NO_STAR = "☆";
const ids = (text) => (text ? text.split(" ") : []);
const starText = (stars) => STAR.repeat(stars) + NO_STAR.repeat(3 - stars);
const starWords = (stars) => `${stars} star${stars === 1 ? "" : "s"} of 3`;

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

function touched(record) {
  return Object.values(record.lessons).some((lesson) => lesson.finished || Object.keys(lesson.puzzles).length);
}

function showMap(record) {
  const stages = [...document.querySelectorAll("[data-map-stage]")];
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
  for (const summary of document.querySelectorAll("[data-progress-summary]")) {
    summary.textContent = complete ? `${complete} of ${stages.length} stages complete, ${stars} ${STAR} earned.` : "";
  }
  const button = document.querySelector("[data-next-step]");
  if (button && touched(record)) {
    const detail = document.querySelector("[data-next-detail]");
    if (next) {
      const lessonTitle = next.closest("[data-lesson-title]").dataset.lessonTitle;
      button.textContent = `Continue: ${lessonTitle}, ${next.querySelector(".course-map__stage").textContent}`;
      button.href = next.href;
      if (detail) detail.textContent = `${complete} of ${stages.length} stages complete`;
    } else {
      const practice = document.querySelector("[data-practice-link]");
      button.textContent = practice ? "Continue: practice" : "Replay a lesson";
      if (practice) button.href = practice.href;
      if (detail) detail.textContent = "Every stage complete";
    }
  }
}

function showLessonLinks(record) {
  for (const link of document.querySelectorAll("[data-progress-slug]")) {
    const slug = link.dataset.progressSlug;
    const done = stageResult(record, slug, ids(link.dataset.puzzles)).complete;
    link.classList.toggle("is-done", done);
    const note = link.querySelector(".progress-note") || link.appendChild(document.createElement("span"));
    note.className = "progress-note visually-hidden";
    note.textContent = done ? " (done)" : "";
  }
}

function showStages(lesson, record) {
  let complete = 0;
  for (const stage of lesson.stages) {
    const result = stageResult(record, lesson.slug, stage.ids);
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
}

function showProgress(lesson, record = read()) {
  showMap(record);
  showLessonLinks(record);
  if (lesson) showStages(lesson, record);
}

// -- puzzles -------------------------------------------------------------------------------------------

function setFeedback(puzzle, right, text, items = []) {
  const feedback = puzzle.querySelector(".puzzle__feedback");
  feedback.classList.toggle("is-right", right);
  feedback.classList.toggle("is-wrong", !right);
  feedback.replaceChildren(text);
  if (items.length > 1) {
    const list = document.createElement("ul");
    for (const item of items) list.append(Object.assign(document.createElement("li"), { textContent: item }));
    feedback.append(list);
  } else if (items.length === 1) feedback.append(` ${items[0]}`);
}

function pressOnly(puzzle, selector, chosen) {
  for (const button of puzzle.querySelectorAll(selector)) button.setAttribute("aria-pressed", String(chosen(button)));
}

// The solved state, now or after a reload: the learner's answer pressed, the engine's reason shown.
function showSolved(puzzle, data, choice, firstTime) {
  puzzle.classList.add("is-solved");
  const [kind, card] = choice.split(":");
  if (puzzle.dataset.kind === "pick") pressOnly(puzzle, "button[data-card]", (b) => ids(choice).includes(b.dataset.card));
  else if (puzzle.dataset.kind === "play-or-pass") {
    pressOnly(puzzle, "[data-choice]", (b) => b.dataset.choice === kind);
    pressOnly(puzzle, "button[data-card]", (b) => b.dataset.card === card);
  } else pressOnly(puzzle, "[data-choice]", (b) => b.dataset.choice === choice);
  const which = puzzle.querySelector(".puzzle__which");
  if (which) which.hidden = true;
  const explain = puzzle.querySelector(".puzzle__explain");
  if (explain) explain.hidden = false;
  setFeedback(puzzle, true, `${firstTime ? "Right first time!" : "Right."} ${data.explanation}`, data.items);
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
  const solved = () => puzzle.classList.contains("is-solved");
  const answer = (right, choice, nudge, items = []) => {
    const before = lesson && read().lessons[lesson.slug]?.puzzles[puzzle.id];
    if (lesson) recordAnswer(lesson.slug, puzzle.id, right, choice);
    if (right) showSolved(puzzle, data, choice, !before?.missed);
    else setFeedback(puzzle, false, nudge, items);
    if (lesson) showProgress(lesson);
  };
  const which = puzzle.querySelector(".puzzle__which");
  puzzle.addEventListener("click", (event) => {
    const target = event.target.closest("button");
    if (!target || !puzzle.contains(target) || solved()) return;
    const { choice, card } = target.dataset;
    if (puzzle.dataset.kind === "play-or-pass") {
      if (choice === "play") {
        pressOnly(puzzle, "[data-choice]", (b) => b === target);
        which.hidden = false;
        setFeedback(puzzle, true, "");
        puzzle.querySelector("button[data-card]")?.focus();
      } else if (choice === "pass") {
        pressOnly(puzzle, "[data-choice]", (b) => b === target);
        which.hidden = true;
        answer(data.answer.includes("pass"), "pass", data.nudges.pass);
      } else if (card !== undefined) {
        pressOnly(puzzle, "button[data-card]", (b) => b === target);
        answer((data.cards ?? []).includes(card), `play:${card}`, data.nudges[card]);
      }
    } else if (choice !== undefined) {
      pressOnly(puzzle, "[data-choice]", (b) => b === target);
      answer(data.answer.includes(choice), choice, data.nudges[choice]);
    } else if (card !== undefined) {
      target.setAttribute("aria-pressed", String(target.getAttribute("aria-pressed") !== "true"));
    } else if (target.hasAttribute("data-check")) {
      const picked = [...puzzle.querySelectorAll("button[data-card][aria-pressed='true']")].map((b) => b.dataset.card);
      const wrong = picked.filter((each) => !data.answer.includes(each));
      const missed = data.answer.filter((each) => !picked.includes(each)).length;
      const more = missed ? [`${missed} more card${missed === 1 ? " fits" : "s fit"}: look again.`] : [];
      const notes = [...wrong.map((each) => data.nudges[each]), ...more];
      answer(!notes.length, picked.join(" "), notes.length === 1 ? notes[0] : "Not quite:", notes.length > 1 ? notes : []);
    }
  });
  // Looking at the answer before solving costs the first-time star, as a wrong answer does.
  puzzle.querySelector(".puzzle__answer")?.addEventListener("toggle", (event) => {
    if (event.target.open && lesson && !solved()) {
      recordShown(lesson.slug, puzzle.id);
      showProgress(lesson);
    }
  });
  puzzle.sevensRestore = (state) => {
    if (state?.solved && !solved()) showSolved(puzzle, data, state.choice, !state.missed);
    if (!state?.solved && solved()) {
      puzzle.classList.remove("is-solved");
      setFeedback(puzzle, true, "");
      pressOnly(puzzle, "[aria-pressed]", () => false);
    }
  };
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
  const puzzles = record.lessons[lesson.slug]?.puzzles ?? {};
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
  for (const puzzle of document.querySelectorAll(".puzzle[data-kind]")) setUpPuzzle(puzzle, lesson);
  noteMissingGuidedCode();
  if (lesson) {
    restore(lesson, read());
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
  onChange((record) => {
    if (lesson) restore(lesson, record);
    showProgress(lesson, record);
  });
  showProgress(lesson);
  showNotice(takeNotice());
}

start();
