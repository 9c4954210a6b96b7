// Play Me: Alice in Wonderdice at the web table. The server owns the clock and the dice: the
// page asks it to roll ({type: "roll"}), shows the faces it rolled and what each die would
// do, and takes a die's action when the die is clicked. Each seat is its character card with
// the row 1-6 as dice; a blocking die lies across its victim's row; the round token sits in
// the middle (the White Rabbit, or the Jabberwocky once it comes, D31).
import { boardState } from "/static/board-state.js";
import { el, styled, svg } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { snapshot, glide, tumble, flash, reducedMotion } from "/static/motion.js";
import { Sections, attrs, place } from "/static/sections.js";
import { prose, ruleRef } from "/static/words.js";

export { cues } from "./cues.js";  // its sounds (see /static/sound.js)

const COLOURS = { green: "#2e7d32", blue: "#1565c0", yellow: "#f2c230", red: "#c62828", grey: "#5f6368", purple: "#6a1b9a", white: "#ffffff" };
const LIGHT = new Set(["yellow", "white"]);
const PIPS = { 1: [[20, 20]], 2: [[11, 11], [29, 29]], 3: [[11, 11], [20, 20], [29, 29]],
  4: [[11, 11], [29, 11], [11, 29], [29, 29]], 5: [[11, 11], [29, 11], [20, 20], [11, 29], [29, 29]],
  6: [[11, 11], [29, 11], [11, 20], [29, 20], [11, 29], [29, 29]] };
const DIE_KINDS = new Set(["advance", "advance_two", "unblock", "block"]);
const ROUND_WIN = /^round (\d+): seat (\d+) \(([^,()]+), (\w+)\) completed/;

// A board's UI state: the die whose choices are open, when each state message came, the
// rolls seen (to tumble new ones), the last ctx (to redraw on a click), the timer, and the
// parts kept from the last draw (the other seats and the help card while they read the same).
function uiOf(board) {
  return boardState(board, () => ({
    open: null, rolls: [], ctx: null, timer: null, token: null, hint: null,
    received: new WeakMap(), content: undefined, parts: new Sections(),
  }));
}

// -- facts --------------------------------------------------------------------------------
function card(ctx, player) {
  const chars = (ctx.content && ctx.content.characters) || {};
  return chars[player.character] || { name: player.character, colour: "white", sides: [] };
}

function colourOf(ctx, player) {
  const c = card(ctx, player).colour;
  return { fill: COLOURS[c] || COLOURS.white, pip: LIGHT.has(c) || !COLOURS[c] ? "#222" : "#fff" };
}

function charName(ctx, seat) {
  const p = ctx.view.players[seat];
  return p ? card(ctx, p).name : `seat ${seat + 1}`;
}

function inSentence(name) {
  return name.startsWith("The ") ? `the${name.slice(3)}` : name;
}

/** "Alice's", "Queen of Hearts'" (a name ending in s takes the apostrophe alone). */
function possessive(name) {
  return name.endsWith("s") ? `${name}'` : `${name}'s`;
}

