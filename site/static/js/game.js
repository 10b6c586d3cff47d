// The game page: draws the state the engine sends and turns clicks and keys into engine requests.
// Which cards fit, why one does not, who wins: all of that comes from engine/core/webapi.py.
// After every move the deal's record is kept (in memory and in sessionStorage): a crashed engine is restarted
// and the deal restored from it, a reload continues it, and a finished deal is counted once in the statistics.

import {
  cardButton,
  drawLog as drawLogList,
  drawPlayers as drawPlayerList,
  drawRows as drawRowList,
  el,
  SPEEDS,
  setSpeed,
  sleep,
  speed,
} from "./board.js";
import { getRuntime } from "./runtime.js";
import { loadDeal, recordGame, saveDeal } from "./store.js";

const $ = (id) => document.getElementById(id);
const game = $("game");
const runtime = getRuntime();
let state = null;
let selected = null; // code of the selected card
let busy = false; // a request or the computer players' turns are under way
let generation = 0; // bumped by every new deal so a running computer sequence knows it is stale
let heard = 0; // log entries already announced
let dealId = null; // names this deal in the statistics, so it is counted once however often it is drawn
let saved = null; // {id, seed, over, record}: the latest game record, to restore the deal from
let recovering = false; // the engine is being restarted after a crash

function setPhase(phase) {
  game.dataset.state = phase;
  $("game-loading").hidden = phase !== "loading";
  $("game-error").hidden = phase !== "error";
  $("game-table").hidden = phase === "loading" || phase === "error";
}

function announce(text) {
  const live = $("game-live");
  live.textContent = "";
  // A fresh text node after a tick makes screen readers read repeated messages again.
  setTimeout(() => {
    live.textContent = text;
  }, 50);
}

function say(text) {
  $("game-message").textContent = text;
}

// ---- loading ------------------------------------------------------------------

runtime.addEventListener("stage", (event) => {
  const { label, progress, stage } = event.detail;
  $("game-stage").textContent = stage === "downloading" ? `${label}… ${Math.round(progress * 100)}%` : `${label}…`;
  const bar = $("game-progress");
  const order = ["manifest", "downloading", "starting", "engine", "ready"];
  // Downloading is most of the wait, so it gets most of the bar.
  const base = { manifest: 0, downloading: 0.02, starting: 0.8, engine: 0.92, ready: 1 }[stage] ?? 0;
  const span = { manifest: 0.02, downloading: 0.78, starting: 0.12, engine: 0.08, ready: 0 }[stage] ?? 0;
  bar.value = order.includes(stage) ? base + span * progress : bar.value;
});

runtime.addEventListener("failed", (event) => {
  $("game-error-text").textContent = event.detail.message;
  setPhase("error");
  announce(event.detail.message);
});

$("game-retry").addEventListener("click", () => {
  setPhase("loading");
  $("game-progress").value = 0;
  runtime.start();
  begin();
});

// ---- drawing ----------------------------------------------------------------------

function drawRows() {
  drawRowList($("game-rows"), state);
}

function drawPlayers() {
  drawPlayerList($("game-players"), state);
}

function drawHand() {
  const hand = $("game-hand");
  const focusedIndex = [...hand.children].indexOf(document.activeElement);
  hand.replaceChildren();
  if (selected && !state.hand.some((card) => card.code === selected && card.legal)) selected = null;
  state.hand.forEach((card) => {
    const button = cardButton(card, { selected: card.code === selected });
    button.tabIndex = -1;
    button.setAttribute("aria-pressed", String(card.code === selected));
    button.addEventListener("click", () => choose(card));
    button.addEventListener("dblclick", () => card.legal && playCard(card.code));
    hand.append(button);
  });
  if (!state.hand.length) hand.append(el("span", { class: "empty-hand" }, "No cards left"));
  const cards = [...hand.querySelectorAll("button")];
  const keep = cards.findIndex((b) => b.dataset.code === selected);
  const first = cards.findIndex((b) => !b.hasAttribute("aria-disabled"));
  const target = cards[keep >= 0 ? keep : focusedIndex >= 0 ? Math.min(focusedIndex, cards.length - 1) : Math.max(first, 0)];
  if (target) target.tabIndex = 0;
  if (focusedIndex >= 0 && target) target.focus();
}

function drawControls() {
  const yours = state.your_turn && !busy && !recovering;
  $("game-play").disabled = !(yours && selected);
  $("game-pass").disabled = !(yours && state.may_pass);
  $("game-suggest").disabled = !yours;
  $("game-seed").textContent = String(state.seed);
  const link = $("game-share");
  link.href = `?seed=${state.seed}`;
}

