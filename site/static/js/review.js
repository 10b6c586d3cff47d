// Reviewing a finished deal, in every game that has a review: step through it as you saw it, with Sam's estimate
// of your chance to win with each card that fitted at your choices, and the three choices that cost you most. At a
// table of people each person has a review of their own choices (a button a person), the deal shown as they saw it.
// The engine computes every estimate and sentence (engine/core/review.py and the game's own review module), one
// choice a request, so the page shows progress and stays usable; its words too, naming the person reviewed. At a
// table of people each person's review is private: a screen (the engine's words) passes the device to them before
// anything of their choices is shown. The board is drawn by the game's own table module (tables.js), read-only:
// nothing here knows a game.

import { cardFace, drawPlayers, el } from "./board.js";

const $ = (id) => document.getElementById(id);
const COSTLIEST = 3;
const percent = (card) => `${card.percent}%`; // the engine's whole percent, which its note uses too

export class Review {
  // *onPlayFrom(moves)* restarts the deal after its first *moves* moves; *onClose()* goes back to the table;
  // *onNextDeal()* deals the next deal (the table's own next, which closes the review);
  // *loadTable()* gives the game's createTable (tables.js), which draws the review's board.
  // *game* is the engine's name of the game reviewed (its requests name it: the review has a session of its own).
  constructor(runtime, { game, onPlayFrom, onClose, onNextDeal, loadTable }) {
    this.runtime = runtime;
    this.game = game;
    this.loadTable = loadTable;
    this.table = null;
    this.onPlayFrom = onPlayFrom;
    this.onClose = onClose;
    this.section = $("game-review");
    this.cache = new Map(); // record and seat -> {points, estimates}: a person's choices in a deal are weighed once
    this.replays = new Map(); // record -> the moves it was replayed from
    this.people = null; // at a table of people, [{seat, name}]
    this.seat = 0; // whose choices are shown
    this.token = 0;
    $("review-close").addEventListener("click", () => this.close());
    $("review-close-end").addEventListener("click", () => this.close());
    $("review-next-deal").addEventListener("click", onNextDeal);
    $("review-back").addEventListener("click", () => this.show(this.at - 1));
    $("review-next").addEventListener("click", () => this.show(this.at + 1));
    $("review-choice").addEventListener("click", () => this.show(this.nextChoice()));
    $("review-play").addEventListener("click", () => this.onPlayFrom(this.at));
    this.section.addEventListener("keydown", (event) => {
      const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
      if (!step || event.target.closest("select, input")) return;
      event.preventDefault();
      this.show(this.at + step);
    });
  }

  get visible() {
    return !this.section.hidden;
  }

  // *deal* is the deal's name as the table gave it ("deal 2 of match 5"); *log* its moves as the page shows them;
  // *inMatch*: the deal was one of a match, so its seats mark the dealer as the table did; *people*: at a table
  // of people, the state's table.people, whose reviews are offered one person at a time (the first one's first).
  async open({ deal, record, log, inMatch = false, people = null }) {
    this.record = record;
    this.log = log;
    this.inMatch = inMatch;
    this.people = people?.length > 1 ? people : null;
    $("review-deal").textContent = deal;
    this.seat = null; // nobody's review is shown yet
    $("review-heading").tabIndex = -1;
    this.section.hidden = false;
    $("review-heading").focus();
    this.drawPeople();
    await this.choose(this.people?.[0].seat ?? 0);
  }

  // One button a person at a table of people; the one whose review is shown is pressed.
  drawPeople() {
    const row = $("review-people");
    row.hidden = !this.people;
    const buttons = (this.people ?? []).map(({ seat, name }) => {
      const button = el("button", { type: "button", dataset: { seat: String(seat) } }, `${name}'s choices`);
      button.addEventListener("click", () => this.choose(seat));
      return button;
    });
    row.replaceChildren(...buttons);
  }

  // Show *seat*'s review: their choices, weighed one at a time, the deal as they saw it. At a table of people,
  // behind a screen first (the person shown already stays shown).
  async choose(seat) {
    if (this.people && seat === this.seat && $("review-screen").hidden && !$("review-private").hidden) return;
    await this.guarded(() => (this.people ? this.screen(seat) : this.review(seat)));
  }

  async guarded(work) {
    try {
      await work();
    } catch (error) {
      if (!error.crashed) $("review-progress-text").textContent = `The review could not be made: ${error.message}`;
    }
  }

