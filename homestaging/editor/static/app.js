// The editor page: opens the session's sheet, takes the player's edits, sends every new
// state to the server and shows what it answers (problems, score, legal placements).

import { Plan, doubtText, drawShape, edges } from "./plan.js";
import * as sheet from "./sheet.js";

const $ = (selector) => document.querySelector(selector);
const token = new URLSearchParams(location.search).get("token") || "";
const TOOLS = ["room", "door", "front-door", "window", "erase"];
const ROTATIONS = [0, 90, 180, 270];
// The words of a touch screen ("tap") or of a mouse and keyboard ("click", key 1-9):
// set from the screen when the page opens, then from each pointer.
const words = {
  touch: window.matchMedia("(pointer: coarse)").matches || navigator.maxTouchPoints > 0,
  get click() { return this.touch ? "tap" : "click"; },
  get Click() { return this.touch ? "Tap" : "Click"; },
  get next() {
    return this.touch ? "Tap a card for the next piece." : "Click a card (or press 1-9) for the next piece.";
  },
};

function setTouch(touch) {
  if (words.touch === touch) return;
  words.touch = touch;
  wordButtons();
}

function wordButtons() {
  $("#turn").textContent = words.touch ? "Turn" : "Turn (r)";
  $("#mirror").textContent = words.touch ? "Mirror" : "Mirror (m)";
}

const SEVERITY_ICONS = { error: "✗", warning: "⚠", todo: "○" };

const app = {
  session: null,        // what /api/session answered
  project: null,
  geo: null,
  plan: null,
  history: [],          // states, oldest first
  at: -1,               // the current state's index in history
  savedAt: -1,          // the index of the state last saved (or opened)
  evaluation: null,     // the server's answer for the current state
  hand: null,           // {piece, rotation, mirror}
  tool: null,
  final: false,         // the table ended the game: the sheet takes no more changes
  activeRoom: null,
  cursor: [0, 0],
  hover: null,          // square name under the pointer
  pendingTap: null,     // touch: the square tapped once, waiting for the second tap
  down: null,           // the pointer pressed on the plan
  drag: null,           // a piece dragged from the palette
  checking: 0,          // sequence number of the last check sent
  doubtHint: false,     // the hint line shows the doubts of the square under the pointer
  handHint: false,      // the hint line tells about the piece in hand at a square
};

// ------------------------------------------------------------------ server calls

async function call(path, body, expect = "json") {
  const options = { headers: { "X-Homestaging-Token": token } };
  if (body !== undefined) {
    options.method = "POST";
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    return { status: 0, data: { error: "the server does not answer (was 'homestaging edit' or 'homestaging table' stopped?)" } };
  }
  if (expect === "blob" && response.ok) return { status: response.status, blob: await response.blob() };
  let data = {};
  try { data = await response.json(); } catch (error) { data = { error: `answer ${response.status}` }; }
  return { status: response.status, data };
}

function status(text, bad = false) {
  const node = $("#status");
  node.textContent = text;
  node.classList.toggle("bad", bad);
}

// ------------------------------------------------------------------ state and history

const state = () => app.history[app.at];

// A new state; the scan's doubts about what it changed are settled with it.
function commit(edited, message = "") {
  if (app.final) return;
  const next = sheet.settleDoubts(app.geo, state(), edited);
  const settled = sheet.doubts(edited).length - sheet.doubts(next).length;
  if (message && settled) {
    message += ` ${settled === 1 ? "One point" : `${settled} points`} to check from the photo: settled.`;
  }
  app.history = app.history.slice(0, app.at + 1);
  app.history.push(next);
  app.at = app.history.length - 1;
  if (app.savedAt > app.at) app.savedAt = -2;
  if (message) status(message);
  changed();
}

function undo() {
  if (app.final || app.at <= 0) return;
  app.at -= 1;
  status("Undone.");
  changed();
}

function redo() {
  if (app.final || app.at >= app.history.length - 1) return;
  app.at += 1;
  status("Redone.");
  changed();
}

function changed() {
  app.pendingTap = null;
  $("#undo").disabled = app.final || app.at <= 0;
  $("#redo").disabled = app.final || app.at >= app.history.length - 1;
  $("#file").classList.toggle("dirty", app.at !== app.savedAt);
  const current = state();
  if (!app.activeRoom || !app.project.rooms.some((r) => r.name === app.activeRoom)) {
    app.activeRoom = current.current_room || app.project.rooms[0]?.name || null;
  }
  check();  // sent first: the server checks while the page draws the change
  $("#player").value = current.player || "";
  drawSheet();
  drawRooms();
  drawPalette();
  drawDoubts();
}

// ------------------------------------------------------------------ checking

// Waiting answers are counted in <body data-pending>: "0" when the page shows the
// answer for the current state.
function pending(change) {
  app.pending = (app.pending || 0) + change;
  document.body.dataset.pending = String(app.pending);
}

async function check() {
  const sequence = ++app.checking;
  const body = { state: state() };
  if (app.hand) body.hand = { piece: app.hand.piece, room: app.activeRoom };
  pending(1);
  const { status: code, data } = await call("api/check", body);
  pending(-1);
  if (sequence !== app.checking) return;  // a newer state was sent meanwhile
  if (code !== 200) {
    status(data.error || `check failed (${code})`, true);
    return;
  }
  if (data.stored) {  // the table server keeps every change: nothing to save
    app.savedAt = app.at;
    $("#file").classList.remove("dirty");
  }
  app.evaluation = data;
  showEvaluation();
}

// The table server (homestaging table) sends the palette again when a card is flipped.
window.addEventListener("homestaging:project", (e) => {
  if (!app.project) return;
  app.project = e.detail;
  app.session.project = e.detail;
  app.paletteRoom = null;
  drawPalette();
  check();
});

// The table's event stream is back after its server was away: what was drawn meanwhile
// is sent again, to be stored (an open page keeps its drawing; a reload would not).
window.addEventListener("homestaging:reconnected", async () => {
  if (!app.plan || app.at === app.savedAt) return;
  await check();
  if (app.at === app.savedAt) status("The table answers again: your sheet is stored.");
});

// The table server ends the game: the sheet is final, the tools and cards go (the
// summary of its score stays docked) and the plan shows the whole house, the page at
// its top: the table's word that the game has ended in sight under the header (it was
// under the header's part that stays, the plan scrolled to just below it).
window.addEventListener("homestaging:ended", () => {
  app.final = true;
  app.hand = null;
  app.pendingTap = null;
  app.tool = null;
  app.wholeHouse = true;
  app.planShown = false;
  window.scrollTo(0, 0);
  $("#side").scrollTop = 0;  // on its side, the column from the score's first line
  $("#editor").classList.add("final", "finished");
  status("");  // the last action's words ("Tap a card for the next piece") are stale
  $("#undo").disabled = true;
  $("#redo").disabled = true;
  if (!app.plan) return;
  setTool(null, false);
  drawHand();
  drawHints();
  drawSheet();
  fitDock();
  fitView();
  check();  // the score as the game's end judges it
});

function roomOfPiece() {
  const found = new Map();
  for (const room of app.evaluation?.rooms || []) {
    for (const piece of room.pieces) found.set(piece.index, room.name);
  }
  return found;
}

