// Lesson pages: when the browser is idle, fetch the game engine into the cache so the game page starts fast.
import { warmCache } from "./runtime.js";

warmCache();
