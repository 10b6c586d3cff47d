// Sevens' table (the interface: ../tables.js): the four suit rows on the board and the Pass control.
// Which cards fit, where they go and every sentence shown come from the engine's state
// (engine/sevens/session.py); nothing here knows a rule.

import { drawRows, el } from "../board.js";

export function createTable(parts, page) {
  const rows = el("ul", { class: "rows", id: parts.id("game-rows") });
  parts.board.append(rows);
  const pass = el("button", { type: "button", id: parts.id("game-pass"), disabled: true }, "Pass");
  parts.actions.insertBefore(pass, parts.before);
  // Pass is open on every turn of yours: a pass the rules refuse goes to the engine, which says why not
  // (state.may_pass is not used, so that a learner who hides the fits is not told that nothing fits).
  pass.addEventListener("click", () => page.act({ pass: true }));

  return {
    draw(state, { yours, marks }) {
      drawRows(rows, state, { showFits: marks });
      pass.disabled = !yours;
    },
    play: (card) => page.act({ play: card.code }),
    suggested: (advice) => advice.action.play ?? null,
    status: () => "Your turn.",
    // The engine's prompt says when nothing fits; a learner who hides the fits hears only that it is their turn.
    prompt: (state, hints) => (state.must_pass && !hints ? "Your turn." : state.prompt),
    arrived(state, hints) {
      if (state.must_pass && hints) page.say(`Nothing fits: press Pass${page.keyboard() ? " (or P)" : ""}.`);
    },
    // With the cards that fit marked, the engine's prompt says when nothing fits; a stage that asks the learner to
    // find the card says only how to move (a card that does not fit, or a pass while one fits, is refused with why).
    guide(state, marks) {
      if (!marks) return "Your turn: press a card to play it, or Pass.";
      return state.must_pass ? state.prompt : "Your turn: press the card you want to play.";
    },
    key(event) {
      if (event.key.toLowerCase() !== "p" || pass.disabled) return false;
      page.act({ pass: true });
      return true;
    },
    reset() {},
  };
}
