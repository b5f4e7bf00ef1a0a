import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useEffect, useRef } from 'react';
import { safeHtml } from './model';

/**
 * A small rich-text editor (contentEditable with bold, italic, underline and lists). What it reads and
 * writes is sanitised with DOMPurify; the server sanitises again on the way in.
 */
export function RichEditor({ value, onChange }: { value: string; onChange: (html: string) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (box.current && value !== last.current) {
      box.current.innerHTML = safeHtml(value);
      last.current = value;
    }
  }, [value]);
  const emit = () => {
    const html = safeHtml(box.current?.innerHTML ?? '');
    last.current = html;
    onChange(html);
  };
  const cmd = (c: string) => {
    box.current?.focus();
    document.execCommand(c);
    emit();
  };
  return (
    <div className="kp-rich">
      <Space size={2} className="kp-rich-bar">
        <Button
          size="small"
          type="text"
          icon={<BoldOutlined />}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => cmd('bold')}
        />
        <Button
          size="small"
          type="text"
          icon={<ItalicOutlined />}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => cmd('italic')}
        />
        <Button
          size="small"
          type="text"
          icon={<UnderlineOutlined />}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => cmd('underline')}
        />
        <Button
          size="small"
          type="text"
          icon={<OrderedListOutlined />}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => cmd('insertOrderedList')}
        />
        <Button
          size="small"
          type="text"
          icon={<UnorderedListOutlined />}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => cmd('insertUnorderedList')}
        />
      </Space>
      {/* biome-ignore lint/a11y/useSemanticElements: a contentEditable box is the editor */}
      <div
        ref={box}
        className="kp-rich-box"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        tabIndex={0}
        aria-multiline="true"
        onInput={emit}
        onBlur={emit}
        data-testid="rich-editor"
      />
    </div>
  );
}
