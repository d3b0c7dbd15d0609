/* The board (and a league's members page, for its links), each its own part of one file
   (one response rather than five); the hand's form under it is outbox.js's, as on a
   hand's own pages. Every page works without this file. First the board's tools: a link
   to something in a closed <details> (the QR tool) opens it, Share opens the phone's
   share sheet at once where there is one, and Undo asks once, in place of its link. */
(function () {
  "use strict";

  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[href^='#']") : null;
    var id = link && link.getAttribute("href").slice(1), to = id ? document.getElementById(id) : null;
    var fold = to && to.closest("details:not([open])");
    if (fold) fold.open = true;
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

/* The scope tally (its words: the texts' script's "scope-tally-texts", only on boards with
   the hand form): scope are the points players forget by the end of a hand, so each side
   gets a large "+1 scopa" (and a "−1") to tap as they are made. The count is the hand's
   own scope field between the buttons: one number, typed or tapped, kept by the drafts
   (outbox.js, offline too) and sent with the hand. A form put back (drafts, outbox: a
   change event) or swapped in (the live part) gets its tally again; without this script
   the scope is typed. */
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

/* Keep the board current while other phones record hands: poll it every few seconds
   (data-poll-ms, LIVE_POLL_MS; 0: never) with If-None-Match (304 while nothing changed)
   and swap in the new one, unless the hand form here is being typed in; at once on
   "scorekeeper:board-stale" (outbox.js: hands kept here were just sent). When the
   server cannot be reached (or this is the service worker's copy, <html
   data-offline-since>), the board says "Offline · last updated at HH:MM" (#offline-line)
   and keeps trying, less and less often; back online it catches up at once. */
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
