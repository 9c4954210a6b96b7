// Parade's score widgets: the collected cards of each player, picked on a grid of the 66 cards
// drawn as they look on the Parade table. A tap gives a card to the chosen player, or takes it
// back; a card can belong to one player only: tapping a card another player holds says whose it
// is and offers to move it (nothing moves without that second tap). The typed notation of each
// player ("R3 R7 B0") stays the one source of what they hold: the grid reads it and writes it,
// so typing and tapping always agree and the page sends what the typed form sends.
import { el } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { prose, ruleRef } from "/static/words.js";
import { majorities } from "./renderer.js";

/** The stylesheets the widgets need, next to this module (the cards are the table's). */
export const styles = ["score.css", "renderer.css"];

const LETTERS = ["R", "B", "P", "G", "K", "Y"];
const VALUES = Array.from({ length: 11 }, (_, v) => v);
const CARD = /^([RBPGKY])(10|[0-9])$/i;

/** A word of the typed notation as a card code ("r5" -> "R5"), or null. */
export function cardCode(word) {
  const match = CARD.exec(word.trim());
  return match ? `${match[1].toUpperCase()}${Number(match[2])}` : null;
}

/** The card codes a player's text names, in its order (words that are no card are left out). */
export function codesOf(text) {
  return String(text || "").replace(/,/g, " ").split(/\s+/).map(cardCode).filter(Boolean);
}

/**
 * The picker. `inputs()` gives each player's cards input (in seat order), `names()` their
 * names, `rule(players)` the majority rule of the variants chosen.
 */
/** "1 card", "3 cards". */
function cardCount(n) {
  return `${n} ${n === 1 ? "card" : "cards"}`;
}

/** Mark a sideways scroller with the sides that hide more (drawn as a fade and an arrow). */
function showOverflow(scroller) {
  const mark = () => {
    const left = scroller.scrollLeft > 1;
    const right = scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1;
    scroller.classList.toggle("more-left", left);
    scroller.classList.toggle("more-right", right);
    const box = scroller.parentElement;
    if (box) {
      box.classList.toggle("more-left", left);
      box.classList.toggle("more-right", right);
    }
  };
  if (!scroller.dataset.watched) {
    scroller.dataset.watched = "1";
    scroller.addEventListener("scroll", mark, { passive: true });
    new ResizeObserver(mark).observe(scroller);
  }
  requestAnimationFrame(mark);
}