function drawLog() {
  drawLogList($("game-log"), state);
}

function drawResult() {
  const panel = $("game-result");
  panel.hidden = !state.result;
  if (!state.result) return;
  const result = state.result;
  $("game-result-text").textContent = result.text;
  $("game-result-left").replaceChildren(
    ...state.names.map((name, seat) => {
      const left = result.left[seat];
      return el("li", {}, `${name}: ${left === 0 ? "out" : `${left} card${left === 1 ? "" : "s"} left`}`);
    }),
  );
}

function draw() {
  drawRows();
  drawPlayers();
  drawHand();
  drawControls();
  drawLog();
  drawResult();
  setPhase(state.over ? "over" : "playing");
  game.dataset.busy = String(busy || recovering);
  game.dataset.yourTurn = String(state.your_turn && !busy && !recovering);
  // For bench/browser_speed.py: the first moment a card can be clicked.
  if (state.your_turn && !busy && !performance.getEntriesByName("sevens-playable").length) {
    performance.mark("sevens-playable");
  }
}

// ---- playing ------------------------------------------------------------------------

function choose(card) {
  if (!state?.your_turn || busy || recovering) {
    say(state?.over ? "The deal is over." : "Wait for your turn.");
    return;
  }
  if (!card.legal) {
    selected = null;
    say(card.why);
    announce(card.why);
    draw();
    return;
  }
  selected = card.code;
  say(`${card.display} selected: press Play, or Enter.`);
  draw();
}

async function request(method, params) {
  busy = true;
  game.dataset.busy = "true";
  game.dataset.yourTurn = "false";
  try {
    return await runtime.call(method, params);
  } finally {
    busy = false;
  }
}

async function move(method, params) {
  if (!state?.your_turn || busy || recovering) return;
  let reply;
  try {
    reply = await request(method, params);
  } catch (error) {
    if (error.crashed) return; // recover() takes over
    say(`Something went wrong: ${error.message}`);
    draw();
    return;
  }
  afterMove(reply);
}

const playCard = (code) => move("play", { card: code });
const pass = () => move("pass_turn", {});

function afterMove(reply) {
  state = reply.state;
  if (!reply.ok) {
    say(reply.reason);
    announce(reply.reason);
    draw();
    return;
  }
  selected = null;
  say("");
  heard = state.log.length;
  draw();
  computerTurns();
}

// The computer players move one at a time, at the chosen pace, until it is your turn or the deal ends.
async function computerTurns() {
  const mine = generation;
  busy = true;
  draw();
  try {
    await remember();
    while (!state.over && !state.your_turn) {
      const delay = SPEEDS[speed()];
      if (delay) await sleep(delay);
      if (mine !== generation) return;
      const reply = await runtime.call("computer_move");
      if (mine !== generation) return;
      state = reply.state;
      draw();
      await remember();
    }
  } catch (error) {
    if (!error.crashed && mine === generation) say(`Something went wrong: ${error.message}`);
    return;
  } finally {
    if (mine === generation) {
      busy = false;
      if (state) draw();
    }
  }
  const news = state.log.slice(heard).map((move) => move.text);
  heard = state.log.length;
  if (state.over) {
    announce([...news, state.result.text].join(". "));
    $("game-again").focus();
  } else {
    announce([...news, state.prompt].join(". "));
    if (state.must_pass) say("Nothing fits: press Pass (or P).");
  }
}

// Keep the deal's record after every change; count the deal once it is over.
async function remember() {
  if (state.kind !== "game") return;
  const mine = generation;
  const record = await runtime.call("record");
  if (mine !== generation) return; // another deal began meanwhile
  saved = { id: dealId, seed: state.seed, over: state.over, record };
  saveDeal(saved);
  if (state.over && state.result) recordGame(dealId, state.result.winner);
}

