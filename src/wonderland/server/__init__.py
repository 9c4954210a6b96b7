"""The web table: FastAPI app, live tables, websocket protocol and the browser client."""
