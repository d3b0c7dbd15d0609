// Check-in at the door: a tap on "There" or "Paid" marks the entry at once, without
// reloading the list (the form posts in the background and the counts come back);
// without a script, or when the request fails, the form posts as usual.
(function () {
  "use strict";
  if (!window.fetch || !window.FormData) return;
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.classList || !form.classList.contains("checkin-form")) return;
    event.preventDefault();
    var button = form.querySelector("button");
    var value = form.querySelector('input[name="value"]');
    button.disabled = true;
    fetch(form.action, {
      method: "POST",
      body: new FormData(form),
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.json();
      })
      .then(function (data) {
        var row = form.closest(".checkin-row");
        [["present", data.present], ["paid", data.paid]].forEach(function (pair) {
          var other = row.querySelector(".mark-" + pair[0]);
          if (!other) return;
          other.setAttribute("aria-pressed", pair[1] ? "true" : "false");
          other.form.querySelector('input[name="value"]').value = pair[1] ? "0" : "1";
        });
        row.classList.toggle("is-present", data.present);
        var summary = document.getElementById("door-summary");
        if (summary && data.summary) summary.innerHTML = data.summary;
        button.disabled = false;
        button.focus();
      })
      .catch(function () {
        button.disabled = false;
        value.form.submit();
      });
  });
})();
