// Guided deals in lessons: each section.puzzle[data-kind="guided"] becomes a live deal on the shared engine.
// The learner plays seat 0; every choice, even a card that does not fit or a pass while one does, goes to
// the engine, which judges it and says why. The computer seats follow the lesson's script, then the bots.
// The section names its game (data-game); the deal runs in that game's session and is drawn by that game's
// part of the table (TABLES): Sevens' rows and Pass, or Knock! Knock!'s pile, Draw, Knock and calls.

import { cardButton, cardFace, drawLog, drawPlayers, drawRows, el, SPEEDS, sleep, speed } from "./board.js";
import { getRuntime } from "./runtime.js";

// A game's part of a guided deal's table: build(deal) makes its board and controls (returned as
// {board, actions}, placed around the hand), draw(deal, state) updates them, prompt(state) says what to do.
const sevensTable = {
  build(deal) {
    const rows = el("ul", { class: "rows" });
    const pass = el("button", { type: "button" }, "Pass");
    pass.addEventListener("click", () => deal.move("pass_turn", {}));
    Object.assign(deal, { rows, pass });
    return { board: [rows], actions: [pass] };
  },
  draw(deal, state) {
    drawRows(deal.rows, state);
    deal.pass.disabled = !state.your_turn || deal.busy;
  },
  play: (deal, card) => deal.move("play", { card: card.code }),
  prompt: (state) => (state.must_pass ? "Your turn. Nothing fits: press Pass." : "Your turn: press the card you want to play."),
};

const SUITS = [
  ["C", "Clubs", "♣"],
  ["D", "Diamonds", "♦"],
  ["H", "Hearts", "♥"],
  ["S", "Spades", "♠"],
];

const knockKnockTable = {
  build(deal) {
    const top = el("span", { class: "kk-card", role: "img" });
    const suit = el("span", { class: "kk-suit-name" });
    const stock = el("span", { class: "kk-count" });
    const board = el(
      "div",
      { class: "kk-board" },
      el("div", { class: "kk-spot kk-pile" }, el("span", { class: "kk-label" }, "Top card"), top),
      el("div", { class: "kk-spot kk-suit" }, el("span", { class: "kk-label" }, "Playing suit"), suit),
      el("div", { class: "kk-spot kk-stock" }, el("span", { class: "kk-label" }, "Stock"), stock),
    );
    const button = (label, action) => {
      const made = el("button", { type: "button" }, label);
      made.addEventListener("click", action);
      return made;
    };
    const drawButton = button("Draw", () => deal.move("draw", {}));
    const knock = button("Knock", () => {
      deal.knock = !deal.knock;
      knock.setAttribute("aria-pressed", String(deal.knock));
    });
    knock.setAttribute("aria-pressed", "false");
    const call = button("Knock! Knock!", () => deal.move("challenge", {}));
    call.classList.add("kk-call");
    const letPass = button("Let it pass", () => deal.move("let_pass", {}));
    // A pick-up card asks which suit it names before it goes down.
    const suitsText = el("p", {});
    const suits = el(
      "div",
      { class: "kk-suits", role: "group", "aria-label": "Name the playing suit" },
      suitsText,
      ...SUITS.map(([code, name, symbol]) =>
        button(`${symbol} ${name}`, () => {
          suits.hidden = true;
          knockKnockTable.send(deal, deal.pickup, code);
        }),
      ),
    );
    suits.hidden = true;
    Object.assign(deal, { top, suit, stock, drawButton, knockButton: knock, call, letPass, suits, suitsText, knock: false });
    return { board: [board], actions: [drawButton, knock, call, letPass], after: [suits] };
  },
  draw(deal, state) {
    deal.top.replaceChildren(cardFace(state.top.display, state.top.suit));
    deal.top.setAttribute("aria-label", state.top.name);
    deal.suit.textContent = `${state.suit.symbol} ${state.suit.name}`;
    deal.stock.textContent = String(state.stock);
    const mine = state.may_play && !deal.busy;
    deal.drawButton.disabled = !mine;
    deal.knockButton.disabled = !mine;
    if (!mine) deal.knock = false;
    deal.knockButton.setAttribute("aria-pressed", String(deal.knock));
    deal.call.disabled = !(state.call?.you_may_call && state.your_turn && !deal.busy);
    deal.letPass.hidden = !state.call?.asks_you;
    if (!state.your_turn) deal.suits.hidden = true;
  },
  play(deal, card) {
    if (!card.pickup || !card.legal) {
      knockKnockTable.send(deal, card.code);
      return;
    }
    deal.pickup = card.code;
    deal.suitsText.textContent = card.name_suit;
    deal.suits.hidden = false;
    deal.suits.querySelector("button")?.focus();
  },
  send(deal, code, suit = null) {
    const params = { card: code, knock: deal.knock };
    if (suit) params.suit = suit;
    deal.knock = false;
    deal.move("play", params);
  },
  prompt: (state) => state.prompt ?? "Your turn.",
};

