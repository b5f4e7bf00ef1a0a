import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

/**
 * The title of a table's selection column (antd rowSelection.columnTitle): antd's own select-all checkbox,
 * kept out of the tab order where the table draws it a second time. A table with a horizontal scroll
 * measures its column widths in a zero-height row hidden from assistive technology (aria-hidden
 * .ant-table-measure-row) that holds a copy of every column title; a checkbox there could be focused
 * while it is hidden (axe-core: aria-hidden-focus). The copy is made inert; the header's checkbox is not.
 */
export const selectAllTitle = (checkbox: ReactNode) => <OutOfHiddenRows>{checkbox}</OutOfHiddenRows>;

function OutOfHiddenRows({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [hidden, setHidden] = useState(false);
  useLayoutEffect(() => {
    setHidden(!!ref.current?.closest('[aria-hidden="true"]'));
  }, []);
  return (
    <span ref={ref} inert={hidden}>
      {children}
    </span>
  );
}
