"""Browser glue, run by PyScript on the main thread: index.html's <script type="py"> imports it
as the module ``main`` (web/snapshot-loader.mjs writes it beside the engine, so a boot
snapshot keeps it compiled).

It only wires the page to the pure-Python app controller (pocketdeck.ui.app): one
delegated click listener (boot.js ``listenTaps``) maps data-action, data-arg and data-fill
to ``App.handle``, the returned storage effects go to IndexedDB in one transaction, and
the HTML replaces <main> in one DOM update (one call to web/lastscreen.js, which also
keeps the screen for the next start once the browser is idle).

Order matters: a tap's storage write is handed to the store (boot.js ``save``, which
counts it at once and starts it right after the frame; a page left before it is known
written puts it in a journal the next start replays) before the screen is drawn, so a
screen that fails to draw cannot lose the tap; the URL fragment is cleared before a link
is opened, so a link that somehow kills the page does not do so again on every reload.
"""

import asyncio
import json

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

window.pocketdeckShell.progress("Loading the Pocketdeck engine…")
window.performance.mark("pocketdeck:main")  # the start's phases, read by tests/bench_webkit.py

from pocketdeck.ui.app import App  # noqa: E402

app = App(seed_source=int(window.pocketdeckEntropy()))
app.features = json.loads(str(window.pocketdeckFeatures()))  # what this browser can do (boot.js)
root = document.getElementById("app")
html_el = document.documentElement
shell = window.pocketdeckShell
store = window.pocketdeckStore
# the bench's breakdown of a tap (tests/bench_taps.py sets pocketdeckTiming before boot):
# performance marks between the phases, nothing at all otherwise
perf = window.performance if getattr(window, "pocketdeckTiming", None) else None


def mark(name: str) -> None:
    if perf:
        perf.mark(name)


def render(action: str | None = None, arg: str | None = None) -> None:
    """Draw the screen; ``action`` and ``arg`` are the tapped element's data-action and
    data-arg (the shell keeps focus on its twin in the new screen, else moves it to the
    prompt: web/lastscreen.js). Passed as the strings on_click already read: every read of
    the DOM from Python is a crossing that costs time in each tap."""
    try:
        html, popovers = app.render_parts()
        mark("pd:rendered")
        frame = app.frame()
        # the DOM update, focus, the prompt in view, the live region's sentence, QR codes,
        # the glossary popovers the page does not hold yet, kept for the next start
        # (lastscreen.js); the popovers cross as one string, split on a separator their
        # markup never holds
        shell.show(html, frame["said"], frame["fresh"], action, arg,
                   "\x1e".join(p.replace("\x1e", "") for p in popovers))
    except Exception as exc:  # App.render already catches; this is the last line of defence
        root.innerHTML = ('<section class="render-error"><h1>This screen could not be drawn</h1>'
                          '<p>Your games are saved on this phone.</p><button type="button" '
                          'class="btn primary" data-action="home">Go to the home screen</button></section>')
        window.console.error(f"render failed: {type(exc).__name__}")
    mark("pd:shown")
    rehearse_soon()


rehearsed: set[str] = set()


def rehearse_soon() -> None:
    """Once per table in this page, when the browser is idle: play a tap on a copy of the
    game, off screen (App.rehearse), so the player's first tap is not the first time the
    runtime runs that code (it was several times slower then)."""
    if not app.screen.startswith("table:") or app.screen in rehearsed:
        return
    rehearsed.add(app.screen)

    def run(*_args) -> None:
        try:
            app.rehearse()
        except Exception as exc:  # noqa: BLE001 - a rehearsal is never worth an error
            window.console.warn(f"rehearsal failed: {type(exc).__name__}")

    if getattr(window, "requestIdleCallback", None):
        options = to_js({"timeout": 2000}, dict_converter=window.Object.fromEntries)
        window.requestIdleCallback(create_once_callable(run), options)
    else:
        window.setTimeout(create_once_callable(run), 300)


def start_persist(effects) -> None:
    """Hand the effects to IndexedDB before anything is drawn; boot.js's ``save`` counts
    the write in <html data-saving> at once, starts it once the tap's frame is painted (or
    at once when the page is leaving or hidden, when it also goes into the journal the next
    start replays, or before any other read or write of the store), counts it in <html
    data-saved> when it lands, and calls ``save_failed`` only when it fails, so a tap runs
    no Python after its frame."""
    # what is not a storage write is the Library's, for the browser (web/library.js); the
    # request for persistent storage starts in the tap's own event (Firefox prompts then)
    for effect in [e for e in effects or [] if e[0] not in ("put", "delete")]:
        if effect[0] == "tl":  # the table link (issue 29): web/tablelink.js, loaded on first use
            asyncio.ensure_future(table_link(effect[1]))
        elif effect[0] == "persist":
            asyncio.ensure_future(library_status(window.pocketdeckLibrary.ask()))
        else:
            window.pocketdeckLibrary.act(to_js(list(effect)))
    effects = [list(e) for e in effects or [] if e[0] in ("put", "delete")]
    if effects:
        store.save(json.dumps(effects), save_failed)


def _save_failed(message) -> None:
    """A write that did not land (storage full or blocked): say so, keep playing."""
    app.flash = ("error", f"Could not save to this device: {message}")
    render()


save_failed = create_proxy(_save_failed)  # made once: boot.js may call it after any tap


table_js = None


