// The game views the page knows, in the order the home page shows the games.
import bakuk from "./bakuk.js";
import bolonki from "./bolonki.js";
import buku from "./buku.js";
import bul from "./bul.js";

export const GAME_ORDER = ["bul", "bolonki", "bakuk", "buku"];
export const GAME_VIEWS = { bolonki, bakuk, buku, bul };
