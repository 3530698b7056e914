// The card table page: a free-form tabletop where every seat plays by hand, as at a real table.
// Every rule runs on the server; this page shows the table the API answers with, sends the
// players' moves, and follows the table's event stream. ES modules, no build step:
// table-api (calls, stream), table-state (the one copy of the table), table-scene (zoom and
// pan), table-felt, table-hand, table-seats (drawing), table-drag and table-keys (moving things),
// table-moves (what a move does), table-menu, table-panels.

import { Table, call, forgetSeat, keepSeat, nameKey, savedSeat } from "/assets/table-api.js";
import { cardStyles, setCardStyle } from "/assets/cards.js";
import { TableState } from "/assets/table-state.js";
import { refusalWords } from "/assets/table-refusals.js";
import { Scene } from "/assets/table-scene.js";
import { Felt } from "/assets/table-felt.js";
import { Hand } from "/assets/table-hand.js";
import { Seats } from "/assets/table-seats.js";
import { Dragging } from "/assets/table-drag.js";
import { Moves } from "/assets/table-moves.js";
import { StackMenu } from "/assets/table-menu.js";
import { Keys } from "/assets/table-keys.js";
import { FeltLook, JoinForm, LargeCard, ShareMenu, showSeeded } from "/assets/table-panels.js";

const $ = (id) => document.getElementById(id);
// A word to the player, which fades after a while unless another replaces it.
let sayTimer = null;
const say = (text) => {
  $("status").textContent = text;
  clearTimeout(sayTimer);
  sayTimer = setTimeout(() => { if ($("status").textContent === text) $("status").textContent = ""; }, 8000);
};

const path = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);
const watchKey = path[1] === "watch" ? path[2] : null;
let tableId = watchKey ? null : path[1] || null;

const state = new TableState();
const table = new Table({ id: tableId, watchKey });
const scene = new Scene($("stage"), $("scene"));
const felt = new Felt($("felt"), state);
const hand = new Hand($("hand"), state);
const seats = new Seats($("seats"), state);
const moves = new Moves({ table, state, felt, say });
const large = new LargeCard();
const menu = new StackMenu({ element: $("menu"), state, moves, say, showLarge: (code) => large.show(code) });
new Dragging({ stage: $("stage"), felt, hand, scene, state, table, moves, say, onMenu: (id, x, y) => menu.open(id, x, y) });
new Keys({ state, felt, moves, menu, scene, say, showLarge: (code) => large.show(code) });
const look = new FeltLook({ table, state, say, felt: $("felt") });
const share = new ShareMenu({ table, say });
const join = new JoinForm({ onSubmit: submit });

state.addEventListener("change", (event) => {
  const detail = event.detail;
  if (detail.view) {
    felt.render();
    seats.render();
    hand.render();
    look.render();
    showHeader();
    showHandButton();
  } else if (detail.hand) {
    hand.render();
  } else {
    felt.drawHolds(detail.drags || detail.holds);
  }
});

function showHeader() {
  const view = state.view;
  const seated = Boolean(view.yourSeat);
  document.body.classList.toggle("watching", Boolean(watchKey));
  document.body.classList.toggle("seated", seated);
  $("whoami").hidden = !seated && !watchKey;
  $("whoami").textContent = watchKey ? "Watching" : seated ? `${state.seatName(view.yourSeat)} · seat ${view.yourSeat}` : "";
  $("toolbar").hidden = !seated;
  showSeeded(view.seeded);
  if (seated) share.show(tableId, view.yourSeat === view.creatorSeat, view.watch);
  else share.hide();
}

// The stream: whole views, changes applied in order, and what passes at the table.
function listen() {
  table.listen({
    onEvent(name, data) {
      if (name === "view") state.setView(data);
      else if (name === "change") state.applyChange(data, refresh);
      else if (name === "hold") state.hold(data);
      else if (name === "drag") state.drag(data);
      else if (name === "peek" && data.seat !== state.view?.yourSeat) say(`${state.seatName(data.seat)} peeked at a stack.`);
    },
    onLive(on) {
      $("live").hidden = false;
      $("live").classList.toggle("down", !on);
      $("live-text").textContent = on ? "Live" : "Reconnecting…";
    },
    onRefused: refused,
  });
}

// The whole view again (after a gap in the changes, or to start); one request at a time.
let refreshing = null;
function refresh() {
  refreshing ??= table.view().then((view) => state.setView(view), refused).finally(() => { refreshing = null; });
  return refreshing;
}

function refused(error) {
  if (watchKey) {
    table.stop();
    say("This watch link no longer shows a table: ask for a new one.");
  } else if (error.status === 401) {
    lostSeat("The server no longer knows your seat. Join again.");
  } else if (error.status === 404) {
    table.stop();
    join.show("missing");
  } else {
    say(refusalWords(error));
  }
}

