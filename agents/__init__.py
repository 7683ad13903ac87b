"""The agents: Python agents (``*.py``) and CLIPS agents (``clips/``)."""
