import type { AdminSummary } from '@backoffice/shared/contract';
import * as endpoints from '@backoffice/shared/endpoints';
import { Alert, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useNotifiedAction } from '../../components/useNotifiedAction.ts';
import { http } from '../../http/services.ts';
import { notify } from '../../notify.ts';
import { ROLE_OPTIONS } from './roles.ts';

const rolesRule = {
  required: true,
  type: 'array' as const,
  min: 1,
  message: 'At least one role is required',
};

/** 'Create admin': email, name and roles; then the one-time password, shown once. */
export function CreateAdminDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(): void;
}) {
  const [form] = Form.useForm<{ email: string; name: string; roles: string[] }>();
  const { busy, run } = useNotifiedAction();
  const [created, setCreated] = useState<{ name: string; password: string } | null>(null);

  const submit = (values: { email: string; name: string; roles: string[] }) =>
    run(async () => {
      const answer = await http.call(endpoints.adminsCreate, { body: values as never });
      setCreated({ name: answer.data.admin.name, password: answer.data.oneTimePassword });
      onCreated();
    }, 'Failed to create admin');

  const close = () => {
    form.resetFields();
    setCreated(null);
    onClose();
  };

  if (created) {
    return (
      <Modal
        open={open}
        title="Admin created"
        onCancel={close}
        onOk={close}
        okText="Done"
        cancelButtonProps={{ hidden: true }}
      >
        <p>
          Give this one-time password to {created.name}. It is shown only once; they must change it at their
          first sign-in.
        </p>
        <Typography.Paragraph copyable={{ text: created.password }} code aria-label="One-time password">
          {created.password}
        </Typography.Paragraph>
      </Modal>
    );
  }
  return (
    <Modal
      open={open}
      title="Create admin"
      okText={busy ? 'Creating...' : 'Create admin'}
      okButtonProps={{ loading: busy, htmlType: 'submit', form: 'create-admin' }}
      onCancel={close}
      destroyOnHidden
    >
      <Form form={form} id="create-admin" layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          label="Email"
          name="email"
          rules={[
            { required: true, message: 'Email is required' },
            { type: 'email', message: 'Invalid email format' },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Name"
          name="name"
          rules={[{ required: true, whitespace: true, message: 'Name is required' }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Roles" name="roles" rules={[rolesRule]}>
          <Checkbox.Group options={ROLE_OPTIONS} className="shell-admins__roles" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 'Change roles' of one admin. */
export function RolesDialog({
  admin,
  onClose,
  onSaved,
}: {
  admin: AdminSummary | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { busy, run } = useNotifiedAction();
  const submit = (values: { roles: string[] }) =>
    run(async () => {
      await http.call(endpoints.adminsSetRoles, { params: { id: admin!.id }, body: values as never });
      notify.success(`Roles of ${admin!.name} updated`);
      onSaved();
      onClose();
    }, 'Failed to update roles');
  return (
    <Modal
      open={admin !== null}
      title={admin ? `Roles of ${admin.name}` : ''}
      okText={busy ? 'Saving...' : 'Save roles'}
      okButtonProps={{ loading: busy, htmlType: 'submit', form: 'admin-roles' }}
      onCancel={onClose}
      destroyOnHidden
    >
      {admin && (
        <Form id="admin-roles" layout="vertical" initialValues={{ roles: admin.roles }} onFinish={submit}>
          <Alert
            type="info"
            showIcon
            title="A change applies to the admin's next request."
            className="shell-admins__note"
          />
          <Form.Item label="Roles" name="roles" rules={[rolesRule]}>
            <Checkbox.Group options={ROLE_OPTIONS} className="shell-admins__roles" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
