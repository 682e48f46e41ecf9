// "Your move": every table where a seat this browser holds, or a seat of this browser's profile
// (taken on any browser), is to act, in the lobby and on the profile page (the tables come from
// the seats' tokens this browser keeps and from the server's list of the profile's tables).
import { api, recentTables, storedTokens } from "./api.js";
import { myProfile } from "./profiles.js";
import { h } from "./ui.js";

const here = (t) => String(t.to_act) in storedTokens(t.id);

/** The tables where a seat of this browser (or of its profile) is to act; null if unknown. */
export async function tablesToAct() {
  const ids = recentTables().slice(0, 20);
  const profile = myProfile();
  if (!ids.length && !profile) return [];
  const query = [ids.length ? `ids=${ids.map(encodeURIComponent).join(",")}` : "",
    profile ? `profile=${encodeURIComponent(profile.id)}` : ""].filter(Boolean).join("&");
  let tables = [];
  try {
    tables = (await api(`/api/tables/turns?${query}`)).tables;
  } catch { return null; }
  const ours = (t) => profile !== null && t.seats[t.to_act].profile === profile.id;
  return tables.filter((t) => t.to_act !== null && (here(t) || ours(t)));
}

/** "Your move: N" in the page's top bar (every page), linking to the lobby's list. */
export function renderYourMoveCount(mine) {
  const bar = document.querySelector("header.top");
  if (!bar || mine === null) return;
  let link = document.getElementById("your-move-count");
  if (!link) {
    link = h("a", { id: "your-move-count", class: "your-move-count", href: "/#your-move" });
    bar.append(link);
  }
  link.hidden = !mine.length;
  link.textContent = `Your move: ${mine.length}`;
  link.title = mine.map((t) => t.title).join(", ");
  document.body.dataset.yourMoveCount = String(mine.length);
}

export async function renderYourMove(box) {
  const mine = await tablesToAct();
  renderYourMoveCount(mine);
  if (mine === null) return;
  box.hidden = !mine.length;
  box.replaceChildren(h("h2", {}, "Your move"), h("ul", { id: "your-move-list" }, mine.map((t) => {
    const seat = t.seats[t.to_act];
    return h("li", { "data-table": t.id }, h("a", { href: `/table/${t.id}` }, t.title),
      ` · ${seat.name || `seat ${t.to_act + 1}`} to play`,
      here(t) ? "" : h("span", { class: "muted elsewhere" }, " (your profile's seat, taken on another browser)"));
  })));
  document.title = mine.length ? `(${mine.length}) ${document.title.replace(/^\(\d+\) /, "")}`
    : document.title.replace(/^\(\d+\) /, "");
}
