"""The map editor: draw a fleet by dragging, mark cells known at start, make puzzles, save in any format.

The map being drawn is ``app.core.draft.MapDraft`` (plain Python, no Qt).
Here: ``paint`` (how the editor draws a cell, shared by the board and its
legend), ``canvas`` (the board), ``legend``, ``fleet_panel`` and ``window``
(``MapEditor``, the window).
"""