function showEvaluation() {
  const data = app.evaluation;
  const errors = $("#errors");
  errors.replaceChildren();
  for (const error of data.errors || []) {
    const li = document.createElement("li");
    li.textContent = error.text;
    errors.appendChild(li);
  }
  if (data.errors && data.errors.length) {
    status("This drawing cannot be read as a sheet: see the problems.", true);
    return;
  }
  $("#total").textContent = String(data.total);
  $("#total").value = String(data.total);
  $("#score-label").textContent = data.label;
  const waiting = data.if_connected - data.total;
  $("#if-connected").textContent = waiting > 0
    ? `${data.if_connected} once every walled room is connected to the front door (+${waiting}).` : "";
  // the score and the problems are written again only when they changed
  const score = JSON.stringify([data.rooms, data.penalties, data.bonuses]);
  if (score !== app.shownScore) {
    showScore(data);
    app.shownScore = score;
  }
  const problems = JSON.stringify(data.problems);
  if (problems !== app.shownProblems) {
    showProblems(data.problems);
    app.plan.rings(data.problems);
    app.shownProblems = problems;
  }
  showSummary(data);
  drawTokens();
  drawSheet();
  drawHand();
  drawHints();
  if (!app.viewed) {  // the first answer says which room each piece is in
    app.viewed = true;
    fitView();
  }
}

// A finished sheet (or a table's ended game) takes no more cards: a phone docks what it
// is worth instead, a tap away from the score's details and the problems.
function showSummary(data) {
  const finished = data.finished || app.final;
  const now = finished && !$("#editor").classList.contains("finished");
  $("#editor").classList.toggle("finished", finished);
  $("#view").textContent = viewLabel();
  if (now && app.hand) drop();
  $("#summary-score").textContent = `${data.label}: ${data.total}`;
  const counts = { error: 0, warning: 0, todo: 0 };
  for (const problem of data.problems) counts[problem.severity] += 1;
  const said = [[counts.error, "error", "errors"], [counts.warning, "warning", "warnings"],
    [counts.todo, "to do", "to do"]].filter(([count]) => count)
    .map(([count, one, many]) => `${count} ${count === 1 ? one : many}`);
  $("#summary-problems").textContent = said.length ? said.join(", ") : "No rule broken";
}

