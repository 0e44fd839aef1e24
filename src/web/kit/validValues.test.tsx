import { Form, Input, type FormInstance } from '@arco-design/web-react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { validValues } from './validValues';

function renderForm(): FormInstance<{ name: string }> {
  let instance: FormInstance<{ name: string }> | undefined;
  function Named() {
    const [form] = Form.useForm<{ name: string }>();
    instance = form;
    return (
      <Form form={form}>
        <Form.Item field="name" label="Name" rules={[{ required: true }]}><Input /></Form.Item>
      </Form>
    );
  }
  render(<Named />);
  return instance!;
}

describe('validValues', () => {
  it('answers the values of a valid form, and null for an invalid one (Arco marks the field)', async () => {
    const form = renderForm();
    expect(await validValues(form)).toBeNull();
    form.setFieldValue('name', 'Roadking');
    expect(await validValues(form)).toEqual({ name: 'Roadking' });
  });

  it('throws on anything else validate() throws: a programming error is not an invalid field', async () => {
    const broken = { validate: () => Promise.reject(new TypeError('x is undefined')) } as unknown as FormInstance<{ name: string }>;
    await expect(validValues(broken)).rejects.toThrow(TypeError);
  });
});
