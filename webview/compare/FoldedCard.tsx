// A card whose body is built only once it is opened: a long secondary table (the repeated runs of 25 files are
// over a hundred rows) costs nothing on the panel's first paint.
import React, { useState } from 'react';

export function FoldedCard({
  title,
  summary,
  role,
  children,
}: {
  title: string;
  /** Said beside the title while folded, e.g. how many rows the body has. */
  summary: string;
  role: string;
  children: () => React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details className="cmp-card" data-role={role} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <h2>{title}</h2> <span className="muted small">{summary}</span>
      </summary>
      {open ? children() : null}
    </details>
  );
}