  // What the review finds of *seat* in the deal reviewed, and its words: asked once a person.
  async points(seat) {
    const { record } = this;
    const cached = `${seat} ${record}`;
    let found = this.cache.get(cached);
    if (!found) {
      const { moves, total, ...words } = await this.runtime.call("review_points", { record, seat, game: this.game }, "review");
      found = { points: moves, total, ...words, estimates: new Map() };
      this.cache.set(cached, found);
    }
    return found;
  }

  // Nothing of anyone's choices in sight, and the screen up for *seat*'s person: their review shows once they tap.
  async screen(seat) {
    this.token += 1;
    const mine = this.token;
    this.seat = seat;
    this.press(seat);
    $("review-private").hidden = true;
    $("review-progress").hidden = true;
    $("review-progress-text").textContent = "";
    for (const id of ["review-hand", "review-options", "review-costly"]) $(id).replaceChildren();
    for (const id of ["review-status", "review-chances"]) $(id).textContent = "";
    const found = await this.points(seat);
    if (mine !== this.token) return;
    const ready = $("review-screen-ready");
    ready.textContent = found.screen;
    ready.onclick = () => this.guarded(() => this.review(seat));
    $("review-screen").hidden = false;
    ready.focus();
  }

  press(seat) {
    for (const button of $("review-people").children) button.setAttribute("aria-pressed", String(button.dataset.seat === String(seat)));
  }

  async review(seat) {
    this.token += 1;
    const mine = this.token;
    this.seat = seat;
    this.press(seat);
    const name = this.people?.find((person) => person.seat === seat)?.name;
    $("review-hand").setAttribute("aria-label", name ? `${name}'s hand` : "Your hand");
    this.table ??= await this.boardTable();
    const found = await this.points(seat);
    if (mine !== this.token) return;
    this.found = found;
    const behindScreen = !$("review-screen").hidden;
    $("review-screen").hidden = true;
    $("review-private").hidden = false;
    $("review-progress").hidden = false;
    $("review-key-other").textContent = found.key;
    $("review-costly-heading").textContent = found.heading;
    this.drawCostly();
    await this.show(found.points[0] ?? 0);
    if (behindScreen) $("review-heading").focus(); // the screen's button, which had the focus, is gone
    await this.weigh(mine);
  }

  // The game's table on the review's board, drawn only: its controls are kept out of sight and nothing acts.
  async boardTable() {
    const createTable = await this.loadTable();
    const actions = el("div", { hidden: true });
    this.section.append(el("div", { hidden: true }, actions));
    const none = () => null;
    return createTable(
      { board: $("review-board"), players: $("review-players"), actions, before: null, id: (name) => `review-${name}` },
      { state: () => this.state, act: none, interrupts: () => false, say: none, redraw: none, advice: none, keyboard: () => false, focusCard: none },
    );
  }

  // A deal replayed from *moves* (its review says so).
  noteReplay(record, moves) {
    const replayed = this.replays.get(record) ?? [];
    if (!replayed.includes(moves)) this.replays.set(record, [...replayed, moves]);
  }

  close() {
    this.token += 1;
    this.section.hidden = true;
    this.onClose();
  }

  // Ask the engine for each choice's estimate in turn, showing how far it has got.
  async weigh(mine) {
    const { points, estimates } = this.found;
    const bar = $("review-progress");
    bar.max = Math.max(points.length, 1);
    for (const [done, move] of points.entries()) {
      bar.value = done;
      $("review-progress-text").textContent = this.found.weighing;
      if (!estimates.has(move)) {
        const estimate = await this.runtime.call("review_move", { record: this.record, move, game: this.game }, "review");
        if (mine !== this.token) return;
        estimates.set(move, estimate);
      }
      this.drawCostly();
      if (this.at === move) this.drawChances();
    }
    bar.value = bar.max;
    $("review-progress-text").textContent = this.found.said;
  }

  nextChoice() {
    return this.found.points.find((move) => move > this.at) ?? this.found.points[0] ?? this.at;
  }

