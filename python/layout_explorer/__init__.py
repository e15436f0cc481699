"""layout_explorer: Layout Explorer's engine from Python.

Layouts with Gluon's names and keywords, Triton's LinearLayout API, and every analysis of the
command line returning records with the names of its --json (docs/python.md). Everything is
answered by the same engine and request layer as the window and ``layout-explorer``; pictures are
drawn by the same renderer.
"""

import sys as _sys


def _not_built_for_this_python(error: ImportError) -> ImportError:
    """The error an interpreter other than the one the extension was built for gets: which
    Python it was built for, and how to build it for this one."""
    try:
        from . import _build
    except ImportError:
        return error
    here = f"{_sys.version_info.major}.{_sys.version_info.minor}"
    if _build.python_version == here:
        return error
    return ImportError(
        f"layout_explorer {_build.version} was built for Python {_build.python_version} "
        f"({_build.soabi}); this is Python {here} ({_sys.executable}). Build it for this "
        f"interpreter: `pip install .` from the source folder with this interpreter, or CMake "
        f"with -DPython3_EXECUTABLE={_sys.executable}.")


try:
    from ._core import LayoutError, LinearLayout
except ImportError as _e:
    raise _not_built_for_this_python(_e) from _e

from ._errors import guard_methods as _guard_methods
_guard_methods(LinearLayout, "LinearLayout")

from ._build import version as __version__
from ._analyses import (analyze_kernel, bank_conflicts, bank_conflicts_many, compare, cta, diff,
                        ds_load_tr, explain, lds, partitions, suggest_cta, suggest_op,
                        suggest_shared)
from ._layouts import (AMDMFMALayout, AMDWMMALayout, BlockedLayout, DistributedLinearLayout,
                       DotOperandLayout, Layout, PaddedSharedLayout, PartitionedSharedLayout,
                       SharedLinearLayout, SliceLayout, SwizzledSharedLayout, TextLayout,
                       descriptor, layout, to_linear_layout, to_nvmma)
from ._nvidia import (NVMMADistributedLayout, NVMMASharedLayout, TensorMemoryLayout,
                      TensorMemoryScalesLayout, get_tmem_reg_layout)
from ._pictures import picture_options
from ._records import BankRecord, Record
from . import testing

__all__ = [
    "AMDMFMALayout", "AMDWMMALayout", "BankRecord", "BlockedLayout", "DistributedLinearLayout",
    "DotOperandLayout", "Layout", "LayoutError", "LinearLayout", "NVMMADistributedLayout",
    "NVMMASharedLayout", "PaddedSharedLayout", "TensorMemoryLayout", "TensorMemoryScalesLayout",
    "get_tmem_reg_layout",
    "PartitionedSharedLayout", "Record", "SharedLinearLayout", "SliceLayout",
    "SwizzledSharedLayout", "TextLayout", "analyze_kernel", "bank_conflicts", "picture_options",
    "bank_conflicts_many", "compare", "cta",
    "descriptor", "diff", "ds_load_tr", "explain", "layout", "lds", "partitions", "suggest_cta",
    "suggest_op", "suggest_shared", "testing", "to_linear_layout", "to_nvmma",
]