export function cardPicker({ colours, inputs, names, rule }) {
  let active = 0;
  let offer = null;  // { code, from }: a card another player holds, waiting for "Move it"
  const colourOf = (letter) => colours.find((c) => c.letter === letter) || { name: letter, character: "" };
  const describe = (code) => {
    const c = colourOf(code[0]);
    return `${c.name} ${code.slice(1)}${c.character ? ` (${c.character})` : ""}`;
  };
  const buttons = new Map();
  const grid = el("div", { class: "score-grid", role: "group", "aria-label": "The 66 cards: a tap gives a card to the chosen player or takes it back" });
  for (const letter of LETTERS) {
    const c = colourOf(letter);
    grid.append(el("div", { class: `score-colour c-${letter}` },
      el("span", { class: "score-colour-name" }, c.name), el("span", { class: "score-colour-character" }, c.character)));
    for (const value of VALUES) {
      const code = `${letter}${value}`;
      const node = el("button", { type: "button", class: "score-card", "data-card": code, onclick: () => tap(code) },
        el("span", { class: `pcard c-${letter} score-face`, "aria-hidden": "true" }, el("span", { class: "pc-value" }, String(value))),
        el("span", { class: "score-owner", "aria-hidden": "true" }));
      buttons.set(code, node);
      grid.append(node);
    }
  }
  const chips = el("div", { class: "score-chips", role: "group", "aria-label": "Whose cards you tap" });
  const notice = el("div", { class: "score-notice", role: "status", "aria-live": "polite" });
  const root = el("div", { class: "pd-table score-felt" }, grid);

  /** Per card code, the seats whose text names it. */
  function owners() {
    const found = new Map();
    inputs().forEach((input, seat) => {
      for (const code of new Set(codesOf(input.value))) found.set(code, [...(found.get(code) || []), seat]);
    });
    return found;
  }

  function nameOf(seat) {
    return names()[seat] || `Player ${seat + 1}`;
  }

  function give(code, seat) {
    const all = inputs();
    all.forEach((input, other) => {
      if (other !== seat) input.value = codesOf(input.value).filter((c) => c !== code).join(" ");
    });
    const mine = codesOf(all[seat].value).filter((c) => c !== code);
    all[seat].value = [...mine, code].join(" ");
  }

  function takeBack(code, seat) {
    const input = inputs()[seat];
    input.value = codesOf(input.value).filter((c) => c !== code).join(" ");
  }

  let prompting = false;

  function say(...children) {
    prompting = false;
    notice.replaceChildren(...children);
  }

  /** Ask for the active player's cards, by the name typed now. */
  function prompt() {
    say(`Tap the cards ${nameOf(active)} collected.`);
    prompting = true;
  }

  function tap(code) {
    const held = owners().get(code) || [];
    offer = null;
    if (!held.length) {
      give(code, active);
      say(icon("check"), ` ${describe(code)} is ${nameOf(active)}'s.`);
    } else if (held.length === 1 && held[0] === active) {
      takeBack(code, active);
      say(`${describe(code)} is back in the box: nobody holds it.`);
    } else {
      const from = held.filter((seat) => seat !== active);
      offer = { code, from };
      const whose = from.map(nameOf).join(" and ");
      say(icon("warning"), ` ${describe(code)} is ${whose}'s. `,
        el("button", { type: "button", class: "score-move", onclick: () => {
          give(code, active);
          offer = null;
          say(icon("check"), ` ${describe(code)} moved from ${whose} to ${nameOf(active)}.`);
          refresh();
          buttons.get(code).focus();
        } }, `Move it to ${nameOf(active)}`),
        el("button", { type: "button", class: "score-keep", onclick: () => {
          offer = null;
          say(`${describe(code)} stays with ${whose}.`);
          buttons.get(code).focus();
        } }, `Leave it with ${whose}`));
    }
    refresh();
  }

  function choose(seat) {
    active = seat;
    offer = null;
    prompt();
    refresh();
    const chip = chips.children[seat];
    if (chip) chip.scrollIntoView({ block: "nearest", inline: "nearest" });
  }

  /** Draw the grid, the chips and every player's live counts from the texts. */
  function refresh() {
    const all = inputs();
    if (active >= all.length) active = 0;
    const held = owners();
    for (const [code, node] of buttons) {
      const seats = held.get(code) || [];
      const mine = seats.includes(active);
      const state = !seats.length ? "free" : seats.length > 1 ? "clash" : mine ? "mine" : "theirs";
      node.className = `score-card ${state}${offer && offer.code === code ? " offered" : ""}`;
      node.setAttribute("aria-pressed", mine ? "true" : "false");
      const whose = seats.map(nameOf).join(" and ");
      node.setAttribute("aria-label", `${describe(code)}${seats.length ? `: ${whose}'s` : ""}`);
      const badge = node.lastChild;
      const text = state === "clash" ? "!" : seats.length ? String(seats[0] + 1) : "";
      if (badge.textContent !== text) badge.textContent = text;
    }
    if (prompting) prompt();
    const collections = all.map((input) => [...new Set(codesOf(input.value))]);
    const holds = majorities(collections, rule(all.length));
    chips.replaceChildren(...all.map((input, seat) => el("button", {
      type: "button", class: `score-chip${seat === active ? " active" : ""}`, "aria-pressed": seat === active ? "true" : "false",
      onclick: () => choose(seat),
    }, el("span", { class: "score-chip-no", "aria-hidden": "true" }, String(seat + 1)), " ",
    el("span", { class: "score-chip-name" }, nameOf(seat)),
    // a separator, so that "Player 1" and "0 cards" never read as "Player 10 cards"
    el("span", { class: "score-chip-count" }, el("span", { "aria-hidden": "true" }, " · "), cardCount(collections[seat].length)))));
    showOverflow(chips);
    all.forEach((input, seat) => {
      const box = document.getElementById(`counts-${seat}`);
      if (box) box.replaceChildren(...countChips(collections[seat], holds[seat]), el("span", { class: "score-total" }, cardCount(collections[seat].length)));
    });
  }

  function countChips(cards, holds) {
    return LETTERS.map((letter, k) => {
      const n = cards.filter((c) => c[0] === letter).length;
      const c = colourOf(letter);
      return el("span", { class: `score-count c-${letter}${n ? "" : " none"}${holds[k] ? " major" : ""}`, title: `${c.name}: ${n}${holds[k] ? ", majority" : ""}` },
        el("span", { class: "visually-hidden" }, `${c.name}: `), `${n}`, holds[k] ? icon("crown", "majority") : null);
    });
  }

  return { root, chips, notice, refresh, choose, get active() { return active; } };
}

/** The majority rule of the chosen variants, for the live counts (P32, P36, A7). */
function majorityRule(page, players) {
  return {
    lead: players === 2 && !page.checked("two_player_plain_majority") ? 2 : 0,
    all_equal_no_majority: page.checked("all_equal_no_majority"),
  };
}

/** A player's cards, typed, with their live counts per colour. */
function cardsBox(field, p, value, page) {
  const input = el("input", { id: `${field.key}-${p}`, "data-key": field.key, class: "field wide cards-text", value: value || "", autocomplete: "off", placeholder: "tap the cards below, or type R3 R7 B0" });
  input.addEventListener("input", () => page.refresh());
  return el("div", { class: "cards-box" },
    el("label", { for: `${field.key}-${p}` }, field.label, " ", field.clause ? ruleRef(field.clause) : null),
    input,
    el("div", { class: "score-counts", id: `counts-${p}`, "aria-label": "cards per colour" }));
}

/** The grid of the cards above the players, and whose cards a tap gives in the bottom bar. */
function cardsPanel(field, page) {
  const picker = cardPicker({
    colours: page.content.colours || [],
    inputs: () => page.inputs(field.key),
    names: page.names,
    rule: (players) => majorityRule(page, players),
  });
  picker.choose(0);
  return {
    label: "the cards",
    body: [
      el("h2", { class: "picker-title" }, "Tap each player's cards"),
      el("p", { class: "meta" }, prose("Choose the player at the bottom, then tap the cards they collected, the 2 kept at the end included (P28). A second tap puts a card back.")),
      picker.root,
    ],
    bar: [
      el("p", { class: "score-bar-label" }, "Tapping for"),
      el("div", { id: "score-chips" }, picker.chips),
      el("div", { id: "score-notice" }, picker.notice),
    ],
    refresh: picker.refresh,
  };
}

/** The score page's widgets by field kind. */
export const widgets = { cards: { box: cardsBox, panel: cardsPanel } };
