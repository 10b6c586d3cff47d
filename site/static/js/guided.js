// Guided deals in lessons: each section.puzzle[data-kind="guided"] becomes a live deal on the shared engine.
// The learner plays seat 0; every choice, even a card that does not fit or a pass while one does, goes to
// the engine, which judges it and says why. The computer seats follow the lesson's script, then the bots.
// The section names its game (data-game), the game's table module and its styles (data-table-module and
// data-table-styles, from the game's registry entry): the deal runs in that game's session and its board and controls are that module's (see tables.js),
// the same as on the game page. Only the tables of the games on this page are downloaded.
// Whether the cards that fit are marked is the stage's to say (the engine's state.marks, from the lesson's block):
// a stage that asks the learner to find the card marks none. The message line (a refusal, the moves since your
// last) sits under your cards, where the eye is when a card is refused, and the status line says so too.
// Whether the goal is reached is the engine's to say too (state.goal_reached, from the lesson's goal-check): a win
// by another line than the goal's is not the goal, and the engine's state.setback says why it is out of reach.

import { cardButton, drawLog, drawPlayers, el, SPEEDS, sleep, speed, thinking } from "./board.js";
import { getRuntime } from "./runtime.js";
import { loadTable } from "./tables.js";

const sections = [...document.querySelectorAll('section.puzzle[data-kind="guided"]')];

function goalOf(section) {
  try {
    return JSON.parse(section.querySelector(".puzzle__data")?.textContent ?? "{}").goal ?? "";
  } catch {
    return "";
  }
}

class GuidedDeal {
  constructor(section, runtime) {
    this.section = section;
    this.runtime = runtime;
    this.status = section.querySelector("[data-guided-status]");
    this.board = section.querySelector("[data-guided-board]");
    this.feedback = section.querySelector(".puzzle__feedback");
    this.start = section.querySelector("[data-guided-start]");
    this.session = `guided:${section.id}`;
    this.game = section.dataset.game;
    this.table = null; // built with the board, from the game's table module
    this.advice = null;
    this.refused = false; // the message line shows a refusal: the status line says so
    this.busy = false;
    this.generation = 0;
  }

  // The message line; a refusal is marked as a wrong answer to a puzzle is (✗, in the colour of a mistake), and
  // the status line says so for as long as the refusal is what the message line shows.
  say(text, { refusal = false } = {}) {
    if (!this.feedback) return;
    this.feedback.textContent = text;
    this.feedback.classList.toggle("is-wrong", refusal);
    if (this.refused !== refusal) {
      this.refused = refusal;
      if (this.state?.your_turn && !this.state.over) this.yourTurn();
    }
  }

  yourTurn() {
    this.status.textContent = this.refused
      ? "Not allowed: the reason is under your cards. Your turn again."
      : this.outOfReach() ?? this.table.guide(this.state, Boolean(this.state.marks));
  }

  // A move of yours put the goal out of reach (the engine's state.setback says why): said plainly, with the way
  // to try again, for as long as the deal goes on.
  outOfReach() {
    const setback = this.state?.setback;
    return setback ? `${setback} The goal is out of reach now: press Try again to play this deal again.` : null;
  }

  loading(detail) {
    const percent = detail.stage === "downloading" ? ` ${Math.round(detail.progress * 100)}%` : "";
    this.status.textContent = `Loading the interactive part… ${detail.label}${percent}`;
  }

  failed(message) {
    const retry = el("button", { type: "button", class: "button" }, "Retry");
    retry.addEventListener("click", () => {
      this.status.textContent = "Loading the interactive part…";
      this.runtime.start();
      startAll();
    });
    this.status.replaceChildren(`The interactive part could not load. ${message} `, retry);
  }

