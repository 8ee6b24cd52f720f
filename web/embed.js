// <tri-peaks>: the game in any page with one script tag and one element.
//
//   <script src="https://example.org/games/tripeaks/web/embed.js" defer></script>
//   <tri-peaks rules="standard" deal="123" height="600"></tri-peaks>
//
// The element holds, in its shadow root, an <iframe> of the index.html that sits next to this script's
// folder (?deal=..&rules=..&embed=1): the host page's CSS and scripts cannot reach the game, nor the game
// the host. Width is 100% of the element; height is the `height` attribute (CSS pixels) or else a 4:3
// box. The game's events (`tripeaks:move`, `tripeaks:won`, `tripeaks:lost`), posted by the frame, come
// back as CustomEvents on the element, `detail` holding the data; they bubble and cross shadow roots.
(() => {
  "use strict";
  const script = document.currentScript;
  if (!script || customElements.get("tri-peaks")) return;
  const GAME = new URL("../index.html", script.src);
  const EVENTS = new Set(["tripeaks:move", "tripeaks:won", "tripeaks:lost", "tripeaks:ready"]);
  const frames = new Map(); // iframe window -> its element, so each embed hears only its own game

  window.addEventListener("message", (event) => {
    const element = frames.get(event.source);
    const data = event.data;
    if (!element || event.origin !== GAME.origin || !data || !EVENTS.has(data.type)) return;
    element.dispatchEvent(new CustomEvent(data.type, { detail: data.detail ?? {}, bubbles: true, composed: true }));
  });

  class TriPeaks extends HTMLElement {
    static observedAttributes = ["deal", "rules", "daily", "code", "height"];
    #frame;
    #source = null;

    constructor() {
      super();
      const root = this.attachShadow({ mode: "open" });
      const style = document.createElement("style");
      style.textContent =
        ":host{display:block;width:100%;contain:content}" +
        ":host([hidden]){display:none}" +
        "iframe{display:block;box-sizing:border-box;width:100%;height:100%;aspect-ratio:auto;border:0;margin:0;" +
        "padding:0;background:#0f5132;color-scheme:light}";
      this.#frame = document.createElement("iframe");
      this.#frame.title = "TriPeaks solitaire";
      this.#frame.allow = "fullscreen";
      this.#frame.setAttribute("referrerpolicy", "no-referrer");
      root.append(style, this.#frame);
    }

    connectedCallback() {
      this.#size();
      this.#load();
      frames.set(this.#frame.contentWindow, this);
    }

    disconnectedCallback() {
      frames.delete(this.#source);
      frames.delete(this.#frame.contentWindow);
    }

    attributeChangedCallback(name) {
      if (!this.isConnected) return;
      if (name === "height") this.#size();
      else this.#load();
    }

    /** The address of the game this element shows. */
    get src() {
      const url = new URL(GAME);
      for (const name of ["deal", "daily", "code", "rules"]) {
        const value = this.getAttribute(name);
        if (value !== null && value !== "") url.searchParams.set(name, value);
      }
      url.searchParams.set("embed", "1");
      return url.href;
    }

    #size() {
      const height = Number.parseFloat(this.getAttribute("height") ?? "");
      if (height > 0) {
        this.style.height = `${height}px`;
        this.style.aspectRatio = "";
      } else {
        this.style.height = "";
        this.style.aspectRatio = "4 / 3";
      }
    }

    #load() {
      const src = this.src;
      if (this.#frame.getAttribute("src") === src) return;
      this.#frame.src = src;
      frames.delete(this.#source);
      this.#source = this.#frame.contentWindow;
      frames.set(this.#source, this);
    }
  }

  customElements.define("tri-peaks", TriPeaks);
})();
