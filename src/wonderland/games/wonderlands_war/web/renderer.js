// Wonderland's War at the web table: the tea table with its spaces and leaders, the regions
// with units and castles, your bag, madness track, shield, shards and score, the battle draw
// by draw with everyone's strength, and the final scoring by source.
import { el } from "/static/dom.js";

const STATUS = ["out", "drawing", "stopped", "bust"];

function faction(view, content, seat) {
  const f = view.players[seat].faction;
  return f >= 0 ? content.factions[f].name : `Seat ${seat}`;
}

function who(view, content, seat, me) {
  return `${faction(view, content, seat)}${seat === me ? " (you)" : ""}`;
}

function teaTable(view, content, me) {
  const list = el("ol", { class: "tea", start: "0", "aria-label": "the tea table, clockwise" });
  view.table.forEach((card, space) => {
    const leader = view.occupant[space];
    const used = content.spaces[space];
    const head = space === content.head;
    const text = head ? "Head of the Table (shard die)" : !used ? "not used at this player count" : card >= 0 ? content.cards[card] : "empty";
    list.append(el("li", { class: `space${head ? " head" : ""}${leader >= 0 ? " occupied" : ""}`, "data-space": space },
      el("span", { class: "space-no" }, `${space}`), " ", text,
      leader >= 0 ? el("strong", { class: "leader" }, ` ← ${who(view, content, leader, me)}`) : ""));
  });
  return el("section", { "aria-label": "tea party" }, el("h2", {}, `Round ${view.round}: tea party`), list);
}

function regions(view, content, me) {
  const table = el("table", { class: "regions" });
  table.append(el("caption", {}, `Regions (award this round; ⚔ the battle marker)`));
  const head = el("tr", {}, el("th", { scope: "col" }, "Region"), el("th", { scope: "col" }, "Award"));
  for (let s = 0; s < view.n; s++) head.append(el("th", { scope: "col" }, who(view, content, s, me)));
  table.append(el("thead", {}, head));
  const body = el("tbody");
  content.regions.forEach((name, r) => {
    const tile = content.tiles[view.tiles[r]] || [];
    const row = el("tr", { class: view.b_region === r ? "moving" : "" },
      el("th", { scope: "row" }, `${view.marker === r ? "⚔ " : ""}${name}`),
      el("td", {}, tile.length ? `${tile[Math.min(view.round, tile.length) - 1]} VP` : "–"));
    for (let s = 0; s < view.n; s++) {
      const parts = [];
      if (view.supporters[r][s]) parts.push(`${view.supporters[r][s]} supporters`);
      if (view.castles[r][s]) parts.push(`${view.castles[r][s]} castle${view.castles[r][s] > 1 ? "s" : ""}`);
      if (view.players[s].region === r) parts.push("leader");
      const figures = view.players[s].figures.filter(([, region]) => region === r).length;
      if (figures) parts.push(`${figures} figure${figures > 1 ? "s" : ""}`);
      row.append(el("td", {}, parts.join(", ") || "–"));
    }
    body.append(row);
  });
  table.append(body);
  return table;
}

function battle(view, content, me) {
  if (!view.war || view.b_region < 0) return "";
  const auto = content.auto_win;
  const rows = [];
  for (let s = 0; s < view.n; s++) {
    const status = view.b_status[s];
    if (status === 0) continue;
    const strength = view.b_strength[s];
    const drawn = view.b_drawn[s] >= 0 && content.chips[view.b_drawn[s]] ? content.chips[view.b_drawn[s]].name : "–";
    rows.push(el("tr", { class: status === 3 ? "bust" : "" },
      el("th", { scope: "row" }, who(view, content, s, me)),
      el("td", {}, STATUS[status]),
      el("td", {}, el("meter", { min: "0", max: String(auto), value: String(strength), "aria-label": `strength ${strength} of ${auto}` }), ` ${strength}`),
      el("td", {}, drawn)));
  }
  return el("section", { class: "battle", "aria-label": "battle" },
    el("h2", {}, `Battle in ${content.regions[view.b_region]} (round ${view.round})`),
    el("table", {}, el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Player"), el("th", { scope: "col" }, "Status"),
      el("th", { scope: "col" }, `Strength (${auto} wins at once)`), el("th", { scope: "col" }, "Last chip"))), el("tbody", {}, ...rows)));
}

