"""Type stubs of flipblox (the native module's functions, re-exported by the package)."""

import os
from typing import Iterator, Literal, Optional, Union

import numpy as np
import numpy.typing as npt

__version__: str

#: What the Bloxorz functions read: a path, or the text itself as str, or its bytes.
Source = Union["os.PathLike[str]", str, bytes, bytearray, memoryview]
InputFormat = Literal["auto", "pack", "flash", "drawing"]
#: A record of `solve`: the keys of `flipblox bloxorz --json` (docs/JSON.md).
Record = dict[str, object]

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
) -> list[Record]:
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

class Records(Iterator[Record]):
    """The iterator of `iter_solve`."""

    def __iter__(self) -> Records: ...
    def __next__(self) -> Record: ...

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
