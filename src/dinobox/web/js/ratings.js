// A game's leaderboard: profiles and bot levels on one ladder, sorted by the ordinal (mu - 3 sigma).
import { api } from "./api.js";
import { botLabel } from "./names.js";
import { myProfile, ratingText } from "./profiles.js";
import { h, toast } from "./ui.js";

const parts = location.pathname.split("/").filter(Boolean);

async function show(game) {
  const data = await api(`/api/ratings/${encodeURIComponent(game)}`);
  document.title = `dinobox · ${data.title} leaderboard`;
  const me = myProfile();
  const box = document.getElementById("leaderboard");
  if (!data.players.length) { box.replaceChildren(h("p", { class: "muted" }, "No rated games yet.")); return; }
  box.replaceChildren(h("table", { class: "data", id: "leaderboard-table" },
    h("thead", {}, h("tr", {}, ["#", "Player", "Rating (μ ± σ)", "Ordinal", "Rated games"].map((t) => h("th", {}, t)))),
    h("tbody", {}, data.players.map((p) => h("tr", { "data-player": p.player, class: me && p.profile === me.id ? "you" : "" },
      h("td", {}, String(p.place)),
      h("td", {}, p.kind === "profile" ? h("a", { href: `/profile/${p.profile}` }, p.name)
        : h("span", { class: "bot", title: p.name }, `${botLabel(p.name)} (${p.name})`)),
      h("td", {}, ratingText(p)), h("td", {}, p.ordinal.toFixed(1)), h("td", {}, String(p.games)))))));
}

async function main() {
  const { games } = await api("/api/games");
  const select = document.getElementById("game-select");
  for (const g of games) select.append(h("option", { value: g.id }, g.title));
  const wanted = parts.length > 1 ? decodeURIComponent(parts[1]) : games[0].id;
  select.value = wanted;
  select.addEventListener("change", () => { history.replaceState(null, "", `/ratings/${select.value}`); show(select.value).catch((e) => toast(e.message)); });
  await show(wanted);
}

main().catch((error) => toast(error.message));
