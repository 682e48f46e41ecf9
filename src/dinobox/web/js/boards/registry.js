// Which board draws which game. Each entry is a module exporting render(root, ctx); a game
// without one is drawn by the generic renderer, which shows any view readably.
const BOARDS = {
  "dino-race": "./dino-race.js",
  "pangaea": "./pangaea.js",
  "trex-island": "./trex-island.js",
  "dinosaur-rush": "./dinosaur-rush.js",
};

export async function boardFor(gameId) {
  const path = BOARDS[gameId];
  if (path) {
    try {
      return await import(path);
    } catch (error) {
      console.error(`board for ${gameId} failed to load`, error);
    }
  }
  return import("./generic.js");
}

export function hasBoard(gameId) {
  return Object.prototype.hasOwnProperty.call(BOARDS, gameId);
}
