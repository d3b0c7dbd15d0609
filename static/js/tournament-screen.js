// The tournament screen at the venue. It shows one view at a time and moves to the next
// every `data-cycle` seconds (a view too tall for the screen is scaled down to fit);
// the round clock counts down every second from the server's time; and every
// `data-poll` seconds it asks the server whether anything changed, sending the version
// it shows (If-None-Match): the answer is 304 when nothing did, else the new page, whose
// content is swapped in where the screen is (the view shown stays shown). Without a
// script, the page's <noscript> refresh loads the next view.
// Where the page names a stream (data-events-url: the push server, scorekeeper/push.py),
// the screen follows it: each "screen" event brings the new content, rendered once for
// every screen, swapped in the same way (one without content: the screen asks itself);
// while the stream is open the screen polls only every `data-push-poll` seconds (a safety
// net), and once at each opening. "gone" (the link revoked) closes the stream for good;
// cut otherwise, the stream opens again by itself and polling goes on meanwhile; refused
// as it opens (the app busy, or the link revoked: the browser does not try again), the
// screen polls and opens it again later, waiting twice as long each time, up to 10 min.
// Tests drive it through window.scorekeeperScreen (next, show, poll) and ?cycle=N.
(function () {
  "use strict";
  var screen = document.getElementById("screen");
  if (!screen) return;
  var cycle = (parseFloat(screen.getAttribute("data-cycle")) || 15) * 1000;
  var pollEvery = (parseFloat(screen.getAttribute("data-poll")) || 5) * 1000;
  var version = screen.getAttribute("data-version") || "";
  var events = screen.getAttribute("data-events-url");
  var pushPollEvery = (parseFloat(screen.getAttribute("data-push-poll")) || 60) * 1000;
  var streaming = false;
  var pollTimer = null;
  var streamWait = 30000; // before opening again a stream refused as it opened
  var offset = 0; // server time minus this device's time
  var shownKey = null;
  var cycleTimer = null;

  function slides() {
    return Array.prototype.slice.call(screen.querySelectorAll(".screen-slide"));
  }

  function fit(slide) {
    slide.style.setProperty("--fit", "1");
    var scale = 1;
    while (scale > 0.45 && slide.scrollHeight > slide.clientHeight + 1) {
      scale -= 0.05;
      slide.style.setProperty("--fit", scale.toFixed(2));
    }
  }

  function show(index) {
    var all = slides();
    if (!all.length) return;
    index = ((index % all.length) + all.length) % all.length;
    all.forEach(function (slide, i) {
      slide.classList.toggle("is-current", i === index);
    });
    var dots = screen.querySelectorAll(".screen-dots li");
    Array.prototype.forEach.call(dots, function (dot, i) {
      dot.classList.toggle("is-current", i === index);
    });
    shownKey = all[index].getAttribute("data-slide");
    screen.setAttribute("data-current", String(index));
    fit(all[index]);
  }

  function currentIndex() {
    var all = slides();
    for (var i = 0; i < all.length; i++) {
      if (all[i].classList.contains("is-current")) return i;
    }
    return 0;
  }

  function next() {
    show(currentIndex() + 1);
  }

  function restartCycle() {
    if (cycleTimer) window.clearInterval(cycleTimer);
    cycleTimer = window.setInterval(next, cycle);
  }

  function showKey(key) {
    var all = slides();
    for (var i = 0; i < all.length; i++) {
      if (all[i].getAttribute("data-slide") === key) {
        show(i);
        return true;
      }
    }
    return false;
  }

  function readClock() {
    var clock = document.getElementById("screen-clock");
    if (!clock || !clock.getAttribute("data-ends")) return;
    offset = parseInt(clock.getAttribute("data-now"), 10) - Date.now();
  }

  function tick() {
    var clock = document.getElementById("screen-clock");
    if (!clock || clock.getAttribute("data-running") !== "true") return;
    var ends = parseInt(clock.getAttribute("data-ends"), 10);
    var left = Math.ceil((ends - (Date.now() + offset)) / 1000);
    if (left <= 0) {
      clock.textContent = clock.getAttribute("data-over");
      clock.classList.add("clock-over");
      return;
    }
    var minutes = Math.floor(left / 60);
    var seconds = left % 60;
    var time = minutes + ":" + (seconds < 10 ? "0" : "") + seconds;
    clock.textContent = clock.getAttribute("data-text").replace("{time}", time);
    clock.classList.remove("clock-over");
  }

  function swap(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("screen");
    if (!fresh) return;
    var key = shownKey;
    screen.innerHTML = fresh.innerHTML;
    version = fresh.getAttribute("data-version") || version;
    screen.setAttribute("data-version", version);
    readClock();
    tick();
    if (!(key && showKey(key))) show(0);
  }

  function poll() {
    if (!window.fetch || !window.DOMParser) return Promise.resolve();
    // The same address without the view asked for: the screen keeps its own place.
    var url = window.location.pathname + window.location.search.replace(/([?&])view=\d+&?/, "$1").replace(/[?&]$/, "");
    return fetch(url, {
      credentials: "same-origin",
      cache: "no-store",
      headers: { "If-None-Match": '"' + version + '"' },
    })
      .then(function (response) {
        document.documentElement.removeAttribute("data-stale");
        if (response.status === 304) return null;
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      })
      .then(function (html) {
        if (html) swap(html);
      })
      .catch(function () {
        document.documentElement.setAttribute("data-stale", "true");
      });
  }

  function schedulePoll() {
    if (pollTimer) window.clearTimeout(pollTimer);
    pollTimer = window.setTimeout(function () {
      pollTimer = null;
      var asked = document.hidden ? Promise.resolve() : poll();
      asked.then(schedulePoll);
    }, streaming ? pushPollEvery : pollEvery);
  }

  function follow() {
    if (!events || !window.EventSource || !window.DOMParser) return;
    var stream = new EventSource(events + "&v=" + encodeURIComponent(version));
    var gone = false;
    stream.addEventListener("open", function () {
      streaming = true;
      streamWait = 30000;
      poll().then(schedulePoll); // what changed while the stream was being opened
    });
    stream.addEventListener("error", function () {
      if (streaming) {
        streaming = false;
        schedulePoll();
      }
      if (stream.readyState === 2 && !gone) {
        // Refused (not a cut, which the browser mends itself): later, polling meanwhile.
        window.setTimeout(follow, streamWait);
        streamWait = Math.min(streamWait * 2, 600000);
      }
    });
    stream.addEventListener("screen", function (event) {
      var news;
      try {
        news = JSON.parse(event.data);
      } catch (e) {
        return;
      }
      document.documentElement.removeAttribute("data-stale");
      if (news.html) {
        if (news.version !== version) swap(news.html);
      } else {
        poll();
      }
    });
    stream.addEventListener("gone", function () {
      gone = true;
      stream.close();
      streaming = false;
      poll().then(schedulePoll);
    });
  }

  show(parseInt(screen.getAttribute("data-current"), 10) || 0);
  readClock();
  tick();
  window.setInterval(tick, 1000);
  restartCycle();
  schedulePoll();
  follow();
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) poll();
  });
  window.addEventListener("resize", function () {
    show(currentIndex());
  });
  window.scorekeeperScreen = {
    next: next,
    show: showKey,
    poll: poll,
  };
})();
