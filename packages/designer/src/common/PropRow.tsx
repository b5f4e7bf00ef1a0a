import type { ReactNode } from 'react';

/** A labelled row of a property panel (the form designer's panel and the flow designer's node drawer). */
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
      {children}
    </div>
  );
}