function showScore(data) {
  const body = $("#rooms-score tbody");
  body.replaceChildren();
  for (const room of data.rooms) {
    const tr = document.createElement("tr");
    const waiting = room.points_if_connected;
    const why = room.reachable ? ""
      : waiting !== null && waiting !== undefined && waiting !== room.points
        ? `${waiting} if connected (${room.reason})` : room.reason;
    for (const [text, cls] of [[room.name, ""], [String(room.points), "points"], [why, "why"]]) {
      const td = document.createElement("td");
      td.textContent = text;
      if (cls) td.className = cls;
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
  for (const penalty of data.penalties) {
    const tr = document.createElement("tr");
    tr.innerHTML = "<td></td><td class=points></td><td class=why></td>";
    tr.children[0].textContent = penalty.text;
    tr.children[1].textContent = String(penalty.points);
    body.appendChild(tr);
  }
  const bonuses = $("#bonuses");
  bonuses.replaceChildren();
  for (const bonus of data.bonuses) {
    const li = document.createElement("li");
    li.className = bonus.awarded ? "yes" : "no";
    li.textContent = `${bonus.awarded ? "✓" : "✗"} ${bonus.text}: ${bonus.points} `;
    const span = document.createElement("span");
    span.textContent = bonus.explanation;
    li.appendChild(span);
    bonuses.appendChild(li);
  }
}

function showProblems(problems) {
  const list = $("#problems");
  list.replaceChildren();
  const broken = problems.filter((p) => p.severity !== "todo");
  const todo = problems.filter((p) => p.severity === "todo");
  const item = (p) => {
    const li = document.createElement("li");
    li.dataset.code = p.code;
    li.dataset.severity = p.severity;
    li.tabIndex = 0;
    const where = p.cells.length ? `${p.cells[0]} · ` : "";
    const icon = document.createElement("span");
    icon.className = "severity";
    icon.textContent = SEVERITY_ICONS[p.severity] || "";
    icon.setAttribute("aria-label", p.severity === "todo" ? "to do:" : `${p.severity}:`);
    const code = document.createElement("code");
    code.textContent = p.code;
    li.append(icon, where, code, `: ${p.text || p.message}`);
    li.title = `${p.severity}, at ${p.path}: ${p.message}`;
    const show = () => {
      app.plan.rings(app.evaluation.problems, p.cells);
      app.shownProblems = null;  // the next answer clears the flash
      const at = p.cells.length && app.geo.at(p.cells[0]);
      if (at) { app.cursor = at; drawCursor(); showSquare(...at); }
    };
    li.addEventListener("click", show);
    li.addEventListener("keydown", (e) => { if (e.key === "Enter") show(); });
    return li;
  };
  if (!broken.length) {
    const li = document.createElement("li");
    li.className = "none";
    li.textContent = "No rule broken.";
    list.appendChild(li);
  }
  for (const p of broken) list.appendChild(item(p));
  if (todo.length) {
    const heading = document.createElement("li");
    heading.className = "heading";
    heading.textContent = "Still to do";
    list.appendChild(heading);
    for (const p of todo) list.appendChild(item(p));
  }
}

// The scan's doubts: listed with their reasons, each square (or side) marked on the plan.
function drawDoubts() {
  const current = state();
  const list = sheet.doubts(current);
  if (!list.length && app.shownDoubts === 0) return;  // none shown, none to show
  app.shownDoubts = list.length;
  app.plan.doubts(list);
  $("#doubts-box").hidden = !list.length;
  $("#doubt-count").textContent = list.length ? `(${list.length})` : "";
  const photo = current.scan && current.scan.photo ? current.scan.photo : "the photo";
  $("#doubt-note").textContent = `Read from ${photo}: the scanner was not sure of these. `
    + "Look at them on the paper: fix the plan, or confirm what was read.";
  const box = $("#doubts");
  box.replaceChildren();
  list.forEach((doubt, index) => {
    const li = document.createElement("li");
    li.dataset.square = doubt.square;
    if (doubt.side) li.dataset.side = doubt.side;
    li.tabIndex = 0;
    const text = document.createElement("span");
    text.textContent = doubtText(doubt);
    const confirm = document.createElement("button");
    confirm.type = "button";
    confirm.className = "confirm";
    confirm.textContent = "Confirm";
    confirm.title = "What was read is right: drop this point";
    confirm.addEventListener("click", (e) => {
      e.stopPropagation();
      confirmDoubt(index);
    });
    li.append(text, confirm);
    const show = () => {
      app.plan.rings(app.evaluation ? app.evaluation.problems : [], [doubt.square]);
      app.shownProblems = null;  // the next answer clears the flash
      const at = app.geo.at(doubt.square);
      if (at) { app.cursor = at; drawCursor(); showSquare(...at); }
    };
    li.addEventListener("click", show);
    li.addEventListener("keydown", (e) => { if (e.key === "Enter" && e.target === li) show(); });
    box.appendChild(li);
  });
}

function confirmDoubt(index) {
  const doubt = sheet.doubts(state())[index];
  if (!doubt) return;
  const next = sheet.confirmDoubt(state(), index);
  const left = sheet.doubts(next).length;
  const where = doubt.side ? `${doubt.square}/${doubt.side}` : doubt.square;
  commit(next, `Confirmed ${where}. ` + (left
    ? `${left} point${left === 1 ? "" : "s"} from the photo left to check.`
    : "Every point from the photo is checked: the sheet is saved without its scan notes."));
}

// The reasons of the doubts at a square (and its sides), for the hint line.
function doubtsAt(name) {
  return sheet.doubts(state()).filter((d) => d.square === name).map(doubtText).join("  ·  ");
}

// ------------------------------------------------------------------ drawing

function drawSheet() {
  // the plan is drawn again only when what it shows changed (the state, the room each
  // piece is coloured as, the active room), and then only what changed in it (Plan.draw)
  const rooms = roomOfPiece();
  const current = state();
  const colouredAs = (current.pieces || []).map((_, index) => rooms.get(index) || app.activeRoom);
  const drawn = { state: current, rooms: JSON.stringify(colouredAs), active: app.activeRoom };
  const last = app.drawn;
  if (!last || last.state !== drawn.state || last.rooms !== drawn.rooms || last.active !== drawn.active) {
    app.plan.draw(current, app.project, rooms, app.activeRoom);
    if (!last || last.state !== current) app.plan.label(current, app.project);
    app.drawn = drawn;
  }
  const svg = app.plan.svg;
  svg.classList.toggle("hand", !!app.hand);
  for (const tool of TOOLS) svg.classList.toggle(`tool-${tool}`, app.tool === tool);
  drawCursor();
}

function drawCursor() {
  app.plan.cursor(...app.cursor);
  app.plan.svg.setAttribute("aria-activedescendant", `cell-${app.geo.name(...app.cursor)}`);
}

// ------------------------------------------------------------------ the view
// The whole sheet when its squares are big enough to point at (32 CSS px on a touch
// screen); else a window on the room being furnished that fills the plan's width, with
// "Whole house" one tap away (and a tap on the whole house goes back to a window there).

const MIN_SQUARE = { touch: 32, mouse: 18 };

// On a phone held upright the controls are docked at the bottom of the screen.
const isDocked = () => getComputedStyle($("#controls")).position === "fixed";
// On a phone on its side the controls are a column of their own that scrolls.
const isSideways = () => getComputedStyle($("#side")).overflowY === "auto";

// The header's part that scrolls away when docked (the title and the player's name,
// above the buttons) and the part that stays at the top.
function barParts() {
  const bar = $("#bar");
  const lead = isDocked() ? $(".actions").offsetTop - parseFloat(getComputedStyle(bar).paddingTop) : 0;
  return { lead, stays: bar.offsetHeight - lead };
}

// The page ends below the dock (CSS --dock), whatever the dock holds; the plan scrolls
// to just below the part of the header that stays at the top (CSS --bar). On its side
// the column of controls ends at the screen's foot (CSS --side-top: where it starts).
function fitDock() {
  const height = isDocked() ? $("#controls").offsetHeight : 0;
  const { lead, stays } = barParts();
  const side = isSideways() ? $("#editor").getBoundingClientRect().top + window.scrollY : 0;
  document.documentElement.style.setProperty("--dock", `${height}px`);
  document.documentElement.style.setProperty("--bar-lead", `${lead}px`);
  document.documentElement.style.setProperty("--bar", `${isDocked() ? stays : 0}px`);
  document.documentElement.style.setProperty("--side-top", `${side}px`);
}

// The plan's room on the screen. Docked, its rows and a line of hint under it fill what
// the header and the dock leave (the plan's border aside), so that the rows in sight are
// whole rows: below the whole header while the page is at its top, below the part that
// stays once the plan was scrolled to (a piece taken). A hint of two lines does not take
// a row away (the square just tapped would go).
function planSpace() {
  const board = $("#board");
  const width = board.clientWidth;
  const docked = isDocked();
  if (!docked && !isSideways()) {
    const height = window.innerHeight - barParts().stays - $("#under-plan").offsetHeight - 16;
    return { width, height: Math.max(height, 160) };
  }
  // on its side the page stays at its top: the plan below the header and what a table
  // shows under it (the card flipped, the ranking)
  const top = docked && app.planShown ? barParts().stays : board.getBoundingClientRect().top + window.scrollY;
  const below = $("#under-plan").getBoundingClientRect().top - $("#plan").getBoundingClientRect().bottom
    + parseFloat(getComputedStyle($("#hint")).minHeight) + 2;
  const height = window.innerHeight - top - (docked ? $("#controls").offsetHeight : 0) - below;
  return { width, height: Math.max(height, 160) };
}

// The squares the active room's window shows first: its squares and its pieces (null
// when it has none yet).
function roomFocus() {
  const cells = [...(sheet.roomEntry(state(), app.activeRoom)?.cells || [])].map((n) => app.geo.at(n));
  const rooms = roomOfPiece();
  (state().pieces || []).forEach((entry, index) => {
    if ((rooms.get(index) || state().current_room) !== app.activeRoom) return;
    const { furniture, circulation } = sheet.squaresOf(app.geo, entry);
    cells.push(...furniture, ...circulation);
  });
  const found = cells.filter((c) => c && app.geo.inSheet(...c));
  return found.length ? found : null;
}

// The view button's words: back to the room being furnished, or once the sheet is
// finished (no room is furnished any more) a plain zoom.
function viewLabel() {
  if (!app.wholeHouse) return "Whole house";
  return $("#editor").classList.contains("finished") ? "Zoom in" : "Back to the room";
}

// The plan's view: the whole sheet or a window on ``focus`` (else the room being
// furnished); ``kept``, a window of the same width to keep in place (its top row) with
// as many rows as fit now.
function fitView(focus = null, kept = null) {
  if (!app.plan) return;
  const { width, height } = planSpace();
  const wide = app.geo.width + 2;
  const high = app.geo.height + 2;
  const least = words.touch ? MIN_SQUARE.touch : MIN_SQUARE.mouse;
  const fits = Math.min(width / wide, height / high) >= least;
  app.windowed = !fits && !app.wholeHouse;
  $("#view").hidden = fits;
  $("#view").textContent = viewLabel();
  $("#view").setAttribute("aria-pressed", String(!!app.wholeHouse && !fits));
  $("#board").classList.toggle("windowed", app.windowed);
  // docked, the whole house is no taller than the room above the dock: its last row of
  // names was cut by the dock's top edge; on its side, than the room above the screen's foot
  $("#plan").style.maxHeight = (isDocked() || isSideways()) && !app.windowed ? `${height}px` : "";
  if (!app.windowed) {
    app.window = null;
    app.plan.view(-1, -1, wide, high);
    return;
  }
  const columns = Math.min(wide, Math.max(4, Math.floor(width / least)));
  const size = width / columns;
  const rows = Math.min(high, Math.max(4, Math.floor(height / size)));
  if (kept) {
    if (kept.columns === columns && kept.rows !== rows) {
      app.window = { ...kept, y: Math.max(-1, Math.min(kept.y, app.geo.height + 1 - rows)), rows };
      app.plan.view(app.window.x, app.window.y, columns, rows);
    }
    return;
  }
  // a room with nothing drawn yet keeps the window where it is
  const here = app.window && [[app.window.x + app.window.columns / 2 - 0.5, app.window.y + app.window.rows / 2 - 0.5]];
  const cells = focus ? [focus] : roomFocus() || here || [app.cursor];
  const xs = cells.map((c) => c[0]);
  const ys = cells.map((c) => c[1]);
  // a window that would start on the sheet's first row (column) starts on its names
  // instead: a band of names over the first row would hide half of it
  const middle = (low, top, span, count) => {
    const start = Math.min(Math.max(Math.round((low + top + 1) / 2 - span / 2), -1), count + 1 - span);
    return start === 0 ? -1 : start;
  };
  app.window = { x: middle(Math.min(...xs), Math.max(...xs), columns, app.geo.width),
    y: middle(Math.min(...ys), Math.max(...ys), rows, app.geo.height), columns, rows };
  app.plan.view(app.window.x, app.window.y, columns, rows);
}

// Move the window (when there is one) to show square (x, y): the keyboard's cursor, the
// best spot, a problem's square.
function showSquare(x, y) {
  const w = app.window;
  if (!w) return;
  const inside = x >= w.x && x < w.x + w.columns && y >= w.y && y < w.y + w.rows;
  if (!inside) fitView([x, y]);
}

// Two fingers on the plan zoom it and move it, what is under them staying under them:
// apart for a closer view, together down to the whole house. A pinch never places,
// paints or previews anything. Only where the whole house does not fit the screen.
const touches = new Map();  // pointer id -> [clientX, clientY] of the fingers on the plan

function sheetPoint(clientX, clientY) {
  const matrix = app.plan.svg.getScreenCTM();
  const p = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
  return [p.x, p.y];
}

function fingers() {
  const [a, b] = [...touches.values()];
  return { distance: Math.max(Math.hypot(a[0] - b[0], a[1] - b[1]), 1),
    middle: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] };
}

function pinchStart() {
  const box = app.plan.svg.viewBox.baseVal;
  const { distance, middle } = fingers();
  app.pinch = { distance, columns: box.width, rows: box.height, under: sheetPoint(...middle) };
  app.down = null;
  app.pendingTap = null;
  app.hover = null;
  if (app.hand) drawGhost(); else app.plan.clearGhost();
}

function pinchMove() {
  const { distance, middle } = fingers();
  const pinch = app.pinch;
  const wide = app.geo.width + 2;
  const high = app.geo.height + 2;
  const most = Math.max(wide, high * pinch.columns / pinch.rows);  // the whole house
  const columns = Math.min(Math.max(pinch.columns * pinch.distance / distance, 4), most);
  const rows = columns * pinch.rows / pinch.columns;
  // the plan keeps its shape during a pinch; its view is centred in it (SVG's "meet")
  const box = app.plan.svg.getBoundingClientRect();
  const size = Math.min(box.width / columns, box.height / rows);
  const left = box.left + (box.width - columns * size) / 2;
  const top = box.top + (box.height - rows * size) / 2;
  const place = (under, at, span, count) => {
    if (span >= count + 2) return -1 - (span - count - 2) / 2;  // wider than the sheet: centred
    return Math.min(Math.max(under - at / size, -1), count + 1 - span);
  };
  const x = place(pinch.under[0], middle[0] - left, columns, app.geo.width);
  const y = place(pinch.under[1], middle[1] - top, rows, app.geo.height);
  app.window = { x, y, columns, rows };
  app.plan.view(x, y, columns, rows);
  app.wholeHouse = columns >= wide - 0.01 && rows >= high - 0.01;
  $("#view").textContent = viewLabel();
  $("#view").setAttribute("aria-pressed", String(app.wholeHouse));
}

// Touch bookkeeping of the plan's pointer events; true when the event belongs to a pinch
// (and so does nothing else).
function pinching(e) {
  if (e.pointerType !== "touch") return false;
  if (e.type === "pointerdown") {
    touches.set(e.pointerId, [e.clientX, e.clientY]);
    if (touches.size === 2 && app.plan && !$("#view").hidden) pinchStart();
    return !!app.pinch;
  }
  if (!touches.has(e.pointerId)) return !!app.pinch;
  if (e.type === "pointermove") {
    touches.set(e.pointerId, [e.clientX, e.clientY]);
    if (app.pinch && touches.size >= 2) pinchMove();
    return !!app.pinch || !!app.pinched;
  }
  touches.delete(e.pointerId);  // up or cancel
  const part = !!app.pinch || !!app.pinched;
  if (app.pinch && touches.size < 2) {
    app.pinch = null;
    app.pinched = touches.size > 0;  // the finger still down ends the gesture, not a tap
    status(app.wholeHouse ? `The whole house: ${words.click} a square for a closer view there.`
      : "A closer view: pinch to zoom; two fingers move the plan.");
  } else if (!touches.size) {
    app.pinched = false;
  }
  if (part) app.down = null;
  return part;
}

// The controls docked (a phone held upright): the plan scrolled to just below the
// header, out of the dock's way (a view that changed its size, a piece taken).
function showPlan(behavior = "auto") {
  if (!isDocked()) return;
  fitDock();  // the header's height of this very moment (the status line wraps)
  app.planShown = true;
  if (app.window) fitView(null, app.window);  // the rows that fit there
  $("#board").scrollIntoView({ block: "start", behavior });
}

// On a phone on its side the column scrolls (the page too, when the column is taller
// than the screen) until the piece in hand is whole in sight: taken from a card near the
// top, it came below the tools, Put back under the screen's edge.
function showHand() {
  const side = $("#side");
  if (!isSideways()) return;
  const below = () => $("#hand").getBoundingClientRect().bottom
    - Math.min(side.getBoundingClientRect().bottom, window.innerHeight);
  if (below() > 0) side.scrollTop += below();
  if (below() > 0) window.scrollBy(0, below());
}

function toggleWholeHouse() {
  app.wholeHouse = !app.wholeHouse;
  fitView();
  status(app.wholeHouse ? `The whole house: ${words.click} a square to go back to a closer view there.`
    : `Back to ${app.activeRoom}.`);
  showPlan();
}

function drawRooms() {
  const select = $("#room-select");
  const current = state();
  const texts = app.project.rooms.map((room) => {
    const walled = sheet.isWalled(current, room.name);
    const furnished = room.name === current.current_room;
    const what = walled ? "walled" : furnished ? "being furnished" : "";
    return what ? `${room.name} (${what})` : room.name;
  });
  if (JSON.stringify(texts) !== app.roomOptions) {  // the options change as rooms are walled
    app.roomOptions = JSON.stringify(texts);
    select.replaceChildren(...app.project.rooms.map((room, index) => {
      const option = document.createElement("option");
      option.value = room.name;
      option.textContent = texts[index];
      return option;
    }));
  }
  select.value = app.activeRoom;
  const next = sheet.nextRoom(current, app.project);
  const button = $("#next-room");
  // a phone shows the first words only ("Next room", "Finish"): the row keeps the room list
  const detail = document.createElement("span");
  detail.className = "detail";
  detail.textContent = next ? `: ${next}` : " (no room left)";
  button.replaceChildren(next ? "Next room" : "Finish", detail);
  button.disabled = !next && !current.current_room;
  // the room being furnished is walled: its round is over, this is the button to press
  button.classList.toggle("due", !!current.current_room && sheet.isWalled(current, current.current_room));
  const spec = app.project.rooms.find((r) => r.name === app.activeRoom);
  $("#room-info").textContent = !spec ? ""
    : app.activeRoom === current.current_room && sheet.isWalled(current, app.activeRoom)
    ? `${app.activeRoom} is walled: press ${next ? "Next room" : "Finish"}.`
    : app.activeRoom === current.current_room
    ? "Draw this room's furniture, then paint its squares and its door (Room, Door), then press Next room."
    : sheet.isWalled(current, app.activeRoom) ? "This room is walled. Its cards are shown below."
    : "This room is not being furnished now.";
}

// The cards of the active room. They are built again only when the room changes: a
// change made as a card is pressed (the Player field's, on leaving it) must not replace
// the button under the pointer, or the click on it is lost.
function drawPalette() {
  const palette = $("#palette");
  if (app.paletteRoom === app.activeRoom && palette.childElementCount) {
    drawTokens();
    drawWalledNote();
    return;
  }
  app.paletteRoom = app.activeRoom;
  palette.replaceChildren();
  drawWalledNote();
  const spec = app.project.rooms.find((r) => r.name === app.activeRoom);
  if (!spec) return;
  drawTokens();
  const seen = new Set();
  let number = 0;
  for (const card of spec.cards) {
    const box = document.createElement("div");
    box.className = "card";
    const title = document.createElement("h3");
    title.textContent = `Card ${card.number} · ${card.tokens} token${card.tokens === 1 ? "" : "s"}`;
    box.appendChild(title);
    for (const [variant, ids] of Object.entries(card.variants)) {
      const options = document.createElement("div");
      options.className = "options";
      const tag = document.createElement("span");
      tag.className = "variant";
      tag.textContent = variant;
      tag.title = `variant ${variant} of card ${card.number}`;
      options.appendChild(tag);
      const buttons = document.createElement("div");
      buttons.className = "buttons";
      options.appendChild(buttons);
      for (const id of ids) {
        const piece = app.project.pieces[id];
        if (!piece) continue;
        if (seen.has(id)) {
          const again = document.createElement("span");
          again.className = "again";
          again.textContent = `${piece.name} (above)`;
          buttons.appendChild(again);
          continue;
        }
        seen.add(id);
        number += 1;
        buttons.appendChild(pieceButton(id, piece, spec.color, number));
      }
      box.appendChild(options);
    }
    palette.appendChild(box);
  }
}

// A walled room takes no more pieces: its cards say so, and what to press.
function drawWalledNote() {
  const current = state();
  const note = $("#walled-note");
  const walled = app.activeRoom === current.current_room && sheet.isWalled(current, app.activeRoom);
  note.hidden = !walled;
  if (walled) {
    const next = sheet.nextRoom(current, app.project);
    note.textContent = `${app.activeRoom} is walled: its furniture is done. `
      + (next ? `Press Next room to furnish the ${next}.` : "Press Finish: it is the last room.");
  }
}

function drawTokens() {
  const spec = app.project.rooms.find((r) => r.name === app.activeRoom);
  if (!spec) return;
  const held = [...roomOfPiece().values()].filter((name) => name === spec.name).length;
  $("#tokens").textContent = app.evaluation
    ? `· ${spec.name}: ${held} of ${spec.tokens} piece${spec.tokens === 1 ? "" : "s"}` : "";
}

function pieceButton(id, piece, color, number) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "piece";
  button.dataset.piece = id;
  button.title = `${piece.name} (${id})${number <= 9 ? `: key ${number}` : ""}`
    + (piece.wall.length ? `, against a wall on its ${piece.wall.join(", ")} side` : "");
  if (app.hand && app.hand.piece === id) button.classList.add("held");
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("aria-hidden", "true");
  drawShape(svg, piece.shapes["0"], piece.rug ? "#efe3c8" : color);
  const label = document.createElement("span");
  label.textContent = piece.name;
  button.append(svg, label);
  button.addEventListener("click", () => {
    const fresh = !app.hand || app.hand.piece !== id;
    take(id);
    if (fresh) {
      showPlan("smooth");
      showHand();
    }
  });
  button.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    app.drag = { piece: id, x: e.clientX, y: e.clientY, moving: false };
  });
  return button;
}

