// The lobby: the name a person gives is kept for this browser and sent with whichever
// form makes his table (every form has its own hidden copy of it).
const name = document.getElementById("lobby-name");
if (name) {
  name.value = localStorage.getItem("hoyle-name") || "";
  const stats = document.getElementById("my-stats");  // the statistics of the name given
  const statsLink = () => {
    const value = name.value.trim();
    stats.href = value ? "/stats?name=" + encodeURIComponent(value) : "/stats";
  };
  statsLink();
  name.addEventListener("input", statsLink);
  for (const form of document.querySelectorAll("form")) {
    form.addEventListener("submit", () => {
      const value = name.value.trim();
      // kept for this browser once the table has taken it (table.js), not if refused
      sessionStorage.setItem("hoyle-name-pending", value);
      let copy = form.querySelector("input.name-copy");
      if (!copy) {
        copy = document.createElement("input");
        copy.type = "hidden"; copy.name = "name"; copy.className = "name-copy";
        form.appendChild(copy);
      }
      copy.value = value;
    });
  }
}
// "More options" opens itself when the address asks for it (/#more)
if (location.hash === "#more") document.getElementById("more").open = true;
