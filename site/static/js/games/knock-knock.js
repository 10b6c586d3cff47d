// Knock! Knock!'s table (the interface: ../tables.js): the pile, the playing suit and the stock on the board,
// the Draw, Knock and "Knock! Knock!" controls, the suit choice after a pick-up card, and their keys.
// Which cards fit, which suit a card names, when a missed knock may be called and every sentence shown come
// from the engine's state (engine/knock_knock/session.py); nothing here knows a rule.

import { arrowFocus, cardFace, el } from "../board.js";

const SUITS = [
  ["C", "Clubs", "♣"],
  ["D", "Diamonds", "♦"],
  ["H", "Hearts", "♥"],
  ["S", "Spades", "♠"],
];

export function createTable(parts, page) {
  let knock = false; // the Knock control is pressed: your next discard knocks
  let shouted = 0; // log entries already looked at for knocks and calls
  let shoutedAt = 0; // the log's length when the last knock or call was shown
  let speaker = null; // the seat whose knock or call the bubble shows
  let pickup = null; // the pick-up card waiting for its suit

  // -- the board --
  const top = el("span", { class: "kk-card", role: "img", id: parts.id("kk-top") });
  const suitMark = el("span", { class: "kk-suit-mark", id: parts.id("kk-suit"), "aria-hidden": "true" });
  const suitName = el("span", { class: "kk-suit-name", id: parts.id("kk-suit-name") });
  const stock = el("span", { class: "kk-count", id: parts.id("kk-stock") });
  const tableText = el("p", { class: "visually-hidden", id: parts.id("kk-table-text") });
  // A knock or a call is read out from the board's live line, and drawn as a speech bubble by the seat that said it.
  const shoutLine = el("p", { class: "kk-shout visually-hidden", id: parts.id("kk-shout"), "aria-live": "assertive" });
  const bubble = el("span", { class: "kk-bubble", "aria-hidden": "true" });
  parts.board.append(
    el(
      "div",
      { class: "kk-board" },
      el("div", { class: "kk-spot kk-pile" }, el("span", { class: "kk-label" }, "Top card"), top),
      el("div", { class: "kk-spot kk-suit" }, el("span", { class: "kk-label" }, "Playing suit"), suitMark, suitName),
      el(
        "div",
        { class: "kk-spot kk-stock" },
        el("span", { class: "kk-label" }, "Stock"),
        el("span", { class: "kk-card kk-back", "aria-hidden": "true" }),
        stock,
      ),
      tableText,
      shoutLine,
    ),
  );

  // -- the controls, and the suit choice that takes their place --
  const button = (name, label, props = {}) => el("button", { type: "button", id: parts.id(name), ...props }, label);
  const drawButton = button("kk-draw", "Draw", { disabled: true });
  const knockButton = button("kk-knock", "Knock", { class: "kk-knock", "aria-pressed": "false", disabled: true });
  const callButton = button("kk-call", "Knock! Knock!", { class: "kk-call", disabled: true });
  const letPassButton = button("kk-let-pass", "Let it pass", { hidden: true });
  parts.actions.classList.add("kk-actions");
  for (const control of [drawButton, knockButton, callButton, letPassButton]) parts.actions.insertBefore(control, parts.before);
  const suitsText = el("p", { id: parts.id("kk-suits-text") });
  const cancel = button("kk-suits-cancel", "Cancel", { class: "kk-suits-cancel" });
  const suits = el(
    "div",
    { class: "kk-suits", id: parts.id("kk-suits"), role: "group", "aria-labelledby": suitsText.id, hidden: true },
    suitsText,
    ...SUITS.map(([code, name, symbol]) =>
      el(
        "button",
        { type: "button", class: `suit-${code}`, dataset: { suit: code } },
        el("span", { "aria-hidden": "true" }, `${symbol} `),
        name,
      ),
    ),
    cancel,
  );
  parts.actions.after(suits);

  const state = () => page.state();
  // Your own actions (state.seat: the person's seat): with people at the table the state lists the calls other
  // people may make too (their seats).
  const listed = (key) => Boolean(state()?.actions?.some((action) => action[key] && action.seat === state().seat));

  function closeSuits({ focusCard = false } = {}) {
    const was = pickup;
    pickup = null;
    suits.hidden = true;
    if (focusCard && was) page.focusCard(was);
  }

  function send(code, suit = null) {
    const action = { play: code };
    if (suit) action.suit = suit;
    if (knock) action.knock = true;
    // A suit named from the keyboard: the focus goes back to the card (then to its neighbour as it leaves the
    // hand) rather than to nowhere with the closed choice, which would send the next Tab to the page's top.
    closeSuits({ focusCard: suits.contains(document.activeElement) });
    knock = false;
    page.act(action);
  }

  // Your card: a pick-up card first asks which suit it names; any other goes at once.
  function play(card) {
    if (!card.pickup || !card.legal) {
      send(card.code);
      return;
    }
    pickup = card.code;
    page.say("");
    suitsText.textContent = card.name_suit;
    suits.hidden = false;
    const advised = page.advice()?.action;
    const suit = advised?.play === card.code ? advised.suit : null;
    // Sam's suit is marked as Sam's card is, not only focused: a touch screen draws no focus ring.
    for (const choice of suits.querySelectorAll("[data-suit]")) choice.classList.toggle("suggested", choice.dataset.suit === suit);
    suits.querySelector(suit ? `[data-suit="${suit}"]` : "[data-suit]").focus({ preventScroll: true });
  }

  function toggleKnock() {
    if (knockButton.disabled) return;
    knock = !knock;
    page.redraw();
    page.say(knock ? "Knock is on: your next card goes down with a knock." : "Knock is off.");
  }

  // "Knock! Knock!": while the table waits for you it is your move; where the page can, it interrupts the
  // computer players, so a call made in time reaches the engine before the next player acts.
  function call() {
    if (!callButton.disabled) page.act({ challenge: true });
  }

  function letPass() {
    if (!letPassButton.hidden && !letPassButton.disabled) page.act({ let_pass: true });
  }

  function drawCard() {
    if (!drawButton.disabled) {
      closeSuits();
      page.act({ draw: true });
    }
  }

  // The knocks and calls since the last drawing, in the engine's few words, by the seat that said them until a
  // round later; the question of a missed knock to call takes their place, and the end of the deal ends them.
  // A call's verdict ("Right call!") is said with the call.
  function shout(s) {
    if (s.log.length < shouted) shouted = 0; // a new deal
    const loud = s.log.slice(shouted).filter((entry) => entry.shout);
    if (loud.length) {
      shoutLine.textContent = loud.map((entry) => entry.shout).join(" ");
      speaker = loud.find((entry) => entry.kind === "play" || entry.kind === "challenge")?.seat ?? speaker;
      shoutedAt = s.log.length;
    } else if (s.log.length > shoutedAt + s.players || s.call?.asks_you) shoutLine.textContent = "";
    if (s.over) shoutLine.textContent = "";
    shouted = s.log.length;
    bubble.textContent = shoutLine.textContent;
    placeBubble();
  }

  // The bubble hangs from the speaker's seat (drawn again at every move, so it is put back each time the seats are):
  // under it, else over it, wherever it stays on the felt and hides no other seat and nothing on the board (a phone's
  // second row of seats is under its first; a desk's seats at the sides sit one over another). Else it sits on the
  // board's top line, under the seat if that hides nothing, else in the middle; there too when the seat is not
  // drawn (yours on a phone, where your hand stands for you).
  function placeBubble() {
    const seat = speaker === null ? null : parts.players?.querySelector(`.player.seat-${speaker}`);
    const board = parts.board.querySelector(".kk-board");
    if (!bubble.textContent || !board) {
      bubble.remove();
      return;
    }
    const drawn = Boolean(seat && seat.offsetWidth > 1);
    const places = drawn ? [[seat, false], [seat, true], [board, false, seat]] : [];
    for (const [host, above, under] of places) {
      if (fits(host, above, under)) return;
    }
    fits(board, false, null);
  }

  // Puts the bubble in *host* (over it if *above*; on the board, under the seat *under*, if given) and says whether
  // it stays on the felt and hides nothing there.
  function fits(host, above, under) {
    const board = parts.board.querySelector(".kk-board");
    if (bubble.parentElement !== host) host.append(bubble);
    bubble.classList.toggle("kk-bubble--above", above);
    bubble.style.removeProperty("--nudge");
    let box = bubble.getBoundingClientRect();
    const at = under?.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    let by = at ? (at.left + at.right) / 2 - (box.left + box.right) / 2 : 0;
    by += box.left + by < 4 ? 4 - (box.left + by) : box.right + by > width - 4 ? width - 4 - (box.right + by) : 0;
    if (by) bubble.style.setProperty("--nudge", `${by}px`);
    box = bubble.getBoundingClientRect();
    const felt = (parts.players?.parentElement ?? board).getBoundingClientRect();
    const meets = (other) => {
      const b = other.getBoundingClientRect();
      return box.left < b.right && b.left < box.right && box.top < b.bottom && b.top < box.bottom;
    };
    const seats = [...(parts.players?.children ?? [])].filter((other) => other !== host && other.offsetWidth > 1);
    return (
      box.top >= felt.top &&
      box.bottom <= felt.bottom &&
      !seats.some(meets) &&
      ![...board.querySelectorAll(".kk-spot > *")].some(meets)
    );
  }
  if (parts.players) new MutationObserver(placeBubble).observe(parts.players, { childList: true });

  function draw(s, { yours, hints }) {
    const face = cardFace(s.top.display, s.top.suit);
    face.classList.add("kk-face");
    top.replaceChildren(face);
    top.setAttribute("aria-label", s.top.name);
    suitMark.className = `kk-suit-mark suit-${s.suit.code}`;
    suitMark.textContent = s.suit.symbol;
    suitName.textContent = s.suit.name;
    stock.textContent = String(s.stock);
    tableText.textContent = `${s.table_text} ${s.stock_text}.`;
    shout(s);

    const mine = yours && s.may_play;
    drawButton.disabled = !mine;
    if (!mine) knock = false;
    knockButton.disabled = !mine;
    knockButton.setAttribute("aria-pressed", String(knock));
    knockButton.classList.toggle("due", mine && s.must_knock && hints);
    const asked = Boolean(s.call?.asks_you);
    // Live for as long as the engine lets you call, even while the computer players move where the page can
    // interrupt them.
    callButton.disabled = !(listed("challenge") && (yours || page.interrupts()));
    callButton.classList.toggle("urgent", asked);
    letPassButton.hidden = !asked;
    letPassButton.disabled = !yours;
    if (!mine && pickup) closeSuits();
    const advised = page.advice()?.action ?? {};
    drawButton.classList.toggle("suggested", Boolean(advised.draw));
    callButton.classList.toggle("suggested", Boolean(advised.challenge));
    letPassButton.classList.toggle("suggested", Boolean(advised.let_pass));
  }

  // Sam's card is selected (with the knock it needs); Sam's draw or call is marked on its button.
  function suggested(advice) {
    const action = advice.action;
    if (!action.play) return null;
    knock = Boolean(action.knock);
    return action.play;
  }

  function key(event) {
    const k = event.key.toLowerCase();
    if (event.key === "Escape" && pickup) closeSuits({ focusCard: true });
    else if (k === "k") toggleKnock();
    else if (k === "d") drawCard();
    else if (k === "c") call();
    else return false;
    return true;
  }

  drawButton.addEventListener("click", drawCard);
  knockButton.addEventListener("click", toggleKnock);
  callButton.addEventListener("click", call);
  letPassButton.addEventListener("click", letPass);
  cancel.addEventListener("click", () => closeSuits({ focusCard: true }));
  for (const choice of suits.querySelectorAll("[data-suit]")) {
    choice.addEventListener("click", () => pickup && send(pickup, choice.dataset.suit));
  }
  arrowFocus(suits); // arrows move between the suits, as they move through the hand

  return {
    draw,
    play,
    suggested,
    // The status line while the table waits for your answer: the engine's question.
    status: (s) => (s.call?.asks_you ? s.prompt : "Your turn."),
    // What is said when it comes to you: the engine's prompt, which names a missed knock to call, and (with the
    // cards that fit marked) what fits or that this card needs a knock; without the marks, only that it is your turn.
    prompt: (s, hints) => (s.call?.asks_you || hints ? s.prompt : "Your turn."),
    // When it comes to you: a missed knock to call takes the focus (otherwise the page focuses a card that fits);
    // with the cards that fit marked, the message line says when nothing fits or this card needs a knock.
    arrived(s, hints) {
      if (s.call?.asks_you) callButton.focus({ preventScroll: true });
      else if (hints && (s.must_draw || s.must_knock)) page.say(s.prompt);
    },
    // The status line of a guided deal: the engine's prompt, which says what fits or that this card needs a
    // knock, when the stage marks the cards that fit; else only its question about a missed knock.
    guide: (s, marks) => ((s.call?.asks_you || marks ? s.prompt : null) ?? "Your turn."),
    key,
    reset() {
      knock = false;
      shouted = 0;
      shoutedAt = 0;
      closeSuits();
      shoutLine.textContent = "";
      bubble.textContent = "";
      bubble.remove();
    },
  };
}
