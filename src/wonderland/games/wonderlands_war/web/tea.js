// The tea party: a round table of numbered plates with their cards, the Head of the Table,
// the leaders on their plates and the Wonderlandian market in the middle. A legal plate is a
// highlighted button; any other plate says why it cannot be taken (with its rule clause).
import { el, svg } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { PHASE, bind, button, styled, factionName, hyphenated, initial, provisional, take, tone, topPhase, who, words } from "./common.js";

const ui = { selected: -1, shown: -1, stamp: "" };

function cardName(content, card) {
  const part = content.card_parts ? content.card_parts[card] : null;
  return part ? `${part.name}${part.provisional ? "*" : ""}` : String(content.cards[card]).split(":")[0];
}

function cardText(content, card) {
  return content.cards[card];
}

/** Why `seat` cannot stop on plate `space` now (a sentence with its clause), or "". */
function reason(ctx, space, legalHere) {
  const { view, content } = ctx;
  const me = ctx.seat;
  if (legalHere) return "";
  const phase = topPhase(view);
  const head = space === content.head;
  if (!head && !content.spaces[space]) return `This plate is not used with ${view.n} players (rule W9).`;
  if (me === null || me === undefined) return "You are watching this table.";
  const tea = phase === PHASE.TEA_TURN || phase === PHASE.TEA_CONTINUE;
  if (view.war) return "The tea party is over for this round: the war is on (rule W27).";
  if (!tea || view.tasks[view.tasks.length - 1][1] !== me) {
    if (view.turn === me) return "Not now: first finish what the card you took asks for (rule W19).";
    return `Not your turn: ${view.turn >= 0 ? who(ctx, view.turn) : "another leader"} is moving (rule W19).`;
  }
  const p = view.players[me];
  const limit = content.card_limit || 4;
  if (p.cards.length >= limit) return `You hold ${p.cards.length} cards: your leader goes to a region instead of moving (rule W26).`;
  if (head) {
    if (p.pos === content.head) return "Your leader is at the Head of the Table already.";
    if (p.passed_head || phase === PHASE.TEA_CONTINUE) return "The Head of the Table is passed at most once a turn (rule W25).";
    return "The Head of the Table cannot be reached now (rule W24).";
  }
  const sitter = view.occupant[space];
  if (sitter >= 0) return `${who(ctx, sitter)} sits here: a leader stops only on an unoccupied plate (rule W19).`;
  if (view.table[space] < 0) return "No card on this plate: a leader stops only on a plate holding a card (rule W19).";
  if (p.passed_head || phase === PHASE.TEA_CONTINUE) return "Beyond the Head of the Table, which you have passed this turn (rule W25).";
  return "Beyond the Head of the Table: stop at the Head first to go on round (rule W24).";
}

function leaderToken(ctx, seat) {
  const { view, content } = ctx;
  const prev = ctx.previousView;
  const moved = prev && prev.players[seat] && prev.players[seat].pos !== view.players[seat].pos;
  return el("span", { class: `leader ${tone(view, seat)}${seat === ctx.seat ? " mine" : ""}${moved ? " changed" : ""}`, "data-key": `leader-${seat}`, title: `${who(ctx, seat)}: leader`, role: "img", "aria-label": `${who(ctx, seat)} leader` },
    initial(view, content, seat));
}

/** The detail line under the table: the plate's card, and why it cannot be taken. */
function detail(ctx, space, plates, moves) {
  const { view, content } = ctx;
  const box = el("div", { class: "tea-detail", id: "tea-detail", "aria-live": "polite" });
  if (space < 0) {
    box.append(el("span", { class: "hint" }, moves.length ? "Click a highlighted plate to move your leader there and take its card." : "Hover, focus or tap a plate to read its card."));
    return box;
  }
  const card = view.table[space];
  const head = space === content.head;
  const title = head ? "Head of the Table" : `Plate ${space}`;
  box.append(el("strong", {}, `${title}: `), head ? "roll the shard die, take that many shards, refill the empty plates, then move on (rule W24)."
    : card >= 0 ? provisional(cardText(content, card)) : "no card.");
  const why = plates.get(space);
  if (why) box.append(el("span", { class: "why" }, " ", words(ctx, why)));
  const here = moves.filter((a) => a.kind === "move" && a.target === space);
  if (here.length > 1) {
    box.append(el("span", { class: "halves" }, " Take which half? ", ...here.map((a) =>
      button(ctx, a, content.card_parts ? content.card_parts[card].halves[a.option].text : `half ${"AB"[a.option]}`, { class: "half" }))));
  }
  return box;
}