function upperFirst(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Whose, inside a sentence: "your" for the reader's own seat, else the character's. */
function whose(ctx, seat) {
  return seat === ctx.seat ? "your" : possessive(inSentence(charName(ctx, seat)));
}

function playerName(ctx, seat) {
  if (typeof ctx.name === "function") return ctx.name(seat);
  if (seat === ctx.seat) return "you";
  const s = (ctx.seats || []).find((x) => x.seat === seat);
  return s ? s.name : `seat ${seat + 1}`;
}

// "seat N" in the rules' sentences becomes the character played there
function nameSeats(ctx) {
  return (seat) => (seat === ctx.seat ? `you (${charName(ctx, seat)})` : inSentence(charName(ctx, seat)));
}

function sideName(view, side) {
  return (view.side_names || ["Admiring", "Mad"])[side === "mad" ? 1 : 0];
}

function facesOf(counts) {
  const faces = [];
  if (!counts) return faces;
  counts.forEach((n, face) => { for (let i = 0; i < n && face >= 1; i++) faces.push(face); });
  return faces;
}

function pendingOf(ctx, seat) {
  if (ctx.state && ctx.state.live && ctx.state.live.pending) return facesOf(ctx.state.live.pending[seat]);
  const r = ctx.view.resolving;
  return r && r.seat === seat ? r.faces : [];
}

// -- pictures -----------------------------------------------------------------------------
/** A die face with pips (or an empty slot showing the number it waits for). */
function dieFace(value, { fill = "#fff", pip = "#222", empty = false, label = "" } = {}) {
  const attrs = { class: "face", viewBox: "0 0 40 40", focusable: "false" };
  if (label) Object.assign(attrs, { role: "img", "aria-label": label });
  else attrs["aria-hidden"] = "true";
  if (empty) {
    return svg("svg", attrs,
      svg("rect", { x: 2, y: 2, width: 36, height: 36, rx: 7, class: "slot" }),
      svg("text", { x: 20, y: 26, "text-anchor": "middle", class: "slot-number" }, String(value)));
  }
  return svg("svg", attrs,
    svg("rect", { x: 2, y: 2, width: 36, height: 36, rx: 7, fill, stroke: "rgba(0,0,0,.45)", "stroke-width": 1.5 }),
    ...(PIPS[value] || []).map(([cx, cy]) => svg("circle", { cx, cy, r: 3.6, fill: pip })));
}

function rowPicture(ctx, player) {
  const seat = player.seat;
  const colour = colourOf(ctx, player);
  const name = charName(ctx, seat);
  const b = player.blocked_by;
  const words = [`${upperFirst(whose(ctx, seat))} row: ${player.row ? `1 to ${player.row} placed` : "empty"}`];
  words.push(player.row >= 6 ? "complete" : `needs a ${player.row + 1}`);
  if (b) words.push(`blocked by ${whose(ctx, b.seat)} ${b.value}`);
  const row = el("div", { class: "row", role: "img", "aria-label": words.join("; "), "data-row": player.row });
  for (let v = 1; v <= 6; v++) {
    const placed = v <= player.row;
    row.append(el("span", { class: `slot-die${placed ? " placed" : ""}`, "data-value": v, "data-key": placed ? `row-${seat}-${v}` : null },
      dieFace(v, placed ? colour : { empty: true })));
  }
  if (b) {
    const blocker = ctx.view.players[b.seat];
    const bc = colourOf(ctx, blocker);
    const mine = b.seat === ctx.seat;
    const reclaim = (ctx.legal || []).find((a) => a.info && a.info.kind === "reclaim" && a.info.target === seat);
    const blockers = whose(ctx, b.seat);
    const lying = el(reclaim ? "button" : "span", {
      class: `block-die${mine ? " mine" : ""}${reclaim ? " choice" : ""}`, "data-key": `block-${seat}`,
      "data-blocker": b.seat, "data-value": b.value,
      type: reclaim ? "button" : null, "data-kind": reclaim ? "reclaim" : null, "data-action": reclaim ? reclaim.id : null,
      disabled: reclaim && ctx.offline ? true : null, "aria-label": reclaim ? reclaim.info.text : null,
      title: reclaim ? reclaim.info.text : `${upperFirst(blockers)} ${b.value} blocks ${seat === ctx.seat ? "you" : inSentence(name)}: no advance before it is gone (D21)`,
      onclick: reclaim ? () => ctx.act(reclaim.id) : null },
    dieFace(b.value, bc));
    row.append(styled(lying, { "--bd": bc.fill, "grid-column": String(Math.min(6, player.row + 1)) }));
    const note = el("p", { class: "block-note" }, styled(el("span", { class: "block-label" }, `blocked by ${blockers} ${b.value}`), { "--bd": bc.fill, color: bc.pip }),
      reclaim ? " — click it to take it back" : "");
    return el("div", { class: "row-wrap" }, row, note);
  }
  return row;
}

function winMarks(view, player) {
  const marks = el("span", { class: "wins", "data-wins": `${player.wins.admiring}/${player.wins.mad}`,
    title: `round wins: ${player.wins.admiring} ${sideName(view, "admiring")}, ${player.wins.mad} ${sideName(view, "mad")} — one on each side wins (D27)` });
  for (const side of ["admiring", "mad"]) {
    const won = player.wins[side] > 0;
    marks.append(el("span", { class: `win ${side}${won ? " won" : ""}` },
      won ? icon("star") : null, `${sideName(view, side)} ${player.wins[side]}`));
  }
  return marks;
}

function handPicture(ctx, player) {
  const out = ctx.view.players.filter((p) => p.blocked_by && p.blocked_by.seat === player.seat).length;
  return el("span", { class: "hand", title: "dice in hand (D2)" }, icon("dice"), ` ${player.hand} in hand`,
    out ? ` · ${out} blocking` : "");
}

function abilityText(ctx, player) {
  const c = card(ctx, player);
  const side = c.sides[player.side === "mad" ? 1 : 0];
  const parts = [];
  if (side) {
    parts.push(el("p", { class: `ability${player.ability_suppressed ? " lost" : ""}` },
      el("strong", {}, `${sideName(ctx.view, player.side)}: `), side.text,
      side.provisional ? el("span", { class: "provisional", title: "our own design, not the printed card (D9)" }, "provisional") : null,
      player.ability_suppressed ? el("span", { class: "note" }, " — no ability this round (D28)") : null));
  }
  if (player.jabberwocky && ctx.content.jabberwocky) {
    const j = ctx.content.jabberwocky;
    parts.push(el("p", { class: "ability jabber" }, el("strong", {}, "Jabberwocky: "), j.text,
      j.provisional !== false ? el("span", { class: "provisional", title: "the power card's text is not known (D5)" }, "provisional") : null));
  }
  return parts;
}

// -- the rolled dice and what each would do ----------------------------------------------
function dieActions(ctx, face) {
  return (ctx.legal || []).filter((a) => a.info && DIE_KINDS.has(a.info.kind) && a.info.value === face);
}

function whyUnused(ctx, face) {
  const me = ctx.view.players[ctx.seat];
  const need = me.row + 1;
  if (me.blocked_by) return `a ${face} does nothing now: you are blocked, only a ${me.blocked_by.value} unblocks you (D21, D22), and nobody you may block needs a ${face} (D19)`;
  if (need > 6) return "your row is complete: touch the White Rabbit (D25)";
  return `a ${face} does nothing now: your row needs a ${need} (D17) and nobody you may block needs a ${face} (D19)`;
}

function shortWords(action) {
  const t = action.info.text;
  return t.replace(/^unblock yourself.*/, "unblock");
}

function rolledDie(ctx, state, face, index, dice) {
  const seat = ctx.seat;
  const me = ctx.view.players[seat];
  const actions = dieActions(ctx, face);
  const key = `roll-${seat}-${face}-${dice.slice(0, index).filter((f) => f === face).length}`;
  const open = state.open === key;
  const colour = colourOf(ctx, me);
  const hintId = `die-why-${key}`;
  let caption;
  let attrs;
  if (!actions.length) {
    caption = "no use";
    attrs = { "aria-disabled": "true", "aria-describedby": hintId, title: whyUnused(ctx, face),
      onclick: (event) => { state.hint = key; event.currentTarget.parentNode.classList.add("show-why"); } };
  } else if (actions.length === 1) {
    caption = shortWords(actions[0]);
    attrs = { "data-kind": actions[0].info.kind, "data-action": actions[0].id, title: actions[0].info.text,
      onclick: () => ctx.act(actions[0].id) };
  } else {
    caption = `${actions.length} choices`;
    attrs = { "data-kind": "choose", "data-actions": actions.map((a) => a.id).join(" "), "aria-expanded": open ? "true" : "false", title: actions.map((a) => a.info.text).join("; "),
      onclick: () => { state.open = open ? null : key; state.focus = open ? `[data-key="${key}"]` : ".die-choices button"; redraw(state); } };
  }
  const button = el("button", { type: "button", class: `rolled-die${actions.length ? " usable" : " unusable"}`,
    "data-key": key, "data-face": face, disabled: ctx.offline ? true : null,
    "aria-label": `${face}: ${actions.length ? actions.map((a) => a.info.text).join(" or ") : "no use"}`, ...attrs },
  dieFace(face, colour), el("span", { class: "die-caption" }, caption));
  const wrap = el("div", { class: `die-slot${open ? " open" : ""}${!actions.length && state.hint === key ? " show-why" : ""}` }, button);
  if (open) {
    wrap.append(el("div", { class: "die-choices", role: "group", "aria-label": `what your ${face} does` },
      ...actions.map((a) => el("button", { type: "button", class: "die-action", "data-kind": a.info.kind, "data-action": a.id,
        disabled: ctx.offline ? true : null, onclick: () => { state.open = null; ctx.act(a.id); } }, a.info.text))));
  }
  if (!actions.length) wrap.append(el("p", { class: "why", id: hintId }, prose(whyUnused(ctx, face))));
  return wrap;
}

function cooldownRing(fraction) {
  const r = 27;
  const c = 2 * Math.PI * r;
  return svg("svg", { class: "ring", viewBox: "0 0 60 60", "aria-hidden": "true", focusable: "false" },
    svg("circle", { cx: 30, cy: 30, r, class: "ring-track" }),
    svg("circle", { cx: 30, cy: 30, r, class: "ring-left", "stroke-dasharray": c.toFixed(1), "stroke-dashoffset": (c * fraction).toFixed(1),
 }));
}

function tray(ctx, state, live, since) {
  const seat = ctx.seat;
  const me = ctx.view.players[seat];
  const dice = pendingOf(ctx, seat);
  const playing = ctx.view.phase === "play";
  const area = el("section", { class: "tray", "aria-label": "your roll" });
  const cooldown = live.cooldown_ms || 800;
  const opening = live.open_in_ms !== null && live.open_in_ms !== undefined && live.open_in_ms > 0;
  const wait = opening ? live.open_in_ms : live.roll_wait_ms || 0;
  const waitMs = Math.max(0, wait - since);
  const waiting = waitMs > 0;
  const held = Boolean(live.held); // the race waits for every player to be here and ready
  const never = held || wait >= 1e6; // or the host has not opened the round (Q19 host_starts)
  const canRoll = playing && me.hand > 0 && !never && (live.can_roll || !waiting);
  const why = !playing ? "no round is being played now" : me.hand === 0 ? "no die in hand to roll (D14)"
    : held ? "the race waits for every player to be here and ready" : never ? "the host opens the round (Q19)" : opening ? "wait for \"Play Me!\" (D12)" : waiting ? "cooldown between two rolls (RT2)" : "";
  const roll = el("button", { type: "button", class: "roll primary", id: "roll", "data-shortcut": "r",
    disabled: canRoll && !ctx.offline ? null : true, title: canRoll ? "roll all the dice in your hand (Q7)" : why,
    "aria-describedby": "roll-why", onclick: () => ctx.send({ type: "roll" }) },
  !opening && waiting ? cooldownRing(1 - waitMs / cooldown) : null,
  icon("dice"), el("span", {}, "Roll"), el("small", {}, `${me.hand} ${me.hand === 1 ? "die" : "dice"}`));
  if (!opening && waiting) {
    const left = roll.querySelector(".ring-left");
    styled(left, { "--c": left.getAttribute("stroke-dasharray"), animation: `wd-ring ${waitMs}ms linear forwards` });
  }
  const status = el("p", { class: "roll-why", id: "roll-why", "aria-live": "polite" },
    prose(canRoll ? (dice.length ? "Rolling again lets this roll go unused (RT3)." : "Roll when you like: no turns (D13).") : why));
  area.append(el("div", { class: "roll-box" }, roll, status));
  state.rollButton = roll;
  state.rollStatus = status;
  state.rollReadyAt = waiting && !never && playing && me.hand > 0 ? performance.now() + waitMs : null;
  if (dice.length) {
    const list = el("div", { class: "rolled", role: "group", "aria-label": "your rolled dice: click one to use it" });
    dice.forEach((face, i) => list.append(rolledDie(ctx, state, face, i, dice)));
    area.append(el("p", { class: "tray-hint" }, "Click a die to use it — one action per roll ", ruleRef("D14")), list);
  }
  const extra = (ctx.legal || []).filter((a) => a.info && (a.info.kind === "take_back" || a.info.kind === "pass"));
  if (extra.length && dice.length) {
    area.append(el("div", { class: "choices" }, ...extra.map((a) => el("button", {
      type: "button", class: `choice${a.info.kind === "pass" ? " quiet" : ""}`, "data-kind": a.info.kind, "data-action": a.id,
      disabled: ctx.offline ? true : null, onclick: () => ctx.act(a.id) }, a.info.kind === "take_back" ? `No die needed: ${a.info.text}` : "Let this roll go"))));
  }
  return area;
}

// -- the token and the middle of the table -----------------------------------------------
function tokenPicture(jabber) {
  const rabbit = svg("g", { class: "token-face rabbit" },
    svg("circle", { cx: 50, cy: 50, r: 46, class: "token-disc" }),
    svg("ellipse", { cx: 40, cy: 30, rx: 6, ry: 18, class: "ink", transform: "rotate(-12 40 30)" }),
    svg("ellipse", { cx: 58, cy: 30, rx: 6, ry: 18, class: "ink", transform: "rotate(12 58 30)" }),
    svg("circle", { cx: 49, cy: 56, r: 16, class: "ink" }),
    svg("circle", { cx: 43, cy: 53, r: 2.4, class: "eye" }),
    svg("circle", { cx: 55, cy: 53, r: 2.4, class: "eye" }),
    svg("circle", { cx: 72, cy: 76, r: 9, class: "watch" }),
    svg("path", { d: "M72 70v6l4 2", class: "hands" }));
  const jabberwock = svg("g", { class: "token-face jabber" },
    svg("circle", { cx: 50, cy: 50, r: 46, class: "token-disc" }),
    svg("path", { d: "M50 30c-14-16-34-10-38 6 10-4 18-2 24 6-8 2-12 8-12 16 8-6 16-6 22-2 6-4 14-4 22 2 0-8-4-14-12-16 6-8 14-10 24-6-4-16-24-22-30-6z", class: "ink" }),
    svg("path", { d: "M44 60l6 22 6-22z", class: "ink" }),
    svg("circle", { cx: 45, cy: 46, r: 2.6, class: "eye" }),
    svg("circle", { cx: 55, cy: 46, r: 2.6, class: "eye" }));
  return svg("svg", { class: `token-svg${jabber ? " flipped" : ""}`, viewBox: "0 0 100 100", role: "img",
    "aria-label": jabber ? "the round token: the Jabberwocky side up (D31)" : "the round token: the White Rabbit side up (D3)" },
  jabber ? jabberwock : rabbit);
}

function lastRound(view) {
  for (let i = view.history.length - 1; i >= 0; i--) {
    const m = ROUND_WIN.exec(view.history[i]);
    if (m) return { round: Number(m[1]), seat: Number(m[2]) - 1, side: m[4], index: i };  // the sentence counts seats from 1
  }
  return null;
}

/** Why the last round's winner's card flipped and what it still needs, in words. */
function roundWhy(ctx, won) {
  const view = ctx.view;
  const p = view.players[won.seat];
  const you = won.seat === ctx.seat;
  const cardOf = you ? "your card" : `${possessive(charName(ctx, won.seat))} card`;
  const them = you ? "you" : inSentence(charName(ctx, won.seat));
  const adm = sideName(view, "admiring");
  const mad = sideName(view, "mad");
  if (view.phase === "over" && view.end_rule === "D27" && view.winners.includes(won.seat)) {
    return `${cardOf} has now won a round on each side, ${adm} and ${mad}: that wins the game (D27)`;
  }
  if (p.jabberwocky || view.players.some((x) => x.jabberwocky)) return "";
  if (won.side === adm) return `${cardOf} turns ${mad} (D26): one more win on the ${mad} side wins the game for ${them} (D27)`;
  return `${cardOf} stays ${mad} (D26): ${them} still ${you ? "need" : "needs"} a round won on the ${adm} side (D27)`;
}

const END_WHY = {
  D27: "a round won on each side, Admiring and Mad (D27)",
  D33: "the Jabberwocky's race is decided (D33)",
  D36: "the betrayer won again (D36)",
  D29: "the most game wins of the Challenge series (D29)",
  E3: "the game ran past its length and is shared as a draw (E3)",
};

export function result(view, ctx) {
  const c = { ...ctx, view };
  const names = view.winners.map((s) => (s === c.seat ? "you" : charName(c, s)));
  const list = names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  if (!names.length) return { headline: "No winner yet", reason: `round ${view.round} is being played` };
  const headline = view.end_rule === "E3" ? "A draw: the win is shared" : `${list[0].toUpperCase()}${list.slice(1)} ${names.length === 1 && names[0] !== "you" ? "wins" : "win"} the game`;
  const won = lastRound(view);
  let reason = END_WHY[view.end_rule] || `rule ${view.end_rule}`;
  if (view.end_rule === "D27" && won && view.winners.includes(won.seat)) {
    const p = view.players[won.seat];
    reason = `a round won on each side: ${p.wins.admiring} ${sideName(view, "admiring")} and ${p.wins.mad} ${sideName(view, "mad")} (D27)`;
  } else if (view.end_rule === "D33") {
    const jabber = view.players.find((p) => p.jabberwocky);
    reason = jabber && view.winners.includes(jabber.seat) ? "every other card is Mad: the Jabberwocky wins (D33)" : `the team reached its round wins (${view.team_wins}) against the Jabberwocky (D33, Q15)`;
  }
  return { headline, reason };
}

function middle(ctx, state, live, since) {
  const view = ctx.view;
  const jabber = view.players.some((p) => p.jabberwocky);
  const claim = (ctx.legal || []).find((a) => a.info && (a.info.kind === "claim" || a.info.kind === "touch"));
  const token = el(claim ? "button" : "div", {
    class: `token${claim ? " choice claim" : ""}${jabber ? " is-jabber" : ""}`, "data-key": "token",
    type: claim ? "button" : null, "data-kind": claim ? claim.info.kind : null, "data-action": claim ? claim.id : null,
    "data-shortcut": claim ? "t" : null, disabled: claim && ctx.offline ? true : null,
    "aria-label": claim ? `${claim.info.text} (${claim.info.kind === "claim" ? "D25" : "D28"})` : null,
    onclick: claim ? () => ctx.act(claim.id) : null }, tokenPicture(jabber),
  el("span", { class: "token-name" }, claim ? (claim.info.kind === "claim" ? "Touch the White Rabbit!" : "Touch the token!") : jabber ? "the Jabberwocky" : "the White Rabbit"));
  const parts = [token];
  const opening = live && live.open_in_ms > 0 && view.phase === "play";
  if (opening) {
    const left = Math.max(0, live.open_in_ms - since);
    const count = el("p", { class: "countdown", "aria-live": "polite", role: "timer" },
      el("span", { class: "count-number" }, String(Math.ceil(left / 1000))), el("span", { class: "count-words" }, live.round_going_on ? "then the race goes on" : "“Play Me!” opens the round"), ruleRef("D12"));
    state.countdown = { node: count.firstChild, at: performance.now() + left, box: count };
    parts.push(count);
  } else if (view.phase === "play" && live && !live.held && view.players.every((p) => p.row === 0 && p.hand === 6) && !view.players.some((_, s) => pendingOf(ctx, s).length)) {
    parts.push(el("p", { class: "countdown go" }, el("span", { class: "count-number" }, "Play Me!")));
  }
  const phaseWords = {
    play_me: "Play Me!: everyone but the round winner touches the token; the last to touch turns Admiring and plays the next round without the ability (D28)",
    betrayal: `seat ${view.decider + 1} won the round for the team and may betray it (D36)`,
    jabberwocky_choice: `the Jabberwocky (seat ${view.decider + 1}) turns one Admiring player Mad (D34)`,
  }[view.phase];
  if (phaseWords) parts.push(el("p", { class: "phase-note" }, prose(phaseWords, nameSeats(ctx))));
  const decisions = (ctx.legal || []).filter((a) => a.info && ["betray", "loyal", "madden"].includes(a.info.kind));
  if (decisions.length) {
    parts.push(el("div", { class: "choices decisions" }, ...decisions.map((a, i) => el("button", {
      type: "button", class: `choice${i === 0 ? " primary" : ""}`, "data-kind": a.info.kind, "data-action": a.id,
      "data-shortcut": String(i + 1), disabled: ctx.offline ? true : null, onclick: () => ctx.act(a.id) }, a.info.text))));
  }
  const info = el("div", { class: "round-info" }, el("p", { class: "round-no" }, `Round ${view.round}`, view.game ? ` · game ${view.game + 1}` : ""));
  if (jabber) info.append(el("p", {}, `Team wins: ${view.team_wins}`));
  parts.unshift(info);
  return el("section", { class: "middle", "aria-label": "the middle of the table" }, ...parts);
}

function banner(ctx) {
  const view = ctx.view;
  if (view.phase === "over") {
    const r = result(view, ctx);
    return el("section", { class: "result final", "aria-live": "polite" }, icon("trophy"),
      el("div", {}, el("h2", {}, r.headline), el("p", {}, prose(r.reason, nameSeats(ctx))), scoring(ctx)));
  }
  const won = lastRound(view);
  if (!won) return null;
  const fresh = won.index >= view.history.length - 3 && won.round === view.round - 1;
  const who = won.seat === ctx.seat ? "You" : charName(ctx, won.seat);
  const why = roundWhy(ctx, won);
  const extra = view.history.slice(won.index + 1);
  return el("section", { class: `result${fresh ? " fresh" : ""}`, "aria-live": "polite" }, icon("crown"),
    el("div", {}, el("p", { class: "result-head" }, `Round ${won.round}: ${who} caught the White Rabbit on the ${won.side} side`),
      why ? el("p", {}, prose(why, nameSeats(ctx))) : null,
      ...extra.slice(-2).map((line) => el("p", { class: "note" }, prose(line, nameSeats(ctx))))));
}

function scoring(ctx) {
  const view = ctx.view;
  const table = el("table", { class: "scores" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Player"), el("th", { scope: "col" }, sideName(view, "admiring")),
      el("th", { scope: "col" }, sideName(view, "mad")), el("th", { scope: "col" }, "Card now"))),
    el("tbody", {}, ...view.players.map((p) => el("tr", { class: view.winners.includes(p.seat) ? "winner" : "" },
      el("th", { scope: "row" }, `${charName(ctx, p.seat)} (${playerName(ctx, p.seat)})`),
      el("td", {}, String(p.wins.admiring)), el("td", {}, String(p.wins.mad)),
      el("td", {}, `${sideName(view, p.side)}${p.jabberwocky ? ", the Jabberwocky" : ""}${p.upside_down ? ", betrayer" : ""}`)))));
  return table;
}

