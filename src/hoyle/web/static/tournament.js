// The tournament page's live part (standings, rounds), read again every few seconds.
"use strict";
(function () {
  const live = document.getElementById("live");
  if (!live) return;
  const every = Number(live.dataset.every) || 5000;
  async function again() {
    try {
      const r = await fetch(live.dataset.src, {credentials: "same-origin"});
      if (r.ok) {
        const html = await r.text();
        // not while the reader is typing a report into it
        if (!live.contains(document.activeElement) || document.activeElement === document.body) {
          live.innerHTML = html;
        }
      }
    } catch (e) { /* the next reading tries again */ }
    setTimeout(again, every);
  }
  setTimeout(again, every);
})();
