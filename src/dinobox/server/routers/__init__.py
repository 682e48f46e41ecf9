"""One router per resource: games, tables, the WebSocket and the pages."""
