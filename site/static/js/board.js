// Drawing the table from the engine's state: shared by the game page and the guided deals in lessons.
// Every sentence about the rules (why a card does not fit, a seat's status) comes from the engine's state; each
// game's board is drawn by its own table module (games/<game>.js).

import { keepSetting, setting } from "./store.js";

export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("aria-") || key === "role") node.setAttribute(key, value);
    else node[key] = value;
  }
  node.append(...children);
  return node;
}

// A card's face: the rank over the suit in the corner (readable when cards overlap) and the suit large in the
// middle. The suit class gives the colour; red suits also get an inner frame, so colour is never the only cue.
export function cardFace(display, suit, tag = "span") {
  const rank = display.slice(0, -1);
  const pip = display.slice(-1);
  return el(
    tag,
    { class: `face suit-${suit}`, "aria-hidden": "true" },
    el("span", { class: "corner" }, el("span", { class: "rank" }, rank), el("span", { class: "pip" }, pip)),
    el("span", { class: "middle" }, pip),
  );
}

// Where the other players sit round the board (the CSS places each "at-…"), clockwise from your left: up the
// west side, along the north from left to right, down the east side. By the number of other players.
const PLACES = {
  1: ["north-mid"], // across the table (Knock! Knock! for two)
  2: ["west", "east"],
  3: ["west", "north-mid", "east"],
  4: ["west", "north-left", "north-right", "east"],
  5: ["west-low", "west-high", "north-mid", "east-high", "east-low"],
  6: ["west-low", "west-high", "north-left", "north-right", "east-high", "east-low"],
  7: ["west-low", "west-high", "north-left", "north-mid", "north-right", "east-high", "east-low"],
};

// The players with their card counts and passes; the one to play is marked in words, not only by colour, and in
// a match so is the dealer (*inMatch*: the deal is one of a match; the review's replayed deal knows no match).
export function drawPlayers(list, state, inMatch = Boolean(state.match)) {
  list.replaceChildren();
  const places = PLACES[state.seats.length - 1] ?? [];
  // The seat the table waits for: yours whenever the engine waits for you (in Knock! Knock! also for your answer
  // to a missed knock, while the turn stays with the next player), else the seat on turn.
  // The seat served is the person's (state.seat): yours alone, or at a table of people (state.table) the one the
  // device is passed to; a person is never "thinking".
  const served = state.seat;
  const person = (seat) => state.table?.people.some((each) => each.seat === seat) ?? seat === served;
  const waitsFor = state.your_turn ? served : state.turn;
  // The engine words each seat: its cards and, where the rules add one, its status (passes left, out, place).
  state.seats.forEach(({ name, cards, status }, seat) => {
    const passes = state.passes?.[seat]; // a game without passes has none
    const toPlay = !state.over && waitsFor === seat;
    // The places go round the table from the person's seat, at the bottom by their hand (at a table of people, the
    // seat the device is passed to).
    const around = (seat - served + state.seats.length) % state.seats.length;
    const place = around === 0 ? "you" : `at-${places[around - 1]}`;
    const deals = inMatch && state.dealer === seat;
    const item = el(
      "li",
      { class: `player seat-${seat} ${place}${toPlay ? " to-play" : ""}${deals ? " dealer" : ""}` },
      el(
        "span",
        { class: "player-name" },
        name,
        ...(deals ? [" ", el("span", { class: "player-dealer" }, "dealer")] : []),
      ),
      el(
        "span",
        { class: "player-count" },
        cards,
        status ? ` · ${status}` : passes ? ` · ${passes} pass${passes === 1 ? "" : "es"}` : "",
      ),
    );
    if (toPlay) {
      item.setAttribute("aria-current", "true");
      const words = seat === served && state.your_turn ? "your turn" : person(seat) ? "to play" : "thinking…";
      item.append(el("span", { class: "player-turn" }, words));
    }
    list.append(item);
  });
}

// Arrow keys move the focus between the buttons inside *container* (a row of suits, say), round and round.
export function arrowFocus(container) {
  container.addEventListener("keydown", (event) => {
    const buttons = [...container.querySelectorAll("button")];
    const index = buttons.indexOf(document.activeElement);
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (index < 0 || !step) return;
    event.preventDefault();
    buttons[(index + step + buttons.length) % buttons.length].focus();
  });
}

// A card in your hand: a button named by the card. With *showFits* the cards that fit are marked and the
// others are aria-disabled (still focusable, so the engine can say why they do not fit); without it every
// card looks alike and the engine refuses a card that does not fit when it is picked.
export function cardButton(card, { selected = false, showFits = true, yourTurn = true } = {}) {
  const button = el("button", { type: "button", class: "card", "aria-label": card.name, dataset: { code: card.code } });
  button.append(cardFace(card.display, card.suit));
  markCard(button, card, { selected, showFits, yourTurn });
  return button;
}

// The marks hold only on your turn: between turns the hand is not greyed out, card by card, at every move.
export function markCard(button, card, { selected = false, showFits = true, yourTurn = true } = {}) {
  button.classList.toggle("legal", showFits && card.legal);
  button.classList.toggle("selected", selected);
  button.classList.toggle("new", Boolean(card.new)); // a card drawn or picked up since your last move
  if (showFits && yourTurn && !card.legal) button.setAttribute("aria-disabled", "true");
  else button.removeAttribute("aria-disabled");
}

// The log grows a move at a time: the moves already drawn stay, only the new ones are added (the whole list is
// drawn again when it is another deal's or went back). The scroll to the newest waits for the next frame, where the
// page is laid out anyway: read at once, the list's height laid the page out a second time at every move.
export function drawLog(list, state) {
  const texts = state.log.map((move) => move.text);
  const drawn = list.children;
  let kept = drawn.length <= texts.length ? drawn.length : 0;
  for (let i = 0; i < kept; i += 1) {
    if (drawn[i].textContent !== texts[i]) kept = 0;
  }
  if (!kept && drawn.length) list.replaceChildren();
  if (kept === texts.length) return;
  list.append(...texts.slice(kept).map((text) => el("li", {}, text)));
  const scroller = list.parentElement;
  if (scroller) requestAnimationFrame(() => (scroller.scrollTop = scroller.scrollHeight));
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const SPEEDS = { slow: 1400, normal: 700, fast: 250, instant: 0 };
const SPEED_KEY = "sevens.speed";

export function speed() {
  const saved = setting(SPEED_KEY);
  return Object.hasOwn(SPEEDS, saved) ? saved : "normal";
}

export function setSpeed(value) {
  keepSetting(SPEED_KEY, value);
}

// Who the table waits for when it is not your turn: the player on turn, or, when that is you (in a game where the
// others may still call the last discard before you play), the others.
export function thinking(state) {
  return state.turn === 0 ? "The other players are thinking…" : `${state.names[state.turn]} is thinking…`;
}
