// The join page: show why the last name was refused (as text, never as markup), and the
// sheets this browser joined with at this table (kept by the player's page).
const problem = new URLSearchParams(location.search).get("problem");
if (problem) {
  const node = document.querySelector("#problem");
  node.textContent = problem;
  node.hidden = false;
}

let links = {};
try {
  links = JSON.parse(localStorage.getItem(`homestaging-table:${location.pathname.split("/")[2]}`) || "{}");
} catch (error) {
  links = {};
}
const list = document.querySelector("#back ul");
for (const [name, link] of Object.entries(links)) {
  if (typeof link !== "string" || !link.startsWith("/t/")) continue;
  const anchor = document.createElement("a");
  anchor.href = link;
  anchor.textContent = `Back to ${name}'s sheet`;
  const item = document.createElement("li");
  item.appendChild(anchor);
  list.appendChild(item);
}
document.querySelector("#back").hidden = list.children.length === 0;
