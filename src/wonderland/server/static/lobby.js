// The lobby: the games, a form to create a table, the links of a new table.
import { el } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { showLobbyNight } from "/static/lobby-night.js";
import { remember } from "/static/mytables.js";
import { timeControlField } from "/static/time-control.js";

const gamesBox = document.getElementById("games");

function seatRow(game, seat) {
  const id = `${game.id}-seat-${seat}`;
  const select = el("select", { id, name: `seat-${seat}` });
  select.append(el("option", { value: "human" }, seat === 0 ? "You" : "A friend (invitation link)"));
  select.append(el("option", { value: "local" }, "On this device (pass-and-play)"));
  if (seat > 0) select.append(el("option", { value: "open" }, "Open seat (anyone can join)"));
  for (const bot of game.bots) select.append(el("option", { value: `bot:${bot}` }, `Bot: ${bot}`));
  if (seat > 0) {
    const preferred = game.bots.includes("greedy") ? "greedy" : game.bots.includes("heuristic") ? "heuristic" : game.bots[0];
    select.value = `bot:${preferred}`;
  }
  const named = el("input", { id: `${id}-name`, class: "local-name", autocomplete: "off", spellcheck: "false", maxlength: "24" });
  const naming = el("span", { class: "local-name-field", hidden: true }, " ", el("label", { for: `${id}-name` }, "Name"), " ", named);
  select.addEventListener("change", () => { naming.hidden = select.value !== "local"; });
  return el("p", { class: "seat-row" }, el("label", { for: id }, `Seat ${seat + 1}`), select, naming);
}

/** The seat a lobby row asks for: a person, someone on this device by name, open, a bot. */
function seatWanted(row) {
  const choice = row.querySelector("select").value;
  if (choice === "local") return { kind: "local", name: row.querySelector(".local-name").value };
  return choice === "human" || choice === "open" ? { kind: choice } : { kind: "bot", bot: choice.slice(4) };
}

function variantRow(game, variant) {
  const id = `${game.id}-v-${variant.name}`;
  let input;
  if (variant.kind === "bool") {
    input = el("input", { type: "checkbox", id, name: variant.name });
    if (variant.default === true) input.checked = true;
  } else if (variant.kind === "choice") {
    input = el("select", { id, name: variant.name });
    for (const choice of variant.choices) input.append(el("option", { value: choice }, choice));
    input.value = variant.default;
  } else {
    input = el("input", { type: "text", id, name: variant.name, value: String(variant.default ?? "") , size: "8"});
  }
  input.dataset.kind = variant.kind;
  input.dataset.default = String(variant.default);
  return el("p", { class: "variant" }, input, " ",
    el("label", { for: id }, el("code", {}, variant.name), ` — ${variant.help} `),
    el("span", { class: "clause" }, `(${variant.clause})`));
}

function gameCard(game) {
  const article = /^[AEIOU]/.test(game.name) ? "an" : "a";
  const form = el("form", { class: "create", "aria-label": `Create ${article} ${game.name} table` });
  const players = el("select", { id: `${game.id}-players`, name: "players" });
  for (let n = game.min_players; n <= game.max_players; n++) players.append(el("option", { value: n }, String(n)));
  players.value = String(Math.min(Math.max(3, game.min_players), game.max_players));
  const seats = el("div", { class: "seats" });
  const drawSeats = () => { seats.replaceChildren(...Array.from({ length: Number(players.value) }, (_, s) => seatRow(game, s))); };
  players.addEventListener("change", drawSeats);
  drawSeats();
  const variants = el("details", {}, el("summary", {}, "Rule variants"), ...game.variants.map((v) => variantRow(game, v)));
  const message = el("p", { class: "error", role: "alert", hidden: "" });
  const privateBox = el("input", { type: "checkbox", id: `${game.id}-private`, name: "private" });
  const clocks = timeControlField(game);
  form.append(
    el("p", {}, el("label", { for: `${game.id}-players` }, "Players "), players),
    seats, variants, clocks.node,
    el("p", { class: "private" }, privateBox, " ",
      el("label", { for: `${game.id}-private` }, "Private table (not listed on this server; its links still work)")),
    message,
    el("button", { type: "submit", class: "primary" }, `Create ${article} ${game.name} table`),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const seatList = [...seats.querySelectorAll(".seat-row")].map(seatWanted);
    const chosen = {};
    for (const input of variants.querySelectorAll("input, select")) {
      const value = input.type === "checkbox" ? String(input.checked) : input.value;
      if (value !== input.dataset.default) chosen[input.name] = value;
    }
    const response = await fetch("/api/tables", {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ game: game.id, seats: seatList, variants: chosen, private: privateBox.checked, time_control: clocks.value() }),
    });
    const body = await response.json();
    if (!response.ok) {
      message.hidden = false;
      message.textContent = typeof body.detail === "string" ? body.detail : JSON.stringify(body.detail);
      return;
    }
    showLinks(game, body);
  });
  const aids = [];
  if (game.learn) aids.push(el("a", { href: `/learn/${game.id}`, class: "learn-link" }, `Learn ${game.name}`));
  if (game.score) aids.push(el("a", { href: `/score/${game.id}`, class: "score-link" }, "Score calculator"));
  return el("article", { class: "game", id: `game-${game.id}` },
    el("h3", {}, game.name), el("p", {}, game.description),
    aids.length ? el("p", { class: "aids" }, ...aids) : null,
    el("p", { class: "meta" }, `${game.min_players}–${game.max_players} players${game.real_time ? " · real time" : ""}`),
    form);
}

