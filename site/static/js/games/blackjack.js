// Blackjack's table (the interface: ../tables.js): the top card, the suit to follow, the direction of play, the
// pick-up waiting and the stock on the board, the cards laid so far this turn, and the controls of a turn built
// in steps: a card laid as it is pressed, Play (ends the turn), Undo card, Draw, Pick up N, Pass, "Last cards!"
// and the suit choice after a wild card. Which cards may come next, what a pick-up answers, when a suit is
// named and every sentence shown come from the engine's state (engine/blackjack/session.py); nothing here
// knows a rule.

import { arrowFocus, cardFace, el } from "../board.js";

const DIRECTION = { 1: "↻", "-1": "↺" };

export function createTable(parts, page) {
  let calling = false; // the Last cards! control is pressed: the step that ends your turn calls it

  // -- the board --
  const spot = (name, label, ...children) =>
    el("div", { class: `bj-spot bj-${name}`, dataset: { place: name, label } }, el("span", { class: "bj-label" }, label), ...children);
  const top = el("span", { class: "bj-card", role: "img", id: parts.id("bj-top") });
  const suitMark = el("span", { class: "bj-mark", id: parts.id("bj-suit"), "aria-hidden": "true" });
  const suitName = el("span", { class: "bj-value", id: parts.id("bj-suit-name") });
  const direction = el("span", { class: "bj-mark bj-direction-mark", id: parts.id("bj-direction"), "aria-hidden": "true" });
  const pickup = el("span", { class: "bj-mark bj-pickup-mark", id: parts.id("bj-pickup"), "aria-hidden": "true" });
  const stock = el("span", { class: "bj-value", id: parts.id("bj-stock") });
  const chain = el("div", { class: "bj-chain", id: parts.id("bj-chain"), "aria-hidden": "true" });
  const tableText = el("p", { class: "visually-hidden", id: parts.id("bj-table-text"), "aria-live": "polite" });
  parts.board.append(
    el(
      "div",
      { class: "bj-board" },
      spot("pile", "Top card", top),
      spot("suit", "Suit", suitMark, suitName),
      spot("direction", "Play goes", direction),
      spot("pickup", "Pick-up", pickup),
      spot("stock", "Stock", el("span", { class: "bj-card bj-back", "aria-hidden": "true" }), stock),
      chain,
      tableText,
    ),
  );

  // -- the controls, and the suit choice under them --
  const button = (name, label, props = {}) => el("button", { type: "button", id: parts.id(name), ...props }, label);
  const playButton = button("bj-play", "Play", { class: "bj-play", disabled: true });
  const undoButton = button("bj-undo", "Undo card", { disabled: true });
  const drawButton = button("bj-draw", "Draw", { disabled: true });
  const pickupButton = button("bj-pickup-take", "Pick up", { class: "bj-take", hidden: true });
  const passButton = button("bj-pass", "Pass", { hidden: true });
  const callButton = button("bj-last", "Last cards!", { class: "bj-last", "aria-pressed": "false", disabled: true });
  parts.actions.classList.add("bj-actions");
  for (const control of [playButton, undoButton, drawButton, pickupButton, passButton, callButton]) {
    parts.actions.insertBefore(control, parts.before);
  }
  const suitsText = el("p", { class: "visually-hidden", id: parts.id("bj-suits-text") }); // the status line shows it
  const suitButtons = el("span", { class: "bj-suit-buttons" });
  const suits = el(
    "div",
    { class: "bj-suits", id: parts.id("bj-suits"), role: "group", "aria-labelledby": suitsText.id, hidden: true },
    suitsText,
    suitButtons,
  );
  parts.actions.after(suits);

  const state = () => page.state();
  const listed = (key) => Boolean(state()?.actions?.some((action) => action[key]));

  // The step that ends your turn, with the call when Last cards! is pressed (the engine judges it).
  function end(action) {
    if (calling) action.last = true;
    page.act(action);
  }

  function stop() {
    if (playButton.disabled) return;
    const advised = page.advice()?.action;
    if (advised?.chain && !state().chain) {
      // After Suggest, with nothing laid yet: Play takes the whole turn Sam suggested (its suit too; the call as
      // Last cards! now stands).
      const turn = { ...advised };
      delete turn.last;
      end(turn);
      return;
    }
    if (!suits.hidden) {
      // A wild card last: the turn ends with a suit named.
      page.say(state().prompt);
      const first = suitButtons.querySelector("button.suggested") ?? suitButtons.querySelector("button"); // Sam's
      first?.focus({ preventScroll: true });
      return;
    }
    end({ stop: true });
  }

  function undo() {
    if (!undoButton.disabled) page.act({ undo: true });
  }

  // Draw; facing a pick-up, D takes it, and where only a pass is listed, D passes (the Draw button itself
  // always draws, and the engine says why it may not).
  function drawCard({ fromKey = false } = {}) {
    if (drawButton.disabled) return;
    if (fromKey && !listed("draw") && listed("pickup")) end({ pickup: state().pickup.size });
    else if (fromKey && !listed("draw") && listed("pass")) end({ pass: true });
    else end({ draw: true });
  }

  function takePickup() {
    if (!pickupButton.hidden && !pickupButton.disabled) end({ pickup: state().pickup.size });
  }

  function pass() {
    if (!passButton.hidden && !passButton.disabled) end({ pass: true });
  }

  function toggleCall() {
    if (callButton.disabled) return;
    calling = !calling;
    page.redraw();
    page.say(calling ? "Last cards! is on: you call it as your turn ends." : "Last cards! is off.");
  }

  function drawSuits(s, shown) {
    suits.hidden = !shown;
    if (!shown) return;
    suitsText.textContent = s.prompt;
    const codes = s.suits.map((suit) => suit.code).join();
    if (suitButtons.dataset.codes === codes) return;
    suitButtons.dataset.codes = codes;
    suitButtons.replaceChildren(
      ...s.suits.map((suit) => {
        const label = `${suit.name[0].toUpperCase()}${suit.name.slice(1)}`;
        const choice = el(
          "button",
          { type: "button", class: `suit-${suit.code}`, dataset: { suit: suit.code } },
          el("span", { "aria-hidden": "true" }, `${suit.symbol} `),
          label,
        );
        choice.addEventListener("click", () => end({ stop: true, suit: suit.code }));
        return choice;
      }),
    );
  }

  function draw(s, { yours, hints }) {
    // Only the places these rules use: no direction where nothing reverses play, no pick-up where nothing makes one.
    for (const place of parts.board.querySelectorAll(".bj-spot")) place.hidden = !s.board.includes(place.dataset.place);
    const face = cardFace(s.top.display, s.top.suit);
    face.classList.add("bj-face");
    top.replaceChildren(face);
    top.setAttribute("aria-label", s.top.name);
    suitMark.className = `bj-mark bj-suit-mark suit-${s.suit.code}${s.suit_named ? " named" : ""}`;
    suitMark.textContent = s.suit.symbol;
    suitName.textContent = s.suit.name;
    direction.textContent = DIRECTION[s.direction];
    direction.classList.toggle("reversed", s.direction < 0);
    direction.parentElement.title = s.direction_text;
    pickup.textContent = s.pickup ? `+${s.pickup.size}` : "–";
    pickup.classList.toggle("pending", Boolean(s.pickup));
    stock.textContent = String(s.stock);
    tableText.textContent = [s.table_text, s.direction_text, s.pickup?.text, `${s.stock_text}.`].filter(Boolean).join(" ");
    chain.replaceChildren(
      ...(s.chain?.cards ?? []).map((card) => {
        const laid = cardFace(card.display, card.suit);
        laid.classList.add("bj-laid");
        return laid;
      }),
    );
    chain.title = s.chain?.text ?? "";

    if (!yours) calling = false;
    const advised = page.advice()?.action ?? {};
    playButton.disabled = !yours;
    // After a wild card the suit buttons end the turn (Play only asks for a suit), so Play is not marked ready.
    playButton.classList.toggle("ready", yours && Boolean(s.chain) && listed("stop") && !s.name_suit);
    undoButton.disabled = !(yours && s.chain);
    drawButton.disabled = !yours;
    const facing = Boolean(s.pickup) && s.pickup.seat === s.seat; // the person served faces it
    pickupButton.hidden = !facing;
    pickupButton.disabled = !yours;
    if (facing) pickupButton.textContent = s.pickup.button;
    passButton.hidden = !(yours && listed("pass"));
    callButton.hidden = !s.may_call;
    callButton.disabled = !yours;
    callButton.setAttribute("aria-pressed", String(calling));
    callButton.classList.toggle("due", yours && hints && s.must_call && !calling);
    drawSuits(s, yours && s.name_suit);
    // Play takes a whole suggested turn; a suggested stop after a wild card is its suit's button, as above.
    playButton.classList.toggle("suggested", Boolean(advised.chain) || (Boolean(advised.stop) && !advised.suit));
    drawButton.classList.toggle("suggested", Boolean(advised.draw));
    pickupButton.classList.toggle("suggested", Boolean(advised.pickup));
    passButton.classList.toggle("suggested", Boolean(advised.pass));
    for (const choice of suitButtons.querySelectorAll("button")) {
      choice.classList.toggle("suggested", advised.suit === choice.dataset.suit);
    }
  }

  // Sam's next card (the first of the turn it suggests) is selected; its call is pressed; Play takes the turn;
  // its other steps are marked on their buttons.
  function suggested(advice) {
    const action = advice.action;
    calling = Boolean(action.last);
    return action.lay ?? action.chain?.[0] ?? null;
  }

  function key(event) {
    const k = event.key.toLowerCase();
    if (event.key === "Escape" && suits.contains(document.activeElement)) {
      const card = state()?.hand.find((each) => each.legal) ?? state()?.hand[0];
      if (card) page.focusCard(card.code);
    } else if (k === "p") stop();
    else if (k === "u") undo();
    else if (k === "d") drawCard({ fromKey: true });
    else if (k === "l") toggleCall();
    else return false;
    return true;
  }

  playButton.addEventListener("click", stop);
  undoButton.addEventListener("click", undo);
  drawButton.addEventListener("click", () => drawCard());
  pickupButton.addEventListener("click", takePickup);
  passButton.addEventListener("click", pass);
  callButton.addEventListener("click", toggleCall);
  arrowFocus(suits); // arrows move between the suits, as they move through the hand

  // Without the cards that fit marked, only what the board shows anyway: a chain under way, a pick-up to answer.
  const prompt = (s, hints) => (hints || s.chain || s.pickup ? s.prompt : "Your turn.");

  return {
    steps: true, // a card goes down as it is pressed; Play ends the turn
    draw,
    play: (card) => page.act({ lay: card.code }),
    suggested,
    status: (s) => prompt(s, false),
    prompt,
    // With the cards that fit marked, the message line says what to do when nothing fits (where the status line
    // does not), and reminds you to call Last cards when the rules ask for it; a wild card laid last with nothing
    // to follow it takes the focus to the suit choice.
    arrived(s, hints) {
      const fits = s.hand.some((card) => card.legal);
      if (s.name_suit && !fits) suitButtons.querySelector("button")?.focus({ preventScroll: true });
      if (hints && s.must_call) page.say(s.call_text);
      else if (hints && !fits && prompt(s, false) !== s.prompt) page.say(s.prompt); // the status line has it otherwise
    },
    guide: (s) => s.prompt ?? "Your turn.",
    key,
    reset() {
      calling = false;
      suits.hidden = true;
    },
  };
}
