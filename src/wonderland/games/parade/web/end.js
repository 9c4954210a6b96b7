// The end of a game of Parade: the end choice (keep 2 of your 4 cards), the last round's
// banner, the score sheet and the game-over panel's words.
import { el } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { prose } from "/static/words.js";
import { cardFace, colours, describe, emblem, guard, majorityRule, nameOf, title } from "./common.js";

function keepLabel(cards, legal) {
  return legal.map((a) => a.label).find((label) => cards.every((c) => label.split(" ").includes(c))) || null;
}

function keepChoice(ui, ctx) {
  const { picked } = ui;
  const label = picked.length === 2 ? keepLabel(picked, ctx.legal || []) : null;
  return label ? ctx.legal.find((a) => a.label === label) : null;
}

/** The end choice: pick 2 of your 4 cards to keep (P28), then Keep. */
export function chooseHand(ui, ctx, view) {
  const mine = view.keeps && view.keeps[ctx.seat];
  const open = !!(ctx.legal || []).length && !ctx.replay;
  const choice = open ? keepChoice(ui, ctx) : null;
  const key = JSON.stringify([view.hand, mine || null, open, ui.picked, choice ? choice.id : null, !!ctx.offline]);
  return ui.parts.node("hand-choose", key, () => {
    const area = [];
    if (mine) {
      area.push(el("p", { class: "pd-note" }, `You keep ${mine.join(" and ")}; the others' choices are revealed together when everyone has chosen (P29).`));
    }
    const row = el("div", { class: "cards pd-hand" });
    view.hand.forEach((code, i) => {
      const pressed = ui.picked.includes(code) || (mine && mine.includes(code));
      row.append(el("button", {
        type: "button", class: "card-button pick-card", "aria-pressed": String(!!pressed), "data-card": code,
        "data-shortcut": String(i + 1), "data-focus": `pick-${code}`,
        "aria-label": `Keep ${describe(ctx, code)}`, disabled: ctx.offline || undefined,
        "aria-disabled": open ? undefined : "true", "aria-describedby": "preview",
        onclick: () => {
          const now = ui.live.ctx;
          if (!(now.legal || []).length || now.replay || now.offline) return;
          const { picked } = ui;
          ui.picked = picked.includes(code) ? picked.filter((p) => p !== code) : [...picked.slice(-1), code];
          ui.redraw();
        },
      }, cardFace(ctx, code, { size: "big", label: false }), el("kbd", { class: "pd-key", "aria-hidden": "true" }, String(i + 1))));
    });
    area.push(row);
    if (open) {
      area.push(el("button", {
        type: "button", class: "primary pd-keep", id: "keep", "data-shortcut": "k", "data-focus": "keep",
        disabled: choice && !ctx.offline ? undefined : true,
        onclick: (event) => {
          const chosen = keepChoice(ui, ui.live.ctx);
          if (chosen) { ui.picked = []; guard(ui, chosen, ui.live.ctx)(event); }
        },
      }, icon("check"), ui.picked.length === 2 ? ` Keep ${ui.picked.join(" and ")}` : " Pick two cards to keep"));
    }
    return el("div", { class: "pd-hand-wrap", "data-hand-seat": ctx.seat }, ...area);
  });
}

/** The last round's banner: why it came and how many turns are left (P21, P22, P24). */
export function finalBanner(ctx, view) {
  if (view.final_left < 0 || view.phase !== "play") return null;
  const who = view.trigger >= 0 ? nameOf(ctx, view.trigger) : null;
  const why = view.trigger_reason.startsWith("P21") ? `${who} collected all six colours (P21)` : "the draw pile ran out (P22)";
  const left = view.final_left;
  return el("p", { class: "pd-banner", role: "note" }, icon("warning"),
    el("strong", {}, " Last round: "),
    prose(`${why}. Everyone plays once more without drawing: ${left} ${left === 1 ? "turn" : "turns"} left (P24).`));
}

/** The final score sheet: each player's cards and points by colour, and the totals. */
export function scoreSheet(ctx, view) {
  const final = view.final;
  const rule = majorityRule(ctx, view);
  const cols = colours(ctx);
  const head = el("tr", {}, el("th", { scope: "col" }, "Player"),
    ...cols.map((c) => el("th", { scope: "col", class: `pd-colhead c-${c.letter}`, title: `${c.name} (${c.character})` },
      el("span", { class: "pd-swatch" }, emblem(c.letter)), el("span", { class: "pd-colname" }, c.name))),
    el("th", { scope: "col" }, "Cards"), el("th", { scope: "col" }, "Total"));
  const body = el("tbody");
  final.totals.forEach((total, seat) => {
    const won = view.winners.includes(seat);
    const row = el("tr", { class: won ? "pd-won" : "" },
      el("th", { scope: "row" }, won ? icon("trophy", "winner") : null, " ", title(nameOf(ctx, seat))));
    cols.forEach((c, colour) => {
      const count = final.counts[seat][colour];
      const major = final.majority[seat][colour];
      row.append(el("td", { class: major ? "pd-major" : "" }, count === 0 ? "–" : [
        el("span", { class: "pd-cell-count" }, major ? icon("crown", "majority") : null, `${count}`),
        el("span", { class: "pd-cell-points" }, `${final.points[seat][colour]}`, el("span", { class: "pd-unit" }, " pt")),
      ]));
    });
    row.append(el("td", {}, String(final.cards[seat])), el("td", { class: "total" }, String(total)));
    body.append(row);
  });
  const rules = rule.lead
    ? "With 2 players a colour's majority needs a lead of 2 or more cards (P36). "
    : "The most cards of a colour hold its majority, ties included (P32). ";
  return el("section", { class: "result pd-result", "aria-label": "final scores" },
    el("h2", {}, icon("trophy"), " Final scores"),
    el("div", { class: "pd-sheet-wrap" }, el("table", { class: "scores" },
      el("caption", {}, prose("Majority cards score 1 each (P33), every other card its value (P34); lowest total wins (P35).")),
      el("thead", {}, head), body)),
    el("p", { class: "pd-note" }, prose(rules + "A tie on points goes to fewer collected cards (P35); a tie on both shares the win (P37).")),
    el("p", { class: "explanation" }, explanation(view, ctx)));
}

function explanation(view, ctx) {
  const said = result(view, ctx);
  return said ? prose(`${said.headline}: ${said.reason}.`) : prose(view.final.explanation);
}

/** The game-over panel's words: who won, with how many points, and by which rule. */
export function result(view, ctx) {
  const final = view.final;
  if (!final || !view.winners.length) return null;
  const names = view.winners.map((s) => title(nameOf(ctx, s)));
  const points = final.totals[view.winners[0]];
  const best = Math.min(...final.totals);
  const tied = final.totals.map((t, s) => (t === best ? s : -1)).filter((s) => s >= 0);
  const pts = `${points} ${points === 1 ? "point" : "points"}`;
  const you = view.winners.length === 1 && view.winners[0] === ctx.seat;
  const headline = view.winners.length > 1
    ? `${names.join(" and ")} share the win with ${pts}`
    : `${names[0]} ${you ? "win" : "wins"} with ${pts}`;
  let reason = "the lowest score (P35)";
  if (view.winners.length > 1) reason = "tied on points and on collected cards (P37)";
  else if (tied.length > 1) {
    const fewest = Math.min(...tied.map((s) => final.cards[s]));
    const still = tied.filter((s) => final.cards[s] === fewest);
    reason = still.length > 1 ? "tied on points and cards; won the random tie-break (A6)" : `tied on points; fewest collected cards, ${final.cards[view.winners[0]]} (P35)`;
  }
  return { headline, reason };
}

