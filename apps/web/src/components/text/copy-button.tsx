import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { Tooltip } from '../ui';
import './text.css';

/** Copies through the Clipboard API, or a selected hidden field where it is missing (plain HTTP). */
async function copyText(text: string) {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  document.execCommand('copy');
  field.remove();
}

export interface CopyButtonProps {
  /** What is copied. */
  text: string;
  /** The button's name and tooltip ("Copiar"). */
  label: string;
  /** Said and shown once copied ("Copiado"), for 3 seconds. */
  doneLabel: string;
}

/**
 * A small icon button after a text that copies it, as Ant Design's `Typography` `copyable` (its
 * tooltip, its check mark once copied), without the Typography chunk. Screen readers hear the result
 * through a status line.
 */
export function CopyButton({ text, label, doneLabel }: CopyButtonProps) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(false), 3000);
    return () => clearTimeout(timer);
  }, [done]);
  return (
    <>
      <Tooltip title={done ? doneLabel : label}>
        <button
          type="button"
          className={done ? 'ov-copy ov-copy--done' : 'ov-copy'}
          aria-label={label}
          onClick={() => {
            copyText(text).then(
              () => setDone(true),
              () => setDone(false),
            );
          }}
        >
          {done ? <CheckOutlined aria-hidden /> : <CopyOutlined aria-hidden />}
        </button>
      </Tooltip>
      <span role="status" className="ov-visually-hidden">
        {done ? doneLabel : ''}
      </span>
    </>
  );
}
