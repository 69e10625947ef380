// Drawing the plan in SVG: the house as on the printed sheet, rooms, pieces, doors and
// windows, problems ringed, placement hints and the piece in hand.

import { SIDES, isWalled, shapeOf, squaresOf } from "./sheet.js";

const NS = "http://www.w3.org/2000/svg";
const HALLWAY = "#dcf2d6";
const GREY = "#c8c8c8";

export function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

function squaresPath(cells) {
  return cells.map(([x, y]) => `M${x} ${y}h1v1h-1z`).join("");
}

// The outline of a set of squares: every side not shared with another of them.
function outlinePath(cells) {
  const own = new Set(cells.map(([x, y]) => `${x},${y}`));
  let d = "";
  for (const [x, y] of cells) {
    if (!own.has(`${x},${y - 1}`)) d += `M${x} ${y}h1`;
    if (!own.has(`${x},${y + 1}`)) d += `M${x} ${y + 1}h1`;
    if (!own.has(`${x - 1},${y}`)) d += `M${x} ${y}v1`;
    if (!own.has(`${x + 1},${y}`)) d += `M${x + 1} ${y}v1`;
  }
  return d;
}

function darker(hex, amount = 0.55) {
  const n = parseInt(hex.slice(1), 16);
  const part = (shift) => Math.round(((n >> shift) & 255) * amount);
  return `rgb(${part(16)},${part(8)},${part(0)})`;
}

// A small drawing of a piece's shape (furniture squares, circulation dots).
export function drawShape(svg, shape, color) {
  svg.replaceChildren();
  const size = Math.max(shape.width, shape.height, 1);
  svg.setAttribute("viewBox", `-0.1 -0.1 ${size + 0.2} ${size + 0.2}`);
  const g = el("g", { transform: `translate(${(size - shape.width) / 2} ${(size - shape.height) / 2})` }, svg);
  el("path", { d: squaresPath(shape.furniture), fill: color, stroke: darker(color), "stroke-width": 0.06 }, g);
  for (const [x, y] of shape.circulation) {
    el("rect", { x: x + 0.08, y: y + 0.08, width: 0.84, height: 0.84, fill: "none", stroke: "#999",
      "stroke-width": 0.05, "stroke-dasharray": "0.12 0.08" }, g);
    el("circle", { cx: x + 0.5, cy: y + 0.5, r: 0.12, fill: "#888" }, g);
  }
}

export class Plan {
  constructor(svg, geo) {
    this.svg = svg;
    this.geo = geo;
    const { width, height } = geo;
    svg.replaceChildren();
    svg.setAttribute("viewBox", `-1 -1 ${width + 2} ${height + 2}`);
    const defs = el("defs", {}, svg);
    const hatch = el("pattern", { id: "hatch", width: 0.25, height: 0.25, patternUnits: "userSpaceOnUse",
      patternTransform: "rotate(45)" }, defs);
    el("rect", { width: 0.25, height: 0.25, fill: geo.project.obstacle_color }, hatch);
    el("line", { x1: 0, y1: 0, x2: 0, y2: 0.25, stroke: "#555", "stroke-width": 0.06 }, hatch);
    const rug = el("pattern", { id: "rug", width: 0.3, height: 0.3, patternUnits: "userSpaceOnUse" }, defs);
    el("rect", { width: 0.3, height: 0.3, fill: "#efe3c8" }, rug);
    el("circle", { cx: 0.15, cy: 0.15, r: 0.05, fill: "#c9a86a" }, rug);
    // not by colour alone: a legal square that cuts something off is striped, a piece
    // shown where it breaks a rule is cross-hatched
    const fair = el("pattern", { id: "fair", width: 0.2, height: 0.2, patternUnits: "userSpaceOnUse",
      patternTransform: "rotate(45)" }, defs);
    el("rect", { width: 0.2, height: 0.2, fill: "rgba(224, 166, 0, 0.28)" }, fair);
    el("line", { x1: 0, y1: 0, x2: 0, y2: 0.2, stroke: "rgba(150, 100, 0, 0.7)", "stroke-width": 0.05 }, fair);
    const bad = el("pattern", { id: "bad", width: 0.25, height: 0.25, patternUnits: "userSpaceOnUse" }, defs);
    el("path", { d: "M0 0L0.25 0.25M0.25 0L0 0.25", stroke: "#d62728", "stroke-width": 0.05 }, bad);
    this.layers = {};
    for (const name of ["base", "rooms", "pieces", "walls", "openings", "labels", "cells", "hints",
      "doubts", "rings", "ghost", "cursor", "edges"]) {
      this.layers[name] = el("g", { class: name === "cells" ? "" : "layer", id: `layer-${name}` }, svg);
    }
    this.drawBase();
    this.drawCells();
  }

