/* Game pages: quicker hand entry. Every page works without this file.
   - once every side but one has its cards (or denari), the one left fills in as you type
     (the rest of the deck: the form's data-whole, from the scoring package);
   - the points of the hand are asked of the server as you type (no rules here); without
     signal, or no answer, outbox.js computes them on the phone (ScopaOutbox.previewHere)
     until the server answers again;
   - "decide from the best cards" opens the best-card pickers;
   - a count never shows a leading zero ("01" is 1);
   - a refused hand (the summary #errors, templates/games/_hand_form.html): the summary has
     the focus, the first wrong field is in view, each line's link puts the focus in its
     field;
   - the board's Share tool opens the phone's share sheet at once where there is one; a
     link to something in a closed <details> (the QR tool) opens it;
   - Undo asks once, in place of its link;
   - ("Confermiamo", one request with its answer in place of the question, is scanned.js's:
     loaded only for the games whose hands need the other side's confirmation);
   - a refused napola the counts decide (nine denari without the settebello: napola of 6)
     is offered under its box ([data-napola-offer]): "Yes, mark it" fills the box in;
   - then, each its own part of this file (one response for the board's scripts rather
     than five): links handed on (copy, share sheet; also on a league's members page),
     the board's scope tally, the live board and the screen kept on. */
