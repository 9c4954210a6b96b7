"""parade's hosting aids: teaching positions, practice tasks, the score calculator."""