  drawBase() {
    const { geo } = this;
    const g = this.layers.base;
    const project = geo.project;
    el("rect", { x: 0, y: 0, width: geo.width, height: geo.height, fill: "#f4f1ea" }, g);
    for (const feature of project.features) {
      const cells = feature.cells.map((n) => geo.at(n));
      if (feature.tree) {
        for (const [x, y] of cells) {
          el("circle", { cx: x + 0.5, cy: y + 0.45, r: 0.34, fill: "#7cbf5a", stroke: "#38761d",
            "stroke-width": 0.05, class: "feature", "data-feature": feature.kind }, g);
        }
      } else {
        el("path", { d: squaresPath(cells), fill: feature.fill, class: "feature",
          "data-feature": feature.kind }, g);
        el("path", { d: outlinePath(cells), fill: "none", stroke: feature.stroke, "stroke-width": 0.05 }, g);
      }
      if (!feature.tree) {
        const xs = cells.map((c) => c[0]);
        const ys = cells.map((c) => c[1]);
        const label = el("text", { x: (Math.min(...xs) + Math.max(...xs) + 1) / 2,
          y: (Math.min(...ys) + Math.max(...ys) + 1) / 2, class: "feature-label" }, g);
        label.textContent = feature.label;
      }
    }
    const house = [...geo.house].map((n) => geo.at(n));
    el("path", { d: squaresPath(house), fill: "#fff" }, g);
    this.hallway = el("path", { d: "", fill: HALLWAY, class: "hallway" }, g);
    const obstacles = [...geo.obstacles].map((n) => geo.at(n));
    el("path", { d: squaresPath(obstacles), fill: "url(#hatch)", stroke: "#555", "stroke-width": 0.04,
      class: "obstacle" }, g);
    for (let x = 0; x < geo.width; x++) {
      for (const y of [-0.5, geo.height + 0.5]) {
        el("text", { x: x + 0.5, y, class: "label" }, g).textContent = geo.columns[x];
      }
    }
    for (let y = 0; y < geo.height; y++) {
      for (const x of [-0.5, geo.width + 0.5]) {
        el("text", { x, y: y + 0.5, class: "label" }, g).textContent = String(y + 1);
      }
    }
  }

  // The squares to point at, each named for a screen reader (its room and pieces are
  // added by label()).
  drawCells() {
    const { geo } = this;
    const g = this.layers.cells;
    this.cells = new Map();
    for (let y = 0; y < geo.height; y++) {
      for (let x = 0; x < geo.width; x++) {
        const name = geo.name(x, y);
        this.cells.set(name, el("rect", { x, y, width: 1, height: 1, class: "cell", "data-cell": name,
          id: `cell-${name}`, role: "img", "aria-label": name }, g));
      }
    }
  }

  // Each square's spoken name: "K10, Kitchen, Stove", "A1, outside the house".
  label(state, project) {
    const { geo } = this;
    const said = new Map();
    const add = (name, text) => { if (said.has(name)) said.get(name).push(text); };
    for (const name of this.cells.keys()) {
      said.set(name, [name]);
      if (geo.obstacles.has(name)) add(name, "obstacle");
      else if (!geo.house.has(name)) add(name, "outside the house");
    }
    for (const room of state.rooms || []) for (const name of room.cells || []) add(name, room.name);
    for (const entry of state.pieces || []) {
      const info = project.pieces[entry.piece];
      const { furniture, circulation } = squaresOf(geo, entry);
      for (const [x, y] of furniture) if (geo.inSheet(x, y)) add(geo.name(x, y), info ? info.name : entry.piece);
      for (const [x, y] of circulation) {
        if (geo.inSheet(x, y)) add(geo.name(x, y), `circulation of ${info ? info.name : entry.piece}`);
      }
    }
    for (const [name, rect] of this.cells) {
      const text = said.get(name).join(", ");
      if (rect.getAttribute("aria-label") !== text) rect.setAttribute("aria-label", text);
    }
  }

