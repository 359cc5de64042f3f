"""Exact, fast answers for two grid puzzles, from Python: the flipblox library's own code.

Lights Out and the Flip Game (POJ 1753)
    ``flip(source, **options)`` answers every board of a file, text or ``--board`` strings with
    the options of ``flipblox flip`` as keyword arguments (sizes read from the input, holes, a
    buttons file, a Tatham game ID, ...): one record per board, a dict equal to the object
    ``flipblox flip --json`` prints. ``distance(board)`` answers a 4x4 Flip Game board with one
    lookup in the embedded table. ``Variant(rows, cols, goal=..., wrap=..., toggle=...,
    colours=...)`` is the typed door for one board size: ``variant.solve(board)`` /
    ``variant.solve(boards)`` answers one board or many (strings, or a NumPy array of colours)
    with an ``Answer``: the distance, one optimal press set, the colour reached and whether the
    minimum is proven.

Distance tables as NumPy arrays
    ``table()`` is the embedded 4x4 table (65,536 ``uint8`` entries, index = state, 255 =
    impossible), ``Variant(...).table()`` builds any variant's table, and ``load_table(path)``
    reads a ``.fbt`` table file (``flipblox table build`` / ``flipblox export``) after checking
    it (a copy up to 256 MiB, a memory map above).

Bloxorz (POJ 3322, and the original game's switches, bridges and split cubes)
    ``solve(pack)`` answers every level of a level source (a ``pathlib.Path``, the text as
    ``str``, or ``bytes``; a level pack, the Flash game's file or a JavaScript port of it, an
    S/T/o/- drawing or PDDL problems) with one record per level, a dict equal to the object
    ``flipblox bloxorz --json`` prints; ``iter_solve(pack)`` yields them as they are solved;
    ``field(pack, level)`` is a level's distance field, ``int32`` of shape (R, C, 3).

Errors are exceptions carrying the command-line tool's messages: ``LevelError``, ``BoardError``
and ``TableError`` (all ``flipblox.Error``, a ``ValueError``), ``OSError`` for files that cannot
be read. The GIL is released while the library works, so threads run in parallel; ``jobs=`` runs
a pack on several cores through the command-line tool's batch runner.
"""

import os
from typing import Literal, Optional, Tuple, TypedDict, Union

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
    flip,
    iter_solve,
    load_table,
    solve,
    table,
)

#: What the functions that read an input take: a path (``os.PathLike``, such as
#: ``pathlib.Path``), the text itself (``str``), or its bytes.
Source = Union["os.PathLike[str]", str, bytes, bytearray, memoryview]
# The choices below are unions of one-value literals, the shape type checkers give a literal of
# several values (so the stubs and the package say the same to `mypy.stubtest`).
#: How a Bloxorz input is written (``input_format=``, the command-line tool's ``--input-format``).
InputFormat = Union[
    Literal["auto"], Literal["pack"], Literal["flash"], Literal["drawing"], Literal["pddl"]
]
#: How ``Variant.solve`` answers.
Method = Union[Literal["auto"], Literal["table"], Literal["linear_algebra"]]
#: How ``flip`` answers boards (the command-line tool's ``--method``; ``"linear_algebra"`` is
#: ``"gf2"``).
FlipMethod = Union[
    Literal["auto"], Literal["table"], Literal["gf2"], Literal["linear_algebra"]
]
#: A board size: ``"RxC"`` or ``(rows, cols)``.
Size = Union[str, Tuple[int, int]]
#: Boards for ``Variant.solve``: one board's text or colours (rows, cols), or many (a list of
#: texts, or colours of shape (N, rows, cols)).
Boards = Union[str, "list[str]", "numpy.typing.ArrayLike"]


class BoardRecord(TypedDict):
    """One board of ``flip``: the object ``flipblox flip --json`` prints (docs/JSON.md)."""

    file: str
    index: int
    error: Optional[str]
    distance: Optional[int]
    lower_bound: Optional[int]
    path: Optional[list[list[int]]]
    optimal_solutions: Optional[int]
    solutions: Optional[str]
    board: Optional[str]
    nullity: Optional[int]
    proven_minimal: Optional[bool]
    goal: str
    colours: int
    wrap: bool
    toggle: str
    colour: Optional[str]


class _LevelKeys(TypedDict):
    file: str
    index: int
    error: Optional[str]
    distance: Optional[int]
    path: Optional[str]
    rows: Optional[int]
    cols: Optional[int]
    states_explored: Optional[int]
    title: Optional[str]


class LevelRecord(_LevelKeys, total=False):
    """One level of ``solve``: the object ``flipblox bloxorz --json`` prints (docs/JSON.md);
    ``microseconds`` only with ``timings=True``, the measures only with ``analyse=True``."""

    microseconds: int
    optimal_solutions: Optional[int]
    optimal_solutions_saturated: Optional[bool]
    reachable: Optional[int]
    dead_ends: Optional[int]
    trap_moves: Optional[int]
    cells_used: Optional[int]
    cells_unused: Optional[int]
    unused_cells: Optional[list[list[int]]]
    difficulty: Optional[float]


__all__ = [
    "Answer",
    "BoardError",
    "BoardRecord",
    "Boards",
    "Error",
    "FlipMethod",
    "InputFormat",
    "InputWarning",
    "LevelError",
    "LevelRecord",
    "Method",
    "Records",
    "Size",
    "Source",
    "TableError",
    "TableMemory",
    "Variant",
    "__version__",
    "distance",
    "field",
    "flip",
    "iter_solve",
    "load_table",
    "solve",
    "table",
]