function drawHand() {
  const box = $("#hand");
  box.hidden = !app.hand;
  for (const button of document.querySelectorAll("button.piece")) {
    button.classList.toggle("held", !!app.hand && button.dataset.piece === app.hand.piece);
  }
  if (!app.hand) return;
  const piece = app.project.pieces[app.hand.piece];
  const spec = app.project.rooms.find((r) => r.name === app.activeRoom);
  drawShape($("#hand-shape"), piece.shapes[sheet.shapeKey(app.hand.rotation, app.hand.mirror)],
    piece.rug ? "#efe3c8" : spec ? spec.color : "#c8c8c8");
  $("#hand-name").textContent = `${piece.name}, rotation ${app.hand.rotation}°`
    + (app.hand.mirror ? ", mirrored (wild card)" : "");
  $("#mirror").disabled = !piece.mirror_differs;
  const hints = currentHints();
  let text;
  if (!hints) text = "Looking for legal squares...";
  else if (hints.reason && !hints.count) text = `No legal square: ${hints.reason}.`;
  else {
    const here = hints.orientations[sheet.shapeKey(app.hand.rotation, app.hand.mirror)];
    const good = here ? here.good.length : 0;
    const fair = here ? here.fair.length : 0;
    const dead = here && here.dead ? here.dead.length : 0;
    text = good + fair + dead
      ? `Legal squares for this turn: ${good} good (green), ${fair} that cut something off or leave no door (yellow), ${dead} dead ends (grey: the room could never reach every piece through one door).`
      : app.hand.mirror && hints.mirror_reason ? `No legal square: ${hints.mirror_reason}.`
      : `No legal square for this turn: ${words.touch ? "press Turn" : "press r"} to turn it.`;
  }
  $("#hand-hints").textContent = text;
  $("#best").disabled = !(hints && hints.best);
}