function players(view, content, me) {
  const table = el("table", { class: "players" });
  table.append(el("caption", {}, "Players"));
  table.append(el("thead", {}, el("tr", {}, ...["Player", "Score so far", "Shards", "Shield", "Madness track", "Cards this round", "Bag"].map((h) => el("th", { scope: "col" }, h)))));
  const body = el("tbody");
  view.players.forEach((p, s) => {
    const slots = p.faction >= 0 ? content.factions[p.faction].madness_slots : 4;
    const inBag = p.bag.reduce((a, b) => a + b, 0);
    body.append(el("tr", {}, el("th", { scope: "row" }, who(view, content, s, me)),
      el("td", {}, String(p.vp_battles + p.vp_other)), el("td", {}, String(p.shards)),
      el("td", {}, p.shield ? "ready" : "used"), el("td", {}, `${p.track.length} / ${slots}`),
      el("td", {}, String(p.cards.length)), el("td", {}, `${inBag} chips`)));
  });
  table.append(body);
  return table;
}

function chipCounts(counts, content) {
  const parts = [];
  counts.forEach((n, chip) => { if (n) parts.push(`${content.chips[chip].name} ×${n}`); });
  return parts.join(", ") || "none";
}

function myPanel(view, content, me) {
  if (me === null || me === undefined) return "";
  const p = view.players[me];
  return el("section", { class: "mine", "aria-label": "your faction" },
    el("h2", {}, `Your ${faction(view, content, me)}`),
    el("p", { class: "bag" }, el("strong", {}, "Bag: "), chipCounts(p.bag, content)),
    el("p", {}, el("strong", {}, "Drawn this battle: "), chipCounts(p.active, content)),
    el("p", {}, el("strong", {}, "Exhausted: "), chipCounts(p.exhaust, content)),
    el("p", {}, el("strong", {}, "Madness track: "), p.track.map((c) => content.chips[c].name).join(", ") || "empty"),
    el("p", {}, el("strong", {}, "Quests: "), p.quests.filter((q) => q >= 0).map((q) => content.quests[q]).join("; ") || "none"),
    el("p", {}, el("strong", {}, "Tea cards this round: "), p.cards.map((c) => content.cards[c]).join("; ") || "none"));
}

function actions(ctx) {
  if (!ctx.legal.length) return "";
  return el("section", { class: "actions", "aria-label": "your choices" },
    el("h2", {}, "Your choice"),
    el("div", { class: "choices" }, ...ctx.legal.map((a) =>
      el("button", { type: "button", class: "choice", "data-action": a.id, onclick: () => ctx.act(a.id) }, a.info.text || a.label))));
}

function finalScores(view, content, me) {
  if (!view.final_scores) return "";
  const table = el("table", { class: "scores" });
  table.append(el("caption", {}, "Final scoring: victory points + castles + quests − 1 per shard (W53)"));
  table.append(el("thead", {}, el("tr", {}, ...["Player", "Battles", "Other VP", "Castles", "Quests", "Shards", "Total"].map((h) => el("th", { scope: "col" }, h)))));
  const body = el("tbody");
  const best = Math.max(...view.final_scores.map((f) => f.total));
  view.final_scores.forEach((f, s) => {
    body.append(el("tr", { class: f.total === best ? "winner" : "" }, el("th", { scope: "row" }, who(view, content, s, me)),
      ...[f.battles, f.other, f.castles, f.quests, f.shards].map((x) => el("td", {}, String(x))), el("td", { class: "total" }, String(f.total))));
  });
  table.append(body);
  return el("section", { class: "result", "aria-label": "final scores" }, table);
}

export function render(board, ctx) {
  const view = ctx.view;
  const content = ctx.content;
  const me = ctx.seat;
  const phase = view.final_scores ? "game over" : view.war ? "war" : "tea party";
  board.replaceChildren(
    el("p", { class: "status" }, `Round ${view.round} · ${phase}${ctx.state && ctx.state.to_move.length ? ` · to move: ${ctx.state.to_move.map((s) => faction(view, content, s)).join(", ")}` : ""} · * marks provisional content`),
    finalScores(view, content, me), actions(ctx), battle(view, content, me), myPanel(view, content, me),
    view.war ? "" : teaTable(view, content, me), regions(view, content, me), players(view, content, me));
}