(function () {
  "use strict";
  var timer = null;

  function handForm(el) { return el && el.closest ? el.closest("#hand-form") : null; }

  /* What the sides' counts add up to, as the server says ({cards: .., denari: ..}). */
  function whole(form) { return JSON.parse(form.dataset.whole || "{}"); }

  /* Each side's box of one count ("cards" or "denari"), in side order. */
  function countBoxes(form, name) {
    var boxes = [];
    for (var i = 0; i < Number(form.dataset.sides || 0); i++) {
      var box = form.querySelector("#sides-" + i + "-" + name);
      if (!box) return [];
      boxes.push(box);
    }
    return boxes;
  }

  /* What the boxes add up to, or null while one of them holds no whole number. */
  function typedSum(boxes) {
    var sum = 0;
    for (var i = 0; i < boxes.length; i++) {
      var text = boxes[i].value.trim();
      if (!/^\d+$/.test(text)) return null;
      sum += Number(text);
    }
    return sum;
  }

  /* Once every side but one has its count, the one left is the rest of the deck, filled
     in and marked data-auto (as the server's form fills in a count left blank on one side
     alone); a box filled in so follows the others, and empties once it is not the only
     one left. */
  function fillTheRest(form, name) {
    var boxes = countBoxes(form, name), total = whole(form)[name];
    if (boxes.length < 2 || total === undefined) return;
    var open = boxes.filter(function (b) { return b.value === "" || b.dataset.auto === "1"; });
    var sum = typedSum(boxes.filter(function (b) { return open.indexOf(b) < 0; }));
    open.forEach(function (b) {
      b.value = open.length === 1 && sum !== null ? String(total - sum) : b.dataset.auto === "1" ? "" : b.value;
    });
    if (open.length === 1) open[0].dataset.auto = "1";
  }

  /* Counts that already add up to the deck (filled in by the server after a refused
     entry, a draft put back, a stored hand being corrected) keep following: the last
     side's is the rest (with two sides, either is the other's), so it moves as the others
     change. */
  function markComplements(form) {
    var totals = whole(form);
    Object.keys(totals).forEach(function (name) {
      var boxes = countBoxes(form, name);
      if (boxes.length < 2 || typedSum(boxes) !== totals[name]) return;
      boxes[boxes.length - 1].dataset.auto = "1";
      if (boxes.length === 2) boxes[0].dataset.auto = "1";
    });
  }
  document.querySelectorAll("#hand-form").forEach(markComplements);
  // A draft put back by outbox.js's drafts follows the same way.
  document.addEventListener("scorekeeper:draft-restored", function (event) {
    var form = handForm(event.target);
    if (form) markComplements(form);
    if (form && navigator.onLine === false) preview(form);  // its points, offline too
  });

  function preview(form) {
    var url = form.dataset.previewUrl, target = form.querySelector("#hand-preview");
    if (!url || !target || !window.fetch) return;
    clearTimeout(timer);
    // While the points are on their way the form says so (data-previewing), so that
    // whatever waits for the page to settle (the browser tests) can tell.
    form.dataset.previewing = "1";
    timer = setTimeout(function () {
      var asked = navigator.onLine === false ? Promise.reject(new Error("offline")) :
        fetch(url, { method: "POST", body: new FormData(form), credentials: "same-origin" });
      asked
        .then(function (r) { if (r.status >= 500) throw new Error(r.status); return r.ok ? r.text() : null; })
        .then(function (html) {
          if (html !== null) target.innerHTML = html;
          showOffers(target);
          delete form.dataset.previewHere;
        }, function () { return previewHere(form, target); })
        .catch(function () {})
        .then(function () { if (!timer) delete form.dataset.previewing; });
      timer = null;
    }, 350);
  }

  /* No answer: the points computed on the phone, until the server's come. */
  function previewHere(form, target) {
    var outbox = window.ScopaOutbox;
    if (!outbox || !outbox.previewHere) return null;
    return outbox.previewHere(form).then(function (node) {
      if (!node) return;
      target.innerHTML = "";
      target.appendChild(node);
      showOffers(target);
      form.dataset.previewHere = "1";
    });
  }
  // Back online: the server's points replace the phone's.
  window.addEventListener("online", function () {
    document.querySelectorAll("#hand-form[data-preview-here]").forEach(preview);
  });

  function noLeadingZero(input) {
    if (input.getAttribute("inputmode") !== "numeric") return;
    var trimmed = input.value.replace(/^0+(?=\d)/, "");
    if (trimmed !== input.value) input.value = trimmed;
  }

  document.addEventListener("input", function (event) {
    var form = handForm(event.target);
    if (!form) return;
    form.dataset.dirty = "1";
    delete event.target.dataset.auto;
    noLeadingZero(event.target);
    var count = /^sides-\d+-(cards|denari)$/.exec(event.target.id);
    if (count) fillTheRest(form, count[1]);
    preview(form);
  });

  document.addEventListener("change", function (event) {
    var form = handForm(event.target);
    if (!form) return;
    form.dataset.dirty = "1";
    if (event.target.name === "primiera" && event.target.value === "cards") {
      var picker = form.querySelector("#primiera-cards");
      if (picker) picker.open = true;
    }
    preview(form);
  });

  /* A refused hand: the summary has the focus (the page's autofocus gave it where the
     browser does), and it and the first wrong field are in view above Save: as the page
     opened if they are, else with the summary at the top of the screen, else (the field
     too far below it) with the field in the middle. */
  function showErrors() {
    var summary = document.getElementById("errors");
    if (!summary) return;
    var field = target(summary.querySelector("a[href^='#']")), form = handForm(summary);
    var bar = form && form.querySelector(".form-actions");
    function fits(el) {
      var box = el.getBoundingClientRect(), limit = bar ? bar.getBoundingClientRect().top : window.innerHeight;
      return box.top >= 0 && box.bottom <= limit;
    }
    summary.focus({ preventScroll: true });
    if (fits(summary) && (!field || fits(field))) return;
    summary.scrollIntoView({ block: "start" });
    if (field && !fits(field)) field.scrollIntoView({ block: "center" });
  }
  showErrors();

  function target(link) {
    var id = link && link.getAttribute("href").slice(1);
    return id ? document.getElementById(id) : null;
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[href^='#']") : null, to = target(link);
    if (!to) return;
    var fold = to.closest("details:not([open])");
    if (fold) fold.open = true;
    if (link.closest("#errors")) {  // the field itself, ready to be corrected
      event.preventDefault();
      to.focus({ preventScroll: true });
      to.scrollIntoView({ block: "center" });
    }
  });

  // The board's Share tool: the share sheet at once, where the phone has one (the view
  // link's button, which the links' part below sets up).
  var shareTool = document.getElementById("share-tool");
  if (shareTool && navigator.share) {
    shareTool.addEventListener("click", function (event) {
      var button = document.querySelector(".share-btn");
      if (!button) return;
      event.preventDefault();
      button.click();
    });
  }

  /* Undo asks once: its link (to the page that asks, without this script) opens the
     question in its place, drawn here with the texts' script's words and the page's
     CSRF token (none: the link's page asks); "Keep it" closes it (the board may have
     been swapped in by the live part meanwhile: looked up at each tap). */
  function undoQuestion(link) {
    var words = (window.ScorekeeperTexts || {})["undo-texts"];
    var token = document.querySelector("#hand-form input[name=csrf_token], input[name=csrf_token]");
    if (!words || !token || !link.dataset.number) return null;
    var form = document.createElement("form"), number = link.dataset.number;
    form.method = "post";
    form.action = link.href;
    form.className = "undo-confirm";
    form.id = "undo-form";
    form.hidden = true;
    [["csrf_token", token.value], ["number", number]].forEach(function (pair) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = pair[0];
      input.value = pair[1];
      form.appendChild(input);
    });
    var question = document.createElement("span");
    question.className = "undo-question";
    question.textContent = String(words.question).replace("%(number)s", number);
    var yes = document.createElement("button"), keep = document.createElement("button");
    yes.type = "submit";
    yes.className = "btn btn-danger";
    yes.id = "undo-yes";
    yes.textContent = words.yes;
    keep.type = "button";
    keep.className = "btn";
    keep.id = "undo-keep";
    keep.textContent = words.keep;
    form.append(question, " ", yes, " ", keep);
    link.after(form);
    return form;
  }

  document.addEventListener("click", function (event) {
    var tapped = event.target.closest ? event.target.closest("#undo-last, #undo-keep") : null;
    var link = document.getElementById("undo-last");
    var question = document.getElementById("undo-form") || (tapped === link && link && undoQuestion(link));
    if (!tapped || !link || !question) return;
    event.preventDefault();
    var asking = tapped === link;
    link.hidden = asking;
    question.hidden = !asking;
    (asking ? document.getElementById("undo-yes") : link).focus();
  });

  /* The napola the counts force, offered under the side's box: shown with this script,
     one tap fills the box in (as if typed: the preview follows) and the offer goes. */
  function showOffers(root) {
    root.querySelectorAll("[data-napola-offer]").forEach(function (offer) { offer.hidden = false; });
  }
  showOffers(document);
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-napola-offer] [data-fill]") : null;
    var box = button && document.getElementById(button.dataset.fill);
    if (!box) return;
    box.value = button.dataset.run;
    box.dispatchEvent(new Event("input", { bubbles: true }));
    box.dispatchEvent(new Event("change", { bubbles: true }));
    button.closest("[data-napola-offer]").hidden = true;
    box.focus();
  });

  // The points follow the form as it is filled in: the button doing it by hand can go
  // (app.css hides it under .js-preview, also in boards swapped in by the live part below).
  if (window.fetch) document.documentElement.classList.add("js-preview");
})();

