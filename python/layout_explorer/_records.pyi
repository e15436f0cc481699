"""Type stubs of the records (_records.py): a command's --json object read in place."""

from collections.abc import Mapping
from typing import Any, Callable, Iterator, List, Optional, Union

from . import _core

class Record(Mapping[str, Any]):
    """A read-only mapping of one --json object; keys also read as attributes."""
    def __init__(self, fields: Union[_core.Json, dict, "Record"],
                 picture: Optional[Callable[..., None]] = None) -> None: ...
    def __getitem__(self, key: str) -> Any: ...
    def __iter__(self) -> Iterator[str]: ...
    def __len__(self) -> int: ...
    def __getattr__(self, name: str) -> Any: ...
    def to_dict(self) -> dict:
        """The object as plain dicts and lists, equal to the command's --json."""
    def render(self, path: Any, view: Optional[str] = None, colour_by: Optional[str] = None,
               fit: Any = None, **options: Any) -> None: ...

class BankRecord(Record):
    """One access's bank conflicts (analyze banks --json). Cycles count LDS clock cycles of one
    wave; n-way is the most distinct dwords one bank serves in one phase."""
    arch: str
    source: str
    dtype: str
    instruction: str
    instructionForced: bool
    banks: int
    bankWidthBytes: int
    elementBits: int
    vectorElements: int
    maxVectorElements: int
    # The whole access, every instruction of the wave (totals.cyclesPerWave, ...).
    cycles: int
    idealCycles: int
    extraCycles: int
    modelCycles: int
    maxWays: int
    # The worst single instruction's maxWays, cycles, idealCycles, extraCycles, modelCycles, phases.
    worst: Record
    totals: Record
    instructions: List[Record]
    phases: List[Record]
    figures: List[Record]
    tritonExtraWavefronts: Optional[int]
    transposedLoad: Optional[Record]

def wrap(value: Any) -> Any: ...
