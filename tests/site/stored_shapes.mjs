// The page's own modules in node, with Web Storage and the document faked: what they make of what storage holds.
// Run by test_stored_shapes.py: node stored_shapes.mjs JS_URL CASE STORED; STORED is JSON, {key: text} in
// localStorage. Prints JSON: what CASE found. One process a case, so each starts with store.js afresh.

const [base, which, stored] = [process.argv[2], process.argv[3], JSON.parse(process.argv[4] ?? "{}")];

class MemoryStorage {
  constructor(items) {
    this.items = new Map(Object.entries(items));
  }
  get length() {
    return this.items.size;
  }
  key(i) {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(key) {
    return this.items.has(key) ? this.items.get(key) : null;
  }
  setItem(key, value) {
    this.items.set(key, String(value));
  }
  removeItem(key) {
    this.items.delete(key);
  }
}

// An element that takes whatever the modules do to it and keeps its text and whether it is hidden.
const elements = new Map();
function element(id) {
  if (!elements.has(id)) {
    const node = {
      id,
      hidden: false,
      disabled: false,
      textContent: "",
      dataset: {},
      children: [],
      classList: { add() {}, remove() {}, toggle() {}, contains: () => false },
      style: {},
      replaceChildren(...children) {
        this.children = children;
      },
      append() {},
      addEventListener() {},
      setAttribute() {},
      focus() {},
      querySelector: () => null,
      querySelectorAll: () => [],
    };
    elements.set(id, node);
  }
  return elements.get(id);
}

const local = new MemoryStorage(stored);
globalThis.window = { localStorage: local, sessionStorage: new MemoryStorage({}), addEventListener() {} };
// The Table menu's controls, as the game page has them: a seat's choice of computer players, the number of players.
const options = (values) => values.map((value) => ({ value: String(value) }));
element("game-players-count").options = options([2, 3, 4, 5, 6, 7, 8]);
const SELECTED = { "select[data-seat]": [{ options: options(["robin", "alex", "sam"]) }] };
globalThis.document = {
  documentElement: { dataset: { games: "sevens knock-knock blackjack", game: "sevens", plainRules: "Sevens" } },
  getElementById: element,
  createElement: (tag) => element(`${tag}-${Math.random()}`),
  querySelectorAll: (selector) => SELECTED[selector] ?? [],
};

const cases = {
  // A table of people: its tally drawn under a finished deal and counted, whatever storage held.
  async together() {
    const { drawTogether, recordTogether } = await import(`${base}/together.js`);
    element("game").dataset.game = "sevens";
    const names = ["constructor", "valueOf", "toString", "__proto__"];
    const people = names.map((name, seat) => ({ seat, name }));
    const state = (winner) => ({
      names,
      rules: { name: "Sevens" },
      over: true,
      result: { winner_name: winner },
      table: { seat: 0, people, screen: null, waits: false, calls: [] },
    });
    const lines = [];
    for (const [id, winner] of [["a", "constructor"], ["b", "__proto__"], ["b", "__proto__"], ["c", null]]) {
      recordTogether("sevens", id, state(winner));
      drawTogether(state(winner), { reveal() {}, act() {} });
      lines.push(element("game-together-stats").textContent);
    }
    return { lines, kept: JSON.parse(local.getItem("sevens.together")) };
  },
  // Lessons and practice keyed by a puzzle's id, a tutorial's slug, a kind of puzzle: none is inherited.
  async store() {
    const store = await import(`${base}/store.js`);
    const before = store.stageResult(store.read(), "constructor", ["toString"]);
    store.recordAnswer("constructor", "toString", true, "7D");
    store.recordAnswer("__proto__", "valueOf", false);
    store.recordPractice("hasOwnProperty", true);
    const record = store.read();
    return {
      before,
      after: store.stageResult(record, "constructor", ["toString"]),
      unplayed: store.stageResult(record, "toString", ["valueOf"]),
      solved: record.lessons.constructor?.puzzles.toString ?? null,
      missed: record.lessons.__proto__?.puzzles.valueOf ?? null,
      practice: record.practice.hasOwnProperty ?? null,
      untouched: Object.keys(Object).length === 0 && Object.prototype.solved === undefined,
      notice: store.takeNotice(),
    };
  },
  // The table the Table menu remembers, people and all.
  async table() {
    const { chosenTable } = await import(`${base}/table-menu.js`);
    return chosenTable();
  },
  // A deal kept in the tab, as sessionStorage or the history holds it: why it cannot be continued, or null.
  async deal() {
    const { dealProblem } = await import(`${base}/store.js`);
    return JSON.parse(process.argv[5]).map(dealProblem);
  },
};

console.log(JSON.stringify(await cases[which]()));
