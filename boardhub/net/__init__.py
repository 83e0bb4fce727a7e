"""Network play, without pygame: the protocol, a table, the server, the client.

The host holds the authoritative game; every other computer only ever receives
what its own seat (or a watcher) may see, encoded for that recipient at the one
place bytes leave the host (`views.encode_view`).
"""
