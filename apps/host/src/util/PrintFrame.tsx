import type { Ref } from 'react';

/**
 * A filled print template shown in a sandboxed frame (no scripts run; print() prints only the frame),
 * full height of the print preview dialog. Used by the workflow and online-development print previews.
 */
export function PrintFrame(props: {
  html: string;
  title: string;
  testId: string;
  ref?: Ref<HTMLIFrameElement>;
}) {
  return (
    <iframe
      ref={props.ref}
      title={props.title}
      data-testid={props.testId}
      sandbox="allow-same-origin allow-modals"
      srcDoc={`<!doctype html><html><head><meta charset="utf-8"></head><body>${props.html}</body></html>`}
      style={{ width: '100%', height: 'calc(100vh - 180px)', border: 0 }}
    />
  );
}
