"""The ``wonderland`` command line."""
