// Play Me: Alice in Wonderdice at the web table. The server owns the clock and the dice:
// this page asks it to roll, shows the faces it rolled and the actions each die allows, and
// shows every player's row, blocks, side and wins as the table changes.
import { el } from "/static/dom.js";

let timer = null;

function character(ctx, player) {
  const ch = ctx.content.characters ? ctx.content.characters[player.character] : null;
  return ch ? ch.name : player.character;
}

function ability(ctx, player) {
  const ch = ctx.content.characters ? ctx.content.characters[player.character] : null;
  if (!ch) return "";
  const side = ch.sides[player.side === "mad" ? 1 : 0];
  return `${side.text}${side.provisional ? " (provisional)" : ""}`;
}

function row(player) {
  const boxes = el("span", { class: "row", "aria-label": `row ${player.row} of 6` });
  for (let v = 1; v <= 6; v++) boxes.append(el("span", { class: `die${v <= player.row ? " placed" : ""}` }, String(v)));
  if (player.blocked_by) {
    const [blocker, value] = Array.isArray(player.blocked_by) ? player.blocked_by : [player.blocked_by.seat, player.blocked_by.value];
    boxes.append(el("span", { class: "die block", title: `blocked by seat ${blocker}` }, `✖${value}`));
  }
  return boxes;
}

function faces(counts) {
  const dice = [];
  if (!counts) return dice;
  counts.forEach((n, face) => { for (let i = 0; i < n; i++) dice.push(face); });
  return dice.filter((face) => face >= 1);
}

function players(ctx, view, live) {
  const table = el("table", { class: "dice-players" });
  table.append(el("thead", {}, el("tr", {}, ...["Player", "Side", "Row (1→6)", "Hand", "Last roll", "Wins (admiring / mad)"].map((h) => el("th", { scope: "col" }, h)))));
  const body = el("tbody");
  view.players.forEach((p, seat) => {
    const you = seat === ctx.seat ? " (you)" : "";
    const marks = [p.jabberwocky ? "Jabberwocky" : "", p.upside_down ? "betrayer" : "", p.ability_suppressed ? "no ability" : ""].filter(Boolean).join(", ");
    body.append(el("tr", { "data-seat": seat },
      el("th", { scope: "row", title: ability(ctx, p) }, `Seat ${seat}: ${character(ctx, p)}${you}`),
      el("td", {}, `${p.side}${marks ? ` (${marks})` : ""}`),
      el("td", {}, row(p)),
      el("td", {}, String(p.hand)),
      el("td", {}, faces(live.pending[seat]).join(" ") || "–"),
      el("td", {}, `${p.wins.admiring} / ${p.wins.mad}`)));
  });
  table.append(body);
  return table;
}

function rollArea(ctx, live) {
  const area = el("section", { class: "roll", "aria-label": "your dice" });
  const mine = faces(live.pending[ctx.seat]);
  const wait = el("span", { id: "roll-wait", "aria-live": "polite" });
  const button = el("button", { type: "button", class: "primary", id: "roll", disabled: live.can_roll ? undefined : true,
    onclick: () => ctx.send({ type: "roll" }) }, "Roll");
  area.append(el("h2", {}, "Your dice"), el("p", {}, button, " ", wait));
  const start = performance.now();
  const waitMs = live.open_in_ms !== null && live.open_in_ms > 0 ? live.open_in_ms : live.roll_wait_ms;
  clearInterval(timer);
  const tick = () => {
    const left = Math.max(0, waitMs - (performance.now() - start));
    if (live.open_in_ms > 0 && left > 0) wait.textContent = `"Play Me!" in ${(left / 1000).toFixed(1)} s`;
    else if (left > 0 && left < 1e6) wait.textContent = `cooldown ${(left / 1000).toFixed(1)} s`;
    else wait.textContent = ctx.state.live.can_roll || left === 0 ? "" : "";
    if (left === 0 && waitMs > 0 && waitMs < 1e6) { button.disabled = false; clearInterval(timer); }
  };
  if (waitMs > 0 && waitMs < 1e6) { timer = setInterval(tick, 100); tick(); }
  const byValue = new Map();
  const others = [];
  for (const action of ctx.legal) {
    if (action.info.value >= 1 && action.info.kind !== "reclaim" && action.info.kind !== "take_back") {
      if (!byValue.has(action.info.value)) byValue.set(action.info.value, []);
      byValue.get(action.info.value).push(action);
    } else others.push(action);
  }
  if (mine.length) {
    const dice = el("div", { class: "rolled" });
    mine.forEach((face, i) => {
      const actions = byValue.get(face) || [];
      dice.append(el("div", { class: "rolled-die" },
        el("span", { class: `die big${actions.length ? " usable" : ""}`, "aria-label": `a rolled ${face}` }, String(face)),
        ...actions.map((a) => el("button", { type: "button", class: "die-action", "data-action": a.id, "data-kind": a.info.kind,
          onclick: () => ctx.act(a.id) }, a.info.text))));
      byValue.delete(face);
    });
    area.append(el("p", {}, "Click what a die should do — one action per roll (D14):"), dice);
  }
  for (const list of byValue.values()) others.push(...list);
  if (others.length) {
    area.append(el("div", { class: "choices" }, ...others.map((a) =>
      el("button", { type: "button", class: `choice${a.info.kind === "claim" ? " primary" : ""}`, "data-action": a.id, "data-kind": a.info.kind,
        onclick: () => ctx.act(a.id) }, a.info.text))));
  }
  return area;
}

export function render(board, ctx) {
  const view = ctx.view;
  const live = ctx.state ? ctx.state.live : { pending: view.players.map(() => null) };
  const parts = [el("p", { class: "status" }, `Round ${view.round} · ${view.phase.replace("_", " ")}${view.winners && view.winners.length ? ` · winner: seat ${view.winners.join(", ")}` : ""}`)];
  if (ctx.seat !== null && ctx.state && !ctx.replay && !ctx.state.finished) parts.push(rollArea({ ...ctx, send: ctx.send }, live));
  parts.push(players(ctx, view, live));
  if (ctx.content && ctx.content.help) parts.push(el("details", {}, el("summary", {}, "Help card"), el("p", {}, ctx.content.help)));
  board.replaceChildren(...parts);
}
