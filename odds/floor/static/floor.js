// odds track: the page. Every tap sends one line of entry ("K", "Kh", "burn 7", "undo") to the
// tracker, which applies it, writes it to its database and answers with the table as JSON; the
// page shows that answer. Lines go one at a time, in the order tapped. What the tracker sends is
// shown as text only (textContent), never as HTML.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const state = { table: null, view: null, floor: null, suit: null, burn: false, queue: Promise.resolve() };
  // milliseconds from each tap to the page showing the tracker's answer (the benchmark reads them)
  window.oddsTimings = [];

  async function api(method, path, data) {
    const options = { method, headers: {}, credentials: "same-origin" };
    if (data !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(data);
    }
    let response;
    try {
      response = await fetch(path, options);
    } catch (e) {
      throw new Error("the tracker does not answer: is it still running?");
    }
    let body = null;
    try {
      body = await response.json();
    } catch (e) {
      body = null;
    }
    if (!response.ok || body === null) {
      throw new Error((body && body.error) || `the tracker answered ${response.status}`);
    }
    return body;
  }

  function message(text) {
    $("message").textContent = text || "";
  }

  // one line of entry; `done(ok)` runs after the answer is shown
  function send(text, started, done) {
    state.queue = state.queue.then(async () => {
      if (state.table === null) {
        message("open a table first (+ table)");
        return;
      }
      let ok = false;
      try {
        show(await api("POST", `/api/tables/${state.table}/entry`, { text }));
        message("");
        ok = true;
      } catch (e) {
        message(e.message);
      }
      if (done) done(ok);
      if (started !== undefined) {
        requestAnimationFrame(() => {
          window.oddsTimings.push(performance.now() - started);
          document.body.dataset.answered = String(window.oddsTimings.length);
        });
      }
    });
    return state.queue;
  }

  function percent(x) {
    return (x >= 0 ? "+" : "") + (x * 100).toFixed(4) + "%";
  }

  function element(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  function show(view) {
    state.view = view;
    state.table = view.id;
    document.body.dataset.table = String(view.id);
    document.body.dataset.version = String(view.version);
    $("next-round").textContent = String(view.next_round);
    $("cards-left").textContent = view.cards_left.toLocaleString("en");
    $("count-box").hidden = view.tags === null;
    $("true-count").textContent =
      view.true_count_float === null ? "n/a" : (view.true_count_float >= 0 ? "+" : "") + view.true_count_float.toFixed(1);
    $("suits").hidden = !view.reads_suits;
    $("suits-box").hidden = !view.reads_suits;
    $("suits-state").textContent = view.suits_known ? "suits known" : "suits unknown: suit bets left out";
    $("pending").textContent = view.pending.length ? view.pending.join(" ") : "-";
    $("burns").textContent = view.burns.length ? `  (burned face up: ${view.burns.join(" ")})` : "";
    $("history").textContent = view.history;
    $("left").replaceChildren(...view.ranks_left.map((count, i) => {
      const cell = element("span", null, "rank-left");
      cell.append(element("b", "A23456789TJQK"[i]), element("span", String(count)));
      return cell;
    }));
    showRound(view.rounds.length ? view.rounds[view.rounds.length - 1] : null);
    showBets(view.bets);
    const good = view.bets.filter((b) => b.positive);
    $("positive").textContent = good.length
      ? "Positive: " + good.map((b) => `${b.name} ${percent(b.expected_value_float)}${b.open ? "" : " (closed)"}`).join(", ")
      : "No bet positive";
    $("positive").classList.toggle("some", good.some((b) => b.open));
    const select = $("table-select");
    if (select.value !== String(view.id)) select.value = String(view.id);
    if (location.hash !== `#table=${view.id}`) history.replaceState(null, "", `#table=${view.id}`);
    fitPad();
  }

  function showRound(round) {
    $("last-round").hidden = round === null;
    if (round === null) return;
    const hands = round.hands.map((h) => `${h.hand} ${h.cards.join(" ")}${h.total === null ? "" : " = " + h.total}`);
    $("last-result").textContent = `Round ${round.number}: ${hands.join("; ")}${round.result ? ": " + round.result : ""}`;
    const drawing = $("last-drawing");
    drawing.replaceChildren(...round.drawing.map((line) => element("li", line)));
    const won = round.bets.filter((b) => b.net !== "0" && !b.net.startsWith("-")).map((b) => `${b.id} ${b.net}`);
    $("last-won").textContent = "Won: " + (won.length ? won.join(", ") : "nothing");
  }

  function showBets(bets) {
    const rows = bets.map((bet) => {
      const row = element("tr");
      row.dataset.bet = bet.id;
      row.dataset.ev = bet.expected_value === null ? "" : bet.expected_value;
      row.classList.toggle("positive", bet.positive);
      row.classList.toggle("closed", !bet.open);
      row.classList.toggle("unpriced", bet.expected_value === null);
      const name = element("td", bet.name, "name");
      name.appendChild(element("small", bet.id));
      const ev = element("td", bet.expected_value === null ? bet.note : percent(bet.expected_value_float), "ev");
      if (bet.expected_value !== null) ev.title = bet.expected_value;
      const windowText = bet.window === null ? "always" : bet.open ? `open (to ${bet.window})` : `closed after ${bet.window}`;
      row.append(name, ev, element("td", windowText, "win"));
      return row;
    });
    $("bets-body").replaceChildren(...rows);
  }

  function fitPad() {
    document.querySelector("main").style.paddingBottom = `${$("pad").offsetHeight + 12}px`;
  }

  // -- the keypad ---------------------------------------------------------------------------------
  function tapRank(rank) {
    const started = performance.now();
    let text = rank + (state.suit || "");
    if (state.burn) text = "burn " + text;
    setSuit(null);
    setBurn(false);
    send(text, started);
  }

  function setSuit(suit) {
    state.suit = suit;
    for (const button of document.querySelectorAll("#suits .suit")) {
      button.setAttribute("aria-pressed", String(button.dataset.suit === suit));
    }
  }

  function setBurn(on) {
    state.burn = on;
    $("burn").setAttribute("aria-pressed", String(on));
  }

  for (const button of document.querySelectorAll("#ranks .rank")) {
    button.addEventListener("click", () => tapRank(button.dataset.rank));
  }
  for (const button of document.querySelectorAll("#suits .suit")) {
    button.addEventListener("click", () => setSuit(state.suit === button.dataset.suit ? null : button.dataset.suit));
  }
  $("burn").addEventListener("click", () => setBurn(!state.burn));
  $("undo").addEventListener("click", () => send("undo", performance.now()));
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("typed-text");
    const text = input.value.trim();
    if (!text) return;
    send(text, performance.now(), (ok) => {
      if (ok) input.value = "";
    });
  });
  $("new-shoe").addEventListener("click", () => {
    if (confirm("Start a new shoe? (Undo takes it back.)")) send("shoe", performance.now());
  });
  $("close-table").addEventListener("click", async () => {
    if (state.table === null || !confirm("Close this table for good? Its shoe leaves the database.")) return;
    try {
      showFloor(await api("POST", `/api/tables/${state.table}/close`, {}));
      state.table = null;
      await openFirst();
    } catch (e) {
      message(e.message);
    }
  });
  // a keyboard, where there is one: ranks as typed, Backspace undoes
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.toUpperCase();
    if ("A23456789TJQK".includes(key) && key.length === 1) {
      event.preventDefault();
      tapRank(key);
    } else if (key === "0") {
      event.preventDefault();
      tapRank("T");
    } else if (event.key === "Backspace") {
      event.preventDefault();
      send("undo", performance.now());
    }
  });

  // -- tables ---------------------------------------------------------------------------------------
  function showFloor(floor) {
    state.floor = floor;
    const select = $("table-select");
    select.replaceChildren(...floor.tables.map((t) => {
      const option = element("option", t.title);
      option.value = String(t.id);
      return option;
    }));
    if (!floor.tables.length) select.appendChild(element("option", "no table open: + table"));
    if (floor.skipped.length) message("Not opened: " + floor.skipped.join("; "));
    const games = $("new-game");
    if (!games.options.length) {
      games.replaceChildren(...floor.games.map((g) => {
        const option = element("option", g.name);
        option.value = g.id;
        return option;
      }));
      fillPaytables();
    }
  }

  function fillPaytables() {
    const game = state.floor.games.find((g) => g.id === $("new-game").value);
    if (!game) return;
    $("new-paytable").replaceChildren(...game.paytables.map((p) => {
      const option = element("option", p);
      option.value = p;
      return option;
    }));
    $("new-decks").value = String(game.default_decks);
  }

  async function openTable(id) {
    try {
      show(await api("GET", `/api/tables/${id}`));
      message("");
    } catch (e) {
      message(e.message);
    }
  }

  async function openFirst() {
    const wanted = /^#table=(\d+)$/.exec(location.hash);
    const ids = state.floor.tables.map((t) => t.id);
    const id = wanted && ids.includes(Number(wanted[1])) ? Number(wanted[1]) : ids[0];
    if (id === undefined) {
      $("new-table").hidden = false;
      return;
    }
    await openTable(id);
  }

  function numbers(text) {
    return text.split(/[\s,]+/).filter((x) => x !== "").map((x) => (/^[+-]?\d+$/.test(x) ? Number(x) : x));
  }

  $("table-select").addEventListener("change", (event) => openTable(event.target.value));
  $("new-table-button").addEventListener("click", () => {
    $("new-table").hidden = !$("new-table").hidden;
    fitPad();
  });
  $("new-table-cancel").addEventListener("click", () => {
    $("new-table").hidden = true;
  });
  $("new-game").addEventListener("change", fillPaytables);
  $("new-table-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = { game: $("new-game").value, paytable: $("new-paytable").value };
    const ranks = $("new-ranks").value.trim();
    if (ranks) data.ranks = numbers(ranks);
    else data.decks = numbers($("new-decks").value)[0];
    const tags = $("new-tags").value.trim();
    if (tags) data.tags = tags;
    try {
      const view = await api("POST", "/api/tables", data);
      showFloor(await api("GET", "/api/floor"));
      show(view);
      $("new-table").hidden = true;
      message("");
    } catch (e) {
      message(e.message);
    }
  });

  window.addEventListener("resize", fitPad);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden && state.table !== null) openTable(state.table);
  });

  (async () => {
    try {
      showFloor(await api("GET", "/api/floor"));
      await openFirst();
    } catch (e) {
      message(e.message);
    }
    document.body.dataset.ready = "true";
  })();
})();
