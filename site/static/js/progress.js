// The progress page: shows what store.js keeps, one part per game (its data-game), and offers reset, export and
// import. No game rule here.

import { dailyStreak, exportText, importFile, onChange, read, readAll, resetAll, resetLesson, resetStats, stageResult } from "./store.js";

const message = document.querySelector("[data-progress-message]");

function say(text) {
  message.textContent = text;
}

function lessonText(record, slug, ids) {
  const { complete, solved } = stageResult(record, slug, ids);
  if (complete) return "Finished";
  return solved ? `${solved} of ${ids.length} puzzles solved` : "Not started";
}

function show(records = readAll()) {
  for (const part of document.querySelectorAll("[data-game]")) showGame(part, records.games[part.dataset.game] ?? read(part.dataset.game));
}

function showGame(part, record) {
  for (const row of part.querySelectorAll("[data-progress-row]")) {
    const lesson = record.lessons[row.dataset.progressRow];
    const ids = row.dataset.puzzles ? row.dataset.puzzles.split(" ") : [];
    row.querySelector("[data-progress-status]").textContent = lessonText(record, row.dataset.progressRow, ids);
    row.querySelector("[data-reset-lesson]").hidden = !lesson; // nothing to reset yet
  }
  for (const cell of part.querySelectorAll("[data-practice-stat]")) {
    const [kind, field] = cell.dataset.practiceStat.split(".");
    cell.textContent = String(record.practice[kind]?.[field] ?? 0);
  }
  for (const cell of part.querySelectorAll("[data-stat]")) {
    const value = cell.dataset.stat.split(".").reduce((part, name) => part[name], record.stats);
    cell.textContent = String(value);
  }
  showTables(part.querySelector("[data-tables]"), record.stats.tables ?? {});
  const daily = dailyStreak(record.daily ?? {});
  for (const cell of part.querySelectorAll("[data-daily]")) cell.textContent = String(daily[cell.dataset.daily]);
}

const title = (name) => name[0].toUpperCase() + name.slice(1);

function showTables(table, tables) {
  const rows = Object.entries(tables).map(([name, { games, won }]) => {
    const row = document.createElement("tr");
    const head = document.createElement("th");
    head.scope = "row";
    const [seats, rules] = name.split(" · ");
    head.textContent = seats.split(",").map(title).join(", ") + (rules ? ` (${rules})` : "");
    row.append(head);
    for (const value of [games, won]) {
      const cell = document.createElement("td");
      cell.textContent = String(value);
      row.append(cell);
    }
    return row;
  });
  table.tBodies[0].replaceChildren(...rows);
  table.hidden = !rows.length;
}

// Resets ask first; the answer is said in the status line so screen readers hear it.
function confirmed(question, action, done) {
  if (!window.confirm(question)) {
    say("Nothing was reset.");
    return;
  }
  action();
  show();
  say(done);
}

const gameOf = (element) => element.closest("[data-game]").dataset.game;

for (const button of document.querySelectorAll("[data-reset-lesson]")) {
  const title = button.closest("tr").querySelector("th").textContent.trim();
  button.addEventListener("click", () =>
    confirmed(
      `Forget your progress in tutorial ${title}?`,
      () => resetLesson(button.dataset.resetLesson, gameOf(button)),
      `Tutorial ${title} reset.`,
    ),
  );
}

for (const button of document.querySelectorAll("[data-reset-stats]")) {
  const game = button.closest("[data-game]").querySelector("h2").textContent;
  button.addEventListener("click", () =>
    confirmed(`Forget your ${game} game statistics (games, wins and streaks)?`, () => resetStats(gameOf(button)), `${game} game statistics reset.`),
  );
}

document.querySelector("[data-reset-all]").addEventListener("click", () =>
  confirmed("Forget all your tutorial progress and game statistics?", resetAll, "Everything reset."),
);

document.querySelector("[data-export]").addEventListener("click", () => {
  const blob = new Blob([exportText()], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `sevens-progress-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  say(`Saved as ${link.download}.`);
});

const input = document.querySelector("[data-import]");
input.addEventListener("change", async () => {
  const file = input.files[0];
  if (!file) return;
  try {
    const result = await importFile(file);
    const imported = [`Imported ${file.name}.`, result.notice].filter(Boolean).join(" ");
    say(result.ok ? imported : `${file.name} was not imported: ${result.problem}. Your progress is unchanged.`);
  } catch (error) {
    say(`${file.name} could not be read: ${error.message}. Your progress is unchanged.`);
  }
  input.value = "";
  show();
});

onChange(show, null);
show();
