// The host's page: the join code, the cards, the players' scores (live), the ranking.
const $ = (selector) => document.querySelector(selector);
const token = new URLSearchParams(location.search).get("token") || "";
let shownRanking = false;

function status(text, bad = false) {
  $("#status").textContent = text;
  $("#status").classList.toggle("bad", bad);
}

function cardText(card) {
  return `${card.room}: card ${card.number}${card.variant}`;
}

function show(view) {
  $("#project").textContent = `· ${view.project} · table ${view.code}`;
  if ($("#join-qr").getAttribute("src") !== view.qr) $("#join-qr").setAttribute("src", view.qr);
  $("#join-url").textContent = view.join;
  $("#join-url").setAttribute("href", view.join);
  $("#count").textContent = `${view.flipped} of ${view.cards} flipped`;
  $("#current").textContent = view.current ? `Just flipped: ${cardText(view.current)}` : "No card flipped yet.";
  $("#next").textContent = view.next ? `Next: ${cardText(view.next)}` : "Every card is flipped.";
  $("#flip").disabled = view.ended || !view.next;
  $("#end").disabled = view.ended;
  const body = $("#players tbody");
  body.replaceChildren();
  for (const player of view.players) {
    const row = document.createElement("tr");
    row.dataset.player = player.name;
    row.dataset.total = String(player.total);
    row.dataset.problems = String(player.problems);
    for (const text of [player.name, String(player.total), String(player.problems)]) {
      const cell = document.createElement("td");
      cell.textContent = text;
      row.appendChild(cell);
    }
    body.appendChild(row);
  }
  $("#nobody").hidden = view.players.length > 0;
  $("#final").hidden = !view.ended;
  if (view.ended && !shownRanking) {
    shownRanking = true;
    const list = $("#ranking");
    list.replaceChildren();
    for (const standing of view.ranking) {
      const item = document.createElement("li");
      item.dataset.player = standing.name;
      item.dataset.total = String(standing.total);
      const points = Math.abs(standing.total) === 1 ? "point" : "points";
      item.textContent = `${standing.place}. ${standing.name}: ${standing.total} ${points}, `
        + `${standing.pieces} piece${standing.pieces === 1 ? "" : "s"}${standing.provisional ? " (provisional)" : ""}`;
      list.appendChild(item);
    }
    const sheets = $("#sheets");
    sheets.replaceChildren();
    for (const player of view.players) {
      const figure = document.createElement("figure");
      const image = document.createElement("img");
      image.alt = `The plan of ${player.name}`;
      image.src = `api/sheet/${player.id}.png?token=${encodeURIComponent(token)}`;
      const caption = document.createElement("figcaption");
      caption.textContent = player.name;
      figure.append(image, caption);
      sheets.appendChild(figure);
    }
    status("The game has ended.");
  }
}

async function call(path) {
  const response = await fetch(path, {
    method: "POST", body: "{}",
    headers: { "X-Homestaging-Token": token, "Content-Type": "application/json" },
  });
  let data = {};
  try { data = await response.json(); } catch (error) { data = { error: `answer ${response.status}` }; }
  if (!response.ok) {
    status(data.error || `refused (${response.status})`, true);
    return;
  }
  show(data);
}

function listen() {
  const events = new EventSource(`api/events?token=${encodeURIComponent(token)}`);
  events.onmessage = (e) => show(JSON.parse(e.data));
  events.onerror = () => status("Reconnecting to the table…", true);
  events.onopen = () => status("");
}

$("#flip").addEventListener("click", () => call("api/flip"));
$("#end").addEventListener("click", () => {
  if (window.confirm("End the game? The sheets become final.")) call("api/end");
});
listen();
