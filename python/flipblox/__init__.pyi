"""Type stubs of flipblox (the native module's functions, re-exported by the package)."""

import os
from typing import Any, Iterator, Literal, Optional, Sequence, Tuple, TypedDict, Union, final, overload

import numpy as np
import numpy.typing as npt

__version__: str

#: What the functions that read an input take: a path, or the text itself as str, or its bytes.
Source = Union["os.PathLike[str]", str, bytes, bytearray, memoryview]
#: How a Bloxorz input is written (`input_format=`).
InputFormat = Literal["auto", "pack", "flash", "drawing", "pddl"]
#: How `Variant.solve` answers.
Method = Literal["auto", "table", "linear_algebra"]
#: How `flip` answers boards (`--method`; "linear_algebra" is "gf2").
FlipMethod = Literal["auto", "table", "gf2", "linear_algebra"]
#: A board size: "RxC" or (rows, cols).
Size = Union[str, Tuple[int, int]]
#: Boards: one board's text or colours (rows, cols), or many (a list of texts, (N, rows, cols)).
Boards = Union[str, list[str], npt.ArrayLike]

class BoardRecord(TypedDict):
    """One board of `flip`: the object `flipblox flip --json` prints (docs/JSON.md)."""

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
    """One level of `solve`: the object `flipblox bloxorz --json` prints (docs/JSON.md);
    `microseconds` only with `timings=True`, the measures only with `analyse=True`."""

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

class Error(ValueError):
    """The base of flipblox's own exceptions."""

class LevelError(Error):
    """A Bloxorz input or level that cannot be read or answered (`NAME:LINE:COLUMN: ...`)."""

class BoardError(Error):
    """A Lights Out board that cannot be read, or options that name no variant."""

class TableError(Error):
    """A table too large to build, or a table file that fails its checks."""

class InputWarning(UserWarning):
    """Something read in an input that may not mean what was meant."""

@final
class Answer:
    """One board's answer: the distance, one optimal press set, the colour reached, whether
    the minimum is proven, a proven lower bound, and (with `counts=True`) how many solutions."""

    @property
    def distance(self) -> Optional[int]: ...
    @property
    def presses(self) -> list[tuple[int, int]]: ...
    @property
    def colour(self) -> Optional[int]: ...
    @property
    def proven_minimal(self) -> bool: ...
    @property
    def lower_bound(self) -> Optional[int]:
        """A proven lower bound of `distance` (`distance` when proven); None when impossible."""
    @property
    def optimal_solutions(self) -> Optional[int]:
        """Press sets of `distance` presses (with `counts=True` and a proven minimum)."""
    @property
    def solutions(self) -> Optional[int]:
        """Press sets reaching the goal, exact (with `counts=True`)."""

@final
class Variant:
    """A member of the Lights Out family on one board size (the Flip Game by default): rows and
    cols 1 to 1024 each, 2 to 16 colours."""

    def __new__(
        cls,
        rows: int = 4,
        cols: int = 4,
        *,
        goal: str = "any",
        alphabet: Optional[str] = None,
        wrap: bool = False,
        toggle: Optional[str] = None,
        colours: int = 2,
    ) -> Variant: ...
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def goal(self) -> str: ...
    @property
    def colours(self) -> int: ...
    @property
    def wrap(self) -> bool: ...
    @property
    def toggle(self) -> str: ...
    @property
    def alphabet(self) -> str: ...
    @property
    def states(self) -> Optional[int]: ...
    def board(self, text: str) -> npt.NDArray[np.uint8]:
        """The colours of a board's text, shape (rows, cols)."""
    @overload
    def solve(self, boards: str, *, method: Method = "auto", counts: bool = False) -> Answer: ...
    @overload
    def solve(
        self, boards: list[str], *, method: Method = "auto", counts: bool = False
    ) -> list[Answer]: ...
    @overload
    def solve(
        self, boards: npt.ArrayLike, *, method: Method = "auto", counts: bool = False
    ) -> Union[Answer, list[Answer]]:
        """One Answer for one board, a list of them for many."""
    def table(self, *, max_cells: int = 32) -> npt.NDArray[np.uint8]:
        """The variant's distance table: K^(rows*cols) entries, 255 = impossible."""

@final
class TableMemory:
    """The memory a table array views (its `base`)."""

def flip(
    source: Union[Source, Sequence[str], None] = None,
    *,
    board: Union[str, Sequence[str], None] = None,
    size: Optional[Size] = None,
    goal: Optional[str] = None,
    alphabet: Optional[str] = None,
    wrap: bool = False,
    toggle: Optional[str] = None,
    colours: int = 2,
    hole: Optional[str] = None,
    buttons: Union["os.PathLike[str]", str, None] = None,
    broken: Optional[Sequence[tuple[int, int]]] = None,
    tatham: Optional[str] = None,
    path: bool = False,
    method: FlipMethod = "auto",
    search_bits: int = 24,
    max_setup: int = 60,
    max_table_cells: int = 25,
    shard: Optional[tuple[int, int]] = None,
    name: Optional[str] = None,
) -> list[BoardRecord]:
    """Every board of a file, text or board strings, or a Tatham game ID: one record per board,
    in input order, equal to the objects `flipblox flip --json` prints."""

def distance(board: str) -> Optional[int]:
    """The distance of a 4x4 Flip Game board: one lookup in the embedded table."""

def table() -> npt.NDArray[np.uint8]:
    """The embedded 4x4 Flip Game table, 65,536 entries, read-only."""

def load_table(
    path: "os.PathLike[str] | str", *, check: Literal["full", "payload", "header"] = "full"
) -> npt.NDArray[Any]:
    """A table file's entries, checked, copied (mapped above 256 MiB): uint8 (states,) or int32 (R, C, 3)."""

def solve(
    pack: Source,
    *,
    path: bool = False,
    analyse: bool = False,
    timings: bool = False,
    jobs: Optional[int] = None,
    input_format: InputFormat = "auto",
    max_memory: int = 2**31,
    name: Optional[str] = None,
    shard: Optional[tuple[int, int]] = None,
) -> list[LevelRecord]:
    """Every level of a Bloxorz pack: one record per level, in input order."""

def iter_solve(
    pack: Source,
    *,
    path: bool = False,
    analyse: bool = False,
    timings: bool = False,
    jobs: Optional[int] = None,
    input_format: InputFormat = "auto",
    max_memory: int = 2**31,
    name: Optional[str] = None,
    shard: Optional[tuple[int, int]] = None,
) -> Records:
    """The records of `solve`, yielded as the levels are solved."""

@final
class Records(Iterator[LevelRecord]):
    """The iterator of `iter_solve`."""

    def __iter__(self) -> Records: ...
    def __next__(self) -> LevelRecord: ...

def field(
    pack: Source,
    level: int = 1,
    *,
    from_start: bool = False,
    input_format: InputFormat = "auto",
    max_memory: int = 2**31,
    name: Optional[str] = None,
) -> npt.NDArray[np.int32]:
    """A level's distance field, int32 of shape (R, C, 3)."""