/* Links handed on (templates/_share.html): a copy button, and the phone's share sheet or,
   without one, the WhatsApp link. Every page works without this file (the link is text, with
   its QR code). A board's view link is sent with the score as the board stands when shared
   (data-share-playing / data-share-over, their {names}, {score} and {result} filled in);
   any other link with its data-share-text. */
(function () {
  "use strict";

  /* The link a button hands on: the one its row follows (<p class="link-text">). */
  function linkOf(button) {
    var row = button.closest(".share-actions"), text = row && row.previousElementSibling;
    var link = text && text.querySelector("a");
    return link ? link.getAttribute("href") : "";
  }

  function setUpCopyButtons() {
    if (!navigator.clipboard) return;
    document.querySelectorAll(".copy-btn").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        navigator.clipboard.writeText(linkOf(button)).then(function () {
          button.textContent = button.dataset.copied || button.textContent;
        });
      });
    });
  }

  /* The message sent with the link: a board's as it stands now, else the button's own. */
  function shareText(button) {
    if (!button.dataset.sharePlaying) return button.dataset.shareText || "";
    var names = [], score = [], won = document.querySelector("#game-status.status-winner");
    document.querySelectorAll("#board .total").forEach(function (total) {
      names.push(total.querySelector(".side-name").textContent);
      score.push(total.querySelector(".big-number").textContent);
    });
    return (won ? button.dataset.shareOver : button.dataset.sharePlaying)
      .replace("{names}", names.join(" – ")).replace("{score}", score.join("–"))
      .replace("{result}", won ? won.textContent.trim() : "");
  }

  function setUpSharing() {
    document.querySelectorAll(".share-btn").forEach(function (button) {
      var url = linkOf(button), whatsapp = button.parentNode.querySelector(".whatsapp-link");
      if (navigator.share) {
        button.hidden = false;
        if (whatsapp) whatsapp.hidden = true;
        button.addEventListener("click", function () {
          navigator.share({ title: document.title, text: shareText(button), url: url }).catch(function () {});
        });
      } else if (whatsapp) {
        whatsapp.addEventListener("click", function () {
          whatsapp.href = "https://wa.me/?text=" + encodeURIComponent(shareText(button) + " " + url);
        });
      }
    });
  }

  setUpCopyButtons();
  setUpSharing();
})();

