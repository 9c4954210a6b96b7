// The replay of a finished table at the table page: the stored steps from the table as dealt
// to the last move, each drawn by the game's renderer as a spectator sees it, with the chat
// lines and table events said at that step. The page gives how to draw a view, whether it is
// offline, how to name a seat and draw a chat line, where to say an error, and what to do when
// the replay opens or closes (the live table is drawn again).
import { el } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { prose } from "/static/words.js";

const $ = (id) => document.getElementById(id);

export function replayPanel({ tableId, drawView, offline, seatName, chatItem, showError, opened, closed }) {
  let replay = null;  // { steps, index, chat, events } while open

  function stepLabel(index) {
    if (index === 0) return "Start: the table as it was dealt.";
    return `Move ${index}: ${replay.steps[index].label}`;
  }

  /** The chat lines said at the replay's step (those said after the game are at its last). */
  function showChat() {
    const lines = replay.chat.filter((line) => line.step === replay.index);
    const events = replay.events.filter((event) => event.step === replay.index)
      .map((event) => el("li", { class: "chat-line chat-event" }, prose(event.text, seatName)));
    $("replay-chat").hidden = !lines.length && !events.length;
    $("replay-chat-lines").replaceChildren(...events, ...lines.map(chatItem));
  }

  function showStep() {
    const last = replay.steps.length - 1;
    // Moves count from 1, as the log's; the table as dealt comes before the first.
    $("replay-pos").textContent = replay.index === 0 ? `start, before move 1 of ${last}` : `move ${replay.index} of ${last}`;
    $("replay-label").replaceChildren(prose(stepLabel(replay.index), seatName));
    $("replay-first").disabled = $("replay-prev").disabled = offline() || replay.index === 0;
    $("replay-next").disabled = $("replay-last").disabled = offline() || replay.index === last;
    $("replay-live").disabled = offline();
    showChat();
    drawView(replay.steps[replay.index].view);
  }

  async function open() {
    if (offline()) return;
    const response = await fetch(`/api/tables/${tableId}/replay`);
    const body = await response.json();
    if (!response.ok) { showError({ message: body.detail }); return; }
    replay = { steps: body.steps, index: 0, chat: body.chat || [], events: body.events || [] };
    opened();
    $("replay").hidden = false;
    $("game-over").hidden = true;
    showStep();
    $("replay-next").focus();
  }

  function move(to) {
    if (!replay || offline()) return;
    const index = Math.max(0, Math.min(replay.steps.length - 1, to));
    if (index === replay.index) return;
    replay.index = index;
    showStep();
  }

  function close() {
    replay = null;
    $("replay").hidden = true;
    closed();
    $("replay-open").focus();
  }

  $("replay-first").append(icon("first"), el("span", { class: "label" }, "First"));
  $("replay-prev").append(icon("prev"), el("span", { class: "label" }, "Previous"));
  $("replay-next").append(el("span", { class: "label" }, "Next"), icon("next"));
  $("replay-last").append(el("span", { class: "label" }, "Last"), icon("last"));
  $("replay-first").addEventListener("click", () => move(0));
  $("replay-prev").addEventListener("click", () => move(replay.index - 1));
  $("replay-next").addEventListener("click", () => move(replay.index + 1));
  $("replay-last").addEventListener("click", () => move(Infinity));
  $("replay-live").addEventListener("click", close);
  $("replay-open").addEventListener("click", open);

  return {
    /** Whether the replay is open (the live table is not drawn meanwhile). */
    get open() { return replay !== null; },
    /** The step shown, or null when closed. */
    index: () => (replay ? replay.index : null),
    move,
    /** Draw the step again (the connection came or went: its buttons change). */
    refresh() { if (replay) showStep(); },
    /** Show the chat said at the step again (a chat line came in). */
    refreshChat() { if (replay) showChat(); },
  };
}
