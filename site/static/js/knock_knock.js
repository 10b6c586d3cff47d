// Knock! Knock!'s part of the game table (game.js runs the page): the pile, the playing suit and the stock,
// the Draw, Knock and "Knock! Knock!" controls, the suit choice after a pick-up card, and their keys.
// Which cards fit, which suit a card names, when a missed knock may be called and every sentence shown come
// from the engine's state (engine/knock_knock/session.py); nothing here knows a rule.

import { cardFace } from "./board.js";

const $ = (id) => document.getElementById(id);
const ADVISED_BUTTONS = { draw: "kk-draw", challenge: "kk-call", let_pass: "kk-let-pass" };

// *page* is what game.js lends the table: the state, its request helpers and its message lines.
export function knockKnockTable(page) {
  let knock = false; // the Knock control is pressed: your next discard knocks
  let shouted = 0; // log entries already looked at for knocks and calls
  let shoutedAt = 0; // the log's length when the last knock or call was shown
  let pickup = null; // the pick-up card waiting for its suit

  const state = () => page.state();

  function closeSuits({ focusCard = false } = {}) {
    const was = pickup;
    pickup = null;
    $("kk-suits").hidden = true;
    if (focusCard && was) $("game-hand").querySelector(`[data-code="${was}"]`)?.focus({ preventScroll: true });
  }

  function send(code, suit = null) {
    const params = { card: code, knock };
    if (suit) params.suit = suit;
    // A suit named from the keyboard: the focus goes back to the card (then to its neighbour as it leaves the
    // hand) rather than to nowhere with the closed choice, which would send the next Tab to the page's top.
    closeSuits({ focusCard: $("kk-suits").contains(document.activeElement) });
    knock = false;
    page.move("play", params);
  }

  // Your card: a pick-up card first asks which suit it names; any other goes at once.
  function play(code) {
    const card = state()?.hand.find((c) => c.code === code);
    if (!card) return;
    if (!card.pickup || !card.legal) {
      send(code);
      return;
    }
    pickup = code;
    page.say("");
    $("kk-suits-text").textContent = card.name_suit;
    $("kk-suits").hidden = false;
    const advised = page.advice()?.card === code ? page.advice().suit : null;
    const first = $("kk-suits").querySelector(advised ? `[data-suit="${advised}"]` : "[data-suit]");
    first.focus({ preventScroll: true });
  }

  function toggleKnock() {
    if ($("kk-knock").disabled) return;
    knock = !knock;
    page.draw();
    page.say(knock ? "Knock is on: your next card goes down with a knock." : "Knock is off.");
  }

  // "Knock! Knock!": while the table waits for you it is your move; while the computer players move it
  // interrupts them, so a call made in time reaches the engine before the next player acts.
  function call() {
    if ($("kk-call").disabled) return;
    if (state().your_turn && !page.busy()) page.move("challenge", {});
    else page.interrupt("challenge", {});
  }

  function letPass() {
    if (!$("kk-let-pass").hidden && !$("kk-let-pass").disabled) page.move("let_pass", {});
  }

  function draw() {
    if (!$("kk-draw").disabled) {
      closeSuits();
      page.move("draw", {});
    }
  }

  // The knocks and calls since the last drawing, in the engine's few words, over the table until a round
  // later; the question of a missed knock to call takes their place.
  function shout(s) {
    if (s.log.length < shouted) shouted = 0; // a new deal
    const loud = s.log.slice(shouted).filter((entry) => entry.shout);
    const bubble = $("kk-shout");
    if (loud.length) {
      bubble.textContent = loud.map((entry) => entry.shout).join(" ");
      shoutedAt = s.log.length;
    } else if (s.log.length > shoutedAt + s.players || s.call?.asks_you) bubble.textContent = "";
    shouted = s.log.length;
  }

  function drawBoard() {
    const s = state();
    const top = cardFace(s.top.display, s.top.suit);
    top.classList.add("kk-face");
    $("kk-top").replaceChildren(top);
    $("kk-top").setAttribute("aria-label", s.top.name);
    const mark = $("kk-suit");
    mark.className = `kk-suit-mark suit-${s.suit.code}`;
    mark.textContent = s.suit.symbol;
    $("kk-suit-name").textContent = s.suit.name;
    $("kk-stock").textContent = String(s.stock);
    $("kk-table-text").textContent = `${s.table_text} ${s.stock_text}.`;
    shout(s);
  }

  function drawControls(yours) {
    const s = state();
    const mine = yours && s.may_play;
    $("game-play").disabled = !(mine && page.selected());
    $("kk-draw").disabled = !mine;
    if (!mine) knock = false;
    const knockButton = $("kk-knock");
    knockButton.disabled = !mine;
    knockButton.setAttribute("aria-pressed", String(knock));
    knockButton.classList.toggle("due", mine && s.must_knock && page.showFits());
    const asked = Boolean(s.call?.asks_you);
    // Live for as long as the engine lets you call, even while the computer players move.
    $("kk-call").disabled = !s.call?.you_may_call || page.recovering();
    $("kk-call").classList.toggle("urgent", asked);
    $("kk-let-pass").hidden = !asked;
    $("kk-let-pass").disabled = !yours;
    if (!mine && pickup) closeSuits();
    const advised = ADVISED_BUTTONS[page.advice()?.action];
    for (const id of Object.values(ADVISED_BUTTONS)) $(id).classList.toggle("suggested", id === advised);
  }

  // The status line while the table waits for your answer: the engine's question.
  function status() {
    const s = state();
    return s.call?.asks_you ? s.prompt : null;
  }

  // What is said when it comes to you: the engine's prompt, which names a missed knock to call, and (with the
  // cards that fit marked) what fits or that this card needs a knock; without the marks, only that it is your turn.
  function prompt() {
    const s = state();
    return s.call?.asks_you || page.showFits() ? s.prompt : "Your turn.";
  }

  // When it comes to you: a missed knock to call takes the focus (otherwise game.js focuses a card that fits);
  // with the cards that fit marked, the message line says when nothing fits or this card needs a knock.
  function focus() {
    const s = state();
    if (s.call?.asks_you) $("kk-call").focus({ preventScroll: true });
    else if (page.showFits() && (s.must_draw || s.must_knock)) page.say(s.prompt);
  }

  // Sam's card is selected (with the knock it needs); Sam's draw or call is marked on its button.
  function suggested(advice) {
    if (advice.action === "play") {
      knock = advice.knock;
      page.select(advice.card);
    }
  }

  function key(event) {
    const k = event.key.toLowerCase();
    if (event.key === "Escape" && pickup) closeSuits({ focusCard: true });
    else if (k === "k") toggleKnock();
    else if (k === "d") draw();
    else if (k === "c") call();
    else return false;
    return true;
  }

  $("kk-draw").addEventListener("click", draw);
  $("kk-knock").addEventListener("click", toggleKnock);
  $("kk-call").addEventListener("click", call);
  $("kk-let-pass").addEventListener("click", letPass);
  $("kk-suits-cancel").addEventListener("click", () => closeSuits({ focusCard: true }));
  for (const button of $("kk-suits").querySelectorAll("[data-suit]")) {
    button.addEventListener("click", () => pickup && send(pickup, button.dataset.suit));
  }
  // Arrows move between the suits, as they move through the hand.
  $("kk-suits").addEventListener("keydown", (event) => {
    const buttons = [...$("kk-suits").querySelectorAll("button")];
    const index = buttons.indexOf(document.activeElement);
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (index < 0 || !step) return;
    event.preventDefault();
    buttons[(index + step + buttons.length) % buttons.length].focus();
  });

  function reset() {
    knock = false;
    shouted = 0;
    shoutedAt = 0;
    closeSuits();
    $("kk-shout").textContent = "";
  }

  return { drawBoard, drawControls, status, prompt, focus, play, suggested, key, reset };
}
