// The table's clocks: each seat's time left, the seat to act counting down locally between the
// server's messages (each message says every seat's time as of the moment it was sent).
import { h, playerColour, playerName } from "./ui.js";

let shown = null; // { clock, at } — the latest clock and when (page time) it arrived
let timer = null;

/** "4:07", "1:05:09", "3d 2h" (the same as dinobox.clocks.format_seconds). */
export function formatSeconds(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = whole % 60;
  if (hours >= 48) return `${Math.floor(hours / 24)}d ${hours % 24}h`;
  const mm = String(minutes).padStart(hours ? 2 : 1, "0");
  return hours ? `${hours}:${mm}:${String(secs).padStart(2, "0")}` : `${mm}:${String(secs).padStart(2, "0")}`;
}

/** "10m + 5s a move", "24 h a move". */
export function describeControl(control) {
  if (!control) return "";
  const short = (s) => (s % 3600 === 0 ? `${s / 3600} h` : s % 60 === 0 ? `${s / 60} min` : `${s} s`);
  const rule = control.on_timeout === "lose" ? "out of time loses" : "out of time: a bot plays the move";
  if (control.type === "turn") return `${control.hours_per_move} h per move · ${rule}`;
  const inc = control.increment_seconds ? ` + ${short(control.increment_seconds)} a move` : "";
  return `${short(control.bank_seconds)}${inc} · ${rule}`;
}

function left(seat) {
  const { clock, at } = shown;
  const base = clock.remaining[seat];
  return seat === clock.ticking ? base - (performance.now() - at) / 1000 : base;
}

function tick() {
  if (!shown || shown.clock.ticking === null) return;
  const seat = shown.clock.ticking;
  const node = document.querySelector(`#clocks [data-clock-seat="${seat}"] .clock-time`);
  if (!node) return;
  const value = left(seat);
  node.textContent = formatSeconds(value);
  node.closest("li").classList.toggle("low", value < 30 && shown.clock.control.type === "realtime");
}

/** Draw the clocks of a state message (hidden when the table has no time control). */
export function renderClocks(msg) {
  const box = document.getElementById("clocks");
  const clock = msg.clock;
  if (!clock) { box.hidden = true; shown = null; return; }
  shown = { clock, at: performance.now() };
  box.hidden = false;
  const { view, table } = msg;
  const rows = clock.remaining.map((_, seat) => h("li", {
    "data-clock-seat": seat, class: seat === clock.ticking ? "ticking" : "" },
  h("span", { class: "seat-dot", style: `background:${playerColour(view, seat)}` }), playerName(view, table, seat), " ",
  h("span", { class: "clock-time" }, formatSeconds(left(seat))),
  seat === clock.standin ? h("span", { class: "muted" }, " (out of time: a bot plays this move)") : null,
  seat === clock.forfeit ? h("span", { class: "muted" }, " (lost on time)") : null));
  box.replaceChildren(
    h("ul", { class: "clock-list", title: describeControl(clock.control) }, rows),
    h("details", { class: "clock-help" }, h("summary", {}, `Clock: ${describeControl(clock.control)}`),
      h("p", {}, clock.control.type === "turn"
        ? "Each move must be made within its deadline; the next move starts a fresh one."
        : "Each player has a time bank that runs while they decide; the increment is added after each move."),
      h("p", {}, clock.control.on_timeout === "lose"
        ? "A player who runs out of time loses: the game ends at once and everyone else shares the win."
        : "When a player runs out of time, a bot plays their move for them (with no time left, every move)."),
      h("p", {}, "Only people's clocks run, never while dice, cards or bots move; they stop while the server is down.")));
  if (!timer) timer = setInterval(tick, 200);
}
