import { Button, List, Progress, Space } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useRender } from '../form/context';
import { prop, text } from '../form/fieldUtil';
import { checkFile } from '../upload/limits';
import { type UploadedFileValue, type UploadItem, UploadQueue } from '../upload/uploadQueue';
import type { WidgetProps } from './types';

/** A stored file's address if it is a path of this site or an http(s) address; anything else (javascript:) is dropped. */
const webAddress = (url: unknown): string | undefined =>
  typeof url === 'string' && /^(\/(?!\/)|https?:\/\/)/i.test(url) ? url : undefined;

/**
 * File and image uploaders (uploadFz, uploadImg): a choose-file button and a list of progress items. Each
 * file is checked against the field's limits first (count, size in KB/MB/GB, accepted types: messages from
 * the upload check), then goes through the chunked upload queue with pause, resume, retry and remove.
 */
export function UploaderWidget({ field, value, onChange, disabled }: WidgetProps) {
  const { providers, t, message, language } = useRender();
  const isImage = field.__config__.jnpfKey === 'uploadImg';
  const shown = (url: unknown) => {
    const u = webAddress(url);
    return u && providers.upload.src ? providers.upload.src(u) : u;
  };
  const files = useMemo(() => (Array.isArray(value) ? (value as UploadedFileValue[]) : []), [value]);
  const [items, setItems] = useState<UploadItem[]>([]);
  const inputRef = useRef<HTMLInputElement>(null);
  const filesRef = useRef(files);
  filesRef.current = files;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: one queue per field instance (texts read at creation)
  const queue = useMemo(
    () =>
      new UploadQueue({
        upload: providers.upload,
        // checked kinds (server files/policy.ts): a form's uploads open for the form's readers only
        fileType: isImage ? 'formpic' : 'form',
        onItems: setItems,
        onSuccess: (item, v) => {
          onChangeRef.current([...filesRef.current, v]);
          setTimeout(() => queue.remove(item.uid), 0);
        },
        onMessage: (m, kind) => message(m, kind),
        texts: { readError: (name) => t('readError', { name }), uploadFailed: t('uploadFailed') },
      }),
    [providers, field],
  );
  useEffect(() => () => setItems([]), []);

  const pick = (list: FileList | null) => {
    if (!list) return;
    let count = files.length + items.length;
    for (const file of Array.from(list)) {
      const refusal = checkFile(file, {
        kind: isImage ? 'image' : 'file',
        limit: prop<number>(field, 'limit'),
        count,
        fileSize: prop<number>(field, 'fileSize'),
        sizeUnit: prop<string>(field, 'sizeUnit'),
        accept: prop<string>(field, 'accept'),
        lang: language,
      });
      if (refusal) {
        message(refusal, 'error');
        continue;
      }
      count++;
      void queue.add(file);
    }
  };

  return (
    <div className="kp-uploader">
      {!disabled && (
        <>
          <input
            ref={inputRef}
            type="file"
            multiple
            hidden
            style={{ display: 'none' }}
            data-testid={`upload-input-${field.__vModel__ ?? ''}`}
            accept={isImage ? 'image/*' : prop<string>(field, 'accept')}
            onChange={(e) => {
              pick(e.target.files);
              e.target.value = '';
            }}
          />
          <Button onClick={() => inputRef.current?.click()}>
            {text(prop(field, 'buttonText'), language) || (isImage ? t('uploadImage') : t('upload'))}
          </Button>
        </>
      )}
      <List
        size="small"
        dataSource={files}
        locale={{ emptyText: ' ' }}
        renderItem={(f, i) => (
          <List.Item
            actions={
              disabled
                ? []
                : [
                    <Button
                      key="rm"
                      size="small"
                      type="link"
                      onClick={() => onChange(files.filter((_, j) => j !== i))}
                    >
                      {t('remove')}
                    </Button>,
                  ]
            }
          >
            {isImage ? (
              <img src={shown(f.url)} alt={f.name} style={{ maxHeight: 60 }} />
            ) : (
              <a href={shown(f.url)}>{f.name}</a>
            )}
          </List.Item>
        )}
      />
      {items.map((it) => (
        <div key={it.uid} className={`kp-upload-item kp-upload-${it.state}`} data-state={it.state}>
          <Space>
            <span>{it.name}</span>
            <span className="kp-upload-state">{t(`state_${it.state}`)}</span>
            {it.state === 'uploading' && (
              <Button size="small" type="link" onClick={() => queue.pause(it.uid)}>
                {t('pause')}
              </Button>
            )}
            {it.state === 'paused' && (
              <Button size="small" type="link" onClick={() => void queue.resume(it.uid)}>
                {t('resume')}
              </Button>
            )}
            {it.state === 'error' && (
              <Button size="small" type="link" onClick={() => void queue.retry(it.uid)}>
                {t('retry')}
              </Button>
            )}
            <Button size="small" type="link" onClick={() => queue.remove(it.uid)}>
              {t('remove')}
            </Button>
          </Space>
          <Progress
            percent={it.progress}
            size="small"
            status={it.state === 'error' ? 'exception' : undefined}
          />
        </div>
      ))}
    </div>
  );
}