/* The scope tally on the board (its words: the texts' script, ui/outbox.py, whose
   "scope-tally-texts" only boards with the hand form load; here rather than in a
   file of its own, one response fewer on the board): scope are the points
   players forget by the end of a hand, so each side gets a large "+1 scopa" (and a "−1")
   to tap as they are made. The count is the hand's own scope field, the buttons on
   either side of it: typed or tapped, it is one number, kept by outbox.js's drafts as the
   form's other fields are (on the phone, offline too, until the hand is saved), and sent
   with the hand. A form put back by the outbox or its drafts, or swapped in by the live part below,
   gets its tally again. Without this script the scope fields are typed, as before.
   Set up at once: outbox.js (drafts, the outbox), later, put a hand's numbers back with a change
   event, which refreshes it. */
(function () {
  "use strict";
  var T = (window.ScorekeeperTexts || {})["scope-tally-texts"];
  if (!T) return;

  function say(template, side) { return String(template).replace("%(side)s", side); }

  function count(input) {
    var n = Number(input.value.trim());
    return /^\d+$/.test(input.value.trim()) ? n : 0;
  }

  function button(cls, text, label) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "btn " + cls;
    b.textContent = text;
    b.setAttribute("aria-label", label);
    return b;
  }

  /* Each side's scope field of the board's new hand form becomes its tally: "−1", the
     field, "+1 scopa", on the field's own row (its label, "Scope", left to screen
     readers: the buttons say it). */
  function setUp(form) {
    if (!form || form.dataset.tally || form.elements.mode) return;
    form.querySelectorAll(".side-entry").forEach(function (fieldset, i) {
      var input = fieldset.querySelector("#sides-" + i + "-scope");
      var field = input && input.closest(".field");
      var legend = fieldset.querySelector("legend");
      if (!field) return;
      var side = legend ? legend.textContent.trim() : String(i + 1);
      var minus = button("tally-minus", T.minus, say(T.minusLabel, side));
      var plus = button("tally-plus", "", say(T.plusLabel, side));
      var words = T.plus.split(" ");
      var big = document.createElement("span"), small = document.createElement("span");
      big.className = "tally-one";
      big.textContent = words[0];
      small.className = "tally-word";
      small.textContent = words.slice(1).join(" ");
      plus.append(big, " ", small);  // "+1 scopa": its name holds the words it shows
      minus.dataset.step = "-1";
      plus.dataset.step = "1";
      field.classList.add("tally-side");
      field.id = "tally-" + i;
      input.before(minus);
      input.after(plus);
    });
    form.dataset.tally = "1";
    refresh(form);
  }

  /* "−1" is off at 0. */
  function refresh(form) {
    form.querySelectorAll(".tally-side").forEach(function (cell) {
      var input = cell.querySelector("input"), minus = cell.querySelector(".tally-minus");
      if (minus) minus.disabled = !input || count(input) === 0;
    });
  }

  document.addEventListener("click", function (event) {
    var tapped = event.target.closest ? event.target.closest(".tally-side [data-step]") : null;
    if (!tapped) return;
    var input = tapped.parentNode.querySelector("input"), form = tapped.form;
    if (!input || !form) return;
    var next = Math.max(0, count(input) + Number(tapped.dataset.step));
    input.value = next ? String(next) : "";
    // As if typed: the draft keeps it (outbox.js), the points follow (games.js).
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
    refresh(form);
  });

  ["input", "change"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var form = event.target.form;
      if (form && form.dataset.tally) refresh(form);
    });
  });
  // A form reset (the next hand, a draft discarded) empties the fields after the event.
  document.addEventListener("reset", function (event) {
    var form = event.target;
    if (form.dataset && form.dataset.tally) setTimeout(function () { refresh(form); }, 0);
  }, true);

  function setUpAll() { setUp(document.querySelector("#record #hand-form")); }
  setUpAll();
  // The board swapped in by the live part below (another phone saved a hand) has a new form.
  var live = document.getElementById("live");
  if (live && window.MutationObserver) new MutationObserver(setUpAll).observe(live, { childList: true });
})();

