// The page of a table (or any page) that does not exist: a table link this browser kept for it
// (My tables) opens nothing any more, so it is forgotten.
import { forget } from "/static/mytables.js";

if (location.pathname.startsWith("/t/")) forget(location.pathname.split("/")[2]);  // /t/<id> and /t/<id>/screen