const TABLES = { sevens: sevensTable, "knock-knock": knockKnockTable };
const all = [...document.querySelectorAll('section.puzzle[data-kind="guided"]')];
const sections = all.filter((section) => TABLES[section.dataset.game ?? "sevens"]);
for (const section of all.filter((each) => !sections.includes(each))) {
  section.querySelector("[data-guided-status]").textContent =
    "This deal cannot be played on this page yet: the starting position is shown above.";
}

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
    this.game = section.dataset.game ?? "sevens";
    this.table = TABLES[this.game];
    this.busy = false;
    this.generation = 0;
  }

  say(text) {
    if (this.feedback) this.feedback.textContent = text;
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

  build() {
    this.players = el("ul", { class: "players" });
    const heading = `${this.section.id}-hand`;
    this.hand = el("div", { class: "hand", role: "group", "aria-labelledby": heading });
    this.restart = el("button", { type: "button" }, "Start again");
    this.log = el("ol", {});
    this.restart.addEventListener("click", () => this.begin());
    const { board, actions, after = [] } = this.table.build(this);
    this.board.replaceChildren(
      el(
        "div",
        { class: "game guided-live" },
        this.players,
        ...board,
        el("p", { class: "guided-hand-label", id: heading }, "Your hand"),
        this.hand,
        el("div", { class: "actions" }, ...actions, this.restart),
        ...after,
        el("div", { class: "log-scroll", role: "region", tabIndex: 0, "aria-label": "Moves so far" }, this.log),
      ),
    );
  }

  async begin() {
    this.generation += 1;
    const { position, script } = this.section.dataset;
    try {
      const params = { position, script: script ?? "", goal: goalOf(this.section), game: this.game };
      this.state = await this.runtime.call("guided", params, this.session);
    } catch (error) {
      this.status.textContent = `This deal could not be set up: ${error.message}`;
      return;
    }
    if (!this.players) this.build();
    if (this.start) this.start.hidden = true;
    this.say("");
    this.draw();
    this.computers();
  }

  draw() {
    const state = this.state;
    drawPlayers(this.players, state);
    this.table.draw(this, state);
    drawLog(this.log, state);
    const focused = [...this.hand.children].indexOf(document.activeElement);
    this.hand.replaceChildren(
      ...state.hand.map((card) => {
        const button = cardButton(card);
        button.addEventListener("click", () => {
          if (this.state?.your_turn && !this.busy) this.table.play(this, card);
        });
        return button;
      }),
    );
    const buttons = this.hand.querySelectorAll("button");
    if (focused >= 0 && buttons.length) buttons[Math.min(focused, buttons.length - 1)].focus();
    this.section.dataset.state = state.over ? "over" : state.your_turn && !this.busy ? "your-turn" : "waiting";
    if (state.over) {
      const won = state.result.winner === 0;
      this.status.textContent = won
        ? `${state.result.text} Goal reached.`
        : `${state.result.text} Press Start again to try another line.`;
      this.section.classList.toggle("is-solved", won);
      // A lost deal costs the stage's first-time star (lessons.js counts it).
      if (!won) this.section.dispatchEvent(new CustomEvent("sevens:missed", { bubbles: true, detail: { id: this.section.id } }));
    } else if (state.your_turn) {
      this.status.textContent = this.table.prompt(state);
    } else {
      this.status.textContent = `${state.names[state.turn]} is thinking…`;
    }
  }

  // The learner's move, judged by the engine: a refusal comes back with the reason and changes nothing.
  async move(method, params) {
    if (!this.state?.your_turn || this.busy) return;
    this.busy = true;
    let reply;
    try {
      reply = await this.runtime.call(method, params, this.session);
    } catch (error) {
      this.say(`Something went wrong: ${error.message}`);
      return;
    } finally {
      this.busy = false;
    }
    this.state = reply.state;
    if (!reply.ok) {
      this.say(`Not allowed: ${reply.reason}`);
      this.draw();
      return;
    }
    this.judgement = [`${reply.move.text}.`, this.state.comment].filter(Boolean).join(" ");
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
  // Lesson pages do not carry the game's style sheet; the live table needs it.
  document.head.append(el("link", { rel: "stylesheet", href: new URL("../css/game.css", import.meta.url).href }));
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