/** What the tea table draws from, as a string: equal keys draw the same table. */
export function teaKey(ctx, legal) {
  const { view } = ctx;
  const prev = ctx.previousView;
  return JSON.stringify([view.table, view.occupant, view.turn, view.tasks, view.round, view.decisions, view.market,
    view.players.map((p) => [p.pos, p.cards.length, p.passed_head]), prev ? [prev.table, prev.players.map((p) => p.pos)] : null,
    ui, legal(["move", "head", "pick_wl", "leader"])]);
}

export function teaTable(ctx, moves) {
  const { view, content } = ctx;
  const n = content.spaces.length;
  const mine = take(moves, "move", "head");
  const legalSpaces = new Set(mine.map((a) => (a.kind === "head" ? content.head : a.target)));
  const stamp = `${view.round}:${view.decisions}`;
  if (ui.stamp !== stamp) { ui.stamp = stamp; ui.selected = -1; ui.shown = -1; }
  const plates = new Map();
  const seated = new Map();
  view.players.forEach((p, s) => {
    if (p.pos >= 0) {
      if (!seated.has(p.pos)) seated.set(p.pos, []);
      seated.get(p.pos).push(s);
    }
  });
  const previous = ctx.previousView;
  const ring = el("div", { class: "tea-ring" });
  for (let space = 0; space < n; space++) {
    const head = space === content.head;
    const used = head || content.spaces[space];
    const card = view.table[space];
    const legalHere = legalSpaces.has(space);
    const why = reason(ctx, space, legalHere);
    plates.set(space, why);
    const angle = (-90 + (space * 360) / n) * (Math.PI / 180);
    const x = 50 + 40 * Math.cos(angle);
    const y = 50 + 40 * Math.sin(angle);
    const leaders = seated.get(space) || [];
    const part = card >= 0 && content.card_parts ? content.card_parts[card] : null;
    const taken = previous && previous.table[space] >= 0 && card < 0 && !view.war;
    const dealt = previous && previous.table[space] !== card && card >= 0;
    const classes = ["plate", head ? "head" : "", used ? "" : "unused", card >= 0 ? "carded" : "", leaders.length ? "occupied" : "",
      legalHere ? "legal" : "", legalHere && mine.filter((a) => (a.kind === "head" ? content.head : a.target) === space).length === 1 ? "choice" : "", taken ? "changed" : "", ui.selected === space ? "selected" : ""].filter(Boolean).join(" ");
    const label = head ? "Head of the Table" : `Plate ${space}${card >= 0 ? `: ${cardText(content, card).replace(/\*/g, "")}` : used ? ": empty" : ": not in use"}`;
    const body = head
      ? [el("span", { class: "plate-no" }, "Head"), el("span", { class: "plate-name" }, icon("dice"), " shard die")]
      : [el("span", { class: "plate-no" }, String(space)),
        card >= 0 ? el("span", { class: "plate-name", "data-key": dealt ? null : `card-${card}-${space}` }, provisional(hyphenated(cardName(content, card)))) : el("span", { class: "plate-name empty" }, used ? "" : "not used"),
        part ? el("span", { class: "plate-gain" }, ...part.halves.map((h, i) => el("span", { class: "half-gain" }, i ? "|" : "", `${h.supporters}`, icon("person"), h.shard_die ? icon("dice") : null))) : null];
    const plate = el("button", {
      type: "button", class: classes, "data-space": space,
      "aria-label": `${label}${leaders.length ? `; here: ${leaders.map((s) => who(ctx, s)).join(", ")}` : ""}${why ? `. ${why}` : legalHere ? ". Move here." : ""}`,
      "aria-disabled": legalHere ? null : "true", "aria-describedby": "tea-detail", title: why || (legalHere ? "move your leader here" : null),
      disabled: ctx.offline || undefined,
    }, ...body);
    bind(plate, {
      mouseenter: (event) => showDetail(event, space), focus: (event) => showDetail(event, space),
      click: (event) => {
        if (!legalHere) { ui.selected = -1; ui.shown = space; showDetail(event, space, true); return; }
        const here = mine.filter((a) => (a.kind === "head" ? content.head : a.target) === space);
        if (here.length === 1) ctx.act(here[0].id);
        else { ui.selected = space; ui.shown = space; showDetail(event, space, true); }
      },
    });
    ring.append(styled(plate, { left: `${x.toFixed(2)}%`, top: `${y.toFixed(2)}%` }));
    if (leaders.length) {
      const inner = head ? 27 : 29.5;
      ring.append(styled(el("span", { class: "plate-leaders", "aria-hidden": "true" }, ...leaders.map((s) => leaderToken(ctx, s))),
        { left: `${(50 + inner * Math.cos(angle)).toFixed(2)}%`, top: `${(50 + inner * Math.sin(angle)).toFixed(2)}%` }));
    }
  }
  const market = el("div", { class: "market", "aria-label": "Wonderlandian market" }, el("span", { class: "market-title" }, "Market"),
    ...marketItems(ctx, moves));
  const cloth = svg("svg", { class: "tea-cloth", viewBox: "0 0 100 100", "aria-hidden": "true" },
    svg("circle", { cx: 50, cy: 50, r: 47, class: "cloth-edge" }), svg("circle", { cx: 50, cy: 50, r: 31, class: "cloth-mid" }));
  const detailSlot = el("div", { class: "tea-detail-slot" });
  // the slot on the page (a later draw may have kept the page's nodes and dropped these)
  function showDetail(event, space, sticky = false) {
    if (!sticky && ui.selected >= 0) return;
    const party = event.currentTarget.closest(".tea-party");
    const slot = party ? party.querySelector(".tea-detail-slot") : detailSlot;
    slot.replaceChildren(detail(ctx, space, plates, mine));
  }
  detailSlot.append(detail(ctx, ui.selected >= 0 ? ui.selected : ui.shown, plates, mine));
  const leaderChoice = take(moves, "leader").length;
  const turnLine = view.turn >= 0 && view.players[view.turn]
    ? `${view.turn === ctx.seat ? "Your turn" : `${who(ctx, view.turn)} to move`}${leaderChoice ? ": you hold your cards for this round, so click a region on the map for your leader (rule W26)" : ""}`
    : "";
  return el("section", { class: "tea-party", "aria-label": "tea party" },
    el("h2", {}, `Tea party, round ${view.round}`, turnLine ? el("span", { class: "sub" }, ` · ${turnLine}`) : null),
    el("div", { class: "tea", role: "group", "aria-label": "the tea table, plates clockwise from the Head" }, cloth, market, ring),
    detailSlot);
}

function marketItems(ctx, moves) {
  const { view, content } = ctx;
  const picks = take(moves, "pick_wl");
  return view.market.map((w, slot) => {
    if (w < 0) return el("span", { class: "wl empty" }, "–");
    const info = content.wonderlandians[w];
    const text = `${info.name}: ${info.figure ? `figure, strength ${info.strength}` : "chips for your bag"}`;
    const pick = picks.find((a) => a.target === slot);
    const face = [el("span", { class: "wl-name" }, hyphenated(info.name)), el("span", { class: "wl-kind" }, info.figure ? `figure ${info.strength}` : "chips")];
    return pick ? button(ctx, pick, face, { class: "wl legal", label: `take ${text}`, title: `take ${text}` })
      : el("span", { class: "wl", title: text, "data-key": `wl-${w}` }, ...face);
  });
}
