"""Browser glue, run by PyScript on the main thread.

It only wires the page to the pure-Python app controller (pocketdeck.ui.app): one
delegated click listener maps data-action/data-arg to ``App.handle``, the returned
storage effects go to IndexedDB in one transaction, and the HTML replaces <main> in one
DOM update.
"""

import asyncio

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

window.pocketdeckShell.progress("Loading the Pocketdeck engine…")

from pocketdeck.ui.app import App  # noqa: E402

app = App(seed_source=int(window.pocketdeckEntropy()))
root = document.getElementById("app")
html_el = document.documentElement
pending = 0
saved = 0


def render() -> None:
    root.innerHTML = app.render()
    for el in root.querySelectorAll("input.share-link"):
        el.value = window.location.href.split("#")[0] + "#" + el.getAttribute("value")
        el.focus()
        el.select()


async def persist(effects) -> None:
    global pending, saved
    if not effects:
        return
    pending += 1
    html_el.setAttribute("data-saving", str(pending))
    try:
        await window.pocketdeckStore.write(to_js([list(e) for e in effects]))
        saved += 1
        html_el.setAttribute("data-saved", str(saved))
    except Exception as exc:  # storage full or blocked: say so, keep playing
        app.flash = ("error", f"Could not save to this device: {exc}")
        render()
    finally:
        pending -= 1
        html_el.setAttribute("data-saving", str(pending))


def gather_fields(el) -> dict:
    """Values of the form fields named in data-fill: text as text, a checked checkbox
    group as a list of its values."""
    names = el.getAttribute("data-fill")
    fields = {}
    if names:
        for name in (n.strip() for n in names.split(",")):
            found = root.querySelectorAll(f'[name="{name}"]')
            if found.length == 0:
                continue
            if found[0].type == "checkbox":
                fields[name] = [f.value for f in found if f.checked]
            else:
                fields[name] = found[0].value
    return fields


def on_click(event) -> None:
    # JavaScript's null arrives as pyodide.ffi.jsnull, which is falsy but not None
    el = event.target.closest("[data-action]")
    if not el or el.disabled:
        return
    event.preventDefault()
    effects = app.handle(el.getAttribute("data-action"), el.getAttribute("data-arg") or "",
                         gather_fields(el))
    render()
    if effects:
        asyncio.ensure_future(persist(effects))


def on_submit(event) -> None:
    # Enter in a form field "clicks" its submit button, which on_click handles; the form
    # itself never goes anywhere
    event.preventDefault()


def take_link() -> list:
    """A game link in the URL fragment (#g=...): open it, then clear the fragment."""
    fragment = window.location.hash[1:]
    if not fragment:
        return []
    effects = app.open_link(fragment)
    window.history.replaceState(None, "", window.location.pathname + window.location.search)
    return effects


def on_hashchange(event) -> None:
    effects = take_link()
    render()
    if effects:
        asyncio.ensure_future(persist(effects))


async def boot() -> None:
    window.pocketdeckShell.progress("Opening your library…")
    try:
        entries = (await window.pocketdeckStore.entries("")).to_py()
    except Exception as exc:
        entries = []
        app.problems.append(f"This browser would not open the saved library ({exc}); "
                            "games will not be kept.")
    app.restore({k: v for k, v in entries})
    effects = take_link()
    document.addEventListener("click", create_proxy(on_click))
    window.addEventListener("hashchange", create_proxy(on_hashchange))
    document.addEventListener("submit", create_proxy(on_submit))
    render()
    html_el.setAttribute("data-ready", "")
    await persist(effects)


asyncio.ensure_future(boot())
