// The table's additions to the editor page: the card just flipped (data-card,
// data-variant), kept current by the table's event stream; a flip sends the editor its
// new palette ("homestaging:project").
const token = new URLSearchParams(location.search).get("token") || "";
let flipped = -1;  // the cards flipped when the page's palette was fetched (-1: opening)

function banner() {
  let node = document.querySelector("#flipped");
  if (!node) {
    node = document.createElement("p");
    node.id = "flipped";
    node.setAttribute("role", "status");
    node.setAttribute("aria-live", "polite");
    document.querySelector("#bar").after(node);
  }
  return node;
}

// A palette that could not be fetched (the network or the server away) is asked again.
async function newPalette(count) {
  let project;
  try {
    const response = await fetch("api/palette", { headers: { "X-Homestaging-Token": token } });
    if (!response.ok) return;
    project = await response.json();
  } catch (error) {
    setTimeout(() => { if (flipped !== count) newPalette(count); }, 2000);
    return;
  }
  flipped = count;
  window.dispatchEvent(new CustomEvent("homestaging:project", { detail: project }));
}

// The ended game's ranking, under the banner: this player's line marked "(you)".
let ranking = [];
function showRanking() {
  let list = document.querySelector("#table-ranking");
  if (!ranking.length) {
    list?.parentNode.remove();
    return;
  }
  if (!list) {
    const region = document.createElement("section");  // a landmark of its own
    region.setAttribute("aria-label", "The ranking");
    list = document.createElement("ol");
    list.id = "table-ranking";
    region.appendChild(list);
    banner().after(region);
  }
  const me = document.querySelector("#player").value;
  list.replaceChildren(...ranking.map((standing) => {
    const item = document.createElement("li");
    item.dataset.player = standing.name;
    item.textContent = `${standing.place}. ${standing.name}${standing.name === me ? " (you)" : ""}: ${standing.total}`;
    if (standing.name === me) item.setAttribute("aria-current", "true");
    return item;
  }));
}

function show(view) {
  const node = banner();
  if (view.card) {
    node.dataset.card = String(view.card.number);
    node.dataset.variant = view.card.variant;
    const options = view.card.options.map((o) => o.name).join(" or ");
    node.textContent = `${view.card.room}: card ${view.card.number}${view.card.variant} · ${options}`;
  } else {
    delete node.dataset.card;
    delete node.dataset.variant;
    node.textContent = "Waiting for the host to flip the first card.";
  }
  if (view.ended) {
    node.textContent = "The game has ended: your sheet is final.";
    window.dispatchEvent(new CustomEvent("homestaging:ended"));
  }
  ranking = view.ranking || [];
  showRanking();
  document.body.dataset.ended = view.ended ? "1" : "0";
  if (flipped === -1) flipped = view.flipped;
  else if (flipped !== view.flipped) newPalette(view.flipped);
}

// the name is the one given when joining: the table keeps it
document.querySelector("#player").readOnly = true;

// This browser keeps the link to the sheet (it holds the player's secret), so that the
// join page leads back to it after the page was closed.
function remember(name) {
  const key = `homestaging-table:${location.pathname.split("/")[2]}`;
  try {
    const links = JSON.parse(localStorage.getItem(key) || "{}");
    links[name] = location.pathname + location.search;
    localStorage.setItem(key, JSON.stringify(links));
  } catch (error) {
    // no storage (a private window): the link in the address bar is the only way back
  }
}
window.addEventListener("homestaging:opened", (e) => {
  remember(e.detail.name);
  showRanking();  // the ranking may have come first: now this player's line is known
});

const events = new EventSource(`api/events?token=${encodeURIComponent(token)}`);
events.onmessage = (e) => show(JSON.parse(e.data));
// the stream reopens by itself once the server is back: the page then sends its sheet
let lost = false;
events.onerror = () => { lost = true; };
events.onopen = () => {
  if (lost) window.dispatchEvent(new CustomEvent("homestaging:reconnected"));
  lost = false;
};
