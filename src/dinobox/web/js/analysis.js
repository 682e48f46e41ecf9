// The coach on the replay page: "Analyse" a seat, then its win-chance graph over the game and
// marks on the timeline at the decisions that lost the most (each naming the better move).
import { api } from "./api.js";
import { h, toast } from "./ui.js";
import { seatLabel, withNames } from "./names.js";

const COSTLY = 0.10; // a decision that lost more than this much win chance is marked
const SVG = "http://www.w3.org/2000/svg";
const W = 600;
const H = 240;
const PAD = { left: 56, right: 12, top: 12, bottom: 30 };

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  for (const child of children) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return node;
}

const percent = (x) => `${Math.round(x * 100)}%`;

/** The coach panel. ``ctx``: tableId, table, steps() (the replay's decision count), goTo(step),
 * seat() (the seat to offer first), view() (the frame's view, for names). */
export function setupAnalysis(ctx) {
  const select = document.getElementById("analyse-seat");
  const seatName = (seat) => seatLabel(ctx.view(), ctx.table, seat); // "Ann (Red)", as the log names seats
  for (const info of ctx.table.seats) select.append(h("option", { value: info.seat }, seatName(info.seat)));
  select.value = String(ctx.seat());
  let marks = [];
  let polling = null;
  const status = document.getElementById("analysis-status");
  const button = document.getElementById("analyse");

  async function poll(seat, method) {
    clearTimeout(polling);
    let answer;
    try {
      answer = await api(`/api/tables/${ctx.tableId}/analysis?seat=${seat}`, { method });
    } catch (error) {
      status.textContent = error.message;
      button.disabled = false;
      toast(error.message);
      return;
    }
    if (String(seat) !== select.value) return; // another seat was chosen meanwhile
    if (answer.status === "done") {
      status.textContent = `${seatName(seat)}, analysed (${answer.budget.replace("=", " ")} a decision).`;
      button.disabled = false;
      draw(answer.analysis);
      return;
    }
    if (answer.status === "failed" || answer.status === "none") {
      status.textContent = answer.error || "";
      button.disabled = false;
      return;
    }
    const p = answer.progress;
    status.textContent = answer.status === "queued"
      ? `Waiting for the coach${answer.waiting ? ` (${answer.waiting} ahead)` : ""}…`
      : `Analysing… ${p.total ? Math.round((100 * p.done) / p.total) : 0}%`;
    polling = setTimeout(() => poll(seat, "GET"), 600);
  }

  button.addEventListener("click", () => {
    button.disabled = true;
    status.textContent = "Asking the coach…";
    poll(Number(select.value), "POST");
  });
  select.addEventListener("change", () => {
    clearTimeout(polling);
    button.disabled = false;
    status.textContent = "";
    marks = [];
    document.getElementById("win-graph").replaceChildren();
    document.getElementById("costly").replaceChildren();
    ctx.redrawTimeline();
  });

  function draw(analysis) {
    const steps = Math.max(1, ctx.steps());
    const costly = analysis.decisions.filter((d) => d.win_chance_best - d.win_chance_chosen > COSTLY && d.step !== null);
    marks = costly.map((d) => ({
      step: d.step + 1, // the picture after the decision: "Last:" names the move played
      kind: "costly",
      label: `Decision ${d.step + 1}: played ${withNames(d.chosen_text, ctx.view(), ctx.table)}; better: `
        + `${withNames(d.best_text, ctx.view(), ctx.table)} (win chance ${percent(d.win_chance_chosen)} → ${percent(d.win_chance_best)})`,
    }));
    document.getElementById("win-graph").replaceChildren(graph(analysis, costly, steps, ctx.goTo, seatName(analysis.seat)));
    const list = document.getElementById("costly");
    list.replaceChildren(...(marks.length ? marks.map((m) => h("li", {},
      h("button", { type: "button", class: "link costly-move", "data-step": m.step, onclick: () => ctx.goTo(m.step) }, m.label)))
      : [h("li", { class: "muted" }, "No decision lost more than 10 points of win chance.")]));
    ctx.redrawTimeline();
  }

  return { marks: () => marks };
}

function graph(analysis, costly, steps, goTo, who) {
  const x = (step) => PAD.left + ((W - PAD.left - PAD.right) * step) / steps;
  const y = (chance) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - chance);
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", class: "win-graph",
    "aria-label": `${who}: estimated win chance over the game` });
  for (const level of [0, 0.5, 1]) {
    root.append(svg("line", { x1: PAD.left, x2: W - PAD.right, y1: y(level), y2: y(level), class: "grid" }));
    root.append(svg("text", { x: PAD.left - 6, y: y(level) + 5, "text-anchor": "end", class: "axis" }, percent(level)));
  }
  root.append(svg("text", { x: (W + PAD.left) / 2, y: H - 6, "text-anchor": "middle", class: "axis" }, "decisions →"));
  const points = analysis.win_chance.map((c, i) => [x((analysis.steps[i] ?? 0) + 1), y(c)]);
  if (points.length) {
    root.append(svg("polyline", { points: points.map((p) => p.join(",")).join(" "), class: "chance" }));
  }
  for (const d of costly) {
    const dot = svg("circle", { cx: x(d.step + 1), cy: y(d.win_chance_chosen), r: 7, class: "costly-dot", tabindex: 0,
      "data-step": d.step + 1 }, svg("title", {}, `Decision ${d.step + 1}: lost ${Math.round(100 * (d.win_chance_best - d.win_chance_chosen))} points`));
    dot.addEventListener("click", () => goTo(d.step + 1));
    root.append(dot);
  }
  return root;
}

/** The marks on the replay's timeline: costly decisions and where hints were used. */
export function drawTimeline(root, steps, marks, goTo) {
  // a mark is 12px wide, or one step's share of the line when steps are denser than that, so
  // that marks on neighbouring decisions sit side by side instead of covering each other
  const share = 100 / Math.max(1, steps);
  root.replaceChildren(...marks.map((m) => h("button", {
    type: "button",
    class: `mark ${m.kind}`,
    style: `left: calc(${share * m.step}% - min(6px, ${share / 2}%)); width: min(12px, ${share}%)`,
    title: m.label,
    "aria-label": m.label,
    "data-step": m.step,
    onclick: () => goTo(m.step),
  })));
  root.hidden = !marks.length;
}
