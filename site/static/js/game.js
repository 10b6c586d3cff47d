// The game page: draws the state the engine sends and turns clicks and keys into engine requests.
// Which cards fit, why one does not, who wins: all of that comes from engine/core/webapi.py.
// After every move the deal's record is kept (in memory and in sessionStorage): a crashed engine is restarted
// and the deal restored from it, a reload continues it, and a finished deal is counted once in the statistics.

// Back and Forward move between deals: each history entry holds its deal's record, restored when it comes back.
// Every deal belongs to a match at the table chosen in the Table menu (table-menu.js): the rules, the number of
// players and who sits where; the match's score is drawn by score.js.

import {
  cardButton,
  drawLog as drawLogList,
  drawPlayers as drawPlayerList,
  el,
  markCard,
  SPEEDS,
  setSpeed,
  sleep,
  speed,
  thinking,
} from "./board.js";
import { dailyAsked, dailyNotice, dailyRefused, hideDailyEnd, showDailyEnd } from "./daily.js";
import { Review } from "./review.js";
import { getRuntime } from "./runtime.js";
import { drawScore, drawShortScore } from "./score.js";
import { dealProblem, keepSetting, loadDeal, read, recordGame, saveDeal, setting, todayUTC } from "./store.js";
import {
  chosenTable,
  DEFAULT_RULES,
  drawTableMenu,
  keepTable,
  rulesRequest,
  setTableInUrl,
  setUpTableMenu,
  tableInUrl,
  tableProblem,
} from "./table-menu.js";
import { loadTable } from "./tables.js";
import { drawTogether, peopleParams, recordTogether, servedName } from "./together.js";

const $ = (id) => document.getElementById(id);
const game = $("game");
const runtime = getRuntime();
let state = null;
let selected = null; // code of the selected card
let busy = false; // a request or the computer players' turns are under way
let generation = 0; // bumped by every new deal so a running computer sequence knows it is stale
let heard = 0; // log entries already announced
let dealId = null; // names this deal in the statistics, so it is counted once however often it is drawn
let saved = null; // {id, seed, over, record, earlier, table}: the latest game record, to restore the deal from
let kept = null; // the deal's record as the engine's replies tell it (see keepRecord), or null: ask for it
let earlier = []; // the records of this match's finished deals before this one
let table = null; // {rules, players, seats}: the table this match is played at
let recovering = false; // the engine is being restarted after a crash
let replayFrom = null; // the move this deal was replayed from (a review's "Play from here"); replays are not counted
let advice = null; // the latest suggestion, until the next move
let advised = null; // the card it plays, marked in the hand
let daily = null; // the date of the daily deal this page plays (?daily=, see daily.js), or null
let dealtOn = null; // the day (UTC) that daily deal was dealt on, kept with it: whether it counts does not change at midnight

// The game this page plays and its table (the template names both, from the game's registry entry): the table
// module builds the board and the game's controls and turns clicks and keys into one action (see tables.js).
// Only this game's module is downloaded, while the engine starts.
const GAME = game.dataset.game;
let gameTable = null; // the game's table (its board and controls), once its module has loaded
const tableReady = loadTable(game.dataset.tableModule).then((createTable) => {
  gameTable = createTable(
    {
      board: $("game-board"),
      players: $("game-players"),
      actions: $("game-actions"),
      before: $("game-suggest"),
      id: (name) => name,
    },
    {
      state: () => state,
      act,
      interrupts: () => !recovering,
      say,
      redraw: draw,
      advice: () => advice,
      keyboard,
      focusCard: (code) => $("game-hand").querySelector(`[data-code="${code}"]`)?.focus({ preventScroll: true }),
    },
  );
});

// ---- settings -----------------------------------------------------------------------

const SHOW_FITS_KEY = "sevens.showFits";
const FOUR_COLOUR_KEY = "sevens.fourColour";
const LEARNER_DEALS = 3; // the cards that fit are marked for a learner's first deals, then the marks are offered off

function finishedDeals() {
  try {
    return read().stats.games;
  } catch {
    return 0;
  }
}

