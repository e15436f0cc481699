"""layout_explorer: Layout Explorer's engine from Python.

Layouts with Gluon's names and keywords, Triton's LinearLayout API, and every analysis of the
command line returning records with the names of its --json (docs/python.md). Everything is
answered by the same engine and request layer as the window and ``layout-explorer``; pictures are
drawn by the same renderer.
"""

from ._core import LayoutError, LinearLayout, version as __version__
from ._analyses import (analyze_kernel, bank_conflicts, compare, cta, diff, ds_load_tr, explain,
                        lds, partitions, suggest_cta, suggest_op, suggest_shared)
from ._layouts import (AMDMFMALayout, AMDWMMALayout, BlockedLayout, DistributedLinearLayout,
                       DotOperandLayout, Layout, PaddedSharedLayout, PartitionedSharedLayout,
                       SharedLinearLayout, SliceLayout, SwizzledSharedLayout, TextLayout, layout,
                       to_linear_layout)
from ._records import Record
from . import testing

__all__ = [
    "AMDMFMALayout", "AMDWMMALayout", "BlockedLayout", "DistributedLinearLayout",
    "DotOperandLayout", "Layout", "LayoutError", "LinearLayout", "PaddedSharedLayout",
    "PartitionedSharedLayout", "Record", "SharedLinearLayout", "SliceLayout",
    "SwizzledSharedLayout", "TextLayout", "analyze_kernel", "bank_conflicts", "compare", "cta",
    "diff",
    "ds_load_tr", "explain", "layout", "lds", "partitions", "suggest_cta", "suggest_op",
    "suggest_shared",
    "testing", "to_linear_layout",
]
