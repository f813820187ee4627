import '../i18n';
import { CheckOutlined, CloseOutlined, KeyOutlined } from '@ant-design/icons';
import { ACCESS_REQUEST_STATUSES } from '@ov/domain/enums';
import { hasPermission, PERMISSIONS } from '@ov/domain/permissions';
import type { Filter } from '@ov/domain/validation/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, type MenuProps, Modal, Select, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Descriptions } from '../../../components/descriptions/descriptions';
import { ListPage } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/types';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { PATHS } from '../../../lib/urls';
import {
  ACCESS_REQUESTS_QUERY_KEY,
  acceptAccessRequest,
  accessRequestQuery,
  accessRequestsQuery,
  rejectAccessRequest,
} from '../api/access-requests';
import { AskAccessDialog } from '../components/ask-access-dialog';
import { RequestStatusTag } from '../components/request-status-tag';
import { roleLabel } from '../components/role-label';
import type { AccessRequest, Person } from '../types';
import './access-requests-page.css';
import { useLanguageForm } from '../../../components/form/use-language-form';
import '../../../components/text/text.css';

function PersonCell({ person }: { person: Person | null }) {
  if (!person) return <span>—</span>;
  return (
    <span className="ov-access__person">
      <strong className="ov-strong">{person.fullName || person.email}</strong>
      <span className="ov-text-secondary">{person.email}</span>
    </span>
  );
}

/**
 * Security › Access requests: administrators (USER:WRITE) see every request and accept (the role is
 * granted) or reject with a reason; other staff see their own and ask for a role ("Solicitar acceso").
 */