// -- a seat --------------------------------------------------------------------------------
function seatCard(ctx, state, seat) {
  const view = ctx.view;
  const p = view.players[seat];
  const c = card(ctx, p);
  const colour = colourOf(ctx, p);
  const mine = seat === ctx.seat;
  const pending = pendingOf(ctx, seat);
  const deciding = (view.phase === "betrayal" || view.phase === "jabberwocky_choice") && view.decider === seat;
  const active = view.phase === "play" ? pending.length > 0 : deciding;
  const who = playerName(ctx, seat);
  const seatInfo = (ctx.seats || []).find((s) => s.seat === seat);
  const head = el("header", { class: "seat-head" },
    styled(el("span", { class: "swatch", "aria-hidden": "true" }), { background: colour.fill }),
    el("span", { class: "char-name" }, c.name),
    el("span", { class: `side-badge ${p.side}` }, sideName(view, p.side), p.upside_down ? " (upside down)" : ""),
    p.jabberwocky ? el("span", { class: "side-badge jabber" }, "Jabberwocky") : null);
  const sub = el("p", { class: "player" },
    icon(seatInfo && seatInfo.kind === "bot" ? "bot" : "person"), ` ${mine ? "you" : who}`,
    seatInfo && seatInfo.kind === "human" && !seatInfo.connected ? el("span", { class: "offline-tag" }, " · offline") : null,
    " · ", handPicture(ctx, p), " · ", winMarks(view, p));
  const parts = [head, sub, rowPicture(ctx, p)];
  if (!mine && pending.length) {
    parts.push(el("div", { class: "their-roll", role: "img", "aria-label": `${c.name} rolled ${pending.join(", ")}` },
      el("span", { class: "their-roll-label", "aria-hidden": "true" }, "rolled"),
      ...pending.map((f, i) => el("span", { class: "small-die", "data-key": `roll-${seat}-${f}-${pending.slice(0, i).filter((x) => x === f).length}` }, dieFace(f, colour)))));
  }
  const madden = (ctx.legal || []).find((a) => a.info && a.info.kind === "madden" && a.info.target === seat);
  if (madden) parts.push(el("button", { type: "button", class: "choice", "data-kind": "madden", "data-action": madden.id, disabled: ctx.offline ? true : null, onclick: () => ctx.act(madden.id) }, madden.info.text));
  parts.push(...abilityText(ctx, p));
  if (mine && ctx.state && !ctx.replay && view.phase !== "over") parts.push(tray(ctx, state, ctx.state.live || {}, state.since));
  let status = "";
  if (mine && active) status = "your roll: use a die";
  else if (mine && view.phase === "play" && ctx.state && !ctx.replay && p.hand > 0 && !(ctx.state.live && ctx.state.live.held)) status = "you may roll";
  else if (active && view.phase === "play") status = "is rolling";
  else if (deciding) status = "is deciding";
  return styled(el("article", { class: `dice-seat${mine ? " mine" : ""}${active ? " active" : ""}${p.blocked_by ? " blocked" : ""}`,
    "data-seat": seat, "aria-label": `${c.name}, ${mine ? "you" : who}${status ? `, ${status}` : ""}` },
  status ? el("span", { class: "turn-tag" }, icon("turn"), ` ${status}`) : null, ...parts), { "--seat": colour.fill });
}