  build(createTable) {
    this.players = el("ul", { class: "players" });
    const heading = `${this.section.id}-hand`;
    this.hand = el("div", { class: "hand", role: "group", "aria-labelledby": heading });
    this.restart = el("button", { type: "button" }, "Start again");
    this.log = el("ol", {});
    this.restart.addEventListener("click", () => this.begin());
    const board = el("div", { class: "guided-board" });
    const actions = el("div", { class: "actions" }, this.restart);
    this.board.replaceChildren(
      el(
        "div",
        { class: "game guided-live" },
        this.players,
        board,
        el("p", { class: "guided-hand-label", id: heading }, "Your hand"),
        this.hand,
        actions,
        el("div", { class: "log-scroll", role: "region", tabIndex: 0, "aria-label": "Moves so far" }, this.log),
      ),
    );
    const log = this.log.parentElement;
    this.table = createTable(
      { board, players: this.players, actions, before: this.restart, id: (name) => `${this.section.id}-${name}` },
      {
        state: () => this.state,
        act: (action) => this.move(action),
        interrupts: () => false,
        say: (text) => this.say(text),
        redraw: () => this.draw(),
        advice: () => null,
        keyboard: () => false,
        focusCard: (code) => this.hand.querySelector(`[data-code="${code}"]`)?.focus({ preventScroll: true }),
      },
    );
    // The message line comes up from under the Hint to just below the cards and their controls (after any
    // choice the table shows there), so that a refusal is read where the card was pressed.
    if (this.feedback) log.before(this.feedback);
  }

  async begin() {
    this.generation += 1;
    const { position, script, tableModule, marks, rules, goalCheck } = this.section.dataset;
    let createTable;
    try {
      const params = {
        position,
        script: script ?? "",
        goal: goalOf(this.section),
        goal_check: goalCheck || "win",
        game: this.game,
        marks: marks === "true",
      };
      if (rules) params.rules = rules; // an early lesson's deal, under fewer rules than the defaults
      [this.state, createTable] = await Promise.all([this.runtime.call("guided", params, this.session), loadTable(tableModule)]);
    } catch (error) {
      this.status.textContent = `This deal could not be set up: ${error.message}`;
      return;
    }
    if (!this.players) this.build(createTable);
    this.missed = false;
    this.table.reset();
    if (this.start) this.start.hidden = true;
    this.say("");
    this.draw();
    this.computers();
  }

  draw() {
    const state = this.state;
    const marks = Boolean(state.marks); // the stage says whether the cards that fit are marked
    drawPlayers(this.players, state);
    this.table.draw(state, { yours: state.your_turn && !this.busy, marks, hints: marks });
    this.hideLater();
    drawLog(this.log, state);
    const focused = [...this.hand.children].indexOf(document.activeElement);
    this.hand.replaceChildren(
      ...state.hand.map((card) => {
        const button = cardButton(card, { showFits: marks, yourTurn: state.your_turn });
        button.addEventListener("click", () => {
          if (this.state?.your_turn && !this.busy) this.table.play(card);
        });
        return button;
      }),
    );
    const buttons = this.hand.querySelectorAll("button");
    if (focused >= 0 && buttons.length) buttons[Math.min(focused, buttons.length - 1)].focus();
    this.section.dataset.state = state.over ? "over" : state.your_turn && !this.busy ? "your-turn" : "waiting";
    if (state.over) {
      const reached = state.goal_reached === true; // the engine's word: a win by another line is not the goal
      const missed = state.setback ? `${state.setback} The goal was not reached: press` : "Press";
      this.status.textContent = reached
        ? `${state.result.text} Goal reached.`
        : `${state.result.text} ${missed} Start again to try another line.`;
      this.section.classList.toggle("is-solved", reached);
    } else if (state.your_turn) {
      this.yourTurn();
    } else {
      this.status.textContent = this.outOfReach() ?? thinking(state);
    }
    this.restart.textContent = state.setback && !state.over ? "Try again" : "Start again";
    this.restart.classList.toggle("button", Boolean(state.setback) && !state.over);
    if ((state.setback || (state.over && state.goal_reached !== true)) && !this.missed) {
      // A goal out of reach, or a deal over without it, costs the stage's first-time star (lessons.js counts it).
      this.missed = true;
      this.section.dispatchEvent(new CustomEvent("sevens:missed", { bubbles: true, detail: { id: this.section.id } }));
    }
  }

