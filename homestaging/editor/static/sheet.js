// The sheet as the page holds it (the "pieces" form of the sheet format, each room's
// squares listed one by one) and the edits a player makes to it. No rule is decided
// here: the server checks every state the page sends.

export const SIDES = { n: [0, -1], e: [1, 0], s: [0, 1], w: [-1, 0] };
export const OPPOSITE = { n: "s", e: "w", s: "n", w: "e" };

// Square names and coordinates of one project's sheet (names come from the server).
export class Geometry {
  constructor(project) {
    this.project = project;
    this.width = project.width;
    this.height = project.height;
    this.columns = project.columns;
    this.coords = new Map();
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) this.coords.set(this.name(x, y), [x, y]);
    }
    this.house = new Set(project.house);
    this.obstacles = new Set(project.obstacles);
  }
  name(x, y) { return this.columns[x] + (y + 1); }
  at(name) { return this.coords.get(name) || null; }
  inSheet(x, y) { return x >= 0 && y >= 0 && x < this.width && y < this.height; }
  inHouse(x, y) { return this.inSheet(x, y) && this.house.has(this.name(x, y)); }
  neighbour(name, side) {
    const [x, y] = this.at(name);
    const [dx, dy] = SIDES[side];
    return [x + dx, y + dy];
  }
  // The same edge for both of its names: ["C5","s"] and ["C6","n"] give one key.
  edgeKey(edge) {
    const [x, y] = this.at(edge[0]) || [NaN, NaN];
    const side = edge[1];
    if (side === "s") return `${x},${y + 1},n`;
    if (side === "e") return `${x + 1},${y},w`;
    return `${x},${y},${side}`;
  }
  // End points of an edge in sheet units.
  segment(edge) {
    const [x, y] = this.at(edge[0]);
    switch (edge[1]) {
      case "n": return [x, y, x + 1, y];
      case "s": return [x, y + 1, x + 1, y + 1];
      case "w": return [x, y, x, y + 1];
      default: return [x + 1, y, x + 1, y + 1];
    }
  }
  // Every edge between a house square and a square outside the house.
  exteriorEdges() {
    const found = [];
    for (const name of this.house) {
      for (const side of Object.keys(SIDES)) {
        const [nx, ny] = this.neighbour(name, side);
        if (!this.inHouse(nx, ny)) found.push([name, side]);
      }
    }
    return found;
  }
  isExterior(edge) {
    const [x, y] = this.at(edge[0]);
    const [nx, ny] = this.neighbour(edge[0], edge[1]);
    return this.inHouse(x, y) !== this.inHouse(nx, ny);
  }
}

export function shapeKey(rotation, mirror) { return `${rotation}${mirror ? "m" : ""}`; }

export function shapeOf(project, entry) {
  const piece = project.pieces[entry.piece];
  return piece ? piece.shapes[shapeKey(entry.rotation || 0, !!entry.mirror)] : null;
}

// The furniture and circulation squares of a piece entry, as [x, y] pairs.
export function squaresOf(geo, entry) {
  const shape = shapeOf(geo.project, entry);
  const anchor = geo.at(entry.at);
  if (!shape || !anchor) return { furniture: [], circulation: [] };
  const move = ([dx, dy]) => [anchor[0] + dx, anchor[1] + dy];
  return { furniture: shape.furniture.map(move), circulation: shape.circulation.map(move) };
}

export function fitsOnSheet(geo, shape, x, y) {
  return x >= 0 && y >= 0 && x + shape.width <= geo.width && y + shape.height <= geo.height;
}

const copy = (state) => structuredClone(state);

export function roomEntry(state, name) {
  return (state.rooms || []).find((room) => room.name === name) || null;
}

export function isWalled(state, name) {
  const room = roomEntry(state, name);
  return !!(room && room.cells && room.cells.length);
}

// The state with room `name` listed (in the project's play order when it was missing).
function withRoom(state, project, name) {
  state.rooms = state.rooms || [];
  let room = roomEntry(state, name);
  if (room) return room;
  room = { name };
  const order = project.rooms.map((r) => r.name);
  const rank = order.indexOf(name);
  const later = state.rooms.findIndex((r) => order.indexOf(r.name) > rank);
  if (later < 0) state.rooms.push(room); else state.rooms.splice(later, 0, room);
  return room;
}

export function place(state, pieceId, at, rotation, mirror) {
  const next = copy(state);
  next.pieces = next.pieces || [];
  const entry = { piece: pieceId, at, rotation };
  if (mirror) entry.mirror = true;
  next.pieces.push(entry);
  if (mirror && !next.wild_card) next.wild_card = { piece: next.pieces.length - 1, effect: "mirror" };
  return next;
}

// The index of the piece on a square: the last drawn whose furniture covers it, else
// the last drawn whose circulation does; -1 when none.
export function pieceAt(geo, state, name) {
  const pieces = state.pieces || [];
  const [x, y] = geo.at(name);
  const on = (cells) => cells.some(([cx, cy]) => cx === x && cy === y);
  for (const layer of ["furniture", "circulation"]) {
    for (let i = pieces.length - 1; i >= 0; i--) {
      if (on(squaresOf(geo, pieces[i])[layer])) return i;
    }
  }
  return -1;
}

export function erase(state, index) {
  const next = copy(state);
  next.pieces.splice(index, 1);
  const wild = next.wild_card;
  if (wild && typeof wild.piece === "number") {
    if (wild.piece === index) delete next.wild_card;
    else if (wild.piece > index) wild.piece -= 1;
  }
  if (!next.pieces.length) delete next.pieces;
  return next;
}