/** What another seat's card reads: it is drawn again only when this changes. */
function seatKey(ctx, seat) {
  const view = ctx.view;
  const p = view.players[seat];
  const blocker = p.blocked_by ? view.players[p.blocked_by.seat].character : null;
  const blocking = view.players.filter((q) => q.blocked_by && q.blocked_by.seat === seat).length;
  const legal = (ctx.legal || []).filter((a) => a.info && a.info.target === seat);
  const seatInfo = (ctx.seats || []).find((s) => s.seat === seat);
  return JSON.stringify([ctx.seat, p, blocker, blocking, pendingOf(ctx, seat), view.phase, view.decider, view.side_names,
    playerName(ctx, seat), seatInfo, legal, Boolean(ctx.offline), Boolean(ctx.replay), Boolean(ctx.state)]);
}

function helpCard(content) {
  return el("details", { class: "help-card" }, el("summary", {}, "Help card", content.help_provisional !== false ? el("span", { class: "provisional" }, "provisional") : null),
    el("p", {}, prose(content.help)));
}

// -- drawing --------------------------------------------------------------------------------
function redraw(state) {
  if (state.ctx && state.board) render(state.board, state.ctx);
}

function startTimer(state) {
  clearInterval(state.timer);
  state.timer = null;
  if (!state.countdown && !state.rollReadyAt) return;
  const tick = () => {
    const now = performance.now();
    if (state.countdown) {
      const left = Math.max(0, state.countdown.at - now);
      state.countdown.node.textContent = left > 0 ? String(Math.ceil(left / 1000)) : "Play Me!";
      if (left === 0) { state.countdown.box.classList.add("go"); state.countdown = null; }
    }
    if (state.rollReadyAt && now >= state.rollReadyAt) {
      state.rollReadyAt = null;
      if (!state.ctx.offline) state.rollButton.disabled = false;
      state.rollButton.title = "roll all the dice in your hand (Q7)";
      state.rollStatus.replaceChildren(prose("Roll when you like: no turns (D13)."));
    }
    if (!state.countdown && !state.rollReadyAt) { clearInterval(state.timer); state.timer = null; }
  };
  state.timer = setInterval(tick, 100);
  tick();
}

