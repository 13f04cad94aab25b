import { Button, Card, Form, Input, Typography } from 'antd';

interface Values {
  email: string;
  password: string;
}

/**
 * The same sign-in form as the console (docs/screens.md#sign-in and shared/src/rules, login form): title,
 * subtitle, email and password with the same messages, a 'Sign In' button. Plain antd, nothing else.
 */
export function SignIn() {
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        background: '#f4f6fb',
        padding: 24,
      }}
    >
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Title level={2}>Welcome Back!</Typography.Title>
        <Typography.Paragraph type="secondary">
          Please sign in to your admin account to continue
        </Typography.Paragraph>
        <Form<Values> layout="vertical" requiredMark={false} onFinish={() => undefined}>
          <Form.Item
            label="Email"
            name="email"
            rules={[
              { required: true, whitespace: true, message: 'Email is required' },
              { type: 'email', message: 'Invalid email format' },
            ]}
          >
            <Input size="large" type="email" autoComplete="username" placeholder="admin@example.com" />
          </Form.Item>
          <Form.Item
            label="Password"
            name="password"
            rules={[
              { required: true, message: 'Password is required' },
              { min: 6, message: 'Password must be at least 6 characters' },
            ]}
          >
            <Input.Password size="large" autoComplete="current-password" placeholder="Your password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block>
            Sign In
          </Button>
        </Form>
      </Card>
    </div>
  );
}
