import './stack-table.css';
import type { ReactNode, TdHTMLAttributes } from 'react';

/**
 * The class of a table whose rows become stacked cards on a phone (below Bootstrap's `md`): put it
 * on the `<Table>` and build its body cells with `StackCell`.
 */
export const stackTableClass = 'stack-table';

/**
 * The class of a table whose header row stays in view under the portal's header while the page
 * scrolls (from `md` up; below, the header row is hidden by the stacking). The table must not sit
 * in a box that scrolls (`.table-responsive`), or the header sticks to that box instead.
 */
export const stickyHeadClass = 'table-sticky-head';

/**
 * Classes for a phone's cards: a row that belongs to the card above it (an expanded area), a cell
 * that leads its row (an icon), and two neighbouring cells with short values that share a line.
 */
export const stackTableAttached = 'stack-table-attached';
export const stackTableLead = 'stack-table-lead';
export const stackTableHalf = 'stack-table-half';

interface StackCellProps extends Omit<TdHTMLAttributes<HTMLTableCellElement>, 'children'> {
  /** The column's header text, shown above the value on a phone. */
  label: string;
  /** A row header (`<th scope="row">`) instead of a data cell. */
  header?: boolean;
  children: ReactNode;
}

/**
 * A body cell of a stack table: on a phone its column's label shows above its value (drawn from
 * `data-label`); its content sits in one block whatever elements the value holds.
 */
export function StackCell({ label, header = false, children, ...cell }: StackCellProps) {
  const content = <div className="stack-cell-value">{children}</div>;
  return header ? (
    <th scope="row" data-label={label} {...cell}>
      {content}
    </th>
  ) : (
    <td data-label={label} {...cell}>
      {content}
    </td>
  );
}
