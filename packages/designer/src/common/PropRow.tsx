import { AutoComplete, Cascader, Input, InputNumber, Select, Slider, Switch, TreeSelect } from 'antd';
import { cloneElement, isValidElement, type ReactNode } from 'react';

/** The antd controls a row names with its label (each passes aria-label on to its focusable element). */
const NAMED: unknown[] = [
  Input,
  Input.TextArea,
  Input.Password,
  InputNumber,
  Select,
  Switch,
  TreeSelect,
  AutoComplete,
  Cascader,
];

/**
 * A labelled row of a property panel (the form designer's panel and the flow designer's node drawer). The
 * label is text above the control, so a row whose child is one antd control (or one of two, chosen by a
 * condition) gives that control the label as its accessible name (aria-label; a slider's handle through
 * ariaLabelForHandle), unless the control is named already. Rows holding several controls name them
 * themselves.
 */
export function PropRow({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="kp-prop" data-testid={testId} style={{ marginBottom: 10 }}>
      <div style={{ fontSize: 12, color: '#555', marginBottom: 2 }}>{label}</div>
      {named(children, label)}
    </div>
  );
}

/** `children` with its one control named `label` where it has no name of its own. */
function named(children: ReactNode, label: string): ReactNode {
  if (!isValidElement<Record<string, unknown>>(children) || !label) return children;
  const p = children.props;
  if (p['aria-label'] || p['aria-labelledby']) return children;
  if (children.type === Slider)
    return p.ariaLabelForHandle || p.ariaLabelledByForHandle
      ? children
      : cloneElement(children, { ariaLabelForHandle: label });
  return NAMED.includes(children.type) ? cloneElement(children, { 'aria-label': label }) : children;
}