function currentHints() {
  const hints = app.evaluation && app.evaluation.hints;
  if (!app.hand || !hints || hints.piece !== app.hand.piece || hints.room !== app.activeRoom) return null;
  return hints;
}

function drawHints() {
  const hints = currentHints();
  const here = hints && hints.orientations[sheet.shapeKey(app.hand.rotation, app.hand.mirror)];
  app.plan.hints(here ? here.good : [], here ? here.fair : [], here && here.dead ? here.dead : []);
  drawGhost();
}

function verdict(at) {
  const hints = currentHints();
  const here = hints && hints.orientations[sheet.shapeKey(app.hand.rotation, app.hand.mirror)];
  if (here && here.good.includes(at)) return "good";
  if (here && here.fair.includes(at)) return "fair";
  if (here && here.dead && here.dead.includes(at)) return "dead";
  return "bad";
}

function drawGhost() {
  if (app.hand) {
    const at = app.pendingTap || app.hover
      || (document.activeElement === app.plan.svg ? app.geo.name(...app.cursor) : null);
    app.plan.ghost(app.project, app.hand, at, at ? verdict(at) : "bad");
    if (at) $("#hint").textContent = hintText(at);
    app.handHint = !!at;
  } else if (!app.down || !app.down.paint) {
    app.plan.clearGhost();
  }
  if (!app.hand && app.handHint) {  // the piece is placed or put back: its hint goes
    $("#hint").textContent = "";
    app.handHint = false;
  }
}

function hintText(at) {
  const piece = app.project.pieces[app.hand.piece];
  const kind = verdict(at);
  const hints = currentHints();
  const here = hints && hints.orientations[sheet.shapeKey(app.hand.rotation, app.hand.mirror)];
  const reach = here && here.reach && here.reach[at] ? ` (${here.reach[at]})` : "";
  const what = kind === "good" ? `legal${reach}` : kind === "fair" ? `legal, but it cuts something off or leaves the room no door${reach}`
    : kind === "dead" ? `legal, but a dead end: ${here.reasons[at]}`
    : "breaks a rule (it can be drawn all the same; the problems will say which)";
  const how = app.pendingTap ? "Tap again to place it." : "";
  return `${piece.name} at ${at}: ${what}. ${how}`;
}

// ------------------------------------------------------------------ actions

function take(id) {
  const piece = app.project.pieces[id];
  if (!piece) return;
  if (app.hand && app.hand.piece === id) return;
  app.hand = { piece: id, rotation: 0, mirror: false };
  app.pendingTap = null;  // a square tapped for the piece before shows, not places, this one
  setTool(null, false);
  status(words.touch
    // two lines at 320 px (with "the Turn button turns it", beside that button, three)
    ? `${piece.name} in hand: tap a square to see it there, tap it again to place it.`
    : `${piece.name} in hand: click a square to place it (its top-left corner, circulation included). r turns it, m mirrors it.`);
  drawHand();
  drawHints();
  drawSheet();
  check();
}

function drop() {
  app.hand = null;
  app.pendingTap = null;
  drawHand();
  drawHints();
  drawSheet();
}

