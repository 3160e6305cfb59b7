/**
 * The widget's whole stylesheet, injected into its shadow root so no page style leaks in or
 * out. Kept as a plain string (no interpolation): build.mjs minifies it with esbuild's CSS
 * minifier. Colours come from CSS variables set from the owner's design.
 */
export const CSS = `
:host { all: initial; display: block; }
*, *::before, *::after { box-sizing: border-box; }
.root {
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  font-size: 14px; line-height: 1.45; color: #1f2328; -webkit-font-smoothing: antialiased;
  text-align: left; letter-spacing: normal;
}
button, input, textarea { font: inherit; color: inherit; margin: 0; }
button { cursor: pointer; border: 0; background: none; padding: 0; }
button:disabled { cursor: default; }
:focus-visible { outline: 2px solid var(--accent-ink); outline-offset: 2px; }
.sr-only {
  position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}

.inline { display: flex; flex-direction: column; align-items: flex-end; gap: 16px; }
.inline .win { position: relative; width: 100%; max-width: var(--otklik-width, 400px); height: var(--otklik-height, 600px); }
.floating .win {
  position: fixed; z-index: 2147483000; right: 20px; bottom: calc(var(--bottom) + 76px);
  width: 380px; height: min(640px, calc(100vh - var(--bottom) - 100px)); min-height: 360px;
  transform-origin: bottom right;
}
.floating .launcher { position: fixed; z-index: 2147483000; right: 20px; bottom: var(--bottom); }

.win:focus { outline: none; }
.win {
  display: flex; flex-direction: column; overflow: hidden; border-radius: 20px; background: var(--surface);
  box-shadow: 0 16px 48px rgba(15, 23, 42, .18), 0 2px 8px rgba(15, 23, 42, .08), 0 0 0 1px rgba(15, 23, 42, .06);
  animation: pop .24s cubic-bezier(.2, .9, .3, 1.2);
}
@keyframes pop { from { opacity: 0; transform: translateY(12px) scale(.97); } }

.launcher {
  width: 60px; height: 60px; border-radius: 50%; background: var(--accent); color: var(--on-accent);
  display: grid; place-items: center; position: relative; flex: none;
  box-shadow: 0 8px 24px rgba(15, 23, 42, .22), 0 2px 6px rgba(15, 23, 42, .12);
  transition: transform .2s ease, box-shadow .2s ease;
}
.launcher-icon { grid-area: 1 / 1; display: grid; transition: transform .25s ease, opacity .2s ease; }
.icon-close, .is-open .icon-chat { opacity: 0; transform: rotate(-60deg) scale(.6); }
.is-open .icon-close { opacity: 1; transform: none; }
.badge {
  position: absolute; top: -2px; right: -2px; min-width: 20px; height: 20px; padding: 0 5px;
  border-radius: 10px; background: #ef4444; color: #fff; font-size: 11.5px; font-weight: 700;
  display: grid; place-items: center; box-shadow: 0 0 0 2px #fff;
}

.head {
  position: relative; overflow: hidden; flex: none; display: flex; align-items: center; gap: 12px;
  min-height: 76px; padding: 16px 12px 16px 18px; background: var(--bg); color: var(--on-bg);
}
.pattern {
  position: absolute; top: 0; left: 0; pointer-events: none; transform-origin: 0 0;
  background-repeat: repeat; background-position: 0 0;
}
.head > :not(.pattern) { position: relative; }
.head-avatar { flex: none; }
.avatar { display: block; border-radius: 50%; object-fit: cover; background: #fff; }
.avatar-lg { width: 44px; height: 44px; box-shadow: 0 0 0 2px rgba(255, 255, 255, .85), 0 2px 8px rgba(0, 0, 0, .15); }
.avatar-letter {
  display: grid; place-items: center; background: var(--accent); color: var(--on-accent);
  font-weight: 700; font-size: 18px;
}
.online-dot {
  position: absolute; right: -1px; bottom: 0; width: 12px; height: 12px; border-radius: 50%;
  background: #22c55e; box-shadow: 0 0 0 2px var(--bg);
}
.titles { flex: 1; min-width: 0; }
.bot-name, .bot-role { margin: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.bot-name { font-size: 16px; font-weight: 650; line-height: 1.25; }
.bot-role { font-size: 13px; opacity: .78; margin-top: 2px; }
.icon-btn { width: 36px; height: 36px; border-radius: 50%; display: grid; place-items: center; flex: none; }
.close { color: inherit; opacity: .85; transition: background .15s, opacity .15s; }

.offline { margin: 0; padding: 6px 12px; background: #fff7e6; color: #8a5a00; font-size: 12.5px; text-align: center; }

.body {
  flex: 1; min-height: 0; overflow-y: auto; overscroll-behavior: contain; padding: 18px 14px 10px;
  display: flex; flex-direction: column; gap: 8px;
}
.body:focus-visible { outline-offset: -2px; }
.row { display: flex; }
.row-user { justify-content: flex-end; }
.bubble {
  max-width: 82%; padding: 9px 14px; border-radius: 18px; font-size: 14.5px; line-height: 1.45;
  overflow-wrap: anywhere; animation: rise .22s ease-out;
  box-shadow: 0 1px 2px rgba(15, 23, 42, .06);
}
@keyframes rise { from { opacity: 0; transform: translateY(6px); } }
.from-bot { background: var(--msg); color: var(--on-msg); border-bottom-left-radius: 6px; }
.from-user { background: var(--accent); color: var(--on-accent); border-bottom-right-radius: 6px; }
.failed { background: #fdecec; color: #9f1c1c; }
.bubble p, .bubble ul, .bubble ol { margin: 0; }
.bubble > * + * { margin-top: 6px; }
.bubble ul, .bubble ol { padding-left: 20px; }
.bubble li + li { margin-top: 2px; }
.bubble a { color: inherit; text-decoration: underline; text-underline-offset: 2px; }
.bubble code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: .9em; background: rgba(127, 127, 127, .18); padding: 1px 4px; border-radius: 4px; }
.typing { display: flex; gap: 4px; align-items: center; padding: 13px 14px; }
.typing i { width: 7px; height: 7px; border-radius: 50%; background: currentColor; opacity: .45; animation: blink 1.2s infinite ease-in-out; }
.typing i:nth-of-type(2) { animation-delay: .15s; }
.typing i:nth-of-type(3) { animation-delay: .3s; }
@keyframes blink { 30% { opacity: .9; transform: translateY(-3px); } }

.phone-form, .phone-done {
  margin: 6px 0 0; padding: 12px; border-radius: 16px; background: #fff;
  box-shadow: 0 1px 3px rgba(15, 23, 42, .1), 0 0 0 1px rgba(15, 23, 42, .05); animation: rise .22s ease-out;
}
.phone-done { text-align: center; color: #166534; font-size: 13.5px; }
.phone-title { display: flex; gap: 8px; align-items: flex-start; margin: 0 0 10px; font-size: 13.5px; }
.phone-title svg { flex: none; margin-top: 1px; color: var(--accent-ink); }
.phone-row { display: flex; gap: 8px; }
.phone-input {
  flex: 1; min-width: 0; border: 1px solid #d0d5dd; border-radius: 10px; padding: 9px 12px; font-size: 14px;
  background: #fff; outline: 0;
}
.phone-input:focus { border-color: var(--accent-ink); }
.phone-input[aria-invalid] { border-color: #d92d20; }
.phone-send {
  flex: none; border-radius: 10px; padding: 0 14px; background: var(--accent); color: var(--on-accent);
  font-weight: 600; font-size: 13.5px;
}
.phone-error { margin: 6px 0 0; color: #c0262d; font-size: 12.5px; }

.foot { flex: none; position: relative; padding: 10px 12px 8px; background: #fff; border-top: 1px solid rgba(15, 23, 42, .07); }
.chips {
  list-style: none; margin: 0 0 10px; padding: 0; display: flex; flex-wrap: wrap; gap: 6px; justify-content: flex-end;
  transition: transform .3s ease-in, opacity .3s ease-in;
}
.chips.leaving { transform: translateX(110%); opacity: 0; }
.chip {
  border: 1.5px solid var(--accent-ink); color: var(--accent-ink); background: #fff; border-radius: 999px;
  padding: 6px 13px; font-size: 13.5px; line-height: 1.3; transition: background .15s, color .15s;
}

.composer {
  display: flex; align-items: flex-end; gap: 4px; padding: 5px 5px 5px 14px; border-radius: 22px;
  border: 1px solid rgba(15, 23, 42, .14); background: #fff; transition: border-color .15s, box-shadow .15s;
}
.composer:focus-within { border-color: var(--accent-ink); box-shadow: 0 0 0 3px rgba(127, 127, 127, .12); }
.input {
  flex: 1; min-width: 0; border: 0; outline: 0; resize: none; background: transparent; padding: 5px 0;
  font-size: 14.5px; line-height: 24px; height: 34px; max-height: 82px; color: #1f2328;
}
.input::placeholder { color: #8a9099; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.tools { display: flex; align-items: center; gap: 0; }
.tool { width: 34px; height: 34px; color: #6b7280; transition: background .15s, color .15s; }
.tool.active { color: var(--accent-ink); background: #f1f3f5; }
.send {
  width: 34px; height: 34px; margin-left: 2px; border-radius: 50%; display: grid; place-items: center;
  background: var(--accent); color: var(--on-accent); transition: opacity .15s, transform .15s;
}
.send:disabled { opacity: .35; }
.emoji-panel {
  position: absolute; left: 12px; right: 12px; bottom: calc(100% - 2px); z-index: 2;
  display: grid; grid-template-columns: repeat(10, 1fr); gap: 2px; padding: 8px; border-radius: 16px;
  background: #fff; box-shadow: 0 8px 28px rgba(15, 23, 42, .18), 0 0 0 1px rgba(15, 23, 42, .06);
  animation: rise .18s ease-out;
}
.emoji { font-family: "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", sans-serif; font-size: 20px; line-height: 1; aspect-ratio: 1; border-radius: 8px; display: grid; place-items: center; }
.brand { margin: 8px 0 0; text-align: center; font-size: 11.5px; color: #6b7280; }
.brand b { font-weight: 600; color: #374151; }
/* Hover looks only where a pointer hovers: on touch screens a tap would leave them stuck (a chip
   that appears under the finger after the launcher is tapped looked selected). */
@media (hover: hover) {
  .launcher:hover { transform: scale(1.06); box-shadow: 0 10px 28px rgba(15, 23, 42, .26); }
  .close:hover { opacity: 1; background: rgba(127, 127, 127, .2); }
  .chip:hover { background: var(--accent); border-color: var(--accent); color: var(--on-accent); }
  .tool:hover { color: var(--accent-ink); background: #f1f3f5; }
  .send:not(:disabled):hover { transform: scale(1.06); }
  .emoji:hover { background: #f1f3f5; transform: scale(1.12); }
}

@media (max-width: 480px) {
  .floating .win {
    top: 0; right: 0; bottom: 0; left: 0; width: 100%; height: 100%; min-height: 0; border-radius: 0;
    animation-name: slide;
  }
  .floating.open .launcher { display: none; }
  .floating .input { font-size: 16px; }
  .floating .foot { padding-bottom: calc(8px + env(safe-area-inset-bottom)); }
}
@keyframes slide { from { transform: translateY(24px); opacity: 0; } }
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { animation: none !important; transition: none !important; }
}
`;
