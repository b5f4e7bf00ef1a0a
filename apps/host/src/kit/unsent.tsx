import { Alert, App, Button, Space } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../store/createStore';
import { sessionStore } from '../store/session';
import { dropUnsent, keepUnsent, mergeUnsent, readUnsent, type Unsent, unsentKey } from '../store/unsent';
import { formatTime } from '../util/date';
import './i18n';

/** Typing is kept this long after the last change (and at once when the dialog goes or the page is hidden). */
const KEEP_DELAY_MS = 400;
/** How often and how long to look for the form after `ready` when the host does not say (50 ms × 200 = 10 s). */
const MOUNT_POLL_MS = 50;
const MOUNT_TRIES = 200;

type Data = Record<string, unknown>;

const json = (v: unknown): string | null => {
  try {
    return JSON.stringify(v);
  } catch {
    return null;
  }
};

/**
 * Keeps what the signed-in user types into a dialog's form in this browser (store/unsent) until it is sent,
 * offers it back when the same user opens the same thing again (an ended session, a reload or a closed tab
 * loses nothing), and tells whether there is input not sent, so closing can ask first (`confirmClose`).
 *
 * `scope` names what is filled in (null: nothing is kept, e.g. a read-only form); `ready` says the form shows
 * its loaded data; `read`/`write` get and replace the form's data; `extra` is kept beside it and handed back to
 * `onRestore`. Call `onChange` on every change of the form and `settle` once it is sent.
 */
export function useUnsentInput(opts: {
  scope: string | null;
  ready: boolean;
  read(): Data | undefined;
  write(data: Data): void;
  extra?: Data;
  onRestore?(extra: Data | undefined): void;
}) {
  const userId = useStore(sessionStore, (s) => s.userInfo?.userId ?? '');
  const key = unsentKey(userId, opts.scope);
  const { ready } = opts;
  const { modal } = App.useApp();
  const { t } = useTranslation();
  // the latest callbacks, without re-running the effects below on every render
  const latest = useRef(opts);
  latest.current = opts;
  /** The form's data as loaded (and as JSON): input equal to it is nothing to keep. */
  const baseline = useRef<string | null>(null);
  const baseData = useRef<Data | undefined>(undefined);
  const [dirty, setDirty] = useState(false);
  const [offer, setOffer] = useState<Unsent | null>(null);
  const offered = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const keepNow = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = undefined;
    const data = latest.current.read();
    // an offered entry stays as it is until the user restores or discards it
    if (!key || !data || offered.current || baseline.current === null) return;
    if (json(data) === baseline.current) dropUnsent(key);
    else keepUnsent(key, { data, base: baseData.current, extra: latest.current.extra });
  }, [key]);

  // The form is ready: its data is the baseline; a kept entry that differs from it is offered back. It is
  // looked at at once (React runs this before it handles the next input event); a form that mounts later (a
  // dialog's content, a lazy part) is looked at when the host calls `formMounted` from its ref, and polled
  // for as a fallback.
  const look = useRef<() => void>(() => {});
  useEffect(() => {
    baseline.current = null;
    offered.current = false;
    setOffer(null);
    setDirty(false);
    if (!key || !ready) {
      look.current = () => {};
      return;
    }
    let id: ReturnType<typeof setTimeout> | undefined;
    let tries = 0;
    const capture = () => {
      if (baseline.current !== null) return true;
      const data = latest.current.read();
      if (!data) return false;
      baseline.current = json(data);
      baseData.current = data;
      const kept = readUnsent(key);
      if (kept && json(mergeUnsent(data, kept)) !== baseline.current) {
        offered.current = true;
        setOffer(kept);
      } else if (kept) dropUnsent(key);
      return true;
    };
    const poll = () => {
      if (!capture() && ++tries < MOUNT_TRIES) id = setTimeout(poll, MOUNT_POLL_MS);
    };
    look.current = () => {
      if (capture()) clearTimeout(id);
    };
    poll();
    return () => {
      clearTimeout(id);
      look.current = () => {};
    };
  }, [key, ready]);
  /** For the host's form ref: the form is there now (its data is the loaded one). */
  const formMounted = useCallback(() => look.current(), []);

  // What is still waiting is kept when the page is hidden (a reload, a closed tab) and when the dialog goes.
  useEffect(() => {
    if (!key) return;
    const flush = () => timer.current && keepNow();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [key, keepNow]);

  /** The form's onChange. */
  const onChange = useCallback(
    (data: Data) => {
      if (!key || baseline.current === null) return;
      setDirty(json(data) !== baseline.current);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(keepNow, KEEP_DELAY_MS);
    },
    [key, keepNow],
  );

  /** Sent (or closed on purpose): nothing is kept any more, and the current data is the new baseline. */
  const settle = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = undefined;
    offered.current = false;
    setOffer(null);
    setDirty(false);
    const data = latest.current.read();
    if (data) {
      baseline.current = json(data);
      baseData.current = data;
    }
    dropUnsent(key);
  }, [key]);

  const restore = useCallback(() => {
    if (!offer) return;
    offered.current = false;
    setOffer(null);
    latest.current.onRestore?.(offer.extra);
    // the user's own changes over today's data; the replace goes through onChange, so it is kept again
    latest.current.write(mergeUnsent(latest.current.read() ?? {}, offer));
    setDirty(true);
  }, [offer]);

  const discardOffer = useCallback(() => {
    offered.current = false;
    setOffer(null);
    dropUnsent(key);
    keepNow();
  }, [key, keepNow]);

  /**
   * Whether the dialog may close: with input not sent, asks first (discarding it then); with an offer not yet
   * taken up, closes and keeps the offer for next time.
   */
  const confirmClose = useCallback(async (): Promise<boolean> => {
    if (dirty) {
      const ok = await modal.confirm({
        title: t('kit.unsentCloseTitle'),
        content: t('kit.unsentCloseText'),
        okText: t('kit.unsentDiscard'),
        okButtonProps: { danger: true, 'data-testid': 'unsent-close-ok' } as never,
        cancelText: t('kit.unsentKeepEditing'),
      });
      if (!ok) return false;
      settle();
    } else if (!offer) settle();
    return true;
  }, [dirty, offer, modal, t, settle]);

  return { dirty, offer, onChange, settle, confirmClose, restore, discardOffer, formMounted };
}

/** The offer of kept input, above the dialog's form. */
export function UnsentOffer(props: { offer: Unsent | null; onRestore(): void; onDiscard(): void }) {
  const { t } = useTranslation();
  if (!props.offer) return null;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="unsent-offer"
      style={{ marginBottom: 12 }}
      title={t('kit.unsentFound', { time: formatTime(props.offer.savedAt) })}
      action={
        <Space wrap>
          <Button size="small" type="primary" data-testid="unsent-restore" onClick={props.onRestore}>
            {t('kit.unsentRestore')}
          </Button>
          <Button size="small" data-testid="unsent-discard" onClick={props.onDiscard}>
            {t('kit.unsentDiscard')}
          </Button>
        </Space>
      }
    />
  );
}
