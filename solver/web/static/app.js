// The page: the lobby at /, a game at /table/<id>, the analysis board at /analyse. One WebSocket to the server
// (connection.js).

import { Connection } from "./connection.js";
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";
import { showAnalysis } from "./analysis.js";

const scheme = location.protocol === "https:" ? "wss" : "ws";
const conn = new Connection(`${scheme}://${location.host}/ws`);
const main = document.getElementById("main");

function addNavigation() {
  const header = document.querySelector("header.top");
  if (!header || document.getElementById("nav-analyse")) return;
  const link = document.createElement("a");
  link.href = "/analyse";
  link.id = "nav-analyse";
  link.className = "nav";
  link.textContent = "Analysis board";
  header.insertBefore(link, document.getElementById("connection"));
}

async function route() {
  const m = location.pathname.match(/^\/table\/([A-Za-z0-9_-]+)$/);
  conn.reset();
  try {
    if (m) await showTable(main, conn, m[1]);
    else if (location.pathname === "/analyse") await showAnalysis(main, conn);
    else await showLobby(main, conn);
  } catch (e) {
    main.textContent = `error: ${e.message || e}`;
  }
}

window.addEventListener("popstate", route);
document.addEventListener("click", (e) => {
  const a = e.target.closest("a[href^='/table/'], a[href^='/analyse']");
  if (a && !e.ctrlKey && !e.metaKey) {
    e.preventDefault();
    history.pushState({}, "", a.getAttribute("href"));
    route();
  }
});
addNavigation();
route();
