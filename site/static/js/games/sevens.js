// Sevens' table (the interface: ../tables.js): the four suit rows on the board and the Pass control.
// Which cards fit, where they go and every sentence shown come from the engine's state
// (engine/sevens/session.py); nothing here knows a rule.

import { cardFace, el } from "../board.js";

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

// The last card played, to mark it on the board.
function lastCard(state) {
  for (let i = state.log.length - 1; i >= 0; i -= 1) if (state.log[i].card) return state.log[i].card.code;
  return null;
}

// Four suit rows of 13 places, the sevens in the middle column. The row in words (from the engine) is what a
// screen reader hears; the drawn places are hidden from it. *showFits* marks the places a card may go next.
function drawRows(list, state, { showFits = true } = {}) {
  const last = lastCard(state);
  list.replaceChildren();
  for (const row of state.rows) {
    const slots = el("div", { class: "sv-slots", "aria-hidden": "true" });
    for (let rank = 1; rank <= 13; rank += 1) {
      const code = `${RANKS[rank - 1]}${row.suit}`;
      if (row.cards.includes(code)) {
        const face = cardFace(`${RANKS[rank - 1]}${row.symbol}`, row.suit);
        face.classList.add("sv-slot", "down");
        if (code === last) face.classList.add("last");
        slots.append(face);
      } else {
        const open = showFits && row.next.includes(code);
        const place = el("span", { class: `sv-slot${open ? " open" : ""}${rank === 7 ? " seven" : ""}` });
        if (rank === 7) place.dataset.symbol = row.symbol; // the row's suit, which a phone shows here (sevens.css)
        slots.append(place);
      }
    }
    list.append(
      el(
        "li",
        { class: `sv-row suit-${row.suit}` },
        el("span", { class: `sv-row-name suit-${row.suit}`, "aria-hidden": "true" }, row.symbol),
        slots,
        el("span", { class: "sv-row-text visually-hidden" }, row.caption),
      ),
    );
  }
}

export function createTable(parts, page) {
  const rows = el("ul", { class: "sv-rows", id: parts.id("game-rows") });
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