export default function AccessRequestsPage() {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const { access } = useCurrentUser();
  const canDecide = hasPermission(access.permissions, PERMISSIONS.USER_WRITE);
  const [status, setStatus] = useState<string>();
  const [asking, setAsking] = useState(false);
  const [rejecting, setRejecting] = useState<AccessRequest | null>(null);
  const [rejectForm] = useLanguageForm<{ reason: string }>();
  const filters = useMemo<Filter[]>(
    () => (status ? [{ type: 'TERM', field: 'status', value: status }] : []),
    [status],
  );

  const refresh = () => queryClient.invalidateQueries({ queryKey: ACCESS_REQUESTS_QUERY_KEY });
  const accept = useMutation({
    mutationFn: (id: string) => acceptAccessRequest(id),
    onSuccess: async () => {
      notify.success(t('access-requests.accepted'));
      await refresh();
    },
  });
  const reject = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => rejectAccessRequest(id, reason),
    onSuccess: async () => {
      notify.success(t('access-requests.rejected'));
      setRejecting(null);
      await refresh();
    },
  });

  const askAccept = (request: AccessRequest) =>
    modal.confirm({
      title: t('access-requests.acceptTitle'),
      content: t('access-requests.acceptText', {
        name: request.requester.fullName || request.requester.email,
        role: roleLabel(t, request.role.name),
      }),
      okText: t('access-requests.accept'),
      cancelText: t('common.cancel'),
      onOk: () => accept.mutateAsync(request._id),
    });

  const submitReject = async () => {
    if (!rejecting) return;
    try {
      const { reason } = await rejectForm.validateFields();
      reject.mutate({ id: rejecting._id, reason: reason.trim() });
    } catch {
      // Shown next to the field.
    }
  };

  const rowActions = (request: AccessRequest): NonNullable<MenuProps['items']> =>
    canDecide && request.status === 'PENDING'
      ? [
          {
            key: 'accept',
            icon: <CheckOutlined />,
            label: t('access-requests.accept'),
            onClick: () => askAccept(request),
          },
          {
            key: 'reject',
            icon: <CloseOutlined />,
            label: t('access-requests.reject'),
            danger: true,
            onClick: () => setRejecting(request),
          },
        ]
      : [];

  const columns: ListColumn<AccessRequest>[] = [
    {
      key: 'requester',
      title: t('access-requests.fields.requester'),
      render: (_value, request) => <PersonCell person={request.requester} />,
    },
    {
      key: 'role',
      title: t('access-requests.fields.role'),
      render: (_value, request) => roleLabel(t, request.role.name),
    },
    {
      key: 'justification',
      responsive: ['lg'],
      title: t('access-requests.fields.justification'),
      dataIndex: 'justification',
      render: (value) => (
        <Tooltip title={String(value)}>
          <p className="ov-access__text ov-clamp-2">{String(value)}</p>
        </Tooltip>
      ),
    },
    {
      key: 'status',
      title: t('access-requests.fields.status'),
      dataIndex: 'status',
      render: (value) => <RequestStatusTag status={String(value)} />,
    },
    {
      key: 'createdAt',
      responsive: ['lg'],
      title: t('access-requests.fields.createdAt'),
      dataIndex: 'createdAt',
      sortField: 'createdAt',
      render: (value) => formatDateTime(value as string, i18n.language),
    },
    {
      key: 'decidedBy',
      responsive: ['lg'],
      title: t('access-requests.fields.decidedBy'),
      defaultHidden: true,
      render: (_value, request) => <PersonCell person={request.decidedBy} />,
    },
  ];

  return (
    <>
      <ListPage<AccessRequest>
        tableId="access-requests"
        title={t('menu.accessRequests')}
        basePath={PATHS.accessRequests}
        queryKeyPrefix={ACCESS_REQUESTS_QUERY_KEY}
        query={accessRequestsQuery}
        columns={columns}
        rowKey={(request) => request._id}
        filters={filters}
        searchPlaceholder={t('access-requests.searchPlaceholder')}
        filtersSlot={
          <Select
            allowClear
            placeholder={t('access-requests.fields.status')}
            value={status}
            onChange={setStatus}
            className="ov-list__filter"
            options={ACCESS_REQUEST_STATUSES.map((value) => ({
              value,
              label: t(`access-requests.status.${value}`),
            }))}
            data-testid="filter-status"
          />
        }
        headerActions={
          <Button icon={<KeyOutlined />} onClick={() => setAsking(true)} data-testid="ask-access">
            {t('access-requests.ask.open')}
          </Button>
        }
        rowActions={rowActions}
        detail={{
          title: () => t('access-requests.detailTitle'),
          getOne: accessRequestQuery,
          renderView: (request) => (
            <Descriptions column={1} bordered size="middle" data-testid="access-request-view">
              <Descriptions.Item label={t('access-requests.fields.requester')}>
                <PersonCell person={request.requester} />
              </Descriptions.Item>
              <Descriptions.Item label={t('access-requests.fields.role')}>
                {roleLabel(t, request.role.name)}
              </Descriptions.Item>
              <Descriptions.Item label={t('access-requests.fields.justification')}>
                {request.justification}
              </Descriptions.Item>
              <Descriptions.Item label={t('access-requests.fields.status')}>
                <RequestStatusTag status={request.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('access-requests.fields.createdAt')}>
                {formatDateTime(request.createdAt, i18n.language)}
              </Descriptions.Item>
              {request.decidedBy ? (
                <Descriptions.Item label={t('access-requests.fields.decidedBy')}>
                  <PersonCell person={request.decidedBy} />
                </Descriptions.Item>
              ) : null}
              {request.decidedAt ? (
                <Descriptions.Item label={t('access-requests.fields.decidedAt')}>
                  {formatDateTime(request.decidedAt, i18n.language)}
                </Descriptions.Item>
              ) : null}
              {request.reason ? (
                <Descriptions.Item label={t('access-requests.fields.reason')}>
                  {request.reason}
                </Descriptions.Item>
              ) : null}
            </Descriptions>
          ),
          viewActions: (request) =>
            canDecide && request.status === 'PENDING' ? (
              <>
                <Button danger icon={<CloseOutlined />} onClick={() => setRejecting(request)}>
                  {t('access-requests.reject')}
                </Button>
                <Button type="primary" icon={<CheckOutlined />} onClick={() => askAccept(request)}>
                  {t('access-requests.accept')}
                </Button>
              </>
            ) : null,
        }}
      />
      <AskAccessDialog open={asking} onClose={() => setAsking(false)} />
      <Modal
        open={rejecting !== null}
        title={t('access-requests.rejectTitle')}
        okText={t('access-requests.reject')}
        okButtonProps={{ danger: true }}
        cancelText={t('common.cancel')}
        onOk={submitReject}
        onCancel={() => setRejecting(null)}
        confirmLoading={reject.isPending}
        destroyOnHidden
        data-testid="reject-dialog"
      >
        <Form form={rejectForm} layout="vertical" preserve={false}>
          <Form.Item
            name="reason"
            label={t('access-requests.fields.reason')}
            rules={[
              { required: true, whitespace: true, message: t('access-requests.validation.required') },
              { min: 2, max: 500, message: t('access-requests.validation.reason') },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} showCount maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
