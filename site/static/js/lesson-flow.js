// A lesson one puzzle at a time, as lichess's Learn does it: a progress bar, the current stage's teaching and one
// puzzle; a right answer earns a word of praise and brings the next puzzle into view, with the focus on it.
// The page itself holds every stage and puzzle (it reads in full without scripts): this only hides the others,
// and "Previous" and "Next" step through them. Nothing here knows a game: stages and puzzles are the page's.

// How long the marked right answer and its praise stay before the next puzzle comes (ms): long enough to see which
// choice was right, short enough to keep the rhythm. The praise and the reason follow the learner to the next puzzle.
const PRAISE_MS = 900;

function element(tag, props = {}, ...children) {
  const made = Object.assign(document.createElement(tag), props);
  made.append(...children);
  return made;
}

// *lesson*: the [data-lesson] element; *slot*: where the progress bar goes. Returns { done(count), solved(puzzle) }.
export function setUpFlow(lesson, slot) {
  const stages = [...lesson.querySelectorAll("section.stage")];
  // Each puzzle with its stage, numbered as the page numbers them: stage 2, puzzle 1 of 4.
  const steps = stages.flatMap((stage, s) => {
    const puzzles = [...stage.querySelectorAll(".puzzle[id]")];
    return puzzles.map((puzzle, p) => ({ stage, puzzle, where: [s + 1, p + 1, puzzles.length] }));
  });
  if (!slot || !steps.length) return { done() {}, solved() {} };
  lesson.classList.add("is-flow");

  const count = element("span", { className: "lesson-flow__count" });
  const bar = element("progress", { className: "lesson-flow__bar", max: steps.length, value: 0 });
  bar.setAttribute("aria-label", "Puzzles done in this lesson");
  const where = element("span", { className: "lesson-flow__where" });
  const previous = element("button", { type: "button", className: "lesson-flow__prev", textContent: "‹ Back" });
  const next = element("button", { type: "button", className: "lesson-flow__next" });
  slot.replaceChildren(
    element("p", { className: "lesson-flow__progress" }, count, bar),
    element("p", { className: "lesson-flow__nav" }, previous, where, next),
  );
  slot.hidden = false;
  // The praise and reason of the puzzle just solved, shown above the next one.
  const said = element("div", { className: "lesson-flow__said" });
  said.setAttribute("role", "status");

  let current = -1;
  let pending = null;
  const isSolved = (index) => steps[index].puzzle.classList.contains("is-solved");
  // Where "Next" leads: the next puzzle; from the last one, back to the first the learner skipped, if any.
  const onward = () => {
    if (current < steps.length - 1) return current + 1;
    const open = steps.findIndex((_, index) => !isSolved(index));
    return open === current ? -1 : open;
  };
  function labelNext() {
    const to = onward();
    next.hidden = to < 0;
    next.textContent = to < current ? "To do ›" : isSolved(current) ? "Next ›" : "Skip ›";
    // Back to a puzzle left undone (a guided deal is won or lost, not "solved"): its name says which one.
    const back = to >= 0 && to < current ? `To do: stage ${steps[to].where[0]}, puzzle ${steps[to].where[1]}` : "";
    next.title = back;
    if (back) next.setAttribute("aria-label", back);
    else next.removeAttribute("aria-label");
  }

  function show(index, { focus = null, carry = null } = {}) {
    clearTimeout(pending);
    pending = null;
    const step = steps[index];
    const newStage = current < 0 || steps[current].stage !== step.stage;
    current = index;
    for (const stage of stages) stage.hidden = stage !== step.stage;
    for (const each of steps) each.puzzle.hidden = each.puzzle !== step.puzzle;
    said.replaceChildren(...(carry ?? []));
    // Within a stage the praise sits just above the next puzzle; a new stage's teaching comes after it.
    if (carry && newStage) step.stage.prepend(said);
    else if (carry) step.puzzle.before(said);
    else said.remove();
    const [s, p, of] = step.where;
    where.textContent = `Stage ${s} of ${stages.length} · puzzle ${p} of ${of}`;
    previous.disabled = index === 0;
    labelNext();
    if (!focus) return;
    // A new stage starts with its teaching: its title takes the focus. Within a stage, the puzzle does.
    const target = focus === "stage" && newStage ? step.stage.querySelector(".stage__title") ?? step.puzzle : step.puzzle;
    target.tabIndex = -1;
    target.focus({ preventScroll: true });
    (carry ? said : target).scrollIntoView({ block: "start" });
  }

  // Where to start: the stage or puzzle the address names, else the first puzzle not yet solved.
  function startAt() {
    const id = decodeURIComponent(location.hash.slice(1));
    const named = id && document.getElementById(id);
    const exact = named ? steps.findIndex((step) => step.puzzle.contains(named)) : -1;
    if (exact >= 0) return exact;
    const inside = named && steps.filter((step) => step.stage.contains(named));
    const among = inside?.length ? inside : steps;
    const first = among.find((step) => !step.puzzle.classList.contains("is-solved")) ?? among[0];
    return steps.indexOf(first);
  }

  previous.addEventListener("click", () => show(Math.max(current - 1, 0), { focus: "puzzle" }));
  next.addEventListener("click", () => {
    if (onward() >= 0) show(onward(), { focus: "stage" });
  });
  window.addEventListener("hashchange", () => {
    const index = startAt();
    if (index !== current) show(index, { focus: "stage" });
  });
  show(startAt());

  return {
    // *count* puzzles of the lesson are solved (from the kept progress).
    done(count_) {
      bar.value = count_;
      count.textContent = `${count_} of ${steps.length} puzzles done`;
      if (current >= 0) labelNext();
    },
    // A right answer to *puzzle*: after a moment, the next puzzle (or the lesson's end) with the praise carried over.
    solved(puzzle) {
      const index = steps.findIndex((step) => step.puzzle === puzzle);
      if (index !== current) return;
      clearTimeout(pending);
      pending = setTimeout(() => {
        pending = null;
        if (index !== current) return;
        const feedback = puzzle.querySelector(".puzzle__feedback");
        const [s, p] = steps[index].where;
        const carry = [
          element("p", { className: "lesson-flow__said-label", textContent: `Stage ${s}, puzzle ${p}` }),
          ...[...(feedback?.childNodes ?? [])].map((node) => node.cloneNode(true)),
        ];
        // The stage just finished: its stars come along too.
        const status = steps[index].stage.querySelector("[data-stage-status]");
        if (index + 1 < steps.length && steps[index + 1].stage !== steps[index].stage && status?.textContent) {
          carry.push(element("p", { className: "lesson-flow__said-stage", textContent: status.textContent }));
        }
        if (index + 1 < steps.length) show(index + 1, { focus: "stage", carry });
        else {
          labelNext();
          const end = document.querySelector("[data-lesson-status]");
          const after = document.querySelector(".pager__next");
          (after ?? end)?.focus({ preventScroll: true });
          end?.scrollIntoView({ block: "center" });
        }
      }, PRAISE_MS);
    },
  };
}