  // Show the sheet from (x, y), columns wide and rows high (in squares).
  view(x, y, columns, rows) {
    this.svg.setAttribute("viewBox", `${x} ${y} ${columns} ${rows}`);
    this.drawEdgeNames(x, y, columns, rows);
  }

  // A window whose top or left edge hides the sheet's own square names shows them along
  // that edge, on a band over the squares there (which still take a tap); the bands stay
  // off the sheet's own names on the other edges, which the window may show.
  drawEdgeNames(x, y, columns, rows) {
    const { geo } = this;
    const g = this.layers.edges;
    g.replaceChildren();
    const band = 0.5;
    const top = y > -0.5;
    const left = x > -0.5;
    const [from, to] = [Math.max(x, 0), Math.min(x + columns, geo.width)];
    if (top) {
      el("rect", { x: from, y, width: Math.max(to - from, 0), height: band, class: "edge-band" }, g);
      for (let c = Math.max(0, Math.floor(x)); c < Math.min(geo.width, Math.ceil(x + columns)); c++) {
        el("text", { x: c + 0.5, y: y + band / 2, class: "label" }, g).textContent = geo.columns[c];
      }
    }
    if (left) {
      const [high, low] = [top ? y + band : Math.max(y, 0), Math.min(y + rows, geo.height)];
      el("rect", { x, y: high, width: band, height: Math.max(low - high, 0), class: "edge-band" }, g);
      const first = Math.max(0, top ? Math.ceil(y + 0.2) : Math.floor(y));  // clear of the top band
      for (let r = first; r < Math.min(geo.height, Math.ceil(y + rows)); r++) {
        el("text", { x: x + band / 2, y: r + 0.5, class: "label" }, g).textContent = String(r + 1);
      }
    }
  }