function copyButton(url, label) {
  const button = el("button", { type: "button", class: "copy", "aria-label": label }, "Copy");
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(url);
      button.replaceChildren(icon("check"), " Copied");
    } catch {
      button.textContent = "Select the link to copy it";
    }
  });
  return button;
}

function showLinks(game, created) {
  const box = document.getElementById("links");
  const here = new Set((new URLSearchParams((created.pass_and_play_url || "#").split("#")[1]).get("local") || "")
    .split(",").filter(Boolean).map((part) => Number(part.split(":")[0])));
  const items = created.seats.filter((link) => !here.has(link.seat)).map((link, i) => el("li", {},
    i === 0 && !here.size ? "Your seat: " : `Invitation for seat ${link.seat + 1}: `,
    el("a", { href: link.url, class: "seat-link", "data-seat": link.seat }, link.url), " ",
    copyButton(link.url, i === 0 && !here.size ? "Copy your seat's link" : `Copy the invitation for seat ${link.seat + 1}`)));
  items.push(el("li", {}, "Spectators: ", el("a", { href: created.spectator_url, class: "spectator-link" }, created.spectator_url)));
  if (created.pass_and_play_url) items.unshift(passItem(created, here));
  if (created.host_url) {  // kept by this browser too: its seat link opens the host's controls
    remember(created.table, { host: created.host_token, game_name: game.name, ...(created.seats[0] ? { seat: created.seats[0].seat, token: created.seats[0].token } : {}) });
    items.push(el("li", { class: "host-link-item" }, icon("crown"), " Host link (yours alone: it reissues lost links, hands seats to bots, starts and closes the table): ",
      el("a", { href: created.host_url, class: "host-link" }, created.host_url), " ", copyButton(created.host_url, "Copy the host link")));
  }
  box.replaceChildren(el("p", {}, `${game.name} table ${created.table}. Each link holds a secret seat token: send it only to that player.`), el("ul", {}, ...items));
  document.getElementById("created").hidden = false;
  document.getElementById("created").scrollIntoView();
}

/** The link that opens a pass-and-play table on this device (every local seat's token). */
function passItem(created, here) {
  const local = new URLSearchParams(created.pass_and_play_url.split("#")[1]).get("local");
  remember(created.table, { local });
  return el("li", { class: "pass-item" }, icon("person"), ` On this device, passed from player to player: seats ${[...here].map((s) => s + 1).join(", ")}. `,
    el("a", { href: created.pass_and_play_url, class: "pass-link button-link" }, "Play on this device"));
}

async function main() {
  const games = await (await fetch("/api/games")).json();
  gamesBox.replaceChildren(...games.map(gameCard));
  const names = Object.fromEntries(games.map((game) => [game.id, game.name]));
  const page = await (await fetch("/api/tables?limit=20")).json();
  const recent = document.getElementById("recent");
  recent.replaceChildren(...page.tables.map((t) =>
    el("li", {}, el("a", { href: `/t/${t.table}` }, `${names[t.game] || t.game} · table ${t.table}`),
      t.finished ? " — finished (replay)" : t.expired ? " — closed unfinished (replay)"
        : ` — in play, ${t.version === 1 ? "1 move" : `${t.version} moves`} made`)));
  if (!page.tables.length) recent.replaceChildren(el("li", { class: "meta" }, "No tables yet: create one above."));
  await showLobbyNight();
}

main();