  // The three choices that cost most, each with the engine's sentence and a button to look at it.
  drawCostly() {
    const costly = [...this.found.estimates.values()]
      .filter((estimate) => estimate.noticeable)
      .sort((a, b) => b.cost - a.cost || a.move - b.move)
      .slice(0, COSTLIEST);
    const items = costly.map((estimate) => {
      const look = el("button", { type: "button", class: "link-button" }, `Move ${estimate.move + 1}`);
      look.addEventListener("click", () => this.show(estimate.move));
      return el("li", {}, look, " ", estimate.note);
    });
    const { points, estimates } = this.found;
    const replayed = this.replays.get(this.record) ?? [];
    // Once every choice is weighed, an empty list is news too: say so rather than show nothing.
    if (!costly.length && points.length && estimates.size === points.length) {
      items.push(el("li", { class: "review-none" }, this.found.none_costly));
    } else if (!points.length) {
      items.push(el("li", { class: "review-none" }, this.found.said));
    }
    if (replayed.length) {
      items.push(el("li", {}, `You replayed this deal from move ${replayed.map((m) => m + 1).join(", move ")}.`));
    }
    $("review-costly").replaceChildren(...items);
  }

  // The deal after its first *at* moves, as you saw it then.
  async show(at) {
    if (!$("review-screen").hidden) return; // nobody's choices behind the screen
    const total = this.found.total ?? this.log.length; // moves as the record counts them
    at = Math.max(0, Math.min(total, at));
    const mine = this.token;
    const state = await this.runtime.call("replay", { record: this.record, moves: at, seat: this.seat, game: this.game }, "review");
    if (mine !== this.token) return;
    this.at = at;
    this.state = state;
    this.table.draw(state, { yours: false, marks: false, hints: false });
    drawPlayers($("review-players"), state, this.inMatch);
    // The page's log counts what the table saw (a pick-up, a reshuffle): where it counts as the record does, it
    // names the next move too; else the replayed deal's own log says what was last done.
    const same = total === this.log.length;
    const last = same ? this.log[at - 1] : state.log.at(-1);
    const done = at && last ? `Move ${at}: ${last.text}.` : "The deal begins.";
    const yours = this.found.points.includes(at) ? ` ${this.found.at_choice}` : "";
    const next = same && at < total ? ` Next: ${this.log[at].text}.` : yours;
    $("review-status").textContent = done + next;
    this.drawChances();
    $("review-back").disabled = at === 0;
    $("review-next").disabled = at === total;
    $("review-choice").disabled = !this.found.points.length;
    $("review-play").disabled = !state.your_turn;
  }

  // Your hand at this step; at a choice, every card of the option played is raised, every card of the best option
  // outlined as best and every other card some option lays outlined as fitted. An option that is one card alone
  // (the engine says which) carries its chance on that card; the others (a chain, a card with the suit it names, a
  // draw) are listed beside the hand by the engine's labels, marked as their cards are.
  drawChances() {
    const estimate = this.found.estimates.get(this.at);
    const options = estimate?.cards ?? [];
    const played = options.find((option) => option.code === estimate.played.code);
    const best = options.find((option) => option.code === estimate.best);
    const alone = new Map(options.filter((option) => option.alone).map((option) => [option.lays[0], option]));
    const laid = new Set(options.flatMap((option) => option.lays));
    const mark = (item, option, code) => {
      const inBest = option ? option === best : best?.lays.includes(code);
      const inPlayed = option ? option === played : played?.lays.includes(code);
      if (inBest || laid.has(code) || option) item.classList.add(inBest ? "best" : "fitted");
      if (inPlayed) item.classList.add("played");
    };
    $("review-hand").replaceChildren(
      ...this.state.hand.map((card) => {
        const item = el("li", { class: "card", dataset: { code: card.code } }, cardFace(card.display, card.suit), el("span", { class: "visually-hidden" }, card.name));
        mark(item, null, card.code);
        if (alone.has(card.code)) item.append(el("span", { class: "chance" }, percent(alone.get(card.code))));
        return item;
      }),
    );
    $("review-options").replaceChildren(
      ...options
        .filter((option) => !option.alone)
        .map((option) => {
          const item = el("li", { dataset: { code: option.code } }, option.label);
          mark(item, option, null);
          return item;
        }),
    );
    let text = "";
    if (estimate) {
      const each = estimate.cards.map((card) => `${card.display} ${percent(card)}`).join(", ");
      text = `${this.found.chances}: ${each}. ${estimate.note}`;
    } else if (this.found.points.includes(this.at)) {
      text = "Sam is still weighing this choice…";
    }
    $("review-chances").textContent = text;
  }
}
