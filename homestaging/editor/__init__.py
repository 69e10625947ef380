"""The browser editor: ``homestaging edit SHEET`` serves a page to draw a plan on.

* :mod:`.adapter` is the only module here that calls the core (read a sheet, check,
  score, placements, render, write);
* :mod:`.session` is one editing session of one sheet file: what the page opens, checks,
  saves and renders;
* :mod:`.server` serves the page and the session's API on 127.0.0.1, with a secret token
  and a checked Host header;
* :mod:`.commands` is the ``edit`` command;
* ``static/`` holds the page: plain JavaScript modules, CSS and SVG, no build step.

The page contract (SPEC section 6) and the API are described in ``docs/editor.md``.
"""
