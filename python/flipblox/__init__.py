"""Exact, fast answers for two grid puzzles, from Python: the flipblox library's own code.

Lights Out and the Flip Game (POJ 1753)
    ``distance(board)`` answers a 4x4 Flip Game board with one lookup in the embedded table;
    ``Variant(rows, cols, goal=..., wrap=..., toggle=..., colours=...)`` names any member of the
    Lights Out family, and ``variant.solve(board)`` / ``variant.solve(boards)`` answers one
    board or many (strings, or a NumPy array of colours) with an ``Answer``: the distance, one
    optimal press set, the colour reached and whether the minimum is proven.

Distance tables as NumPy arrays
    ``table()`` is the embedded 4x4 table (65,536 ``uint8`` entries, index = state, 255 =
    impossible), ``Variant(...).table()`` builds any variant's table, and ``load_table(path)``
    maps a ``.fbt`` table file (``flipblox table build`` / ``flipblox export``) after checking
    it.

Bloxorz (POJ 3322, and the original game's switches, bridges and split cubes)
    ``solve(pack)`` answers every level of a level pack (a ``pathlib.Path``, the text as ``str``,
    or ``bytes``; a level pack, the Flash game's file or an S/T/o/- drawing) with one record per
    level, a dict with the keys of ``flipblox bloxorz --json``; ``iter_solve(pack)`` yields them
    as they are solved; ``field(pack, level)`` is a level's distance field, ``int32`` of shape
    (R, C, 3).

Errors are exceptions carrying the command-line tool's messages: ``LevelError``, ``BoardError``
and ``TableError`` (all ``flipblox.Error``, a ``ValueError``), ``OSError`` for files that cannot
be read. The GIL is released while the library works, so threads run in parallel; ``jobs=`` runs
a pack on several cores through the command-line tool's batch runner.
"""

from flipblox._native import (
    Answer,
    BoardError,
    Error,
    InputWarning,
    LevelError,
    Records,
    TableError,
    TableMemory,
    Variant,
    __version__,
    distance,
    field,
    iter_solve,
    load_table,
    solve,
    table,
)

__all__ = [
    "Answer",
    "BoardError",
    "Error",
    "InputWarning",
    "LevelError",
    "Records",
    "TableError",
    "TableMemory",
    "Variant",
    "__version__",
    "distance",
    "field",
    "iter_solve",
    "load_table",
    "solve",
    "table",
]
