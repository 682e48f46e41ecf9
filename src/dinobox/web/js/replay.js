// The replay viewer: step through a finished table's decisions, as a spectator or any seat.
import { api, storedTokens } from "./api.js";
import { drawTimeline, setupAnalysis } from "./analysis.js";
import { boardFor } from "./boards/registry.js";
import { botLabel, seatLabel, withNames } from "./names.js";
import { chatItem } from "./chat.js";
import { h, logItem, scoreTable, toast } from "./ui.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
let board = null;
let table = null;
let steps = 0;
let step = 0;
let frame = null;
let coach = null;
let hints = [];

async function main() {
  table = await api(`/api/tables/${tableId}`);
  board = await boardFor(table.game);
  document.getElementById("game-title").textContent = table.title;
  document.getElementById("table-link").href = `/table/${tableId}`;
  document.getElementById("download").href = `/api/tables/${tableId}/record`;
  const seatSelect = document.getElementById("seat");
  for (const seatInfo of table.seats) {
    seatSelect.append(h("option", { value: seatInfo.seat }, `Seat ${seatInfo.seat + 1} (${seatInfo.type === "bot" ? botLabel(seatInfo.bot) : seatInfo.name || "open"})`));
  }
  seatSelect.addEventListener("change", () => show(step));
  const slider = document.getElementById("step");
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.getElementById("first").onclick = () => show(0);
  document.getElementById("prev").onclick = () => show(Math.max(0, step - 1));
  document.getElementById("next").onclick = () => show(Math.min(steps, step + 1));
  document.getElementById("last").onclick = () => show(steps);
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") show(Math.min(steps, step + 1));
    if (e.key === "ArrowLeft") show(Math.max(0, step - 1));
  });
  await show(0);
  for (const option of seatSelect.options) if (option.value !== "") option.textContent = seatName(Number(option.value));
  const mine = Object.keys(storedTokens(tableId)).map(Number);
  coach = setupAnalysis({
    tableId,
    table,
    steps: () => steps,
    goTo: (target) => show(Math.max(0, Math.min(steps, target))),
    seat: () => (seatSelect.value !== "" ? Number(seatSelect.value) : mine.length ? mine[0] : 0),
    view: () => frame.view,
    redrawTimeline,
  });
  redrawTimeline();
}

function hintMarks() {
  return hints.map((used) => ({ step: used.step + 1, kind: "hint", // the picture after the hinted decision
    label: `Decision ${used.step + 1}: ${seatName(used.seat)} used a hint` }));
}

// One way of naming a seat everywhere, as the log does: "Ann (Red)"
function seatName(seat) {
  return seatLabel(frame ? frame.view : null, table, seat);
}

function redrawTimeline() {
  drawTimeline(document.getElementById("timeline"), steps, [...(coach ? coach.marks() : []), ...hintMarks()], show);
}

async function show(target) {
  const seat = document.getElementById("seat").value;
  const query = `step=${target}${seat === "" ? "" : `&seat=${seat}`}`;
  try { frame = await api(`/api/tables/${tableId}/replay?${query}`); } catch (error) { toast(error.message); return; }
  hints = frame.hints || [];
  step = frame.step;
  steps = frame.steps;
  const slider = document.getElementById("step");
  slider.max = steps;
  slider.value = step;
  document.getElementById("step-label").textContent = `decision ${step} of ${steps}`;
  const hinted = hints.filter((used) => used.step + 1 === step).map((used) => `${seatName(used.seat)} used a hint for it.`);
  document.getElementById("last-action").textContent = [frame.last ? `Last: ${withNames(frame.last.text, frame.view, table)}` : "The start of the game.", ...hinted].join(" ");
  document.querySelectorAll("#timeline .mark, #costly button").forEach((b) => b.classList.toggle("here", Number(b.dataset.step) === step));
  const root = document.getElementById("board");
  root.replaceChildren();
  board.render(root, { view: frame.view, legal: [], seat: frame.seat, table, offer: () => false, act: () => {} });
  document.getElementById("log").replaceChildren(...frame.log.map((e) => logItem(e, frame.view, table)));
  const chat = frame.chat || [];
  document.getElementById("chat-panel").hidden = !chat.length;
  document.getElementById("chat").replaceChildren(...chat.map((m) => chatItem(m)));
  const over = document.getElementById("game-over");
  over.hidden = step !== steps;
  if (step === steps) over.replaceChildren(h("h2", {}, "Final scores"), scoreTable(frame.view, table));
}

main().catch((error) => toast(error.message));