// The card style: the seat's own choice, kept with it; on a phone the one that reads best small
// (high contrast: heavier indices, a border, a colour per suit), else classic.
const phone = matchMedia("(pointer: coarse) and (max-width: 600px), (pointer: coarse) and (max-height: 600px)").matches;
const defaultStyle = phone ? "high-contrast" : "classic";
$("card-style").replaceChildren(...Object.entries(cardStyles).map(([value, label]) => new Option(label, value)));
function useCardStyle(style) {
  const chosen = style in cardStyles ? style : defaultStyle;
  $("card-style").value = chosen;
  setCardStyle(chosen);
}
$("card-style").addEventListener("change", (event) => {
  useCardStyle(event.target.value);
  const seat = tableId && savedSeat(tableId);
  if (seat) keepSeat(tableId, { ...seat, style: event.target.value });
});

function sitDown(seat) {
  useCardStyle(seat.style);
  keepSeat(tableId, seat);
  table.id = tableId;
  table.token = seat.token;
  join.hide();
  refresh();
  listen();
}

function lostSeat(message) {
  forgetSeat(tableId);
  share.hide();
  table.stop();
  table.token = null;
  join.show("join", { error: message });
  refresh();
}

async function submit({ mode, name, seats: seatCount, layout, file }) {
  if (!name) return join.error("Please give a name.");
  localStorage.setItem(nameKey, name);
  join.busy = true;
  join.error("");
  try {
    let answer;
    if (mode === "join") {
      answer = await call("POST", `/api/table/${encodeURIComponent(tableId)}/join/`, { parameters: { name } });
    } else {
      const parameters = { name, seats: seatCount };
      if (layout === "file") {
        if (!file) throw new Error("Choose the layout file an export wrote.");
        parameters.layout = await file.text();
      } else if (layout) {
        const response = await fetch(`/assets/layouts/${layout}.json`);
        if (!response.ok) throw new Error(`The layout ${layout} could not be loaded: reload the page and try again.`);
        parameters.layout = await response.text();
      }
      answer = await call("POST", "/api/table/new/", { parameters });
      tableId = answer.table_id;
      history.replaceState(null, "", `/table/${encodeURIComponent(tableId)}`);
    }
    sitDown({ number: answer.seat.number, name: answer.seat.name, token: answer.seat.token });
    say(mode === "join" ? `You sat down at seat ${answer.seat.number}.` : "Your table is ready: share its link.");
  } catch (error) {
    join.error(joinWords(error, mode));
  } finally {
    join.busy = false;
  }
}

// Why a new table or a seat was not had, in the player's words.
function joinWords(error, mode) {
  if (error.status === undefined) return error.message;   // the page's own, such as a missing file
  if (mode === "new" && error.status === 400) return "The server could not use that layout file: pick one that an export wrote.";
  return refusalWords(error, { action: mode === "join" ? "join" : "new" });
}

// The toolbar.
$("undo").addEventListener("click", () => moves.undo());
$("face-down").addEventListener("change", (event) => { moves.faceDown = event.target.checked; });
$("gather").addEventListener("click", () => moves.gather());
// Sorting: by suit, and pressed again by rank, and so on; the button says what it does next.
$("sort-hand").addEventListener("click", (event) => {
  const by = event.currentTarget.dataset.by;
  state.sortHand(by);
  say(`Your hand is sorted by ${by}.`);
  const next = by === "suit" ? "rank" : "suit";
  event.currentTarget.dataset.by = next;
  event.currentTarget.textContent = `Sort by ${next}`;
});
$("show-hand").addEventListener("click", () => moves.showHand(!state.showingHand));

// The show-hand toggle is pressed while everyone sees this seat's hand.
function showHandButton() {
  $("show-hand").setAttribute("aria-pressed", String(state.showingHand));
}
$("zoom-in").addEventListener("click", () => scene.zoomCentre(1.25));
$("zoom-out").addEventListener("click", () => scene.zoomCentre(0.8));
$("zoom-fit").addEventListener("click", () => scene.fit());
$("leave").addEventListener("click", async () => {
  try {
    await call("POST", `/api/table/${encodeURIComponent(tableId)}/leave/`, { token: table.token });
  } catch (error) {
    if (error.status !== 401) return say(refusalWords(error, { action: "leave" }));
  }
  lostSeat("You left the table; your cards went back into the deck.");
});

// Where this page starts.
scene.fit();
useCardStyle(null);
$("name").value = localStorage.getItem(nameKey) || "";
if (watchKey) {
  refresh();
  listen();
} else if (!tableId) {
  join.show("new");
} else {
  const seat = savedSeat(tableId);
  if (seat) {
    sitDown(seat);
  } else {
    join.show("join");
    refresh();
  }
}