function turn() {
  if (!app.hand) return;
  app.hand.rotation = ROTATIONS[(ROTATIONS.indexOf(app.hand.rotation) + 1) % 4];
  drawHand();
  drawHints();
}

function mirror() {
  if (!app.hand) return;
  const piece = app.project.pieces[app.hand.piece];
  if (!piece.mirror_differs) {
    status(`${piece.name} looks the same mirrored.`);
    return;
  }
  app.hand.mirror = !app.hand.mirror;
  if (app.hand.mirror) status("Mirrored: placing it spends the wild card (once per game).");
  drawHand();
  drawHints();
}

function best() {
  const hints = currentHints();
  if (!hints || !hints.best) return;
  app.hand.rotation = hints.best.rotation;
  app.hand.mirror = hints.best.mirror;
  app.cursor = app.geo.at(hints.best.at);
  showSquare(...app.cursor);
  app.plan.svg.focus();
  drawHand();
  drawHints();
  // as 'place' says first when no placement is alive
  const dead = hints.alive === false ? ", though every legal spot is a dead end (the hint below the plan says why)" : "";
  status(`Best spot: ${hints.best.at}, rotation ${hints.best.rotation}${dead}. ${words.touch ? "Tap it twice" : "Press Enter or click it"} to place.`);
}

function placeAt(at) {
  const { hand } = app;
  const piece = app.project.pieces[hand.piece];
  const shape = piece.shapes[sheet.shapeKey(hand.rotation, hand.mirror)];
  const [x, y] = app.geo.at(at);
  if (!sheet.fitsOnSheet(app.geo, shape, x, y)) {
    status(`${piece.name} does not fit on the sheet at ${at}: it is ${shape.width} x ${shape.height} squares.`, true);
    return;
  }
  const kind = verdict(at);
  const next = sheet.place(state(), hand.piece, at, hand.rotation, hand.mirror);
  const note = kind === "bad" ? " It breaks a rule: see the problems (Undo takes it back)." : "";
  // the piece is drawn: the hand is empty again (a piece is never judged against itself)
  app.hand = null;
  app.hover = null;
  drawHand();
  commit(next, `Placed ${piece.name} at ${at}.${note} ${words.next}`);
}

function eraseAt(at) {
  const index = sheet.pieceAt(app.geo, state(), at);
  if (index < 0) {
    status(`Nothing to erase at ${at}.`);
    return;
  }
  const entry = state().pieces[index];
  const name = app.project.pieces[entry.piece]?.name || entry.piece;
  commit(sheet.erase(state(), index), `Erased ${name} at ${entry.at}.`);
}

function paintRect(x0, y0, x1, y1, add) {
  const cells = [];
  for (let y = Math.min(y0, y1); y <= Math.max(y0, y1); y++) {
    for (let x = Math.min(x0, x1); x <= Math.max(x0, x1); x++) {
      if (app.geo.inHouse(x, y)) cells.push(app.geo.name(x, y));
    }
  }
  if (!cells.length) {
    status("Rooms are inside the house: those squares are outside.", true);
    return;
  }
  const room = app.activeRoom;
  commit(sheet.paint(state(), app.project, room, cells, add),
    `${add ? "Added" : "Removed"} ${cells.length} square${cells.length === 1 ? "" : "s"} ${add ? "to" : "from"} ${room}.`);
}

function inActiveRoom(name) {
  const room = sheet.roomEntry(state(), app.activeRoom);
  return !!(room && room.cells && room.cells.includes(name));
}

// Which side of a square an edge tool means: sides that make sense for the tool first
// (the room's wall for a door, the house's wall for the front door and windows), then
// the side nearest to the pointer.
function edgeFor(cx, cy, fx, fy) {
  const { geo } = app;
  const name = geo.name(cx, cy);
  const distance = { n: fy, s: 1 - fy, w: fx, e: 1 - fx };
  const sides = Object.keys(sheet.SIDES).sort((a, b) => distance[a] - distance[b]);
  const room = new Set(sheet.roomEntry(state(), app.activeRoom)?.cells || []);
  const fits = (side) => {
    const [nx, ny] = geo.neighbour(name, side);
    const other = geo.inSheet(nx, ny) ? geo.name(nx, ny) : null;
    if (app.tool === "door") return room.has(name) !== room.has(other);
    return geo.inHouse(cx, cy) !== geo.inHouse(nx, ny);
  };
  const side = sides.find(fits) || sides[0];
  return named([name, side]);
}

// An edge named from the square inside (the room's for a door, the house's otherwise).
function named(edge) {
  const { geo } = app;
  const [nx, ny] = geo.neighbour(edge[0], edge[1]);
  if (!geo.inSheet(nx, ny)) return edge;
  const other = geo.name(nx, ny);
  const inside = app.tool === "door"
    ? (sheet.roomEntry(state(), app.activeRoom)?.cells || []).includes(other)
      && !(sheet.roomEntry(state(), app.activeRoom)?.cells || []).includes(edge[0])
    : geo.inHouse(nx, ny) && !geo.inHouse(...geo.at(edge[0]));
  return inside ? [other, sheet.OPPOSITE[edge[1]]] : edge;
}

function useEdge(edge) {
  const current = state();
  const where = `${edge[0]}/${edge[1]}`;
  if (app.tool === "door") {
    const room = app.activeRoom;
    const before = edges(sheet.roomEntry(current, room)?.door).length;
    const next = sheet.setDoor(app.geo, current, app.project, room, edge);
    const after = edges(sheet.roomEntry(next, room)?.door).length;
    commit(next, after < before ? `Removed the door of ${room}.` : `Door of ${room} at ${where}.`);
  } else if (app.tool === "front-door") {
    const next = sheet.setFrontDoor(app.geo, current, edge);
    commit(next, next.front_door ? `Front door at ${where}.` : "Removed the front door.");
  } else if (app.tool === "window") {
    const next = sheet.toggleWindow(app.geo, current, edge);
    const more = (next.windows || []).length > (current.windows || []).length;
    commit(next, more ? `Window at ${where}.` : `Removed the window at ${where}.`);
  }
}

// Use the piece in hand or the tool on a square (from a click, a tap or Enter).
function act(cx, cy, fx = 0.5, fy = 0.5) {
  if (!app.geo.inSheet(cx, cy)) return;
  const at = app.geo.name(cx, cy);
  app.cursor = [cx, cy];
  if (app.hand) placeAt(at);
  else if (app.tool === "room") paintRect(cx, cy, cx, cy, !inActiveRoom(at));
  else if (app.tool === "erase") eraseAt(at);
  else if (app.tool) useEdge(edgeFor(cx, cy, fx, fy));
  else {
    const index = sheet.pieceAt(app.geo, state(), at);
    if (index >= 0) {
      const entry = state().pieces[index];
      status(`${app.project.pieces[entry.piece]?.name || entry.piece} at ${entry.at}. Take a piece or a tool to draw.`);
    } else {
      status(`${at}. Take a piece from the cards, or a tool, to draw.`);
    }
    drawCursor();
  }
}

function setTool(tool, redraw = true) {
  app.tool = app.tool === tool ? null : tool;
  if (app.tool) app.hand = null;
  for (const button of document.querySelectorAll("[data-tool]")) {
    button.setAttribute("aria-pressed", String(button.dataset.tool === app.tool));
  }
  const help = {
    room: `Paint ${app.activeRoom}'s squares: ${words.click} a square, or drag a rectangle (from a square of the room: removes).`,
    door: `${words.Click} the side of a square on ${app.activeRoom}'s wall for its door (${words.click} it again to remove it).`,
    "front-door": `${words.Click} a side of a square on the house's wall for the front door.`,
    window: `${words.Click} a side of a square on the house's wall for a window (again to remove it).`,
    erase: `${words.Click} a piece to erase it.`,
  };
  if (app.tool) status(help[app.tool]);
  if (redraw) {
    drawHand();
    drawHints();
    drawSheet();
  }
}

