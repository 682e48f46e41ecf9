"""A game's rules document (Markdown shipped in its package) as an HTML page.

markdown-it-py comes with Rich, so this needs nothing more; raw HTML in the source is escaped.
"""

from __future__ import annotations

from html import escape

from markdown_it import MarkdownIt

_md = MarkdownIt("commonmark", {"html": False}).enable("table")


def rules_page(title: str, markdown: str) -> str:
    body = _md.render(markdown)
    return f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>dinobox · {escape(title)}: rules and assumptions</title>
  <link rel="stylesheet" href="/static/css/app.css">
  <link rel="icon" type="image/svg+xml" href="/static/dino.svg">
</head>
<body>
  <header class="top"><span class="title"><img class="logo" src="/static/dino.svg" alt="">dinobox</span>\
<a href="/">Lobby</a></header>
  <main><article class="panel howto rules-doc">
{body}
  </article></main>
  <script type="module" src="/static/js/topbar.js"></script>
</body>
</html>
"""
