/* The outbox's other half: what only a phone with hands kept, refused or scored here
   needs. static/js/outbox.js loads it when first needed (a hand kept on this phone, one
   the server refused, a preview without signal), as it loads the scorer; the service
   worker keeps it in the app shell with every static file, so it loads offline too.

   It draws the hands kept here in their place on the board, "not sent yet", with their
   points and the provisional totals (renderBoard); the outbox's line at the top with a
   refused hand's choices (renderPanel: correct it, enter it as the next hand, discard
   it; a hand whose edit link no longer works cannot be corrected or entered here, so
   it offers its numbers to copy and discard instead); the form renumbered for the hand
   after the last one kept; the hand as the scoring package's entry; and the preview
   computed on this phone; and the confirmations kept here (the question under a hand
   kept without signal, its QR for the other side's phone, a "Confermiamo" tapped without
   signal). `core` is what outbox.js shares with it. */
(function () {
  "use strict";
  window.ScopaOutboxKept = function (core) {
    var T = core.T, say = core.say, el = core.el, scorer = core.scorer;
    var drafts = core.drafts, handForm = core.handForm, serverNumber = core.serverNumber;
    var pageRules = core.pageRules;
    var allItems = core.allItems, putItem = core.putItem, deleteItem = core.deleteItem;
    var render = core.render, flush = core.flush, pageGame = core.pageGame, pairs = core.pairs;
    var readNotice = core.readNotice, clearNotice = core.clearNotice, readJson = core.readJson;
    var loadScorer = core.loadScorer, renumber = core.renumber, newRequestId = core.newRequestId;
    var everything = core.everything, openBoard = core.openBoard;
    var askPersistence = core.askPersistence, scheduleRetry = core.scheduleRetry;

    function button(text, onClick, className) {
      var b = el("button", className || "btn", text);
      b.type = "button";
      b.addEventListener("click", onClick);
      return b;
    }


    /* This game's hands waiting (or sent but not yet on this page) after the server's
       hands, in number order; refused ones apart. */
    function inPlay(items, game, base) {
      return items.filter(function (i) {
        return i.game === game && i.state !== "refused" && (i.state === "waiting" || i.number >= base);
      }).sort(function (a, b) { return a.number - b.number || a.id - b.id; });
    }

    function nextNumber(items, game, base) {
      var n = base;
      inPlay(items, game, base).forEach(function (i) { if (i.number >= n) n = i.number + 1; });
      return n;
    }

    /* What render() found: this game's items (refused ones too), from `base` on. */
    function show(items, game, base, form, data) {
      var shown = inPlay(items, game, base);
      if (shown.length && !scorer()) {  // their points: once the scorer is here, again
        core.loadScorer().then(function () { render(); }, function () {});
      }
      renderPanel(items.filter(function (i) { return i.game === game; }), shown);
      if (data) renderBoard(data, shown);
      if (form) renumber(form, nextNumber(items, game, serverNumber(form)));
    }

    /* A hand that is not valid (the scorer says so): the form says it, nothing is kept. */
    function invalid(form, item) {
      if (!scorer() || !item.rules) return false;
      var result = null;
      try { result = scorer().scoreEntry(item.rules, item.mode, item.entry); } catch (e) { result = null; }
      if (!result || result.ok) return false;
      var preview = form.querySelector("#hand-preview");
      if (preview) {
        preview.innerHTML = "";
        var p = el("p", "preview preview-errors", T.invalidHere);
        p.setAttribute("role", "alert");
        preview.appendChild(p);
      }
      return true;
    }

    function value(fields, name) {
      for (var i = 0; i < fields.length; i++) if (fields[i][0] === name) return fields[i][1];
      return null;
    }

    function values(fields, name) {
      return fields.filter(function (p) { return p[0] === name; }).map(function (p) { return p[1]; });
    }

    function whole(text) {
      if (text === null || text === undefined || String(text).trim() === "") return null;
      var t = String(text).trim();
      return /^\d+$/.test(t) ? Number(t) : t;  // a text that is no number: the scorer refuses it
    }

    /* The hand as the scoring package's counts entry (as CountsForm.to_entry makes it). */
    function countsEntry(fields, sides, rules, deck) {
      var out = [], choice = value(fields, "primiera"), fromCards = choice === "cards";
      for (var i = 0; i < sides; i++) {
        var p = "sides-" + i + "-";
        var best = ["D", "C", "B", "S"].map(function (suit) { return value(fields, p + "best_" + suit); })
          .filter(function (code) { return code; });
        out.push({
          cards: whole(value(fields, p + "cards")),
          denari: whole(value(fields, p + "denari")),
          settebello: value(fields, "settebello") === String(i),
          re_bello: Boolean(rules && rules.re_bello) && value(fields, "re_bello") === String(i),
          napola_run: whole(value(fields, p + "napola_run")) || 0,
          scope: whole(value(fields, p + "scope")) || 0,
          primiera_cards: fromCards ? best : null,
        });
      }
      // A count left blank on one side alone is the rest of the deck (forms.fill_the_rest).
      ["cards", "denari"].forEach(function (name) {
        var total = deck[name], blank = [], sum = 0, numbers = true;
        if (total === undefined || sides < 2) return;
        out.forEach(function (side, k) {
          var count = side[name];
          if (count === null) blank.push(k);
          else if (typeof count === "number") sum += count;
          else numbers = false;
        });
        if (blank.length === 1 && numbers) out[blank[0]][name] = total - sum;
      });
      var primiera = -1;
      if (choice === "none" || fromCards) primiera = null;
      else if (choice !== null && /^\d+$/.test(choice)) primiera = Number(choice);
      return { sides: out, primiera: primiera };
    }

    /* The hand as the scoring package's cards entry (as CardsForm.read/to_entry make it). */
    function cardsEntry(fields, sides, allCodes) {
      var piles = [];
      for (var i = 0; i < sides; i++) piles.push(values(fields, "s" + i));
      if (value(fields, "rest")) {
        var taken = {};
        piles.slice(0, -1).forEach(function (pile) { pile.forEach(function (c) { taken[c] = 1; }); });
        piles[sides - 1] = allCodes.filter(function (c) { return !taken[c]; });
      }
      return {
        sides: piles.map(function (pile, k) {
          return { cards: pile, scope: whole(value(fields, "scope-" + k)) || 0 };
        }),
      };
    }

    /* The hand in `form` as the scoring package's entry (`fields`: the form's, by default;
       `rules`: the page's). */
    function entryOf(form, fields, rules) {
      fields = fields || pairs(form);
      rules = rules || pageRules();
      var sides = Number(form.dataset.sides || 2);
      if (form.elements.mode && form.elements.mode.value === "cards") {
        var codes = [];
        form.querySelectorAll('input[name="s0"]').forEach(function (i) { codes.push(i.value); });
        return cardsEntry(fields, sides, codes);
      }
      var deck = {};
      try { deck = JSON.parse(form.dataset.whole || "{}"); } catch (e) { /* two sides only */ }
      return countsEntry(fields, sides, rules, deck);
    }

    function score(item) {
      var s = scorer();
      if (!s || !item.rules || !item.entry) return null;
      try {
        var result = s.scoreEntry(item.rules, item.mode, item.entry);
        return result && result.ok ? result : null;
      } catch (e) { return null; }
    }

    function renderBoard(data, shown) {
      var live = document.getElementById("live");
      if (!live) return;
      live.querySelectorAll(".pending-hand, #provisional-note, #outlook-here").forEach(function (n) { n.remove(); });
      live.querySelectorAll(".big-number.provisional").forEach(function (n) { n.classList.remove("provisional"); });
      if (!shown.length) { foldRecord(live, false); return; }
      var list = live.querySelector("#history .hand-list");
      if (!list) {
        var empty = live.querySelector("#history > p.muted");
        list = el("ol", "hand-list");
        list.setAttribute("reversed", "");
        if (empty) empty.replaceWith(list);
        else if (live.querySelector("#history")) live.querySelector("#history").appendChild(list);
      }
      // Each hand as ScopaScoring.gameState reads it: its points by side and who declared
      // napoleone (null: nobody).
      // (and, counting out in order, its points by category).
      var hands = data.hands.map(function (points, k) {
        var hand = { points: points, napoleone: data.napoleone[k] };
        if (data.categories) hand.byCategory = data.categories[k];
        return hand;
      });
      // Chiamarsi fuori: the server's claims, and those that travel with the kept hands.
      var claims = (data.claims || []).slice();
      var scoredAll = true;
      var running = data.totals.slice();
      shown.forEach(function (item) {
        var result = score(item);
        var li = el("li", "hand-row pending-hand");
        li.id = "pending-" + item.number;
        li.appendChild(el("span", "hand-title", say(T.handTitle, { number: item.number })));
        li.appendChild(document.createTextNode(" "));
        var badge = el("span", "badge badge-pending", item.state === "sent" ? T.sent : T.notSent);
        li.appendChild(badge);
        if (result && scoredAll && item.number === hands.length + 1) {
          var points = result.sides.map(function (side) { return side.total; });
          // Its totals, as a stand-in scorer reads them too, and its sides (points by
          // category: counting out in order reads them).
          hands.push({
            points: points,
            napoleone: result.napoleone === undefined ? null : result.napoleone,
            sides: result.sides,
          });
          item.fields.forEach(function (p) {
            if (p[0] === "claim_side") claims.push({ hand: item.number, side: Number(p[1]) });
          });
          running = running.map(function (t, k) { return t + points[k]; });
          li.appendChild(el("span", "hand-running", " " + running.join("–")));
          points.forEach(function (p, k) {
            li.appendChild(document.createTextNode(" "));
            li.appendChild(el("b", "hand-side", data.names[k] + " +" + p));
          });
        } else {
          scoredAll = false;
        }
        list.insertBefore(li, list.firstChild);
      });
      var note = el("p", "status status-provisional");
      note.id = "provisional-note";
      note.setAttribute("role", "status");
      var waiting = shown.filter(function (i) { return i.state !== "sent"; }).length;
      var state = null;
      if (scoredAll && scorer()) {
        try {
          state = scorer().gameState(data.rules, hands, { firstDealer: data.first_dealer, claims: claims });
        } catch (e) { state = null; }
      }
      if (state) {
        state.totals.forEach(function (t, k) {
          var big = document.getElementById("total-" + k);
          if (big) { big.textContent = String(t); big.classList.add("provisional"); }
        });
        var lines = [say(waiting ? T.notConfirmed : T.sentNotShown, { count: shown.length })];
        var won = state.winner !== null && state.winner !== undefined;
        foldRecord(live, won);
        if (won) lines.push(data.wins[state.winner]);
        else if (state.shortOfMargin && data.margin_note) lines.push(data.margin_note);
        else if (state.spareggio) lines.push(T.spareggioProvisional);
        note.textContent = lines.join(" ");
        if (!won) renderOutlook(live, data, state.totals);
        // A game over has no next dealer: its tiles carry no marks (as on the server's board).
        live.querySelectorAll(".seat-mark").forEach(function (mark) { mark.hidden = won; });
        var next = document.getElementById("next-hand");
        if (next && data.seats && state.nextDealer !== undefined) {
          var seats = { number: state.nextHand, dealer: data.seats[state.nextDealer], first: data.seats[state.nextFirstPlayer] };
          next.textContent = say(state.winner === null ? T.nextHand : T.nextDeal, seats);
          moveMark(live, data, ".mark-dealer", state.nextDealer);
          moveMark(live, data, ".mark-first", state.nextFirstPlayer);
        }
      } else {
        foldRecord(live, false);
        note.textContent = say(waiting ? T.notScored : T.sentNotShown, { count: shown.length });
      }
      var totals = live.querySelector(".totals");
      if (totals) totals.parentNode.insertBefore(note, totals.nextSibling);
    }

    /* Quanto manca at the provisional totals, in the look of templates/games/_outlook.html
       (which app.css hides meanwhile): ScopaScoring.gameOutlook's numbers, in the words
       of the page (each side's, fitted to its name: game-data's "outlook") and of the
       texts' script (how the language lists categories, "any two of"). */
    function renderOutlook(live, data, totals) {
      var words = readJson("outlook-texts"), P = readJson("preview-texts") || {};
      var s = scorer(), outlook = null;
      if (!words || !data.outlook || !s || !s.gameOutlook || !P.categories) return;
      try { outlook = s.gameOutlook(data.rules, totals); } catch (e) { return; }
      if (!outlook.length) return;
      var box = el("div", "outlook"), list = el("ul", "outlook-lines outlook-" + outlook.length), closing = false;
      box.id = "outlook-here";
      outlook.forEach(function (o) {
        var side = data.outlook[o.side], li = el("li", "outlook-side outlook-side-" + o.side);
        if (o.missing) {
          li.appendChild(el("span", "outlook-missing", say(side.missing[o.missing === 1 ? "one" : "other"], { num: o.missing })));
        }
        if (o.closesWith.length) {
          closing = true;
          li.appendChild(document.createTextNode(" "));
          li.appendChild(el("span", "outlook-closes", say(side.closes, { ways: ways(o.closesWith, data.rules, words, P.categories) })));
        }
        list.appendChild(li);
      });
      box.appendChild(list);
      if (closing) box.appendChild(el("p", "hint outlook-note", words.note));
      var next = live.querySelector("#next-hand"), totalsBox = live.querySelector(".totals");
      if (next) next.parentNode.insertBefore(box, next);
      else if (totalsBox) totalsBox.parentNode.insertBefore(box, totalsBox.nextSibling);
    }

    /* The sets of categories in words, as games/outlook.py's _ways: "settebello e
       primiera"; "carte, denari, settebello o primiera" (any one); "due tra carte,
       denari, settebello e primiera" (any two). */
    function ways(sets, rules, words, labels) {
      var onePoint = ["carte", "denari", "settebello", "primiera"].concat(rules.re_bello ? ["re_bello"] : []);
      var size = sets[0].length, every = 1;
      for (var k = 0; k < size; k++) every = every * (onePoint.length - k) / (k + 1);
      var all = every > 1 && sets.length === every && sets.every(function (set) {
        return set.length === size && set.every(function (c) { return onePoint.indexOf(c) >= 0; });
      });
      var name = function (c) { return labels[c]; };
      if (all) {
        if (size === 1) return listOf(onePoint.map(name), words.or);
        var listed = listOf(onePoint.map(name), words.and), any = words.anyOf[String(size)];
        return any ? any.replace("{categories}", listed) : listed;
      }
      return listOf(sets.map(function (set) { return listOf(set.map(name), words.and); }), words.or);
    }

    function listOf(items, patterns) {  // Babel's format_list, with the language's patterns
      var fill = function (pattern, a, b) { return pattern.replace("{0}", a).replace("{1}", b); };
      if (items.length < 2) return items.length ? items[0] : "";
      if (items.length === 2) return fill(patterns["2"], items[0], items[1]);
      var text = fill(patterns.start, items[0], items[1]);
      for (var i = 2; i < items.length - 1; i++) text = fill(patterns.middle, text, items[i]);
      return fill(patterns.end, text, items[items.length - 1]);
    }

    /* Once the scorer here says the game is over, the next hand's form goes out of the
       way, behind "Record another hand anyway" (as the server's board folds it). */
    function foldRecord(live, won) {
      var record = live.querySelector("#record"), again = live.querySelector("#record-anyway-here");
      if (!record || record.querySelector("#record-anyway")) return;  // folded by the server
      if (!won || record.dataset.shownAnyway) {
        record.hidden = false;
        if (again) again.remove();
        return;
      }
      record.hidden = true;
      if (again) return;
      again = button(T.recordAnyway, function () {
        record.dataset.shownAnyway = "1";
        record.hidden = false;
        again.remove();
        var heading = record.querySelector("h2");  // (not a field: the board still follows)
        if (heading) { heading.tabIndex = -1; heading.focus(); }
      }, "btn record-anyway-here");
      again.id = "record-anyway-here";
      record.parentNode.insertBefore(again, record);
    }

    /* The dealer's or the "di mano" mark, onto the tile of the side of `seat`. */
    function moveMark(live, data, selector, seat) {
      var mark = live.querySelector(selector);
      if (!mark || seat === undefined) return;
      var tiles = live.querySelectorAll(".total[data-seats]");
      for (var i = 0; i < tiles.length; i++) {
        if (tiles[i].getAttribute("data-seats").split(" ").indexOf(String(seat)) < 0) continue;
        var marks = tiles[i].querySelector(".seat-marks");
        if (!marks) return;
        if (mark.getAttribute("data-text")) mark.textContent = mark.getAttribute("data-text").replace("{name}", data.seats[seat]);
        marks.appendChild(mark);
        if (mark.classList.contains("mark-dealer")) marks.insertBefore(mark, marks.firstChild);
        return;
      }
    }

    function reasonText(item) {
      var text = item.message || T.unreadable;
      if (item.errors && item.errors.length) {
        text += " " + item.errors.map(function (e) { return e.message; }).filter(Boolean).join(" ");
      }
      return text;
    }

    /* The outbox's own line at the top: what is waiting, what came back, what changed. */
    function renderPanel(items, shown) {
      var panel = document.getElementById("outbox");
      if (!panel) return;
      panel.innerHTML = "";
      var notice = readNotice(pageGame());
      if (notice) {
        var p = el("p", "flash flash-warning outbox-mismatch", say(T.mismatch, { number: notice.number, totals: notice.totals.join("–") }) + " ");
        p.setAttribute("role", "alert");
        p.appendChild(button(T.ok, function () { clearNotice(pageGame()); render(); }));
        panel.appendChild(p);
      }
      var waiting = items.filter(function (i) { return i.state === "waiting"; });
      if (waiting.length && !document.getElementById("game-data")) {
        panel.appendChild(el("p", "flash flash-info outbox-waiting", say(T.keptHere, { count: waiting.length })));
      }
      items.filter(function (i) { return i.state === "refused"; }).forEach(function (item) {
        var box = el("div", "flash flash-warning outbox-refused stack");
        box.id = "refused-" + item.id;
        box.setAttribute("role", "alert");
        box.appendChild(el("p", "", say(T.refused, { number: item.number, reason: reasonText(item) })));
        var actions = el("div", "form-actions");
        if (item.gone) {
          // Its link opens nothing here: no form to correct it in, nowhere to send it.
          // Its numbers, to copy and enter with a link that works, then discard it.
          box.appendChild(numbers(item, actions));
        } else {
          actions.appendChild(button(T.correct, function () { correct(item); }, "btn btn-primary"));
          actions.appendChild(button(T.reenter, function () { reenter(item); }));
        }
        actions.appendChild(button(T.discard, function () { deleteItem(item.id).then(render).then(flush); }));
        box.appendChild(actions);
        panel.appendChild(box);
      });
    }

    /* A refused hand's numbers as text (the sides' names for their fields), in a box to
       select, and a button in `actions` that copies them. */
    function numbers(item, actions) {
      var P = readJson("preview-texts") || {}, names = P.names || [], lines = [], byName = {};
      item.fields.forEach(function (p) {
        if (!p[1] || /^(number|request_id|mode|csrf_token)$/.test(p[0])) return;
        var side = /^(?:sides-(\d+)-(.+)|s(\d+)|scope-(\d+))$/.exec(p[0]), label = p[0], key;
        if (side && side[1] !== undefined) label = (names[side[1]] || side[1]) + " " + side[2];
        else if (side && side[3] !== undefined) label = names[side[3]] || side[3];
        else if (side) label = (names[side[4]] || side[4]) + " scope";
        var value = p[1];
        if (/^(settebello|re_bello|primiera)$/.test(p[0]) && names[value] !== undefined) value = names[value];
        key = label;
        if (byName[key]) { byName[key].push(value); return; }
        byName[key] = [value];
        lines.push(key);
      });
      var text = [say(T.handTitle, { number: item.number })].concat(lines.map(function (k) {
        return k + ": " + byName[k].join(" ");
      })).join("\n");
      var wrap = el("div", "stack outbox-numbers");
      var label = el("label", "", T.numbers), box = el("textarea", "hand-numbers");
      box.id = "numbers-" + item.id;
      label.htmlFor = box.id;
      box.readOnly = true;
      box.rows = Math.min(lines.length + 1, 8);
      box.value = text;
      wrap.appendChild(label);
      wrap.appendChild(box);
      var copy = button(T.copy, function () {
        var done = function () { copy.textContent = T.copied; };
        box.select();
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(text).then(done, function () { box.select(); });
        } else {
          try { if (document.execCommand("copy")) done(); } catch (e) { /* selected: copy by hand */ }
        }
      }, "btn btn-primary copy-numbers");
      actions.appendChild(copy);
      return wrap;
    }

    /* Correct it: back into the form (as the draft of the next hand), out of the outbox. */
    function correct(item) {
      allItems().then(function (items) {
        var form = handForm();
        var onPage = form && (form.elements.mode ? "cards" : "counts") === item.mode;
        var base = form ? serverNumber(form) : item.number;
        var number = nextNumber(items.filter(function (i) { return i.id !== item.id; }), item.game, base);
        if (drafts()) drafts().put(item.game, number, item.mode, item.fields);
        return deleteItem(item.id).then(function () {
          if (onPage) {
            form.elements.number.value = "";  // renumber() brings the draft back
            return render().then(function () { form.scrollIntoView({ block: "start" }); });
          }
          location.assign(item.mode === "cards" ? item.cardsUrl || item.recordUrl : item.boardUrl + "#record");
        });
      }).then(flush);  // the hands after it go on
    }

    /* Enter it as the next hand: the same hand, the next number, sent again. */
    function reenter(item) {
      allItems().then(function (items) {
        var form = handForm(), base = item.serverNext || item.number;
        if (form) base = Math.max(base, serverNumber(form));
        item.number = nextNumber(items.filter(function (i) { return i.id !== item.id; }), item.game, base);
        item.fields = item.fields.map(function (p) { return p[0] === "number" ? ["number", String(item.number)] : p; });
        item.state = "waiting";
        delete item.message;
        delete item.errors;
        return putItem(item);
      }).then(render).then(flush);
    }

    /* Before a hand goes in, what the totals will be after it (for the mismatch check). */
    function withExpectation(item) {
      var data = readJson("game-data");
      var s = scorer();
      if (!data || !s) return Promise.resolve(item);
      return allItems().then(function (items) {
        var totals = data.totals.slice(), ok = true;
        inPlay(items, item.game, data.next_hand).concat([item]).forEach(function (i) {
          var r = score(i);
          if (!r) { ok = false; return; }
          totals = totals.map(function (t, k) { return t + r.sides[k].total; });
        });
        if (ok) item.expectTotals = totals;
        return item;
      });
    }

    /* The points of the hand in `form`, computed here, as a node in the look of
       templates/games/_preview.html (with reasons left out), or what is wrong with it, or
       nothing (where the server's is empty); null when the page has not the words for it. */
    function previewHere(form) {
      var P = readJson("preview-texts"), rules = pageRules();
      if (!P || !rules) return Promise.resolve(null);
      return loadScorer().then(function (s) {
        var mode = form.elements.mode && form.elements.mode.value === "cards" ? "cards" : "counts";
        var entry = entryOf(form, null, rules);
        // A count left blank or not a number: the server's form refuses it before any
        // scoring, and its preview is empty.
        if (mode === "counts" && entry.sides.some(function (side) {
          return typeof side.cards !== "number" || typeof side.denari !== "number";
        })) return document.createDocumentFragment();
        var result = s.scoreEntry(rules, mode, entry);
        var box = result.ok ? pointsTable(P, result) : errorList(P, s, result.errors);
        box.classList.add("preview-here");
        box.appendChild(el("p", "muted preview-source", P.here));
        return box;
      });
    }

    function pointsTable(P, result) {
      var box = el("div", "preview stack"), wrap = el("div", "breakdown");
      var table = el("table", "breakdown-table"), head = el("tr"), body = el("tbody"), foot = el("tr");
      table.appendChild(el("caption", "", P.caption));
      head.appendChild(cell("th", P.category));
      P.names.forEach(function (name) { head.appendChild(cell("th", name)); });
      Object.keys(result.awards).forEach(function (category) {
        if (result.awards[category].reason === "off") return;  // not played in this game
        var row = el("tr", "points");
        row.appendChild(cell("th", P.categories[category] || category, "row"));
        result.sides.forEach(function (side) {
          var points = side.points[category], td = el("td", points ? "scored" : "", String(points));
          row.appendChild(td);
        });
        body.appendChild(row);
      });
      foot.appendChild(cell("th", P.total, "row"));
      result.sides.forEach(function (side) { foot.appendChild(el("td", "", String(side.total))); });
      table.appendChild(el("thead")).appendChild(head);
      table.appendChild(body);
      table.appendChild(el("tfoot")).appendChild(foot);
      wrap.appendChild(table);
      box.appendChild(wrap);
      return box;
    }

    function cell(tag, text, scope) {
      var node = el(tag, "", text);
      node.setAttribute("scope", scope || "col");
      return node;
    }

    /* As board.preview_context says it: how many cards are left to give, or every message,
       those about one side after its name ("Anna: ..."), grouped by field. */
    function errorList(P, s, errors) {
      if (errors.every(function (e) { return e.code === "missing_cards"; })) {
        return el("p", "preview muted", say(P.cardsLeft[Number(errors[0].params.count) === 1 ? "one" : "other"], { count: errors[0].params.count }));
      }
      var lang = document.documentElement.lang;
      var fields = [], byField = {}, templates = Object.assign({}, s.DATA.MESSAGES,
        (s.DATA.TRANSLATED_MESSAGES || {})[lang]);
      var plurals = (s.DATA.TRANSLATED_PLURALS || {})[lang] || {};
      errors.forEach(function (e) {
        if (!byField[e.field]) { byField[e.field] = []; fields.push(e.field); }
        byField[e.field].push(s.message(e, templates, plurals));
      });
      var box = el("div", "preview preview-errors"), list = el("ul", "error");
      box.setAttribute("role", "alert");
      box.appendChild(el("p")).appendChild(el("strong", "", P.notValid));
      fields.forEach(function (field) {
        var side = /^sides\[(\d+)\]/.exec(field), name = side ? P.names[Number(side[1])] : undefined;
        byField[field].forEach(function (text) { list.appendChild(el("li", "", name !== undefined ? name + ": " + text : text)); });
      });
      box.appendChild(list);
      // The napola the counts force (all ten denari, nine without the settebello...): one
      // tap fills the side's box in, as on the server's form (games.js).
      errors.forEach(function (e) {
        var side = /^sides\[(\d+)\]\.napola_run$/.exec(e.field);
        if (!side || s.DATA.NAPOLA_OFFERS.indexOf(e.code) < 0 || !P.napolaOffer) return;
        var offer = box.appendChild(el("p", "napola-offer"));
        offer.setAttribute("data-napola-offer", "");
        offer.appendChild(el("span", "", say(P.napolaOffer, { run: e.params.run, name: P.names[Number(side[1])] })));
        var tap = offer.appendChild(el("button", "btn btn-primary", P.markIt));
        tap.type = "button";
        tap.dataset.fill = "sides-" + side[1] + "-napola_run";
        tap.dataset.run = String(e.params.run);
      });
      return box;
    }

    // ------------------------------------------------------------------ confirmations kept here

    /* The phone passed across, without signal (a game that requires confirmation: the
       board's game data says whom to ask): "Bruno e Dario, confermate la mano 3?" under
       the kept hand, and one tap puts their confirmation into the kept hand itself
       (confirm_side, repeated), so it travels with the hand and is recorded with it, once
       (the hand's request id keeps both once). A hand already on its way: the board asks
       again, the server's way. */
    function confirmHere(item) {
      var data = readJson("game-data"), ask = data && data.confirm;
      if (!ask || !ask.sides || !ask.sides.length) return null;
      var box = el("span", "confirm-prompt outbox-confirm");
      box.id = "outbox-confirm";
      var question = el("span", "confirm-question", say(ask.question, { number: item.number }));
      var yes = button(ask.confirm, function () {
        yes.disabled = true;
        allItems().then(function (items) {
          var waiting = items.filter(function (i) { return i.id === item.id; })[0];
          if (!waiting || waiting.state !== "waiting") { openBoard(item.boardUrl); return; }
          waiting.fields = waiting.fields.filter(function (p) { return p[0] !== "confirm_side"; });
          ask.sides.forEach(function (side) { waiting.fields.push(["confirm_side", String(side)]); });
          return putItem(waiting).then(function () {
            var done = el("span", "flash flash-success", say(ask.done, { number: item.number }));
            done.id = "outbox-confirmed";
            done.setAttribute("role", "status");
            box.replaceWith(done);
          });
        }).catch(function () { yes.disabled = false; });
      }, "btn btn-primary btn-big btn-confirm");
      yes.id = "outbox-confirm-yes";
      box.appendChild(question);
      box.appendChild(yes);
      qrButtons(item, ask).forEach(function (b) { box.appendChild(b); });
      return box;
    }

    /* Or the other side confirms on its own phone, both phones without signal: for each side
       asked, a QR of its link with the kept hand in the fragment (its number, client id
       and the digest of its points as the server makes it: scorekeeper/games/scanned.py),
       drawn by games.js (window.ScopaHandQr). None when the hand could not be scored here. */
    function qrButtons(item, ask) {
      var s = scorer(), links = ask.links || {};
      if (!s || !window.ScopaHandQr || !item.entry || !window.URLSearchParams) return [];
      var result;
      try { result = s.scoreEntry(item.rules, item.mode, item.entry); } catch (e) { return []; }
      if (!result || !result.ok) return [];
      var categories = ["scope", "carte", "denari", "settebello", "primiera", "re_bello", "napola"];
      var digest = result.sides.map(function (side) {
        return categories.map(function (c) { return String(side.points[c] || 0); }).join(".");
      }).join("_");
      return ask.sides.filter(function (side) { return links[side]; }).map(function (side) {
        var fragment = new URLSearchParams({ hand: String(item.number), id: item.requestId, points: digest });
        var url = links[side] + "#" + fragment.toString();
        var b = button((ask.qrLabels || {})[side] || "QR", function () {
          window.ScopaHandQr.show(b, url, ask.qrScript, ask.qrCaption).catch(function () {});
        }, "btn btn-hand-qr");
        b.id = "outbox-qr-" + side;
        b.setAttribute("aria-expanded", "false");
        return b;
      });
    }

    /* Send the form the plain way (the page then explains a refusal as without this
       file); Save stays disabled: a disabled button sends no "action", which saves. */

    /* "Confermiamo" tapped without signal on a hand the server already has (games.js: the
       request failed on the way): the confirmation is kept in the outbox and sent when the
       signal is back, with the form's request id, so it is recorded once however often it
       is sent (or tapped: a second tap of the same question keeps nothing more). Resolves
       to the item kept (or the one kept before). */
    function keepConfirmation(form) {
      var fields = pairs(form).filter(function (p) { return p[0] !== "request_id"; });
      var requestId = form.elements.request_id ? form.elements.request_id.value : newRequestId();
      var recordUrl = new URL(form.getAttribute("action"), location.href);
      // A question of the board (/g/<token>/hands/3/confirm), or a hand scanned from the
      // other phone's QR on a side's page (/c/<token>/scanned: its number in the form).
      var match = /^(.*)\/hands\/(\d+)\/confirm$/.exec(recordUrl.pathname);
      var scanned = /^(.*)\/scanned$/.exec(recordUrl.pathname);
      // A tournament pair's page (/tournaments/side/<token>/confirm): a match's result.
      var result = /^(\/tournaments\/side\/[^/]+)\/confirm$/.exec(recordUrl.pathname);
      if (result) { match = null; scanned = [result[0], result[1]]; }
      if (!match && !(scanned && (result || form.elements.number))) return Promise.reject(new Error("not a confirmation"));
      var base = match ? match[1] : scanned[1];
      var item = {
        kind: "confirm",
        scanned: !match,  // the server's own words say what became of it
        game: "confirm:" + base,  // never a game's hands: the board shows none of it
        number: Number(match ? match[2] : (result ? 0 : form.elements.number.value)),
        requestId: requestId,
        fields: fields,
        recordUrl: recordUrl.href,
        csrfUrl: new URL(base + "/csrf", location.href).href,
        state: "waiting",
        queuedAt: Date.now(),
      };
      askPersistence();
      return everything().then(function (items) {
        // The same request, or the same question tapped again (a result's form has no key
        // of its own: the same address and fields).
        var same = items.filter(function (i) {
          return i.kind === "confirm" && (i.requestId === requestId ||
            (i.recordUrl === item.recordUrl && JSON.stringify(i.fields) === JSON.stringify(fields)));
        })[0];
        if (same) return same;
        return putItem(item).then(function (id) { item.id = id; return item; });
      }).then(function (kept) { scheduleRetry(0); return kept; });
    }

    /* After the outbox has sent confirmations kept without signal: which hands. */
    function sayConfirmed(numbers) {
      var main = document.querySelector("main");
      if (!main) return;
      var old = document.getElementById("outbox-confirm-sent");
      if (old) old.remove();
      var box = el("div", "flashes");
      box.setAttribute("role", "status");
      main.insertBefore(box, main.firstChild);
      // A board's questions: which hands; a hand scanned from a QR: the server's own words
      // (recorded, waiting for its hand, or refused).
      var plain = numbers.filter(function (n) { return !n.message; }).map(function (n) { return n.number; });
      var forms = T.confirmationsSent || {};
      var texts = plain.length ? [say(forms[plain.length === 1 ? "one" : "other"], { numbers: plain.join(", ") })] : [];
      var refused = false;
      numbers.forEach(function (n) { if (n.message) { texts.push(n.message); refused = refused || n.refused; } });
      var note = el("p", "flash " + (refused ? "flash-warning" : "flash-success") + " outbox-note", texts.join(" "));
      note.id = "outbox-confirm-sent";
      box.appendChild(note);
    }

    /* A tournament pair's result confirmed without signal: kept, and said so in place of
       its question (outbox.js lets no plain form go then). */
    function resultKept(form) {
      return keepConfirmation(form).then(function () {
        var note = el("p", "flash flash-info confirm-kept", T.resultKept);
        note.id = "confirm-kept-result";
        note.setAttribute("role", "status");
        note.tabIndex = -1;
        var block = form.closest(".confirm-block") || form;
        block.replaceWith(note);
        note.focus({ preventScroll: true });
      });
    }

    return {
      show: show, entryOf: entryOf, invalid: invalid, withExpectation: withExpectation, previewHere: previewHere,
      confirmHere: confirmHere, keepConfirmation: keepConfirmation, sayConfirmed: sayConfirmed,
      resultKept: resultKept,
    };
  };
})();