async function save(force = false) {
  status("Saving...");
  const index = app.at;
  pending(1);
  const { status: code, data } = await call("api/save", { state: state(), force });
  pending(-1);
  if (code === 200) {
    app.savedAt = index;
    $("#file").classList.toggle("dirty", app.at !== app.savedAt);
    status(`Saved to ${data.saved}.`);
  } else if (code === 409 && !force) {
    if (window.confirm(`${data.error}.\n\nOverwrite it?`)) save(true);
    else status(`Not saved: ${data.error}.`, true);
  } else {
    const why = (data.errors || []).map((e) => e.text).join("; ");
    status(`Not saved: ${data.error || code}${why ? `: ${why}` : ""}`, true);
  }
}

async function downloadPng() {
  status("Drawing the plan...");
  const answer = await call("api/render", { state: state() }, "blob");
  if (!answer.blob) {
    status(`No picture: ${answer.data.error || answer.status}`, true);
    return;
  }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(answer.blob);
  link.download = app.session.name.replace(/\.json$/i, "") + ".png";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  status(`Downloaded ${link.download}.`);
}

function goToNextRoom() {
  const current = state();
  const next = sheet.nextRoom(current, app.project);
  app.activeRoom = next || app.activeRoom;
  if (app.hand) drop();
  commit(sheet.goToRoom(current, app.project, next),
    next ? `Now furnishing ${next}.` : "Every room is walled: the game is finished.");
  fitView();
}

// ------------------------------------------------------------------ input

function onPlanDown(e) {
  setTouch(e.pointerType !== "mouse");
  if (pinching(e)) return;
  if (e.button !== 0 && e.pointerType === "mouse") return;
  const p = app.plan.point(e);
  if (!p || !app.geo.inSheet(p.cx, p.cy)) return;
  app.plan.svg.setPointerCapture?.(e.pointerId);
  app.down = { x: e.clientX, y: e.clientY, cx: p.cx, cy: p.cy, type: e.pointerType, moved: false,
    paint: app.tool === "room" ? { add: !inActiveRoom(app.geo.name(p.cx, p.cy)) } : null };
}

function onPlanMove(e) {
  if (pinching(e)) return;
  const p = app.plan.point(e);
  const inside = p && app.geo.inSheet(p.cx, p.cy);
  if (app.down && Math.hypot(e.clientX - app.down.x, e.clientY - app.down.y) > 8) app.down.moved = true;
  if (app.down && app.down.paint) {
    if (inside) app.plan.ghostRect(app.down.cx, app.down.cy, p.cx, p.cy, app.down.paint.add);
    return;
  }
  const hover = inside ? app.geo.name(p.cx, p.cy) : null;
  if (app.hand) {
    if (hover !== app.hover && (e.pointerType === "mouse" || (app.down && app.down.moved))) {
      app.hover = hover;
      if (app.down && app.down.moved) app.pendingTap = null;
      drawGhost();
    }
  } else if (app.tool && ["door", "front-door", "window"].includes(app.tool) && inside) {
    const edge = edgeFor(p.cx, p.cy, p.x - p.cx, p.y - p.cy);
    app.plan.ghostEdge(edge, app.tool === "front-door" ? "#f28c28" : app.tool === "window" ? "#3d85c6" : "#a0522d");
    $("#hint").textContent = `${app.tool.replace("-", " ")} at ${edge[0]}/${edge[1]}`;
  } else if (!app.hand) {
    // the reasons of the scan's doubts about the square under the pointer
    const doubt = hover ? doubtsAt(hover) : "";
    if (doubt || app.doubtHint) $("#hint").textContent = doubt;
    app.doubtHint = !!doubt;
  }
}

function onPlanUp(e) {
  if (pinching(e)) return;
  const down = app.down;
  app.down = null;
  if (!down) return;
  const p = app.plan.point(e);
  const inside = p && app.geo.inSheet(p.cx, p.cy);
  // a tap on the whole house goes back to a window there, whatever the tool; a drag
  // with Room paints (a room taller than the window is painted on the whole house)
  if (inside && app.wholeHouse && !$("#view").hidden && !down.moved) {
    app.plan.clearGhost();
    app.wholeHouse = false;
    app.cursor = [p.cx, p.cy];
    fitView([p.cx, p.cy]);
    drawCursor();
    status(`Closer view around ${app.geo.name(p.cx, p.cy)}.`);
    showPlan();
    return;
  }
  if (down.paint) {
    app.plan.clearGhost();
    if (inside) paintRect(down.cx, down.cy, p.cx, p.cy, down.paint.add);
    return;
  }
  if (!inside) return;
  const at = app.geo.name(p.cx, p.cy);
  if (app.hand && down.type !== "mouse" && !down.moved) {
    // touch: the first tap shows where the piece would go, the second places it
    if (app.pendingTap !== at) {
      app.pendingTap = at;
      app.cursor = [p.cx, p.cy];
      drawGhost();
      return;
    }
  }
  act(p.cx, p.cy, p.x - p.cx, p.y - p.cy);
}

function onPlanLeave() {
  app.hover = null;
  if (app.hand) drawGhost();
  else if (!app.down) app.plan.clearGhost();
}

// A piece dragged from the cards onto the plan is placed where it is let go.
function onWindowMove(e) {
  if (!app.drag) return;
  if (!app.drag.moving && Math.hypot(e.clientX - app.drag.x, e.clientY - app.drag.y) > 10) {
    app.drag.moving = true;
    take(app.drag.piece);
  }
  if (app.drag.moving) {
    const p = app.plan.point(e);
    app.hover = p && app.geo.inSheet(p.cx, p.cy) ? app.geo.name(p.cx, p.cy) : null;
    drawGhost();
  }
}

function onWindowUp(e) {
  const drag = app.drag;
  app.drag = null;
  if (!drag || !drag.moving || !app.hand) return;
  const p = app.plan.point(e);
  if (p && app.geo.inSheet(p.cx, p.cy)) act(p.cx, p.cy);
}

const ARROWS = { ArrowUp: [0, -1, "n"], ArrowDown: [0, 1, "s"], ArrowLeft: [-1, 0, "w"], ArrowRight: [1, 0, "e"] };

function onPlanKey(e) {
  const arrow = ARROWS[e.key];
  if (arrow && e.shiftKey && ["door", "front-door", "window"].includes(app.tool)) {
    e.preventDefault();
    useEdge(named([app.geo.name(...app.cursor), arrow[2]]));
    return;
  }
  if (arrow) {
    e.preventDefault();
    const [x, y] = app.cursor;
    app.cursor = [Math.min(app.geo.width - 1, Math.max(0, x + arrow[0])),
      Math.min(app.geo.height - 1, Math.max(0, y + arrow[1]))];
    app.hover = null;
    app.pendingTap = null;
    drawCursor();
    showSquare(...app.cursor);
    drawGhost();
    if (!app.hand) {
      const name = app.geo.name(...app.cursor);
      const doubt = doubtsAt(name);
      $("#hint").textContent = doubt ? `${name}: ${doubt}` : name;
    }
  } else if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    act(...app.cursor);
  } else if (e.key === "Delete" || e.key === "Backspace") {
    e.preventDefault();
    eraseAt(app.geo.name(...app.cursor));
  }
}

