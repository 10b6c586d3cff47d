// Drawing the table from the engine's state: shared by the game page and the guided deals in lessons.

import { keepSetting, setting } from "./store.js";

export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

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

const isRed = (suit) => suit === "H" || suit === "D";

// Four suit rows: which ranks are down, the open ends marked, and the engine's caption for everyone.
export function drawRows(list, state) {
  list.replaceChildren();
  for (const row of state.rows) {
    const red = isRed(row.suit) ? " red" : "";
    const slots = el("div", { class: "slots", "aria-hidden": "true" });
    for (let rank = 1; rank <= 13; rank += 1) {
      const code = `${RANKS[rank - 1]}${row.suit}`;
      const down = row.cards.includes(code);
      const open = row.next.includes(code);
      const cls = down ? "slot down" : open ? "slot open" : "slot";
      slots.append(el("span", { class: cls + red }, down ? `${RANKS[rank - 1]}${row.symbol}` : open ? "·" : ""));
    }
    const caption = row.caption; // the row in words, written by the engine
    list.append(
      el(
        "li",
        { class: `suit-row suit-${row.suit}` },
        el("span", { class: "row-name" }, `${row.symbol} ${row.name[0].toUpperCase()}${row.name.slice(1)}`),
        slots,
        el("span", { class: "row-text" }, caption),
      ),
    );
  }
}

// The four players with their card counts; the one to play is marked in words, not only by colour.
export function drawPlayers(list, state) {
  list.replaceChildren();
  state.names.forEach((name, seat) => {
    const count = state.counts[seat];
    const toPlay = !state.over && state.turn === seat;
    const item = el(
      "li",
      { class: `player${toPlay ? " to-play" : ""}${seat === 0 ? " you" : ""}` },
      el("span", { class: "player-name" }, name),
      el("span", { class: "player-count" }, `${count} card${count === 1 ? "" : "s"}`),
    );
    if (toPlay) {
      item.setAttribute("aria-current", "true");
      item.append(el("span", { class: "player-turn" }, seat === 0 ? "your turn" : "to play"));
    }
    list.append(item);
  });
}

// A card in your hand: a button named by the card; cards that do not fit stay focusable but aria-disabled.
export function cardButton(card, { selected = false } = {}) {
  const red = isRed(card.suit) ? " red" : "";
  const button = el(
    "button",
    {
      type: "button",
      class: `card${card.legal ? " legal" : ""}${selected ? " selected" : ""}`,
      "aria-label": card.name,
      dataset: { code: card.code },
    },
    el("span", { class: `face${red}`, "aria-hidden": "true" }, card.display),
  );
  if (!card.legal) button.setAttribute("aria-disabled", "true");
  return button;
}

export function drawLog(list, state) {
  list.replaceChildren(...state.log.map((move) => el("li", {}, move.text)));
  const scroller = list.parentElement;
  if (scroller) scroller.scrollTop = scroller.scrollHeight;
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
