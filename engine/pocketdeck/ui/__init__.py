"""The app's screens as pure functions from views to HTML strings.

Nothing here touches the browser: web/main.py (run by PyScript) feeds taps in and puts
the HTML into the page, so every screen can be rendered and tested in plain CPython.
Every piece of user text goes through ``html.esc`` on its way into the page.
"""
