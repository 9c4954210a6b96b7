// Parade's collections: the other players around the top (name, hand as card backs,
// collection fanned by colour) and the fans of collected cards, yours included.
import { el } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { attrs, place } from "/static/sections.js";
import { cardFace, colours, countsOf, isActive, nameOf, seatTag, tagOf, title } from "./common.js";

/** A seat's hand as card backs; each back is kept while the hand holds that many cards. */
function backs(ui, count, seat) {
  const row = attrs(ui.parts.keep(`seat-${seat}-backs`, "div", { "data-hand-seat": seat, role: "img" }), {
    class: `pd-backs ${count ? "" : "none"}`, "aria-label": `${count} ${count === 1 ? "card" : "cards"} in hand`,
  });
  const cards = [];
  for (let i = 0; i < count; i += 1) cards.push(ui.parts.keep(`back-${seat}-${i}`, "span", { class: "pd-back", "data-key": `back-${seat}-${i}` }));
  return place(row, cards);
}

/** A seat's collection, fanned by colour, the count under each fan (a crown: the majority). */
export function collection(ctx, cards, holds, seat, small) {
  const wrap = el("div", { class: `pd-collection ${small ? "small" : ""}`, "data-collection-seat": seat });
  const counts = countsOf(cards);
  colours(ctx).forEach((c, i) => {
    if (!counts[i]) return;
    const fan = el("div", { class: "pd-fan", role: "group", "aria-label": `${c.name}: ${counts[i]} ${counts[i] === 1 ? "card" : "cards"}${holds[i] ? ", majority" : ""}` });
    const cardsRow = el("div", { class: "pd-fan-cards" });
    for (const code of cards.filter((x) => x[0] === c.letter).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))) {
      cardsRow.append(el("span", { class: "pd-fslot" }, cardFace(ctx, code, { size: "mini", label: false })));
    }
    fan.append(cardsRow, el("span", { class: `pd-count ${holds[i] ? "major" : ""}`, "aria-hidden": "true" },
      holds[i] ? icon("crown") : null, `×${counts[i]}`));
    wrap.append(fan);
  });
  if (!cards.length) wrap.append(el("p", { class: "pd-empty" }, "no cards collected yet"));
  return wrap;
}
/** Another player around the top of the table: name, tag, hand and collection. */
export function opponent(ui, ctx, view, seat, holds) {
  const kind = (ctx.seats || []).find((s) => s.seat === seat);
  const bot = !!kind && kind.kind === "bot";
  const last = view.last_play && view.last_play.seat === seat;
  const name = title(nameOf(ctx, seat));
  const tag = tagOf(view, seat);
  const item = attrs(ui.parts.keep(`seat-${seat}`, "li", { "data-seat": seat }), { class: `pd-seat ${isActive(view, seat) ? "to-move" : ""} ${last ? "last" : ""}` });
  const head = place(ui.parts.keep(`seat-${seat}-head`, "div", { class: "pd-seat-head" }), [
    ui.parts.node(`seat-${seat}-kind`, String(bot), () => icon(bot ? "bot" : "person")),
    ui.parts.node(`seat-${seat}-name`, name, () => el("strong", { class: "pd-name" }, name)),
    ui.parts.node(`seat-${seat}-no`, "", () => el("span", { class: "pd-seatno" }, `seat ${seat + 1}`)),
    ui.parts.node(`seat-${seat}-tag`, tag, () => seatTag(tag)),
  ]);
  return place(item, [
    head,
    backs(ui, view.hand_sizes[seat], seat),
    ui.parts.node(`seat-${seat}-collection`, JSON.stringify([view.collections[seat], holds[seat]]),
      () => collection(ctx, view.collections[seat], holds[seat], seat, true)),
  ]);
}

/** The other seats in playing order after `seat` (every seat from 0 for a spectator). */
export function ringOrder(view, seat) {
  const n = view.num_players;
  const start = seat === null || seat === undefined ? 0 : seat + 1;
  const order = [];
  for (let i = 0; i < n; i += 1) {
    const s = (start + i) % n;
    if (s !== seat) order.push(s);
  }
  return order;
}

