import {
  DeleteOutlined,
  DownloadOutlined,
  EyeOutlined,
  PaperClipOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { App, Button, Progress, Space, Upload } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../store/createStore';
import { sessionStore } from '../../store/session';
import { type Attachment, checkAttachments, fileHref, formatSize, previewSet } from './model';
import { uploadChunked } from './upload';

const FilePreview = lazy(() => import('./FilePreview'));

/**
 * Attachment list: read-only (preview, download) or editable (chunk upload up to 99 of 500 MB, remove).
 * Previewing an image shows the list's other images with it unless `singleView` (spec 4 §2).
 */
export function Attachments({
  files,
  onChange,
  testId = 'attachments',
  singleView = false,
}: {
  files: Attachment[];
  onChange?: (files: Attachment[]) => void;
  testId?: string;
  singleView?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const token = useStore(sessionStore, (s) => s.token);
  const [preview, setPreview] = useState<Attachment[] | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const pick = async (adding: File[]) => {
    if (!adding.length || !onChange) return;
    const refusal = checkAttachments(files.length, adding);
    if (refusal) {
      message.error(t(refusal));
      return;
    }
    let next = files;
    try {
      for (const [i, f] of adding.entries()) {
        setProgress(0);
        const up = await uploadChunked(f, 'document', (p) =>
          setProgress(Math.round(((i + p) / adding.length) * 100)),
        );
        next = [...next, { name: up.name, fileId: up.fileId, url: up.url, size: up.size }];
        onChange(next);
      }
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setProgress(null);
    }
  };

  return (
    <div data-testid={testId}>
      {onChange && (
        <Space>
          {/* antd's Upload picks the files (one batch per choice: the limits check the whole batch);
              our chunked upload sends them, so Upload's own request and list stay off. */}
          <Upload
            multiple
            fileList={[]}
            showUploadList={false}
            disabled={progress !== null}
            beforeUpload={(file, batch) => {
              if (file === batch[0]) void pick(batch);
              return false;
            }}
            data-testid={`${testId}-input`}
          >
            <Button icon={<UploadOutlined />} loading={progress !== null}>
              {progress !== null ? t('oa.uploading') : t('oa.upload')}
            </Button>
          </Upload>
          {progress !== null && <Progress percent={progress} size="small" style={{ width: 160 }} />}
        </Space>
      )}
      <ul className="kp-files">
        {files.map((f) => (
          <li key={f.fileId || f.url}>
            <PaperClipOutlined /> <span className="kp-file-name">{f.name}</span>{' '}
            <small>{formatSize(f.size)}</small>
            <Button
              type="link"
              size="small"
              icon={<EyeOutlined />}
              onClick={() => setPreview(previewSet(f, files, singleView))}
            >
              {t('oa.preview')}
            </Button>
            <Button
              type="link"
              size="small"
              icon={<DownloadOutlined />}
              href={fileHref(f.url, token)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('oa.download')}
            </Button>
            {onChange && (
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('oa.delete')}
                onClick={() => onChange(files.filter((x) => x !== f))}
              />
            )}
          </li>
        ))}
      </ul>
      {preview && (
        <Suspense fallback={null}>
          <FilePreview files={preview} onClose={() => setPreview(null)} />
        </Suspense>
      )}
    </div>
  );
}
