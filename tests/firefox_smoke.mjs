// The Firefox smoke suite's driver (issue 31), run by tests/test_firefox.py:
//   node tests/firefox_smoke.mjs CONFIG.json
// Drives Debian's firefox-esr headless over WebDriver BiDi with puppeteer-core (pinned in
// build.py, installed into .cache/npm; it never downloads a browser). The same script drives
// Chromium over CDP ("browser": "chrome") for the seeded games only, so the two engines'
// saved games can be compared byte for byte.
//
// CONFIG: {puppeteer: path of the puppeteer-core package, browser: "firefox" | "chrome",
//   executable, url: the app (under a sub-path), control: the test server's offline switch
//   (GET control + "on" | "off"), entropy: the pinned seed source, snapshot: the boot
//   snapshot's cache key or null, games: [{name, steps: [...]}], full: run the whole smoke
//   suite (reload, snapshot, offline, the Library's storage line) or the games only}.
// A step: {click: css} | {tap: [action, arg]} (the visible button carrying them) |
//   {fill: {name: value}} (form fields, as the player would set them) | {wait: css}.
// Prints one JSON line: {timings, boots, records, persistCalls, errors}; any failure exits 1
// with the reason on stderr.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { default: puppeteer } = await import(pathToFileURL(config.puppeteer).href);
const BOOT_MS = 120_000;
const STEP_MS = 30_000;

const INIT = `
window.pocketdeckEntropy = () => ${Number(config.entropy)};
window.__persistCalls = [];
if (typeof StorageManager !== "undefined") {
  const real = StorageManager.prototype.persist;
  StorageManager.prototype.persist = function () {
    window.__persistCalls.push(performance.now());
    return real.call(this);
  };
}`;

const errors = [];
const timings = {};
const boots = {};
const say = (msg) => process.stderr.write(`[${config.browser}] ${msg}\n`);

function fail(msg) {
  throw new Error(msg);
}

async function ready(page, label, how) {
  const t0 = Date.now();
  if (how === "reload") await page.reload({ waitUntil: "domcontentloaded", timeout: BOOT_MS });
  else await page.goto(config.url, { waitUntil: "domcontentloaded", timeout: BOOT_MS });
  await page.waitForSelector("html[data-ready]", { timeout: BOOT_MS })
    .catch(() => fail(`${label}: the app did not boot in ${BOOT_MS / 1000} s`));
  timings[label] = Date.now() - t0;
  boots[label] = await page.evaluate(() => document.documentElement.dataset.boot || null);
  say(`${label}: ready in ${timings[label]} ms (boot: ${boots[label]})`);
}

// until every write the taps started has landed (<html data-saving> back at 0)
async function settled(page) {
  await page.waitForFunction(() => (document.documentElement.dataset.saving || "0") === "0",
    { timeout: STEP_MS });
}

async function tap(page, finder, arg, what) {
  const handle = await page.waitForFunction(finder, { timeout: STEP_MS }, arg).catch(async () => {
    const shown = await page.evaluate(() => [...document.querySelectorAll("[data-action]")]
      .map((b) => `${b.dataset.action} ${b.dataset.arg || ""}${b.disabled ? " (disabled)" : ""}${b.offsetParent ? "" : " (hidden)"}`));
    fail(`no visible button for ${what}; the screen has: ${shown.join(" | ").slice(0, 1500)}`);
  });
  const el = handle.asElement();
  await el.evaluate((e) => e.scrollIntoView({ block: "center" }));
  await el.click();
  await settled(page);
}

// shown and enabled (checkVisibility: a closed <details> keeps its content laid out in
// both engines, so offsetParent alone would find the More menu's buttons "visible")
const visible = (css) => [...document.querySelectorAll(css)]
  .find((e) => !e.disabled && e.offsetParent !== null && e.checkVisibility()) || null;
const carrying = ([action, arg]) => [...document.querySelectorAll("[data-action]")]
  .find((b) => b.dataset.action === action && b.dataset.arg === arg && !b.disabled
    && b.offsetParent !== null && b.checkVisibility()) || null;