// Marked until the player says otherwise, and offered off once they have finished a few deals.
function showFits() {
  return setting(SHOW_FITS_KEY) !== "off";
}

function setPhase(phase) {
  game.dataset.state = phase;
  $("game-loading").hidden = phase !== "loading";
  $("game-error").hidden = phase !== "error";
  $("game-table").hidden = phase === "loading" || phase === "error" || review.visible;
}

function announce(text) {
  const live = $("game-live");
  live.textContent = "";
  // A fresh text node after a tick makes screen readers read repeated messages again.
  setTimeout(() => {
    live.textContent = text;
  }, 50);
}

let waitSaid = false; // the message is "Wait for your turn": it follows the table's turn until yours comes

function say(text) {
  $("game-message").textContent = text;
  waitSaid = false;
}

// A card pressed while the others move: whom you wait for, kept true as the turn goes round, gone at your turn.
function sayWait() {
  if (state.over || state.your_turn) {
    say("");
    return;
  }
  say(`Wait for your turn: ${thinking(state)}`);
  waitSaid = true;
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

function drawPlayers() {
  drawPlayerList($("game-players"), state);
}

// The hand is updated in place, card by card, so a redraw never takes the focus away from the card that has
// it (nor scrolls the page to bring it back). Only a played card leaves; a new deal brings a new hand.
function drawHand() {
  const hand = $("game-hand");
  const marks = showFits();
  if (selected && !state.hand.some((card) => card.code === selected && card.legal)) selected = null;
  const codes = state.hand.map((card) => card.code);
  let buttons = [...hand.querySelectorAll("button.card")];
  const focusedIndex = buttons.indexOf(document.activeElement);
  const kept = buttons.filter((button) => codes.includes(button.dataset.code));
  if (kept.length !== codes.length || kept.some((button, i) => button.dataset.code !== codes[i])) {
    hand.replaceChildren();
    for (const card of state.hand) {
      const button = cardButton(card, { showFits: marks, yourTurn: state.your_turn });
      button.tabIndex = -1;
      // A table whose turn is built in steps lays a card as it is pressed; another selects it for Play.
      button.addEventListener("click", () => (gameTable.steps ? playIfFits : choose)(button.dataset.code));
      button.addEventListener("dblclick", () => playIfFits(button.dataset.code));
      hand.append(button);
    }
  } else {
    for (const button of buttons) if (!codes.includes(button.dataset.code)) button.remove();
  }
  buttons = [...hand.querySelectorAll("button.card")];
  state.hand.forEach((card, i) => {
    markCard(buttons[i], card, { selected: card.code === selected, showFits: marks, yourTurn: state.your_turn });
    buttons[i].classList.toggle("suggested", card.code === advised); // until the next move
    buttons[i].setAttribute("aria-pressed", String(card.code === selected));
  });
  hand.querySelector(".empty-hand")?.remove();
  if (!state.hand.length) hand.append(el("span", { class: "empty-hand" }, "No cards left"));
  // One card of the hand is in the Tab order: the focused one, else the selected one, else one that fits.
  const focused = buttons.indexOf(document.activeElement);
  const keep = buttons.findIndex((b) => b.dataset.code === selected);
  const fits = state.hand.findIndex((card) => card.legal);
  const near = focusedIndex >= 0 ? Math.min(focusedIndex, buttons.length - 1) : -1;
  const index = focused >= 0 ? focused : keep >= 0 ? keep : marks && fits >= 0 ? fits : near >= 0 ? near : 0;
  buttons.forEach((button, i) => {
    button.tabIndex = i === index ? 0 : -1;
  });
  // The focused card was played: its neighbour takes the focus, without scrolling.
  if (focusedIndex >= 0 && focused < 0 && buttons[index]) buttons[index].focus({ preventScroll: true });
}

// On your turn the focus moves to a card that fits, if it was in the hand (or nowhere) and the marks are on.
function focusAFit() {
  const hand = $("game-hand");
  const active = document.activeElement;
  if (!showFits() || !(active === document.body || hand.contains(active))) return;
  const fit = hand.querySelector("button.card.legal");
  if (!fit || fit === active) return;
  for (const button of hand.querySelectorAll("button.card")) button.tabIndex = button === fit ? 0 : -1;
  fit.focus({ preventScroll: true });
}

function drawControls() {
  const yours = state.your_turn && !busy && !recovering;
  $("game-play").disabled = !(yours && selected);
  $("game-play").hidden = Boolean(gameTable.steps); // the table's own Play ends a turn built in steps
  $("game-suggest").disabled = !yours;
  const match = state.match;
  $("game-variant").textContent = state.rules?.name ?? "";
  $("game-share").querySelector(".long").textContent = state.daily ? " to this daily deal" : " to this match";
  if (state.daily) {
    $("game-deal-number").replaceChildren(`daily deal of ${state.daily}`);
    $("game-share").href = `?daily=${state.daily}`;
    return;
  }
  // "deal 2 of match 5" (see dealName), the match's number only where there is room.
  const seed = el("span", { id: "game-seed" }, String(match ? match.seed : state.seed));
  $("game-deal-number").replaceChildren(
    ...(match ? [`deal ${match.deal}`, el("span", { class: "long" }, " of match ", seed)] : ["deal ", seed]),
  );
  const link = new URL("?", location.href);
  link.searchParams.set("seed", String(match ? match.seed : state.seed));
  if (table) setTableInUrl(link, table);
  $("game-share").href = link.search;
}

// The rules beside the table, and the page's heading, text and keys: the engine's words for the table dealt (the
// build wrote those of the default table).
function drawNotes() {
  if (state.rules?.heading) {
    $("game-title").textContent = state.rules.heading;
    $("game-about").textContent = state.rules.about.join(" ");
    $("game-keys").textContent = state.rules.keys;
    document.title = [state.rules.heading, ...document.title.split(" · ").slice(1)].join(" · ");
  }
  const notes = state.rules?.notes ?? [];
  $("game-notes").replaceChildren(...notes.map((note) => el("li", {}, note)));
  $("game-notes").closest("section").hidden = !notes.length;
}

// The status line: the last move, and whose turn it is.
function drawStatus() {
  const last = state.log.at(-1);
  const dealt = state.match && !last ? `${state.names[state.dealer]} dealt.` : null; // "You", or a person's name
  const parts = last ? [`${last.text}.`] : dealt ? [dealt] : [];
  const served = servedName(state);
  if (state.over) parts.push(state.result.text);
  else if (state.your_turn) parts.push(addressed(gameTable.status(state), served));
  else if (state.table?.screen && state.table.waits) parts.push(`${state.table.screen.name} to play.`);
  else parts.push(thinking(state));
  $("game-status").textContent = parts.join(" ");
}

// At a table of people the status line says whose turn it is: "Ana, your turn: …", or "Ana: " before a question.
function addressed(status, served) {
  if (!served) return status;
  return status.startsWith("Your turn") ? `${served}, your${status.slice(4)}` : `${served}: ${status}`;
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
  $("game-next").hidden = !state.match;
  $("game-again").textContent = state.match ? "New match" : state.daily ? "A fresh deal" : "Deal again";
  $("game-offer").hidden = !(setting(SHOW_FITS_KEY) === null && finishedDeals() >= LEARNER_DEALS);
  // In a match the seats show the cards left, and the score table what they cost.
  $("game-result-left").hidden = Boolean(state.match);
  $("game-review-open").hidden = !state.reviews;
  $("game-daily-again").hidden = !state.daily;
  $("game-result-left").replaceChildren(
    ...state.names.map((name, seat) => {
      const left = result.left[seat];
      return el("li", {}, `${name}: ${left === 0 ? "out" : `${left} card${left === 1 ? "" : "s"} left`}`);
    }),
  );
}

function draw() {
  if (!gameTable || !state) return;
  const yours = state.your_turn && !busy && !recovering;
  // The places that fit are marked only while the deal goes on.
  gameTable.draw(state, { yours, marks: showFits() && !state.over, hints: showFits() });
  drawPlayers();
  drawHand();
  drawControls();
  drawStatus();
  drawLog();
  drawResult();
  drawNotes();
  drawScore($("game-score"), state);
  drawShortScore($("game-result-score"), state);
  drawTogether(state, { reveal, act });
  setPhase(state.over ? "over" : "playing");
  game.dataset.busy = String(busy || recovering);
  game.dataset.yourTurn = String(state.your_turn && !busy && !recovering);
  // For bench/browser_speed.py: the first moment a card can be clicked.
  if (state.your_turn && !busy && !performance.getEntriesByName("sevens-playable").length) {
    performance.mark("sevens-playable");
  }
}

// ---- playing ------------------------------------------------------------------------

function choose(code) {
  const card = state?.hand.find((c) => c.code === code);
  if (!card) return;
  if (!state.your_turn || busy || recovering) {
    if (state.over) say("The deal is over.");
    else sayWait();
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
  say(`${card.display} selected: press Play${keyboard() ? ", or Enter" : ""}.`);
  draw();
}

function playIfFits(code) {
  const card = state?.hand.find((c) => c.code === code);
  if (card?.legal) playCard(code);
  else choose(code);
}

const keyboard = () => matchMedia("(hover: hover) and (pointer: fine)").matches;

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

// The table's action: your move while the table waits for you; an action the state lists (a call) while the
// computer players move interrupts them.
function act(action) {
  if (state?.your_turn && !busy && !recovering) return move(action);
  if (listed(action)) return interrupt(action);
  return null;
}

const listed = (action) =>
  state?.actions?.some((each) => Object.entries(action).every(([key, value]) => each[key] === value)) ?? false;

async function move(action) {
  if (!state?.your_turn || busy || recovering) return;
  let reply;
  try {
    reply = await request("act", { action });
  } catch (error) {
    if (error.crashed) return; // recover() takes over
    say(`Something went wrong: ${error.message}`);
    draw();
    return;
  }
  afterMove(reply);
}

// An action the state lists while the computer players are moving (a call on a discard): it reaches the engine at once,
// ahead of their next move, and their sequence starts again from the state it leaves.
async function interrupt(action) {
  if (!state || state.over || recovering) return;
  generation += 1;
  let reply;
  try {
    reply = await runtime.call("act", { action });
  } catch (error) {
    if (error.crashed) return; // recover() takes over
    say(`Something went wrong: ${error.message}`);
    computerTurns();
    return;
  }
  state = reply.state;
  advice = null;
  advised = null;
  if (!reply.ok) {
    say(reply.reason);
    announce(reply.reason);
  } else {
    selected = null;
    say("");
  }
  computerTurns();
}

function playCard(code) {
  const card = state?.hand.find((c) => c.code === code);
  if (card) gameTable.play(card);
}

function afterMove(reply) {
  state = reply.state;
  advice = null;
  advised = null;
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
    while (!state.over && !state.your_turn && !state.table?.waits) {
      const delay = SPEEDS[speed()];
      if (delay) await sleep(delay);
      if (mine !== generation) return;
      const reply = await runtime.call("computer_move");
      if (mine !== generation) return;
      state = reply.state;
      draw();
      if (waitSaid) sayWait();
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
    if (state.daily && replayFrom === null) showDailyEnd(state, runtime, dealtOn); // a replay leaves the day's result be
    announce([...news, state.result.text].join(". "));
    $(state.match ? "game-next" : "game-again").focus();
  } else if (state.table?.screen) {
    announce([...news, state.table.screen.text].join(". "));
    $("game-screen-ready").focus({ preventScroll: true });
  } else {
    announce([...news, gameTable.prompt(state, showFits())].join(". "));
    gameTable.arrived(state, showFits());
    focusAFit();
  }
}

// Each reply tells what the deal's record gained (engine/core/webapi.py: the whole record when a deal starts, then
// each step's new moves), so the page keeps the record as it goes and a step costs one request, not two. News that
// does not follow on the copy kept leaves none: the record is then asked for (recordText).
function keepRecord({ detail: { session, news } }) {
  if (session !== "main") return;
  if (news.record) kept = news.record;
  else if (kept && kept.moves.length === news.at) Object.assign(kept, news.fields).moves.push(...news.moves);
  else kept = null;
}
runtime.addEventListener("record", keepRecord);
runtime.addEventListener("crashed", () => {
  kept = null;
});

// The deal's record as JSON text: the copy kept, or the engine's when none is.
const recordText = async () => (kept ? JSON.stringify(kept) : runtime.call("record"));

// Count the deal once it is over; keep the deal's record after every change. The count comes first, from the state
// the page already has: waiting for the record first left a deal uncounted when the learner left the page (for
// their progress, say) before the worker had answered.
async function remember() {
  if (state.kind !== "game" && state.kind !== "match" && state.kind !== "daily") return;
  // Each game keeps its own statistics: store.js files them under this page's game.
  if (state.over && state.result && replayFrom === null && !state.daily) {
    if (state.table) recordTogether(GAME, dealId, state); // a table of people keeps its own tally, apart from yours
    else recordGame(dealId, state.result.winner, state.seats.slice(1).map((seat) => seat.player), state.rules.name);
  }
  const mine = generation;
  const record = await recordText();
  if (mine !== generation) return; // another deal began meanwhile
  const seed = state.match ? state.match.seed : state.seed;
  saved = { id: dealId, seed, over: state.over, record, replay: replayFrom, earlier: state.match ? earlier : null, table };
  if (state.daily) Object.assign(saved, { daily: state.daily, dealt: dealtOn });
  saveDeal(saved, dealSlot());
  history.replaceState({ deal: saved }, "", location.href);
}

// The daily deal of *date*, continued from its *record* when given.
const startDaily = (date, record) => runtime.call("daily", { date, game: GAME, ...(record ? { record } : {}) });

// Where this tab keeps its deal in progress: the daily deal apart, so the plain game page never continues it.
const dealSlot = () => (daily ? `${GAME}.daily` : GAME);

// The daily deal of *daily*, continued from *resume* ({record}) when given: [the notice it starts with, whether it
// continued *resume*]. A date the engine refuses is today's deal instead, with a notice saying why.
async function dealDaily(resume) {
  let refused = null;
  try {
    state = await startDaily(daily, resume?.record);
  } catch (error) {
    if (error.crashed || runtime.failed) throw error;
    refused = resume ? `Your daily deal could not be continued (${error.message}), so it starts again.` : dailyRefused(error.message);
    if (!resume) daily = todayUTC();
    state = await startDaily(daily, null);
  }
  // A deal continued keeps the day it was dealt on (saved before it was kept: taken as today, as it was then).
  dealtOn = resume && !refused ? (resume.dealt ?? todayUTC()) : todayUTC();
  table = DEFAULT_TABLE;
  earlier = [];
  return [[refused, dailyNotice(daily, dealtOn)].filter(Boolean).join(" "), Boolean(resume) && !refused];
}

function newDealId() {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

const DEFAULT_TABLE = { rules: DEFAULT_RULES, players: 4, seats: ["robin", "alex", "sam"] };

// The table a restored deal was played at: kept with it, or (a deal saved before tables had rules) its rules.
const tableOf = (resume) =>
  resume.table ?? {
    rules: state.rules.text
      .split(",")
      .filter((part) => !part.startsWith("players="))
      .join(","),
    players: state.players,
    seats: state.seats.slice(1).map((seat) => seat.player),
  };

// Why the restored deal's *at* is not a table this page deals, or not the one its record was dealt at, or null.
function restoredTableProblem(at) {
  const seats = state.seats.slice(1).map((seat) => seat.player);
  const wrong = tableProblem(at);
  if (wrong) return wrong;
  // A person's seat has no computer player: the people's names the engine checks against the record.
  if (at.players !== state.players || at.seats.some((name, i) => name !== seats[i] && !at.people?.[i + 1])) {
    return "its table is not the one it was dealt at";
  }
  return null;
}

const restoreParams = (resume) => ({
  record: resume.record,
  game: GAME,
  ...(resume.earlier ? { earlier: resume.earlier } : {}),
  ...peopleParams(resume.table),
});

// The first deal of a new match from *seed* at table *at* ({rules, players, seats}); if the engine refuses the
// table, the game's default rules with Robin, Alex and Sam, and a notice saying why.
async function newDeal(seed, at) {
  const start = (chosen) =>
    runtime.call("new_match", { seed, rules: rulesRequest(chosen), seats: chosen.seats, game: GAME, ...peopleParams(chosen) });
  try {
    state = await start(at);
    table = at;
    return null;
  } catch (error) {
    if (error.crashed || runtime.failed) throw error;
    table = DEFAULT_TABLE;
    state = await start(table);
    return `The table you chose could not be set (${error.message}), so Robin, Alex and Sam are playing.`;
  }
}

// A fresh match from *seed* at table *at* (the remembered one if null), the match's next deal (*next*), or the
// deal in *resume* ({id, seed, over, record, earlier, table}) continued where it was.
// *push* makes it a new entry in the browser's history (Back returns to the deal before). *refused* says why the
// table the address asked for could not be dealt: the notice says so, and what is dealt instead.
async function deal(seed, resume = null, { push = false, notice: told = null, at = null, next = false, refused = null } = {}) {
  generation += 1;
  if (review.visible) review.close();
  selected = null;
  advice = null;
  advised = null;
  gameTable?.reset();
  hideDailyEnd();
  say("");
  busy = true;
  game.dataset.yourTurn = "false";
  if (state) game.dataset.state = "dealing";
  let notice = told;
  try {
    await runtime.ready;
    await tableReady;
    if (daily) {
      const [said, continued] = await dealDaily(resume);
      notice = [told, said].filter(Boolean).join(" ");
      if (!continued) resume = null;
    } else if (resume) {
      try {
        state = await runtime.call("restore", restoreParams(resume));
        const wrong = restoredTableProblem(tableOf(resume));
        if (wrong) throw new Error(wrong);
        table = tableOf(resume);
        earlier = resume.earlier ?? [];
      } catch (error) {
        if (error.crashed || runtime.failed) throw error;
        notice = `Your last deal could not be continued (${error.message}), so here is a fresh one.`;
        resume = null;
      }
    } else if (next) {
      const finished = await recordText();
      state = await runtime.call("next_deal");
      earlier = [...earlier, finished];
    }
    if (!daily && !resume && !next) {
      notice = (await newDeal(seed, at ?? chosenTable())) ?? notice;
      keepTable(table);
      earlier = [];
    }
  } catch (error) {
    busy = false;
    if (!runtime.failed && !error.crashed) say(`Could not deal: ${error.message}`);
    return;
  }
  busy = false;
  dealId = resume ? resume.id : newDealId();
  saved = resume;
  replayFrom = Number.isInteger(resume?.replay) ? resume.replay : null;
  notice ??= state.notice;
  if (refused) {
    const others = state.names.slice(1);
    const dealt = `${state.rules.name} with ${others.length > 1 ? `${others.slice(0, -1).join(", ")} and ` : ""}${others.at(-1)}`;
    notice = [`The address asks for a table this page cannot deal (${refused}), so this is ${dealt}.`, notice].filter(Boolean).join(" ");
  }
  heard = 0;
  const url = new URL(location.href);
  if (daily) url.search = `?daily=${daily}`;
  else {
    url.searchParams.delete("daily");
    url.searchParams.set("seed", String(state.match ? state.match.seed : state.seed));
    setTableInUrl(url, table);
  }
  if (push) history.pushState({ deal: saved }, "", url);
  else history.replaceState({ deal: saved }, "", url);
  showNotice(notice);
  const which = state.match ? `${state.rules.name}: match ${state.match.seed}, deal ${state.match.deal}` : `Deal ${state.seed}`;
  announce(`${notice ? `${notice} ` : ""}${which}.`);
  draw();
  const hand = $("game-hand").querySelector("button[tabindex='0']");
  if (hand && document.activeElement === document.body) hand.focus({ preventScroll: true });
  drawTableMenu(table, state.rules);
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
    await tableReady;
    if (mine !== generation) return;
    if (saved && daily) state = await startDaily(daily, saved.record);
    else if (saved) state = await runtime.call("restore", restoreParams(saved));
    else await newDeal(state?.match?.seed ?? state?.seed ?? "", table ?? chosenTable());
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

// The person the screen names has the device and taps: the engine lifts the screen and shows their hand.
async function reveal() {
  if (!state?.table?.screen || recovering) return;
  const mine = generation;
  try {
    state = await runtime.call("reveal");
  } catch (error) {
    if (!error.crashed) say(error.message);
    return;
  }
  if (mine !== generation) return;
  say("");
  if (busy) draw(); // the computer players are still moving: their sequence goes on from here
  else computerTurns();
}

async function suggest() {
  if (!state?.your_turn || busy || recovering) return;
  try {
    advice = await request("suggest");
    advised = gameTable.suggested(advice);
    if (advised) selected = advised;
    draw();
    // From the keyboard Enter plays the focused card, so the suggested card takes the focus from another in the hand.
    const hand = $("game-hand");
    const card = hand.querySelector("button.card.suggested");
    if (card && (document.activeElement === document.body || hand.contains(document.activeElement))) {
      for (const button of hand.querySelectorAll("button.card")) button.tabIndex = button === card ? 0 : -1;
      card.focus({ preventScroll: true });
    }
    say(advice.text);
    announce(advice.text);
  } catch (error) {
    if (!error.crashed) say(error.message);
  }
}

// The deal in the address; the one this history entry or this tab was playing when the address names it, or
// names none and that deal is not over yet (the Play link continues a deal, but after a finished one it deals
// afresh).
function begin() {
  const url = new URL(location.href);
  const day = dailyAsked(url);
  daily = day?.date ?? null;
  if (day) {
    const { deal: last } = loadDeal(dealSlot());
    deal("", last?.daily === daily && !last.over ? last : null, { notice: day.notice });
    return;
  }
  const seed = url.searchParams.get("seed");
  const { table: asked, problem: refused } = tableInUrl(url);
  const entry = history.state?.deal;
  const entryProblem = entry ? dealProblem(entry) : null;
  if (entry && !entryProblem && String(entry.seed) === seed && !refused) {
    deal(seed, entry);
    return;
  }
  const { deal: last, problem } = loadDeal(GAME);
  const damaged = problem ?? entryProblem;
  const notice = damaged ? `Your last deal could not be continued (${damaged}), so here is a fresh one.` : null;
  const kept = last?.table ?? DEFAULT_TABLE;
  // The same table: its rules, its number of players and its people (the remembered ones, for the address names
  // none), so a tab that last played this deal alone deals it afresh for the family that has since sat down.
  const people = (at) => JSON.stringify(at.people ?? null);
  const sameTable = !asked || (asked.rules === kept.rules && asked.players === kept.players && people(asked) === people(kept));
  const resume = last && sameTable && (seed === null ? !last.over : seed === String(last.seed)) ? last : null;
  deal(seed ?? "", resume, { at: asked, notice, refused });
}

// ---- controls and keys -------------------------------------------------------------------

$("game-play").addEventListener("click", () => selected && playCard(selected));
$("game-suggest").addEventListener("click", suggest);
const nextDeal = () => deal(null, null, { push: true, next: true });
function freshDeal() {
  // After the daily deal (at the default table), a fresh deal at the table the learner chose.
  const at = daily ? chosenTable() : table;
  daily = null;
  deal("", null, { push: true, at });
}
$("game-next").addEventListener("click", nextDeal);
$("game-again").addEventListener("click", freshDeal);
$("game-daily-again").addEventListener("click", () => deal("", null, { push: true }));

// ---- the review of a finished deal ------------------------------------------------------------

// A deal as the table names it: "deal 2 of match 5" in a match, a single deal (a replay) by its own number, the
// daily deal by its day.
function dealName(s) {
  if (s.daily) return `the daily deal of ${s.daily}`;
  return s.match ? `deal ${s.match.deal} of match ${s.match.seed}` : `deal ${s.seed}`;
}

const review = new Review(runtime, {
  game: GAME,
  loadTable: () => loadTable(game.dataset.tableModule), // the module this page already loaded
  onPlayFrom: playFrom,
  onNextDeal: () => (state?.match ? nextDeal() : freshDeal()), // the table's first way on: the match's next deal
  onClose: () => {
    $("game-table").hidden = false;
    $("game-review-open").focus();
  },
});

$("game-review-open").addEventListener("click", () => {
  if (!saved || !state?.over) return;
  $("game-table").hidden = true;
  // The review's way on does what the table's does, so it is named as the table names it ("A fresh deal" after the
  // daily deal, "Deal again" after a single deal).
  $("review-next-deal").textContent = state.match ? $("game-next").textContent : $("game-again").textContent;
  review.open({
    deal: dealName(state),
    record: saved.record,
    log: state.log,
    inMatch: Boolean(state.match),
    people: state.table?.people,
  });
});

// The same deal again from a choice of yours, as a new entry in the history (Back returns to the review's deal).
async function playFrom(moves) {
  const { record } = saved;
  const seed = state.seed; // this deal's own, which a match's later deals do not share with the match
  // A replay is a single deal, named by its own number: the notice says so when the table named it in a match. The
  // daily deal stays the day's (its result and streak stay as first played).
  const which = state.daily
    ? `The daily deal of ${state.daily} again`
    : state.match
      ? `Deal ${state.match.deal} of match ${state.match.seed} again, as deal ${seed} on its own,`
      : `Deal ${seed} again`;
  let again;
  try {
    await runtime.call("replay", { record, moves, game: GAME });
    again = await recordText();
  } catch (error) {
    if (!error.crashed) $("review-chances").textContent = `Could not replay the deal: ${error.message}`;
    return;
  }
  review.noteReplay(record, moves);
  const notice = `${which} from move ${moves + 1}: try another card. A replayed deal is not counted in your statistics.`;
  await deal(String(seed), { id: newDealId(), seed, over: false, record: again, replay: moves, table }, { push: true, notice });
}
$("game-fits-off").addEventListener("click", () => {
  setFits(false);
  $("game-offer").hidden = true;
  say("The cards that fit are no longer marked. Settings turns the marks back on.");
});

function setFits(on) {
  keepSetting(SHOW_FITS_KEY, on ? "on" : "off");
  $("game-show-fits").checked = on;
  if (state) draw();
}

const fitsBox = $("game-show-fits");
fitsBox.checked = showFits();
fitsBox.addEventListener("change", () => setFits(fitsBox.checked));

function setFourColour(on) {
  game.classList.toggle("four-colour", on);
}
const colourBox = $("game-four-colour");
colourBox.checked = setting(FOUR_COLOUR_KEY) === "on";
setFourColour(colourBox.checked);
colourBox.addEventListener("change", () => {
  keepSetting(FOUR_COLOUR_KEY, colourBox.checked ? "on" : "off");
  setFourColour(colourBox.checked);
});

// Choosing the table (rules, players, opponents) starts a new match there.
setUpTableMenu((chosen) => {
  $("game-table-menu").open = false;
  scrollTo({ top: 0 }); // reaching the menu's last button may have scrolled the page; the table fits from the top
  daily = null;
  deal("", null, { push: true, at: chosen });
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
    playIfFits(cards[index].dataset.code);
  }
});

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  // Escape closes the open menu (Table or Settings), as it closes a menu elsewhere, and leaves the focus on its name.
  const menu = event.key === "Escape" ? event.target.closest?.("details.game-menu[open]") : null;
  if (menu) {
    event.preventDefault();
    menu.open = false;
    menu.querySelector(":scope > summary").focus();
    return;
  }
  if (event.target.closest?.("input, select, textarea")) return;
  if (gameTable?.key(event)) {
    event.preventDefault();
    return;
  }
  const key = event.key.toLowerCase();
  if (key === "s" && !$("game-suggest").disabled) {
    event.preventDefault();
    suggest();
  }
});

window.addEventListener("popstate", begin);
drawTableMenu(chosenTable());

setPhase("loading");
begin();
