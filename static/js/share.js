/* Links handed on (templates/_share.html): a copy button, and the phone's share sheet or,
   without one, the WhatsApp link. Every page works without this file (the link is text, with
   its QR code). A board's view link is sent with the score as the board stands when shared
   (data-share-playing / data-share-over, their {names}, {score} and {result} filled in);
   any other link with its data-share-text. */
(function () {
  "use strict";

  function setUpCopyButtons() {
    if (!navigator.clipboard) return;
    document.querySelectorAll(".copy-btn").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        navigator.clipboard.writeText(button.dataset.copy).then(function () {
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
      var url = button.dataset.shareUrl, whatsapp = button.parentNode.querySelector(".whatsapp-link");
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
