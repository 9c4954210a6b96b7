// The lobby's choice of a table's clocks (the time_control of POST /api/tables): none, real
// time (a base, an increment per move, a cap) or turn-based (a time per move) and what happens
// when a clock runs out; a real-time game takes an idle kick instead.
import { el, loadStyles } from "/static/dom.js";

const TURN_CHOICES = [
  ["none", "No clock", { kind: "none" }],
  ["blitz", "Quick: 30 s + 5 s a move (max 60 s)", { kind: "real_time", base_seconds: 30, increment_seconds: 5, cap_seconds: 60 }],
  ["real", "Real time: 90 s + 10 s a move (max 180 s)", { kind: "real_time", base_seconds: 90, increment_seconds: 10, cap_seconds: 180 }],
  ["day", "Turn-based: 24 h a move", { kind: "turn_based", move_seconds: 86400 }],
  ["days", "Turn-based: 3 days a move", { kind: "turn_based", move_seconds: 259200 }],
];
const IDLE_CHOICES = [
  ["60", "A bot takes a seat idle for 60 s", 60],
  ["120", "A bot takes a seat idle for 2 min", 120],
  ["300", "A bot takes a seat idle for 5 min", 300],
  ["off", "Never: idle seats wait", null],
];

function row(id, label, select) {
  return el("p", { class: "seat-row time-row" }, el("label", { for: id }, label), select);
}

/** The clock fields of ``game``'s creation form: { node, value() } (value: a TimeControl). */
export function timeControlField(game) {
  loadStyles("/static/time-control.css");
  if (game.real_time) {
    const id = `${game.id}-idle`;
    const select = el("select", { id, name: "idle_kick" },
      ...IDLE_CHOICES.map(([value, words]) => el("option", { value }, words)));
    return {
      node: el("fieldset", { class: "time-control" }, el("legend", {}, "Idle players"), row(id, "Idle kick", select)),
      value: () => {
        const seconds = IDLE_CHOICES.find(([value]) => value === select.value)[2];
        return seconds === null ? { kind: "none" } : { kind: "none", idle_kick_seconds: seconds };
      },
    };
  }
  const clockId = `${game.id}-clock`;
  const policyId = `${game.id}-timeout`;
  const clock = el("select", { id: clockId, name: "clock" },
    ...TURN_CHOICES.map(([value, words]) => el("option", { value }, words)));
  const policy = el("select", { id: policyId, name: "on_timeout" },
    el("option", { value: "fallback_move" }, "A bot plays that move"),
    el("option", { value: "replace_by_bot" }, "A bot takes the seat"));
  const policyRow = row(policyId, "Time out", policy);
  const show = () => { policyRow.style.display = clock.value === "none" ? "none" : ""; };
  clock.addEventListener("change", show);
  show();
  return {
    node: el("fieldset", { class: "time-control" }, el("legend", {}, "Clock"), row(clockId, "Time", clock), policyRow),
    value: () => {
      const chosen = TURN_CHOICES.find(([value]) => value === clock.value)[2];
      return chosen.kind === "none" ? chosen : { ...chosen, on_timeout: policy.value };
    },
  };
}