  // Sheet coordinates (fractions of squares) of a pointer event.
  point(event) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return null;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return { x: p.x, y: p.y, cx: Math.floor(p.x), cy: Math.floor(p.y) };
  }

  // Everything that depends on the sheet: rooms, pieces, walls, doors, windows. A layer
  // is drawn again only when what it shows changed, and a piece only when it moved or
  // changed colour: a placement adds one piece's drawing to the plan, not the plan.
  draw(state, project, roomOfPiece, activeRoom) {
    const colors = Object.fromEntries(project.rooms.map((r) => [r.name, r.color]));
    const rooms = state.rooms || [];
    const drawn = this.drawnKeys || (this.drawnKeys = {});
    const changed = (layer, key) => {
      if (drawn[layer] === key) return false;
      drawn[layer] = key;
      return true;
    };
    const roomsKey = JSON.stringify(rooms.map((r) => [r.name, r.cells || []]));
    if (changed("rooms", `${roomsKey}|${activeRoom}`)) this.drawRooms(rooms, project, colors, activeRoom);
    const taken = this.drawPieces(state, project, colors, roomOfPiece, activeRoom);
    const doorsKey = JSON.stringify([rooms.map((r) => r.door || null), state.front_door || null]);
    if (changed("walls", `${roomsKey}|${doorsKey}`)) this.drawWalls(state, project);
    if (changed("openings", `${roomsKey}|${doorsKey}|${JSON.stringify(state.windows || [])}`)) {
      this.drawOpenings(state);
    }
    if (changed("labels", `${roomsKey}|${[...taken].sort().join(",")}`)) this.roomLabels(state, taken);
  }

  drawRooms(rooms, project, colors, activeRoom) {
    const { geo } = this;
    const layer = this.layers.rooms;
    layer.replaceChildren();
    const inRoom = new Map();
    for (const room of rooms) {
      for (const name of room.cells || []) inRoom.set(name, room.name);
    }
    // The hallway is what no room takes: known once every room is walled (as in the
    // rendered plan); before that the squares not walled yet stay neutral.
    const walled = new Set(rooms.filter((r) => (r.cells || []).length).map((r) => r.name));
    const known = project.rooms.every((r) => walled.has(r.name));
    const hallway = known
      ? [...geo.house].filter((n) => !inRoom.has(n) && !geo.obstacles.has(n)).map((n) => geo.at(n))
      : [];
    this.hallway.setAttribute("d", squaresPath(hallway));
    for (const room of rooms) {
      const cells = (room.cells || []).map((n) => geo.at(n)).filter(Boolean);
      if (!cells.length) continue;
      const color = colors[room.name] || GREY;
      el("path", { d: squaresPath(cells), fill: color, opacity: room.name === activeRoom ? 0.4 : 0.26,
        class: "room", "data-room": room.name }, layer);
    }
  }

  // The pieces, rugs first; each piece's drawing kept while its entry, its index and its
  // colour stay the same. Returns the squares the pieces take (furniture and circulation).
  drawPieces(state, project, colors, roomOfPiece, activeRoom) {
    const kept = this.pieceNodes || new Map();
    const made = new Map();
    const order = (state.pieces || []).map((entry, index) => ({ entry, index }));
    const isRug = (e) => !!(project.pieces[e.piece] && project.pieces[e.piece].rug);
    order.sort((a, b) => Number(isRug(b.entry)) - Number(isRug(a.entry)));
    const taken = new Set();
    const nodes = [];
    for (const { entry, index } of order) {
      const room = roomOfPiece.get(index) || activeRoom;
      const color = colors[room] || GREY;
      const key = JSON.stringify([index, entry.piece, entry.at, entry.rotation || 0, !!entry.mirror, color]);
      let drawing = kept.get(key) || made.get(key);
      if (!drawing) drawing = this.pieceDrawing(entry, index, project, color);
      made.set(key, drawing);
      for (const name of drawing.squares) taken.add(name);
      nodes.push(drawing.g);
    }
    this.pieceNodes = made;
    // the drawings already in place stay; from the first one that differs on, the rest
    const layer = this.layers.pieces;
    const present = [...layer.children];
    let same = 0;
    while (same < nodes.length && same < present.length && present[same] === nodes[same]) same++;
    for (const node of present.slice(same)) node.remove();
    layer.append(...nodes.slice(same));
    return taken;
  }

  pieceDrawing(entry, index, project, color) {
    const { geo } = this;
    const info = project.pieces[entry.piece];
    const { furniture, circulation } = squaresOf(geo, entry);
    const squares = [];
    for (const [x, y] of [...furniture, ...circulation]) {
      if (geo.inSheet(x, y)) squares.push(geo.name(x, y));
    }
    const g = el("g", { class: "piece", "data-index": index, "data-piece-id": entry.piece });
    el("title", {}, g).textContent = `${info ? info.name : entry.piece} (pieces[${index}]) at ${entry.at}`
      + (entry.rotation ? `, rotation ${entry.rotation}` : "") + (entry.mirror ? ", mirrored" : "");
    for (const [x, y] of circulation) {
      el("circle", { cx: x + 0.5, cy: y + 0.5, r: 0.09, fill: darker(color, 0.7), opacity: 0.7 }, g);
    }
    const rug = info && info.rug;
    el("path", { d: squaresPath(furniture), fill: rug ? "url(#rug)" : color, opacity: rug ? 0.9 : 1 }, g);
    el("path", { d: outlinePath(furniture), fill: "none", stroke: darker(color), "stroke-width": 0.05,
      "stroke-linecap": "square" }, g);
    if (furniture.length && info) this.pieceName(info.name, furniture, g);
    return { g, squares };
  }

  line(edge, attrs, parent) {
    const [x1, y1, x2, y2] = this.geo.segment(edge);
    return el("line", { x1, y1, x2, y2, ...attrs }, parent);
  }

  drawWalls(state, project) {
    const { geo } = this;
    const walls = this.layers.walls;
    walls.replaceChildren();
    const openings = new Set();
    for (const room of state.rooms || []) for (const door of edges(room.door)) openings.add(geo.edgeKey(door));
    for (const door of edges(state.front_door)) openings.add(geo.edgeKey(door));
    const wall = { stroke: "#222", "stroke-width": 0.13, "stroke-linecap": "square" };
    for (const edge of geo.exteriorEdges()) {
      if (!openings.has(geo.edgeKey(edge))) this.line(edge, wall, walls);
    }
    for (const edge of project.walls) this.line(edge, { ...wall, "stroke-width": 0.1 }, walls);
    for (const room of state.rooms || []) {
      const own = new Set(room.cells || []);
      for (const name of own) {
        const [x, y] = geo.at(name) || [];
        if (x === undefined) continue;
        for (const side of Object.keys(SIDES)) {
          const [dx, dy] = SIDES[side];
          const other = geo.inSheet(x + dx, y + dy) ? geo.name(x + dx, y + dy) : null;
          if (other && own.has(other)) continue;
          if (openings.has(geo.edgeKey([name, side]))) continue;
          this.line([name, side], { ...wall, "stroke-width": 0.1, class: "room-wall" }, walls);
        }
      }
    }
  }

  drawOpenings(state) {
    const { geo } = this;
    const g = this.layers.openings;
    g.replaceChildren();
    for (const room of state.rooms || []) {
      const own = new Set(room.cells || []);
      for (const door of edges(room.door)) {
        if (!geo.at(door[0])) continue;
        this.door(door, own.has(door[0]), "#8b4513", { class: "door", "data-room": room.name }, g);
      }
    }
    for (const door of edges(state.front_door)) {
      if (!geo.at(door[0])) continue;
      this.door(door, geo.house.has(door[0]), "#e07000", { class: "front-door" }, g);
    }
    for (const window of state.windows || []) {
      if (!geo.at(window[0])) continue;
      this.line(window, { stroke: "#3d85c6", "stroke-width": 0.17, class: "window" }, g);
      this.line(window, { stroke: "#fff", "stroke-width": 0.06 }, g);
    }
  }

  // A piece's name on its longest straight run of furniture squares, so that it stays
  // off the circulation dots and the squares around (shortened when it does not fit).
  pieceName(name, furniture, g) {
    const xs = furniture.map((c) => c[0]);
    const ys = furniture.map((c) => c[1]);
    const w = Math.max(...xs) - Math.min(...xs) + 1;
    const h = Math.max(...ys) - Math.min(...ys) + 1;
    // a rectangle of furniture: across all of it; any other shape: along its longest run
    const run = furniture.length === w * h
      ? { x: Math.min(...xs), y: Math.min(...ys), length: Math.max(w, h), vertical: h > w && h >= 2,
        across: h > w ? w : h }
      : { ...longestRun(furniture), across: 1 };
    const long = run.length;
    let size = Math.min(0.34, (long - 0.15) / (0.56 * name.length));
    let text = name;
    if (size < 0.2) {
      size = 0.2;
      const chars = Math.max(1, Math.floor((long - 0.15) / (0.56 * size)) - 1);
      text = long < 2 ? name[0] : `${name.slice(0, chars)}.`;
    }
    const [cx, cy] = run.vertical ? [run.x + run.across / 2, run.y + long / 2]
      : [run.x + long / 2, run.y + run.across / 2];
    const label = el("text", { x: cx, y: cy, class: "piece-name", "font-size": size }, g);
    if (run.vertical) label.setAttribute("transform", `rotate(-90 ${cx} ${cy})`);
    label.textContent = text;
  }

  // A door: a gap in the wall (paper white, wider than the wall) with the door leaf and
  // its swing drawn into the room (or the house), from the edge's first end.
  door(edge, inward, color, attrs, g) {
    const [x1, y1, x2, y2] = this.geo.segment(edge);
    const [dx, dy] = SIDES[edge[1]].map((d) => (inward ? -d : d) * 0.86);
    const leaf = [x1 + dx, y1 + dy];
    const shut = [x1 + (x2 - x1) * 0.86, y1 + (y2 - y1) * 0.86];
    const cross = (leaf[0] - x1) * (shut[1] - y1) - (leaf[1] - y1) * (shut[0] - x1);
    const mark = el("g", attrs, g);
    el("line", { x1, y1, x2, y2, stroke: "#fff", "stroke-width": 0.2, "stroke-linecap": "butt" }, mark);
    el("path", { d: `M${x1} ${y1}L${leaf[0]} ${leaf[1]}A0.86 0.86 0 0 ${cross > 0 ? 1 : 0} ${shut[0]} ${shut[1]}`,
      fill: "none", stroke: color, "stroke-width": 0.06, "stroke-linejoin": "round" }, mark);
    for (const [x, y] of [[x1, y1], [x2, y2]]) {
      el("circle", { cx: x, cy: y, r: 0.07, fill: "#222" }, mark);  // the door jambs
    }
  }

  // Each walled room's name on its longest row of free squares (no piece there).
  roomLabels(state, taken) {
    const { geo } = this;
    const g = this.layers.labels;
    g.replaceChildren();
    for (const room of state.rooms || []) {
      const own = new Set(room.cells || []);
      let best = null;
      for (const name of own) {
        const [x, y] = geo.at(name) || [];
        if (x === undefined || taken.has(name)) continue;
        if (x > 0 && own.has(geo.name(x - 1, y)) && !taken.has(geo.name(x - 1, y))) continue;
        let run = 1;
        while (x + run < geo.width && own.has(geo.name(x + run, y)) && !taken.has(geo.name(x + run, y))) run++;
        if (!best || run > best.run || (run === best.run && y < best.y)) best = { x, y, run };
      }
      if (!best) continue;
      const size = Math.min(0.5, (best.run - 0.2) / (0.6 * room.name.length));
      if (size < 0.22) continue;
      el("text", { x: best.x + best.run / 2, y: best.y + 0.5, class: "room-name", "font-size": size },
        g).textContent = room.name;
    }
  }

  // Problems ringed: red for errors, orange for warnings.
  rings(problems, flash = null) {
    const g = this.layers.rings;
    g.replaceChildren();
    const worst = new Map();
    for (const p of problems) {
      if (p.severity === "todo") continue;
      for (const name of p.cells) {
        if (!this.geo.at(name)) continue;
        if (worst.get(name) !== "error") worst.set(name, p.severity);
      }
    }
    for (const [name, severity] of worst) {
      const [x, y] = this.geo.at(name);
      el("rect", { x: x + 0.07, y: y + 0.07, width: 0.86, height: 0.86, rx: 0.2,
        class: `ring ${severity}`, "data-ring": name }, g);
    }
    for (const name of flash || []) {
      const at = this.geo.at(name);
      if (at) el("rect", { x: at[0] + 0.02, y: at[1] + 0.02, width: 0.96, height: 0.96, rx: 0.2, class: "ring flash" }, g);
    }
  }

  // The scan's doubts: a violet square, or a violet line along the side in doubt.
  doubts(list) {
    const g = this.layers.doubts;
    g.replaceChildren();
    for (const doubt of list) {
      const at = this.geo.at(doubt.square);
      if (!at) continue;
      const [x, y] = at;
      let mark;
      if (doubt.side) {
        // along the side, a little inside the square: what is drawn on the side shows
        const [x1, y1, x2, y2] = this.geo.segment([doubt.square, doubt.side]);
        const [ix, iy] = SIDES[doubt.side].map((d) => -0.13 * d);
        mark = el("line", { x1: x1 + ix, y1: y1 + iy, x2: x2 + ix, y2: y2 + iy, class: "doubt side",
          "data-side": doubt.side }, g);
      } else {
        mark = el("rect", { x: x + 0.04, y: y + 0.04, width: 0.92, height: 0.92, rx: 0.1,
          class: "doubt" }, g);
      }
      mark.setAttribute("data-doubt", doubt.square);
      el("title", {}, mark).textContent = doubtText(doubt);
      // a "?" in the square's corner, or in its middle beside a side in doubt
      const [dx, dy] = doubt.side ? [0, 0] : [0.32, -0.28];
      el("text", { x: x + 0.5 + dx, y: y + 0.5 + dy, class: "doubt-mark" }, g).textContent = "?";
    }
  }

  hints(good, fair, dead = []) {
    const g = this.layers.hints;
    g.replaceChildren();
    for (const [names, kind] of [[good, "good"], [fair, "fair"], [dead, "dead"]]) {
      for (const name of names) {
        const at = this.geo.at(name);
        if (!at) continue;
        el("rect", { x: at[0] + 0.12, y: at[1] + 0.12, width: 0.76, height: 0.76, rx: 0.15,
          class: `hint ${kind}`, "data-hint": name }, g);
        if (kind === "good") {  // a tick: a good square is not told by its green alone
          el("path", { d: `M${at[0] + 0.32} ${at[1] + 0.52}l0.14 0.14l0.24 -0.3`, class: "hint-mark" }, g);
        }
      }
    }
  }

  // The piece in hand drawn see-through at an anchor: blue when legal, red when not.
  ghost(project, hand, at, verdict) {
    const g = this.layers.ghost;
    g.replaceChildren();
    if (!hand || !at) return;
    const entry = { piece: hand.piece, at, rotation: hand.rotation, mirror: hand.mirror };
    const shape = shapeOf(project, entry);
    if (!shape) return;
    const { furniture, circulation } = squaresOf(this.geo, entry);
    const color = { good: "#1f77b4", fair: "#d4a000", dead: "#6e6e6e", bad: "#d62728" }[verdict];
    el("path", { d: squaresPath(furniture), fill: color, opacity: 0.45, class: `ghost ${verdict}` }, g);
    if (verdict === "bad") el("path", { d: squaresPath(furniture), fill: "url(#bad)", opacity: 0.8 }, g);
    el("path", { d: outlinePath(furniture), stroke: color, "stroke-width": 0.06, fill: "none",
      "stroke-dasharray": verdict === "bad" ? "0.15 0.08" : "none" }, g);
    for (const [x, y] of circulation) {
      el("rect", { x: x + 0.1, y: y + 0.1, width: 0.8, height: 0.8, fill: "none", stroke: color,
        "stroke-width": 0.05, "stroke-dasharray": "0.12 0.08" }, g);
    }
    const [ax, ay] = this.geo.at(at);
    el("rect", { x: ax, y: ay, width: 1, height: 1, fill: "none", stroke: color, "stroke-width": 0.05 }, g);
  }

  ghostEdge(edge, color) {
    const g = this.layers.ghost;
    g.replaceChildren();
    if (!edge) return;
    const [x1, y1, x2, y2] = this.geo.segment(edge);
    el("line", { x1, y1, x2, y2, stroke: color, "stroke-width": 0.22, opacity: 0.6, "stroke-linecap": "round" }, g);
  }

  ghostRect(x0, y0, x1, y1, add) {
    const g = this.layers.ghost;
    g.replaceChildren();
    const [left, right] = [Math.min(x0, x1), Math.max(x0, x1)];
    const [top, bottom] = [Math.min(y0, y1), Math.max(y0, y1)];
    el("rect", { x: left, y: top, width: right - left + 1, height: bottom - top + 1,
      fill: add ? "rgba(31,111,180,0.18)" : "rgba(214,39,40,0.15)", stroke: add ? "#1f6fb4" : "#d62728",
      "stroke-width": 0.06, "stroke-dasharray": "0.2 0.1" }, g);
  }

  clearGhost() { this.layers.ghost.replaceChildren(); }

  cursor(x, y) {
    const g = this.layers.cursor;
    g.replaceChildren();
    el("rect", { x: x + 0.04, y: y + 0.04, width: 0.92, height: 0.92, class: "cursor" }, g);
  }
}

// The longest straight run of squares (a row, else a column on a tie lost):
// {x, y, length, vertical}.
function longestRun(cells) {
  const own = new Set(cells.map(([x, y]) => `${x},${y}`));
  let best = null;
  for (const [x, y] of cells) {
    for (const vertical of [false, true]) {
      const [dx, dy] = vertical ? [0, 1] : [1, 0];
      if (own.has(`${x - dx},${y - dy}`)) continue;
      let length = 1;
      while (own.has(`${x + dx * length},${y + dy * length}`)) length++;
      const better = !best || length > best.length
        || (length === best.length && !vertical && best.vertical)
        || (length === best.length && vertical === best.vertical && (y < best.y || (y === best.y && x < best.x)));
      if (better) best = { x, y, length, vertical };
    }
  }
  return best;
}

// "F3/e · wall: a faint or broken wall line (0.27)"
export function doubtText(doubt) {
  const where = doubt.side ? `${doubt.square}/${doubt.side}` : doubt.square;
  return `${where} · ${doubt.what ? `${doubt.what}: ` : ""}${doubt.reason}`;
}

export function edges(value) {
  if (!value) return [];
  return typeof value[0] === "string" ? [value] : value;
}

export { isWalled };
