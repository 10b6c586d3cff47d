// One puzzle on a page: the answers, the nudges for wrong choices and the engine's reasons are baked into the
// section by the build (a JSON block), so a puzzle answers at once, without Python, and nothing here knows a
// rule. Used by the lessons (lessons.js) and the practice page (practice.js), which record the answers.

const ids = (text) => (text ? text.split(" ") : []);
// Play, or the other choice (Sevens' pass, Knock! Knock!'s draw); choosing Play then asks which card.
const PLAY_OR = ["play-or-pass", "play-or-draw"];


function setFeedback(puzzle, right, text, items = []) {
  const feedback = puzzle.querySelector(".puzzle__feedback");
  feedback.classList.toggle("is-right", Boolean(text) && right);
  feedback.classList.toggle("is-wrong", Boolean(text) && !right);
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
  if (["pick", "best"].includes(puzzle.dataset.kind)) {
    pressOnly(puzzle, "button[data-card]", (b) => ids(choice).includes(b.dataset.card));
  }
  else if (PLAY_OR.includes(puzzle.dataset.kind)) {
    pressOnly(puzzle, "[data-choice]", (b) => b.dataset.choice === kind);
    pressOnly(puzzle, "button[data-card]", (b) => b.dataset.card === card);
  } else pressOnly(puzzle, "[data-choice]", (b) => b.dataset.choice === choice);
  const which = puzzle.querySelector(".puzzle__which");
  if (which) which.hidden = true;
  const explain = puzzle.querySelector(".puzzle__explain");
  if (explain) explain.hidden = false;
  // The engine's reason, as the build wrote it into the "Show the answer" block: a sentence, maybe a list.
  const parts = [...puzzle.querySelector(".puzzle__solution").children];
  const said = parts.filter((node) => node.tagName === "P").map((node) => node.textContent);
  setFeedback(puzzle, true, [firstTime ? "Right first time!" : "Right.", ...said].join(" "));
  const lists = parts.filter((node) => node.tagName !== "P");
  puzzle.querySelector(".puzzle__feedback").append(...lists.map((node) => node.cloneNode(true)));
}

// Makes a puzzle section answerable. *hooks.answered(right, choice)* records an answer and returns whether a
// right one was right first time; *hooks.shown()* is told when "Show the answer" opens before solving.
export function setUpPuzzle(puzzle, hooks = {}) {
  const block = puzzle.querySelector("script.puzzle__data");
  if (!block || puzzle.dataset.kind === "guided") return;
  let data;
  try {
    data = JSON.parse(block.textContent);
  } catch {
    return; // the <details> answer still works
  }
  const solved = () => puzzle.classList.contains("is-solved");
  let missed = false; // in this visit, for pages that keep no record
  const answer = (right, choice, nudge, items = []) => {
    const firstTime = hooks.answered ? hooks.answered(right, choice) : !missed;
    missed ||= !right;
    if (right) showSolved(puzzle, data, choice, firstTime);
    else setFeedback(puzzle, false, nudge, items);
  };
  const which = puzzle.querySelector(".puzzle__which");
  puzzle.addEventListener("click", (event) => {
    const target = event.target.closest("button");
    if (!target || !puzzle.contains(target) || solved()) return;
    const { choice, card } = target.dataset;
    if (PLAY_OR.includes(puzzle.dataset.kind)) {
      if (choice === "play") {
        pressOnly(puzzle, "[data-choice]", (b) => b === target);
        // Choosing to play where no card may be played is already a mistake: the card asked next cannot mend it,
        // so a right answer after it is not "right first time".
        if (!data.answer.includes("play") && !missed) {
          hooks.answered?.(false, "play");
          missed = true;
        }
        which.hidden = false;
        setFeedback(puzzle, true, "");
        puzzle.querySelector("button[data-card]")?.focus();
      } else if (choice !== undefined) {
        pressOnly(puzzle, "[data-choice]", (b) => b === target);
        which.hidden = true;
        answer(data.answer.includes(choice), choice, data.nudges[choice]);
      } else if (card !== undefined) {
        pressOnly(puzzle, "button[data-card]", (b) => b === target);
        answer((data.cards ?? []).includes(card), `play:${card}`, data.nudges[card]);
      }
    } else if (puzzle.dataset.kind === "best" && card !== undefined) {
      pressOnly(puzzle, "button[data-card]", (b) => b === target);
      answer(data.answer.includes(card), card, data.nudges[card]);
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
      const notes = [...new Set(wrong.map((each) => data.nudges[each])), ...more];
      answer(!notes.length, picked.join(" "), notes.length === 1 ? notes[0] : "Not quite:", notes.length > 1 ? notes : []);
    }
  });
  // Looking at the answer before solving costs the first-time star, as a wrong answer does.
  puzzle.querySelector(".puzzle__answer")?.addEventListener("toggle", (event) => {
    if (event.target.open && !solved()) {
      missed = true;
      hooks.shown?.();
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
