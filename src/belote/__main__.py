"""``python -m belote``: the same as the ``belote`` command."""

from belote.cli import main

raise SystemExit(main())
