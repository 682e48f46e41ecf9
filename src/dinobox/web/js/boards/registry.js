// Which board draws which game: a game's package may ship a board script (served at the
// address the API gives as `board`), a module exporting render(root, ctx); a game without one
// is drawn by the generic renderer, which shows any view readably.
import { api } from "../api.js";

const boards = new Map();

async function boardUrl(gameId) {
  const game = await api(`/api/games/${encodeURIComponent(gameId)}`);
  return game.board;
}

export async function boardFor(gameId) {
  if (!boards.has(gameId)) {
    boards.set(gameId, (async () => {
      try {
        const url = await boardUrl(gameId);
        if (url) return await import(url);
      } catch (error) {
        console.error(`board for ${gameId} failed to load`, error);
      }
      return import("./generic.js");
    })());
  }
  return boards.get(gameId);
}
