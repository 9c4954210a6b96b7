// The page of a table that does not exist: a link this browser kept for it (My tables) opens
// nothing any more, so it is forgotten.
import { forget } from "/static/mytables.js";

forget(location.pathname.split("/").pop());
