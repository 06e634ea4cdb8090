"""The ``potshot`` subcommands, one module each (registered in :mod:`potshot.cli`)."""
