// The game views the page knows, in the order the home page shows the games.
import bakuk from "./bakuk.js";

export const GAME_ORDER = ["bul", "bolonki", "bakuk", "buku"];
export const GAME_VIEWS = { bakuk };