async def table_link(text: str) -> None:
    """Hand one table-link effect to web/tablelink.js, imported the first time a table
    link is used (never by the home screen)."""
    global table_js
    try:
        if table_js is None:
            window.pocketdeckTableEvent = create_proxy(on_table_event)
            # the page's address, not the runtime's (eval'd code resolves against pyodide's)
            table_js = await window.eval("import(new URL('./tablelink.js', document.baseURI).href)")
        await table_js.run(window.JSON.parse(text))
    except Exception as exc:  # noqa: BLE001 - said on screen in plain words (no link possible)
        on_table_event("error", "", f"{type(exc).__name__}")


def on_table_event(kind, seat, data) -> None:
    """What the connection reports (offer, answer, open, msg, close, error): to the App;
    the screen is drawn again only when it changed."""
    from pocketdeck.ui.table_link import screens as table_screens
    effects, redraw = table_screens.event(app, str(kind), str(seat), str(data))
    start_persist(effects)
    if redraw:
        render()


def on_click(action: str, arg: str, fill: str) -> None:
    """A tap on an element with data-action, as boot.js ``listenTaps`` read it: the
    action, its data-arg ("" when none) and its data-fill fields as JSON ("" when none)."""
    mark("pd:tap")
    try:
        fields = json.loads(fill) if fill else {}
    except ValueError:
        fields = {}
    effects = app.handle(action, arg, fields)
    mark("pd:handled")
    start_persist(effects)  # first: a screen that fails to draw must not lose the tap
    mark("pd:persisted")
    render(action, arg)
    if app.shelf is not None and app.shelf.job is not None:  # a tap that started a long check (a made Foe's Keep)
        asyncio.ensure_future(run_job())


async def on_change(event) -> None:
    """The Library's file picker: the chosen file's text goes to the import, as it is
    (core/records.py refuses whatever is not a library file)."""
    el = event.target
    if el.id != "lib-file" or not el.files or el.files.length == 0:
        return
    chosen = el.files.item(0)
    from pocketdeck.ui.library.screen import file_size_refused
    if file_size_refused(app, chosen.size):  # before a byte is read (issue 28)
        render()
        return
    text = await chosen.text()
    start_persist(app.handle("lib-import-start", str(text), {}))
    await run_job()


async def run_job() -> None:
    """A file or a link being checked (library_screen.run_slice): slices of about 50 ms,
    the page given back between them; the progress line is written in place, Cancel is a
    tap like any other; what it brings is kept (one write) only once all of it is checked
    (issue 28)."""
    from pocketdeck.ui.library.screen import progress_line, shelf
    render()
    while shelf(app).job is not None:
        await asyncio.sleep(0.001)
        if shelf(app).job is None:  # cancelled by a tap meanwhile (on_click drew its screen)
            return
        start_persist(app.handle("lib-import-step"))
        line = document.querySelector(".lib-progress")
        if shelf(app).job is not None and line:
            line.innerHTML = progress_line(app)
    render()


async def library_status(asked=None) -> None:
    """Show what the browser says about storage (measured, never waiting for a person);
    ``asked``: the promise of the player's request for persistent storage (web/library.js
    ask, started in the tap's own event), whose answer may take as long as the person."""
    try:
        pending = asked if asked is not None else window.pocketdeckLibrary.status()
        status = (await pending).to_py()
    except Exception:  # noqa: BLE001 - no storage manager: the screen says export instead
        return
    app.handle("lib-status", "", status)
    if app.screen.startswith("library"):
        render()


def on_submit(event) -> None:
    # Enter in a form field "clicks" its submit button, which on_click handles; the form
    # itself never goes anywhere
    event.preventDefault()


def take_link() -> list:
    """A game link in the URL fragment (#g=...): clear the fragment FIRST, then open the
    link (as a preview; App.open_link never raises)."""
    fragment = window.location.hash[1:]
    if not fragment:
        return []
    window.history.replaceState(None, "", window.location.pathname + window.location.search)
    return app.handle("lib-link-start", fragment)   # checked in slices by run_job


async def on_hashchange(event) -> None:
    start_persist(take_link())
    await run_job()


async def boot() -> None:
    window.pocketdeckShell.progress("Opening your library…")
    try:
        entries = (await window.pocketdeckStore.entries("")).to_py()
    except Exception as exc:
        entries = []
        app.problems.append(f"This browser would not open the saved library ({exc}); "
                            "games will not be kept.")
    window.performance.mark("pocketdeck:library-read")
    try:
        app.restore({str(k): v for k, v in entries})
    except Exception as exc:  # App.restore catches per entry; this keeps start-up going
        app.problems.append(f"Part of the saved library could not be read ({type(exc).__name__}); "
                            "it is kept as it was.")
    effects = take_link()
    shell.listenTaps(create_proxy(on_click))
    window.addEventListener("hashchange", create_proxy(lambda e: asyncio.ensure_future(on_hashchange(e))))
    document.addEventListener("submit", create_proxy(on_submit))
    document.addEventListener("change", create_proxy(lambda e: asyncio.ensure_future(on_change(e))))
    asyncio.ensure_future(library_status())  # measured only: persist() waits for a tap
    start_persist(effects)
    window.performance.mark("pocketdeck:restored")
    render()
    html_el.setAttribute("data-ready", "")
    await run_job()  # a link the page was opened with


asyncio.ensure_future(boot())