  // A control, or a part of the board with a data-label, named with a word a later lesson introduces (the page's
  // data-later-words, from the lessons' front matter) is not shown: lesson 1 does not offer a call it has not taught.
  hideLater() {
    const words = this.section.closest("[data-later-words]")?.dataset.laterWords.split(",").filter(Boolean) ?? [];
    const later = words.map((word) => new RegExp(`(?<![\\w-])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+")}`, "i"));
    for (const control of this.board.querySelectorAll(".actions button, [data-label]")) {
      const name = control.dataset.label ?? control.textContent;
      if (control !== this.restart && later.some((word) => word.test(name))) control.hidden = true;
    }
  }

  // The learner's move, judged by the engine: a refusal comes back with the reason and changes nothing.
  async move(action) {
    if (!this.state?.your_turn || this.busy) return;
    this.busy = true;
    const before = this.state.setback;
    let reply;
    try {
      reply = await this.runtime.call("act", { action }, this.session);
    } catch (error) {
      this.say(`Something went wrong: ${error.message}`);
      return;
    } finally {
      this.busy = false;
    }
    this.state = reply.state;
    if (!reply.ok) {
      this.say(`Not allowed. ${reply.reason}`, { refusal: true });
      this.draw();
      this.feedback?.scrollIntoView({ block: "nearest" });
      return;
    }
    const setback = this.state.setback && this.state.setback !== before ? this.state.setback : null;
    this.judgement = [reply.move && `${reply.move.text}.`, this.state.comment, setback].filter(Boolean).join(" ");
    this.say(this.judgement);
    this.draw();
    this.computers();
  }

  async computers() {
    const mine = this.generation;
    const news = [];
    this.busy = true;
    try {
      while (!this.state.over && !this.state.your_turn) {
        const delay = SPEEDS[speed()];
        if (delay) await sleep(delay);
        if (mine !== this.generation) return;
        const reply = await this.runtime.call("computer_move", {}, this.session);
        if (mine !== this.generation) return;
        this.state = reply.state;
        if (reply.move) news.push(reply.move.text); // null when the step only closed a call window
        this.draw();
      }
    } catch (error) {
      this.say(`Something went wrong: ${error.message}`);
      return;
    } finally {
      if (mine === this.generation) this.busy = false;
    }
    this.draw();
    if (news.length) {
      const end = this.state.over ? this.status.textContent : "Your turn.";
      this.say([this.judgement, `${news.join(". ")}.`, end].filter(Boolean).join(" "));
    }
    this.judgement = "";
  }
}

let deals = [];

function startAll() {
  for (const deal of deals) {
    deal.runtime.ready.then(
      () => deal.begin(),
      () => {}, // the "failed" event has already explained it
    );
  }
}

if (sections.length) {
  // Lesson pages do not carry the tables' style sheets; the live tables need the shared one and their games' own
  // (data-table-styles, from the game's registry entry), each once.
  const sheets = new Set(["game.css", ...sections.map((section) => section.dataset.tableStyles).filter(Boolean)]);
  for (const sheet of sheets) {
    document.head.append(el("link", { rel: "stylesheet", href: new URL(`../css/${sheet}`, import.meta.url).href }));
  }
  const runtime = getRuntime();
  deals = sections.map((section) => new GuidedDeal(section, runtime));
  runtime.addEventListener("stage", (event) => {
    if (event.detail.stage !== "ready") for (const deal of deals) deal.loading(event.detail);
  });
  runtime.addEventListener("failed", (event) => {
    for (const deal of deals) deal.failed(event.detail.message);
  });
  // The engine was restarted after a crash (runtime.js) and its deals went with it: each starts again.
  runtime.addEventListener("crashed", startAll);
  startAll();
}