/* Keep the board current while other phones record hands: poll the board every few
   seconds (data-poll-ms, the LIVE_POLL_MS setting; 0 turns polling off) with
   If-None-Match (the server answers 304 while nothing changed) and swap in the new one,
   unless someone is typing in the hand form here. The event "scorekeeper:board-stale"
   (outbox.js: hands kept on this phone were just sent) asks at once.
   When the server cannot be reached (or this is the copy of the board the service worker
   kept, <html data-offline-since>), the board says "Offline · last updated at HH:MM"
   (#offline-line) and keeps trying, less and less often; back online it catches up at
   once and the line goes. The screen kept on (below) is the board's too: one file, one
   request fewer. */
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live || !window.fetch) return;
  var url = live.dataset.liveUrl, etag = live.dataset.etag, PERIOD = Number(live.dataset.pollMs);
  var EVENTS = live.dataset.eventsUrl, PUSH_PERIOD = Number(live.dataset.pushPollMs) || PERIOD, streaming = false;
  var line = document.getElementById("offline-line"), root = document.documentElement;
  var updatedAt = Number(root.dataset.offlineSince) || Date.now(), failures = 0, timer = null, polling = false, again = false;
  var WAIT_MS = 10000, LONGEST_MS = 60000;

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function showOffline() {
    if (!line) return;
    var when = new Date(updatedAt), clock = pad(when.getHours()) + ":" + pad(when.getMinutes());
    var text = line.dataset.text;
    if (when.toDateString() !== new Date().toDateString()) {
      text = line.dataset.textDay.replace("{date}", when.toLocaleDateString(root.lang, { day: "numeric", month: "short" }));
    }
    text = text.replace("{time}", clock);
    // Kept by an older version of the app, not fetched again since (main/sw.js).
    if (root.dataset.offlineOlder !== undefined && line.dataset.textOlder) text += " " + line.dataset.textOlder;
    line.textContent = text;
    line.hidden = false;
  }

  function reached() {
    updatedAt = Date.now();
    failures = 0;
    delete root.dataset.offlineSince;
    delete root.dataset.offlineOlder;
    if (line) line.hidden = true;
  }

  if (root.dataset.offlineSince) showOffline();
  if (!(PERIOD > 0)) return;

  function busy() {
    if (live.querySelector("#undo-form:not([hidden])")) return true;  // asked to undo
    var form = live.querySelector("#hand-form");
    if (!form) return false;
    return form.dataset.dirty === "1" || form.contains(document.activeElement) ||
      form.querySelector(".error, .preview") !== null;
  }

  function swap(html) {
    var open = [];
    live.querySelectorAll("details[open]").forEach(function (d) {
      var holder = d.closest("[id]");
      if (holder) open.push(holder.id);
    });
    live.innerHTML = html;
    open.forEach(function (id) {
      var holder = document.getElementById(id);
      var d = holder && (holder.tagName === "DETAILS" ? holder : holder.querySelector("details"));
      if (d) d.open = true;
    });
  }

  function later(ms) { clearTimeout(timer); timer = setTimeout(poll, ms); }

  /* Without an answer, the next try waits twice as long each time, up to a minute. */
  function next() { return failures ? Math.min(PERIOD * Math.pow(2, failures), LONGEST_MS) : streaming ? PUSH_PERIOD : PERIOD; }

  function poll() {
    timer = null;
    if (document.hidden || busy()) { later(PERIOD); return; }
    var abort = window.AbortController ? new AbortController() : null;
    var giveUp = abort && setTimeout(function () { abort.abort(); }, WAIT_MS);
    polling = true;
    fetch(url, { headers: { "If-None-Match": '"' + etag + '"' }, credentials: "same-origin", cache: "no-cache", signal: abort && abort.signal })
      .then(function (r) {
        if (r.status >= 500) throw new Error("server unavailable");
        reached();
        if (r.status !== 200) return;
        var tag = (r.headers.get("ETag") || "").replace(/^W\//, "").replace(/"/g, "");
        return r.text().then(function (html) {
          if (busy()) return;  // started typing meanwhile: try again next time
          swap(html);
          if (tag) etag = tag;
        });
      })
      .catch(function () { failures += 1; showOffline(); })
      .then(function () {
        polling = false;
        clearTimeout(giveUp);
        if (timer === null) later(again ? 0 : next());
        again = false;
      });
  }

  /* Back online, or back to this tab after a failed try: catch up now. */
  function catchUp() { if (!polling && (failures || root.dataset.offlineSince)) later(0); }
  window.addEventListener("online", catchUp);
  // Hands just sent from this phone: ask now (after the answer on its way, if one is).
  document.addEventListener("scorekeeper:board-stale", function () {
    if (polling) again = true; else if (!busy()) later(0);
  });
  document.addEventListener("visibilitychange", function () { if (!document.hidden) catchUp(); });

  /* Pushed news, where the server names a stream (data-events-url: the push server,
     scorekeeper/push.py): while it is open the board polls only now and then
     (data-push-poll-ms). At each opening the stream first says the game's last version
     ("hello"): a board that shows it asks nothing, any other catches up at once. A view
     link's board takes the board the news carries (the server rendered it once for every
     follower); any other asks for its own at once. Cut, the stream opens again by itself
     (EventSource) and polling goes on meanwhile as without it. */
  function shown() { var m = /-v(\d+)-/.exec(etag || ""); return m ? Number(m[1]) : null; }

  function follow() {
    if (!EVENTS || !window.EventSource) return;
    var stream = new EventSource(EVENTS);
    stream.addEventListener("open", function () { streaming = true; });
    stream.addEventListener("hello", function (event) {
      var news;
      try { news = JSON.parse(event.data); } catch (e) { news = {}; }
      reached();
      if (news.v !== null && news.v !== undefined && news.v === shown()) return;
      if (polling) again = true; else if (!busy()) later(0);
    });
    stream.addEventListener("error", function () {
      if (!streaming) return;
      streaming = false;
      if (!polling) later(PERIOD);
    });
    stream.addEventListener("board", function (event) {
      var news;
      try { news = JSON.parse(event.data); } catch (e) { return; }
      if (live.dataset.pushHtml && news.html && news.etag && !busy()) {
        reached();
        if (news.etag !== etag) { swap(news.html); etag = news.etag; }
        return;
      }
      if (polling) again = true; else if (!busy()) later(0);
    });
  }
  follow();
  later(root.dataset.offlineSince ? 0 : PERIOD);
})();

