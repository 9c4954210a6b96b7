// Parade at the web table: your hand as buttons, the parade with the safe zone and the cards
// a card would collect marked as you hover it, collections by colour, the end choice and the
// final score table.
import { el } from "/static/dom.js";

const COLOURS = { R: "red", B: "blue", P: "purple", G: "green", K: "black", Y: "yellow" };
const ORDER = ["R", "B", "P", "G", "K", "Y"];
let picked = [];

function card(text, extra = "") {
  return el("span", { class: `card c-${text[0]} ${extra}`, "data-card": text, title: `${COLOURS[text[0]]} ${text.slice(1)}` }, text);
}

function paradeRow(view, preview) {
  const safe = new Set(preview ? preview.safe : []);
  const takes = new Set(preview ? preview.takes : []);
  const row = el("ol", { class: "parade", "aria-label": "the parade, front to end" });
  for (const c of view.parade) {
    const mark = takes.has(c) ? "takes" : safe.has(c) ? "safe" : "";
    row.append(el("li", {}, card(c, mark)));
  }
  return row;
}

function collections(view, ctx) {
  const table = el("table", { class: "collections" });
  table.append(el("caption", {}, "Collections by colour"));
  const head = el("tr", {}, el("th", { scope: "col" }, "Seat"), el("th", { scope: "col" }, "Hand"));
  for (const letter of ORDER) head.append(el("th", { scope: "col", class: `c-${letter}` }, COLOURS[letter]));
  table.append(el("thead", {}, head));
  const body = el("tbody");
  view.collections.forEach((cards, seat) => {
    const name = seat === ctx.seat ? `Seat ${seat} (you)` : `Seat ${seat}`;
    const row = el("tr", { class: view.current === seat && view.phase === "play" ? "moving" : "" },
      el("th", { scope: "row" }, name), el("td", {}, `${view.hand_sizes[seat]} cards`));
    for (const letter of ORDER) {
      row.append(el("td", {}, ...cards.filter((c) => c[0] === letter).map((c) => card(c, "small"))));
    }
    body.append(row);
  });
  table.append(body);
  return table;
}

function handArea(ctx, view, board) {
  const legalById = new Map(ctx.legal.map((a) => [a.label, a]));
  const area = el("section", { class: "hand", "aria-label": "your hand" });
  if (view.phase === "choose" && ctx.legal.length) {
    area.append(el("h2", {}, "Keep 2 of your 4 cards (P28)"));
    const row = el("div", { class: "cards" });
    for (const c of view.hand) {
      const pressed = picked.includes(c);
      row.append(el("button", {
        type: "button", class: `card-button pick-card c-${c[0]}`, "aria-pressed": String(pressed), "data-card": c,
        onclick: () => { picked = pressed ? picked.filter((p) => p !== c) : [...picked.slice(-1), c]; renderInto(board, ctx); },
      }, c));
    }
    area.append(row);
    const label = picked.length === 2 ? keepLabel(picked, ctx.legal) : null;
    area.append(el("button", {
      type: "button", class: "primary", id: "keep", disabled: label ? undefined : true,
      onclick: () => { const choice = ctx.legal.find((a) => a.label === label); picked = []; ctx.act(choice.id); },
    }, picked.length === 2 ? `Keep ${picked.join(" and ")}` : "Pick two cards to keep"));
    return area;
  }
  area.append(el("h2", {}, ctx.legal.length ? "Your turn: play a card" : "Your hand"));
  const row = el("div", { class: "cards" });
  for (const c of view.hand) {
    const action = legalById.get(c);
    row.append(el("button", {
      type: "button", class: `card-button play-card c-${c[0]}`, "data-card": c, disabled: action ? undefined : true,
      "aria-describedby": "preview",
      onmouseenter: () => showPreview(board, view, action),
      onfocus: () => showPreview(board, view, action),
      onclick: () => ctx.act(action.id),
    }, c));
  }
  area.append(row, el("p", { id: "preview", class: "preview", "aria-live": "polite" }, ctx.legal.length ? "Hover a card to see what it would collect." : ""));
  return area;
}

function keepLabel(cards, legal) {
  return legal.map((a) => a.label).find((label) => cards.every((c) => label.split(" ").includes(c))) || null;
}

function showPreview(board, view, action) {
  if (!action) return;
  board.querySelector(".parade").replaceWith(paradeRow(view, action.info));
  board.querySelector("#preview").textContent = `${action.label}: ${action.info.summary}. Safe cards are outlined; cards it would collect are raised.`;
}

function scoreTable(view) {
  const final = view.final;
  const table = el("table", { class: "scores" });
  table.append(el("caption", {}, "Final scores: a colour majority scores 1 per card (P33), other cards their value (P34)"));
  const head = el("tr", {}, el("th", { scope: "col" }, "Seat"));
  for (const letter of ORDER) head.append(el("th", { scope: "col", class: `c-${letter}` }, COLOURS[letter]));
  head.append(el("th", { scope: "col" }, "Cards"), el("th", { scope: "col" }, "Total"));
  table.append(el("thead", {}, head));
  const body = el("tbody");
  final.totals.forEach((total, seat) => {
    const row = el("tr", { class: view.winners.includes(seat) ? "winner" : "" }, el("th", { scope: "row" }, `Seat ${seat}${view.winners.includes(seat) ? " 🏆" : ""}`));
    ORDER.forEach((_, colour) => {
      const count = final.counts[seat][colour];
      const text = count === 0 ? "–" : final.majority[seat][colour] ? `${count}× majority → ${final.points[seat][colour]}` : `${count} → ${final.points[seat][colour]}`;
      row.append(el("td", {}, text));
    });
    row.append(el("td", {}, String(final.cards[seat])), el("td", { class: "total" }, String(total)));
    body.append(row);
  });
  table.append(body);
  return el("section", { class: "result", "aria-label": "final scores" }, table, el("p", { class: "explanation" }, final.explanation));
}

function status(view, ctx) {
  const parts = [`Draw pile: ${view.pile_size} cards`];
  if (view.final_left >= 0 && view.phase === "play") parts.push(`final round: ${view.final_left} turn(s) left, no drawing (P24)`);
  if (view.phase === "choose") parts.push("end phase: everyone keeps 2 cards in secret (P29)");
  if (view.phase === "play") parts.push(view.current === ctx.seat ? "your turn" : `seat ${view.current} to play`);
  return el("p", { class: "status" }, parts.join(" · "));
}

function renderInto(board, ctx) {
  const view = ctx.view;
  const parts = [status(view, ctx), el("h2", {}, "Parade (front → end)"), paradeRow(view, null)];
  if (view.final) parts.push(scoreTable(view));
  if (ctx.seat !== null && !ctx.replay && view.phase !== "over") parts.push(handArea(ctx, view, board));
  parts.push(collections(view, ctx));
  board.replaceChildren(...parts);
}

export function render(board, ctx) {
  if (ctx.view.phase !== "choose") picked = [];
  renderInto(board, ctx);
}
