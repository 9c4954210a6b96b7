"""wonderlands_war's bots and the knowledge search uses."""