/* And keep the phone's screen on while the game is open (Screen Wake Lock), with
   a toggle (#wake-toggle) that stays hidden where the browser lacks the API. On unless
   this phone turned it off (remembered); the browser drops the lock when the page is
   hidden, so it is asked for again when the page is visible again. */
(function () {
  "use strict";
  var button = document.getElementById("wake-toggle");
  if (!button || !("wakeLock" in navigator)) return;
  var KEY = "scorekeeper.wake", lock = null;

  function wanted() {
    try { return localStorage.getItem(KEY) !== "off"; } catch (e) { return true; }
  }

  function remember(on) {
    try { localStorage.setItem(KEY, on ? "on" : "off"); } catch (e) { /* private mode */ }
  }

  function show() { button.setAttribute("aria-pressed", lock ? "true" : "false"); }

  function acquire() {
    if (lock || document.hidden) return;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      sentinel.addEventListener("release", function () { if (lock === sentinel) lock = null; show(); });
      show();
    }).catch(function () { lock = null; show(); });
  }

  function release() {
    var held = lock;
    lock = null;
    if (held) held.release().catch(function () {});
    show();
  }

  button.addEventListener("click", function () {
    var on = button.getAttribute("aria-pressed") !== "true";
    remember(on);
    if (on) acquire(); else release();
  });
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && wanted()) acquire();
  });
  button.hidden = false;
  show();
  if (wanted()) acquire();
})();
