// The daily deal on the game page (?daily=YYYY-MM-DD, or ?daily=today): which day the address asks for, what the
// page says about it, and the panel after it: your result, your streak of days, Sam's result from your seat (the
// engine plays it out, one play-out a request, so the panel shows its progress) and the Share button, which copies
// the engine's text. The day is the browser's date in UTC, so everyone everywhere plays the same deal that day.
// No rule here: the engine deals the day's deal, judges it and writes every sentence about the deal.

import { dailyResults, dailyStreak, isDay, recordDaily, todayUTC } from "./store.js";

const $ = (id) => document.getElementById(id);

// {date, notice} for the daily deal the address asks for, or null when it asks for none. "today" (or nothing) is
// today's date; a day after today is not out yet, so it is today's instead, with a notice. A date that is not a
// day is passed on for the engine to refuse in its words (see dailyRefused).
export function dailyAsked(url) {
  if (!url.searchParams.has("daily")) return null;
  const asked = url.searchParams.get("daily").trim();
  const today = todayUTC();
  if (asked === "" || asked === "today") return { date: today, notice: null };
  if (isDay(asked) && asked > today) {
    return { date: today, notice: `The daily deal of ${asked} is not out yet (today is ${today} in UTC), so here is today's.` };
  }
  return { date: asked, notice: null };
}

// Whether the daily deal of *date*, dealt on the day *dealt* (UTC), counts for the streak: a day's deal counts when
// it was dealt on that day, however late it ends (a deal begun at 23:58 UTC and finished at 00:01 is the day's it
// was dealt on); a past day's deal counts for none.
const dailyCounts = (date, dealt) => date === dealt;

// What the page says as the daily deal of *date* starts (or goes on, after a reload: *dealt* is the day it was dealt
// on): a past day counts for no streak; the day's deal, once played, keeps its first result.
export function dailyNotice(date, dealt = todayUTC()) {
  if (!dailyCounts(date, dealt)) return `The daily deal of ${date}, a past day: play it as often as you like, but it counts for no streak. Today's deal is at “Today's deal”.`;
  const results = dailyResults();
  const played = results[date];
  if (played) {
    const { streak } = dailyStreak(results);
    return `You have played today's deal already (you ${played}; streak ${streak}). Play it again if you like: your result for today stays as it was.`;
  }
  if (date !== todayUTC()) return `The daily deal of ${date} (UTC), dealt before midnight: finish it and it counts for that day, the same deal for everyone, at the usual rules with Robin, Alex and Sam.`;
  return `Today's deal (${date}, UTC): the same deal for everyone today, at the usual rules with Robin, Alex and Sam.`;
}

// The notice when the engine refused the day the address asked for (*message*: its reason).
export const dailyRefused = (message) => `The address asks for a daily deal the engine cannot deal (${message}), so here is today's.`;

let running = 0; // bumped for each finished deal, so a panel still filling in for an earlier one stops

// The panel after the daily deal in *state* (over), dealt on the day *dealt* (UTC): records the day's result if the
// deal counts (the first of the day stands), shows the streak up to now, then Sam's play-outs as they come, then
// the Share button. *runtime*: the engine.
export async function showDailyEnd(state, runtime, dealt) {
  const mine = ++running;
  const date = state.daily;
  const won = state.result.winner === state.seat;
  const before = dailyResults();
  const counts = dailyCounts(date, dealt);
  const results = counts ? recordDaily(date, won) : before;
  const first = counts && !Object.hasOwn(before, date);
  const { streak } = dailyStreak(results, todayUTC());
  $("game-daily").hidden = false;
  $("game-daily-title").textContent = `Daily deal of ${date}`;
  $("game-daily-result").textContent = `${won ? "You won" : "You did not win"} the daily deal of ${date}.`;
  const kept = !counts
    ? "A past day's deal counts for no streak."
    : first
      ? `Your result for ${date} is kept.`
      : `Your result for ${date} stays as you first played it (you ${results[date]}).`;
  $("game-daily-streak").textContent = `${kept} Your streak: ${streak} day${streak === 1 ? "" : "s"} in a row.`;
  const bar = $("game-daily-progress");
  const share = $("game-daily-share");
  share.disabled = true;
  $("game-daily-copied").textContent = "";
  $("game-daily-text").hidden = true;
  bar.hidden = false;
  bar.value = 0;
  $("game-daily-sam").textContent = "Sam is playing your seat of this deal, to compare: Share is ready when he has finished.";
  let sam;
  try {
    do {
      sam = await runtime.call("daily_sam");
      if (mine !== running) return;
      bar.value = sam.done / sam.runs;
      $("game-daily-sam").textContent = sam.text;
    } while (sam.done < sam.runs);
    const { text } = await runtime.call("daily_share", { streak: counts ? streak : null });
    if (mine !== running) return;
    share.dataset.text = text;
    share.disabled = false;
    bar.hidden = true;
  } catch (error) {
    if (mine === running) $("game-daily-sam").textContent = `Sam's result could not be worked out: ${error.message}`;
  }
}

// Hide the panel (another deal began).
export function hideDailyEnd() {
  running += 1;
  $("game-daily").hidden = true;
}

// Share: copy the engine's text, and say so; where the browser refuses the clipboard, show the text selected, to copy
// by hand.
async function share() {
  const text = $("game-daily-share").dataset.text;
  if (!text) return;
  const said = $("game-daily-copied");
  const box = $("game-daily-text");
  try {
    await navigator.clipboard.writeText(text);
    box.hidden = true;
    said.textContent = `Copied to the clipboard: “${text}”`;
  } catch {
    box.value = text;
    box.hidden = false;
    box.focus();
    box.select();
    said.textContent = "Your browser did not let the page copy it: the text is selected below, copy it from there.";
  }
}

$("game-daily-share").addEventListener("click", share);