export function render(board, ctx) {
  const state = uiOf(board);
  const view = ctx.view;
  const sameState = state.ctx && state.ctx.state === ctx.state && state.ctx.view === view;
  if (!sameState) {
    const key = JSON.stringify(ctx.state && ctx.state.live ? ctx.state.live.pending[ctx.seat] : null);
    if (state.pendingKey !== key) { state.open = null; state.hint = null; state.pendingKey = key; }
  }
  state.ctx = ctx;
  state.board = board;
  if (ctx.state && !state.received.has(ctx.state)) state.received.set(ctx.state, performance.now());
  state.since = ctx.state ? performance.now() - state.received.get(ctx.state) : 0;
  state.countdown = null;
  state.rollReadyAt = null;
  // only a die that moved needs the positions before (reading them costs a layout)
  const sig = view.players.map((p) => `${p.row}${p.blocked_by ? p.blocked_by.seat * 10 + p.blocked_by.value : ""}`).join(",");
  const moved = !sameState && state.sig !== undefined && state.sig !== sig;
  state.sig = sig;
  const before = moved && board.firstChild && !reducedMotion() ? snapshot(board) : null;
  const live = ctx.state ? ctx.state.live : null;
  const order = view.players.map((p) => p.seat);
  const mine = ctx.seat !== null && ctx.seat !== undefined && view.players[ctx.seat] ? ctx.seat : null;
  const others = mine === null ? order : order.slice(mine + 1).concat(order.slice(0, mine));
  if (state.content !== ctx.content) state.parts.clear();
  state.content = ctx.content;
  const parts = state.parts.begin();
  // the other seats are kept while they read the same; yours (its roll's timing) and the
  // middle (the countdown) are drawn at every draw
  const table = place(attrs(parts.keep("table", "div"), { class: `wd-table seats-${view.players.length}` }), [
    place(parts.keep("opponents", "div", { class: "opponents" }), others.map((s) => parts.node(`seat-${s}`, seatKey(ctx, s), () => seatCard(ctx, state, s)))),
    middle(ctx, state, live, state.since),
    mine === null ? null : place(parts.keep("me", "div", { class: "me" }), [seatCard(ctx, state, mine)]),
  ]);
  const help = ctx.content && ctx.content.help ? parts.node("help", "", () => helpCard(ctx.content)) : null;
  parts.end();
  place(board, [banner(ctx), table, help]);
  board.classList.add("wd-board");
  if (!sameState) animate(board, ctx, state, before);
  const lastKeys = state.lastKeys || [];
  for (const node of board.querySelectorAll("[data-key].last")) if (!lastKeys.includes(node.dataset.key)) node.classList.remove("last");
  for (const key of lastKeys) {
    const node = board.querySelector(`[data-key="${key}"]`);
    if (node) node.classList.add("last");
  }
  if (state.focus) {
    const node = board.querySelector(state.focus);
    state.focus = null;
    if (node) node.focus();
  }
  startTimer(state);
}