// Add (or remove) squares to room `name`; a square taken from another room leaves it.
export function paint(state, project, name, cells, add) {
  const next = copy(state);
  const room = withRoom(next, project, name);
  const own = new Set(room.cells || []);
  for (const cell of cells) {
    if (add) {
      own.add(cell);
      for (const other of next.rooms) {
        if (other !== room && other.cells) other.cells = other.cells.filter((c) => c !== cell);
      }
    } else {
      own.delete(cell);
    }
  }
  for (const other of next.rooms) {
    if (other !== room && other.cells && !other.cells.length) delete other.cells;
  }
  if (own.size) room.cells = [...own]; else delete room.cells;
  return next;
}

function sameEdge(geo, a, b) { return !!a && !!b && geo.edgeKey(a) === geo.edgeKey(b); }

function edgeList(value) {
  if (!value) return [];
  return typeof value[0] === "string" ? [value] : value;
}

// A door (holder[key]): the edge becomes the door; the same edge again removes it.
function toggleDoor(geo, holder, key, edge) {
  const doors = edgeList(holder[key]);
  if (doors.length === 1 && sameEdge(geo, doors[0], edge)) delete holder[key];
  else holder[key] = edge;
}

// A room's door.
export function setDoor(geo, state, project, name, edge) {
  const next = copy(state);
  toggleDoor(geo, withRoom(next, project, name), "door", edge);
  return next;
}

export function setFrontDoor(geo, state, edge) {
  const next = copy(state);
  toggleDoor(geo, next, "front_door", edge);
  return next;
}

export function toggleWindow(geo, state, edge) {
  const next = copy(state);
  const windows = next.windows || [];
  const kept = windows.filter((w) => !sameEdge(geo, w, edge));
  if (kept.length === windows.length) kept.push(edge);
  if (kept.length) next.windows = kept; else delete next.windows;
  return next;
}

// The room after the one being furnished, in play order, not walled yet (null: none).
export function nextRoom(state, project) {
  const order = project.rooms.map((r) => r.name);
  const from = state.current_room ? order.indexOf(state.current_room) + 1 : 0;
  return order.slice(from).find((name) => !isWalled(state, name)) || null;
}

export function goToRoom(state, project, name) {
  const next = copy(state);
  if (name) {
    withRoom(next, project, name);
    next.current_room = name;
  } else {
    delete next.current_room;
  }
  return next;
}

export function setPlayer(state, player) {
  const next = copy(state);
  if (player) next.player = player; else delete next.player;
  return next;
}

// ------------------------------------------------------------------ the scan's doubts
// A sheet read from a photo ("homestaging scan") lists what the scanner was not sure of:
// "scan": {"photo", "uncertain": [{square, side?, what, reason}]}. An entry goes when the
// player confirms it, or changes what it is about; the key goes with the last entry.

export function doubts(state) {
  const list = state.scan && state.scan.uncertain;
  return Array.isArray(list) ? list : [];
}

function withDoubts(state, kept) {
  const next = copy(state);
  if (kept.length) next.scan.uncertain = kept; else delete next.scan;
  return next;
}

export function confirmDoubt(state, index) {
  return withDoubts(state, doubts(state).filter((_, i) => i !== index));
}

function roomOf(state, name) {
  const room = (state.rooms || []).find((r) => (r.cells || []).includes(name));
  return room ? room.name : "";
}

// The doors, front door and window on an edge.
function openingsOn(geo, state, edge) {
  const key = geo.edgeKey(edge);
  const found = [];
  for (const room of state.rooms || []) {
    if (edgeList(room.door).some((door) => geo.edgeKey(door) === key)) found.push(`door ${room.name}`);
  }
  if (edgeList(state.front_door).some((door) => geo.edgeKey(door) === key)) found.push("front door");
  if ((state.windows || []).some((window) => geo.edgeKey(window) === key)) found.push("window");
  return found.sort();
}

// What a doubt is about, as drawn in `state`: for a square, its room, the pieces on it and
// the openings on its sides; for a side, the rooms on both sides and its openings.
function lookOf(geo, state, doubt) {
  const at = geo.at(doubt.square);
  if (!at) return "";
  if (doubt.side) {
    const [nx, ny] = geo.neighbour(doubt.square, doubt.side);
    const other = geo.inSheet(nx, ny) ? roomOf(state, geo.name(nx, ny)) : "";
    return JSON.stringify([roomOf(state, doubt.square), other,
      openingsOn(geo, state, [doubt.square, doubt.side])]);
  }
  const [x, y] = at;
  const pieces = (state.pieces || []).filter((entry) => {
    const { furniture, circulation } = squaresOf(geo, entry);
    return [...furniture, ...circulation].some(([cx, cy]) => cx === x && cy === y);
  }).map((e) => `${e.piece} ${e.at} ${e.rotation || 0}${e.mirror ? " mirrored" : ""}`).sort();
  const sides = Object.keys(SIDES).map((side) => openingsOn(geo, state, [doubt.square, side]));
  return JSON.stringify([roomOf(state, doubt.square), pieces, sides]);
}

// `after` without the doubts about something the change from `before` touched.
export function settleDoubts(geo, before, after) {
  const list = doubts(after);
  const kept = list.filter((doubt) => lookOf(geo, before, doubt) === lookOf(geo, after, doubt));
  return kept.length === list.length ? after : withDoubts(after, kept);
}
