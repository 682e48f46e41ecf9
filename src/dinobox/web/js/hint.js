// Hints at an unrated table: the seat to act asks the coach, and only this page sees the answer.
import { api } from "./api.js";
import { withNames } from "./names.js";
import { playerName, toast } from "./ui.js";

let shown = null; // { version, seat, action, text } of the hint on screen
let drawn = null; // { version, seat } of the picture on screen: a hint for an older one is dropped

/** The action the coach suggested for the picture on screen, or null. */
export function hintedAction() {
  return shown ? shown.action : null;
}

/** Show or hide the hint button for this picture; keep a hint on screen while it still applies. */
export function renderHint(msg, token, hidden) {
  const table = msg.table;
  const button = document.getElementById("hint");
  const text = document.getElementById("hint-text");
  const can = !table.rated && table.status === "playing" && msg.seat !== null && table.to_act === msg.seat
    && msg.legal.length > 0 && token !== undefined && !hidden;
  button.hidden = !can;
  drawn = { version: msg.version, seat: msg.seat };
  if (shown && (shown.version !== msg.version || shown.seat !== msg.seat)) shown = null;
  text.hidden = !shown;
  text.textContent = shown ? `Coach's hint: ${withNames(shown.text, msg.view, table)}` : "";
  button.onclick = async () => {
    button.disabled = true;
    text.hidden = false;
    text.textContent = "The coach is thinking…";
    try {
      const got = await api(`/api/tables/${table.id}/hint`, { method: "POST", body: { seat: msg.seat, token } });
      if (got.version !== drawn.version || got.seat !== drawn.seat) { // a move was made meanwhile
        text.hidden = !shown;
        return;
      }
      const chance = got.hint.win_chance === null ? "" : ` (your win chance about ${Math.round(100 * got.hint.win_chance)}%)`;
      shown = { version: got.version, seat: got.seat, action: got.hint.action, text: got.hint.text + chance };
      text.textContent = `Coach's hint: ${withNames(shown.text, msg.view, table)}`;
      highlight();
    } catch (error) {
      text.hidden = true;
      toast(error.message);
    } finally {
      button.disabled = false;
    }
  };
  highlight();
}

/** Mark the hinted move among the choices and on the board (where the board offers it), in sight. */
function highlight() {
  document.querySelectorAll(".hinted").forEach((node) => node.classList.remove("hinted"));
  if (!shown) return;
  const a = String(shown.action);
  document.querySelectorAll(`#actions [data-action="${a}"], #board [data-offers]`).forEach((node) => {
    if (node.dataset.action === a || (node.dataset.offers || "").split(" ").includes(a)) {
      node.classList.add("hinted");
      const group = node.closest("details");  // a long list of choices starts folded: unfold the hinted one's
      if (group) group.open = true;
    }
  });
}

/** Another seat (or this one) used a hint: say who, never what. */
export function hintUsed(msg, last) {
  if (!last || msg.seat === last.seat) return;
  toast(`${playerName(last.view, last.table, msg.seat)} asked the coach for a hint.`);
}