function newDealId() {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

// A fresh deal from *seed*, or the deal in *resume* ({id, seed, over, record}) continued where it was.
async function deal(seed, resume = null) {
  generation += 1;
  selected = null;
  say("");
  busy = true;
  game.dataset.yourTurn = "false";
  if (state) game.dataset.state = "dealing";
  let notice = null;
  try {
    await runtime.ready;
    if (resume) {
      try {
        state = await runtime.call("restore", { record: resume.record });
      } catch (error) {
        if (error.crashed || runtime.failed) throw error;
        notice = `Your last deal could not be continued (${error.message}), so here is a fresh one.`;
        resume = null;
      }
    }
    if (!resume) state = await runtime.call("new_game", { seed });
  } catch (error) {
    busy = false;
    if (!runtime.failed && !error.crashed) say(`Could not deal: ${error.message}`);
    return;
  }
  busy = false;
  dealId = resume ? resume.id : newDealId();
  saved = resume;
  notice ??= state.notice;
  heard = 0;
  const url = new URL(location.href);
  if (url.searchParams.get("seed") !== String(state.seed)) {
    url.searchParams.set("seed", String(state.seed));
    history.replaceState(null, "", url);
  }
  showNotice(notice);
  announce(`${notice ? `${notice} ` : ""}Deal ${state.seed}.`);
  draw();
  const hand = $("game-hand").querySelector("button[tabindex='0']");
  if (hand && document.activeElement === document.body) hand.focus({ preventScroll: true });
  computerTurns();
}

function showNotice(text) {
  $("game-notice").textContent = text ?? "";
  $("game-notice").hidden = !text;
}

// The worker died mid-game (runtime.js has already started a new one): put the deal back from its record.
async function recover() {
  generation += 1;
  const mine = generation;
  recovering = true;
  if (state) draw();
  showNotice("The game engine stopped; restarting it…");
  try {
    await runtime.ready;
    if (mine !== generation) return;
    state = saved
      ? await runtime.call("restore", { record: saved.record })
      : await runtime.call("new_game", { seed: state?.seed ?? "" });
  } catch (error) {
    // Crashed again: the next "crashed" event runs recover() afresh; a failed start shows the error panel.
    if (mine === generation && !error.crashed && !runtime.failed) showNotice(`The deal could not be restored: ${error.message}`);
    return;
  } finally {
    if (mine === generation) recovering = false;
  }
  if (mine !== generation) return;
  dealId ??= newDealId();
  busy = false; // whatever was under way belonged to the dead worker
  heard = state.log.length;
  selected = null;
  showNotice("The game engine restarted; your deal is restored.");
  announce("The game engine restarted; your deal is restored.");
  draw();
  computerTurns();
}

runtime.addEventListener("crashed", recover);

async function suggest() {
  if (!state?.your_turn || busy || recovering) return;
  try {
    const advice = await request("suggest");
    if (advice.card) {
      selected = advice.card;
      const card = state.hand.find((c) => c.code === advice.card);
      const text = `Suggestion: ${card.display}. ${advice.reason}`;
      draw();
      $("game-hand").querySelector(`[data-code="${advice.card}"]`)?.classList.add("suggested");
      say(text);
      announce(text);
    } else {
      draw();
      say(`Suggestion: pass. ${advice.reason}`);
      announce(`Suggestion: pass. ${advice.reason}`);
    }
  } catch (error) {
    if (!error.crashed) say(error.message);
  }
}

// The deal in the address; the one this tab was playing when the address names it, or names none and that
// deal is not over yet (the Play link continues a deal, but after a finished one it deals afresh).
function begin() {
  const seed = new URL(location.href).searchParams.get("seed");
  const last = loadDeal();
  const resume = last && (seed === null ? !last.over : seed === String(last.seed)) ? last : null;
  deal(seed ?? "", resume);
}

// ---- controls and keys -------------------------------------------------------------------

$("game-play").addEventListener("click", () => selected && playCard(selected));
$("game-pass").addEventListener("click", pass);
$("game-suggest").addEventListener("click", suggest);
$("game-again").addEventListener("click", () => {
  const url = new URL(location.href);
  url.searchParams.delete("seed");
  history.pushState(null, "", url);
  deal("");
});

const speedSelect = $("game-speed");
speedSelect.value = speed();
speedSelect.addEventListener("change", () => setSpeed(speedSelect.value));

$("game-hand").addEventListener("keydown", (event) => {
  const cards = [...$("game-hand").querySelectorAll("button")];
  const index = cards.indexOf(document.activeElement);
  if (index < 0) return;
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (step || event.key === "Home" || event.key === "End") {
    event.preventDefault();
    const next = event.key === "Home" ? 0 : event.key === "End" ? cards.length - 1 : (index + step + cards.length) % cards.length;
    cards[index].tabIndex = -1;
    cards[next].tabIndex = 0;
    cards[next].focus();
  } else if (event.key === "Enter") {
    event.preventDefault();
    const card = state.hand.find((c) => c.code === cards[index].dataset.code);
    if (card?.legal) playCard(card.code);
    else if (card) choose(card);
  }
});

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target.closest?.("input, select, textarea")) return;
  const key = event.key.toLowerCase();
  if (key === "p" && !$("game-pass").disabled) {
    event.preventDefault();
    pass();
  } else if (key === "s" && !$("game-suggest").disabled) {
    event.preventDefault();
    suggest();
  }
});

window.addEventListener("popstate", begin);

setPhase("loading");
begin();
