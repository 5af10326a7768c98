// The page: the lobby at /, a game at /table/<id>. One WebSocket to the server (connection.js).

import { Connection } from "./connection.js";
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";

const scheme = location.protocol === "https:" ? "wss" : "ws";
const conn = new Connection(`${scheme}://${location.host}/ws`);
const main = document.getElementById("main");

async function route() {
  const m = location.pathname.match(/^\/table\/([A-Za-z0-9_-]+)$/);
  conn.reset();
  try {
    if (m) await showTable(main, conn, m[1]);
    else await showLobby(main, conn);
  } catch (e) {
    main.textContent = `error: ${e.message || e}`;
  }
}

window.addEventListener("popstate", route);
document.addEventListener("click", (e) => {
  const a = e.target.closest("a[href^='/table/']");
  if (a && !e.ctrlKey && !e.metaKey) {
    e.preventDefault();
    history.pushState({}, "", a.getAttribute("href"));
    route();
  }
});
route();
