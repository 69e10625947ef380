// The join page: show why the last name was refused (as text, never as markup).
const problem = new URLSearchParams(location.search).get("problem");
if (problem) {
  const node = document.querySelector("#problem");
  node.textContent = problem;
  node.hidden = false;
}
