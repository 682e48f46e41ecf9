// "Your move": every table where a seat this browser holds, or a seat of this browser's profile
// (taken on any browser), is to act, in the lobby and on the profile page (the tables come from
// the seats' tokens this browser keeps and from the server's list of the profile's tables).
import { api, recentTables, storedTokens } from "./api.js";
import { myProfile } from "./profiles.js";
import { h } from "./ui.js";

export async function renderYourMove(box) {
  const ids = recentTables().slice(0, 20);
  const profile = myProfile();
  if (!ids.length && !profile) { box.hidden = true; return; }
  const query = [ids.length ? `ids=${ids.map(encodeURIComponent).join(",")}` : "",
    profile ? `profile=${encodeURIComponent(profile.id)}` : ""].filter(Boolean).join("&");
  let tables = [];
  try {
    tables = (await api(`/api/tables/turns?${query}`)).tables;
  } catch { return; }
  const here = (t) => String(t.to_act) in storedTokens(t.id);
  const ours = (t) => profile !== null && t.seats[t.to_act].profile === profile.id;
  const mine = tables.filter((t) => t.to_act !== null && (here(t) || ours(t)));
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
