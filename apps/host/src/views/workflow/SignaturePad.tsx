import { App, Button, Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { WF_NS } from './i18n';
import { SIGN_LINE_WIDTH, SIGN_PAD_HEIGHT } from './model';

/**
 * The handwritten signature pad (spec 2 §9: height 330, line width 5). Confirming an empty pad warns
 * 请签名; confirm hands back a PNG data URL.
 */
export function SignaturePad(props: { open: boolean; onCancel(): void; onConfirm(dataUrl: string): void }) {
  const { t } = useTranslation(WF_NS);
  const { message } = App.useApp();
  const ref = useRef<HTMLCanvasElement | null>(null);
  const drawn = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);

  const setup = (c: HTMLCanvasElement | null) => {
    ref.current = c;
    if (!c) return;
    const w = c.parentElement?.clientWidth || 520;
    if (c.width !== w) c.width = w;
    c.height = SIGN_PAD_HEIGHT;
  };
  useEffect(() => {
    if (props.open) drawn.current = false;
  }, [props.open]);

  const pos = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const line = (a: { x: number; y: number }, b: { x: number; y: number }) => {
    const ctx = ref.current?.getContext('2d');
    if (!ctx) return;
    ctx.lineWidth = SIGN_LINE_WIDTH;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#000';
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
    ctx.stroke();
  };
  const clear = () => {
    const c = ref.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    drawn.current = false;
  };

  return (
    <Modal
      open={props.open}
      title={t('dlg.signHere')}
      width={600}
      destroyOnHidden
      onCancel={props.onCancel}
      footer={[
        <Button key="clear" onClick={clear}>
          {t('btn.clearSign')}
        </Button>,
        <Button key="cancel" onClick={props.onCancel}>
          {t('btn.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          data-testid="wf-sign-confirm"
          onClick={() => {
            if (!drawn.current || !ref.current) {
              message.warning(t('msg.signRequired'));
              return;
            }
            props.onConfirm(ref.current.toDataURL('image/png'));
          }}
        >
          {t('btn.confirm')}
        </Button>,
      ]}
    >
      <div style={{ border: '1px dashed #bbb', height: SIGN_PAD_HEIGHT, touchAction: 'none' }}>
        <canvas
          ref={setup}
          data-testid="wf-sign-pad"
          style={{ display: 'block', cursor: 'crosshair' }}
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture?.(e.pointerId);
            last.current = pos(e);
          }}
          onPointerMove={(e) => {
            if (!last.current) return;
            const p = pos(e);
            line(last.current, p);
            last.current = p;
            drawn.current = true;
          }}
          onPointerUp={() => {
            last.current = null;
          }}
          onPointerLeave={() => {
            last.current = null;
          }}
        />
      </div>
    </Modal>
  );
}
