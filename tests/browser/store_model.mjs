// A model of several tabs sharing localStorage, as Chromium runs them: each tab reads and writes its own copy; its
// writes reach the one stored copy later, in the order it made them, and the stored copy's changes reach the other
// tabs later still; a tab ignores changes to a key it has written itself until the stored copy has taken its own
// write (so every copy ends up as the stored one). Random interleavings of results recorded in each tab, of writes
// travelling and of time passing (by then every write has arrived: a copy is never out of date for as long as
// store.js's SETTLE_MS), then a check that every tab reads every result.
// Run by test_tabs.py: node store_model.mjs STORE_URL TRIALS; prints "kept" or what was lost, one line a trial.

const [store, trials] = [process.argv[2], Number(process.argv[3] ?? 20)];
let now = 1_800_000_000_000;
Date.now = () => now;

class Copy {
  constructor(net, id) {
    Object.assign(this, { items: new Map(), net, id, own: new Map(), incoming: [] });
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
  set(key, value) {
    if (value === null) this.items.delete(key);
    else this.items.set(key, value);
  }
  write(key, value) {
    this.set(key, value);
    this.own.set(key, (this.own.get(key) ?? 0) + 1);
    this.net.outgoing.push([this, key, value]);
  }
  setItem(key, value) {
    this.write(key, String(value));
  }
  removeItem(key) {
    this.write(key, null);
  }
}

class Net {
  constructor() {
    Object.assign(this, { copies: [], outgoing: [], stored: new Map() });
  }
  // One step: the stored copy takes the next write of one tab, or one tab takes the next change that reached it.
  step(random) {
    const moves = [];
    for (const copy of this.copies) {
      const first = this.outgoing.find(([from]) => from === copy);
      if (first) moves.push(() => this.store(first));
      if (copy.incoming.length) moves.push(() => this.receive(copy));
    }
    if (!moves.length) return false;
    moves[Math.floor(random() * moves.length)]();
    return true;
  }
  store(write) {
    this.outgoing.splice(this.outgoing.indexOf(write), 1);
    const [from, key, value] = write;
    if (value === null) this.stored.delete(key);
    else this.stored.set(key, value);
    for (const copy of this.copies) copy.incoming.push(copy === from ? ["taken", key] : ["changed", key, value]);
  }
  receive(copy) {
    const [kind, key, value] = copy.incoming.shift();
    if (kind === "taken") copy.own.set(key, copy.own.get(key) - 1);
    else if (!copy.own.get(key)) copy.set(key, value);
  }
  flush() {
    while (this.step(Math.random));
    for (const copy of this.copies) {
      if (JSON.stringify([...copy.items].sort()) !== JSON.stringify([...this.stored].sort())) throw new Error("copies differ");
    }
  }
}

const seeded = (seed) => () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};

globalThis.document = { documentElement: { dataset: { games: "sevens knock-knock" } } };
for (let trial = 0; trial < trials; trial += 1) {
  const random = seeded(trial + 1);
  const net = new Net();
  const tabs = [];
  const count = 2 + (trial % 2);
  for (let t = 0; t < count; t += 1) {
    const copy = new Copy(net, t);
    net.copies.push(copy);
    globalThis.window = { localStorage: copy, sessionStorage: null, addEventListener() {} };
    tabs.push(await import(`${store}?trial=${trial}&tab=${t}`)); // a module of its own for each tab
  }
  const tab = () => tabs[Math.floor(random() * count)];
  let results = 0;
  let games = 0;
  for (let step = 0; step < 300; step += 1) {
    const choice = random();
    if (choice < 0.35) {
      tab().recordPractice("model", random() < 0.5);
      results += 1;
    } else if (choice < 0.4) games += tab().recordGame(`game-${step}`, 0) ? 1 : 0;
    else if (choice < 0.9) net.step(random);
    else {
      net.flush();
      now += Math.floor(random() * 40_000); // long enough for folded events to be removed
    }
    now += 1;
  }
  net.flush();
  const seen = tabs.map((each) => [each.read().practice.model?.tried ?? 0, each.read().stats.games]);
  const lost = seen.filter(([tried, played]) => tried !== results || played !== games);
  console.log(lost.length ? `trial ${trial}: ${results} results and ${games} games, read ${JSON.stringify(seen)}` : "kept");
}
