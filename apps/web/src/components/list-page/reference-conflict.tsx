import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Button, Modal, Space } from 'antd';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type ConflictChoice = 'overwrite' | 'recover' | 'cancel';
/** `removed`: the key belongs to a removed record; `stale`: the record changed since it was read. */
export type ConflictKind = 'removed' | 'stale';

/**
 * The reference-conflict warning (spec §2, §4): overwrite (resend with force), recover (the existing
 * values) or cancel. `ask` opens it and resolves with the choice.
 */
export function useReferenceConflict(): [(kind: ConflictKind) => Promise<ConflictChoice>, ReactNode] {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ConflictKind | null>(null);
  const resolver = useRef<((choice: ConflictChoice) => void) | null>(null);

  const ask = useCallback(
    (next: ConflictKind) =>
      new Promise<ConflictChoice>((resolve) => {
        resolver.current = resolve;
        setKind(next);
      }),
    [],
  );
  const choose = (choice: ConflictChoice) => {
    resolver.current?.(choice);
    resolver.current = null;
    setKind(null);
  };

  const element = (
    <Modal
      open={kind !== null}
      title={
        <Space>
          <ExclamationCircleOutlined style={{ color: '#faad14' }} />
          {t('conflict.title')}
        </Space>
      }
      onCancel={() => choose('cancel')}
      footer={
        <Space wrap className="ov-users__conflict-actions">
          <Button onClick={() => choose('cancel')} data-testid="conflict-cancel">
            {t('common.cancel')}
          </Button>
          <Button onClick={() => choose('recover')} data-testid="conflict-recover">
            {t(kind === 'stale' ? 'conflict.reload' : 'conflict.recover')}
          </Button>
          <Button type="primary" danger onClick={() => choose('overwrite')} data-testid="conflict-overwrite">
            {t('conflict.overwrite')}
          </Button>
        </Space>
      }
      data-testid="reference-conflict"
    >
      <p>{t(kind === 'stale' ? 'conflict.staleText' : 'conflict.removedText')}</p>
    </Modal>
  );
  return [ask, element];
}
