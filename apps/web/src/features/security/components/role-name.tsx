import { CrownOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { roleLabel } from '../../../lib/role-label';
import '../../../components/text/text.css';

export { roleLabel };

/** A role code that may break only after its underscores (never mid-word) in a narrow column. */
function RoleCode({ name }: { name: string }) {
  const parts = name.split('_');
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one code, in a fixed order
        <span key={index}>
          {part}
          {index < parts.length - 1 ? (
            <>
              _<wbr />
            </>
          ) : null}
        </span>
      ))}
    </>
  );
}

/** The translated name, the raw key under it when they differ; SUPER_ADMIN highlighted. */
export function RoleName({ name, superAdmin }: { name: string; superAdmin: boolean }) {
  const { t } = useTranslation();
  const label = roleLabel(t, name);
  return (
    <span className="ov-security__role-name">
      {superAdmin ? (
        <Tag color="gold" icon={<CrownOutlined />} className="ov-security__super">
          {label}
        </Tag>
      ) : (
        <strong className="ov-strong">{label}</strong>
      )}
      {label !== name ? (
        <span className="ov-text-secondary ov-security__role-key">
          <RoleCode name={name} />
        </span>
      ) : null}
    </span>
  );
}
