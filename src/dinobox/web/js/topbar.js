// The top bar of every page: "Your move: N", the tables where a seat of this browser (or of its
// profile) is to act. The lobby and the profile page keep it with their own "Your move" list.
import { renderYourMoveCount, tablesToAct } from "./your-move.js";

async function refresh() {
  renderYourMoveCount(await tablesToAct());
}

if (!document.getElementById("your-move")) {
  refresh();
  setInterval(refresh, 15000);
}