async function step(page, s) {
  if (s.click) await tap(page, visible, s.click, s.click);
  else if (s.tap) await tap(page, carrying, s.tap, s.tap.join(" "));
  else if (s.wait) await page.waitForSelector(s.wait, { timeout: STEP_MS });
  else if (s.fill) {
    await page.evaluate((fields) => {
      for (const [name, value] of Object.entries(fields)) {
        const el = document.querySelector(`[name="${name}"]`);
        if (!el) throw new Error(`no field ${name}`);
        el.value = value;
        el.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }, s.fill);
  } else fail(`unknown step ${JSON.stringify(s)}`);
}

async function records(page) {
  return Object.fromEntries(await page.evaluate(() => window.pocketdeckStore.entries("game:")));
}

async function openLibrary(page) {
  const shown = (await page.evaluateHandle(visible, "[data-action=lib]")).asElement();
  if (!shown) await page.click("nav .menu > summary");
  await tap(page, visible, "[data-action=lib]", "Library");
}

async function snapshotKept(page) {
  if (!config.snapshot) return;
  await page.waitForFunction(async (key) => {
    const r = await caches.match(new URL(key, location.href).href);
    return !!r && (await r.arrayBuffer()).byteLength > 1e6;
  }, { timeout: BOOT_MS, polling: 250 }, config.snapshot)
    .catch(() => fail("the boot snapshot was never made on the page (web/snapshot-worker.mjs)"));
}

async function offline(on) {
  const res = await fetch(config.control + (on ? "on" : "off"));
  if (!res.ok) fail(`the test server's offline switch answered ${res.status}`);
}

const browser = await puppeteer.launch({
  browser: config.browser,
  executablePath: config.executable,
  headless: true,
  protocol: config.browser === "firefox" ? "webDriverBiDi" : "cdp",
  args: config.browser === "firefox" ? [] : ["--no-sandbox", "--disable-gpu", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
let out;
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 360, height: 740, deviceScaleFactor: 2 });
  await page.evaluateOnNewDocument(INIT);
  page.on("console", (m) => { if (m.type() === "error") errors.push(`console: ${m.text()}`); });
  page.on("pageerror", (e) => errors.push(`page: ${e.message || e}`));

  await ready(page, "first", "goto");
  const result = {};
  for (const game of config.games) {
    for (const s of game.steps) await step(page, s);
    say(`${game.name}: ${game.steps.length} steps`);
  }
  result.records = await records(page);
  if (config.full) {
    const last = config.games[config.games.length - 1];
    await page.waitForSelector("html[data-offline-ready]", { timeout: BOOT_MS });
    await snapshotKept(page);
    await ready(page, "reload", "reload");
    await page.waitForSelector(`[data-system=${last.system}]`, { timeout: STEP_MS })
      .catch(() => fail(`after a reload the ${last.name} game is not back`));
    const back = await records(page);
    if (JSON.stringify(back) !== JSON.stringify(result.records)) fail("the saved games changed on reload");
    await offline(true);
    try {
      await ready(page, "offline", "reload");
      await page.waitForSelector(`[data-system=${last.system}]`, { timeout: STEP_MS })
        .catch(() => fail(`offline, the ${last.name} game is not back`));
      await openLibrary(page);
      await page.waitForFunction(() => /Stored on this phone: /.test(document.querySelector("p.storage")?.textContent || ""),
        { timeout: STEP_MS }).catch(async () => fail("the Library's storage line never showed: "
          + (await page.evaluate(() => document.querySelector("main").innerText.slice(0, 600)))));
      result.storage = await page.evaluate(() => document.querySelector("p.storage").textContent);
    } finally {
      await offline(false);
    }
  }
  result.persistCalls = await page.evaluate(() => window.__persistCalls.length);
  // what differs between the engines (README, "Browsers"): a share sheet, an install prompt
  result.features = await page.evaluate(() => ({ share: typeof navigator.share === "function",
    installPrompt: "onbeforeinstallprompt" in window }));
  out = { ...result, timings, boots, errors };
} catch (e) {
  process.stderr.write(`[${config.browser}] FAILED: ${e.message}\n`);
  await browser.close().catch(() => {});
  process.exit(1);
}
await browser.close();
process.stdout.write(JSON.stringify(out) + "\n");