function onKey(e) {
  const typing = ["INPUT", "TEXTAREA", "SELECT"].includes(e.target.tagName);
  const ctrl = e.ctrlKey || e.metaKey;
  if (ctrl && (e.key === "s" || e.key === "S")) {
    e.preventDefault();
    if (!$("#editor").hidden) save();
    return;
  }
  if (typing || $("#editor").hidden || app.final) return;
  if (ctrl && (e.key === "z" || e.key === "Z")) {
    e.preventDefault();
    if (e.shiftKey) redo(); else undo();
    return;
  }
  if (ctrl && (e.key === "y" || e.key === "Y")) {
    e.preventDefault();
    redo();
    return;
  }
  if (ctrl || e.altKey) return;
  if (e.key === "r" || e.key === "R") turn();
  else if (e.key === "m" || e.key === "M") mirror();
  else if (e.key === "Escape") {
    if (app.hand) drop();
    else if (app.tool) setTool(app.tool);
  } else if (/^[1-9]$/.test(e.key) && !$("#editor").classList.contains("finished")) {
    const buttons = document.querySelectorAll("#palette button.piece");
    const button = buttons[Number(e.key) - 1];
    if (button) {
      take(button.dataset.piece);
      if (document.activeElement !== app.plan.svg) app.plan.svg.focus();
    }
  }
}

// ------------------------------------------------------------------ start

function openSheet(opening) {
  app.session = opening;
  app.project = opening.project;
  app.geo = new sheet.Geometry(app.project);
  app.plan = new Plan($("#plan"), app.geo);
  app.history = [opening.state];
  app.at = 0;
  app.paletteRoom = null;
  app.window = null;
  app.drawn = null;
  app.shownScore = null;
  app.shownProblems = null;
  app.shownDoubts = null;
  app.roomOptions = null;
  app.viewed = false;
  app.planShown = false;
  app.savedAt = opening.new ? -2 : 0;
  app.activeRoom = opening.state.current_room || app.project.rooms[0]?.name || null;
  const first = app.project.house[0] && app.geo.at(app.project.house[0]);
  app.cursor = first || [0, 0];
  $("#project-name").textContent = app.project.name;
  $("#bar h1").title = $("#bar h1").textContent;  // the whole title, where it is cut
  $("#file").textContent = opening.file;
  $("#broken").hidden = true;
  $("#editor").hidden = false;
  document.title = `${opening.name} · Home Staging editor`;
  changed();
  fitView();
  const doubts = sheet.doubts(opening.state).length;
  status(opening.new ? `New sheet for ${app.project.name}: nothing is written until you save.`
    : `Opened ${opening.file}.` + (doubts ? ` ${doubts} point${doubts === 1 ? "" : "s"} from the `
      + "photo to check (in violet; see \"From the photo\")." : ""));
  app.plan.svg.focus();
  if (app.final) window.dispatchEvent(new CustomEvent("homestaging:ended"));  // came first
  window.dispatchEvent(new CustomEvent("homestaging:opened", { detail: { name: opening.name } }));
}

function showBroken(opening, errors) {
  $("#file").textContent = opening.file;
  $("#editor").hidden = true;
  $("#broken").hidden = false;
  const list = $("#load-errors");
  list.replaceChildren();
  for (const error of errors) {
    const li = document.createElement("li");
    li.textContent = error.text;
    list.appendChild(li);
  }
  if (opening.text !== null && $("#sheet-text").value === "") $("#sheet-text").value = opening.text;
  status(`${opening.file} cannot be read: ${errors.length} problem${errors.length === 1 ? "" : "s"}. Nothing was written.`, true);
}

async function retry() {
  const { status: code, data } = await call("api/parse", { text: $("#sheet-text").value });
  if (code !== 200) {
    status(data.error || `failed (${code})`, true);
    return;
  }
  if (data.errors.length) {
    showBroken(app.session, data.errors);
    return;
  }
  openSheet({ ...app.session, state: data.state, project: data.project, new: true });
  status("The text reads: save to write it to the file.");
}

function wire() {
  wordButtons();
  document.addEventListener("pointerdown", (e) => setTouch(e.pointerType !== "mouse"), true);
  $("#undo").addEventListener("click", undo);
  $("#redo").addEventListener("click", redo);
  $("#save").addEventListener("click", () => save());
  $("#png").addEventListener("click", downloadPng);
  $("#retry").addEventListener("click", retry);
  $("#turn").addEventListener("click", turn);
  $("#mirror").addEventListener("click", mirror);
  $("#best").addEventListener("click", best);
  $("#drop").addEventListener("click", drop);
  $("#next-room").addEventListener("click", goToNextRoom);
  $("#view").addEventListener("click", toggleWholeHouse);
  for (const cut of [$("#bar h1"), $("#status")]) {  // cut with "…" on a phone on its side
    cut.addEventListener("click", () => cut.classList.toggle("whole"));
  }
  $("#summary").addEventListener("click", () => $("#report").scrollIntoView({ block: "start" }));
  window.addEventListener("resize", () => { fitDock(); fitView(); });
  // the dock grows with a piece in hand, the header with a status of two lines: the
  // window keeps its place with the whole rows that fit between them
  const resized = new ResizeObserver(() => {
    fitDock();
    if (isDocked() && app.window && !app.pinch) fitView(null, app.window);
    else if ((isDocked() || isSideways()) && app.wholeHouse && !app.pinch) fitView();
  });
  resized.observe($("#controls"));
  resized.observe($("#bar"));  // the status line wraps
  resized.observe(document.body);  // a table's card flipped, in a band above the editor
  $("#room-select").addEventListener("change", (e) => {
    app.activeRoom = e.target.value;
    if (app.hand) drop();
    drawRooms();
    drawPalette();
    drawSheet();
    fitView();
    if (app.hand) check();
  });
  $("#player").addEventListener("change", (e) => {
    const player = e.target.value.trim();
    if (player !== (state().player || "")) commit(sheet.setPlayer(state(), player), "Player's name set.");
  });
  for (const button of document.querySelectorAll("[data-tool]")) {
    button.setAttribute("aria-pressed", "false");
    button.addEventListener("click", () => setTool(button.dataset.tool));
  }
  const svg = $("#plan");
  svg.addEventListener("pointerdown", onPlanDown);
  svg.addEventListener("pointermove", onPlanMove);
  svg.addEventListener("pointerup", onPlanUp);
  svg.addEventListener("pointercancel", (e) => {
    pinching(e);
    app.down = null;
    app.plan?.clearGhost();
  });
  svg.addEventListener("pointerleave", onPlanLeave);
  svg.addEventListener("keydown", onPlanKey);
  svg.addEventListener("focus", () => { if (app.plan) drawGhost(); });
  window.addEventListener("pointermove", onWindowMove);
  window.addEventListener("pointerup", onWindowUp);
  window.addEventListener("pointercancel", () => { app.drag = null; });
  document.addEventListener("keydown", onKey);
  window.addEventListener("beforeunload", (e) => {
    if (app.plan && app.at !== app.savedAt) e.preventDefault();
  });
}

async function start() {
  pending(0);
  wire();
  const { status: code, data } = await call("api/session");
  if (code !== 200) {
    const fatal = $("#fatal");
    fatal.hidden = false;
    fatal.textContent = code === 403
      ? "This link is stale or incomplete: open the URL that 'homestaging edit' printed (it carries a secret token that changes each time the editor starts)."
      : `The editor cannot start: ${data.error || code}.`;
    status(fatal.textContent, true);
    return;
  }
  if (!data.readable) {
    app.session = data;
    showBroken(data, data.errors);
    return;
  }
  openSheet(data);
}

start();
