#pragma once

// Ctrl+Z in a dock's text field. A QLineEdit claims the undo and redo shortcuts for its own
// typing history, so once Enter has applied an edit to the document, Ctrl+Z in the same field
// did nothing visible. routeUndoToDocument lets the window's undo stack win whenever the field
// holds no unapplied typing (its text is what the document shows), and leaves the field's own
// undo to typing that has not been applied yet.

class QLineEdit;

namespace lx {

// Installs the routing on `edit` (owned by `edit`). Call after creating the field.
void routeUndoToDocument(QLineEdit *edit);

} // namespace lx