function animate(board, ctx, state, before) {
  // dice placed on a row or lying as a block fly from the die just rolled
  if (before) glide(board, before, { origins: (key) => {
    if (!before) return null;
    let m = /^row-(\d+)-(\d+)$/.exec(key);
    if (m) return before.get(`roll-${m[1]}-${m[2]}-0`) || null;
    m = /^block-(\d+)$/.exec(key);
    if (m) {
      const b = ctx.view.players[Number(m[1])].blocked_by;
      return b ? before.get(`roll-${b.seat}-${b.value}-0`) || null : null;
    }
    return null;
  } });
  // a new roll tumbles
  const rolls = ctx.view.players.map((p) => JSON.stringify(pendingOf(ctx, p.seat)));
  rolls.forEach((key, seat) => {
    if (key !== "[]" && state.rolls[seat] !== key) {
      board.querySelectorAll(`[data-key^="roll-${seat}-"]`).forEach((node) => tumble(node));
    }
  });
  state.rolls = rolls;
  // the token flips when the Jabberwocky comes
  const jabber = ctx.view.players.some((p) => p.jabberwocky);
  const token = board.querySelector(".token-svg");
  if (state.token !== null && state.token !== jabber && token && !reducedMotion()) {
    token.animate([{ transform: "rotateY(90deg)" }, { transform: "none" }], { duration: 320, easing: "ease-out" });
  }
  state.token = jabber;
  state.prevView = ctx.view;
  // the last action is highlighted on the seat that made it
  const prev = ctx.previous || state.prevView;
  if (prev && prev !== ctx.view) {
    const last = [];
    ctx.view.players.forEach((p, seat) => {
      const q = prev.players[seat];
      if (!q) return;
      if (p.row > q.row) last.push(`row-${seat}-${p.row}`);
      if (p.blocked_by && JSON.stringify(q.blocked_by) !== JSON.stringify(p.blocked_by)) last.push(`block-${seat}`);
      if (q.side !== p.side || q.row > p.row || (q.blocked_by && !p.blocked_by)) flash(board.querySelector(`.dice-seat[data-seat="${seat}"] .row`));
    });
    if (last.length || ctx.view.round !== prev.round) state.lastKeys = last;
  }
}
