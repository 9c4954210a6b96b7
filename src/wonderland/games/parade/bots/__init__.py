"""parade's bots and the knowledge search uses."""
