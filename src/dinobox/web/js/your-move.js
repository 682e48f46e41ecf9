// "Your move": every table where a seat this browser holds is to act, in the lobby and on the
// profile page (the tables come from the seats' tokens this browser keeps).
import { api, recentTables, storedTokens } from "./api.js";
import { h } from "./ui.js";

export async function renderYourMove(box) {
  const ids = recentTables().slice(0, 20);
  if (!ids.length) { box.hidden = true; return; }
  let tables = [];
  try {
    tables = (await api(`/api/tables/turns?ids=${ids.map(encodeURIComponent).join(",")}`)).tables;
  } catch { return; }
  const mine = tables.filter((t) => t.to_act !== null && String(t.to_act) in storedTokens(t.id));
  box.hidden = !mine.length;
  box.replaceChildren(h("h2", {}, "Your move"), h("ul", { id: "your-move-list" }, mine.map((t) => {
    const seat = t.seats[t.to_act];
    return h("li", { "data-table": t.id }, h("a", { href: `/table/${t.id}` }, t.title),
      ` · ${seat.name || `seat ${t.to_act + 1}`} to play`);
  })));
  document.title = mine.length ? `(${mine.length}) ${document.title.replace(/^\(\d+\) /, "")}`
    : document.title.replace(/^\(\d+\) /, "");
}
