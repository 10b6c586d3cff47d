// Pages without a game: after a few quiet seconds, start the game engine once in the background so the first
// game or guided deal starts from the cache (see warmUp in runtime.js).
import { warmUp } from "./runtime.js";

warmUp();
